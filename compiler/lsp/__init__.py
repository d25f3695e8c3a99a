"""The language server (`mjc lsp`): diagnostics, outline, hover, completion and more in an editor.

`server` wires the features to LSP requests with pygls (the `lsp` extra); `state` is what the
server knows of one open rulebook (its text and the result of compiling it through the
driver), `index` every declaration and use of a name in it, `positions` the mapping between
the compiler's spans and an editor's positions. One module per feature: `diagnostics`,
`outline`, `hover`, `completion`, `navigation` (definition, references, rename), `tokens`
(semantic highlighting) and `formatting` (`mjc fmt`'s layout). Reads the driver, the syntax,
the docs' prose and `fmt`; only `server` imports pygls.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mjc.lazyimport import lazy_exports

if TYPE_CHECKING:
    from mjc.compiler.lsp.completion import (
        completions,
    )
    from mjc.compiler.lsp.diagnostics import (
        lsp_diagnostics,
        message_of,
    )
    from mjc.compiler.lsp.formatting import (
        formatting_edits,
    )
    from mjc.compiler.lsp.hover import (
        Md,
        hand_tiles,
        symbol_hover,
        tile_char,
        word_hover,
    )
    from mjc.compiler.lsp.index import (
        Reference,
        Section,
        Symbol,
        SymbolIndex,
        build_index,
    )
    from mjc.compiler.lsp.navigation import (
        definition,
        index_lines,
        location,
        prepare_rename,
        reference_at,
        references,
        rename,
        symbol_at,
    )
    from mjc.compiler.lsp.outline import (
        document_symbols,
    )
    from mjc.compiler.lsp.positions import (
        LineTable,
        code_point_character,
        utf16_character,
        utf16_length,
    )
    from mjc.compiler.lsp.server import (
        CHANGE_PAUSE,
        F,
        MjcServer,
        build_server,
        serve,
    )
    from mjc.compiler.lsp.state import (
        DocumentState,
        file_to_uri,
        uri_to_file,
    )
    from mjc.compiler.lsp.tokens import (
        TOKEN_MODIFIERS,
        TOKEN_TYPES,
        semantic_tokens,
    )

# Each public name, and the module that defines it (imported on first use).
_EXPORTS = {
    "CHANGE_PAUSE": "mjc.compiler.lsp.server",
    "DocumentState": "mjc.compiler.lsp.state",
    "F": "mjc.compiler.lsp.server",
    "LineTable": "mjc.compiler.lsp.positions",
    "Md": "mjc.compiler.lsp.hover",
    "MjcServer": "mjc.compiler.lsp.server",
    "Reference": "mjc.compiler.lsp.index",
    "Section": "mjc.compiler.lsp.index",
    "Symbol": "mjc.compiler.lsp.index",
    "SymbolIndex": "mjc.compiler.lsp.index",
    "TOKEN_MODIFIERS": "mjc.compiler.lsp.tokens",
    "TOKEN_TYPES": "mjc.compiler.lsp.tokens",
    "build_index": "mjc.compiler.lsp.index",
    "build_server": "mjc.compiler.lsp.server",
    "code_point_character": "mjc.compiler.lsp.positions",
    "completions": "mjc.compiler.lsp.completion",
    "definition": "mjc.compiler.lsp.navigation",
    "document_symbols": "mjc.compiler.lsp.outline",
    "file_to_uri": "mjc.compiler.lsp.state",
    "formatting_edits": "mjc.compiler.lsp.formatting",
    "hand_tiles": "mjc.compiler.lsp.hover",
    "index_lines": "mjc.compiler.lsp.navigation",
    "location": "mjc.compiler.lsp.navigation",
    "lsp_diagnostics": "mjc.compiler.lsp.diagnostics",
    "message_of": "mjc.compiler.lsp.diagnostics",
    "prepare_rename": "mjc.compiler.lsp.navigation",
    "reference_at": "mjc.compiler.lsp.navigation",
    "references": "mjc.compiler.lsp.navigation",
    "rename": "mjc.compiler.lsp.navigation",
    "semantic_tokens": "mjc.compiler.lsp.tokens",
    "serve": "mjc.compiler.lsp.server",
    "symbol_at": "mjc.compiler.lsp.navigation",
    "symbol_hover": "mjc.compiler.lsp.hover",
    "tile_char": "mjc.compiler.lsp.hover",
    "uri_to_file": "mjc.compiler.lsp.state",
    "utf16_character": "mjc.compiler.lsp.positions",
    "utf16_length": "mjc.compiler.lsp.positions",
    "word_hover": "mjc.compiler.lsp.hover",
}

__getattr__, __dir__ = lazy_exports(__name__, globals(), _EXPORTS)

__all__ = [
    "CHANGE_PAUSE",
    "TOKEN_MODIFIERS",
    "TOKEN_TYPES",
    "DocumentState",
    "F",
    "LineTable",
    "Md",
    "MjcServer",
    "Reference",
    "Section",
    "Symbol",
    "SymbolIndex",
    "build_index",
    "build_server",
    "code_point_character",
    "completions",
    "definition",
    "document_symbols",
    "file_to_uri",
    "formatting_edits",
    "hand_tiles",
    "index_lines",
    "location",
    "lsp_diagnostics",
    "message_of",
    "prepare_rename",
    "reference_at",
    "references",
    "rename",
    "semantic_tokens",
    "serve",
    "symbol_at",
    "symbol_hover",
    "tile_char",
    "uri_to_file",
    "utf16_character",
    "utf16_length",
    "word_hover",
]
