"""Error recovery (issue 25): after a syntax error the parser starts again at the next section,
so one `mjc check` reports every syntax error, and the checks run on the sections that parsed
without echoing the syntax errors as unknown names.

The golden case `tests/diagnostics/recovery_five_mistakes.mjr` shows the rendered messages; the
tests here check the parts: the pieces the text is cut into, the first diagnostic always being
the one the parse of the whole file gives, the cuts that are inside a block, and the driver.
"""

from __future__ import annotations

import random
import time
from pathlib import Path

import pytest

from mjc.compiler.cli.commands import main
from mjc.compiler.driver import compile_source
from mjc.compiler.syntax import ast
from mjc.compiler.syntax.parse import parse
from mjc.compiler.syntax.sources import resolve_rulebook

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "diagnostics"
FIVE = (GOLDEN / "recovery_five_mistakes.mjr").read_text(encoding="utf-8")
FRAME = FIVE.split("fan chicken", 1)[0]  # header, players, tiles, shapes, scoring


def fans_of(book: ast.Rulebook | None) -> list[str]:
    assert book is not None
    return [s.id.text for s in book.sections if isinstance(s, ast.FanDecl)]


def test_five_mistakes_give_five_diagnostics_in_one_compilation() -> None:
    compilation = compile_source(FIVE, "five.mjr")
    assert [d.code for d in compilation.diagnostics] == [
        "E0001",
        "E0001",
        "E0101",
        "E0201",
        "E0102",
    ]
    assert [d.message for d in compilation.diagnostics[:2]] == [
        "unexpected `valeu`",
        "unexpected `fan`",
    ]
    # generated code is never made from a rulebook with errors
    assert compilation.rulebook is None and compilation.module_source is None
    assert not compilation.ok


def test_the_sections_that_parse_are_kept_and_the_others_recorded() -> None:
    book, problems = parse(FIVE, "five.mjr", recover=True)
    assert [p.code for p in problems] == ["E0001", "E0001"]
    assert fans_of(book) == ["chicken", "mixed_one_suit", "three_dragons", "chicken"]
    assert book is not None
    assert [(u.keywords, u.names) for u in book.unparsed] == [
        (("fan",), ("all_pungs",)),
        (("fan",), ("pure_one_suit",)),
    ]
    # a piece's span runs from its first line to its last line that is not blank
    first = book.unparsed[0].span
    lines = FIVE.split("\n")
    assert lines[first.line - 1].startswith("fan all_pungs")
    assert lines[first.end_line - 1] == "}"


def test_without_recover_parse_still_stops_at_the_first_error() -> None:
    book, problems = parse(FIVE, "five.mjr")
    assert book is None and [p.message for p in problems] == ["unexpected `valeu`"]


def test_a_text_without_errors_parses_the_same_with_or_without_recover() -> None:
    text = FIVE.replace("valeu", "value").replace("== 1\n\n", "== 1\n}\n\n")
    assert parse(text, "a.mjr", recover=True) == parse(text, "a.mjr")
    assert parse(text, "a.mjr")[1] == []


@pytest.mark.parametrize("case", sorted(GOLDEN.glob("E000[12]_*.mjr")), ids=lambda p: p.stem)
def test_the_first_diagnostic_is_the_one_the_whole_parse_gives(case: Path) -> None:
    text = case.read_text(encoding="utf-8").removeprefix("\ufeff")
    _, strict = parse(text, case.name)
    _, recovered = parse(text, case.name, recover=True)
    assert recovered[:1] == strict


def test_a_stray_character_in_a_bundled_rulebook_gives_the_whole_parses_error_first() -> None:
    text = resolve_rulebook("guangdong")[0].read_text(encoding="utf-8")
    rng = random.Random(25)
    for _ in range(40):
        at = rng.randrange(len(text))
        broken = text[:at] + rng.choice('{}()[],=:"') + text[at:]
        _, strict = parse(broken, "g.mjr")
        book, recovered = parse(broken, "g.mjr", recover=True)
        if strict:
            assert book is not None and recovered[:1] == strict, broken[at - 40 : at + 40]
            assert not compile_source(broken, "g.mjr").ok


def test_a_use_of_a_fan_that_did_not_parse_is_not_reported_unknown() -> None:
    text = FRAME + (
        'fan pure "清一色" {\n  value 16\n  when suits(tiles) ==\n}\n\n'
        'fan mixed "混一色" {\n  value 6\n  excludes pure\n  when pure or mixd\n}\n'
    )
    compilation = compile_source(text, "a.mjr")
    assert [(d.code, d.message) for d in compilation.diagnostics] == [
        ("E0001", "unexpected `}`"),
        ("E0101", "unknown name `mixd`"),  # a mistake of its own, still reported
    ]


