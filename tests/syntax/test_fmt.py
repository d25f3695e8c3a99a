"""`mjc fmt` (compiler/fmt.py): the layout rules on golden input/output pairs, and, over the
bundled rulebooks and random mutations of them, that formatting is idempotent, changes only
whitespace (every comment and string kept), and compiles to the identical IR."""

from __future__ import annotations

import functools
import itertools
import re
from pathlib import Path
from typing import Any

import lark
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st
from hypothesis.extra.lark import from_lark

from mjc.compiler.driver import compile_source
from mjc.compiler.fmt import (
    FormatError,
    _cst,
    _lexed,
    _Printer,
    _tokens,
    format_text,
)
from mjc.compiler.ir.jsonio import json_data
from mjc.compiler.syntax.parse import grammar_text, keywords

ROOT = Path(__file__).resolve().parents[2]
RULEBOOKS = sorted((ROOT / "rulebooks").glob("*.mjr"))
CASES = Path(__file__).with_name("fmt_cases")
GOLDEN = sorted(CASES.glob("*.in.mjr"))
_BLANK = re.compile(r"\n[ \t]*\n")


def formatted(text: str, file: str = "book.mjr") -> str:
    result = format_text(text, file)
    assert isinstance(result, str), result
    return result


def _without_positions(value: Any) -> Any:
    """The IR as JSON without where things were written (`at`, `base_at`) and the text's
    hash."""
    if isinstance(value, dict):
        return {
            k: _without_positions(v)
            for k, v in value.items()
            if k not in {"at", "source_sha256"} and not k.endswith("_at")
        }
    if isinstance(value, list):
        return [_without_positions(v) for v in value]
    return value


def ir_of(text: str) -> Any:
    compilation = compile_source(text, "book.mjr", directory=ROOT / "rulebooks")
    assert compilation.rulebook is not None, compilation.diagnostics
    return _without_positions(json_data(compilation.rulebook))


def non_space(text: str) -> str:
    return re.sub(r"\s+", "", text)


@functools.cache
def bundled(name: str) -> str:
    return (ROOT / "rulebooks" / name).read_text(encoding="utf-8")


@functools.cache
def gaps(name: str) -> list[tuple[int, int]]:
    """(start, end) of the text between two tokens with no comment in it."""
    text = bundled(name)
    tokens = list(_tokens(_cst(text)))
    starts = {c.start_pos for c in _lexed(text) if c.type == "COMMENT"}
    out = []
    for left, right in itertools.pairwise(tokens):
        start, end = left.end_pos or 0, right.start_pos or 0
        if not any(start <= (s or 0) < end for s in starts):
            out.append((start, end))
    return out


def _apply(text: str, edits: dict[tuple[int, int], str]) -> str:
    for (start, end), replacement in sorted(edits.items(), reverse=True):
        text = text[:start] + replacement + text[end:]
    return text


# ---------------------------------------------------------------------------- golden pairs


@pytest.mark.parametrize("case", GOLDEN, ids=lambda p: p.name.removesuffix(".in.mjr"))
def test_golden_input_formats_to_its_output(case: Path) -> None:
    expected = case.with_name(case.name.replace(".in.", ".out.")).read_text(encoding="utf-8")
    assert formatted(case.read_text(encoding="utf-8")) == expected


@pytest.mark.parametrize("case", GOLDEN, ids=lambda p: p.name.removesuffix(".in.mjr"))
def test_golden_output_is_already_formatted(case: Path) -> None:
    output = case.with_name(case.name.replace(".in.", ".out.")).read_text(encoding="utf-8")
    assert formatted(output) == output


@pytest.mark.parametrize("case", GOLDEN, ids=lambda p: p.name.removesuffix(".in.mjr"))
def test_golden_output_changes_only_whitespace(case: Path) -> None:
    text = case.read_text(encoding="utf-8")
    assert non_space(formatted(text)) == non_space(text)


# ---------------------------------------------------------------------------- bundled rulebooks


