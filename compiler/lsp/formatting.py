"""Document formatting for editors: `mjc fmt`'s canonical layout as LSP text edits.

Input is the editor's text of one open rulebook (`state.DocumentState.text`); the layout is
`mjc.compiler.fmt.format_text`, the same function `mjc fmt` runs, so formatting in the editor
and on the command line never disagree. The edits replace only the lines that change (a
line diff), so the editor keeps its cursor, folds and marks on the lines that stay. A
rulebook that does not parse is left as it is: its diagnostics already say why.
"""

from __future__ import annotations

import difflib
import logging

from lsprotocol import types

from mjc.compiler.fmt import FormatError, format_text
from mjc.compiler.lsp.positions import utf16_length

__all__ = ["formatting_edits"]

log = logging.getLogger(__name__)


def _pieces(text: str) -> list[str]:
    """The lines of `text` as LSP counts them (split at `\\n`), each with its `\\n` but the
    last, so that joining them gives the text back."""
    lines = text.split("\n")
    return [line + "\n" for line in lines[:-1]] + [lines[-1]]


def formatting_edits(text: str, file: str) -> list[types.TextEdit]:
    """The edits that give `text` its canonical layout; none when it has it already or
    cannot be read."""
    try:
        formatted = format_text(text, file)
    except FormatError:
        log.exception("formatting %s", file)
        return []
    if not isinstance(formatted, str) or formatted == text:
        return []
    old, new = _pieces(text), _pieces(formatted)
    edits = []
    matcher = difflib.SequenceMatcher(a=old, b=new, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            continue
        start = types.Position(line=i1, character=0)
        if i2 < len(old):
            end = types.Position(line=i2, character=0)
        else:  # up to the end of the last line, which has no `\n` to stop before
            end = types.Position(line=len(old) - 1, character=utf16_length(old[-1]))
        edits.append(types.TextEdit(types.Range(start, end), "".join(new[j1:j2])))
    return edits
