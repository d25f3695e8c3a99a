"""Relations, limits and tiers in one pass over the fans (`mjc.compiler.emit.onepass`): for a
rulebook whose tiers add, the code after the counts tests each fan once, in RELATION_ORDER,
for the fans it removes and for its tier's sum; a fan a `limit` names adds after the limit;
`kept` is sorted back into table order only when fans that come the other way round count.

Each form is checked on the code it generates, and a hypothesis property scores random
arrangements with the module compiled twice, with the pass and the plain way (one `if` per
fan for the relations, then one per fan for each tier), and compares everything `score_fans`
returns and the counts before relations."""

from __future__ import annotations

import types
from pathlib import Path
from unittest import mock

from hypothesis import given, settings, strategies as st
from small_rulebooks import opening

from mjc.compiler.driver import compile_source
from mjc.compiler.emit import onepass
from mjc.compiler.emit.codegen import checked_module
from mjc.compiler.loader import import_source
from mjc.runtime.score.scoring import Situation
from mjc.runtime.tiles.melds import Meld, meld
from mjc.runtime.wins.arrange import Arrangement

ROOT = Path(__file__).resolve().parents[2]

# `big` comes after `pung_hand` in the table but excludes it, so RELATION_ORDER puts it first:
# the pass adds `big` before `one_pung` and `terminal`, which have lower indexes. The second
# limit reads `terminal`, which the last fan may remove: the limit waits for its turn.
_FANS = """
fan pung_hand "对对" {
  value 4
  when len(pungs) >= 2
  excludes one_pung, chicken
}

fan one_pung "刻" {
  value 1
  per len(pungs)
  excludes chicken
}

fan twin_chows "一般高" {
  value 1
  per count m in chows: (count n in chows: n.suit == m.suit and n.rank == m.rank) == 2
  excludes chicken
}

fan terminal "幺" {
  value 2
  when any m in melds: m.rank == 1
}

fan big "四刻" {
  value 10
  when len(pungs) == 4
  excludes pung_hand, chicken
}

fan after_big "大" {
  value 1
  when big or terminal
}

fan chicken "鸡" {
  value 1
  when true
}

fan pungs_and_terminal "幺刻" {
  value 3
  when len(pungs) >= 1 and terminal
  excludes terminal
}
"""

_LIMITS = """
  limit one_pung, twin_chows to len(chows) - 1
  limit one_pung, twin_chows to 1 when terminal
"""

_ADD = (
    opening("one", "一")
    + f"""
scoring {{
  unit "番"
  tier fans "番种" add
{_LIMITS}}}
"""
    + _FANS
)

_CAPPED = _ADD.replace('tier fans "番种" add', 'tier fans "番种" add cap 12')

# Two tiers that add, neither overriding the other: each adds to its own sum.
_TWO_TIERS = (
    opening("two", "二")
    + f"""
scoring {{
  unit "番"
  tier fans "番种" add
  tier extra "加" add cap 3
{_LIMITS}}}
"""
    + _FANS.replace("value 2\n  when any m", "tier extra\n  value 2\n  when any m")
)

# A tier that overrides another: the plain way.
_OVERRIDES = (
    opening("over", "覆")
    + """
scoring {
  unit "番"
  tier fans "番种" add
  tier top "顶" max overrides fans
}
"""
    + _FANS.replace("value 10\n  when len(pungs)", "tier top\n  value 10\n  when len(pungs)")
)

# Tiers that add, one of them overriding the two others, and a value an open hand lowers
# (食い下がり): one pass still; Riichi's shape.
_OVERRIDING_ADD = (
    opening("overadd", "覆加")
    + f"""
scoring {{
  unit "番"
  tier fans "番种" add
  tier extra "加" add
  tier top "顶" add overrides fans, extra
{_LIMITS}}}
"""
    + _FANS.replace("value 10\n  when len(pungs)", "tier top\n  value 10\n  when len(pungs)")
    .replace("value 2\n  when any m", "tier extra\n  value 2\n  when any m")
    .replace("value 4\n  when len(pungs)", "value 4\n  open 2\n  when len(pungs)")
)


