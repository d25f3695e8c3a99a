"""The language server answers every request on any text, never raising.

DESIGN.md, "Reliability": the server must outlive any text a designer can type. Its
handlers log what a feature raises and answer empty (`lsp.server._guarded`), so a crash
would go unseen in an editor; here the features are called as the handlers call them, on
sessions from `lsp_gen` (a rulebook opened, edited into a mutant or garbage, requests at any
position), and a raise fails the test. A failing session is kept in `regressions/`.
"""

from __future__ import annotations

from fuzz_budget import bulk
from fuzz_oracles import check_lsp
from lsp_gen import lsp_session


def test_the_language_server_answers_any_request_on_any_text() -> None:
    bulk("lsp", lsp_session, check_lsp, 25)
