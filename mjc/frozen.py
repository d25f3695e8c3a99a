"""Frozen slotted dataclasses, made cheaply: the base of the AST's nodes (`frozen`), of the
IR's (`frozen_kw`, keyword-only fields) and of the runtime's rule specs, the classes a
generated module builds once as it loads (`RulesetSpec`, `TurnRules`, `Payments`, ...).

A class under either decorator is a real dataclass (`dataclasses.fields`, `replace`,
`is_dataclass` and pydantic read it as one), frozen, slotted, equal and hashed by the values
of its compared fields in order, shown by its shown ones, its `__init__` taking its fields in
order (`frozen`) or by keyword (`frozen_kw`), a field's default when it is not given. What
differs is how: `@dataclass(frozen=True, ...)` writes each class's `__init__`, `__eq__`,
`__hash__`, `__repr__`, `__setattr__` and `__delattr__` as source text and compiles each, for
the AST's and the IR's some hundred and sixty classes a fifth of `mjc check`'s start; here
`dataclass` records the fields and makes the slots, and `Frozen` does the rest once for every
class, by what the decorator noted of its fields. Type checkers see plain frozen dataclasses
(`dataclass_transform`).

The price is a slower `__init__` (a loop over the fields, not straight-line code): a class
built on a hot path (a hand, a meld, a score) stays a plain `@dataclass`. It lives beside the
compiler and the runtime, not in either, because both use it and the runtime never imports
the compiler.

`slotted` makes the other kind the compiler builds on every start: a mutable slotted dataclass
for its working state (`Declarations`, `Typed`, `PyExpr`, ...), with the `__init__`,
`__repr__` and `__eq__` that `@dataclass(slots=True)` writes, compiled from one piece of
source where the dataclass compiles three, its annotations not read either."""

from __future__ import annotations

import dataclasses
import reprlib
from dataclasses import MISSING, FrozenInstanceError, dataclass
from typing import Any, ClassVar, TypeVar, cast, dataclass_transform

__all__ = ["Frozen", "frozen", "frozen_fast", "frozen_kw", "slotted"]

F = TypeVar("F", bound="Frozen")
T = TypeVar("T")

_set = object.__setattr__  # a field of a frozen class, set once by its `__init__`


@dataclass_transform(frozen_default=True, field_specifiers=(dataclasses.field,))
def frozen(cls: type[F]) -> type[F]:
    """A frozen, slotted dataclass whose `__init__` takes its fields in order."""
    return _made(_dataclass(_named(cls), kw_only=False))


@dataclass_transform(
    frozen_default=True, kw_only_default=True, field_specifiers=(dataclasses.field,)
)
def frozen_kw(cls: type[F]) -> type[F]:
    """A frozen, slotted dataclass whose `__init__` takes its fields by keyword."""
    return _made(_dataclass(_named(cls), kw_only=True))


@dataclass_transform(frozen_default=True, field_specifiers=(dataclasses.field,))
def frozen_fast(cls: type[F]) -> type[F]:
    """A frozen, slotted dataclass for a class built on a hot path (a hand, a meld, a score):
    its `__init__`, `__eq__` and `__hash__` are straight-line code, written as
    `@dataclass(frozen=True, slots=True)` writes them (defaults, `default_factory`, fields
    left out of `__init__` or of the comparison, `__post_init__`, a method the class writes
    itself kept), but compiled from one piece of source where the dataclass compiles six;
    the rest is `Frozen`'s."""
    cls = _made(_dataclass(_named(cls), kw_only=False))
    fields = dataclasses.fields(cls)
    if any(f.kw_only for f in fields):
        raise TypeError(f"{cls.__name__}: frozen_fast takes its fields in order, none by keyword")
    names: dict[str, Any] = {"_set": object.__setattr__, "_MISSING": MISSING}
    params, body = [], []
    for f in fields:
        value = f.name if f.init else None
        if f.default is not MISSING:
            names[f"_default_{f.name}"] = f.default
            value = f"_default_{f.name}" if value is None else value
            default = f"=_default_{f.name}"
        elif f.default_factory is not MISSING:
            names[f"_factory_{f.name}"] = f.default_factory
            if value is None:
                value = f"_factory_{f.name}()"
            else:
                body.append(f"if {f.name} is _MISSING: {f.name} = _factory_{f.name}()")
            default = "=_MISSING"
        else:
            default = ""
        if f.init:
            params.append(f"{f.name}{default}")
        if value is not None:
            body.append(f"_set(self, {f.name!r}, {value})")
    if hasattr(cls, "__post_init__"):
        body.append("self.__post_init__()")
    source = "\n".join(
        [
            f"def __init__(self, {', '.join(params)}):",
            *(f"    {line}" for line in body or ["pass"]),
            *_eq_source(fields),
            "def __hash__(self):",
            f"    return hash(({_compared_tuple(fields, 'self')}))",
        ]
    )
    methods: dict[str, Any] = {}
    exec(source, names, methods)  # our own text: field names are identifiers
    own = cls.__dict__
    for name, method in methods.items():
        # A method the class writes itself stays, as `dataclass` keeps it (a `Meld` compares
        # its one `index`). Writing `__eq__` alone sets `__hash__` to None: not one of its own.
        if name in own and not (name == "__hash__" and own[name] is None and "__eq__" in own):
            continue
        method.__qualname__ = f"{cls.__qualname__}.{name}"
        setattr(cls, name, method)
    return cls


