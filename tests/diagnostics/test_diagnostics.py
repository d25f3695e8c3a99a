"""Diagnostics render exactly as rustc-style text, JSON, GitHub annotations and SARIF."""

from __future__ import annotations

import json
import re
from textwrap import dedent

from hypothesis import given, strategies as st

from mjc.compiler.diagnostics import (
    Diagnostic,
    Label,
    Span,
    error,
    has_errors,
    note,
    render_text,
    sort_diagnostics,
    warning,
)
from mjc.compiler.diagnostics.formats import render_github, render_json, render_sarif

GD = "rulebooks/guangdong.mjr"
ANSI = re.compile(r"\x1b\[[0-9;]*m")


def text(s: str) -> str:
    """Expected output written as an indented block in the test."""
    return dedent(s).lstrip("\n")


def guangdong_source() -> str:
    lines = [f"# line {n}" for n in range(1, 42)]
    lines.append("  when pure_one_sut and all_pungs")
    return "\n".join(lines) + "\n"


def unknown_name() -> Diagnostic:
    return error(
        "E0101",
        "unknown name `pure_one_sut`",
        Span(GD, 42, 8, 42, 20),
        label="not a fan, option or builtin",
        help="did you mean `pure_one_suit` (清一色)?",
    )


# ------------------------------------------------------------------------------ values


def test_span_point_covers_one_code_point() -> None:
    assert Span.point("a.mjr", 3, 5) == Span("a.mjr", 3, 5, 3, 6)
    assert str(Span.point("a.mjr", 3, 5)) == "a.mjr:3:5"


def test_constructors_fill_severity_and_tuples() -> None:
    label = Label(Span.point("a", 1, 1), "first defined here")
    d = warning("W0001", "m", None, notes=["n"], labels=[label])
    assert d == Diagnostic("W0001", "warning", "m", None, "", None, ("n",), (label,))
    assert error("E1", "m", None).severity == "error"
    assert note("N1", "m", None).severity == "note"


def test_has_errors_ignores_warnings_and_notes() -> None:
    assert not has_errors([warning("W1", "w", None), note("N1", "n", None)])
    assert has_errors([warning("W1", "w", None), error("E1", "e", None)])
    assert not has_errors([])


def test_sort_orders_by_file_line_column_then_code_and_is_stable() -> None:
    b = error("E2", "b", Span.point("b.mjr", 1, 1))
    a2 = error("E1", "a2", Span.point("a.mjr", 2, 1))
    a1_late = error("E2", "a1-late", Span.point("a.mjr", 1, 9))
    a1_e3 = error("E3", "a1-e3", Span.point("a.mjr", 1, 1))
    a1_e1_first = error("E1", "first", Span.point("a.mjr", 1, 1))
    a1_e1_second = warning("E1", "second", Span.point("a.mjr", 1, 1))
    spanless = error("E9", "no span", None)
    given_order = [b, a2, a1_late, a1_e3, a1_e1_first, spanless, a1_e1_second]
    assert sort_diagnostics(given_order) == [
        spanless,
        a1_e1_first,
        a1_e1_second,
        a1_e3,
        a1_late,
        a2,
        b,
    ]


# ------------------------------------------------------------------------------ text


def test_error_with_help_renders_like_rustc() -> None:
    out = render_text([unknown_name()], {GD: guangdong_source()})
    assert out == text(
        """
        error[E0101]: unknown name `pure_one_sut`
          --> rulebooks/guangdong.mjr:42:8
           |
        42 |   when pure_one_sut and all_pungs
           |        ^^^^^^^^^^^^ not a fan, option or builtin
           |
           = help: did you mean `pure_one_suit` (清一色)?

        error: 1 error emitted
        """
    )


def test_chinese_characters_before_the_span_shift_carets_two_cells_each() -> None:
    source = "fan 清一色 = pure_one_sut\n"
    d = error("E0101", "unknown name", Span("x.mjr", 1, 11, 1, 23), label="here")
    assert render_text([d], {"x.mjr": source}) == text(
        """
        error[E0101]: unknown name
         --> x.mjr:1:11
          |
        1 | fan 清一色 = pure_one_sut
          |              ^^^^^^^^^^^^ here

        error: 1 error emitted
        """
    )


