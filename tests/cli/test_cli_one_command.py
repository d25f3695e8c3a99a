"""A command line that names a command is parsed by a parser of that command alone
(`parser.build_parser(only=…)`, so that `mjc check` does not build the other fifteen): it
reads the command's line as the whole parser does and says the same in its help."""

from __future__ import annotations

import argparse

import pytest

from mjc.compiler.cli import parser as cli_parser
from mjc.compiler.cli.commands import build_parser, main


def _commands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    (found,) = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    return dict(found.choices)


COMMANDS = sorted(_commands(build_parser()))


@pytest.mark.parametrize("name", COMMANDS)
def test_a_command_alone_has_the_help_and_options_it_has_in_the_whole_parser(name: str) -> None:
    whole = _commands(build_parser())[name]
    (alone,) = _commands(build_parser(name)).values()
    assert alone.prog == whole.prog == f"mjc {name}"
    assert alone.format_help() == whole.format_help()
    assert cli_parser.command_named([name, "--help"]) == name


def test_a_command_alone_parses_its_line_as_the_whole_parser_does() -> None:
    line = ["check", "guangdong", "--format", "json"]
    alone = build_parser(cli_parser.command_named(line)).parse_args(line)
    whole = build_parser().parse_args(line)
    assert vars(alone) == vars(whole)


@pytest.mark.parametrize("line", [[], ["--version"], ["chekc"], ["-h"], ["guangdong"]])
def test_a_line_that_names_no_command_first_is_read_by_the_whole_parser(line: list[str]) -> None:
    assert cli_parser.command_named(line) is None


def test_a_misspelt_command_is_still_told_the_commands(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["chekc", "guangdong"]) == 2
    err = capsys.readouterr().err
    assert "did you mean `check`" in err and "build" in err