@pytest.mark.parametrize("path", RULEBOOKS, ids=lambda p: p.stem)
def test_bundled_rulebook_is_kept_formatted(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert formatted(text, str(path)) == text, f"run `mjc fmt {path}`"


@pytest.mark.parametrize("path", RULEBOOKS, ids=lambda p: p.stem)
def test_bundled_rulebook_squashed_to_one_space_formats_back_and_compiles_alike(
    path: Path,
) -> None:
    """Every gap between two tokens made one space (or one newline where it held a line
    break): the formatter restores the layout, blank lines between items included."""
    text = bundled(path.name)
    edits = {}
    for start, end in gaps(path.name):
        gap = text[start:end]
        edits[start, end] = "\n\n" if _BLANK.search(gap) else ("\n" if "\n" in gap else " ")
    squashed = _apply(text, edits)
    assert formatted(squashed) == text
    assert ir_of(squashed) == ir_of(text)


NAMES = [p.name for p in RULEBOOKS]
SPACES = st.sampled_from([" ", "  ", "\t", "\n", "\n      ", " \n\t "])
BLANKS = st.sampled_from(["\n\n", "\n  \n", "\n\n\n\n", " \n\t\n  "])


@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_whitespace_changes_between_tokens_format_to_the_same_text(data: st.DataObject) -> None:
    """Whitespace between tokens changed anyhow, keeping where blank lines are: the same
    output."""
    name = data.draw(st.sampled_from(NAMES))
    text = bundled(name)
    chosen = data.draw(st.lists(st.sampled_from(gaps(name)), min_size=1, max_size=40))
    edits = {}
    for start, end in chosen:
        blank = bool(_BLANK.search(text, start, end))
        edits[start, end] = data.draw(BLANKS if blank else SPACES)
    mutated = _apply(text, edits)
    assert formatted(mutated) == text


@settings(max_examples=20, deadline=None)
@given(data=st.data())
def test_comments_inserted_at_token_boundaries_are_kept_and_change_no_ir(
    data: st.DataObject,
) -> None:
    name = data.draw(st.sampled_from(NAMES))
    text = bundled(name)
    chosen = sorted(set(data.draw(st.lists(st.sampled_from(gaps(name)), min_size=1, max_size=12))))
    edits = {}
    for k, (start, end) in enumerate(chosen):
        before = data.draw(st.sampled_from(["", " ", "\n", "\n\n  "]))
        edits[start, end] = f"{before}# inserted {k}\n{text[start:end]}"
    mutated = _apply(text, edits)
    result = formatted(mutated)
    assert non_space(result) == non_space(mutated)
    inserted = [m.group() for m in re.finditer(r"# inserted \d+$", result, re.MULTILINE)]
    assert inserted == [f"# inserted {k}" for k in range(len(chosen))]
    assert formatted(result) == result
    assert ir_of(result) == ir_of(text)


@settings(max_examples=20, deadline=None)
@given(data=st.data())
def test_blank_lines_added_or_removed_keep_ir_and_are_stable(data: st.DataObject) -> None:
    name = data.draw(st.sampled_from(NAMES))
    text = bundled(name)
    chosen = data.draw(st.lists(st.sampled_from(gaps(name)), min_size=1, max_size=20))
    edits = {gap: data.draw(st.sampled_from(["\n\n", "\n", " "])) for gap in chosen}
    mutated = _apply(text, edits)
    result = formatted(mutated)
    assert non_space(result) == non_space(text)
    assert formatted(result) == result
    assert ir_of(result) == ir_of(text)


# ---------------------------------------------------------------------------- refusals


def test_a_file_with_a_syntax_error_is_refused_with_its_diagnostic() -> None:
    result = format_text('rulebook x {\n  title "X"\n', "broken.mjr")
    assert isinstance(result, list)
    assert [d.code for d in result] == ["E0001"]


def test_an_empty_file_formats_to_nothing() -> None:
    assert formatted("  \n\n") == ""


def test_a_file_of_comments_keeps_them() -> None:
    assert formatted("# one\n\n\n   # two\n") == "# one\n\n# two\n"


def test_an_overridden_fan_is_laid_out_as_a_fan_one_item_a_line() -> None:
    text = 'override fan dora "ドラ" { value 1 per set_aside example "11m" with set_aside=2 }\n'
    assert formatted(text) == (
        'override fan dora "ドラ" {\n  value 1\n  per set_aside\n'
        '  example "11m" with set_aside=2\n}\n'
    )


def test_crlf_line_endings_become_lf_and_the_bom_goes() -> None:
    assert formatted('\ufeffrulebook x {\r\n  title "X"\r\n}\r\n') == (
        'rulebook x {\n  title "X"\n}\n'
    )


def test_output_that_would_lose_a_token_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    """The last guard against a formatter bug: its output must hold the input's tokens."""
    monkeypatch.setattr(_Printer, "print", lambda self, tree: "rulebook x {\n}\n")
    with pytest.raises(FormatError):
        format_text('rulebook x {\n  title "X"\n}\n', "x.mjr")


# ---------------------------------------------------------------------------- any program


@functools.cache
def programs() -> st.SearchStrategy[str]:
    """Programs from the grammar (hypothesis's `from_lark`), each token followed by random
    white space or a comment so that none run together."""
    grammar = lark.Lark(grammar_text(), parser="lalr", maybe_placeholders=False)
    words = keywords()
    after = st.sampled_from([" ", "\n", "  \n\n", "\t", " # a comment\n", "\n# own line\n"])

    def spaced(strategy: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
        return st.tuples(strategy, after).map("".join)

    explicit = {
        t.name: spaced(st.just(t.pattern.value))
        for t in grammar.terminals
        if t.pattern.type == "str"
    }
    explicit["NAME"] = spaced(
        st.from_regex(r"[a-z_][a-z0-9_]{0,6}", fullmatch=True).filter(lambda n: n not in words)
    )
    explicit["INT"] = spaced(st.integers(0, 99).map(str))
    explicit["TILE"] = spaced(st.sampled_from(["1m", "5z", "9s", "3f"]))
    explicit["STRING"] = spaced(st.sampled_from(['"鸡胡"', '"a  b"', '"x # y"', '"\\"q\\""']))
    explicit["COMMENT"] = st.just("# from the grammar\n")
    explicit["WS"] = st.just(" ")
    return from_lark(grammar, explicit=explicit)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=st.deferred(lambda: programs()))
def test_any_program_of_the_grammar_formats_stably_changing_only_whitespace(text: str) -> None:
    result = format_text(text, "generated.mjr")
    if isinstance(result, list):  # beyond a limit of compiler/syntax/limits.py, or a huge number
        assert all(d.code != "E0001" or "digits" in d.message for d in result), result
        return
    assert non_space(result) == non_space(text).replace("\r", "")
    assert formatted(result) == result
