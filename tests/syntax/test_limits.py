"""Limits with diagnostics, not crashes (issue 11): expressions too deep or too long (E0004),
rulebooks too large (E0005), text that is not text (E0006), too many nested quantifiers
(E0007), and the ways a file's bytes are
read: byte-order mark, CR LF and CR line endings, invalid UTF-8, folders, unreadable files.

Every compiler pass walks expressions recursively, so a limit that is passed must be caught
while the text is parsed: each test here would end in `RecursionError` (or in minutes of
parsing) if it were not. The golden cases in `tests/diagnostics/` show the rendered messages.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from mjc.compiler.check import cost
from mjc.compiler.cli.commands import main
from mjc.compiler.diagnostics import render_text
from mjc.compiler.docs.docgen import generate_page
from mjc.compiler.driver import Compilation, compile_file, compile_source
from mjc.compiler.emit.codegen import generate_module
from mjc.compiler.ir import costs
from mjc.compiler.loader import import_source
from mjc.compiler.syntax import limits
from mjc.compiler.syntax.parse import parser
from mjc.compiler.syntax.sources import bundled_rulebooks

ROOT = Path(__file__).resolve().parents[2]
MINI = (ROOT / "tests" / "diagnostics" / "E0101_misspelt_fan.mjr").read_text(encoding="utf-8")
FRAME = MINI.split("fan chicken", 1)[0]  # header, players, tiles, shapes, scoring
DEPTHS = [100, 500, 5_000, 100_000]


def wrapped(parts: list[str], joiner: str) -> str:
    """`parts` joined by `joiner`, twenty to a line (lines have a length limit of their own)."""
    rows = [joiner.join(parts[i : i + 20]) for i in range(0, len(parts), 20)]
    return (joiner.rstrip() + "\n").join(rows)


def with_condition(condition: str) -> str:
    return FRAME + f'fan deep "深" {{\n  value 1\n  when\n{condition}\n}}\n'


def codes_of(compilation: Compilation) -> list[str]:
    return [d.code for d in compilation.diagnostics]


NESTINGS: dict[str, Callable[[int], str]] = {
    "not": lambda n: wrapped(["not"] * n, " ") + " concealed",
    "unary minus": lambda n: wrapped(["-"] * n, " ") + " 1 == 1",
    "brackets": lambda n: wrapped(["("] * n, " ") + " concealed " + wrapped([")"] * n, " "),
    "lists": lambda n: wrapped(["["] * n, " ") + " 1 " + wrapped(["]"] * n, " ") + " == 1",
    "calls": lambda n: wrapped(["suits("] * n, " ") + " tiles " + wrapped([")"] * n, " "),
    "attributes": lambda n: "m" + wrapped([".is_pung"] * n, ""),
    "quantifiers": lambda n: wrapped(["all m in melds:"] * n, " ") + " m.is_pung",
}


# ------------------------------------------------------------------------------ E0004


@pytest.mark.parametrize("depth", DEPTHS)
@pytest.mark.parametrize("kind", NESTINGS)
def test_nesting_of_any_depth_is_a_limit_diagnostic_not_a_recursion_error(
    kind: str, depth: int
) -> None:
    """The depth diagnostic, or for a text of more than a million bytes the size one."""
    text = with_condition(NESTINGS[kind](depth))
    compilation = compile_source(text, "deep.mjr")
    if len(text.encode("utf-8")) > limits.MAX_RULEBOOK_BYTES:
        assert codes_of(compilation) == ["E0005"]
        return
    assert codes_of(compilation) == ["E0004"]
    [diagnostic] = compilation.diagnostics
    assert diagnostic.message == "this expression nests more than 64 levels deep"
    assert diagnostic.span is not None and diagnostic.span.line >= FRAME.count("\n") + 3


@pytest.mark.parametrize("terms", [100, 500, 5_000, 100_000])
def test_long_sum_is_the_depth_diagnostic_because_a_sum_nests_to_the_left(terms: int) -> None:
    condition = wrapped(["1"] * terms, " + ") + " == 1"
    assert codes_of(compile_source(with_condition(condition), "sum.mjr")) == ["E0004"]


@pytest.mark.parametrize("terms", [1_001, 5_000, 100_000])
def test_long_and_chain_is_the_length_diagnostic(terms: int) -> None:
    compilation = compile_source(with_condition(wrapped(["true"] * terms, " and ")), "a.mjr")
    assert codes_of(compilation) == ["E0004"]
    assert compilation.diagnostics[0].message == (
        "this expression has more than 2,000 words and symbols"
    )


def test_depth_diagnostic_points_at_the_token_of_level_65() -> None:
    compilation = compile_source(with_condition(" ".join(["not"] * 70) + " concealed"), "n.mjr")
    [diagnostic] = compilation.diagnostics
    assert diagnostic.span is not None
    line = FRAME.count("\n") + 4
    column = 1 + len("not ") * 64
    assert (diagnostic.span.line, diagnostic.span.column) == (line, column)
    assert diagnostic.label == "level 65"


@pytest.mark.parametrize("kind", ["not", "unary minus", "quantifiers"])
def test_expression_just_within_the_depth_limit_goes_through_every_pass(
    kind: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The limit is low enough for the type checker, lowering, code generation, Python's own
    compiler and the docs pages, which all recurse over the expression (quantifiers with
    their own nesting limit and the cost bound raised: E0007 and E0414 would refuse them long
    before)."""
    monkeypatch.setattr(limits, "MAX_QUANTIFIER_NESTING", limits.MAX_EXPRESSION_DEPTH)
    monkeypatch.setattr(cost, "MAX_STEPS", costs.HUGE)
    monkeypatch.setattr(cost, "MAX_RULEBOOK_STEPS", costs.HUGE)
    depth = next(
        n
        for n in range(limits.MAX_EXPRESSION_DEPTH, 0, -1)
        if "E0004" not in codes_of(compile_source(with_condition(NESTINGS[kind](n)), "d.mjr"))
    )
    assert depth >= limits.MAX_EXPRESSION_DEPTH // 2 - 2  # quantifiers count two levels each
    compilation = compile_source(with_condition(NESTINGS[kind](depth)), "d.mjr")
    assert compilation.ok and compilation.rulebook is not None, compilation.diagnostics
    module = import_source(generate_module(compilation.rulebook), "mjc_deep", "d.mjr")
    assert module.RULESET.id == "mini"
    assert "深" in generate_page(compilation.rulebook)


