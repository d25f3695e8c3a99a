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
    # The chows' held board is worked out from the count board: not a key of its own.
    assert re.findall(r"(x_\w+): int", head.group(1)) == [
        "x_chow_board",
        "x_chow_count",
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
    # Lengths are summary-made; the chows' held board too, but the count board it is made
    # from is a key already; the concealed pungs counted (x_counted_3) read the winning meld
    # and self_drawn, facts of the reading.
    assert {"x_len_chows", "x_chow_count", "x_tile_all"} <= keys
    assert "x_chow_held" not in keys
    assert not any(k.startswith("x_counted_") or k in ("x_pair", "x_shape") for k in keys)


def test_a_local_made_from_the_key_is_worked_out_where_it_is_read() -> None:
    # keyed_2 works the held board out from its count board; score_fans only under the
    # test of the chow limit that reads it, not in the prelude of every reading.
    start = SOURCE.index("def keyed_2(")
    fill = SOURCE[start : SOURCE.index("return found", start)]
    assert re.search(r"\n    x_chow_held = \(\n\s+\(x_chow_count\n", fill)
    prelude = _SCORE_FANS[: _SCORE_FANS.index("# Fans that need")]
    assert "x_chow_held" not in prelude
    limit = re.search(r"\n    if f_pure_double_chow or [^\n]*:\n(.*?)\n    if ", _SCORE_FANS, re.S)
    assert limit is not None
    assert limit.group(1).lstrip().startswith("# x_chow_held: worked out here")
    assert re.search(r"\n        x_chow_held = \(", limit.group(1))


def test_a_late_local_stays_in_the_prelude_when_read_outside_one_block() -> None:
    from mjc.compiler.emit import scoring
    from mjc.compiler.pysource.pywriter import CodeWriter

    def written(*lines: str) -> CodeWriter:
        body = CodeWriter(indent=1)
        for line in lines:
            body.line(line)
        return body

    one = written("y = 1", "if a:", "    z = x_h + 1", "    w = x_h", "b = 2")
    body, late = scoring.bind_late(one, {"x_h": "x_c >> 3"})
    assert late == {"x_h"}
    assert body.lines() == [
        "    y = 1",
        "    if a:",
        "        # x_h: worked out here, the one place of score_fans that reads it",
        "        x_h = x_c >> 3",
        "        z = x_h + 1",
        "        w = x_h",
        "    b = 2",
    ]
    for lines in (
        ("if a:", "    z = x_h", "if b:", "    w = x_h"),  # two blocks
        ("z = x_h",),  # at the top level
        ("if x_h:", "    z = 1"),  # the block's own test
        ("if a:", "    z = 1", "else:", "    z = x_h"),  # its else
    ):
        body, late = scoring.bind_late(written(*lines), {"x_h": "x_c >> 3"})
        assert late == frozenset() and body.lines() == written(*lines).lines(), lines
    body, late = scoring.bind_late(written("if a:", "    z = 1"), {"x_h": "x_c >> 3"})
    assert late == {"x_h"} and body.lines() == ["    if a:", "        z = 1"]  # read nowhere
    # Read by tokens: a `#` in a text before the name is no comment, a comment or a text
    # naming it reads nothing, an attribute of that name is not the local.
    hidden = ("if a:", '    z = "#" + str(x_h)', "if b:", "    w = x_h")
    body, late = scoring.bind_late(written(*hidden), {"x_h": "x_c >> 3"})
    assert late == frozenset() and body.lines() == written(*hidden).lines()
    named = ("if a:", "    z = 1  # x_h", '    w = "x_h"', "    v = self.x_h")
    body, late = scoring.bind_late(written(*named), {"x_h": "x_c >> 3"})
    assert late == {"x_h"} and body.lines() == written(*named).lines()


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