def test_span_over_chinese_text_gets_two_carets_per_character() -> None:
    source = "fan 清一色 = 6\n"
    d = error("E0102", "duplicate fan `清一色`", Span("x.mjr", 1, 5, 1, 8), label="again")
    assert render_text([d], {"x.mjr": source}) == text(
        """
        error[E0102]: duplicate fan `清一色`
         --> x.mjr:1:5
          |
        1 | fan 清一色 = 6
          |     ^^^^^^ again

        error: 1 error emitted
        """
    )


def test_fullwidth_punctuation_is_two_cells_wide() -> None:
    source = "note：（x）\n"
    d = error("E1", "m", Span("x.mjr", 1, 7, 1, 8))
    out = render_text([d], {"x.mjr": source})
    assert "1 | note：（x）\n  |         ^\n" in out


def test_tabs_expand_to_the_same_stops_in_source_and_caret_lines() -> None:
    source = "fan\tx\t= 6\n\tvalue\t清\tbad\n"
    d = warning("W0301", "suspicious value", Span("t.mjr", 2, 10, 2, 13), label="this")
    assert render_text([d], {"t.mjr": source}) == text(
        """
        warning[W0301]: suspicious value
         --> t.mjr:2:10
          |
        2 |     value   清  bad
          |                 ^^^ this

        warning: 1 warning emitted
        """
    )


def test_warning_uses_warning_header_and_summary() -> None:
    d = warning(
        "W0401",
        "tile 5m is given to no seat",
        Span("h.mjr", 1, 7, 1, 9),
        help="add it to a seat",
    )
    assert render_text([d], {"h.mjr": "horse 5m\n"}) == text(
        """
        warning[W0401]: tile 5m is given to no seat
         --> h.mjr:1:7
          |
        1 | horse 5m
          |       ^^
          |
          = help: add it to a seat

        warning: 1 warning emitted
        """
    )


def test_secondary_label_in_another_file_gets_its_own_snippet() -> None:
    sources = {
        "a.mjr": "fan pure_one_suit:\n  value 6\n",
        "base.mjr": "\n" * 9 + "fan pure_one_suit:\n",
    }
    d = error(
        "E0103",
        "fan `pure_one_suit` is defined twice",
        Span("a.mjr", 1, 5, 1, 18),
        label="defined again here",
        labels=(Label(Span("base.mjr", 10, 5, 10, 18), "first defined here"),),
        notes=("a rulebook that extends another may override a fan with `replaces`",),
    )
    assert render_text([d], sources) == text(
        """
        error[E0103]: fan `pure_one_suit` is defined twice
          --> a.mjr:1:5
           |
         1 | fan pure_one_suit:
           |     ^^^^^^^^^^^^^ defined again here
           |
          ::: base.mjr:10:5
           |
        10 | fan pure_one_suit:
           |     ------------- first defined here
           |
           = note: a rulebook that extends another may override a fan with `replaces`

        error: 1 error emitted
        """
    )


def test_secondary_labels_in_the_same_file_share_the_snippet() -> None:
    source = "\n".join(
        [
            "option cap:",  # 1
            "  choice 16",  # 2
            "  choice 32",  # 3
            "",  # 4
            "",  # 5
            "cap cap = 8",  # 6
        ]
    )
    d = error(
        "E0501",
        "the cap is below the values it caps",
        Span("c.mjr", 6, 11, 6, 12),
        label="8 points",
        labels=(
            Label(Span("c.mjr", 1, 8, 1, 11), "declared here"),
            Label(Span("c.mjr", 3, 10, 3, 12), "a fan is worth 32"),
            Label(Span("c.mjr", 6, 5, 6, 8), "this cap"),
        ),
    )
    assert render_text([d], {"c.mjr": source}) == text(
        """
        error[E0501]: the cap is below the values it caps
         --> c.mjr:6:11
          |
        1 | option cap:
          |        --- declared here
        2 |   choice 16
        3 |   choice 32
          |          -- a fan is worth 32
        ...
        6 | cap cap = 8
          |     ---   ^ 8 points
          |     |
          |     this cap

        error: 1 error emitted
        """
    )


def test_span_at_end_of_file_points_after_the_last_character() -> None:
    source = "fan x:\n  value 6\n"
    d = error("E0001", "unexpected end of file", Span("e.mjr", 3, 1, 3, 1), label="expected `}`")
    assert render_text([d], {"e.mjr": source}) == text(
        """
        error[E0001]: unexpected end of file
         --> e.mjr:3:1
          |
        2 |   value 6
          |          ^ expected `}`

        error: 1 error emitted
        """
    )


