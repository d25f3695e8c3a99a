"""The strict field types of a round (`mjc.runtime.settle.round`) and the words of its type errors.

A round comes from JSON (`mjc settle`) or from a Python caller (`Ruleset.settle`), and neither
is trusted: "4" is not 4, 4.0 is not 4, true is not 1. The models use pydantic's strict
scalars (`StrictInt`, `StrictBool`, `StrictStr`) field by field rather than its strict mode,
which would refuse the JSON arrays that stand for tuples; what the strict scalars cannot say
is here: a seat number as an object key (JSON writes keys as strings) and an option's value.
`round_error` words pydantic's errors as `parse_round` raises them, and the errors a round
raises are defined here (`mjc.runtime.settle.round` exports them).
"""

from __future__ import annotations

import reprlib
from collections.abc import Iterable
from typing import Annotated

from pydantic import BeforeValidator, StrictBool, StrictInt, StrictStr, StringConstraints
from pydantic_core import ErrorDetails

__all__ = [
    "MAX_HAND_TEXT",
    "TYPE_ERRORS",
    "HandAtDraw",
    "OptionValue",
    "RoundError",
    "RoundTypeError",
    "SeatKey",
    "round_error",
    "shown",
]


class RoundError(ValueError):
    """A round the settlement cannot read: one line naming the field. `code` is the code of
    the error behind it when it has one (E0601: a situation that cannot hold)."""

    def __init__(self, message: str, code: str | None = None) -> None:
        super().__init__(message)
        self.code = code


class RoundTypeError(RoundError, TypeError):
    """A round that is not a mapping at all (None, a number, bytes, a list): a `TypeError` for
    the API's callers, and a `RoundError` like every other bad round for `mjc settle`."""


def _seat_key(key: object) -> object:
    """A seat as an object key: an int, or the digits JSON writes for one (JSON keys are
    strings); nothing else (not `True`, not `1.0`, not " 1")."""
    if isinstance(key, str) and key.isascii() and key.isdigit():
        return int(key)
    if type(key) is int:
        return key
    raise ValueError(f"a seat number is an integer, not {shown(key)}")


# Seats keyed by number (`bought_horses`): from JSON "0", "1" ...; from Python 0, 1 ...
SeatKey = Annotated[int, BeforeValidator(_seat_key)]

# A hand still playing at an exhaustive draw, in notation: 13 tiles with brackets around
# four kongs and a few flowers fit well within this many characters.
MAX_HAND_TEXT = 80
HandAtDraw = Annotated[str, StringConstraints(strict=True, max_length=MAX_HAND_TEXT)]


def _option_value(value: object) -> object:
    if type(value) not in (str, int, bool):
        raise ValueError(
            f"an option's value is a string, an integer or true/false, not {shown(value)}"
        )
    return value


# An option's value, by id or label: exactly a str, an int or a bool (not 4.0, not null).
OptionValue = Annotated[StrictStr | StrictInt | StrictBool, BeforeValidator(_option_value)]


# Errors of a value of the wrong type: the message names the value given, in JSON's words
# where pydantic's are Python's (a tuple is read from a JSON array, a model from an object).
TYPE_ERRORS = {
    "int_type": "should be an integer",
    "bool_type": "should be true or false",
    "string_type": "should be a string",
    "tuple_type": "should be a list",
    "dict_type": "should be an object",
    "model_type": "should be an object",
}


# Short and shallow: a value nested thousands deep must not make its own message recurse.
_SHORT = reprlib.Repr()
_SHORT.maxlevel, _SHORT.maxstring, _SHORT.maxother, _SHORT.maxlong = 2, 40, 40, 40


def shown(value: object) -> str:
    """A value as the message names it: short, with its type when its text would hide it."""
    text = "null" if value is None else _SHORT.repr(value)
    if len(text) > 40:
        text = text[:37] + "..."
    if value is None or isinstance(value, (str, bool)):
        return text
    return f"{text} ({type(value).__name__})"


def round_error(first: ErrorDetails, fields: Iterable[str]) -> RoundError:
    """The one line for pydantic's first error of a round whose top-level fields are
    `fields`: the field's dotted path (a bad key names the object it keys), then what is
    wrong; a message that names its field itself goes as it is."""
    loc = first["loc"]
    if "[key]" in loc:
        loc = loc[: loc.index("[key]") - 1]
    where = ".".join(str(p) for p in loc)
    message = first["msg"].removeprefix("Value error, ")
    if first["type"] in TYPE_ERRORS:
        message = f"{TYPE_ERRORS[first['type']]}, not {shown(first['input'])}"
        if not where:
            return RoundTypeError(f"a round {message}")
    if message.startswith(tuple(fields)) or not where:
        return RoundError(message)
    return RoundError(f"{where}: {message}")
