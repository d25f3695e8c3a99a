"""`mjc lsp` on the command line: usage errors are one line and exit 2, as DESIGN.md's CLI
contract says for every command."""

from __future__ import annotations

import sys

import pytest

from mjc.compiler.cli.commands import EXIT_USAGE, main


def test_tcp_without_a_port_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["lsp", "--tcp", "localhost"]) == EXIT_USAGE
    assert "--tcp takes HOST:PORT" in capsys.readouterr().err


def test_without_pygls_the_command_says_which_extra_to_install(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "mjc.compiler.lsp.server", None)  # import fails
    assert main(["lsp"]) == EXIT_USAGE
    assert "pip install 'mjc[lsp]'" in capsys.readouterr().err
