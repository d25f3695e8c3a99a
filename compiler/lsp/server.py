"""The language server: pygls wiring of the features in this package to LSP requests.

`mjc lsp` (see `mjc.compiler.cli.commands`) runs `serve()` over stdio (or TCP). Every open, change
and save re-checks the editor's text in process (`state.DocumentState.update`, the same
pipeline as `mjc check`) and publishes its diagnostics. The server must outlive any text a
designer can type and any bug of ours: every handler goes through `_guarded`, which logs an
exception and answers with an empty result instead of failing the request.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import os
import sys
from collections.abc import Callable
from typing import Any, TypeVar, cast

from lsprotocol import types
from pygls.lsp.server import LanguageServer

from mjc.compiler.lsp import completion, formatting, hover, navigation, outline, tokens
from mjc.compiler.lsp.diagnostics import lsp_diagnostics
from mjc.compiler.lsp.state import DocumentState
from mjc.compiler.version import MJC_VERSION

log = logging.getLogger(__name__)

F = TypeVar("F", bound=Callable[..., Any])

CHANGE_PAUSE = 0.15
"""Seconds without a change before a changed document is checked and its diagnostics sent."""


class MjcServer(LanguageServer):
    """A pygls server that keeps a `DocumentState` per open rulebook."""

    def __init__(self) -> None:
        super().__init__("mjc", MJC_VERSION)
        self.documents: dict[str, DocumentState] = {}
        self.latest: dict[str, int] = {}  # the newest version of each document changed

    def shutdown(self) -> None:
        """Stop without waiting for the thread that reads stdin: after `exit` a client may
        keep the pipe open, and that thread would hold the process until it closes it."""
        if self._stop_event is not None:
            self._stop_event.set()
        if self._thread_pool is not None:
            self._thread_pool.shutdown(wait=False, cancel_futures=True)
        if self._server is not None:
            self._server.close()

    def state(self, uri: str) -> DocumentState:
        """The document's state for its current text (checked now if a change has not been
        checked yet: a request must read the text the editor's positions refer to)."""
        found = self.documents.setdefault(uri, DocumentState(uri))
        try:
            text = self.workspace.get_text_document(uri).source
        except Exception:  # an unknown document: nothing to say about it
            log.exception("cannot read %s", uri)
            return found
        if text != found.text or not found.checked:
            found.update(text)
        return found

    def refresh(self, uri: str) -> None:
        """Re-check the document's current text and publish what `mjc check` says."""
        state = self.state(uri)
        self.text_document_publish_diagnostics(
            types.PublishDiagnosticsParams(uri=uri, diagnostics=lsp_diagnostics(state))
        )


def _guarded(default: Callable[[], object]) -> Callable[[F], F]:
    """Catch and log whatever a handler raises; answer `default()` instead."""

    def wrap(handler: F) -> F:
        @functools.wraps(handler)
        def run(server: MjcServer, params: Any) -> Any:
            try:
                return handler(server, params)
            except Exception:
                log.exception("%s failed", handler.__name__)
                return default()

        return cast(F, run)

    return wrap


def _none() -> None:
    return None


def build_server() -> MjcServer:
    """A server with every feature registered."""
    server = MjcServer()
    _register_document_sync(server)
    _register_navigation(server)
    _register_editing(server)
    _register_formatting(server)
    return server