def test_span_in_an_empty_file_still_renders() -> None:
    out = render_text([error("E0001", "empty", Span("e.mjr", 1, 1, 1, 1))], {"e.mjr": ""})
    assert out == text(
        """
        error[E0001]: empty
         --> e.mjr:1:1
          |
        1 |
          | ^

        error: 1 error emitted
        """
    )


def test_multi_line_span_underlines_the_rest_of_its_first_line() -> None:
    source = "fan a 清一色:\n  value 6\n"
    d = error("E0601", "fan can never be satisfied", Span("m.mjr", 1, 7, 2, 10))
    assert render_text([d], {"m.mjr": source}) == text(
        """
        error[E0601]: fan can never be satisfied
         --> m.mjr:1:7
          |
        1 | fan a 清一色:
          |       ^^^^^^^

        error: 1 error emitted
        """
    )


def test_gutter_widens_for_large_line_numbers() -> None:
    source = "x\n" * 1233 + "bad\n"
    out = render_text([error("E1", "m", Span("g.mjr", 1234, 1, 1234, 4))], {"g.mjr": source})
    assert "    --> g.mjr:1234:1\n     |\n1234 | bad\n     | ^^^\n" in out


def test_diagnostic_without_span_renders_header_and_help_only() -> None:
    d = error("E0010", "no rulebook declares `fans`", None, help="add a `fans:` section")
    assert render_text([d], {}) == text(
        """
        error[E0010]: no rulebook declares `fans`
          = help: add a `fans:` section

        error: 1 error emitted
        """
    )


def test_span_in_a_file_without_source_shows_its_location() -> None:
    d = error("E1", "m", Span("gone.mjr", 3, 2, 3, 4), label="here")
    assert render_text([d], {}) == text(
        """
        error[E1]: m
         --> gone.mjr:3:2
          | here

        error: 1 error emitted
        """
    )


def test_control_characters_in_source_and_message_cannot_reach_the_terminal() -> None:
    source = "name \x1b[31mred\u202e\n"
    d = error("E1", "bad name `\x1b[31m`", Span("c.mjr", 1, 6, 1, 11))
    out = render_text([d], {"c.mjr": source})
    assert "\x1b" not in out and "\u202e" not in out
    assert "1 | name ␛[31mred\ufffd\n  |      ^^^^^\n" in out


def test_summary_counts_errors_and_warnings() -> None:
    e = error("E1", "e", None)
    w = warning("W1", "w", None)
    n = note("N1", "n", None)
    last = {
        (e, e, w): "error: 2 errors and 1 warning emitted",
        (e, w, w): "error: 1 error and 2 warnings emitted",
        (w,): "warning: 1 warning emitted",
        (w, w, n): "warning: 2 warnings emitted",
    }
    for diags, summary in last.items():
        assert render_text(diags, {}).endswith("\n\n" + summary + "\n")


def test_nothing_to_report_renders_nothing_and_notes_have_no_summary() -> None:
    assert render_text([], {}) == ""
    assert render_text([note("N1", "just so you know", None)], {}) == (
        "note[N1]: just so you know\n"
    )


def test_plain_output_has_no_escape_codes_and_colour_output_has_some() -> None:
    diags = [unknown_name(), warning("W1", "w", Span(GD, 1, 1, 1, 2))]
    sources = {GD: guangdong_source()}
    plain = render_text(diags, sources)
    coloured = render_text(diags, sources, color=True)
    assert "\x1b" not in plain
    assert "\x1b[1;31merror" in coloured  # red errors
    assert "\x1b[1;33mwarning" in coloured  # yellow warnings
    assert "\x1b[1;34m42 | " in coloured  # blue gutter
    assert ANSI.sub("", coloured) == plain


@given(
    source=st.text(alphabet="ab清\t\n\r\x1b ", max_size=30),
    line=st.integers(-2, 8),
    column=st.integers(-2, 12),
    end_line=st.integers(-2, 8),
    end_column=st.integers(-2, 12),
)
def test_any_span_in_any_source_renders_without_raising(
    source: str, line: int, column: int, end_line: int, end_column: int
) -> None:
    span = Span("f.mjr", line, column, end_line, end_column)
    d = error("E1", "m", span, label="l", labels=[Label(span, "again")], help="h")
    out = render_text([d], {"f.mjr": source}, color=True)
    plain = ANSI.sub("", out)
    assert plain == render_text([d], {"f.mjr": source})
    assert plain.endswith("\n\nerror: 1 error emitted\n")
    assert all(row == row.rstrip() for row in plain.splitlines())


