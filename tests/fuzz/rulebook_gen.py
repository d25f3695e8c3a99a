"""Rulebooks for the fuzz tests: hypothesis strategies built from the grammar, and mutants of
the bundled rulebooks.

Three families, from most to least well-formed:

* `whole_rulebooks()`: complete rulebooks assembled section by section from the words of the
  language (a header, tiles whose total adds up, shapes, options, a scoring frame, fans whose
  conditions are well typed), now and then with an item drawn from the grammar itself
  (`bounded_programs`), so that most reach the checks, code generation and a scored hand;
* `bounded_programs(rule)` / `grammar_programs()`: any text the grammar derives, by rule;
* `bundled_mutants()`: a slice of a bundled rulebook (`rulebooks/*.mjr`: some of its sections)
  under a few mutations (`mutation_gen`: lines or tokens deleted, duplicated or swapped,
  names and numbers replaced, Unicode oddities ...), deep nesting, costly fans
  (`costly_gen`, whose `costly_rulebook` makes whole rulebooks on both sides of the cost
  bound).

Generators that would hit a crash another change is fixing are held back by `KNOWN_OPEN`.
"""

from __future__ import annotations

import os
import re
from functools import cache
from typing import Any

import lark
from choices import Choices, strategy
from costly_gen import costly_per, nested_quantifiers
from hypothesis import strategies as st
from hypothesis.extra.lark import from_lark
from mutation_gen import ODD_NAMES, mutated

from mjc.compiler.loader import bundled_rulebooks
from mjc.compiler.syntax.parse import grammar_text, keywords, parser

# Crash classes that other changes of issue 11 fix: their generators stay off until those
# land, named here (`MJC_FUZZ_OPEN="a b"` holds back others, to try a fix out). None is open:
#   deep-nesting: expressions nested past ~100 levels ended in RecursionError in the parser,
#                 the transformer and the type checker, and past ~200 in a generated module
#                 Python could not compile; since the limits (E0004, compiler/syntax/limits.py) they
#                 end in a diagnostic, and the deep conditions of `deep_condition` are on.
KNOWN_OPEN: frozenset[str] = frozenset(
    os.environ.get("MJC_FUZZ_OPEN", "").replace(",", " ").split()
)
SAFE_DEPTH = 40  # the deepest nesting generated while `deep-nesting` is held back


def held_back(name: str) -> bool:
    """Whether the generators of the known crash class `name` are still switched off."""
    return name in KNOWN_OPEN


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
    """The grammar compiled afresh, with the options of `mjc.compiler.syntax.parse.parser()`: that
    one may come from Lark's cache, which keeps the parse tables but not the grammar rules."""
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
def _expansions(start: str) -> tuple[dict[str, list[tuple[Any, ...]]], dict[str, int]]:
    """The expansions below `start`, and the fewest levels in which each rule can finish."""
    expansions, _ = _rules_below(start)
    height: dict[str, int] = {}
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
    return expansions, height


@cache
def _literal_terminals() -> dict[str, str]:
    return {
        t.name: t.pattern.value + " "
        for t in generation_grammar().terminals
        if t.pattern.type == "str"
    }


STRINGS = ('"鸡胡" ', '"番" ', '"123m456p789s345s22z" ', '"3s" ', '"" ', '"a\\"b" ', '"\\n" ')
NAME_LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_"


def terminal_text(c: Choices, name: str) -> str:
    """A token of terminal `name`, followed by white space so that no two run together:
    names are never keywords, and a comment always ends in a newline."""
    literal = _literal_terminals().get(name)
    if literal is not None:
        return literal
    if name == "NAME":
        if not c.chance(3):  # mostly names that mean something: more gets past the resolver
            return c.choice(_known_names()) + " "
        word = c.choice(NAME_LETTERS) + "".join(
            c.choice(NAME_LETTERS + "0123456789") for _ in range(c.integer(0, 8))
        )
        return (word if word not in keywords() else word + "_") + " "
    if name == "INT":
        return f"{c.integer(0, 200)} "
    if name == "TILE":
        return f"{c.integer(1, 9)}{c.choice('mpszf')} "
    if name == "STRING":
        return c.choice(STRINGS)
    if name == "COMMENT":
        return c.choice(["# 注释\n", "#\n", '# note { } "\n'])
    return c.choice([" ", "\n", "\t", "\r\n"])


@cache
def _known_names() -> tuple[str, ...]:
    return tuple(name for name in KNOWN_NAMES if name not in keywords())


def grammar_program(c: Choices, start: str, depth: int = 14) -> str:
    """A program the grammar derives from `start`, its nesting bounded by `depth` rules.

    The expression rules recurse through brackets, lists, calls and quantifiers more than
    once per level, so from_lark's unbounded expansions mostly overrun its buffer (slowly)
    on `expr`. Here, once the budget runs low, only expansions that can still finish within
    it are chosen.
    """
    expansions, height = _expansions(start)
    out: list[str] = []

    def expand(name: str, budget: int) -> None:
        usable = [
            alternative
            for alternative in expansions[name]
            if all(s.is_term or height.get(s.name, 1 << 30) < budget for s in alternative)
        ]
        for symbol in c.choice(usable):
            if symbol.is_term:
                out.append(terminal_text(c, symbol.name))
            else:
                expand(symbol.name, budget - 1)

    expand(start, max(depth, height[start]))
    return "".join(out)