@dataclass_transform(field_specifiers=(dataclasses.field,))
def slotted(cls: type[T]) -> type[T]:
    """`@dataclass(slots=True)`: a mutable slotted dataclass, its fields in order, equal by
    their values (and so not hashable), shown by them, its `__post_init__` called. The
    methods are written as the dataclass writes them, from one piece of source; a method the
    class writes itself is kept."""
    cls = _dataclass(_named(cls), kw_only=False)
    fields = dataclasses.fields(cast(Any, cls))
    if any(f.kw_only for f in fields):
        raise TypeError(f"{cls.__name__}: slotted takes its fields in order, none by keyword")
    names: dict[str, Any] = {"_MISSING": MISSING}
    params, body = [], []
    for f in fields:
        if f.default is not MISSING:
            names[f"_default_{f.name}"] = f.default
            params.append(f"{f.name}=_default_{f.name}")
            value = f.name if f.init else f"_default_{f.name}"
        elif f.default_factory is not MISSING:
            names[f"_factory_{f.name}"] = f.default_factory
            params.append(f"{f.name}=_MISSING")
            made = f"_factory_{f.name}()"
            value = f"{made} if {f.name} is _MISSING else {f.name}" if f.init else made
        elif f.init:
            params.append(f.name)
            value = f.name
        else:
            continue  # left unset, as the dataclass leaves it
        if not f.init:
            params.pop()
        body.append(f"self.{f.name} = {value}")
    if hasattr(cls, "__post_init__"):
        body.append("self.__post_init__()")
    shown = ", ".join(f"{f.name}={{self.{f.name}!r}}" for f in fields if f.repr)
    source = "\n".join(
        [
            f"def __init__(self, {', '.join(params)}):",
            *(f"    {line}" for line in body or ["pass"]),
            "def __repr__(self):",
            f'    return self.__class__.__qualname__ + f"({shown})"',
            *_eq_source(fields),
        ]
    )
    methods: dict[str, Any] = {}
    exec(source, names, methods)  # our own text: field names are identifiers
    methods["__repr__"] = reprlib.recursive_repr()(methods["__repr__"])  # "..." for a cycle
    own = dict(cls.__dict__)
    for name, method in methods.items():
        if name not in own:
            method.__qualname__ = f"{cls.__qualname__}.{name}"
            setattr(cls, name, method)
    # Equal by value and mutable: not hashable, unless the class hashes itself (as dataclass)
    if own.get("__hash__") is None:
        cls.__hash__ = None  # type: ignore[assignment]
    return cls


def _compared_tuple(fields: tuple[dataclasses.Field[Any], ...], who: str) -> str:
    """The source of a tuple of `who`'s compared fields, in order (`self.a,self.b,`)."""
    return "".join(f"{who}.{f.name}," for f in fields if f.compare)


def _eq_source(fields: tuple[dataclasses.Field[Any], ...]) -> list[str]:
    """The lines of an `__eq__` that compares these fields in order, as `dataclass` writes it
    (`frozen_fast` and `slotted` both compile it)."""
    mine, theirs = _compared_tuple(fields, "self"), _compared_tuple(fields, "other")
    return [
        "def __eq__(self, other):",
        "    if other.__class__ is self.__class__:",
        f"        return ({mine}) == ({theirs})",
        "    return NotImplemented",
    ]


class _Annotation:
    """What a field's annotation text stands in as while `dataclass` makes the class."""

    __slots__ = ()


_PLAIN = _Annotation()