def test_long_and_chain_within_the_length_limit_compiles() -> None:
    compilation = compile_source(with_condition(wrapped(["concealed"] * 900, " and ")), "a.mjr")
    assert compilation.ok, compilation.diagnostics


def test_expressions_side_by_side_are_measured_one_by_one() -> None:
    """Many short fans add up to more than one expression may hold, but each is short."""
    fan = 'fan f{} "番{}" {{\n  value 1 + 1\n  when not concealed\n}}\n'
    fans = "".join(fan.format(i, i) for i in range(800))
    assert compile_source(FRAME + fans, "many.mjr").ok


def test_each_bundled_rulebook_is_far_within_every_limit() -> None:
    for name, path in bundled_rulebooks().items():
        text = path.read_text(encoding="utf-8")
        assert limits.check_text(text, name) is None
        counter = limits.TokenLimits(name)
        for token in parser().parse_interactive(text).iter_parse():
            kind = token.type if token.type in {"NAME", "INT", "TILE", "STRING"} else str(token)
            assert counter.feed(kind) is None
        assert counter.deepest <= limits.MAX_EXPRESSION_DEPTH // 4, name
        assert counter.longest <= limits.MAX_EXPRESSION_TOKENS // 10, name
        assert counter.tokens <= limits.MAX_TOKENS // 10, name