@cache
def bounded_programs(start: str, depth: int = 14) -> st.SearchStrategy[str]:
    """`grammar_program` as a hypothesis strategy."""
    return strategy(lambda c: grammar_program(c, start, depth))


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
INT_LEAF_TEXTS = (
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
)
BOOL_LEAF_TEXTS = (
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
)
MELD_FACT_TEXTS = (
    "m.is_pung",
    "m.is_chow",
    "m.concealed",
    "m.tile == 1z",
    "m.rank >= 2",
    "m.suit == characters",
    "m.is_honour",
)
ARITH_OPS = ("+", "-", "*")
COMPARE_OPS = ("==", "!=", "<", "<=", ">", ">=")


def int_expr(c: Choices, leaves: int = 4) -> str:
    """A well-typed number of at most `leaves` leaves."""
    if leaves <= 1 or c.chance(2):
        return c.choice(INT_LEAF_TEXTS)
    if c.chance(4):
        return "-" + int_expr(c, leaves - 1)
    split = c.integer(1, leaves - 1)
    op = c.choice(ARITH_OPS)
    return f"({int_expr(c, split)} {op} {int_expr(c, leaves - split)})"


def comparison(c: Choices) -> str:
    return f"{int_expr(c)} {c.choice(COMPARE_OPS)} {int_expr(c)}"


def bool_expr(c: Choices, leaves: int = 5) -> str:
    """A well-typed condition of at most `leaves` leaves."""
    if leaves <= 1 or c.chance(3):
        return comparison(c) if c.chance(3) else c.choice(BOOL_LEAF_TEXTS)
    kind = c.integer(0, 3)
    if kind == 0:
        split = c.integer(1, leaves - 1)
        op = c.choice(("and", "or"))
        return f"({bool_expr(c, split)} {op} {bool_expr(c, leaves - split)})"
    if kind == 1:
        return "not " + bool_expr(c, leaves - 1)
    fact, body = c.choice(MELD_FACT_TEXTS), bool_expr(c, leaves - 1)
    if kind == 2:
        quantifier = c.choice(("all", "any", "none"))
        return f"({quantifier} m in melds: {fact} and {body})"
    return f"(count m in melds: {fact} or {body}) >= {c.integer(0, 4)}"


INTS = strategy(int_expr)
BOOLS = strategy(bool_expr)
HANDS = ("123m456m789m345m22z", "111m222m333m444z55z", "11123455678999m", "19m19m1234567z11z5m")


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
DEEP = (62, 63, 64, 65, 66, 100, 199, 200, 201, 255, 499, 500, 1000, 3000)  # E0004 at 64


def deep_condition(c: Choices) -> str:
    shallow = held_back("deep-nesting") or c.chance(2)
    return nested(c.choice(NESTING_KINDS), c.integer(1, SAFE_DEPTH) if shallow else c.choice(DEEP))


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


def bundled_slice(c: Choices) -> str:
    """A bundled rulebook cut down to the sections every rulebook needs (and its options)
    and up to four others: small, so a mutant is cheap to compile, and many slices compile."""
    names = sorted(bundled_sections())
    name = c.choice(names)
    if _is_variant(name) and not c.chance(10):  # a variant compiles its parent whole: seldom
        name = c.choice([n for n in names if not _is_variant(n)])
    sections = bundled_sections()[name]
    others = [i for i, (rule, _) in enumerate(sections) if rule not in REQUIRED]
    kept = {c.choice(others) for _ in range(c.integer(0, 4))} if others else set()
    texts = [text for i, (rule, text) in enumerate(sections) if rule in REQUIRED or i in kept]
    return "\n\n".join(texts) + "\n"


def _is_variant(name: str) -> bool:
    """Whether a bundled rulebook extends another (三麻 extends riichi)."""
    header = next(text for rule, text in bundled_sections()[name] if rule == "header")
    return " extends " in header.split("{", 1)[0]


def bundled_mutant(c: Choices) -> str:
    """A slice of a bundled rulebook under one to four mutations, now and then with a deeply
    nested fan, or a costly one (`costly_gen`: nested quantifiers over the hand and over
    ranges, a `per` count with a multiplier; moderate ones, since the fan may land in a tier
    that multiplies under some option)."""
    text = mutated(c, bundled_slice(c))
    if c.chance(10):
        text += f'\nfan deep "深" {{ value 1 when {deep_condition(c)} }}\n'
    if c.chance(10):
        condition, per = nested_quantifiers(c, c.integer(1, 4)), costly_per(c, power=True)
        text += f'\nfan costly "贵" {{ value 2 when {condition} per {per} }}\n'
    return text


# ------------------------------------------------------------------------------ whole rulebooks

