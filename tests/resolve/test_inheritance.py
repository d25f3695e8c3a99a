"""Rulebooks that extend another: overrides merge item by item, removals are checked, new
items may not silently hide the parent's, and inherited items keep their provenance."""

from __future__ import annotations

from pathlib import Path

import pytest

from mjc.compiler.cli.commands import main
from mjc.compiler.driver import compile_file
from mjc.compiler.emit.codegen import generate_module
from mjc.compiler.loader import import_source

HEADER = 'rulebook mine extends guangdong { title "我的广东" version "1" }\n'


def compile_text(tmp_path: Path, text: str) -> tuple[list[str], object]:
    path = tmp_path / "mine.mjr"
    path.write_text(text, encoding="utf-8")
    compilation = compile_file(path, "mine.mjr")
    return [d.code for d in compilation.diagnostics if d.severity == "error"], compilation


def test_child_inherits_everything_it_does_not_change(tmp_path: Path) -> None:
    codes, compilation = compile_text(tmp_path, HEADER)
    assert codes == []
    book = compilation.rulebook  # type: ignore[attr-defined]
    assert book.extends == "guangdong"
    assert len(book.fans) == 25 and book.tiles.total == 136
    # Inherited fans keep the parent's file: docs and diagnostics can say where they came from.
    chicken = next(f for f in book.fans if f.id == "chicken")
    assert chicken.at.file == "rulebooks/guangdong.mjr"


def test_override_replaces_only_the_items_it_states(tmp_path: Path) -> None:
    text = HEADER + 'override fan chicken "鸡胡" { value 2 convention "this table pays 2" }\n'
    codes, compilation = compile_text(tmp_path, text)
    assert codes == []
    book = compilation.rulebook  # type: ignore[attr-defined]
    chicken = next(f for f in book.fans if f.id == "chicken")
    assert chicken.value == 2 and chicken.tier == "within"
    assert chicken.examples  # kept from the parent
    module = import_source(generate_module(book), "mjc_mine", "mine.mjr")
    assert module.RULESET.score("123m456p999m22z [789s]").total == 2


def test_remove_fan_and_add_a_new_one(tmp_path: Path) -> None:
    text = HEADER + (
        "remove fan human_hand\n"
        'fan double_east "双东" { value 2 when seat_wind == 1z and round_wind == 1z '
        'when any m in melds: m.is_pung and m.tile == 1z example "111z123m456p789s55m" }\n'
    )
    codes, compilation = compile_text(tmp_path, text)
    assert codes == []
    ids = [f.id for f in compilation.rulebook.fans]  # type: ignore[attr-defined]
    assert "human_hand" not in ids and "double_east" in ids


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ('fan chicken "鸡胡" { value 3 }\n', "E0112"),
        ('override fan chiken "鸡胡" { value 3 }\n', "E0113"),
        ("remove fan nothing_here\n", "E0113"),
        ("remove fan mixed_one_suit\n", "E0114"),
        ('option seven_pairs "七对": toggle = on\n', "E0112"),
    ],
)
def test_inheritance_mistakes_are_diagnosed(tmp_path: Path, text: str, code: str) -> None:
    codes, _ = compile_text(tmp_path, HEADER + text)
    assert code in codes


def test_override_without_a_parent(tmp_path: Path) -> None:
    text = Path("rulebooks/guangdong.mjr").read_text(encoding="utf-8")
    codes, _ = compile_text(tmp_path, text + '\noverride fan chicken "鸡胡" { value 2 }\n')
    assert "E0113" in codes


def test_missing_parent_and_cycles(tmp_path: Path) -> None:
    codes, _ = compile_text(tmp_path, 'rulebook a extends nowhere { title "a" }\n')
    assert codes == ["E0115"]
    (tmp_path / "b.mjr").write_text('rulebook b extends "c.mjr" { title "b" }\n', "utf-8")
    (tmp_path / "c.mjr").write_text('rulebook c extends "b.mjr" { title "c" }\n', "utf-8")
    compilation = compile_file(tmp_path / "b.mjr", "b.mjr")
    assert "E0115" in [d.code for d in compilation.diagnostics]
    assert "circle" in " ".join(d.message for d in compilation.diagnostics)


def test_diagnostics_in_a_parent_show_the_parents_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "mine.mjr"
    path.write_text(HEADER + "remove fan mixed_one_suit\n", encoding="utf-8")
    assert main(["check", str(path)]) == 1
    err = capsys.readouterr().err
    assert "rulebooks/guangdong.mjr:" in err and "when mixed_one_suit and all_pungs" in err


def test_mjc_new_scaffolds_a_variant_that_compiles(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "variant.mjr"
    assert main(["new", "variant", "--from", "guangdong", "-o", str(target)]) == 0
    assert "extends guangdong" in target.read_text(encoding="utf-8")
    assert main(["check", str(target)]) == 0
    assert main(["new", "variant", "--from", "guangdong", "-o", str(target)]) == 2  # exists
    assert main(["new", "bad-name", "--from", "guangdong"]) == 2
    link = tmp_path / "link.mjr"  # a link to nothing: writing through it would create x.mjr
    link.symlink_to(tmp_path / "x.mjr")
    assert main(["new", "variant", "--from", "guangdong", "-o", str(link)]) == 2
    assert not (tmp_path / "x.mjr").exists()


def test_mjc_new_writes_the_parents_fan_name_as_text_of_its_comment_never_as_rulebook_text(
    tmp_path: Path,
) -> None:
    """A fan's name is a string the parent may fill with escapes (`\\n`, `\\"`): the
    scaffold writes them back as escapes, so the name stays inside the comment that shows it
    (a newline there would start a line of rulebook text in the variant)."""
    source = (Path(__file__).parents[2] / "rulebooks" / "guangdong.mjr").read_text("utf-8")
    evil = 'a\\nrulebook evil { }\\"'
    parent = tmp_path / "parent.mjr"
    parent.write_text(source.replace('fan chicken "鸡胡"', f'fan chicken "{evil}"', 1), "utf-8")
    assert main(["check", str(parent)]) == 0
    target = tmp_path / "variant.mjr"
    assert main(["new", "variant", "--from", str(parent), "-o", str(target)]) == 0
    lines = target.read_text(encoding="utf-8").splitlines()
    assert f'#   override fan chicken "{evil}" {{ value 2 }}' in lines
    assert not any(line.startswith("rulebook evil") for line in lines)


def test_mjc_new_from_108_starts_a_rulebook_of_the_three_suits_that_checks(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`mjc new NAME --from 108`: a 108-tile rulebook of its own (万筒条, no honours, no flowers)
    that `mjc check` accepts as written, its examples scored."""
    target = tmp_path / "sichuan_like.mjr"
    assert main(["new", "sichuan_like", "--from", "108", "-o", str(target)]) == 0
    assert "108-tile" in capsys.readouterr().out
    text = target.read_text(encoding="utf-8")
    assert "extends" not in text and "total 108" in text
    assert not any(word in text for word in ("winds copies", "dragons copies", "flowers copies"))
    assert main(["check", str(target)]) == 0
    assert "ok:" in capsys.readouterr().out
    book = compile_file(target).rulebook
    assert book is not None and book.id == "sichuan_like"
    assert main(["new", "sichuan_like", "--from", "108", "-o", str(target)]) == 2  # exists
