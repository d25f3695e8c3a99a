"""The symbol index: declarations and uses of fans, options, choices, tiers and shapes,
with their spans, across `extends`."""

from __future__ import annotations

from pathlib import Path

from mjc.compiler.lsp.index import build_index
from mjc.compiler.syntax.sources import bundled_rulebooks

from .books import BROKEN, CHILD, write_books


def test_a_bundled_rulebook_indexes_every_fan_and_option_it_declares() -> None:
    path = bundled_rulebooks()["baise"]
    index = build_index(path.read_text(encoding="utf-8"), str(path), path.parent)
    assert index is not None
    assert "plain" in index.names("fan") and "wang" in index.names("option")
    assert {"basic", "big"} <= set(index.names("tier"))
    assert {"standard", "seven_pairs"} <= set(index.names("shape"))


def test_a_choice_compared_with_an_option_is_a_use_of_that_choice() -> None:
    path = bundled_rulebooks()["baise"]
    index = build_index(path.read_text(encoding="utf-8"), str(path), path.parent)
    assert index is not None
    uses = index.uses("choice", "wang.da")
    assert [u.is_declaration for u in uses].count(True) == 1 and len(uses) > 1


def test_a_span_is_where_the_name_is_written(tmp_path: Path) -> None:
    _, child = write_books(tmp_path)
    index = build_index(CHILD, str(child), tmp_path)
    assert index is not None
    [use] = [r for r in index.references if r.name == "pure"]
    line = CHILD.split("\n")[use.span.line - 1]
    assert line[use.span.column - 1 : use.span.end_column - 1] == "pure"


def test_names_resolve_up_the_extends_chain(tmp_path: Path) -> None:
    parent, child = write_books(tmp_path)
    index = build_index(CHILD, str(child), tmp_path)
    assert index is not None
    pure = index.lookup("fan", "pure")
    chicken = index.lookup("fan", "chicken")
    assert pure is not None and pure.span.file == str(parent)
    assert chicken is not None and Path(chicken.span.file) == bundled_rulebooks()["guangdong"]


def test_a_parent_named_by_path_is_editable_and_a_bundled_one_is_not(tmp_path: Path) -> None:
    _, child = write_books(tmp_path)
    index = build_index(CHILD, str(child), tmp_path)
    assert index is not None and index.parent is not None
    assert index.editable_parent and not index.parent.editable_parent


def test_at_finds_the_name_under_a_position(tmp_path: Path) -> None:
    _, child = write_books(tmp_path)
    index = build_index(CHILD, str(child), tmp_path)
    assert index is not None
    row = next(i for i, line in enumerate(CHILD.split("\n")) if "excludes" in line)
    column = CHILD.split("\n")[row].index("chicken") + 1
    found = index.at(row + 1, column + 3)
    assert found is not None and (found.kind, found.name) == ("fan", "chicken")


def test_unknown_names_are_not_uses(tmp_path: Path) -> None:
    _, child = write_books(tmp_path)
    index = build_index(BROKEN, str(child), tmp_path)
    assert index is not None
    assert not {"wthin", "lucy", "chickn"} & {r.name for r in index.references}


def test_text_that_does_not_parse_has_no_index() -> None:
    assert build_index("fan {{{", "x.mjr") is None


def test_a_missing_parent_leaves_the_index_without_one(tmp_path: Path) -> None:
    text = CHILD.replace('"parent.mjr"', '"nowhere.mjr"')
    index = build_index(text, str(tmp_path / "c.mjr"), tmp_path)
    assert index is not None and index.parent is None
