"""The generated module reads like the rulebook: one scoring path, lines within 100 columns,
no dead stubs, and above each fan its rulebook line and its condition as the rulebook writes
it; and `mjc build` compiles every module before it writes it."""

from __future__ import annotations

import ast
import textwrap
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from mjc.compiler.cli import commands as cli
from mjc.compiler.driver import compile_source
from mjc.compiler.emit.codegen import generate_module
from mjc.compiler.ir.pretty import pretty
from mjc.compiler.loader import bundled_rulebooks
from mjc.compiler.pysource.layout import Group, bracketed, call_lines, render
from mjc.compiler.pysource.pysafe import safe_text
from mjc.compiler.pysource.pywriter import wrapped

NAMES = sorted(bundled_rulebooks())


def _build(name: str) -> tuple[str, object]:
    path = bundled_rulebooks()[name]
    compilation = compile_source(path.read_text(encoding="utf-8"), f"rulebooks/{name}.mjr")
    assert compilation.rulebook is not None
    return generate_module(compilation.rulebook), compilation.rulebook


@pytest.mark.parametrize("name", NAMES)
def test_every_generated_line_is_at_most_100_characters(name: str) -> None:
    source, _ = _build(name)
    long = [(i + 1, line) for i, line in enumerate(source.splitlines()) if len(line) > 100]
    assert long == []


@pytest.mark.parametrize("name", NAMES)
def test_scoring_is_one_function_with_no_fused_copy(name: str) -> None:
    source, _ = _build(name)
    functions = {n.name for n in ast.parse(source).body if isinstance(n, ast.FunctionDef)}
    assert "score_fans" in functions
    assert not functions & {"evaluate", "combine"}


@pytest.mark.parametrize("name", NAMES)
def test_generated_code_has_no_dead_stubs(name: str) -> None:
    source, _ = _build(name)
    assert "mode = ''" not in source
    assert "if True:" not in source and "elif True:" not in source
    lines = source.splitlines()
    for i, line in enumerate(lines):
        # A cap set to a number under every setting is never then tested against None (one
        # set under some options, 四川 封顶 3/4/5 or none, is).
        conditional = i > 0 and lines[i - 1].strip().startswith(("if ", "elif "))
        if line.strip().startswith("cap = ") and line.strip() != "cap = None" and not conditional:
            following = "\n".join(lines[i : i + 6])
            assert "cap is not None" not in following, following


@pytest.mark.parametrize("name", NAMES)
def test_each_fan_is_introduced_by_its_rulebook_line_and_its_condition(name: str) -> None:
    source, book = _build(name)
    for fan in book.fans:  # type: ignore[attr-defined]
        where = f"({fan.at.file}:{fan.at.line})"
        # At any depth: fans under one shape test stand in its `if` block.
        head = f"# {safe_text(f'{fan.name} {fan.id} {where}')}"
        lines = [line.strip() for line in source.splitlines()]
        assert head in lines, head
        comments = []
        for line in lines[lines.index(head) + 1 :]:
            # The condition, then the group the plan put the fan in (`compiler/emit/fangroups.py`).
            if not line.startswith("# ") or line.startswith("# group: "):
                break
            comments.append(line.removeprefix("# "))
        per = f", per {pretty(fan.per)}" if fan.per is not None else ""
        shown, written = " ".join(comments), safe_text(f"when {pretty(fan.condition)}{per}")
        if shown.endswith(" ..."):  # a long condition is cut after a few lines (pywriter)
            assert written.startswith(shown.removesuffix(" ...").rstrip())
        else:
            assert shown == written


def test_build_refuses_a_module_python_cannot_compile(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Were mjc ever to generate a module Python refuses, `mjc build` reports E0901 and
    writes nothing rather than a broken file."""
    monkeypatch.setattr(
        "mjc.compiler.emit.codegen.generate_module", lambda book: "def broken(:\n    pass\n"
    )
    out = tmp_path / "out"
    status = cli.main(["build", "guangdong", "-o", str(out), "--docs-dir", str(tmp_path / "d")])
    assert status != 0
    assert "E0901" in capsys.readouterr().err
    assert not (out / "modules" / "guangdong.py").exists()


@pytest.mark.parametrize(
    ("module", "words"),
    [
        ("def broken(:\n    pass\n", "does not compile"),
        ("RULESET = 1 // 0\n", "does not load (ZeroDivisionError"),
    ],
)
def test_check_reports_a_module_that_does_not_compile_or_load(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], module: str, words: str
) -> None:
    """`mjc check` builds the module too: one Python refuses, or one that fails as it loads,
    is E0901 (a bug of mjc) rather than an `ok` for a rulebook nobody could build."""
    monkeypatch.setattr("mjc.compiler.emit.codegen.generate_module", lambda book: module)
    assert cli.main(["check", "guangdong"]) != 0
    err = capsys.readouterr().err
    assert "E0901" in err and words in err


@pytest.mark.parametrize(
    "text",
    ["", "   ", "a fan", "  led by spaces", "ends in spaces  ", "中文 说明", "x" * 60, "a " * 40],
)
@pytest.mark.parametrize("width", [1, 10, 40, 96])
def test_a_comment_is_wrapped_as_textwrap_wraps_it(text: str, width: int) -> None:
    # `wrapped` writes a text that fits without textwrap; the lines must be textwrap's
    safe = safe_text(text)
    assert wrapped(safe, width) == (textwrap.wrap(safe, width, break_on_hyphens=False) or [""])


@settings(max_examples=300, deadline=None)
@given(
    func=st.from_regex(r"[A-Za-z_][A-Za-z0-9_.]{0,24}", fullmatch=True),
    args=st.lists(st.text(alphabet="ab'\"=, ()中", max_size=50), max_size=8),
    indent=st.integers(0, 70),
    width=st.integers(1, 120),
)
def test_a_row_of_texts_is_laid_out_as_the_printer_lays_out_its_call(
    func: str, args: list[str], indent: int, width: int
) -> None:
    # the tables' rows skip the document (`call_lines`); the lines must be the printer's
    document = Group((bracketed(f"{func}(", list(args), ")"), ","))
    assert call_lines(func, args, indent, width) == render(document, indent, width)
