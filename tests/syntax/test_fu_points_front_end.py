"""The fu and points sections and the power operator through the front end: they parse into
their AST nodes, `**` binds tighter than `*` and groups to the right as in Python, they type
in their contexts (`fu` read where the fu is counted, `base` in a limit, `tier_total`), lower
to the IR (`mjc.compiler.ir.points`), print back as written and format as they were written
(`mjc fmt`)."""

from __future__ import annotations

from mjc.compiler import ir
from mjc.compiler.driver import compile_source
from mjc.compiler.fmt import format_text
from mjc.compiler.ir.pretty import pretty
from mjc.compiler.language.types import BOOL
from mjc.compiler.syntax import ast
from mjc.compiler.syntax.parse import parse
from tests.helpers.small_rulebooks import RIICHI_POINTS_RULEBOOK

SECTIONS = """
fu "符" {
  fix 25 "七対子" when shape == seven_pairs
  add 20 "副底"
  add 2 "刻子" per count m in pungs: m.is_simple when not self_drawn if option.kuitan
    source "a source"
  round up 10
}

points "点" {
  base fu * 2 ** (total + 2)
  limit "満貫" 2000 when total >= 5 or base > 2000 if option.kuitan
}

payments {
  round up 100
}
"""


def _sections(text: str) -> tuple[ast.Section, ...]:
    book, problems = parse(text, "t.mjr")
    assert book is not None, problems
    return book.sections


def test_the_fu_section_parses_its_items_in_order() -> None:
    fu = _sections(SECTIONS)[0]
    assert isinstance(fu, ast.FuSection) and fu.label == "符"
    assert [(i.kind, i.label) for i in fu.items] == [
        ("fix", "七対子"),
        ("add", "副底"),
        ("add", "刻子"),
        ("round", None),
    ]
    counted = fu.items[2]
    assert isinstance(counted.per, ast.Quantifier) and counted.condition is not None
    assert counted.guard is not None and counted.provenance[0].text == "a source"


def test_the_points_section_parses_its_base_and_limits() -> None:
    points = _sections(SECTIONS)[1]
    assert isinstance(points, ast.PointsSection)
    assert len(points.bases) == 1 and [x.name for x in points.limits] == ["満貫"]
    assert points.limits[0].guard is not None


def test_payments_round_up_parses() -> None:
    payments = _sections(SECTIONS)[2]
    assert isinstance(payments, ast.Payments) and len(payments.rounds) == 1


def _expr(text: str) -> ast.Expr:
    fan = _sections(f'fan x "x" {{ when {text} == 0 }}')[0]
    assert isinstance(fan, ast.FanDecl) and isinstance(fan.whens[0], ast.Compare)
    return fan.whens[0].left


def test_power_binds_tighter_than_times_and_groups_to_the_right() -> None:
    product = _expr("2 * 3 ** 2 ** 2")
    assert isinstance(product, ast.Arith) and product.op == "*"
    power = product.right
    assert isinstance(power, ast.Arith) and power.op == "**"
    assert isinstance(power.right, ast.Arith) and power.right.op == "**"


def test_minus_binds_looser_than_power_as_in_python() -> None:
    negated = _expr("-2 ** 2")
    assert isinstance(negated, ast.Neg) and isinstance(negated.operand, ast.Arith)


def test_pretty_prints_powers_with_the_brackets_they_need() -> None:
    two, three = ir.IntE(value=2), ir.IntE(value=3)
    left = ir.ArithE(op="**", left=ir.ArithE(op="**", left=two, right=three), right=two)
    right = ir.ArithE(op="**", left=two, right=ir.ArithE(op="**", left=three, right=two))
    negated_base = ir.ArithE(op="**", left=ir.NegE(operand=two), right=two)
    assert pretty(left) == "(2 ** 3) ** 2"
    assert pretty(right) == "2 ** 3 ** 2"
    assert pretty(negated_base) == "(-2) ** 2"


def test_the_sections_lower_to_their_ir() -> None:
    text = RIICHI_POINTS_RULEBOOK.read_text(encoding="utf-8")
    book = compile_source(text, "riichi_points.mjr").rulebook
    assert book is not None and book.fu is not None and book.points is not None
    assert book.fu.label == "符" and book.fu.items[0].kind == "fix"
    assert isinstance(book.fu.items[1].amount, ir.IntE) and book.fu.items[1].condition is None
    assert book.fu.items[-1].kind == "round"
    assert pretty(book.points.base) == "fu * 2 ** (total + 2)"
    assert [x.name for x in book.points.limits] == ["役満", "倍満", "跳満", "満貫", "満貫", "満貫"]
    assert book.payments.rounds[0].value == ir.IntE(value=100)
    assert book.payments.rounds[0].guard == ir.OptionE(type=BOOL, option="round_up_100")


def test_a_rulebook_without_the_sections_has_none_in_its_ir() -> None:
    text = RIICHI_POINTS_RULEBOOK.read_text(encoding="utf-8")
    cut = text[: text.index('fu "符"')] + text[text.index("payments {") :]
    book = compile_source(cut, "plain.mjr").rulebook
    assert book is not None and book.fu is None and book.points is None


def test_mjc_fmt_keeps_the_sections_as_written() -> None:
    formatted = format_text(SECTIONS.lstrip("\n"), "t.mjr")
    assert formatted == SECTIONS.lstrip("\n")
    squeezed = 'points "点" { base fu*2**(total+2) limit "満貫" 2000 when total>=5 }\n'
    assert format_text(squeezed, "t.mjr") == (
        'points "点" {\n  base fu * 2 ** (total + 2)\n  limit "満貫" 2000 when total >= 5\n}\n'
    )


def test_the_test_rulebook_is_formatted() -> None:
    text = RIICHI_POINTS_RULEBOOK.read_text(encoding="utf-8")
    assert format_text(text, "riichi_points.mjr") == text
