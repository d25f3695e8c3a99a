"""The cost bound (`mjc.compiler.check.cost`, E0415): what scoring one hand may cost.

The bundled rulebooks stay far below every bound; an expression is refused one step past
`MAX_STEPS`, a number one past `MAX_VALUE`; a `per` count multiplies (cheap) in a tier that
adds and is a power in a tier that multiplies; the tables of what a word can be cover the
whole language. The golden files `tests/diagnostics/E0415_*` show the messages; the fuzz
tests (`tests/fuzz/test_fuzz_costs.py`) check the bound against real scoring.
"""

from __future__ import annotations

import pytest

from mjc.compiler import driver, ir
from mjc.compiler.check.cost import (
    MAX_RULEBOOK_STEPS,
    MAX_STEPS,
    MAX_VALUE,
    SIZES,
    Cost,
    rulebook_cost,
)
from mjc.compiler.diagnostics import codes
from mjc.compiler.driver import compile_source
from mjc.compiler.ir.costs import Model
from mjc.compiler.language.types import BOOL, INT, ListType
from mjc.compiler.language.vocabulary import (
    ARRANGEMENT_FACTS,
    FUNCTIONS,
    HAND_FACTS,
    MELD_ATTRIBUTES,
    ROUND_FACTS,
    SITUATION_FACTS,
    TILE_ATTRIBUTES,
)
from mjc.compiler.loader import bundled_rulebooks
from mjc.compiler.syntax.sources import rulebook_text

HEAD = """rulebook mini { title "迷你" }
players 4
tiles { characters copies 4 dots copies 4 bamboo copies 4 winds copies 4 dragons copies 4
  total 136 }
shapes { standard }
option n "数": number 1..999999999 = 1
scoring { unit "番" tier base "番" add tier doubles "翻" multiply <scoring> }
fan chicken "鸡胡" { value 1 }
"""


def codes_of(fans: str, scoring: str = "") -> list[str]:
    compilation = compile_source(HEAD.replace("<scoring>", scoring) + fans, "cost.mjr")
    return [d.code for d in compilation.diagnostics]


def cost_of(text: str, file: str) -> Cost:
    decls, problems = driver._declarations(rulebook_text(text), file, None, {}, stack=())
    assert decls is not None, problems
    return rulebook_cost(decls, driver._type_expressions(decls))


# ------------------------------------------------------------------------------ the bounds


@pytest.mark.parametrize("name", sorted(bundled_rulebooks()))
def test_the_bundled_rulebooks_stay_far_below_every_bound(name: str) -> None:
    path = bundled_rulebooks()[name]
    cost = cost_of(path.read_text(encoding="utf-8"), f"rulebooks/{path.name}")
    assert cost.costliest * 50 <= MAX_STEPS
    assert cost.steps * 40 <= MAX_RULEBOOK_STEPS
    assert cost.largest * 10_000 <= MAX_VALUE


def test_a_range_quantifier_is_refused_one_step_past_the_bound() -> None:
    # `count r in 1..N: r == 3` takes 1 + N * (3 + 1) steps
    fan = 'fan f "番" {{ value 1 when (count r in 1..{}: r == 3) > 0 }}'
    assert 1 + 24_999 * 4 <= MAX_STEPS < 1 + 25_000 * 4
    assert codes_of(fan.format(24_999)) == []
    assert codes_of(fan.format(25_000)) == ["E0415"]


def test_nested_quantifiers_multiply_their_domains() -> None:
    three = "all a in tiles: all b in tiles: any c in tiles: a == b and b == c"
    assert codes_of(f'fan f "番" {{ value 1 when {three} }}') == []  # 18 ** 3 items
    four = "all a in tiles: all b in tiles: all c in tiles: any d in tiles: a == d"
    assert codes_of(f'fan f "番" {{ value 1 when {four} }}') == ["E0415"]  # 18 ** 4


def test_a_membership_in_a_range_costs_the_range() -> None:
    assert codes_of('fan f "番" { value 1 when pair.rank in 1..9 }') == []
    assert codes_of('fan f "番" { value 1 when pair.rank in 1..999999 }') == ["E0415"]


