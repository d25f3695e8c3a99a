"""No rulebook text makes the compiler raise: it returns diagnostics, and they render.

DESIGN.md, "Reliability": no input produces a traceback. Two kinds of fuzzing prove it:

* mutations of every bundled rulebook -- lines deleted, duplicated or swapped, characters
  deleted or inserted (braces, quotes, `#`, Chinese characters, digits), tokens replaced by
  other tokens of the same file -- which reach every pass, since most mutants still parse;
* programs generated from the grammar itself (`hypothesis.extra.lark.from_lark`), which must
  all parse, and then go through every later pass.

Every result is rendered in every format too. Crashes found here are kept below as plain
regression examples.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from functools import cache
from typing import Any

import lark
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st
from hypothesis.extra.lark import from_lark

from mjc.compiler.codegen import generate_module
from mjc.compiler.diagnostic_formats import render_github, render_json, render_sarif
from mjc.compiler.diagnostics import render_text
from mjc.compiler.docgen import generate_page
from mjc.compiler.driver import Compilation, compile_source
from mjc.compiler.loader import bundled_rulebooks, import_source
from mjc.compiler.parse import grammar_text, keywords, parse

FUZZ = settings(
    max_examples=200,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@cache
def bundled_sources() -> dict[str, str]:
    return {
        f"rulebooks/{name}.mjr": path.read_text(encoding="utf-8")
        for name, path in bundled_rulebooks().items()
    }


def compile_and_render(text: str, file: str = "fuzz.mjr") -> Compilation:
    """Compile, render every format, and generate code and docs when it compiles."""
    compilation = compile_source(text, file)
    diagnostics = compilation.diagnostics
    assert all(d.code and d.message for d in diagnostics)
    rendered = render_text(diagnostics, compilation.sources, color=False)
    assert rendered.endswith("\n") or not diagnostics
    if len(diagnostics) < 20:  # (the colours change no layout: a few suffice)
        render_text(diagnostics, compilation.sources, color=True)
    json.loads(render_json(diagnostics, version="fuzz"))
    render_github(diagnostics)
    json.loads(render_sarif(diagnostics, tool_version="fuzz"))
    if compilation.ok:
        assert compilation.rulebook is not None
        generate_module(compilation.rulebook)
        generate_page(compilation.rulebook)
    return compilation


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


@FUZZ
@given(
    file=st.sampled_from(sorted(bundled_sources())),
    mutations=st.lists(MUTATION, min_size=1, max_size=6),
)
def test_mutated_bundled_rulebooks_give_diagnostics_not_exceptions(
    file: str, mutations: list[Mutation]
) -> None:
    text = bundled_sources()[file]
    for mutate in mutations:
        text = mutate(text)
    compile_and_render(text, file)


@pytest.mark.parametrize("file", sorted(bundled_sources()))
def test_every_bundled_rulebook_compiles_cleanly_before_mutation(file: str) -> None:
    compilation = compile_and_render(bundled_sources()[file], file)
    assert compilation.ok, [d.message for d in compilation.diagnostics]


# ------------------------------------------------------------------------------ the grammar

# A small complete rulebook that compiles.
MINIMAL = """rulebook mini { title "迷你" }
players 4
tiles { characters copies 4 total 36 }
shapes { standard }
scoring { unit "番" tier base "番" add }
fan chicken "鸡胡" { value 1 }
"""


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


@FUZZ
@given(data=st.data())
def test_grammar_generated_programs_parse_and_compile(data: st.DataObject) -> None:
    text = data.draw(grammar_programs())
    book, problems = parse(text, "generated.mjr")
    assert not [p for p in problems if p.code == "E0001"], (text, problems)
    # E0006: the grammar's strings admit a NUL character, which no rulebook may hold
    assert book is not None or [p.code for p in problems] in (["E0002"], ["E0006"])
    compile_and_render(text, "generated.mjr")


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


@settings(FUZZ, max_examples=120)
@given(
    whens=st.lists(bounded_programs("expr"), min_size=1, max_size=2),
    fan=items("fan_item"),
    tiles=items("tile_item", 1),
    shapes=items("shape_item"),
    scoring=items("scoring_item"),
    sections=items("section", 1),
)
def test_generated_items_in_a_complete_rulebook_compile(
    whens: list[str], fan: str, tiles: str, shapes: str, scoring: str, sections: str
) -> None:
    """Generated conditions, fan items, shapes, scoring rules and sections inside an otherwise
    complete rulebook, so that the type checker, every check and (when it all checks) code
    generation see them."""
    text = (
        TEMPLATE.replace("<fan>", "".join(f"  when {when}\n" for when in whens) + fan)
        .replace("<tiles>", tiles)
        .replace("<shapes>", shapes)
        .replace("<scoring>", scoring)
        .replace("<sections>", sections)
    )
    _, problems = parse(text, "generated.mjr")
    assert not [p for p in problems if p.code == "E0001"], (text, problems)
    compile_and_render(text, "generated.mjr")


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


@settings(FUZZ, max_examples=150)
@given(whens=st.lists(BOOLS, min_size=1, max_size=2), per=st.none() | INTS)
def test_well_typed_conditions_generate_modules_that_score(
    whens: list[str], per: str | None
) -> None:
    fan = "".join(f"  when {when}\n" for when in whens) + (f"  per {per}\n" if per else "")
    text = (
        TEMPLATE.replace("<fan>", fan)
        .replace("<tiles>", "dragons copies 4")
        .replace("total 52", "total 64")
        .replace("<shapes>", "seven_pairs thirteen_orphans")
        .replace("<scoring>", "")
        .replace("<sections>", "")
    )
    compilation = compile_and_render(text, "typed.mjr")
    assert compilation.ok, (text, [d.message for d in compilation.diagnostics])
    assert compilation.rulebook is not None
    module = import_source(generate_module(compilation.rulebook), "mjc_fuzz_typed", "typed.mjr")
    for hand in HANDS:
        score = module.RULESET.score(hand, self_drawn=True)
        assert score.win in (True, False)


# ------------------------------------------------------------------------------ regressions
# Inputs that once raised, kept as plain examples.


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("", id="empty"),
        pytest.param("\n\n  \t\n", id="blank"),
        pytest.param("\ufeff" + MINIMAL, id="byte-order-mark"),
        pytest.param(MINIMAL.replace("\n", "\r\n"), id="crlf"),
        pytest.param(MINIMAL.replace("copies 4", "copies " + "9" * 5000), id="huge-int"),
        pytest.param(
            MINIMAL + 'fan huge "大" { value 1 when len(tiles) == ' + "1" * 5000 + " }",
            id="huge-int-in-condition",
        ),
        pytest.param(MINIMAL.replace('"迷你"', '"a\\q\\"'), id="escape-at-end"),
    ],
)
def test_odd_inputs_give_diagnostics(text: str) -> None:
    compile_and_render(text)
