"""The opening every small test rulebook of the code-generation tests shares: the header, four
players, the 136-tile set (suits and honours, four copies each) and the shapes; the test
writes the rest (its scoring section, fans and options). Also the harness of the tests that
compile a table of fans twice, with the compiled quantifier forms and with every quantifier
a plain loop (`fan_module`), and read one fan's code (`fan_code`). `DEAL_WINS_RULEBOOK` is a
whole rulebook on file, with wins at the deal; `AFTER_WIN_RULEBOOK` one where play goes on
after a win; `DINGQUE_RULEBOOK` one where each seat declares a missing suit (定缺);
`EXCHANGE_RULEBOOK` one where the seats pass three tiles first (换三张), both by options."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from unittest import mock

from mjc.compiler.conditions import listquant, loopguards, meldboards, meldcounts, meldequal
from mjc.compiler.conditions.pyexpr import PyExpr
from mjc.compiler.driver import compile_source
from mjc.compiler.emit.codegen import checked_module

STANDARD = '  standard "基本胡牌"'

# A whole test rulebook with wins at the deal (起手胡), for the tests of that section.
DEAL_WINS_RULEBOOK = Path(__file__).parent / "rulebooks" / "deal_wins.mjr"
# A whole test rulebook where each seat declares a missing suit before play (定缺).
DINGQUE_RULEBOOK = Path(__file__).parent / "rulebooks" / "dingque.mjr"
# A whole test rulebook of 台湾十六张: a hand of 16, a win of 17 (five sets and a pair).
SIXTEEN_RULEBOOK = Path(__file__).parent / "rulebooks" / "sixteen.mjr"
EXCHANGE_RULEBOOK = Path(__file__).parent / "rulebooks" / "exchange.mjr"
KONG_KINDS_RULEBOOK = Path(__file__).parent / "rulebooks" / "kong_kinds.mjr"
# A whole test rulebook where play goes on after a win (血战到底, 血流成河: `after_win`).
AFTER_WIN_RULEBOOK = Path(__file__).parent / "rulebooks" / "xuezhan.mjr"
# A small Riichi-like rulebook with a fu and a points section (符, 点) and rounded payments.
RIICHI_POINTS_RULEBOOK = Path(__file__).parent / "rulebooks" / "riichi_points.mjr"
# A whole test rulebook that pays the hands still playing at an exhaustive draw (查大叫, 查花猪,
# 退税: `draw_payment`, `draw_refund`).
DRAW_PAYMENTS_RULEBOOK = Path(__file__).parent / "rulebooks" / "draw_payments.mjr"
# 杠上炮 and 呼叫转移 (kong_transfer), and the dealer's streak read by a fan and dealer_bonus.
KONG_DISCARD_RULEBOOK = Path(__file__).parent / "rulebooks" / "kong_discard.mjr"
# 八仙過海 and 七搶一: a seat holding seven flowers wins on the eighth another seat draws.
FLOWER_ROB_RULEBOOK = Path(__file__).parent / "rulebooks" / "flower_rob.mjr"
# Riichi's constructs: `open` values, dora from indicators (`sum`, `successor`), red fives.
DORA_RULEBOOK = Path(__file__).parent / "rulebooks" / "dora.mjr"


def opening(rulebook: str, title: str, shapes: str = STANDARD) -> str:
    """The text up to the scoring section of a rulebook `rulebook` titled `title` whose shapes
    section holds the lines `shapes`."""
    return f"""
rulebook {rulebook} {{
  title "{title}"
  version "0.1"
}}

players 4

tiles {{
  characters copies 4
  dots copies 4
  bamboo copies 4
  winds copies 4
  dragons copies 4
  total 136
}}

shapes {{
{shapes}
}}
"""


@contextmanager
def every_quantifier_a_plain_loop() -> Iterator[None]:
    """Every compiled quantifier form turned off: what the forms must agree with (the board
    forms of `keyfields`, `suitsets` and `suitchains` are reached through `meldboards`)."""
    with (
        mock.patch.object(meldboards, "lower", lambda py, expr: None),
        mock.patch.object(listquant, "lower", lambda py, expr: None),
        mock.patch.object(loopguards, "lower", lambda py, expr, loop: loop),
        mock.patch.object(loopguards, "lower_range", lambda py, expr: None),
        mock.patch.object(meldequal, "lower", lambda py, expr: None),
        mock.patch.object(meldcounts, "lower", lambda py, expr: None),
        mock.patch.object(PyExpr, "_either_bit", lambda py, operands: None),
        mock.patch.object(PyExpr, "_every_bit", lambda py, operands: None),
        mock.patch.object(PyExpr, "sum_loop", lambda py, expr: None),
    ):
        yield


def fan_module(
    base: str, fans: Mapping[str, tuple[str, str]], file: str, lowered: bool = True
) -> str:
    """The module of `base` with one fan of value 1 per entry of `fans` (id -> its condition
    or count, and what its code must read), compiled with the forms or (`lowered` False)
    every quantifier a plain loop."""
    text = "".join(
        f'\nfan {fan_id} "{fan_id}" {{\n  value 1\n  {condition}\n}}\n'
        for fan_id, (condition, _) in fans.items()
    )
    compilation = compile_source(base + text, file)
    assert compilation.ok, [d.message for d in compilation.diagnostics]
    assert compilation.rulebook is not None
    if lowered:
        source, problem = checked_module(compilation.rulebook)
    else:
        with every_quantifier_a_plain_loop():
            source, problem = checked_module(compilation.rulebook)
    assert problem is None and source is not None
    return source


def fan_code(source: str, fan_id: str, file: str) -> str:
    """The lines of `source` from the fan's heading comment to the next fan's (or to the end
    of the function that scores the fans)."""
    lines = source.splitlines()
    start = next(i for i, line in enumerate(lines) if f"# {fan_id} {fan_id} (" in line)
    end = next(
        (
            i
            for i in range(start + 1, len(lines))
            if f"({file}:" in lines[i] or lines[i].startswith("def ")
        ),
        len(lines),
    )
    return "\n".join(lines[start:end])
