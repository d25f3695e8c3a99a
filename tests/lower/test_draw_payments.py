"""The draw lines (`draw_payment`, `draw_refund`: 查大叫, 查花猪, 退税) through the compiler's
stages: the parse keeps each line's words and amount, the IR holds them with their typed
`when`, which reads the paying seat's hand (and `ready`, its waits) but nothing of a win, and
the generated module carries `DRAW_RULES` and `payment_draws` only when the rulebook has draw
lines (a bundled rulebook's module is as it was: tests/test_build_golden.py)."""

from __future__ import annotations

from mjc.compiler import ir
from mjc.compiler.docs.highlight import KEYWORDS
from mjc.compiler.driver import compile_source
from mjc.compiler.emit.codegen import generate_module
from mjc.compiler.loader import import_source
from mjc.compiler.syntax.parse import keywords
from mjc.runtime.rules.ruleset import Ruleset
from tests.helpers.small_rulebooks import DRAW_PAYMENTS_RULEBOOK

BOOK = DRAW_PAYMENTS_RULEBOOK.read_text(encoding="utf-8")
REFUND = '  draw_refund kong unready source "退税：未听牌的玩家退回杠钱"'


def _edited(new: str) -> str:
    assert REFUND in BOOK
    return BOOK.replace(REFUND, new)


def _codes(text: str) -> list[str]:
    return [d.code for d in compile_source(text, "d.mjr").diagnostics]


def _ruleset(text: str, name: str) -> Ruleset:
    compilation = compile_source(text, "d.mjr")
    assert compilation.rulebook is not None, [d.message for d in compilation.diagnostics]
    module = import_source(generate_module(compilation.rulebook), name, "d.py")
    ruleset: Ruleset = module.RULESET
    return ruleset


def test_the_ir_holds_each_draw_line_with_its_words() -> None:
    compilation = compile_source(BOOK, "d.mjr")
    assert compilation.rulebook is not None
    draws = compilation.rulebook.payments.draws
    assert [(d.item, d.payer, d.payee, d.amount_word) for d in draws] == [
        ("payment", "each", "others", "cap"),
        ("payment", "unready", "ready", "best_hand"),
        ("refund", "unready", "kong", None),
    ]
    assert isinstance(draws[0].condition, ir.CompareE)
    assert draws[2].condition is None


def test_a_draw_line_reads_the_payers_hand_and_ready_but_nothing_of_a_win() -> None:
    assert _codes(_edited("  draw_refund kong each when not ready")) == []
    assert "E0204" in _codes(_edited("  draw_refund kong each when self_drawn"))
    assert "E0204" in _codes(_edited("  draw_refund kong each when winning_tile == 1m"))


def test_a_when_on_ready_holds_for_the_hand_whose_waits_are_not_empty() -> None:
    rules = _ruleset(
        _edited("  draw_payment each pays others option.ceiling when ready"), "mjc_draw_ready"
    )
    hands = {
        "0": "123p456p789p123s5s",
        "1": "123m456m789m23m99m",
        "2": "147m258m1369p478p",
        "3": "258m369m1245789p",
    }
    result = rules.settle(
        {"players": 4, "exhaustive_draw": True, "hands": hands, "options": {"ceiling": 6}}
    )
    lines = [x for x in result.lines if x.rule == "draw_payment@d.mjr#3"]
    # The ready seats 0 and 1 each pay the seats this line does not charge, 2 and 3, 6 each.
    assert sorted((x.payer, x.payee, x.amount) for x in lines) == [
        (0, 2, 6),
        (0, 3, 6),
        (1, 2, 6),
        (1, 3, 6),
    ]


def test_a_module_without_draw_lines_has_no_draw_table() -> None:
    without = BOOK
    for line in BOOK.splitlines():
        if line.startswith(("  draw_payment", "  draw_refund", "    source")):
            without = without.replace(line + "\n", "")
    compilation = compile_source(without, "d.mjr")
    assert compilation.rulebook is not None, [d.message for d in compilation.diagnostics]
    module = generate_module(compilation.rulebook)
    assert "DRAW_RULES" not in module and "DrawRule" not in module
    assert "DRAW_RULES" in generate_module(compile_source(BOOK, "d.mjr").rulebook or _fail())


def _fail() -> ir.Rulebook:
    raise AssertionError("the test rulebook compiles")


def test_the_editor_tools_know_the_new_words() -> None:
    assert {"draw_payment", "draw_refund", "best_hand"} <= keywords() <= set(KEYWORDS)