def test_check_of_a_deep_condition_exits_1_with_the_diagnostic(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "deep.mjr"
    path.write_text(with_condition(NESTINGS["not"](100_000)), encoding="utf-8")
    assert main(["check", "--color", "never", str(path)]) == 1
    captured = capsys.readouterr()
    assert captured.err.startswith("error[E0004]: this expression nests more than 64 levels")
    assert "Traceback" not in captured.err


# ------------------------------------------------------------------------------ E0005


def test_rulebook_of_more_than_50000_words_and_symbols_is_refused() -> None:
    fans = "".join(f'fan f{i} "番" {{ value 1 }}\n' for i in range(limits.MAX_TOKENS // 7 + 1))
    compilation = compile_source(FRAME + fans, "big.mjr")
    assert codes_of(compilation) == ["E0005"]
    assert compilation.diagnostics[0].message == (
        "the rulebook has more than 50,000 words and symbols"
    )


def test_rulebook_file_over_the_byte_limit_is_refused_without_being_parsed(
    tmp_path: Path,
) -> None:
    path = tmp_path / "huge.mjr"
    path.write_text(FRAME + "#" * limits.MAX_RULEBOOK_BYTES, encoding="utf-8")
    compilation = compile_file(path, "huge.mjr")
    assert codes_of(compilation) == ["E0005"]
    assert compilation.diagnostics[0].message == ("the rulebook is larger than 1,000,000 bytes")


def test_rulebook_text_over_the_byte_limit_is_refused_by_the_api() -> None:
    compilation = compile_source(FRAME + "# 长\n" * 300_000, "huge.mjr")
    assert codes_of(compilation) == ["E0005"]
    assert "bytes long" in compilation.diagnostics[0].message


def test_rulebook_of_more_than_20000_lines_is_refused() -> None:
    compilation = compile_source(FRAME + "\n" * limits.MAX_LINES, "lines.mjr")
    assert codes_of(compilation) == ["E0005"]
    assert compilation.diagnostics[0].message == "the rulebook has more than 20,000 lines"


def test_extremely_long_line_is_one_line_of_diagnostic_without_the_line() -> None:
    compilation = compile_source(FRAME + "# " + "x" * 900_000 + "\n", "long.mjr")
    assert codes_of(compilation) == ["E0005"]
    text = render_text(compilation.diagnostics, compilation.sources, color=False)
    assert "xxxxxxxxxx" not in text
    assert f"line {FRAME.count(chr(10)) + 1} is 900,002 characters long" in text


def test_extends_chain_of_17_rulebooks_is_refused(tmp_path: Path) -> None:
    header = FRAME.split("players", 1)[0]
    rest = "players" + FRAME.split("players", 1)[1]
    (tmp_path / "p0.mjr").write_text(FRAME, encoding="utf-8")
    for i in range(1, 17):
        child = header.replace("rulebook mini {", f'rulebook mini extends "p{i - 1}.mjr" {{')
        (tmp_path / f"p{i}.mjr").write_text(child if i else rest, encoding="utf-8")
    ok = compile_file(tmp_path / "p15.mjr")
    assert ok.ok, ok.diagnostics
    too_long = compile_file(tmp_path / "p16.mjr")
    messages = [d.message for d in too_long.diagnostics]
    assert "more than 16 rulebooks extend each other in a chain" in messages
    assert set(codes_of(too_long)) == {"E0115"}


# ------------------------------------------------------------------------------ text


def test_rulebook_with_a_byte_order_mark_compiles(tmp_path: Path) -> None:
    path = tmp_path / "bom.mjr"
    path.write_bytes(b"\xef\xbb\xbf" + FRAME.encode("utf-8"))
    assert compile_file(path).ok
    assert compile_source("\ufeff" + FRAME, "bom.mjr").ok


@pytest.mark.parametrize("ending", ["\r\n", "\r"], ids=["crlf", "cr"])
def test_crlf_and_cr_line_endings_compile_to_the_same_rulebook_as_lf(
    tmp_path: Path, ending: str
) -> None:
    text = (ROOT / "rulebooks" / "guangdong.mjr").read_text(encoding="utf-8")
    path = tmp_path / "guangdong.mjr"
    path.write_bytes(text.replace("\n", ending).encode("utf-8"))
    other = compile_file(path, "rulebooks/guangdong.mjr")
    plain = compile_file(ROOT / "rulebooks" / "guangdong.mjr", "rulebooks/guangdong.mjr")
    assert other.ok and other.rulebook is not None and plain.rulebook is not None
    assert generate_module(other.rulebook) == generate_module(plain.rulebook)


def test_comment_before_a_cr_line_ending_ends_at_the_line_end() -> None:
    """A `#` comment runs to the end of its line: with CR endings it used to run to the end of
    the file, and the rulebook seemed to have no sections (E0502)."""
    text = "# a comment\r" + FRAME.replace("\n", "\r")
    assert compile_source(text, "cr.mjr").ok


def test_cr_inside_a_string_stays_a_character_of_the_string() -> None:
    text = FRAME.replace('title "迷你麻将"', 'title "迷\r你"').replace("\n", "\r")
    compilation = compile_source(text, "cr.mjr")
    assert compilation.rulebook is not None and compilation.rulebook.title == "迷\r你"


def test_invalid_utf8_is_e0003_at_the_line_and_column_of_the_bad_byte(tmp_path: Path) -> None:
    path = tmp_path / "latin1.mjr"
    text = FRAME.replace('title "迷你麻将"', 'title "caf\xe9"')
    path.write_bytes(text.encode("latin-1", "replace"))
    compilation = compile_file(path, "latin1.mjr")
    [diagnostic] = compilation.diagnostics
    assert diagnostic.code == "E0003"
    assert diagnostic.message == (
        "cannot read the rulebook: byte 0xe9 is not utf-8 text (invalid continuation byte)"
    )
    line = next(i for i, row in enumerate(FRAME.split("\n"), 1) if "title" in row)
    assert diagnostic.span is not None
    assert (diagnostic.span.line, diagnostic.span.column) == (line, len('  title "caf') + 1)
    text = render_text(compilation.diagnostics, compilation.sources, color=False)
    assert 'title "caf\ufffd"' in text


def test_surrogate_encoded_in_a_file_is_invalid_utf8(tmp_path: Path) -> None:
    path = tmp_path / "surrogate.mjr"
    path.write_bytes(FRAME.encode("utf-8").replace("迷".encode(), b"\xed\xa0\x80"))
    assert codes_of(compile_file(path)) == ["E0003"]


def test_lone_surrogate_in_text_given_to_the_api_is_e0006() -> None:
    compilation = compile_source(FRAME.replace("迷", "\ud800"), "api.mjr")
    [diagnostic] = compilation.diagnostics
    assert (diagnostic.code, diagnostic.message) == (
        "E0006",
        "the rulebook holds a lone surrogate (U+D800)",
    )
    text = render_text(compilation.diagnostics, compilation.sources, color=False)
    assert 'title "\ufffd你麻将"' in text.encode("utf-8").decode("utf-8")


def test_nul_in_a_binary_looking_line_names_its_place_without_printing_the_line() -> None:
    compilation = compile_source(FRAME + "#" + "\x00" + "\x01" * 5_000 + "\n", "bin.mjr")
    [diagnostic] = compilation.diagnostics
    assert diagnostic.code == "E0006" and diagnostic.span is None
    line = FRAME.count("\n") + 1
    assert diagnostic.message == f"the rulebook holds a NUL character at line {line}, column 2"


def test_folder_is_e0003_for_the_api_and_a_usage_error_for_the_cli(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "folder.mjr"
    folder.mkdir()
    [diagnostic] = compile_file(folder).diagnostics
    assert diagnostic.code == "E0003" and diagnostic.message.startswith("cannot read the rulebook")
    assert main(["check", str(folder)]) == 2
    expected = f"mjc: error: {str(folder)!r} is a folder holding no rulebook (*.mjr) files\n"
    assert capsys.readouterr().err == expected


def test_unreadable_file_is_e0003_permission_denied(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "secret.mjr"
    path.write_text(FRAME, encoding="utf-8")

    def refuse(self: Path, *args: object, **kwargs: object) -> object:
        raise PermissionError(13, "Permission denied", str(self))

    monkeypatch.setattr(Path, "open", refuse)  # tests run as root, who may read anything
    [diagnostic] = compile_file(path).diagnostics
    assert (diagnostic.code, diagnostic.message) == (
        "E0003",
        "cannot read the rulebook: Permission denied",
    )


def test_compile_source_of_bytes_is_a_type_error() -> None:
    with pytest.raises(TypeError, match="not <class 'bytes'>"):
        compile_source(FRAME.encode(), "bytes.mjr")  # type: ignore[arg-type]


# ------------------------------------------------------------------------------ E0007

QUANTIFIED = "all a in melds: all b in melds: all c in melds: all d in melds: "


def test_four_nested_quantifiers_compile() -> None:
    assert compile_source(with_condition(QUANTIFIED + "d.is_pung"), "q.mjr").ok


def test_a_fifth_nested_quantifier_is_e0007_at_its_keyword() -> None:
    """docs/security.md, Limits: at most 4 quantifiers nested in one another's bodies."""
    condition = QUANTIFIED + "any e in melds: e.is_pung"
    compilation = compile_source(with_condition(condition), "q.mjr")
    assert codes_of(compilation) == ["E0007"]
    [diagnostic] = compilation.diagnostics
    assert diagnostic.span is not None
    assert (diagnostic.span.line, diagnostic.span.column) == (FRAME.count("\n") + 4, 65)
    assert diagnostic.span.end_column - diagnostic.span.column == len("any")


def test_a_quantifier_in_a_domain_is_not_nested() -> None:
    """The domain is read once: `count e` inside three bodies and in the fourth's domain
    nests four deep, not five."""
    condition = (
        "all a in melds: all b in melds: all c in melds: "
        "all d in [count e in melds: e.is_pung]: d >= 0"
    )
    compilation = compile_source(with_condition(condition), "q.mjr")
    assert compilation.ok, compilation.diagnostics


def test_sibling_quantifiers_are_not_nested() -> None:
    both = " or ".join(f"(any m{i} in melds: m{i}.is_pung)" for i in range(10))
    assert compile_source(with_condition(both), "q.mjr").ok
