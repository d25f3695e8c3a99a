"""Rulebooks for the fuzz tests: hypothesis strategies built from the grammar, and mutants of
the bundled rulebooks.

Three families, from most to least well-formed:

* `whole_rulebooks()`: complete rulebooks assembled section by section from the words of the
  language (a header, tiles whose total adds up, shapes, options, a scoring frame, fans whose
  conditions are well typed), now and then with an item drawn from the grammar itself
  (`bounded_programs`), so that most reach the checks, code generation and a scored hand;
* `bounded_programs(rule)` / `grammar_programs()`: any text the grammar derives, by rule;
* `bundled_mutants()`: a slice of a bundled rulebook (`rulebooks/*.mjr`: some of its sections)
  under a few mutations -- lines or tokens deleted, duplicated or swapped, names and numbers
  replaced (huge, negative, zero, Python's own names), Unicode oddities (BOM, CR, U+2028,
  combining marks, full-width digits, RTL marks, NUL), deep nesting.

Generators that would hit a crash another change is fixing are held back by `KNOWN_OPEN`.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from functools import cache
from typing import Any

import lark
from hypothesis import strategies as st
from hypothesis.extra.lark import from_lark

from mjc.compiler.loader import bundled_rulebooks
from mjc.compiler.parse import grammar_text, keywords, parser

# Crash classes that other changes of issue 11 fix; their generators stay off until those
# land. `MJC_FUZZ_OPEN=` (empty) switches them all on, or name the ones to keep off.
#   deep-nesting: expressions nested past ~100 levels end in RecursionError in the parser,
#                 the transformer and the type checker, and past ~200 in a generated module
#                 Python cannot compile (helpers "limits": depth/size limit with a diagnostic
#                 in compiler/parse.py and typecheck; "codegen": deep expressions split).
KNOWN_OPEN: frozenset[str] = frozenset(
    os.environ.get("MJC_FUZZ_OPEN", "deep-nesting").replace(",", " ").split()
)
SAFE_DEPTH = 40  # the deepest nesting generated while `deep-nesting` is open


def is_open(name: str) -> bool:
    """Whether the known crash class `name` is still held back."""
    return name in KNOWN_OPEN


# ------------------------------------------------------------------------------ mutations

TOKEN = re.compile(r"\w+|[^\w\s]")
INSERTABLE = st.sampled_from(
    [
        "{",
        "}",
        '"',
        "#",
        "\\",
        "(",
        ")",
        "[",
        "]",
        ":",
        ",",
        "=",
        ".",
        "..",
        "\n",
        " ",
        "\t",
        "0",
        "1",
        "9",
        "5z",
        "8z",
        "99999999999999999999",
        "中",
        "鸡胡",
        "番",
        "“",
        "\u202e",
        "\x00",
        "\r",
        "when",
        "fan",
        "value",
        "tier",
        "option.",
        "all m in melds:",
        "x",
    ]
)

Mutation = Callable[[str], str]


def _lines(text: str) -> list[str]:
    return text.split("\n")


def delete_line(at: int) -> Mutation:
    def apply(text: str) -> str:
        lines = _lines(text)
        del lines[at % len(lines)]
        return "\n".join(lines)

    return apply


def duplicate_line(at: int) -> Mutation:
    def apply(text: str) -> str:
        lines = _lines(text)
        i = at % len(lines)
        lines.insert(i, lines[i])
        return "\n".join(lines)

    return apply


def swap_lines(a: int, b: int) -> Mutation:
    def apply(text: str) -> str:
        lines = _lines(text)
        i, j = a % len(lines), b % len(lines)
        lines[i], lines[j] = lines[j], lines[i]
        return "\n".join(lines)

    return apply


def delete_chars(at: int, count: int) -> Mutation:
    def apply(text: str) -> str:
        i = at % (len(text) + 1)
        return text[:i] + text[i + count :]

    return apply


def insert_text(at: int, piece: str) -> Mutation:
    def apply(text: str) -> str:
        i = at % (len(text) + 1)
        return text[:i] + piece + text[i:]

    return apply


def replace_token(a: int, b: int) -> Mutation:
    """Replace the a-th token of the text with (a copy of) its b-th token."""

    def apply(text: str) -> str:
        tokens = list(TOKEN.finditer(text))
        if not tokens:
            return text
        target = tokens[a % len(tokens)]
        source = tokens[b % len(tokens)]
        return text[: target.start()] + source.group() + text[target.end() :]

    return apply


POSITION = st.integers(min_value=0, max_value=10**6)
MUTATION: st.SearchStrategy[Mutation] = st.one_of(
    st.builds(delete_line, POSITION),
    st.builds(duplicate_line, POSITION),
    st.builds(swap_lines, POSITION, POSITION),
    st.builds(delete_chars, POSITION, st.integers(min_value=1, max_value=40)),
    st.builds(insert_text, POSITION, INSERTABLE | st.text(max_size=5)),
    st.builds(replace_token, POSITION, POSITION),
)


# A small complete rulebook that compiles.
MINIMAL = """rulebook mini { title "迷你" }
players 4
tiles { characters copies 4 total 36 }
shapes { standard }
scoring { unit "番" tier base "番" add }
fan chicken "鸡胡" { value 1 }
"""


# ------------------------------------------------------------------------------ the grammar

# Names that mean something in the rulebooks below, so that generated text resolves sometimes.
KNOWN_NAMES = (
    *("chicken", "standard", "seven_pairs", "thirteen_orphans", "cap", "base", "on", "off"),
    *("melds", "tiles", "pair", "pairs", "pungs", "shape", "concealed", "m", "t", "x"),
    *("is_pung", "is_chow", "is_honour", "is_dragon", "tile", "rank", "suit"),
    *("suits", "len", "copies", "characters", "honours", "winds", "dragons", "terminals"),
    *("self_drawn", "winning_tile", "seat_wind", "players", "E", "S"),
)


@cache
def generation_grammar() -> lark.Lark:
    """The grammar compiled afresh, with the options of `mjc.compiler.parse.parser()`: that one
    may come from Lark's cache, which keeps the parse tables but not the grammar rules."""
    return lark.Lark(
        grammar_text(), parser="lalr", propagate_positions=True, maybe_placeholders=False
    )


