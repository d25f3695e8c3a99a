"""JSON input within limits (`mjc.runtime.settle.jsoninput`, issue 11): a document nested thousands
deep, too large, not UTF-8, or holding what JSON does not allow is a `JSONInputError` with a
one-line message (a `RoundError` for a round), never a `RecursionError` or a traceback; and
`mjc settle` says so in one line and exits 2."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from mjc.compiler.cli.commands import main
from mjc.runtime import RoundError, parse_round, parse_round_json
from mjc.runtime.settle.jsoninput import MAX_JSON_BYTES, MAX_JSON_DEPTH, JSONInputError, load_json

ROUND = {"winners": [{"seat": 1, "hand": "123m456p789s345s22z", "self_drawn": True}]}


def nested(depth: int) -> str:
    return "[" * depth + "]" * depth


def refusal(data: str | bytes, **limits: int) -> str:
    """The message `load_json` refuses `data` with."""
    with pytest.raises(JSONInputError) as caught:
        load_json(data, **limits)
    return str(caught.value)


@pytest.mark.parametrize("depth", [65, 3_000, 100_000])
def test_json_nested_past_the_limit_is_refused_at_the_first_bracket_too_deep(depth: int) -> None:
    assert refusal(nested(depth)) == "nested deeper than 64 levels at line 1 column 65"


def test_json_nested_exactly_to_the_limit_is_read() -> None:
    value = load_json(nested(MAX_JSON_DEPTH))
    for _ in range(MAX_JSON_DEPTH - 1):
        assert isinstance(value, list) and len(value) == 1
        value = value[0]
    assert value == []


def test_objects_count_as_nesting_like_arrays() -> None:
    text = '\n\n  {"a": ' + '{"a": ' * 64 + "1" + "}" * 65
    assert refusal(text) == "nested deeper than 64 levels at line 3 column 387"


def test_brackets_inside_strings_are_not_nesting() -> None:
    assert load_json(json.dumps(["[" * 1_000, '{\\"' * 100])) == ["[" * 1_000, '{\\"' * 100]


def test_depth_limit_is_a_parameter() -> None:
    assert load_json("[[1]]", max_depth=2) == [[1]]
    assert refusal("[[1]]", max_depth=1) == "nested deeper than 1 levels at line 1 column 2"


@pytest.mark.parametrize("data", [b"[" + b"0," * MAX_JSON_BYTES, "[" + "0," * MAX_JSON_BYTES])
def test_json_larger_than_the_byte_limit_is_refused_before_parsing(data: str | bytes) -> None:
    assert refusal(data) == "larger than 1,000,000 bytes"


def test_size_limit_counts_utf8_bytes_of_text() -> None:
    text = json.dumps("麻" * 400, ensure_ascii=False)  # 402 characters, 1,202 bytes
    assert load_json(text, max_bytes=1_202) == "麻" * 400
    assert refusal(text, max_bytes=1_201) == "larger than 1,201 bytes"


def test_json_bytes_that_are_not_utf8_are_refused() -> None:
    message = "not UTF-8 text (byte 0xff at offset 10: invalid start byte)"
    assert refusal(b'{"hand": "\xff"}') == message


def test_byte_order_mark_before_json_is_ignored() -> None:
    assert load_json(b"\xef\xbb\xbf" + json.dumps(ROUND).encode()) == ROUND
    assert load_json("\ufeff[1]") == [1]


def test_syntax_error_names_line_and_column() -> None:
    assert refusal("[1,\n    ]") == "not JSON: Expecting value at line 2 column 5"


def test_unterminated_string_is_a_syntax_error_not_nesting() -> None:
    message = "not JSON: Unterminated string starting at line 1 column 2"
    assert refusal('["' + "[" * 1_000) == message


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity"])
def test_nan_and_infinity_are_not_json(constant: str) -> None:
    with pytest.raises(JSONInputError, match=f"^{constant} is not a JSON value$"):
        load_json(f"[{constant}]")


def test_number_of_thousands_of_digits_is_refused_in_one_line() -> None:
    assert refusal("[" + "7" * 5_000 + "]") == "a number of 5,000 digits is too long"


def test_load_json_of_another_type_is_a_type_error() -> None:
    with pytest.raises(TypeError, match="load_json reads str or bytes, not dict"):
        load_json({"a": 1})  # type: ignore[arg-type]


def test_parse_round_json_reads_what_parse_round_reads() -> None:
    assert parse_round_json(json.dumps(ROUND)) == parse_round(ROUND)
    assert parse_round_json(json.dumps(ROUND).encode()) == parse_round(ROUND)


def test_parse_round_json_turns_a_too_deep_document_into_a_round_error() -> None:
    with pytest.raises(RoundError) as caught:
        parse_round_json(nested(3_000))
    assert str(caught.value) == "nested deeper than 64 levels at line 1 column 65"


# ------------------------------------------------------------------------------ mjc settle


def _settle_error(args: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    assert main(args) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1, captured.err
    return captured.err


def test_settle_of_json_nested_3000_deep_is_one_line_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "round.json"
    path.write_text('{"winners": ' + nested(3_000) + "}", encoding="utf-8")
    err = _settle_error(["settle", "guangdong", str(path)], capsys)
    assert err == f"mjc: error: {path}: nested deeper than 64 levels at line 1 column 76\n"


def test_settle_of_a_json_file_over_the_size_limit_is_one_line_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "round.json"
    path.write_text(json.dumps(ROUND) + " " * MAX_JSON_BYTES, encoding="utf-8")
    err = _settle_error(["settle", "guangdong", str(path)], capsys)
    assert err == f"mjc: error: {path}: larger than 1,000,000 bytes\n"


def test_settle_of_a_json_file_that_is_not_utf8_is_one_line_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "round.json"
    path.write_bytes(json.dumps(ROUND).encode().replace(b"123m", b"\xb9\xe3m"))
    err = _settle_error(["settle", "guangdong", str(path)], capsys)
    assert err.startswith(f"mjc: error: {path}: not UTF-8 text (byte ")


def test_settle_of_a_folder_is_one_line_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    err = _settle_error(["settle", "guangdong", str(tmp_path)], capsys)
    assert err == f"mjc: error: cannot read {tmp_path}: Is a directory\n"


def test_settle_from_stdin_reads_within_the_limits(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(nested(5_000).encode())))
    err = _settle_error(["settle", "guangdong", "-"], capsys)
    assert err == "mjc: error: -: nested deeper than 64 levels at line 1 column 65\n"


def test_settle_from_stdin_still_settles_a_round(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(ROUND)))
    assert main(["settle", "guangdong", "-", "--json"]) == 0
    assert "deltas" in json.loads(capsys.readouterr().out)