GROUP_SIZES = {"characters": 9, "dots": 9, "bamboo": 9, "winds": 4, "dragons": 3, "flowers": 4}
TITLES = ('"迷你"', '"测试 麻将"', '"a \\"quoted\\" title"', '"<b>x</b>"', '""', '"{{ x }}"')
VALUES = ("1", "2", "8", "0", "option.base_points", "2 * option.base_points")


def fan(c: Choices, index: int, names: tuple[str, ...]) -> str:
    """One fan of a generated rulebook: well typed, now and then with a grammar item."""
    lines = [f'fan f{index} "番{index}" {{', f"  value {c.choice(VALUES)}"]
    lines.append(f"  tier {c.choice(('base', 'base', 'limit'))}")
    for _ in range(c.integer(0, 2)):
        lines.append(f"  when {bool_expr(c)}")
    if c.chance(5):
        lines.append(f"  per {int_expr(c)}")
    if names and c.chance(2):
        lines.append(f"  {c.choice(('excludes', 'implies', 'replaces'))} {c.choice(names)}")
    if c.chance(3):
        kind = c.choice(("example", "counterexample"))
        lines.append(f'  {kind} "{c.choice(HANDS)}" with self_drawn')
    if c.chance(25):
        lines.append("  " + grammar_program(c, "fan_item", 8))
    if c.chance(12):
        lines.append(f"  when {deep_condition(c)}")
    return "\n".join([*lines, "}"])


def whole_rulebook(c: Choices) -> str:
    """A complete rulebook, section by section, mostly well-formed: tiles that add up, the
    options and names its conditions use, a scoring frame and one to five fans."""
    groups = ["characters", "dragons"]
    groups += [g for g in ("dots", "bamboo", "winds", "flowers") if c.chance(2)]
    copies = c.choice((4, 4, 4, 1, 2, 3))
    total = sum(GROUP_SIZES[g] * (1 if g == "flowers" else copies) for g in groups)
    if c.chance(10):
        total += c.choice((-1, 1, 100))
    tile_lines = [f"  {g} copies {1 if g == 'flowers' else copies}" for g in groups]
    header = f"rulebook {c.choice(('mini', 'gen', 'x_1'))} {{ title {c.choice(TITLES)}"
    if c.chance(2):
        header += ' english "Generated" version "0.1" convention "made up"'
    shapes = c.choice(("", "seven_pairs", "thirteen_orphans", "seven_pairs if option.seven_pairs"))
    sections = [
        header + " }",
        c.choice(("players 4", "players 3, 4", "players 2, 3, 4")),
        "tiles {\n" + "\n".join(tile_lines) + f"\n  total {total}\n}}",
        f"shapes {{ standard {shapes} }}",
        'option seven_pairs "七对": toggle = off',
        'option cap "封顶": choice(16, 32) = 16',
        'option base_points "底分": number 1..10 = 1',
    ]
    combine = c.choice(("add", "max", "multiply"))
    scoring = ['  unit "番"', f'  tier base "番" {combine}', '  tier limit "满贯" max']
    if c.chance(2):
        scoring.append(f"  ceiling {c.choice(('64', '8', '0'))}")
    if c.chance(4):
        scoring.append(f"  floor {int_expr(c)} when {bool_expr(c)}")
    if c.chance(4):
        scoring.append(f'  reject "不行" when {bool_expr(c)}')
    if c.chance(8):
        scoring.append("  " + grammar_program(c, "scoring_item", 8))
    sections.append("scoring {\n" + "\n".join(scoring) + "\n}")
    if c.chance(4):
        sections.append(
            "payments {\n  stake 1\n  win each pays when self_drawn\n  win discarder pays\n}"
        )
    sections.append('fan chicken "鸡胡" { value 1 }')
    names: tuple[str, ...] = ("chicken",)
    for index in range(c.integer(1, 5)):
        sections.append(fan(c, index, names))
        names = (*names, f"f{index}")
    if c.chance(10):
        sections.insert(c.integer(0, len(sections)), grammar_program(c, "section", 8))
    return "\n\n".join(sections) + "\n"


RENAMABLE = ("chicken", "f0", "f1", "base", "limit", "cap", "base_points", "seven_pairs", "mini")


def mutated_whole_rulebook(c: Choices) -> str:
    """A whole rulebook under a few mutations; a third of the time only its own names are
    renamed to odd ones, which keeps it compiling."""
    text = whole_rulebook(c)
    if c.chance(3):
        old, new = c.choice(RENAMABLE), c.choice(ODD_NAMES)
        text = re.sub(rf"(?<![\w\".]){old}(?!\w)", new, text)
        return text.replace(f"option.{old}", f"option.{new}")
    return mutated(c, text, 3)


def derived_program(c: Choices) -> str:
    """One to four sections derived from the grammar (`start` itself mostly derives none)."""
    return "\n".join(grammar_program(c, "section", 10) for _ in range(c.integer(1, 4)))


whole_rulebooks = strategy(whole_rulebook)
bundled_mutants = strategy(bundled_mutant)