# ------------------------------------------------------------------------------ JSON


def test_json_has_exactly_the_contract_shape() -> None:
    diags = [
        unknown_name(),
        warning("W0002", "no span", None),
    ]
    document = render_json(diags, version="0.1.0")
    assert document.endswith("}\n")
    assert "清一色" in document  # ensure_ascii=False
    parsed = json.loads(document)
    assert parsed == {
        "version": "0.1.0",
        "diagnostics": [
            {
                "code": "E0101",
                "severity": "error",
                "message": "unknown name `pure_one_sut`",
                "file": GD,
                "line": 42,
                "column": 8,
                "end_line": 42,
                "end_column": 20,
                "help": "did you mean `pure_one_suit` (清一色)?",
            },
            {
                "code": "W0002",
                "severity": "warning",
                "message": "no span",
                "file": None,
                "line": None,
                "column": None,
                "end_line": None,
                "end_column": None,
                "help": None,
            },
        ],
    }
    assert list(parsed) == ["version", "diagnostics"]
    assert list(parsed["diagnostics"][0]) == [
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


def test_json_with_no_diagnostics_is_still_a_document() -> None:
    assert json.loads(render_json([], version="1")) == {"version": "1", "diagnostics": []}


# ------------------------------------------------------------------------------ GitHub


def test_github_commands_carry_location_code_and_help() -> None:
    diags = [
        unknown_name(),
        warning("W1", "w", Span("b.mjr", 2, 3, 2, 4)),
        note("N1", "n", None),
    ]
    assert render_github(diags) == (
        "::error file=rulebooks/guangdong.mjr,line=42,col=8,endLine=42,endColumn=20,"
        "title=E0101::unknown name `pure_one_sut` (help: did you mean `pure_one_suit` (清一色)?)\n"
        "::warning file=b.mjr,line=2,col=3,endLine=2,endColumn=4,title=W1::w\n"
        "::notice title=N1::n\n"
    )


def test_github_escapes_data_and_property_values() -> None:
    d = error("E1", "100% bad\r\nreally: a, b", Span("dir,x/a:b%.mjr", 1, 1, 1, 2))
    assert render_github([d]) == (
        "::error file=dir%2Cx/a%3Ab%25.mjr,line=1,col=1,endLine=1,endColumn=2,"
        "title=E1::100%25 bad%0D%0Areally: a, b\n"
    )
    assert render_github([]) == ""


# ------------------------------------------------------------------------------ SARIF


def test_sarif_is_a_minimal_valid_2_1_0_log() -> None:
    diags = [
        unknown_name(),
        warning("W0401", "tile given to no seat", Span("规则/h.mjr", 1, 7, 1, 9)),
        error("E0101", "unknown name `x`", None),
        note("N0001", "fyi", Span.point("a.mjr", 1, 1)),
    ]
    log = json.loads(
        render_sarif(diags, tool_version="0.1.0", rules={"E0101": "unknown name", "Z": "unused"})
    )
    assert set(log) == {"$schema", "version", "runs"}
    assert log["version"] == "2.1.0"
    assert log["$schema"].endswith("sarif-schema-2.1.0.json")
    (run,) = log["runs"]
    driver = run["tool"]["driver"]
    assert driver["name"] == "mjc" and driver["version"] == "0.1.0"
    assert driver["rules"] == [
        {"id": "E0101", "shortDescription": {"text": "unknown name"}},
        {"id": "N0001"},
        {"id": "W0401"},
    ]
    results = run["results"]
    assert [r["level"] for r in results] == ["error", "warning", "error", "note"]
    assert [driver["rules"][r["ruleIndex"]]["id"] for r in results] == [
        r["ruleId"] for r in results
    ]
    first = results[0]
    assert first["ruleId"] == "E0101"
    assert first["message"]["text"] == (
        "unknown name `pure_one_sut` (help: did you mean `pure_one_suit` (清一色)?)"
    )
    assert first["locations"][0]["physicalLocation"] == {
        "artifactLocation": {"uri": GD},
        "region": {"startLine": 42, "startColumn": 8, "endLine": 42, "endColumn": 20},
    }
    uri = results[1]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
    assert uri == "%E8%A7%84%E5%88%99/h.mjr"
    assert "locations" not in results[2]
    for result in results:
        assert {"ruleId", "level", "message"} <= set(result)
        assert isinstance(result["message"]["text"], str)
