"""Costly rulebooks for the fuzz tests: expressions on both sides of the cost bound (E0415).

`costly_rulebook` writes a complete rulebook whose fans and scoring lines are costly in every
way the cost check (`mjc.compiler.check.cost`) bounds: quantifiers over ranges from ten
numbers to a billion, nested up to four deep over the hand's lists and ranges; membership in
long ranges; `per` counts with big multipliers in a tier that adds, moderate ones in a tier
that multiplies (where the count is a power); big values, values read from a wide number
option; `multiply` adjustments, some of them by `total`; and up to a dozen such fans, whose
costs add up. The sizes straddle the bounds (24,999 and 25,000 numbers, 31,622 and 31,623 to
the fourth power), so the check both accepts and refuses, and the fuzz oracle
(`fuzz_oracles.check_rulebook`) holds every rulebook it accepts to its budget of work.

The powers stay moderate on purpose: should the check ever let one through, the number it
makes (some thousands of digits) is computed in a moment and fails the oracle's bound on
numbers, where `2 ** 1400000000` would hang the test instead. A loop the check let through
is stopped by the oracle's work meter whatever its length.
"""

from __future__ import annotations

from choices import Choices

RANGE_ENDS = (3, 9, 9, 34, 100, 1_000, 5_000, 24_999, 25_000, 100_000, 999_999_999)
LISTS = ("tiles", "melds", "pungs", "pairs", "tile_kinds", "flowers", "waits", "terminals")
MELD_LISTS = ("melds", "pungs", "chows", "kongs", "pairs")
BIG = ("1", "2", "3", "10", "1000", "99999999", "999999999", "option.wide", "option.wide * 1000")
SMALL = ("1", "2", "3", "5", "20", "60", "200")  # multipliers of a count that is a power
VALUES = ("1", "1", "2", "8", "1000", "31622", "31623", "999999999", "option.wide")
VARIABLES = ("a", "b", "c", "d")


def costly_range(c: Choices) -> str:
    return f"1..{c.choice(RANGE_ENDS)}"


def _domain(c: Choices) -> tuple[str, str]:
    """A domain and how its item reads as a number: a range, a list of tiles or melds."""
    if c.chance(3):
        return costly_range(c), "{}"
    domain = c.choice(LISTS)
    return domain, "{}.rank"


def nested_quantifiers(c: Choices, depth: int) -> str:
    """`depth` quantifiers (1 to 4) nested in one another's bodies, each over a list of the
    hand or a range, their body a comparison of the items as numbers."""
    heads, numbers = [], []
    for var in VARIABLES[:depth]:
        domain, number = _domain(c)
        heads.append(f"{c.choice(('all', 'any', 'none'))} {var} in {domain}: ")
        numbers.append(number.format(var))
    body = f"{' + '.join(numbers)} {c.choice(('==', '>', '<=', '!='))} {c.integer(0, 30)}"
    return "(" + "".join(heads) + body + ")"


def costly_count(c: Choices) -> str:
    """A count over a list or a range, sometimes with a quantifier inside."""
    domain, number = _domain(c)
    inner = f" and {nested_quantifiers(c, c.integer(1, 2))}" if c.chance(3) else ""
    return f"(count x in {domain}: {number.format('x')} > {c.integer(0, 9)}{inner})"


def costly_condition(c: Choices) -> str:
    kind = c.integer(0, 3)
    if kind == 0:
        return nested_quantifiers(c, c.integer(1, 4))
    if kind == 1:
        return f"{costly_count(c)} >= {c.integer(0, 3)}"
    if kind == 2:
        return f"{c.choice(('pair.rank', 'winning_tile.rank', 'option.wide'))} in {costly_range(c)}"
    return f"{nested_quantifiers(c, 2)} or {costly_count(c)} > 1"


def costly_per(c: Choices, power: bool) -> str:
    """A count: big multipliers where it multiplies, small ones where it is a power."""
    factor = c.choice(SMALL if power else BIG)
    counted = c.choice(
        ("len(tiles)", "len(melds)", "(count m in melds: m.is_pung)", "len(flowers)", "1")
    )
    if c.chance(4):
        counted = costly_count(c)
    return f"{factor} * {counted}"


def costly_fan(c: Choices, index: int) -> str:
    tier = c.choice(("base", "base", "doubles", "best"))
    lines = [f'fan c{index} "贵{index}" {{', f"  value {c.choice(VALUES)}", f"  tier {tier}"]
    if c.chance(2):
        lines.append(f"  when {costly_condition(c)}")
    if c.chance(2):
        lines.append(f"  per {costly_per(c, tier == 'doubles')}")
    return "\n".join([*lines, "}"])


def costly_scoring(c: Choices) -> list[str]:
    """Scoring lines that grow the hand: multipliers, by `total` too, and floors and fixes."""
    lines = ['  unit "番"', '  tier base "番" add', '  tier doubles "翻" multiply']
    lines.append('  tier best "满贯" max')
    for _ in range(c.integer(0, 6) if c.chance(4) else c.integer(0, 2)):
        factor = c.choice(("2", "2", "10", "1000", "total", "option.wide"))
        lines.append(f"  multiply {factor} when {c.choice(('self_drawn', 'true', 'dealer'))}")
    if c.chance(3):
        lines.append(f"  floor total * {c.choice(BIG)} when concealed")
    if c.chance(4):
        lines.append(f"  ceiling {c.choice(VALUES)}")
    if c.chance(4):
        lines.append(f"  fix {c.choice(VALUES)} when last_tile")
    return lines


def costly_rulebook(c: Choices) -> str:
    """A complete rulebook of characters and honours with one to twelve costly fans."""
    wide = c.choice(("10", "1000", "999999999"))
    sections = [
        'rulebook costly { title "贵" }',
        "players 4",
        "tiles {\n  characters copies 4\n  winds copies 4\n  dragons copies 4\n"
        "  flowers copies 1\n  total 68\n}",
        "shapes { standard seven_pairs }",
        f'option wide "大数": number 1..{wide} = 1',
        "scoring {\n" + "\n".join(costly_scoring(c)) + "\n}",
        'fan chicken "鸡胡" { value 1 }',
    ]
    count = c.integer(1, 12) if c.chance(4) else c.integer(1, 4)
    sections += [costly_fan(c, i) for i in range(count)]
    return "\n\n".join(sections) + "\n"
