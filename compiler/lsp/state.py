"""What the language server knows about one open rulebook: its text, the result of compiling
it (the diagnostics of `mjc check`) and its symbol index.

Filled by the server on every open, change and save from the text the editor holds (never
the file on disk, which may be older); the parent named by `extends` is read from disk or
the bundled rulebooks. A text with syntax errors is indexed by the sections that parse, so the
outline, hover and completion answer on them with the text's own positions; a text of which no
section parses keeps the last index, and any text with errors the last checked IR, so that
hover and go to definition still answer while the designer is mid-word.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import unquote, urlparse

from mjc.compiler import ir
from mjc.compiler.diagnostics import Diagnostic
from mjc.compiler.driver import compile_source
from mjc.compiler.lsp.index import SymbolIndex, build_index
from mjc.compiler.lsp.positions import LineTable


def uri_to_file(uri: str) -> str:
    """The file name diagnostics and spans use for a document: its path for a `file:` URI,
    the URI itself otherwise (an unsaved buffer)."""
    parsed = urlparse(uri)
    if parsed.scheme == "file":
        return unquote(parsed.path)
    return uri


def file_to_uri(file: str) -> str:
    """The URI of a file an index or a diagnostic names."""
    if "://" in file or file.startswith("untitled:"):
        return file
    return Path(file).resolve().as_uri()


@dataclass(slots=True)
class DocumentState:
    """One open document."""

    uri: str
    text: str = ""
    diagnostics: list[Diagnostic] = field(default_factory=list)
    sources: dict[str, str] = field(default_factory=dict)
    index: SymbolIndex | None = None
    rulebook: ir.Rulebook | None = None
    parses: bool = False  # whether `index` is the current text's (else it is the last good one)
    checked: bool = False  # whether `update` has run at all

    @property
    def file(self) -> str:
        return uri_to_file(self.uri)

    @property
    def lines(self) -> LineTable:
        return LineTable(self.text)

    def update(self, text: str) -> None:
        """Check `text` as `mjc check` would, and index it."""
        self.text = text
        self.checked = True
        file = self.file
        directory = Path(file).parent if "://" not in file else None
        result = compile_source(text, file, directory=directory)
        self.diagnostics = result.diagnostics
        self.sources = result.sources
        if result.rulebook is not None:
            self.rulebook = result.rulebook
        index = build_index(result.source, file, directory)
        self.parses = index is not None
        if index is not None:
            self.index = index

    def index_of(self, file: str) -> SymbolIndex | None:
        """The index (this document's or an ancestor's) of `file`."""
        if self.index is None:
            return None
        return next((i for i in self.index.chain() if i.file == file), None)

    def uri_of(self, file: str) -> str:
        return self.uri if file == self.file else file_to_uri(file)
