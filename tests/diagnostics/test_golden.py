"""Golden diagnostics: every broken rulebook here renders exactly its `.expected` text.

Each `tests/diagnostics/<CODE>_<what>.mjr` is a small, complete rulebook with one deliberate
mistake; beside it, `<CODE>_<what>.expected` is the plain text `mjc check` prints for it
(`render_text(..., color=False)`), with the file named by its path from the repository root.
The cases that `extends` a rulebook extend one in `tests/diagnostics/parents/`. A case named
otherwise (`recovery_five_mistakes.mjr`) holds several mistakes, and its first line lists the
code of each, in the order they are reported.

To regenerate the expected files after an intended change to a message, run

    MJC_UPDATE_GOLDEN=1 .venv/bin/pytest tests/diagnostics

and review the diff of the `.expected` files by eye before committing them: a golden file is
only as good as the reading it got.

The module also keeps `compiler/diagnostics/codes.py` honest: every registered code has a golden
file that shows it, every code the compiler's source mentions is registered, and `mjc explain` knows
each of them. The end-to-end tests at the bottom plant mistakes in a copy of the bundled Guangdong
rulebook and run `mjc check` on it in every output format."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest

from mjc.compiler.cli.commands import main
from mjc.compiler.diagnostics import codes, render_text
from mjc.compiler.driver import compile_file
from mjc.compiler.version import MJC_VERSION

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
COMPILER = ROOT / "compiler"
GUANGDONG = ROOT / "rulebooks" / "guangdong.mjr"
UPDATE = os.environ.get("MJC_UPDATE_GOLDEN") == "1"

CASES = sorted(HERE.glob("*.mjr"))
CODED = [c for c in CASES if re.match(r"[EW]\d{4}_", c.stem)]
SEVERAL = [c for c in CASES if c not in CODED]
CODE_PATTERN = re.compile(r'"([EW]0\d{3})"')
HEADLINE = re.compile(r"^(?:error|warning|note)\[([EW]\d{4})\]", re.MULTILINE)


@pytest.fixture(autouse=True)
def at_repo_root(monkeypatch: pytest.MonkeyPatch) -> None:
    """Cases are compiled by their path from the repository root, so that the parents they
    extend (`tests/diagnostics/parents/`) are named the same way on every machine."""
    monkeypatch.chdir(ROOT)


def display_name(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def rendered(path: Path) -> str:
    name = display_name(path)
    compilation = compile_file(Path(name), name)
    return render_text(compilation.diagnostics, compilation.sources, color=False)


def expected_path(case: Path) -> Path:
    return case.with_suffix(".expected")


# ------------------------------------------------------------------------------ golden files


@pytest.mark.parametrize("case", CASES, ids=[c.stem for c in CASES])
def test_golden_output(case: Path) -> None:
    actual = rendered(case)
    golden = expected_path(case)
    if UPDATE:
        golden.write_text(actual, encoding="utf-8")
        return
    assert golden.exists(), f"no {golden.name}: run with MJC_UPDATE_GOLDEN=1 and review it"
    assert actual == golden.read_text(encoding="utf-8")


@pytest.mark.parametrize("case", CODED, ids=[c.stem for c in CODED])
def test_golden_case_reports_the_code_in_its_name(case: Path) -> None:
    code = case.stem.split("_", 1)[0]
    compilation = compile_file(Path(display_name(case)), display_name(case))
    assert compilation.diagnostics, "a golden case must report something"
    assert {d.code for d in compilation.diagnostics} == {code}, (
        "a golden case should show exactly the mistake it is named after"
    )
    assert not compilation.ok or code.startswith("W")


@pytest.mark.parametrize("case", SEVERAL, ids=[c.stem for c in SEVERAL])
def test_golden_case_of_several_mistakes_reports_the_codes_of_its_first_line(case: Path) -> None:
    first = case.read_text(encoding="utf-8").split("\n", 1)[0]
    codes_listed = re.findall(r"\b[EW]\d{4}\b", first.split(":", 1)[0])
    assert len(codes_listed) > 1, "the first line lists the code of each mistake"
    compilation = compile_file(Path(display_name(case)), display_name(case))
    assert [d.code for d in compilation.diagnostics] == codes_listed
    assert not compilation.ok


def test_every_expected_file_has_its_rulebook() -> None:
    orphans = [p.name for p in HERE.glob("*.expected") if not p.with_suffix(".mjr").exists()]
    assert orphans == []


def test_every_code_has_a_golden_file_that_shows_it() -> None:
    shown: set[str] = set()
    for case in CASES:
        golden = expected_path(case)
        if golden.exists():
            shown |= set(HEADLINE.findall(golden.read_text(encoding="utf-8")))
    # E0003 (an unreadable file) cannot be a rulebook in a folder, and no rulebook that passes
    # the checks makes a module Python refuses (E0901): both are tested on their own instead.
    missing = {c.code for c in codes.CODES} - shown - {"E0003", "E0901"}
    assert missing == set()


def test_every_code_in_the_compiler_source_is_registered() -> None:
    registered = {c.code for c in codes.CODES}
    used: dict[str, str] = {}
    for source in sorted(COMPILER.glob("*.py")):
        for code in CODE_PATTERN.findall(source.read_text(encoding="utf-8")):
            used.setdefault(code, source.name)
    assert used, "the pattern should find the codes the compiler emits"
    unregistered = {code: file for code, file in used.items() if code not in registered}
    assert unregistered == {}


def test_codes_are_unique_and_well_formed() -> None:
    all_codes = [c.code for c in codes.CODES]
    assert len(all_codes) == len(set(all_codes))
    for entry in codes.CODES:
        assert re.fullmatch(r"[EW]0\d{3}", entry.code)
        assert entry.severity == ("warning" if entry.code.startswith("W") else "error")


# ------------------------------------------------------------------------------ E0003


def test_missing_file_is_a_diagnostic_not_an_exception(tmp_path: Path) -> None:
    compilation = compile_file(tmp_path / "missing.mjr", "missing.mjr")
    assert not compilation.ok
    [diagnostic] = compilation.diagnostics
    assert diagnostic.code == "E0003"
    assert diagnostic.message == "cannot read the rulebook: No such file or directory"
    text = render_text(compilation.diagnostics, {compilation.file: compilation.source})
    assert text == (
        "error[E0003]: cannot read the rulebook: No such file or directory\n"
        "\n"
        "error: 1 error emitted\n"
    )


def test_non_utf8_file_is_a_diagnostic_not_an_exception(tmp_path: Path) -> None:
    path = tmp_path / "gbk.mjr"
    path.write_bytes('rulebook gbk { title "广东麻将" }\n'.encode("gbk"))
    compilation = compile_file(path, "gbk.mjr")
    assert not compilation.ok
    [diagnostic] = compilation.diagnostics
    assert diagnostic.code == "E0003"
    assert diagnostic.message.startswith("cannot read the rulebook: ")
    assert "utf-8" in diagnostic.message
    render_text(compilation.diagnostics, {compilation.file: compilation.source})


def test_check_of_a_missing_path_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "no/such/rulebook.mjr"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("mjc: error: no rulebook named")


# ------------------------------------------------------------------------------ mjc explain


@pytest.mark.parametrize("code", [c.code for c in codes.CODES])
def test_explain_every_code(code: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", code]) == 0
    out = capsys.readouterr().out
    entry = codes.lookup(code)
    assert entry is not None
    assert out.startswith(f"{code} ({entry.severity}): {entry.summary}\n")
    assert "Example:" in out and "Fix: " in out


def test_explain_is_case_insensitive(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", "e0101"]) == 0
    assert capsys.readouterr().out.startswith("E0101 (error): unknown name")


def test_explain_unknown_code_is_a_one_line_usage_error(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["explain", "E9999"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1
    assert captured.err.startswith("mjc: error: no diagnostic code 'E9999'")


# ------------------------------------------------------------------------------ guangdong


def planted(tmp_path: Path, *replacements: tuple[str, str]) -> Path:
    """A copy of the bundled Guangdong rulebook with each `old` text replaced once."""
    text = GUANGDONG.read_text(encoding="utf-8")
    for old, new in replacements:
        assert text.count(old) == 1, f"the rulebook no longer contains {old!r} exactly once"
        text = text.replace(old, new)
    path = tmp_path / "guangdong.mjr"
    path.write_text(text, encoding="utf-8")
    return path


MISSPELT_FAN = ("when mixed_one_suit and all_pungs", "when mixd_one_suit and all_pungs")
COUNT_AS_FACT = (
    "when (count m in melds: m.is_pung and m.is_dragon) == 3",
    "when count m in melds: m.is_pung and m.is_dragon",
)


def line_of(path: Path, text: str) -> int:
    lines = path.read_text(encoding="utf-8").splitlines()
    return next(i for i, line in enumerate(lines, 1) if text in line)


def test_guangdong_is_clean(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(GUANGDONG)]) == 0
    captured = capsys.readouterr()
    assert captured.err == ""
    assert captured.out == f"ok: {GUANGDONG}\n"


def test_guangdong_by_name_is_clean(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "guangdong"]) == 0
    assert capsys.readouterr().out == "ok: rulebooks/guangdong.mjr\n"


def test_guangdong_with_two_mistakes_reports_both_with_carets(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = planted(tmp_path, MISSPELT_FAN, COUNT_AS_FACT)
    assert main(["check", "--color", "never", str(path)]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    err = captured.err
    name_line = line_of(path, "when mixd_one_suit")
    type_line = line_of(path, "when count m in melds")
    count = COUNT_AS_FACT[1].removeprefix("when ")
    pad = " " * len(str(name_line))
    assert (
        "error[E0101]: unknown name `mixd_one_suit`\n"
        f"{pad}--> {path}:{name_line}:8\n"
        f"{pad} |\n"
        f"{name_line} |   when mixd_one_suit and all_pungs\n"
        f"{pad} |        {'^' * len('mixd_one_suit')} "
    ) in err
    assert f"{pad} = help: did you mean `mixed_one_suit` (混一色)?\n" in err
    pad = " " * len(str(type_line))
    assert (
        "error[E0201]: a fan condition must be a true/false fact, but this is a number\n"
        f"{pad}--> {path}:{type_line}:8\n"
        f"{pad} |\n"
        f"{type_line} |   {COUNT_AS_FACT[1]}\n"
        f"{pad} |        {'^' * len(count)} this is a number\n"
    ) in err
    assert err.endswith("error: 2 errors emitted\n")


def test_guangdong_with_a_syntax_error_says_what_was_expected(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = planted(tmp_path, ('fan all_pungs "碰碰胡" "All Pungs" {', "fan all_pungs 碰碰胡 {"))
    assert main(["check", "--color", "never", str(path)]) == 1
    err = capsys.readouterr().err
    line = line_of(path, "fan all_pungs 碰碰胡")
    pad = " " * len(str(line))
    assert (
        "error[E0001]: unexpected character `碰`\n"
        f"{pad}--> {path}:{line}:15\n"
        f"{pad} |\n"
        f"{line} | fan all_pungs 碰碰胡 {{\n"
        f"{pad} |               ^^ expected a string in double quotes\n"
        f"{pad} |\n"
        f'{pad} = help: names of things in Chinese or English are strings: write "碰碰胡"\n'
    ) in err
    assert err.endswith("error: 1 error emitted\n")


def test_guangdong_check_json_has_the_documented_shape(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = planted(tmp_path, MISSPELT_FAN, COUNT_AS_FACT)
    assert main(["check", "--format", "json", str(path)]) == 1
    document = json.loads(capsys.readouterr().out)
    assert list(document) == ["version", "diagnostics"]
    assert document["version"] == MJC_VERSION
    keys = [
        "code",
        "severity",
        "message",
        "file",
        "line",
        "column",
        "end_line",
        "end_column",
        "help",
    ]
    name_line = line_of(path, "when mixd_one_suit")
    type_line = line_of(path, "when count m in melds")
    assert document["diagnostics"] == [
        {
            "code": "E0101",
            "severity": "error",
            "message": "unknown name `mixd_one_suit`",
            "file": str(path),
            "line": name_line,
            "column": 8,
            "end_line": name_line,
            "end_column": 21,
            "help": "did you mean `mixed_one_suit` (混一色)?",
        },
        {
            "code": "E0201",
            "severity": "error",
            "message": "a fan condition must be a true/false fact, but this is a number",
            "file": str(path),
            "line": type_line,
            "column": 8,
            "end_line": type_line,
            "end_column": 8 + len(COUNT_AS_FACT[1].removeprefix("when ")),
            "help": "compare the number with something, for example `... >= 1`",
        },
    ]
    for item in document["diagnostics"]:
        assert list(item) == keys


def test_json_columns_count_code_points_not_cells(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = planted(tmp_path, ('fan all_pungs "碰碰胡" "All Pungs" {', "fan all_pungs 碰碰胡 {"))
    assert main(["check", "--format", "json", str(path)]) == 1
    [item] = json.loads(capsys.readouterr().out)["diagnostics"]
    assert (item["code"], item["column"], item["end_column"]) == ("E0001", 15, 16)


def test_guangdong_check_github_annotations(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = planted(tmp_path, MISSPELT_FAN, COUNT_AS_FACT)
    assert main(["check", "--format", "github", str(path)]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2
    pattern = re.compile(
        r"::error file=(?P<file>[^,]+),line=(?P<line>\d+),col=(?P<col>\d+),"
        r"endLine=\d+,endColumn=\d+,title=(?P<code>[EW]\d{4})::(?P<message>.+)"
    )
    found = [pattern.fullmatch(line) for line in lines]
    assert all(found), lines
    assert [m["code"] for m in found if m] == ["E0101", "E0201"]
    assert {m["file"].replace("%3A", ":") for m in found if m} == {str(path)}
    assert [int(m["line"]) for m in found if m] == [
        line_of(path, "when mixd_one_suit"),
        line_of(path, "when count m in melds"),
    ]


def test_guangdong_check_sarif_log(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = planted(tmp_path, MISSPELT_FAN, COUNT_AS_FACT)
    assert main(["check", "--format", "sarif", str(path)]) == 1
    log = json.loads(capsys.readouterr().out)
    assert log["version"] == "2.1.0"
    assert log["$schema"].endswith("sarif-schema-2.1.0.json")
    [run] = log["runs"]
    driver = run["tool"]["driver"]
    assert driver["name"] == "mjc" and driver["version"] == MJC_VERSION
    rule_ids = [rule["id"] for rule in driver["rules"]]
    assert rule_ids == ["E0101", "E0201"]
    for rule in driver["rules"]:
        entry = codes.lookup(rule["id"])
        assert entry is not None and rule["shortDescription"]["text"] == entry.summary
    assert run["columnKind"] == "unicodeCodePoints"
    results = run["results"]
    assert [r["ruleId"] for r in results] == ["E0101", "E0201"]
    for result in results:
        assert result["level"] == "error"
        assert rule_ids[result["ruleIndex"]] == result["ruleId"]
        assert result["message"]["text"]
        [location] = result["locations"]
        physical = location["physicalLocation"]
        assert physical["artifactLocation"]["uri"].endswith("guangdong.mjr")
        region = physical["region"]
        assert region["startLine"] >= 1 and region["startColumn"] >= 1
        assert region["endLine"] >= region["startLine"]
        assert region["endColumn"] > region["startColumn"]


def test_clean_check_in_machine_formats(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "--format", "json", str(GUANGDONG)]) == 0
    assert json.loads(capsys.readouterr().out) == {"version": MJC_VERSION, "diagnostics": []}
    assert main(["check", "--format", "github", str(GUANGDONG)]) == 0
    assert capsys.readouterr().out == ""
    assert main(["check", "--format", "sarif", str(GUANGDONG)]) == 0
    assert json.loads(capsys.readouterr().out)["runs"][0]["results"] == []