def _source(text: str, name: str, one_pass: bool = True) -> str:
    compilation = compile_source(text, f"{name}.mjr")
    assert compilation.ok, [d.message for d in compilation.diagnostics]
    assert compilation.rulebook is not None
    if one_pass:
        source, problem = checked_module(compilation.rulebook)
    else:
        with mock.patch.object(onepass, "plan_one_pass", lambda *args: None):
            source, problem = checked_module(compilation.rulebook)
    assert problem is None and source is not None
    return source


def _score_fans(source: str) -> list[str]:
    lines = [line.strip() for line in source.splitlines()]
    start = lines.index("def score_fans(")
    return lines[start : lines.index("def adjust(", start)]


def test_one_test_per_fan_serves_its_relations_and_its_tier() -> None:
    code = _score_fans(_source(_ADD, "one"))
    heading = "# Relations and tiers in one pass, in RELATION_ORDER: a fan comes after every fan"
    assert heading in code
    assert not any(line.startswith("on_") for line in code)  # no tier flags
    block = code.index("if f_pung_hand:")
    assert code[block + 1 : block + 5] == [
        "f_one_pung = 0",  # a limit cuts it: a count
        "f_chicken = False",  # no per, no limit: a flag (True or False)
        "total += 4",
        "kept.append((0, 1, 4))",  # a fan without `per` counts once: a constant entry
    ]
    assert code.count("if f_pung_hand:") == 1
    # `big` removes `pung_hand` before `pung_hand`'s turn.
    assert code.index("if f_big:") < block


def test_a_fan_a_limit_names_adds_its_cut_count_after_the_limit() -> None:
    code = _score_fans(_source(_ADD, "one"))
    limits = [i for i, line in enumerate(code) if line.startswith("# limit one_pung")]
    assert len(limits) == 2
    adds = code.index("total += f_one_pung")
    assert limits[1] < adds
    # Its relations stay at its turn, before the limits (relations read counts before them).
    assert code.index("if f_one_pung:") < limits[0]
    assert code[code.index("if f_one_pung:") + 1] == "f_chicken = False"


def test_limit_counts_is_called_only_for_a_sum_over_the_limit() -> None:
    code = " ".join(_score_fans(_source(_ADD, "one")))
    assert "most = " in code and "if f_one_pung + f_twin_chows > most:" in code
    assert "if (f_one_pung + f_twin_chows > 1) and f_terminal > 0:" in code


def test_kept_is_sorted_only_when_fans_of_the_other_order_count_together() -> None:
    code = _score_fans(_source(_ADD, "one"))
    start = code.index(
        "# kept comes in pass order: back to table order when these fans count together"
    )
    test = " ".join(code[start + 1 : code.index("kept.sort()")])
    # `big` removes `pung_hand`, so only the fans a limit names and `terminal` can count beside
    # it, and the fans a limit names add after `terminal`.
    assert "f_big and (f_terminal or f_one_pung or f_twin_chows)" in test
    assert "or f_terminal and (f_one_pung or f_twin_chows)" in test
    assert "if len(kept) > 1:" not in code


def test_a_capped_tier_and_two_tiers_add_to_sums_of_their_own() -> None:
    capped = _score_fans(_source(_CAPPED, "capped"))
    assert "sum_fans = 0" in capped and "if sum_fans > 12:" in capped
    two = _score_fans(_source(_TWO_TIERS, "two"))
    assert "sum_extra += 2" in two and "total += sum_fans" in two and "total += sum_extra" in two


def test_a_tier_that_overrides_another_keeps_the_plain_way() -> None:
    code = _score_fans(_source(_OVERRIDES, "over"))
    assert "# Relations: a fan that counts removes the fans it excludes or replaces." in code
    assert "on_top = False" in code
    assert not any("one pass" in line for line in code)


def test_a_tier_that_adds_and_overrides_others_leaves_them_out_after_the_pass() -> None:
    code = _score_fans(_source(_OVERRIDING_ADD, "overadd"))
    assert any("one pass" in line for line in code)
    assert code.count("on_top = True") == 1  # where `big`, the top tier's fan, counts
    # The two tiers `top` overrides leave at once: one pass over `kept` for both.
    start = code.index("# 番种 (fans): fans add up.")
    assert code[start + 1 : start + 7] == [
        "# 加 (extra): fans add up.",
        "if on_top:",
        "kept = [entry for entry in kept if FANS[entry[0]].tier not in (0, 1)]",
        "else:",
        "total += sum_fans",
        "total += sum_extra",
    ]