@cache
def terminal_strategies() -> dict[str, st.SearchStrategy[str]]:
    """A strategy per terminal, each token followed by white space so none run together.

    from_lark puts the ignored white space between tokens only now and then; without it
    `rulebook` and a name would lex as one name. Names are never keywords, and a comment is
    always ended by a newline so that it cannot swallow the next token.
    """
    words = keywords()
    explicit: dict[str, st.SearchStrategy[str]] = {}
    for terminal in generation_grammar().terminals:
        pattern = terminal.pattern
        if pattern.type == "str":
            explicit[terminal.name] = st.just(pattern.value + " ")
    known = st.sampled_from([name + " " for name in KNOWN_NAMES if name not in words])
    explicit["NAME"] = st.one_of(
        known,
        known,  # twice as likely as a random name: more conditions get past the resolver
        st.from_regex(r"[A-Za-z_][A-Za-z0-9_]{0,12}", fullmatch=True)
        .filter(lambda name: name not in words)
        .map(lambda name: name + " "),
    )
    explicit["INT"] = st.integers(min_value=0, max_value=200).map(lambda n: f"{n} ")
    explicit["TILE"] = st.sampled_from(
        [f"{rank}{suit} " for rank in range(1, 10) for suit in "mpszf"]
    )
    explicit["STRING"] = (
        st.from_regex(r'"([^"\\\n]|\\[\\"nt]){0,8}"', fullmatch=True)
        | st.sampled_from(['"鸡胡" ', '"番" ', '"123m456p789s345s22z" ', '"3s" '])
    ).map(lambda s: s if s.endswith(" ") else s + " ")
    explicit["COMMENT"] = st.sampled_from(["# 注释\n", "#\n", '# note { } "\n'])
    explicit["WS"] = st.sampled_from([" ", "\n", "\t", "\r\n"])
    return explicit


def _rules_below(start: str) -> tuple[dict[str, list[tuple[Any, ...]]], set[str]]:
    """The expansions of every rule reachable from `start`, and the terminals they use."""
    terminals, rules, ignored = generation_grammar().grammar.compile([start], ())
    expansions: dict[str, list[tuple[Any, ...]]] = {}
    for rule in rules:
        expansions.setdefault(str(rule.origin.name), []).append(tuple(rule.expansion))
    used = {t.name for t in terminals} | set(ignored)
    used |= {s.name for alts in expansions.values() for alt in alts for s in alt if s.is_term}
    return expansions, used


