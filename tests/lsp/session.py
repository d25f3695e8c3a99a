"""A real LSP client session for the tests: pygls's `LanguageClient` talking over stdio to
`mjc lsp` started in a subprocess (the way an editor starts it), collecting the diagnostics
the server publishes."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, TypeVar

from lsprotocol import types
from pygls.lsp.client import LanguageClient

T = TypeVar("T")

TIMEOUT = 60.0  # seconds a whole session may take (a loaded machine) before the test fails


class Session:
    """One server process and the client that drives it."""

    def __init__(self, client: LanguageClient) -> None:
        self.client = client
        self.published: dict[str, list[types.Diagnostic]] = {}
        self.events: asyncio.Queue[str] = asyncio.Queue()
        self.capabilities: types.ServerCapabilities | None = None
        self.versions: dict[str, int] = {}

        @client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        def _published(params: types.PublishDiagnosticsParams) -> None:
            self.published[params.uri] = list(params.diagnostics)
            self.events.put_nowait(params.uri)

    async def open(self, path: Path, text: str) -> list[types.Diagnostic]:
        """Open a document with `text` (need not be on disk) and wait for its diagnostics."""
        uri = path.resolve().as_uri()
        self.versions[uri] = 1
        self.client.text_document_did_open(
            types.DidOpenTextDocumentParams(
                types.TextDocumentItem(uri=uri, language_id="mjc", version=1, text=text)
            )
        )
        return await self._diagnostics_of(uri)

    async def change(self, path: Path, text: str) -> list[types.Diagnostic]:
        """Replace the whole text of an open document and wait for its new diagnostics."""
        self.send_change(path, text)
        return await self._diagnostics_of(path.resolve().as_uri())

    def send_change(self, path: Path, text: str) -> None:
        """Replace the whole text of an open document, not waiting for anything."""
        uri = path.resolve().as_uri()
        self.versions[uri] += 1
        self.client.text_document_did_change(
            types.DidChangeTextDocumentParams(
                types.VersionedTextDocumentIdentifier(version=self.versions[uri], uri=uri),
                [types.TextDocumentContentChangeWholeDocument(text)],
            )
        )

    async def _diagnostics_of(self, uri: str) -> list[types.Diagnostic]:
        while await self.events.get() != uri:
            pass
        return self.published[uri]


def run_session(body: Callable[[Session], Awaitable[T]]) -> T:
    """Start `mjc lsp`, initialize, run `body`, then shut the server down and exit."""

    async def main() -> T:
        client = LanguageClient("mjc-tests", "1")
        session = Session(client)
        await client.start_io(
            sys.executable,
            "-c",
            "import sys; from mjc.compiler.cli.commands import main; sys.exit(main(['lsp']))",
        )
        try:
            result = await client.initialize_async(
                types.InitializeParams(
                    capabilities=types.ClientCapabilities(), process_id=None, root_uri=None
                )
            )
            session.capabilities = result.capabilities
            client.initialized(types.InitializedParams())
            value = await body(session)
            await client.shutdown_async(None)
            return value
        finally:
            client.exit(None)  # also when the body failed, so that the server ends
            await client.stop()

    return asyncio.run(asyncio.wait_for(main(), TIMEOUT))


def doc(path: Path) -> types.TextDocumentIdentifier:
    return types.TextDocumentIdentifier(path.resolve().as_uri())


def at(path: Path, line: int, character: int) -> dict[str, Any]:
    """The `text_document` and `position` of a request at 0-based `line`:`character`."""
    return {"text_document": doc(path), "position": types.Position(line, character)}
