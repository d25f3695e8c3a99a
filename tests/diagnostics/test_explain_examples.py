"""Every `mjc explain` page shows a wrong example and its fixed form, and both are true: the
wrong one, placed in a small rulebook where it is a fragment, makes `mjc check` report the
code, and the fixed one makes it report no error at all, and not the code (a warning about
something else, such as horse tiles left to nobody in a one-row table, may stay).

A fragment is placed the way the language reference's examples are
(`tests/docs/test_examples.py`): its own sections replace the small rulebook's, and lines that
start no section are the lines of a fan. The examples that are not rulebook text are commands,
run as written (E0003, E0601), or are exempt below, each with its reason.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from mjc.compiler.cli.commands import main
from mjc.compiler.diagnostics import codes
from mjc.compiler.driver import compile_source

ROOT = Path(__file__).resolve().parents[2]

SMALL_RULEBOOK = {
    "rulebook": 'rulebook example {\n  title "例"\n}\n',
    "players": "players 4\n",
    "tiles": (
        "tiles {\n  characters copies 4\n  dots copies 4\n  bamboo copies 4\n"
        "  winds copies 4\n  dragons copies 4\n}\n"
    ),
    "shapes": "shapes { standard }\n",
    "scoring": 'scoring {\n  unit "番"\n  tier base "番" add\n}\n',
}
SECTION_WORDS = frozenset(
    {
        *SMALL_RULEBOOK, "wilds", "claims", "play", "kongs", "deal_wins", "declarations",
        "horses", "payments", "fu", "points",
        "option", "constraint", "preset", "situation", "fan", "override", "remove",
        "extend",
    }
)  # fmt: skip

# Examples that are no rulebook text, and why each cannot be one.
EXEMPT = {
    "E0004": "the expression that passes a limit is thousands of characters long; the golden "
    "files tests/diagnostics/E0004_*.mjr hold such expressions",
    "E0005": "a rulebook too large for the page; tests/diagnostics/E0005_line_too_long.mjr is one",
    "E0006": "a file that is not text cannot be shown; tests/diagnostics/E0006_*.mjr is one",
    "E0901": "no rulebook that passes the checks makes a module Python refuses: it is a bug "
    "in mjc, tested by tests/emit",
}
COMMANDS = frozenset({"E0003", "E0601"})


def _first_word(code: str) -> str:
    for line in code.splitlines():
        stripped = line.strip()
        if stripped and not stripped.startswith("#"):
            return stripped.split()[0]
    return ""


def as_rulebook(code: str) -> str:
    """A complete rulebook: the example itself when it has a header, else the small rulebook
    with the example's sections in place of its own, and its other lines in a fan."""
    if re.search(r"^rulebook\s", code, re.M):
        return code
    if _first_word(code) not in SECTION_WORDS:
        value = "" if re.search(r"^\s*value\b", code, re.M) else "  value 1\n"
        lines = "\n".join("  " + line for line in code.splitlines())
        code = f'fan example_fan "例番" {{\n{value}{lines}\n}}\n'
    present = {w for w in SMALL_RULEBOOK if re.search(rf"^{w}\b", code, re.M)}
    base = "".join(text for word, text in SMALL_RULEBOOK.items() if word not in present)
    return base + "\n" + code


def reported(example: str) -> list[str]:
    """The codes `mjc check` reports for the example, errors first."""
    compilation = compile_source(as_rulebook(example), "example.mjr", directory=ROOT)
    found = compilation.diagnostics
    return [d.code for d in found if d.severity == "error"] + [
        d.code for d in found if d.severity != "error"
    ]


TEXT_CODES = [c for c in codes.CODES if c.code not in EXEMPT and c.code not in COMMANDS]


@pytest.mark.parametrize("entry", TEXT_CODES, ids=[c.code for c in TEXT_CODES])
def test_the_wrong_example_reports_its_code(entry: codes.Code) -> None:
    assert entry.code in reported(entry.example), as_rulebook(entry.example)


@pytest.mark.parametrize("entry", TEXT_CODES, ids=[c.code for c in TEXT_CODES])
def test_the_fixed_example_reports_no_error_and_not_the_code(entry: codes.Code) -> None:
    assert entry.fixed and entry.fixed != entry.example, "the page shows the example fixed"
    found = reported(entry.fixed)
    assert entry.code not in found and not [c for c in found if c.startswith("E")], (
        f"{found}\n{as_rulebook(entry.fixed)}"
    )


@pytest.mark.parametrize("code", sorted(EXEMPT))
def test_an_exempt_example_still_has_its_fixed_form(code: str) -> None:
    entry = codes.lookup(code)
    assert entry is not None and entry.fixed and entry.fixed != entry.example


def _run(command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    words = shlex.split(command.split("#", 1)[0])
    assert words[0] == "mjc"
    status = main(words[1:])
    captured = capsys.readouterr()
    return status, captured.out + captured.err


def test_e0003_example_is_a_file_that_is_not_utf8(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    entry = codes.lookup("E0003")
    assert entry is not None
    monkeypatch.chdir(tmp_path)
    text = (ROOT / "rulebooks" / "guangdong.mjr").read_text(encoding="utf-8")
    Path("gbk.mjr").write_bytes(text.encode("gb18030"))
    status, out = _run(entry.example, tmp_path, capsys)
    assert status == 1 and "error[E0003]" in out
    convert, check = entry.fixed.split("&&")
    assert convert.split()[:5] == ["iconv", "-f", "GB18030", "-t", "UTF-8"]
    Path(convert.split()[-1]).write_text(text, encoding="utf-8")  # what iconv makes
    status, out = _run(check.strip(), tmp_path, capsys)
    assert status == 0 and "E0003" not in out


def test_e0601_example_is_refused_and_its_fix_scores(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    entry = codes.lookup("E0601")
    assert entry is not None
    status, out = _run(entry.example, tmp_path, capsys)
    assert status == 2 and "error[E0601]" in out
    status, out = _run(entry.fixed, tmp_path, capsys)
    assert status == 0 and "E0601" not in out


@pytest.mark.parametrize("code", [c.code for c in codes.CODES])
def test_explain_shows_the_example_and_the_fixed_example(
    code: str, capsys: pytest.CaptureFixture[str]
) -> None:
    entry = codes.lookup(code)
    assert entry is not None
    assert main(["explain", code]) == 0
    out = capsys.readouterr().out
    indented = lambda text: "\n".join("    " + line for line in text.splitlines())  # noqa: E731
    assert f"Example:\n\n{indented(entry.example)}\n" in out
    assert f"Fixed:\n\n{indented(entry.fixed)}\n" in out


def test_e0122_lists_every_play_rule_and_its_values(capsys: pytest.CaptureFixture[str]) -> None:
    """The help of an unknown play rule sends the reader to `mjc explain E0122`: the page
    lists every rule, what it takes and its default."""
    from mjc.compiler.language.playtext import takes
    from mjc.compiler.language.vocabulary_play import PLAY_VALUES, PLAY_WORDS

    assert main(["explain", "E0122"]) == 0
    out = capsys.readouterr().out
    assert "listed below" in out
    for key in PLAY_WORDS:
        assert re.search(rf"^    {key} +{re.escape(takes(key))}; default ", out, re.M), key
    for key, words in PLAY_VALUES.items():
        assert all(f"`{w}`" in out for w in words), key
