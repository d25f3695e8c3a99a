"""Need blocks read from a table by the summary fields they read (`conditions/keyedblocks.py`):
which blocks of MCR's score_fans are, what their tables keep, and that a block reading more
than the summary is written in place. That the counts are the same as the blocks written in
place is `tests/emit/test_needguards.py`'s comparison with the module without need blocks."""

from __future__ import annotations

import re
from pathlib import Path

from mjc.compiler.conditions import keyedblocks
from mjc.compiler.driver import compile_file
from mjc.compiler.emit import emitbase
from mjc.compiler.emit.codegen import checked_module
from mjc.compiler.loader import import_source

_MCR = Path(__file__).resolve().parents[2] / "rulebooks" / "mcr.mjr"


def _mcr() -> str:
    compilation = compile_file(_MCR)
    assert compilation.rulebook is not None
    source, problem = checked_module(compilation.rulebook)
    assert problem is None and source is not None
    return source


SOURCE = _mcr()
MODULE = import_source(SOURCE, "mjc_mcr_keyed", "mjc_mcr_keyed.py")
_SCORE_FANS = SOURCE[SOURCE.index("def score_fans(") :]


def test_the_chow_fans_of_either_shape_are_read_by_the_chow_boards() -> None:
    looked_up = re.search(r"\) = (KEYED_\d+)\.get\(\(\s*x_chow_board,", _SCORE_FANS)
    assert looked_up is not None
    table = looked_up.group(1)
    fill = table.lower()
    head = re.search(rf"def {fill}\((.*?)\) -> Keyed\d+:", SOURCE, re.S)
    assert head is not None
    assert re.findall(r"(x_\w+): int", head.group(1)) == [
        "x_chow_board",
        "x_chow_count",
        "x_chow_held",
        "x_len_chows",
    ]
    # Each fan of the block keeps its comment (rulebook line, condition) in the function.
    body = SOURCE[head.end() : SOURCE.index("return found", head.end())]
    for fan in ("mixed_straight", "mixed_triple_chow", "short_straight", "two_terminal_chows"):
        assert re.search(rf"# \S+ {fan} \(\S*mcr\.mjr:\d+\)", body), fan


def test_a_block_that_reads_the_pair_is_written_in_place() -> None:
    # 一色双龙会 reads the pair's rank and suit: the standard shape's chow block stays as it was.
    assert "f_pure_terminal_chows = True if (" in _SCORE_FANS
    assert "x_pair.rank == 5" in _SCORE_FANS
    assert not re.search(r"def keyed_\d+\([^)]*x_pair", SOURCE)


def test_the_locals_a_key_may_hold_are_made_from_the_summary_alone() -> None:
    compilation = compile_file(_MCR)
    assert compilation.rulebook is not None
    state = emitbase.ModuleState(compilation.rulebook)
    from mjc.compiler.emit import scoring

    scoring.score_fans_body(state)
    lines = state.keyed_lines
    assert any(line.startswith("def keyed_") for line in lines)
    keys = set(re.findall(r"\b(x_\w+): int", "\n".join(lines)))
    # Lengths and the chows' held board are summary-made; the concealed pungs counted
    # (x_counted_3) read the winning meld and self_drawn, facts of the reading.
    assert {"x_len_chows", "x_chow_held", "x_tile_all"} <= keys
    assert not any(k.startswith("x_counted_") or k in ("x_pair", "x_shape") for k in keys)


def test_a_table_keeps_a_key_it_met_and_stops_at_its_bound() -> None:
    table, fill = MODULE.KEYED_1, MODULE.keyed_1
    table.clear()
    counts = fill(1 << 25)  # every tile simple: 断幺 alone of the block
    assert table == {(1 << 25,): counts}
    assert counts[-1] is True and not any(counts[:-1])
    table.update({(-k,): counts for k in range(1, keyedblocks.KEPT_KEYS)})
    assert len(table) == keyedblocks.KEPT_KEYS
    again = fill(1 << 14)  # every tile a terminal: worked out, not kept
    assert again[1] is True and (1 << 14,) not in table
    table.clear()