def _register_document_sync(server: MjcServer) -> None:
    """Open, change, save and close: keep each document's state and publish its diagnostics."""

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    @_guarded(_none)
    def did_open(ls: MjcServer, params: types.DidOpenTextDocumentParams) -> None:
        ls.refresh(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    async def did_change(ls: MjcServer, params: types.DidChangeTextDocumentParams) -> None:
        # While the designer types, check only once the keys rest: a later change wins.
        uri, version = params.text_document.uri, params.text_document.version
        ls.latest[uri] = version
        await asyncio.sleep(CHANGE_PAUSE)
        if ls.latest.get(uri) != version:
            return
        try:
            ls.refresh(uri)
        except Exception:  # as in `_guarded`: log, and keep serving
            log.exception("did_change failed")

    @server.feature(types.TEXT_DOCUMENT_DID_SAVE)
    @_guarded(_none)
    def did_save(ls: MjcServer, params: types.DidSaveTextDocumentParams) -> None:
        ls.refresh(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    @_guarded(_none)
    def did_close(ls: MjcServer, params: types.DidCloseTextDocumentParams) -> None:
        ls.documents.pop(params.text_document.uri, None)
        ls.text_document_publish_diagnostics(
            types.PublishDiagnosticsParams(uri=params.text_document.uri, diagnostics=[])
        )


def _register_navigation(server: MjcServer) -> None:
    """Hover, definition, references and rename: what a position in the text refers to."""

    @server.feature(types.TEXT_DOCUMENT_HOVER)
    @_guarded(_none)
    def on_hover(ls: MjcServer, params: types.HoverParams) -> types.Hover | None:
        state = ls.state(params.text_document.uri)
        symbol = navigation.symbol_at(state, params.position)
        if symbol is not None:
            body = hover.symbol_hover(state, symbol)
        else:
            body = hover.word_hover(_word_at(state, params.position)) or ""
        if not body:
            return None
        return types.Hover(types.MarkupContent(types.MarkupKind.Markdown, body))

    @server.feature(types.TEXT_DOCUMENT_DEFINITION)
    @_guarded(list)
    def on_definition(ls: MjcServer, params: types.DefinitionParams) -> list[types.Location]:
        return navigation.definition(ls.state(params.text_document.uri), params.position)

    @server.feature(types.TEXT_DOCUMENT_REFERENCES)
    @_guarded(list)
    def on_references(ls: MjcServer, params: types.ReferenceParams) -> list[types.Location]:
        state = ls.state(params.text_document.uri)
        return navigation.references(state, params.position, params.context.include_declaration)

    @server.feature(types.TEXT_DOCUMENT_PREPARE_RENAME)
    @_guarded(_none)
    def on_prepare_rename(ls: MjcServer, params: types.PrepareRenameParams) -> types.Range | None:
        return navigation.prepare_rename(ls.state(params.text_document.uri), params.position)

    @server.feature(types.TEXT_DOCUMENT_RENAME)
    @_guarded(_none)
    def on_rename(ls: MjcServer, params: types.RenameParams) -> types.WorkspaceEdit | None:
        state = ls.state(params.text_document.uri)
        return navigation.rename(state, params.position, params.new_name)


def _register_editing(server: MjcServer) -> None:
    """Completion, the outline and semantic tokens: help while writing and reading."""

    @server.feature(
        types.TEXT_DOCUMENT_COMPLETION,
        types.CompletionOptions(trigger_characters=[".", '"', " ", "="]),
    )
    @_guarded(lambda: types.CompletionList(is_incomplete=False, items=[]))
    def on_completion(ls: MjcServer, params: types.CompletionParams) -> types.CompletionList:
        return completion.completions(ls.state(params.text_document.uri), params.position)

    @server.feature(types.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
    @_guarded(list)
    def on_symbols(ls: MjcServer, params: types.DocumentSymbolParams) -> list[types.DocumentSymbol]:
        return outline.document_symbols(ls.state(params.text_document.uri))

    @server.feature(
        types.TEXT_DOCUMENT_SEMANTIC_TOKENS_FULL,
        types.SemanticTokensLegend(tokens.TOKEN_TYPES, tokens.TOKEN_MODIFIERS),
    )
    @_guarded(lambda: types.SemanticTokens(data=[]))
    def on_tokens(ls: MjcServer, params: types.SemanticTokensParams) -> types.SemanticTokens:
        state = ls.state(params.text_document.uri)
        return types.SemanticTokens(data=tokens.semantic_tokens(state.text, state.index))


def _register_formatting(server: MjcServer) -> None:
    """Format document: `mjc fmt`'s layout, as edits of the lines that change."""

    @server.feature(types.TEXT_DOCUMENT_FORMATTING)
    @_guarded(list)
    def on_formatting(
        ls: MjcServer, params: types.DocumentFormattingParams
    ) -> list[types.TextEdit]:
        state = ls.state(params.text_document.uri)
        return formatting.formatting_edits(state.text, state.file)


def _word_at(state: DocumentState, position: types.Position) -> str:
    line = state.lines.line(position.line)
    _, column = state.lines.from_lsp(position.line, position.character)
    start = end = column - 1
    while start > 0 and (line[start - 1].isalnum() or line[start - 1] == "_"):
        start -= 1
    while end < len(line) and (line[end].isalnum() or line[end] == "_"):
        end += 1
    return line[start:end]


def serve(tcp: tuple[str, int] | None = None) -> None:
    """Run the server until the client says exit: over stdio, or TCP at `tcp`."""
    server = build_server()
    if tcp is None:
        server.start_io()
    else:
        server.start_tcp(*tcp)
    # Leave at once: the stdin reader thread may still be blocked (see `MjcServer.shutdown`)
    # and the interpreter would wait for it at exit.
    sys.stdout.flush()
    os._exit(0)
