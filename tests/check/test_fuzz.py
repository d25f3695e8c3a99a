"""No rulebook text makes the compiler raise: it returns diagnostics, and they render.

DESIGN.md, "Reliability": no input produces a traceback. Two kinds of fuzzing prove it (the
generators live in `tests/fuzz/rulebook_gen.py`, whose bulk runs in `tests/fuzz/` go further:

* mutations of every bundled rulebook -- lines deleted, duplicated or swapped, characters
  deleted or inserted (braces, quotes, `#`, Chinese characters, digits), tokens replaced by
  other tokens of the same file -- which reach every pass, since most mutants still parse;
* programs generated from the grammar itself (`hypothesis.extra.lark.from_lark`), which must
  all parse, and then go through every later pass).

Every result is rendered in every format too. Crashes found here are kept below as plain
regression examples.
"""

from __future__ import annotations

import json
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st
from mutation_gen import MUTATION, Mutation
from rulebook_gen import (
    BOOLS,
    HANDS,
    INTS,
    MINIMAL,
    TEMPLATE,
    bounded_programs,
    grammar_programs,
    items,
)

from mjc.compiler.diagnostics import render_text
from mjc.compiler.diagnostics.formats import render_github, render_json, render_sarif
from mjc.compiler.docs.docgen import generate_page
from mjc.compiler.driver import Compilation, compile_source
from mjc.compiler.emit.codegen import generate_module
from mjc.compiler.loader import bundled_rulebooks, import_source
from mjc.compiler.syntax.parse import parse

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


# Each example compiles a whole bundled rulebook: `make test` draws 80 (tests/fuzz mutates
# slices of them by the thousand), `make test-all` 200.
@pytest.mark.parametrize(
    "examples",
    [
        pytest.param(80, id="80-examples"),
        pytest.param(200, marks=pytest.mark.slow, id="200-examples"),
    ],
)
def test_mutated_bundled_rulebooks_give_diagnostics_not_exceptions(examples: int) -> None:
    @settings(FUZZ, max_examples=examples)
    @given(
        file=st.sampled_from(sorted(bundled_sources())),
        mutations=st.lists(MUTATION, min_size=1, max_size=6),
    )
    def check(file: str, mutations: list[Mutation]) -> None:
        text = bundled_sources()[file]
        for mutate in mutations:
            text = mutate(text)
        compile_and_render(text, file)

    check()


@pytest.mark.parametrize("file", sorted(bundled_sources()))
def test_every_bundled_rulebook_compiles_cleanly_before_mutation(file: str) -> None:
    compilation = compile_and_render(bundled_sources()[file], file)
    assert compilation.ok, [d.message for d in compilation.diagnostics]


# ------------------------------------------------------------------------------ the grammar


@FUZZ
@given(data=st.data())
def test_grammar_generated_programs_parse_and_compile(data: st.DataObject) -> None:
    text = data.draw(grammar_programs())
    book, problems = parse(text, "generated.mjr")
    assert not [p for p in problems if p.code == "E0001"], (text, problems)
    # E0006: the grammar's strings admit a NUL character, which no rulebook may hold
    assert book is not None or [p.code for p in problems] in (["E0002"], ["E0006"])
    compile_and_render(text, "generated.mjr")


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
