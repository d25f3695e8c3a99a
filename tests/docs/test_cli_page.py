"""The CLI reference is read from the CLI's own parser: every command and option is on it."""

from __future__ import annotations

import argparse

from mjc.compiler.cli.commands import build_parser
from mjc.compiler.docs.refdocs import generate_cli_page


def test_every_command_and_option_of_the_cli_is_documented() -> None:
    parser = build_parser()
    page = generate_cli_page(parser)
    (commands,) = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    for name, sub in commands.choices.items():
        assert f"## `mjc {name}`" in page, name
        for action in sub._actions:
            if isinstance(action, argparse._HelpAction):
                continue  # the page says once that every command takes --help
            for flag in action.option_strings:
                assert f"`{flag}`" in page, f"mjc {name} {flag}"


def test_a_metavar_with_bars_shows_its_bars_without_backslashes_in_the_table() -> None:
    import markdown

    page = generate_cli_page(build_parser())
    shown = markdown.markdown(page, extensions=["tables"])
    assert "<td><code>--seat-wind</code> <code>E|S|W|N</code></td>" in shown
    assert "E\\|S" not in shown


def test_a_bar_outside_a_code_span_still_does_not_end_the_table_cell() -> None:
    from mjc.compiler.docs.pagetemplates import reference_cell

    assert reference_cell("a | b `c|d` e|f") == "a \\| b `c|d` e\\|f"
    assert reference_cell("``x|`y`` |") == "``x|`y`` \\|"