def test_a_value_an_open_hand_lowers_is_worked_out_where_its_fan_counts() -> None:
    code = _score_fans(_source(_OVERRIDING_ADD, "overadd"))
    block = code.index("if f_pung_hand:")
    assert code[block + 3 : block + 9] == [
        "# 对对: its value depends on whether the hand is open.",
        "value_pung_hand = 4",
        "if not a.concealed:",
        "value_pung_hand = 2",
        "sum_fans += value_pung_hand",
        "kept.append((0, 1, value_pung_hand))",
    ]
    assert code.count("value_pung_hand = 4") == 1


def test_mcr_is_written_as_one_pass() -> None:
    mcr = (ROOT / "rulebooks" / "mcr.mjr").read_text(encoding="utf-8")
    code = _score_fans(_source(mcr, "mcr"))
    assert any("one pass" in line for line in code)
    assert "if f_seven_shifted_pairs and (f_nine_gates or f_four_kongs):" in code


def _module(text: str, name: str, one_pass: bool) -> types.ModuleType:
    kind = "pass" if one_pass else "plain"
    return import_source(_source(text, name, one_pass), f"mjc_{name}_{kind}", f"{name}_{kind}.py")


_MCR_TEXT = (ROOT / "rulebooks" / "mcr.mjr").read_text(encoding="utf-8")
_RIICHI_TEXT = (ROOT / "rulebooks" / "riichi.mjr").read_text(encoding="utf-8")
_PAIRS = [
    (_module(text, name, True), _module(text, name, False))
    for text, name in (
        (_ADD, "one"),
        (_CAPPED, "capped"),
        (_TWO_TIERS, "two"),
        (_OVERRIDING_ADD, "overadd"),
        (_MCR_TEXT, "mcr_pass"),
        (_RIICHI_TEXT, "riichi_pass"),
    )
]

# Each module's default options, and each toggle of them flipped (MCR's 明暗杠).
_SETTINGS = {
    plain.__name__: [
        defaults,
        *({**defaults, k: not v} for k, v in defaults.items() if isinstance(v, bool)),
    ]
    for _, plain in _PAIRS
    for defaults in [dict(plain.RULESET.resolve_options(None))]
}

_SUITED = [t for t in range(27) if t % 9 <= 6]  # where a chow may start
_SET = st.one_of(
    st.tuples(st.just("chow"), st.sampled_from(_SUITED), st.booleans()),
    st.tuples(st.sampled_from(["pung", "kong"]), st.integers(0, 33), st.booleans()),
    # Sets of one suit, low ranks: twin chows and pungs a rank apart are common.
    st.tuples(st.just("chow"), st.integers(0, 2), st.booleans()),
    st.tuples(st.sampled_from(["pung", "kong"]), st.integers(0, 3), st.booleans()),
)


@settings(max_examples=400, deadline=None)
@given(
    sets=st.lists(_SET, min_size=0, max_size=4),
    pair=st.integers(0, 33),
    winning=st.integers(-1, 33),
    self_drawn=st.booleans(),
)
def test_the_pass_scores_as_the_plain_way_on_random_arrangements(
    sets: list[tuple[str, int, bool]], pair: int, winning: int, self_drawn: bool
) -> None:
    melds: tuple[Meld, ...] = tuple(meld(kind, tile, concealed) for kind, tile, concealed in sets)
    pair_meld = meld("pair", pair, True)
    tiles = tuple(sorted(t for m in (*melds, pair_meld) for t in m.tiles))
    concealed = all(m.concealed for m in melds)
    a = Arrangement("standard", melds, (pair_meld,), tiles, concealed, pair_meld)
    s = Situation(winning_tile=winning, self_drawn=self_drawn)
    for with_pass, plain in _PAIRS:
        for o in _SETTINGS[plain.__name__]:
            raw_pass: list[int] = []
            raw_plain: list[int] = []
            assert with_pass.score_fans(a, s, o, raw_pass) == plain.score_fans(a, s, o, raw_plain)
            assert raw_pass == raw_plain
