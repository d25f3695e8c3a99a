"""Plain `TypeError`s for the public API: "hand must be a Hand or a notation string, not
NoneType" instead of an `AttributeError` (or a `KeyError` ...) from deep inside the runtime.

The arguments come from callers of `mjc.runtime` and of a generated module's `RULESET` (game
servers, scripts, tests). Next to nothing is checked on the way in (a `type(x) is str` where
that costs less than the work), so the public functions run as fast as before; only when one
of them fails (`WRONG_TYPE_SIGNS`: an `AttributeError`, a
`TypeError`, a `ValueError` or a `LookupError`) does it ask `wrong_argument` whether an
argument has the wrong type, judged by the function's own annotations. If one has, the
caller gets a `TypeError` naming it; if none has, the original error goes on (a bug, or a
bad value of the right type, stays visible as itself). Two ways to hook a function in:

- `plain_type_errors`, a decorator, for entry points that are not called in hot loops
  (`Ruleset.score`, `win_checker`, `resolve_options` and the general path of `is_win`,
  whose fast path hands everything that is not a parsed hand to it: one frame more);
- `raise_if_wrong(func, *args)` in the function's own `except` clause, for the functions a
  generated module calls per arrangement (a `try` costs nothing until it raises).

The judgement follows the annotations loosely where Python does (an `int` is not a `bool`
here; a generic like `Iterable[int]` checks its items only for a list, tuple, set or bytes,
never consuming an iterator) and gives up — judging the argument right — on what it cannot
resolve.
"""

from __future__ import annotations

import functools
import importlib
import importlib.util
import inspect
import sys
import types
import typing
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, ParamSpec, TypeVar

__all__ = [
    "WRONG_TYPE_SIGNS",
    "describe",
    "plain_type_errors",
    "raise_if_wrong",
    "type_name",
    "wrong_argument",
]

# What a function fails with when given an argument of the wrong type: an attribute or an
# operation the value lacks, or bytes and lists indexed and unpacked like the tuples they are
# not (a lookup or unpacking error). The arguments are judged only after one of these.
WRONG_TYPE_SIGNS = (AttributeError, TypeError, ValueError, LookupError)

P = ParamSpec("P")
R = TypeVar("R")

# Parameters whose strings are hand or tile notation, named so in the messages.
_NOTATION = {"hand": "a notation string", "text": "a notation string"}
_CHECKED_ITEMS = (list, tuple, set, frozenset, bytes, bytearray)
_ARTICLE_AN = "aeiouAEIOU"


def type_name(value: object) -> str:
    """The name of a value's type, as Python's own messages give it ("NoneType", "bytes")."""
    return type(value).__name__


def wrong_argument(
    func: Callable[..., object], args: tuple[object, ...], kwargs: Mapping[str, object]
) -> TypeError | None:
    """A plain `TypeError` for the first argument of this call whose type the function's
    annotations do not allow, or None (the call's arguments are not the problem)."""
    func = _interpreted(func)
    try:
        bound = inspect.signature(func).bind(*args, **kwargs)
    except TypeError:
        return None  # a call that does not fit the signature: Python's own error says so
    except ValueError:
        return None  # no signature to read: what the function caught goes on as it came
    hints = _hints(func)
    for name, value in bound.arguments.items():
        hint = hints.get(name)
        if hint is None or _matches(value, hint):
            continue
        error = TypeError(f"{name} must be {describe(hint, name)}, not {type_name(value)}")
        error.__suppress_context__ = True  # the failure deep inside is not the caller's news
        return error
    return None


def raise_if_wrong(func: Callable[..., object], *args: object, **kwargs: object) -> None:
    """In an `except` clause: raise the plain `TypeError` if an argument is of the wrong
    type; else return, and the caller re-raises what it caught."""
    error = wrong_argument(func, args, kwargs)
    if error is not None:
        raise error