def test_a_per_count_multiplies_in_a_tier_that_adds() -> None:
    """Cheap, however absurd: the count multiplies the value, it is no loop."""
    assert codes_of('fan f "番" { value 2 per 99999999 * len(tiles) }') == []
    assert codes_of('fan f "番" { value 999999999 per 999999999 }') == []  # under 10**18
    assert codes_of('fan f "番" { value 999999999 per 999999999 * 2 }') == ["E0415"]


def test_a_per_count_is_a_power_in_a_tier_that_multiplies() -> None:
    fan = 'fan f "番" {{ value {} tier doubles per count m in melds: m.is_pung }}'
    assert 31_622**4 <= MAX_VALUE < 31_623**4  # four melds at most
    assert codes_of(fan.format(31_622)) == []
    assert codes_of(fan.format(31_623)) == ["E0415"]
    huge = 'fan f "番" { value 2 tier doubles per 99999999 * len(tiles) }'
    assert codes_of(huge) == ["E0415"]


def test_a_fan_that_does_not_count_leaves_a_multiplying_tier_as_it_is() -> None:
    """Its worth 0 is no factor of the bound: the tier multiplies the fans that count."""
    fans = (
        'fan f "番" { value 8 tier doubles per count m in melds: m.is_pung }\n'
        'fan z "零" { value 0 tier doubles }\n'
        'fan t "二" { value 2 tier doubles }\n'
    )
    cost = cost_of(HEAD.replace("<scoring>", "") + fans, "cost.mjr")
    assert cost.largest >= 8**4 * 2


def test_kinds_held_k_times_are_counted_as_at_most_the_tiles_over_k() -> None:
    """根: `count t in tile_kinds: copies(t) == 4` is 4 at most in a hand of 18, not 34."""
    fan = 'fan f "根" {{ value {} tier doubles per count t in tile_kinds: copies(t) == 4 }}'
    assert 31_622**4 <= MAX_VALUE < 31_623**4
    assert codes_of(fan.format(31_622)) == []
    assert codes_of(fan.format(31_623)) == ["E0415"]
    # a list that may repeat a kind is no list of kinds: each tile counts
    repeated = 'fan f "根" { value 16 tier doubles per count t in tiles: copies(t) == 4 }'
    assert codes_of(repeated) == ["E0415"]


def test_fans_that_replace_one_another_are_one_factor_of_a_multiplying_tier() -> None:
    """Of 清对 and 清一色 only one counts: the bound takes the larger, not their product."""
    fans = "".join(
        f'fan f{i} "番" {{ value 1000000 tier doubles {"replaces f0" if i else ""} }}\n'
        for i in range(4)
    )
    assert codes_of(fans) == []
    apart = fans.replace("replaces f0", "")
    assert codes_of(apart) == ["E0415"]  # four factors of 10^6 pass 10^18


def test_option_ranges_bound_the_numbers_that_read_them() -> None:
    assert codes_of('fan f "番" { value option.n * 999999999 }') == []
    assert codes_of('fan f "番" { value option.n * 999999999 * 2 }') == ["E0415"]


def test_adjustments_grow_the_hand_in_the_order_they_apply() -> None:
    fan = 'fan f "番" { value 8 per len(tiles) }'  # with chicken: 145 at most
    assert codes_of(fan, "multiply 1000 when true " * 5) == []  # 145 * 10**15
    assert codes_of(fan, "multiply 1000 when true " * 6) == ["E0415"]
    # a ceiling lowers the value, but only after the multipliers
    assert codes_of(fan, "ceiling 64 " + "multiply 1000 when true " * 6) == ["E0415"]
    # a fix sets it: afterwards `total` reads the fix
    assert codes_of(fan, "fix 999999999 when true") == []


def test_a_rulebook_of_many_costly_fans_is_refused_as_a_whole() -> None:
    fan = 'fan f{0} "番{0}" {{ value 1 when (count r in 1..24000: r == {0}) > 0 }}\n'
    ten = "".join(fan.format(i) for i in range(10))
    assert codes_of(ten) == []
    assert codes_of(ten + fan.format(10)) == ["E0415"]