@cache
def grammar_programs(start: str = "start") -> st.SearchStrategy[str]:
    """Programs from the grammar, by hypothesis's own `from_lark`."""
    _, used = _rules_below(start)
    # from_lark refuses strategies for terminals that cannot occur below `start`.
    explicit = {name: s for name, s in terminal_strategies().items() if name in used}
    return from_lark(generation_grammar(), start=start, explicit=explicit)


@cache
def bounded_programs(start: str, depth: int = 14) -> st.SearchStrategy[str]:
    """Programs from the grammar with nesting bounded by `depth` rules.

    The expression rules recurse through brackets, lists, calls and quantifiers more than
    once per level, so from_lark's unbounded expansions mostly overrun its buffer (slowly)
    on `expr`. Here, once the budget runs low, only expansions that can still finish within
    it are drawn.
    """
    expansions, _ = _rules_below(start)
    terminals = terminal_strategies()
    height: dict[str, int] = {}  # the fewest levels in which each rule can finish
    changed = True
    while changed:
        changed = False
        for name, alternatives in expansions.items():
            for alternative in alternatives:
                below = [0 if s.is_term else height.get(s.name, -1) for s in alternative]
                if -1 in below:
                    continue
                if 1 + max(below, default=0) < height.get(name, 1 << 30):
                    height[name] = 1 + max(below, default=0)
                    changed = True

    @st.composite
    def program(draw: st.DrawFn) -> str:
        out: list[str] = []

        def expand(name: str, budget: int) -> None:
            usable = [
                alternative
                for alternative in expansions[name]
                if all(s.is_term or height.get(s.name, 1 << 30) < budget for s in alternative)
            ]
            for symbol in draw(st.sampled_from(usable)):
                if symbol.is_term:
                    out.append(draw(terminals[symbol.name]))
                else:
                    expand(symbol.name, budget - 1)

        expand(start, max(depth, height[start]))
        return "".join(out)

    return program()


# A complete rulebook with holes (`<tiles>` ...) for generated items of each section.
TEMPLATE = """rulebook mini { title "迷你" }
players 4
tiles { characters copies 4 winds copies 4 total 52 <tiles> }
shapes { standard <shapes> }
option seven_pairs "七对": toggle = off
option cap "封顶": choice(16, 32) = 16
option base_points "底分": number 1..10 = 1
scoring { unit "番" tier base "番" add <scoring> }
fan chicken "鸡胡" { value 1 }
fan generated "生成" {
  value 1
<fan>}
<sections>
"""


def items(rule: str, max_size: int = 2) -> st.SearchStrategy[str]:
    return st.lists(bounded_programs(rule), max_size=max_size).map(" ".join)


# Well-typed conditions, built from the words of the language rather than from the grammar:
# random grammar text seldom types, and these must go on through code generation into a
# module that imports and scores hands.
INT_LEAVES = st.sampled_from(
    [
        "0",
        "3",
        "len(tiles)",
        "len(melds)",
        "suits(tiles)",
        "players",
        "option.base_points",
        "copies(winning_tile)",
        "(count m in melds: m.is_pung)",
        "pair.rank",
        "len(kongs)",
    ]
)
INTS = st.recursive(
    INT_LEAVES,
    lambda inner: (
        st.builds(
            lambda a, op, b: f"({a} {op} {b})", inner, st.sampled_from(["+", "-", "*"]), inner
        )
        | inner.map(lambda a: f"-{a}")
    ),
    max_leaves=4,
)
COMPARISONS = st.builds(
    lambda a, op, b: f"{a} {op} {b}",
    INTS,
    st.sampled_from(["==", "!=", "<", "<=", ">", ">="]),
    INTS,
)
BOOL_LEAVES = st.sampled_from(
    [
        "true",
        "false",
        "self_drawn",
        "concealed",
        "chicken",
        "option.seven_pairs",
        "dealer",
        "shape == standard",
        "winning_tile == 5z",
        "winning_tile in dragons",
        "option.cap == 32",
        "pair.is_dragon",
        "seat_wind == round_wind",
        "winning_tile.suit == characters",
        "3 in 1..4",
        "kong_bloom and last_tile",
    ]
)
MELD_FACTS = st.sampled_from(
    [
        "m.is_pung",
        "m.is_chow",
        "m.concealed",
        "m.tile == 1z",
        "m.rank >= 2",
        "m.suit == characters",
        "m.is_honour",
    ]
)
BOOLS = st.recursive(
    BOOL_LEAVES | COMPARISONS,
    lambda inner: (
        st.builds(lambda a, op, b: f"({a} {op} {b})", inner, st.sampled_from(["and", "or"]), inner)
        | inner.map(lambda a: f"not {a}")
        | st.builds(
            lambda kind, fact, body: f"({kind} m in melds: {fact} and {body})",
            st.sampled_from(["all", "any", "none"]),
            MELD_FACTS,
            inner,
        )
        | st.builds(
            lambda fact, body, n: f"(count m in melds: {fact} or {body}) >= {n}",
            MELD_FACTS,
            inner,
            st.integers(0, 4),
        )
    ),
    max_leaves=5,
)
HANDS = ("123m456m789m345m22z", "111m222m333m444z55z", "11123455678999m", "19m19m1234567z11z5m")