def _dataclass(cls: type[T], *, kw_only: bool) -> type[T]:
    """`dataclass(slots=True, init=False, repr=False, eq=False, kw_only=kw_only)(cls)`, less
    its reading of annotation text. Under `from __future__ import annotations` every field's
    annotation is text, which `dataclass` reads three times per field (a class variable, an
    `InitVar`, the `KW_ONLY` marker), each a regular expression and a look-up in the module:
    a quarter of the cost of making a class, and `mjc check` makes two hundred. So each text
    that names none of them stands in as `_PLAIN` while the class is made, and is put back in
    the annotations and in its field after; an annotation that names one is read as before."""
    own = vars(cls).get("__annotations__")  # the class's own, to change in place
    annotations: dict[str, object] = own if isinstance(own, dict) else {}
    texts = {
        name: text
        for name, text in annotations.items()
        if isinstance(text, str)
        and "ClassVar" not in text
        and "InitVar" not in text
        and "KW_ONLY" not in text
    }
    annotations.update(dict.fromkeys(texts, _PLAIN))
    try:
        made = dataclass(slots=True, kw_only=kw_only, init=False, repr=False, eq=False)(cls)
    finally:
        annotations.update(texts)
    for field in dataclasses.fields(cast(Any, made)):
        if field.type is _PLAIN:
            field.type = texts[field.name]
    return made


def _named(cls: type[T]) -> type[T]:
    """`cls`, with `Name(...)` as its docstring when it has none. `dataclass` would write the
    signature of its `__init__` there, read with `inspect` at a third of the cost of making
    the class, and that signature is `Frozen`'s `(*args, **values)`, which says nothing; a
    docstring of that form is still one pydantic's JSON schema leaves out, as it leaves out
    the one `dataclass` writes."""
    if cls.__doc__ is None:
        cls.__doc__ = f"{cls.__name__}(...)"
    return cls


def _made(cls: type[F]) -> type[F]:
    """`cls`, with what `Frozen` reads of its fields noted once."""
    fields = dataclasses.fields(cls)
    cls._init = tuple((f.name, f.default, f.default_factory) for f in fields)
    cls._fields = tuple(f.name for f in fields)
    cls._positional = tuple(f.name for f in fields if not f.kw_only)
    cls._all_positional = len(cls._positional) == len(fields)
    cls._compared = tuple(f.name for f in fields if f.compare)
    cls._shown = tuple(f.name for f in fields if f.repr)
    return cls


class Frozen:
    """What every `frozen` and `frozen_kw` class does, read from the notes `_made` took."""

    __slots__ = ()
    __dataclass_fields__: ClassVar[dict[str, dataclasses.Field[Any]]]
    _init: ClassVar[tuple[tuple[str, Any, Any], ...]]
    _fields: ClassVar[tuple[str, ...]]
    _positional: ClassVar[tuple[str, ...]]
    _all_positional: ClassVar[bool]
    _compared: ClassVar[tuple[str, ...]]
    _shown: ClassVar[tuple[str, ...]]

    def __init__(self, *args: object, **values: object) -> None:
        # Three calls in four give every field, all in order or all by name (the AST's
        # nodes, the IR's): those are set at once, the others checked field by field below.
        names = self._fields
        if not values:
            if len(args) == len(names) and self._all_positional:
                for field, value in zip(names, args, strict=True):
                    _set(self, field, value)
                return
        elif not args and len(values) == len(names):
            try:
                given = [values[field] for field in names]
            except KeyError:
                pass  # a name that is no field's, which the checks below say
            else:
                for field, value in zip(names, given, strict=True):
                    _set(self, field, value)
                return
        name = type(self).__name__
        if len(args) > len(self._positional):
            raise TypeError(f"{name}() takes {len(self._positional)} positional arguments")
        for field, value in zip(self._positional, args, strict=False):
            if field in values:
                raise TypeError(f"{name}() got two values for {field!r}")
            values[field] = value
        for field, default, factory in self._init:
            if field in values:
                value = values.pop(field)
            elif default is not MISSING:
                value = default
            elif factory is not MISSING:
                value = factory()
            else:
                raise TypeError(f"{name}() needs the argument {field!r}")
            _set(self, field, value)
        if values:
            raise TypeError(f"{name}() has no field {next(iter(values))!r}")

    def _key(self) -> tuple[object, ...]:
        return tuple([getattr(self, field) for field in self._compared])

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, Frozen)
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        shown = ", ".join(f"{field}={getattr(self, field)!r}" for field in self._shown)
        return f"{type(self).__qualname__}({shown})"

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    def __getstate__(self) -> tuple[object, ...]:
        return tuple([getattr(self, field) for field, _, _ in self._init])

    def __setstate__(self, state: tuple[object, ...]) -> None:
        for (field, _, _), value in zip(self._init, state, strict=True):
            object.__setattr__(self, field, value)