def test_costly_guards_are_refused_before_the_checks_that_evaluate_them() -> None:
    fan = 'fan f "番" { value 1 value 2 if option.n in 1..999999999 }'
    assert codes_of(fan) == ["E0415"]


def test_the_model_walks_an_expression_thousands_deep_without_recursing() -> None:
    """The limits (E0004) keep expressions to 64 levels, but tests raise them."""
    deep: ir.Expr = ir.FactE(type=INT, fact="wilds")
    for _ in range(5000):
        deep = ir.NegE(operand=deep)
    found = Model(SIZES, MAX_STEPS, MAX_VALUE).measure(deep)
    assert (found.steps, found.low, found.high) == (5001, 0, 18)
    quantifier: ir.Expr = ir.BoolE(value=True)
    for _ in range(3000):
        domain = ir.RangeE(low=1, high=2)
        quantifier = ir.QuantE(type=BOOL, kind="all", var="r", domain=domain, body=quantifier)
    model = Model(SIZES, MAX_STEPS, MAX_VALUE)
    assert model.measure(quantifier).steps > MAX_STEPS and model.too_slow is not None
    assert len(model.too_slow.path) < 3000  # the deepest part over the bound, not the whole


# ------------------------------------------------------------------------------ the tables


def test_every_list_and_number_the_language_has_a_size() -> None:
    facts = {**ARRANGEMENT_FACTS, **HAND_FACTS, **SITUATION_FACTS, **ROUND_FACTS}
    lists = {name for name, word in facts.items() if isinstance(word.type, ListType)}
    numbers = {name for name, word in facts.items() if word.type == INT} - {"total"}
    assert lists <= set(SIZES.lists)
    assert numbers <= set(SIZES.facts)
    attributes = {**TILE_ATTRIBUTES, **MELD_ATTRIBUTES}
    assert {n for n, w in attributes.items() if w.type == INT} <= set(SIZES.attributes)
    assert {n for n, f in FUNCTIONS.items() if f.result == INT} - {"len"} <= set(SIZES.functions)


def test_the_explanation_states_the_bounds_the_check_applies() -> None:
    entry = codes.lookup("E0415")
    assert entry is not None
    for bound in (f"{MAX_STEPS:,}", f"{MAX_RULEBOOK_STEPS:,}", f"10^{len(str(MAX_VALUE)) - 1}"):
        assert bound in entry.explanation


def test_every_list_the_language_reads_has_a_size_in_the_cost_model() -> None:
    """A list fact without a size would read as unbounded, and the prelude's presumptions
    (over `declared`, `standing`) would be refused in every rulebook."""
    from mjc.compiler.check.cost import SIZES
    from mjc.compiler.language import vocabulary
    from mjc.compiler.language.types import ListType

    tables = (
        vocabulary.ARRANGEMENT_FACTS,
        vocabulary.SITUATION_FACTS,
        vocabulary.HAND_FACTS,
        vocabulary.HELD_FACTS,
    )
    lists = {name for table in tables for name, w in table.items() if isinstance(w.type, ListType)}
    assert lists <= set(SIZES.lists), lists - set(SIZES.lists)


def test_the_cost_model_of_a_hand_of_sixteen_counts_five_sets() -> None:
    """A rulebook of `hand 16` (台湾十六张) reads wins of 17 tiles: five melds, a hand size
    of 17, each kong's fourth tile more; a hand of 13 keeps the sizes it always had."""
    from mjc.compiler.check.cost import SIZES, hand_sizes

    sixteen = hand_sizes(17)
    assert sixteen.lists["melds"] == sixteen.lists["declared"] == 5
    assert sixteen.lists["tiles"] == 22 and sixteen.facts["hand_size"] == (0, 17)
    assert SIZES.lists["melds"] == 4 and SIZES.lists["tiles"] == 18
    assert SIZES.facts["hand_size"] == (0, 14)
