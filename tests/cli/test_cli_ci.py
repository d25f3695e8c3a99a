"""What a rulebook repository's CI runs: `mjc check FOLDER` checks every rulebook below the folder
(their parents included), and `mjc build --check` fails, writing nothing, when the committed
generated modules or docs pages are missing or out of date."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mjc.compiler.cli.commands import main
from mjc.compiler.loader import bundled_rulebooks

VARIANT = """\
rulebook {name} extends {parent} {{
  title "{name}"
  version "0.1"
  convention "a test variant"
}}
"""


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def _variant(path: Path, parent: str = "guangdong") -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(VARIANT.format(name=path.stem, parent=parent), encoding="utf-8")
    return path


def _files(folder: Path) -> dict[Path, bytes]:
    return {p: p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_check_on_a_folder_checks_every_rulebook_below_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _variant(tmp_path / "a.mjr")
    _variant(tmp_path / "regional" / "b.mjr")
    code, out, err = run(capsys, "check", str(tmp_path))
    assert code == 0, err
    assert out.splitlines() == [f"ok: {tmp_path / 'a.mjr'}", f"ok: {tmp_path / 'regional/b.mjr'}"]


def test_check_on_a_folder_skips_hidden_folders(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _variant(tmp_path / "a.mjr")
    (tmp_path / ".git").mkdir()
    (tmp_path / ".git" / "old.mjr").write_text("not a rulebook {", encoding="utf-8")
    code, out, _ = run(capsys, "check", str(tmp_path))
    assert code == 0
    assert out.splitlines() == [f"ok: {tmp_path / 'a.mjr'}"]


def test_check_on_a_folder_reports_a_broken_parent_in_it_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "base.mjr").write_text('rulebook base {\n  title "base"\n', encoding="utf-8")
    _variant(tmp_path / "child.mjr", parent='"base.mjr"')
    code, out, _ = run(capsys, "check", "--format", "json", str(tmp_path))
    assert code == 1
    diagnostics = json.loads(out)["diagnostics"]
    in_parent = [d for d in diagnostics if d["file"].endswith("base.mjr")]
    assert [d["code"] for d in in_parent] == ["E0001"]  # once, not once per compilation
    assert any(d["file"].endswith("child.mjr") for d in diagnostics)


def test_check_on_a_folder_checks_a_parent_outside_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "base.mjr").write_text('rulebook base {\n  title "base"\n', encoding="utf-8")
    _variant(tmp_path / "variants" / "child.mjr", parent='"../base.mjr"')
    code, out, _ = run(capsys, "check", "--format", "github", str(tmp_path / "variants"))
    assert code == 1
    assert out.startswith("::error file=") and "base.mjr" in out and "E0001" in out


def test_check_on_a_folder_without_rulebooks_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "notes.txt").write_text("no rulebooks here", encoding="utf-8")
    code, _, err = run(capsys, "check", str(tmp_path))
    assert code == 2
    assert err == f"mjc: error: {str(tmp_path)!r} is a folder holding no rulebook (*.mjr) files\n"


def test_build_check_passes_on_what_build_just_wrote(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    book = _variant(tmp_path / "variant.mjr")
    out_dir, docs = tmp_path / "out", tmp_path / "pages"
    assert run(capsys, "build", str(book), "-o", str(out_dir), "--docs-dir", str(docs))[0] == 0
    before = _files(tmp_path)
    code, out, _ = run(
        capsys, "build", "--check", str(book), "-o", str(out_dir), "--docs-dir", str(docs)
    )
    assert code == 0
    assert out.startswith("up to date: ")
    assert _files(tmp_path) == before


def test_build_check_lists_stale_and_missing_files_and_writes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    book = _variant(tmp_path / "variant.mjr")
    out_dir, docs = tmp_path / "out", tmp_path / "pages"
    run(capsys, "build", str(book), "-o", str(out_dir), "--docs-dir", str(docs))
    module = out_dir / "modules" / "variant.py"
    page = docs / "rulebooks" / "variant.md"
    module.write_text(module.read_text(encoding="utf-8") + "# edited by hand\n", encoding="utf-8")
    page.unlink()
    # The rulebook changes after the build: its page and module are now out of date.
    book.write_text(book.read_text(encoding="utf-8").replace('"0.1"', '"0.2"'), encoding="utf-8")
    before = _files(tmp_path)
    code, out, err = run(
        capsys, "build", "--check", str(book), "-o", str(out_dir), "--docs-dir", str(docs)
    )
    assert code == 1
    assert f"stale: {module}" in out.splitlines()
    assert f"missing: {page}" in out.splitlines()
    assert "out of date" in err
    assert _files(tmp_path) == before


def test_build_check_into_an_empty_folder_reports_everything_missing_and_creates_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    name = next(iter(bundled_rulebooks()))
    code, out, _ = run(capsys, "build", "--check", name, "-o", str(tmp_path / "out"))
    assert code == 1
    assert f"missing: {tmp_path / 'out' / 'modules' / f'{name}.py'}" in out.splitlines()
    assert not (tmp_path / "out").exists()


def test_build_check_fails_on_a_broken_rulebook_like_build(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    broken = tmp_path / "broken.mjr"
    broken.write_text("rulebook broken {", encoding="utf-8")
    code, _, err = run(capsys, "build", "--check", str(broken), "-o", str(tmp_path / "out"))
    assert code == 1
    assert "E0001" in err
    assert not (tmp_path / "out").exists()


def test_build_takes_a_folder_of_rulebooks_like_check(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _variant(tmp_path / "books" / "a.mjr")
    _variant(tmp_path / "books" / "more" / "b.mjr")
    code, _, _ = run(capsys, "build", str(tmp_path / "books"), "-o", str(tmp_path / "out"))
    assert code == 0
    assert (tmp_path / "out" / "modules" / "a.py").is_file()
    assert (tmp_path / "out" / "modules" / "b.py").is_file()


EXAMPLE_WORKFLOW = Path(__file__).resolve().parents[2] / "examples" / "github-workflow.yml"
CI_PAGE = Path(__file__).resolve().parents[2] / "docs" / "ci.md"


def _workflow_steps() -> list[dict[str, object]]:
    import yaml

    workflow = yaml.safe_load(EXAMPLE_WORKFLOW.read_text(encoding="utf-8"))
    steps: list[dict[str, object]] = workflow["jobs"]["check"]["steps"]
    return steps


def test_the_docs_show_the_example_workflow_as_it_is() -> None:
    blocks = CI_PAGE.read_text(encoding="utf-8").split("```yaml\n")
    assert any(block.startswith(EXAMPLE_WORKFLOW.read_text(encoding="utf-8")) for block in blocks)


def test_the_example_workflow_annotates_and_uploads_sarif_even_when_the_check_fails() -> None:
    steps = _workflow_steps()
    runs = [str(step.get("run", "")) for step in steps]
    assert "mjc check --format github ." in runs
    assert any(r.startswith("mjc check --format sarif . > mjc.sarif") for r in runs)
    [upload] = [s for s in steps if str(s.get("uses", "")).startswith("github/codeql-action/")]
    assert str(upload["uses"]).startswith("github/codeql-action/upload-sarif@")
    assert upload["with"] == {"sarif_file": "mjc.sarif", "category": "mjc"}
    assert str(upload["if"]).startswith("always()")


def test_the_workflows_sarif_step_writes_a_report_of_a_broken_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _variant(tmp_path / "good.mjr")
    (tmp_path / "broken.mjr").write_text("rulebook broken {\n", encoding="utf-8")
    code, out, _ = run(capsys, "check", "--format", "sarif", str(tmp_path))
    assert code == 1
    report = json.loads(out)
    [result] = report["runs"][0]["results"]
    assert result["ruleId"] == "E0001"
    location = result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
    assert location.endswith("broken.mjr")
