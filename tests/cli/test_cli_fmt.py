"""`mjc fmt [--check] PATH...` on the command line: exit 0 when every file is formatted, 1 and
a unified diff under `--check` when one is not (the file untouched), rewrites in place
otherwise, refuses a file with a syntax error, and exits 2 on a missing path."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from mjc.compiler import fmt
from mjc.compiler.cli.commands import main

ROOT = Path(__file__).resolve().parents[2]
UNFORMATTED = 'rulebook x {  title "X"\n  # kept\n}\nplayers 4   source "four"\n'
FORMATTED = 'rulebook x {\n  title "X"\n  # kept\n}\nplayers 4\n  source "four"\n'


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_check_passes_on_the_bundled_rulebooks_folder(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "fmt", "--check", str(ROOT / "rulebooks"))
    assert (code, out) == (0, "")


def test_check_prints_a_diff_and_fails_without_touching_the_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "x.mjr"
    path.write_text(UNFORMATTED, encoding="utf-8")
    code, out, err = run(capsys, "fmt", "--check", str(path))
    assert code == 1
    assert out.startswith(f"--- {path} (as written)\n+++ {path} (formatted)\n")
    assert '-players 4   source "four"\n' in out and '+  source "four"\n' in out
    assert f"would reformat {path}" in err
    assert path.read_text(encoding="utf-8") == UNFORMATTED


def test_without_check_the_file_is_rewritten_and_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "x.mjr"
    path.write_text(UNFORMATTED, encoding="utf-8")
    code, out, _ = run(capsys, "fmt", str(path))
    assert (code, out) == (0, f"reformatted {path}\n")
    assert path.read_text(encoding="utf-8") == FORMATTED
    assert [p.name for p in tmp_path.iterdir()] == ["x.mjr"]  # no temporary file left
    assert run(capsys, "fmt", str(path))[:2] == (0, "")


def test_a_folder_formats_every_rulebook_in_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    shutil.copy(ROOT / "rulebooks" / "meizhou.mjr", tmp_path / "meizhou.mjr")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "x.mjr").write_text(UNFORMATTED, encoding="utf-8")
    (tmp_path / "notes.txt").write_text("not a rulebook {", encoding="utf-8")
    code, out, _ = run(capsys, "fmt", str(tmp_path))
    assert (code, out) == (0, f"reformatted {tmp_path / 'sub' / 'x.mjr'}\n")


def test_a_file_with_a_syntax_error_is_left_alone_with_its_diagnostic(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "broken.mjr"
    path.write_text("rulebook x {\n", encoding="utf-8")
    code, _, err = run(capsys, "fmt", str(path))
    assert code == 1
    assert "error[E0001]" in err
    assert path.read_text(encoding="utf-8") == "rulebook x {\n"


def test_a_missing_path_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "fmt", "no/such/rulebook.mjr")
    assert code == 2
    assert err.strip() == "mjc: error: no such file or folder: no/such/rulebook.mjr"


def test_a_formatter_failure_leaves_the_file_and_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(text: str, file: str) -> str:
        raise fmt.FormatError(f"{file}: the formatter would change more than whitespace")

    monkeypatch.setattr(fmt, "format_text", broken)
    path = tmp_path / "x.mjr"
    path.write_text(UNFORMATTED, encoding="utf-8")
    code, _, err = run(capsys, "fmt", str(path))
    assert code == 1
    assert "would change more than whitespace" in err and "left as it is" in err
    assert path.read_text(encoding="utf-8") == UNFORMATTED
