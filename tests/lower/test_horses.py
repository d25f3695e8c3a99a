"""The `horses` section through the pipeline: parsed with spans, one section per rulebook,
inherited by a variant unless it writes its own, lowered to tables of seat offsets, and
generated into a module that mypy accepts and that exposes `HORSE_TABLES`, `HORSE_KINDS`,
`horses()` and `horse_seat()`."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from mjc.compiler import ir
from mjc.compiler.driver import compile_file, compile_source
from mjc.compiler.emit.codegen import generate_module
from mjc.compiler.loader import bundled_rulebooks, import_source
from mjc.compiler.lower.horsetables import compact
from mjc.compiler.syntax import ast
from mjc.compiler.syntax.parse import parse
from mjc.runtime import NOBODY, Situation, tile_index

BASE = """rulebook mini { title "迷你" }
players 4, 3
tiles { characters copies 4 dots copies 4 bamboo copies 4 winds copies 4 dragons copies 4 }
shapes { standard }
scoring { unit "番" tier base "番" add }
option buy "买马": choice(none "无马", 1 "1马", 2 "2马") = none
option n "抓几马": number 1..4 = 2
fan chicken "鸡胡" { value 1 }
"""
TABLE_4 = """  table 4 {
    dealer   ranks 1, 5, 9  tiles 7z, 1z  source "庄家"
    next     ranks 2, 6     tiles 2z, 6z
    opposite ranks 3, 7     tiles 3z, 5z
    previous ranks 4, 8     tiles 4z
  } source "四人场"
"""
HORSES = (
    "horses {\n"
    + TABLE_4
    + """  bought option.buy per player if option.buy != none
  grabbed option.n * 2 when self_drawn and not dealer
}
"""
)


def compiled(text: str) -> ir.Rulebook:
    compilation = compile_source(text, "mini.mjr")
    assert compilation.ok and compilation.rulebook is not None, [
        d.message for d in compilation.diagnostics
    ]
    return compilation.rulebook


def test_horses_parse_into_ast_nodes_with_spans() -> None:
    book, problems = parse(BASE + HORSES, "mini.mjr")
    assert problems == [] and book is not None
    (horses,) = [s for s in book.sections if isinstance(s, ast.Horses)]
    (table,) = horses.tables
    assert table.players.value == 4 and table.span.line == 10
    dealer = table.rows[0]
    assert dealer.seat.text == "dealer"
    assert [r.value for r in dealer.ranks] == [1, 5, 9]
    assert [t.text for t in dealer.tiles] == ["7z", "1z"]
    assert (dealer.seat.span.line, dealer.seat.span.column) == (11, 5)
    assert [p.text for p in dealer.provenance] == ["庄家"]
    bought, grabbed = horses.kinds
    assert bought.kind.text == "bought" and bought.per is not None and bought.condition is None
    assert grabbed.per is None and grabbed.condition is not None and grabbed.guard is None


def test_a_second_horses_section_is_an_error() -> None:
    compilation = compile_source(BASE + HORSES + "horses { }\n", "mini.mjr")
    assert [d.code for d in compilation.diagnostics] == ["E0502"]
    assert "second `horses` section" in compilation.diagnostics[0].message


def test_lowered_table_is_a_seat_offset_per_tile() -> None:
    book = compiled(BASE + HORSES)
    (table,) = book.horses.tables
    assert table.players == 4 and len(table.seats) == 42
    assert table.seats[tile_index("9p")] == 0 and table.seats[tile_index("6z")] == 1
    assert table.seats[tile_index("5z")] == 2 and table.seats[tile_index("8s")] == 3
    assert table.seats[tile_index("1f")] == NOBODY
    assert table.unlisted == ()
    assert [r.seat for r in table.rows] == ["dealer", "next", "opposite", "previous"]


def test_generated_module_exposes_tables_kinds_and_horse_seat(tmp_path: Path) -> None:
    module = import_source(generate_module(compiled(BASE + HORSES)), "mjc_test_mini", "mini")
    assert module.HORSE_TABLES[4][tile_index("1m")] == 0
    assert module.horse_seat("2m", 4, 3) == 0
    assert [k.kind for k in module.HORSE_KINDS] == ["bought", "grabbed"]
    options = module.RULESET.resolve_options({"buy": "2", "n": 3})
    assert [(k.kind, n) for k, n in module.horses(options)] == [("bought", 2), ("grabbed", 6)]
    won_by_dealer = Situation(winning_tile=0, self_drawn=True, dealer=True)
    assert [k.kind for k, _ in module.horses(options, won_by_dealer)] == ["bought"]
    assert module.HORSES.kinds == module.HORSE_KINDS


def test_generated_module_without_horses_has_empty_tables() -> None:
    module = import_source(generate_module(compiled(BASE)), "mjc_test_mini_plain", "mini")
    assert module.HORSE_TABLES == {} and module.HORSE_KINDS == ()
    assert module.horses(module.RULESET.resolve_options(None)) == ()


def test_generated_modules_with_horses_pass_mypy(tmp_path: Path) -> None:
    # Both modules in one run of mypy: most of a run is reading the runtime they import.
    modules = []
    for name in ("chaozhou", "baise"):
        compilation = compile_file(bundled_rulebooks()[name], f"rulebooks/{name}.mjr")
        assert compilation.rulebook is not None
        module = tmp_path / f"{name}_module.py"
        module.write_text(generate_module(compilation.rulebook), encoding="utf-8")
        modules.append(str(module))
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", *modules],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_variant_inherits_the_parents_horses(tmp_path: Path) -> None:
    (tmp_path / "parent.mjr").write_text(BASE + HORSES, encoding="utf-8")
    child = tmp_path / "child.mjr"
    child.write_text('rulebook child extends "parent.mjr" { title "子" }\n', encoding="utf-8")
    compilation = compile_file(child, "child.mjr")
    assert compilation.ok and compilation.rulebook is not None
    assert [t.players for t in compilation.rulebook.horses.tables] == [4]
    assert compilation.rulebook.horses.tables[0].at.file.endswith("parent.mjr")


def test_variant_replaces_the_parents_horses_with_its_own(tmp_path: Path) -> None:
    (tmp_path / "parent.mjr").write_text(BASE + HORSES, encoding="utf-8")
    child = tmp_path / "child.mjr"
    child.write_text(
        'rulebook child extends "parent.mjr" { title "子" }\nhorses { bonus 5 }\n',
        encoding="utf-8",
    )
    compilation = compile_file(child, "child.mjr")
    assert compilation.ok and compilation.rulebook is not None
    assert compilation.rulebook.horses.tables == ()
    assert [k.kind for k in compilation.rulebook.horses.kinds] == ["bonus"]


@pytest.mark.parametrize(
    ("tiles", "text"),
    [
        (["4m", "4p", "4s", "8m", "8p", "8s", "4z"], "ranks 4, 8 tiles 4z"),
        (["4m", "8p"], "tiles 4m, 8p"),
        (["1m", "1p", "1s", "2m"], "ranks 1 tiles 2m"),
        ([], ""),
    ],
)
def test_compact_writes_tiles_as_a_table_row_would(tiles: list[str], text: str) -> None:
    assert compact(tile_index(t) for t in tiles) == text
