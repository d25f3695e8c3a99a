"""Sessions of the language server for the fuzz tests: a rulebook opened, edited into
something else (a mutant, garbage, nothing), and requests at any position.

The text is a slice of a bundled rulebook (`rulebook_gen.bundled_slice`), under mutations
now and then; the edit is another mutation, a cut, or a text with characters outside the
Basic Multilingual Plane, CR line ends and NUL. Positions are the LSP's (0-based lines,
UTF-16 characters, unsigned): inside the text, past its lines and its end, huge, in the
middle of a surrogate pair. The URI is a file's, an unsaved buffer's or any string.
"""

from __future__ import annotations

from typing import Any

from choices import Choices
from input_gen import ANY_CHARACTERS, random_text
from mutation_gen import mutated
from rulebook_gen import bundled_slice

REQUESTS = ("hover", "definition", "references", "prepare_rename", "rename", "completion",
            "symbols", "tokens", "formatting", "diagnostics")  # fmt: skip
URIS = (
    "file:///tmp/mjc-fuzz/a.mjr",
    "untitled:Untitled-1",
    "file:///tmp/mjc-fuzz/%E4%B8%AD%00.mjr",
    "file:///",
    "file://host/share/x.mjr",
    "x",
    "",
    "file:///tmp/mjc-fuzz/dir/",
)
NEW_NAMES = ("x", "new_name", "", "1x", "fan", "None", "中", "a b", "a" * 300, "class")
ODD_TEXT = '\U0001f004\U00020000中\r\n\x00\t"{}#'


def _edited(c: Choices, text: str) -> str:
    kind = c.integer(0, 5)
    if kind <= 2:
        return mutated(c, text, 2)
    if kind == 3:
        return text[: c.integer(0, len(text))]
    if kind == 4:
        return random_text(c, ODD_TEXT + ANY_CHARACTERS, 60)
    at = c.integer(0, len(text))
    return text[:at] + random_text(c, ODD_TEXT, 6) + text[at:]


def _position(c: Choices, lines: list[str]) -> dict[str, int]:
    if c.chance(5):
        return {"line": c.choice((0, len(lines), len(lines) + 1, 2**31 - 1)),
                "character": c.choice((0, 10**6, 2**31 - 1))}  # fmt: skip
    row = c.integer(0, max(len(lines) - 1, 0))
    width = len(lines[row]) if row < len(lines) else 0
    return {"line": row, "character": c.integer(0, width * 2 + 2)}


def lsp_session(c: Choices) -> dict[str, Any]:
    """A document's URI, the text it was opened with, the texts it was edited into, and
    requests (each a name and a position; a rename's new name)."""
    text = bundled_slice(c)
    if c.chance(3):
        text = mutated(c, text, 2)
    edits = [_edited(c, text) for _ in range(c.integer(0, 2))]
    last = (edits or [text])[-1].split("\n")
    requests = []
    for _ in range(c.integer(1, 12)):
        request: dict[str, Any] = {"name": c.choice(REQUESTS), **_position(c, last)}
        if request["name"] == "rename":
            request["new_name"] = c.choice(NEW_NAMES)
        requests.append(request)
    uri = c.choice(URIS) if c.chance(4) else URIS[0]
    return {"uri": uri, "text": text, "edits": edits, "requests": requests}
