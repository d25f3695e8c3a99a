"""The front end: the grammar builds strictly, the AST carries spans that take no part in
equality, expressions print back to text that means the same, and the graph helpers order
fans correctly."""

from __future__ import annotations

import lark
import pytest

from mjc.compiler.driver import compile_file, compile_source
from mjc.compiler.ir.graphs import find_cycle, topological_order
from mjc.compiler.ir.pretty import pretty
from mjc.compiler.language.types import BOOL
from mjc.compiler.loader import bundled_rulebooks
from mjc.compiler.resolve.declarations import collect
from mjc.compiler.resolve.typecheck import ExprChecker
from mjc.compiler.syntax import ast
from mjc.compiler.syntax.parse import _ToAst, grammar_text, keywords, parse

MINIMAL = """\
rulebook tiny { title "小" version "1" }
players 4
tiles { characters copies 4 total 36 }
shapes { standard }
scoring { unit "番" tier base "番" add }
fan chicken "鸡胡" { value 1 }
"""


def test_grammar_builds_in_strict_mode() -> None:
    lark.Lark(grammar_text(), parser="lalr", propagate_positions=True, strict=True)


def test_keywords_are_the_grammar_words() -> None:
    words = keywords()
    assert {"rulebook", "fan", "when", "excludes", "all", "count", "option"} <= words
    assert "melds" not in words  # builtin facts are names, not keywords


def test_minimal_rulebook_compiles() -> None:
    compilation = compile_source(MINIMAL, "tiny.mjr")
    assert compilation.ok, compilation.diagnostics
    assert compilation.rulebook is not None and compilation.rulebook.tiles.total == 36


def test_spans_are_one_based_and_do_not_affect_equality() -> None:
    book, problems = parse(MINIMAL, "a.mjr")
    moved, _ = parse("\n\n" + MINIMAL.replace("  ", " "), "a.mjr")
    assert not problems and book is not None and moved is not None
    assert book == moved
    fan = next(s for s in book.sections if isinstance(s, ast.FanDecl))
    assert (fan.id.span.line, fan.id.span.column) == (6, 5)
    assert fan.id.span.end_column == 12


def test_quantifier_body_extends_to_the_right() -> None:
    condition = "when all m in melds: m.is_pung and m.concealed"
    text = MINIMAL.replace("{ value 1 }", "{ value 1 " + condition + " }")
    book, _ = parse(text, "q.mjr")
    assert book is not None
    fan = next(s for s in book.sections if isinstance(s, ast.FanDecl))
    quantifier = fan.whens[0]
    assert isinstance(quantifier, ast.Quantifier)
    assert isinstance(quantifier.body, ast.BoolOp) and quantifier.body.op == "and"


@pytest.mark.parametrize("name", list(bundled_rulebooks()))
def test_printed_conditions_compile_back_to_the_same_ir(name: str) -> None:
    """pretty() is what the docs show: it must mean exactly what the rulebook says."""
    path = bundled_rulebooks()[name]
    source = path.read_text(encoding="utf-8")
    compilation = compile_file(path, f"rulebooks/{name}.mjr")
    book = compilation.rulebook
    assert book is not None
    tree, _ = parse(source, "x.mjr")
    assert tree is not None
    parent = None
    if compilation.rulebook is not None and compilation.rulebook.extends:
        parent_book, _ = parse(
            bundled_rulebooks()[compilation.rulebook.extends].read_text(encoding="utf-8"), "p"
        )
        assert parent_book is not None
        parent, _ = collect(parent_book)
    decls, _ = collect(tree, parent)
    expressions = lark.Lark(grammar_text(), parser="lalr", start="expr")
    for fan in book.fans:
        text = pretty(fan.condition)
        node = _ToAst("again.mjr").transform(expressions.parse(text))
        again = ExprChecker(decls).check(node, "fan", BOOL)
        assert again == fan.condition, (fan.id, text)


def test_find_cycle_and_topological_order() -> None:
    assert find_cycle({"a": ["b"], "b": ["c"], "c": []}) is None
    assert find_cycle({"a": ["b"], "b": ["a"]}) == ["a", "b", "a"]
    order = topological_order(["a", "b", "c"], {"a": ["c"], "b": [], "c": []})
    assert order.index("c") < order.index("a")
