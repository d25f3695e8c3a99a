"""The only ways rulebook text reaches a generated module: as a literal or as comment text.

Input is any value a rulebook (or its file path, or a file it extends) supplied; output is
Python source that can only ever be data. `lit` makes a literal, by `repr` of plain values
only; `safe_text` makes the text of a `#` comment or a one-line docstring; `ident` makes a
generated name from a rulebook id. The code generator and its template use nothing else for
rulebook text (tests/emit/test_codegen_payloads.py feeds every slot hostile strings).
"""

from __future__ import annotations

import re

_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def lit(value: object) -> str:
    """A Python literal for a value from the rulebook. Only plain data is allowed through, and
    only as `repr`, so no rulebook text can turn into code."""
    if value is None or isinstance(value, bool | int | str):
        return repr(value)
    if isinstance(value, tuple):
        inner = ", ".join(lit(v) for v in value)
        return f"({inner},)" if len(value) == 1 else f"({inner})"
    raise TypeError(f"not a safe literal: {type(value).__name__}")


def safe_text(text: str) -> str:
    """Rulebook text for a comment or a docstring: one line of printable characters (every
    line break, U+2028, U+0085, NUL and other control or format characters become a space),
    with no quote or backslash, so it can neither end the comment nor close the docstring."""
    if text.isprintable():  # most are: the same text, looked at in C
        cleaned = text
    else:
        cleaned = "".join(ch if ch.isprintable() else " " for ch in text)
    return cleaned.replace("\\", "/").replace('"', "'")


def ident(prefix: str, rulebook_id: str) -> str:
    """A generated local name for a rulebook id (`f_` + a fan id). The grammar's NAME is
    already an ASCII identifier; anything else is refused rather than written."""
    if _IDENTIFIER.fullmatch(rulebook_id) is None:
        raise ValueError(f"not an identifier: {rulebook_id!r}")
    return f"{prefix}{rulebook_id}"
