"""JSON from outside mjc, read within limits: the rounds `mjc settle` and
`parse_round_json` are given, and later the game engine's logs read back.

Python's `json` recurses once per nesting level and ends in `RecursionError` on a document
nested a few thousand deep; it also turns a number of 5,000 digits into a `ValueError` of its
own and accepts `NaN`, which JSON does not. `load_json` measures the nesting with a scan that
does not recurse before it parses, and turns every way the input can fail into a
`JSONInputError` whose message is one line that can follow the input's name.
"""

from __future__ import annotations

import json
import re

__all__ = ["MAX_JSON_BYTES", "MAX_JSON_DEPTH", "JSONInputError", "load_json"]

MAX_JSON_BYTES = 1_000_000
"""A settle round is a few hundred bytes, a game's log a few hundred kilobytes at most."""

MAX_JSON_DEPTH = 64
"""Arrays and objects inside each other; a round nests five deep (round, winners, a winner,
its melds, a meld). Python's parser needs a few frames per level and stops near 1,000."""

# A string (closed, or running to the end of an unterminated document) or a bracket: brackets
# inside strings are text, not nesting.
_SCAN = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?|[\[\]{}]', re.DOTALL)


class JSONInputError(ValueError):
    """The input is not JSON within the limits; the message reads after the input's name
    (`round.json: nested deeper than 64 levels at line 1 column 65`)."""


def load_json(
    data: str | bytes,
    *,
    max_bytes: int = MAX_JSON_BYTES,
    max_depth: int = MAX_JSON_DEPTH,
) -> object:
    """The value of one JSON document (UTF-8 when given bytes; a leading byte-order mark is
    ignored), or a `JSONInputError`."""
    if isinstance(data, bytes | bytearray):
        if len(data) > max_bytes:
            raise JSONInputError(f"larger than {max_bytes:,} bytes")
        try:
            text = bytes(data).decode("utf-8")
        except UnicodeDecodeError as exc:
            bad = data[exc.start]
            raise JSONInputError(
                f"not UTF-8 text (byte 0x{bad:02x} at offset {exc.start}: {exc.reason})"
            ) from None
    elif isinstance(data, str):
        if len(data) > max_bytes or len(data.encode("utf-8", "surrogatepass")) > max_bytes:
            raise JSONInputError(f"larger than {max_bytes:,} bytes")
        text = data
    else:
        raise TypeError(f"load_json reads str or bytes, not {type(data).__name__}")
    text = text.removeprefix("\ufeff")
    _check_depth(text, max_depth)
    try:
        return json.loads(text, parse_constant=_no_constant, parse_int=_int)
    except json.JSONDecodeError as exc:
        raise JSONInputError(
            f"not JSON: {exc.msg.removesuffix(' at')} at line {exc.lineno} column {exc.colno}"
        ) from None
    except (ValueError, RecursionError) as exc:
        # a number too long, NaN or Infinity; RecursionError cannot come after _check_depth,
        # but a reader of untrusted input does not let one escape
        raise JSONInputError(str(exc) or "nested too deep") from None


def _check_depth(text: str, max_depth: int) -> None:
    depth = 0
    for match in _SCAN.finditer(text):
        char = match[0]
        if char in "[{":
            depth += 1
            if depth > max_depth:
                line, column = _position(text, match.start())
                raise JSONInputError(
                    f"nested deeper than {max_depth} levels at line {line} column {column}"
                )
        elif char in "]}":
            depth -= 1


def _position(text: str, index: int) -> tuple[int, int]:
    line = text.count("\n", 0, index) + 1
    return line, index - (text.rfind("\n", 0, index) + 1) + 1


MAX_INT_DIGITS = 30
"""Counts, seats and points; Python refuses to convert more than 4,300 digits anyway."""


def _int(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_INT_DIGITS:
        raise ValueError(f"a number of {len(digits.lstrip('-')):,} digits is too long")
    return int(digits)


def _no_constant(name: str) -> object:
    raise ValueError(f"{name} is not a JSON value")