# ------------------------------------------------------------------------------ more mutations

INT_TOKEN = re.compile(r"(?<![\w.])\d+(?![\w])")
NAME_TOKEN = re.compile(r"(?<![\w\"])[A-Za-z_]\w*")
NUMBERS = st.sampled_from(
    [
        "0",
        "00",
        "-1",
        "-0",
        "1",
        "3",
        "999999999",
        "1000000000",
        "4294967296",
        "9" * 30,
        str(2**31),
        str(2**63),
        "0" * 9 + "4",
        "1..0",
    ]
)
# Names a rulebook may hold that mean something to Python or to the generated module.
ODD_NAMES = st.sampled_from(
    [
        *("None", "True", "False", "self", "cls", "class", "def", "lambda", "import", "yield"),
        *("__import__", "__init__", "__class__", "__dict__", "_", "__", "print", "exec", "eval"),
        *("RULESET", "Ruleset", "score", "settle", "tiles", "melds", "option", "options"),
        *("hand", "h", "s", "t", "m", "x", "a" * 300, "中", "ｆａｎ", "e\u0301", "name2"),
    ]
)
ODDITIES = st.sampled_from(
    [
        "\ufeff",  # a byte-order mark
        "\r",
        "\u2028",
        "\u2029",
        "\u0085",
        "\u0301",  # a combining acute accent
        "\u200d",  # a zero-width joiner
        "\u200f",  # a right-to-left mark
        "\u202e",  # right-to-left override
        "\x00",
        "\x0b",
        "\x0c",
        "１２",  # full-width digits
        "\U0001f004",  # 🀄
        "\uffff",  # a noncharacter (no lone surrogates: rulebook files are UTF-8)
    ]
)


def replace_number(at: int, number: str) -> Mutation:
    """Replace the at-th number of the text."""

    def apply(text: str) -> str:
        found = list(INT_TOKEN.finditer(text))
        if not found:
            return text
        hit = found[at % len(found)]
        return text[: hit.start()] + number + text[hit.end() :]

    return apply


def replace_name(at: int, name: str) -> Mutation:
    """Replace the at-th identifier (keyword or name) of the text."""

    def apply(text: str) -> str:
        found = list(NAME_TOKEN.finditer(text))
        if not found:
            return text
        hit = found[at % len(found)]
        return text[: hit.start()] + name + text[hit.end() :]

    return apply


def swap_names(a: int, b: int) -> Mutation:
    """Swap two identifiers of the text (a fan with an option, a keyword with a name...)."""

    def apply(text: str) -> str:
        found = list(NAME_TOKEN.finditer(text))
        if len(found) < 2:
            return text
        x, y = sorted({a % len(found), b % len(found)} | {(a + 1) % len(found)})[:2]
        first, second = found[x], found[y]
        return (
            text[: first.start()]
            + second.group()
            + text[first.end() : second.start()]
            + first.group()
            + text[second.end() :]
        )

    return apply


def insert_in_string(at: int, piece: str) -> Mutation:
    """Insert `piece` just inside the at-th string literal: into titles, fan names, sources,
    which reach generated code and the docs pages."""

    def apply(text: str) -> str:
        quotes = [i for i, c in enumerate(text) if c == '"']
        if not quotes:
            return text
        i = quotes[at % len(quotes)] + 1
        return text[:i] + piece + text[i:]

    return apply


def all_line_ends(ending: str) -> Mutation:
    """Every line ending as `ending`: CR only (old Mac), CR LF, U+2028."""
    return lambda text: text.replace("\n", ending)


def prefix(piece: str) -> Mutation:
    return lambda text: piece + text