def plain_type_errors(func: Callable[P, R]) -> Callable[P, R]:
    """`func`, giving a plain `TypeError` when it fails on an argument of the wrong type."""

    @functools.wraps(func)
    def checked(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return func(*args, **kwargs)
        except WRONG_TYPE_SIGNS:
            raise_if_wrong(func, *args, **kwargs)
            raise

    return checked


def describe(hint: object, name: str = "") -> str:
    """What an annotation allows, in words: "a Hand or a notation string", "an int or None"."""
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        parts = [describe(h, name) for h in typing.get_args(hint) if h is not type(None)]
        if type(None) in typing.get_args(hint):
            parts.append("None")
        return " or ".join(parts)
    if hint is type(None) or hint is None:
        return "None"
    if origin is typing.Literal:
        return " or ".join(repr(v) for v in typing.get_args(hint))
    if origin is not None:
        args = [a for a in typing.get_args(hint) if a is not Ellipsis]
        kind = _article(_generic_name(origin))
        if origin is Callable or not args or origin in (dict, Mapping):
            return kind
        items = describe(args[0], "").split(" ", 1)[-1]  # "an int" -> "int"
        return f"{kind} of {items}"
    if hint is str and name in _NOTATION:
        return _NOTATION[name]
    return _article(getattr(hint, "__name__", str(hint)))


def _article(word: str) -> str:
    return f"{'an' if word[:1] in _ARTICLE_AN else 'a'} {word}"


def _generic_name(origin: object) -> str:
    name = getattr(origin, "__name__", str(origin))
    return "mapping" if origin is Mapping else name if name[:1].islower() else name.lower()


def _matches(value: object, hint: object) -> bool:
    """Whether `value` is of the annotated type, as far as can be told without consuming it."""
    if hint is Any or hint is object:
        return True
    if hint is None or hint is type(None):
        return value is None
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        return any(_matches(value, h) for h in typing.get_args(hint))
    if origin is typing.Literal:
        return value in typing.get_args(hint)
    if origin is typing.Annotated:
        return _matches(value, typing.get_args(hint)[0])
    if origin is Callable:
        return callable(value)
    if origin is not None:
        if not isinstance(origin, type):
            return True  # a generic it cannot judge: let it be
        return isinstance(value, origin) and _items_match(value, typing.get_args(hint))
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if hint is float:
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if isinstance(hint, type):
        return isinstance(value, hint)
    return True  # a TypeVar, a string left unresolved ...: not for this check to judge


def _items_match(value: object, args: tuple[object, ...]) -> bool:
    if not args or not isinstance(value, _CHECKED_ITEMS) or isinstance(value, Mapping):
        return True
    if (len(args) == 2 and args[1] is Ellipsis) or len(args) == 1:
        return all(_matches(item, args[0]) for item in value)
    if isinstance(value, tuple):  # tuple[X, Y]: each place its own type
        return len(value) == len(args) and all(map(_matches, value, args))
    return True


@functools.cache
def _interpreted(func: Callable[..., object]) -> Callable[..., object]:
    """`func`, or for a function compiled by mypyc (the native build: no `__code__`, its module
    an extension) the same definition read from the module's source beside it, whose
    signature and annotations the compiled function does not carry; its names resolve in the
    compiled module, so that a class it annotates is the class callers hold. Only a failing
    call gets here, once per function."""
    if hasattr(func, "__code__"):
        return func
    module = sys.modules.get(getattr(func, "__module__", "") or "")
    file = Path(getattr(module, "__file__", "") or "")
    source = file.with_name(f"{file.name.partition('.')[0]}.py")
    if module is None or file.suffix not in (".so", ".pyd") or not source.is_file():
        return func
    spec = importlib.util.spec_from_file_location(f"_interpreted_{module.__name__}", source)
    if spec is None or spec.loader is None:
        return func
    twin = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(twin)
    found: object = twin
    for name in getattr(func, "__qualname__", func.__name__).split("."):
        found = getattr(found, name, None)
    if callable(found):
        found = inspect.unwrap(found)  # a decorated definition (`plain_type_errors`): its own
    if not isinstance(found, types.FunctionType):
        return func
    judged = types.FunctionType(
        found.__code__, vars(module), found.__name__, found.__defaults__, found.__closure__
    )
    judged.__kwdefaults__ = found.__kwdefaults__
    judged.__annotations__ = found.__annotations__
    return judged


@functools.cache
def _hints(func: Callable[..., object]) -> dict[str, object]:
    """The function's parameter annotations, each resolved on its own (one that names what
    the module imports only for type checking is left out, not the whole set)."""
    names = dict(_known())
    found: dict[str, object] = {}
    for name, text in getattr(func, "__annotations__", {}).items():
        if name == "return":
            continue
        if not isinstance(text, str):
            found[name] = text
            continue
        try:
            found[name] = eval(text, getattr(func, "__globals__", {}), names)
        except Exception:  # an annotation it cannot resolve is not checked
            continue
    return found


# Runtime classes that annotations may name without their module importing them (under
# TYPE_CHECKING), and the module that defines each. They are named, not imported: this module
# sits at the bottom of the runtime (`mjc.runtime.tiles`), below the packages that define them.
_KNOWN = {
    "Arrangement": "mjc.runtime.wins.arrange",
    "Hand": "mjc.runtime.tiles.hand",
    "Meld": "mjc.runtime.tiles.melds",
    "RoundOutcome": "mjc.runtime.settle.round",
    "SummaryTables": "mjc.runtime.wins.summaries",
}


@functools.cache
def _known() -> tuple[tuple[str, object], ...]:
    """The classes of `_KNOWN`, by name, each imported from its module when first needed."""
    return tuple(
        (name, getattr(importlib.import_module(module), name)) for name, module in _KNOWN.items()
    )