def test_a_misspelt_section_keyword_starts_a_piece_of_its_own() -> None:
    text = FRAME + 'fan chicken "鸡胡" {\n  value 1\n}\n\nfna pure "清一色" {\n  value 16\n}\n'
    book, problems = parse(text, "a.mjr", recover=True)
    assert [p.help for p in problems] == ["did you mean `fan`?"]
    assert fans_of(book) == ["chicken"]  # the fan above is not swallowed by the mistake
    assert book is not None and book.unparsed[0].names == ("pure",)


def test_a_cut_inside_a_block_joins_the_pieces() -> None:
    # `override` alone on its line, and a horse row's `tiles` in the first column, look like
    # the start of a section but are not; `option.x` starting a line is never taken for one
    text = FRAME + (
        'override\nfan chicken "鸡胡" {\n  value 2\n}\n\n'
        'fan pure "清一色" {\n  value 16\n  when suits(tiles) == 1 and\noption.strict\n}\n\n'
        "horses {\n  table 4 {\n    dealer\ntiles 1m, 5m\n  }\n}\n\n"
        'fan broken "坏" {\n  value\n}\n'
    )
    book, problems = parse(text, "a.mjr", recover=True)
    assert [p.message for p in problems] == ["unexpected `}`"]
    assert book is not None
    kinds = [type(s).__name__ for s in book.sections]
    assert kinds[-3:] == ["Override", "FanDecl", "Horses"]


def test_an_unclosed_block_is_reported_on_the_next_section() -> None:
    text = FRAME + 'fan chicken "鸡胡" {\n  value 1\n\nfan pure "清一色" {\n  value 16\n}\n'
    book, problems = parse(text, "a.mjr", recover=True)
    [problem] = problems
    assert problem.message == "unexpected `fan`"
    assert problem.help == "a block may be missing its closing `}`"
    assert problem.span is not None and (problem.span.column, problem.span.end_column) == (1, 4)
    assert fans_of(book) == ["pure"]


def test_sections_are_not_reported_missing_while_the_file_does_not_parse() -> None:
    compilation = compile_source('rulebook tiny {\n  title "小"\n', "tiny.mjr")
    assert [d.code for d in compilation.diagnostics] == ["E0001"]
    complete = compile_source('rulebook tiny {\n  title "小"\n}\n', "tiny.mjr")
    assert {d.code for d in complete.diagnostics} == {"E0502"}


def test_a_header_naming_a_parent_that_does_not_parse_hides_no_name() -> None:
    # the parent unknown, every fan and tier could be its: no use is reported unknown
    text = (
        'rulebook mine extends guangdong {\n  title "我的"\n\n'
        'fan mine "我的" {\n  value 1\n  tier base\n  when chicken and mixed_one_suit\n}\n'
    )
    compilation = compile_source(text, "mine.mjr")
    assert [d.code for d in compilation.diagnostics] == ["E0001"]


def test_text_that_makes_every_line_a_false_cut_is_recovered_in_linear_time() -> None:
    rows = "".join(f"tiles {n % 9 + 1}m\n" for n in range(3000))
    text = FRAME + f"horses {{\n  table 4 {{\n    dealer\n{rows}  }}\n}}\n\nfan x {{\n}}\n"
    started = time.perf_counter()
    book, problems = parse(text, "a.mjr", recover=True)
    assert time.perf_counter() - started < 10
    assert [p.code for p in problems] == ["E0001"]
    assert book is not None and any(isinstance(s, ast.Horses) for s in book.sections)


def test_check_prints_every_syntax_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "five.mjr"
    path.write_text(FIVE, encoding="utf-8")
    assert main(["check", "--color", "never", str(path)]) == 1
    err = capsys.readouterr().err
    assert err.count("error[E0001]") == 2
    assert err.endswith("error: 5 errors emitted\n")
    assert main(["build", "-o", str(tmp_path / "out"), str(path)]) == 1
    assert not (tmp_path / "out").exists()


def _section_heads(name: str) -> list[tuple[str, int]]:
    text = resolve_rulebook(name)[0].read_text(encoding="utf-8")
    return [(name, n) for n, line in enumerate(text.split("\n")) if line[:1].isalpha()]


@pytest.mark.parametrize(
    ("name", "line"),
    [*_section_heads("baise"), *_section_heads("chaozhou")],
    ids=lambda v: str(v),
)
def test_breaking_any_one_section_of_a_bundled_rulebook_reports_its_syntax_error_alone(
    name: str, line: int
) -> None:
    """No echo: not the uses of what the section declares (fans, options and their choices,
    tiers, shapes), nor the checks of other sections against it (horse tables against the
    player counts, wilds and `priority` against the claims)."""
    lines = resolve_rulebook(name)[0].read_text(encoding="utf-8").split("\n")
    lines[line] += " ]"
    compilation = compile_source("\n".join(lines), f"{name}.mjr")
    assert [d.code for d in compilation.diagnostics] == ["E0001"], lines[line]