STRING_PIECES = (
    st.sampled_from(
        ['\\"', "\\\\", "\\n", "\\", "{{ x }}", "{% if %}", "<script>", "'''", '"""', "\\u2028"]
    )
    | ODDITIES
)

MORE_MUTATIONS: st.SearchStrategy[Mutation] = st.one_of(
    st.builds(replace_number, POSITION, NUMBERS),
    st.builds(replace_name, POSITION, ODD_NAMES),
    st.builds(swap_names, POSITION, POSITION),
    st.builds(insert_text, POSITION, ODDITIES),
    st.builds(insert_in_string, POSITION, STRING_PIECES),
    st.builds(all_line_ends, st.sampled_from(["\r", "\r\n", "\u2028", "\n\n"])),
    st.builds(prefix, st.sampled_from(["\ufeff", "\ufeff\ufeff", "\x00", "\r", "#"])),
)
ALL_MUTATIONS = MUTATION | MORE_MUTATIONS


# ------------------------------------------------------------------------------ nesting


def nested(kind: str, depth: int) -> str:
    """A well-typed condition nested `depth` levels deep, of one of the shapes that once
    overran a recursion limit."""
    if kind == "not":
        return "not " * (depth - depth % 2) + "self_drawn"
    if kind == "neg":
        return "-" * (depth - depth % 2) + "len(tiles) == 14"
    if kind == "parens":
        return "(" * depth + "self_drawn" + ")" * depth
    if kind == "sum":
        return " + ".join(["1"] * depth) + " > 0"
    if kind == "and":
        return " and ".join(["self_drawn"] * depth)
    if kind == "quantifier":
        return "(" * depth + "all m in melds: " + "m.is_pung" + ")" * depth
    raise ValueError(kind)


NESTING_KINDS = ("not", "neg", "parens", "sum", "and", "quantifier")


def nesting_depths() -> st.SearchStrategy[int]:
    if is_open("deep-nesting"):
        return st.integers(1, SAFE_DEPTH)
    return st.integers(1, 40) | st.sampled_from([100, 199, 200, 201, 255, 499, 500, 1000, 3000])


DEEP_CONDITIONS = st.builds(nested, st.sampled_from(NESTING_KINDS), nesting_depths())


# ------------------------------------------------------------------------------ slices


REQUIRED = ("header", "players", "tiles", "shapes", "scoring", "option", "situation_decl")


@cache
def bundled_sections() -> dict[str, tuple[tuple[str, str], ...]]:
    """Each bundled rulebook as its top-level sections, in order: (rule, text)."""
    found: dict[str, tuple[tuple[str, str], ...]] = {}
    for name, path in sorted(bundled_rulebooks().items()):
        text = path.read_text(encoding="utf-8")
        tree = parser().parse(text)
        found[name] = tuple(
            (str(c.data), text[c.meta.start_pos : c.meta.end_pos]) for c in tree.children
        )
    return found


@st.composite
def bundled_slices(draw: st.DrawFn) -> str:
    """A bundled rulebook cut down to the sections every rulebook needs (and its options)
    and a few others: small, so a mutant is cheap to compile, and many slices compile."""
    name = draw(st.sampled_from(sorted(bundled_sections())))
    sections = bundled_sections()[name]
    others = [i for i, (rule, _) in enumerate(sections) if rule not in REQUIRED]
    kept = draw(st.sets(st.sampled_from(others), max_size=4)) if others else set()
    return (
        "\n\n".join(
            text for i, (rule, text) in enumerate(sections) if rule in REQUIRED or i in kept
        )
        + "\n"
    )


@st.composite
def bundled_mutants(draw: st.DrawFn) -> str:
    """A slice of a bundled rulebook under one to four mutations, now and then with a deeply
    nested fan."""
    text = draw(bundled_slices())
    for mutate in draw(st.lists(ALL_MUTATIONS, min_size=1, max_size=4)):
        text = mutate(text)
    if draw(st.integers(0, 9)) == 0:
        text += f'\nfan deep "深" {{ value 1 when {draw(DEEP_CONDITIONS)} }}\n'
    return text


# ------------------------------------------------------------------------------ whole rulebooks

GROUP_SIZES = {"characters": 9, "dots": 9, "bamboo": 9, "winds": 4, "dragons": 3, "flowers": 4}
TITLES = st.sampled_from(['"迷你"', '"测试 麻将"', '"a \\"quoted\\" title"', '"<b>x</b>"', '""'])


@st.composite
def fans(draw: st.DrawFn, index: int, names: tuple[str, ...]) -> str:
    """One fan of a generated rulebook: well typed, with now and then a grammar item."""
    lines = [f'fan f{index} "番{index}" {{']
    value = draw(
        st.sampled_from(["1", "2", "8", "0", "option.base_points", "2 * option.base_points"])
    )
    lines.append(f"  value {value}")
    lines.append(f"  tier {draw(st.sampled_from(['base', 'base', 'limit']))}")
    for when in draw(st.lists(BOOLS, max_size=2)):
        lines.append(f"  when {when}")
    if draw(st.integers(0, 4)) == 0:
        lines.append(f"  per {draw(INTS)}")
    if names and draw(st.booleans()):
        relation = draw(st.sampled_from(["excludes", "implies", "replaces"]))
        lines.append(f"  {relation} {draw(st.sampled_from(names))}")
    if draw(st.integers(0, 2)) == 0:
        kind = draw(st.sampled_from(["example", "counterexample"]))
        lines.append(f'  {kind} "{draw(st.sampled_from(HANDS))}" with self_drawn')
    if draw(st.integers(0, 24)) == 0:
        lines.append("  " + draw(bounded_programs("fan_item", 8)))
    if draw(st.integers(0, 11)) == 0:
        lines.append(f"  when {draw(DEEP_CONDITIONS)}")
    return "\n".join([*lines, "}"])


@st.composite
def whole_rulebooks(draw: st.DrawFn) -> str:
    """A complete rulebook, section by section, mostly well-formed: tiles that add up, the
    options and names its conditions use, a scoring frame and one to five fans."""
    groups = [
        "characters",
        "dragons",
        *draw(st.lists(st.sampled_from(["dots", "bamboo", "winds", "flowers"]), unique=True)),
    ]
    copies = draw(st.sampled_from([4, 4, 4, 1, 2, 3]))
    total = sum(GROUP_SIZES[g] * (1 if g == "flowers" else copies) for g in groups)
    if draw(st.integers(0, 9)) == 0:
        total += draw(st.sampled_from([-1, 1, 100]))
    tile_lines = [f"  {g} copies {1 if g == 'flowers' else copies}" for g in groups]
    header = f"rulebook {draw(st.sampled_from(['mini', 'gen', 'x_1']))} {{ title {draw(TITLES)}"
    if draw(st.booleans()):
        header += ' english "Generated" version "0.1" convention "made up"'
    sections = [
        header + " }",
        draw(st.sampled_from(["players 4", "players 3, 4", "players 2, 3, 4"])),
        "tiles {\n" + "\n".join(tile_lines) + f"\n  total {total}\n}}",
        "shapes { standard "
        + draw(
            st.sampled_from(
                ["", "seven_pairs", "thirteen_orphans", "seven_pairs if option.seven_pairs"]
            )
        )
        + " }",
        'option seven_pairs "七对": toggle = off',
        'option cap "封顶": choice(16, 32) = 16',
        'option base_points "底分": number 1..10 = 1',
    ]
    scoring = [
        '  unit "番"',
        f'  tier base "番" {draw(st.sampled_from(["add", "max", "multiply"]))}',
    ]
    scoring.append('  tier limit "满贯" max')
    if draw(st.booleans()):
        scoring.append(f"  ceiling {draw(st.sampled_from(['64', '8', '0']))}")
    if draw(st.integers(0, 3)) == 0:
        scoring.append(f"  floor {draw(INTS)} when {draw(BOOLS)}")
    if draw(st.integers(0, 3)) == 0:
        scoring.append(f'  reject "不行" when {draw(BOOLS)}')
    if draw(st.integers(0, 7)) == 0:
        scoring.append("  " + draw(bounded_programs("scoring_item", 8)))
    sections.append("scoring {\n" + "\n".join(scoring) + "\n}")
    if draw(st.integers(0, 3)) == 0:
        sections.append(
            "payments {\n  stake 1\n  win each pays when self_drawn\n  win discarder pays\n}"
        )
    sections.append('fan chicken "鸡胡" { value 1 }')
    names: tuple[str, ...] = ("chicken",)
    for index in range(draw(st.integers(1, 5))):
        sections.append(draw(fans(index, names)))
        names = (*names, f"f{index}")
    if draw(st.integers(0, 9)) == 0:
        sections.insert(draw(st.integers(0, len(sections))), draw(bounded_programs("section", 8)))
    return "\n\n".join(sections) + "\n"
