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
the decorator records the fields and makes the class with its slots (`_slotted_dataclass`, the
record `dataclass` would write, without `dataclass`'s work per class), and `Frozen` does the
rest once for every class, by what the decorator noted of its fields. Type checkers see plain
frozen dataclasses (`dataclass_transform`).

The price is a slower `__init__` (a loop over the fields, not straight-line code): a class
built on a hot path (a hand, a meld, a score) stays a plain `@dataclass`. It lives beside the
compiler and the runtime, not in either, because both use it and the runtime never imports
the compiler.

`slotted` makes the other kind the compiler builds on every start: a mutable slotted dataclass
for its working state (`Declarations`, `Typed`, `PyExpr`, ...), with the `__init__`,
`__repr__` and `__eq__` that `@dataclass(slots=True)` writes, compiled from one piece of
source where the dataclass compiles three, its annotations not read either. The code of the
pieces `frozen_fast` and `slotted` write is kept in mjc's cache (`mjc.methodcache`)."""

from __future__ import annotations

import dataclasses
import reprlib
from collections.abc import Iterable
from dataclasses import MISSING, FrozenInstanceError, dataclass
from itertools import repeat
from types import MemberDescriptorType
from typing import Any, ClassVar, Final, TypeVar, cast, dataclass_transform

from mjc.methodcache import compiled

__all__ = ["Frozen", "frozen", "frozen_fast", "frozen_kw", "slotted"]

F = TypeVar("F", bound="Frozen")
T = TypeVar("T")

_set = object.__setattr__  # a field of a frozen class, set once by its `__init__`


@dataclass_transform(frozen_default=True, field_specifiers=(dataclasses.field,))
def frozen(cls: type[F]) -> type[F]:
    """A frozen, slotted dataclass whose `__init__` takes its fields in order."""
    return _dataclass(_named(cls), kw_only=False, noted=True)


@dataclass_transform(
    frozen_default=True, kw_only_default=True, field_specifiers=(dataclasses.field,)
)
def frozen_kw(cls: type[F]) -> type[F]:
    """A frozen, slotted dataclass whose `__init__` takes its fields by keyword."""
    return _dataclass(_named(cls), kw_only=True, noted=True)


@dataclass_transform(frozen_default=True, field_specifiers=(dataclasses.field,))
def frozen_fast(cls: type[F]) -> type[F]:
    """A frozen, slotted dataclass for a class built on a hot path (a hand, a meld, a score):
    its `__init__`, `__eq__` and `__hash__` are straight-line code, written as
    `@dataclass(frozen=True, slots=True)` writes them (defaults, `default_factory`, fields
    left out of `__init__` or of the comparison, `__post_init__`, a method the class writes
    itself kept), but compiled from one piece of source where the dataclass compiles six;
    the rest is `Frozen`'s."""
    cls = _dataclass(_named(cls), kw_only=False, noted=True)
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
            slot = getattr(cls, f.name, None)
            if type(slot) is MemberDescriptorType:
                # its slot's own setter: a fifth faster than object.__setattr__, which looks
                # the name up (Group, Py, Span: thousands are made as mjc checks a rulebook)
                names[f"_set_{f.name}"] = slot.__set__
                body.append(f"_set_{f.name}(self, {value})")
            else:
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
    exec(compiled(source), names, methods)  # our own text: field names are identifiers
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
    exec(compiled(source), names, methods)  # our own text: field names are identifiers
    methods["__repr__"] = reprlib.recursive_repr()(methods["__repr__"])  # "..." for a cycle
    own = cls.__dict__.copy()
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


def _dataclass(cls: type[T], *, kw_only: bool, noted: bool = False) -> type[T]:
    """`dataclass(slots=True, init=False, repr=False, eq=False, kw_only=kw_only)(cls)`: the
    same class, fields and parameters, made by `_slotted_dataclass` when the class is as
    plain as all of mjc's are (every annotation a text that names no `ClassVar`, `InitVar`
    or `KW_ONLY`, its bases' fields all real ones, no slots of its own, no metaclass), else
    by `dataclass` itself. `noted`: with the notes `Frozen` reads (`_notes`)."""
    own = vars(cls).get("__annotations__")
    annotations: dict[str, object] = own if isinstance(own, dict) else {}
    if type(cls) is type and "__slots__" not in cls.__dict__ and _plain_texts(annotations):
        inherited = _inherited(cls)
        if inherited is not None:
            texts = cast(dict[str, str], annotations)
            return _slotted_dataclass(cls, texts, inherited, kw_only, noted)
    made = dataclass(slots=True, kw_only=kw_only, init=False, repr=False, eq=False)(cls)
    if noted:
        for name, value in _notes(dataclasses.fields(cast(Any, made))).items():
            setattr(made, name, value)
    return made


def _inherited(cls: type) -> tuple[dict[str, dataclasses.Field[Any]], set[str]] | None:
    """The fields `cls` inherits, as `dataclass` reads them (the farthest base first), and
    the slots its bases have; None when a base has a field that is no real one (a class
    variable, an init-only one), which `dataclass` itself must read. `Frozen` and `object`,
    the bases of every class here, have neither."""
    fields: dict[str, dataclasses.Field[Any]] = {}
    slots: set[str] = set()
    for base in cls.__mro__[-2:0:-1]:
        if base is Frozen:
            continue
        of_base = getattr(base, "__dataclass_fields__", None)
        if of_base:
            for f in of_base.values():
                if f._field_type is not _REAL_FIELD:
                    return None
            fields.update(of_base)
        named = base.__dict__.get("__slots__", ())
        slots.update((named,) if isinstance(named, str) else named)
    return fields, slots


def _plain_texts(annotations: dict[str, object]) -> bool:
    """Whether every annotation is a text that names no `ClassVar`, `InitVar` or `KW_ONLY`:
    asked of the texts joined, in C (no name of the three holds the NUL between them)."""
    try:
        joined = "\0".join(cast(dict[str, str], annotations).values())
    except TypeError:  # an annotation that is no text
        return False
    return "ClassVar" not in joined and "InitVar" not in joined and "KW_ONLY" not in joined


# What `dataclass` would set as `__dataclass_params__` on a class of `_dataclass`, by
# `kw_only`, and how it marks a real field (not a class variable): read once from two
# classes it makes, so that they follow the Python in use.
_PARAMS: Final[dict[bool, type[Any]]] = {
    k: dataclass(slots=True, kw_only=k, init=False, repr=False, eq=False)(
        # (with a docstring: without one `dataclass` writes its signature there, by `inspect`)
        type("_Probe", (), {"__annotations__": {"x": "int"}, "__doc__": "A probe."})
    )
    for k in (False, True)
}
_PARAMS_OF: Final = {k: vars(probe)["__dataclass_params__"] for k, probe in _PARAMS.items()}
_REAL_FIELD: Final = dataclasses.fields(_PARAMS[False])[0]._field_type  # type: ignore[attr-defined]


def _slotted_dataclass(
    cls: type[T],
    annotations: dict[str, str],
    inherited: tuple[dict[str, dataclasses.Field[Any]], set[str]],
    kw_only: bool,
    noted: bool,
) -> type[T]:
    """`cls` made again with a slot for each field, and marked a dataclass as `dataclass`
    marks it (`__dataclass_fields__`, `__dataclass_params__`, `__match_args__`), without the
    rest of what `dataclass` does for every class: it reads each annotation's text three
    times (a regular expression and a module look-up each), and makes the class twice, the
    second time with its slots; the checks kept are those a field of ours could fail.
    `inherited`: the fields and slots of its bases (`_inherited`). With `noted`, the class
    is made with `_notes` of its fields in it, rather than given them by six writes to the
    class after."""
    fields, inherited_slots = inherited
    namespace = cls.__dict__.copy()  # (the proxy's dict copied in C: `dict()` reads it key by key)
    pop = namespace.pop
    for name, text in annotations.items():
        default = pop(name, MISSING)
        if isinstance(default, dataclasses.Field):
            made = default
            if made.kw_only is MISSING:
                made.kw_only = kw_only
        else:
            made = dataclasses.field(default=default, kw_only=kw_only)
        made.name, made.type = name, text
        made._field_type = _REAL_FIELD  # type: ignore[attr-defined]
        if made.default.__class__.__hash__ is None:  # mutable, as `dataclass` refuses it
            raise ValueError(
                f"mutable default {type(made.default)} for field {name} is not "
                "allowed: use default_factory"
            )
        fields[name] = made
    # (each value tested in C; the loop that names the culprit runs only when one is)
    if any(map(isinstance, namespace.values(), repeat(dataclasses.Field))):
        for name, value in namespace.items():
            if isinstance(value, dataclasses.Field):
                raise TypeError(f"{name!r} is a field but has no type annotation")
    namespace["__slots__"] = (
        tuple([name for name in fields if name not in inherited_slots])
        if inherited_slots
        else tuple(fields)
    )
    pop("__dict__", None)
    pop("__weakref__", None)
    namespace["__dataclass_params__"] = _PARAMS_OF[kw_only]
    namespace["__dataclass_fields__"] = fields
    if noted:
        namespace.update(_notes(fields.values()))
    if "__match_args__" not in namespace:
        namespace["__match_args__"] = tuple(
            [f.name for f in fields.values() if f.init and not f.kw_only]
        )
    made_class = type(cls.__name__, cls.__bases__, namespace)
    made_class.__qualname__ = cls.__qualname__
    return cast(type[T], made_class)


def _named(cls: type[T]) -> type[T]:
    """`cls`, with `Name(...)` as its docstring when it has none. `dataclass` would write the
    signature of its `__init__` there, read with `inspect` at a third of the cost of making
    the class, and that signature is `Frozen`'s `(*args, **values)`, which says nothing; a
    docstring of that form is still one pydantic's JSON schema leaves out, as it leaves out
    the one `dataclass` writes."""
    if cls.__doc__ is None:
        cls.__doc__ = f"{cls.__name__}(...)"
    return cls


def _notes(fields: Iterable[dataclasses.Field[Any]]) -> dict[str, object]:
    """What `Frozen` reads of a class's fields, noted once (in one pass over them: a start
    makes two hundred such classes)."""
    init, names, positional, compared, shown = [], [], [], [], []
    for f in fields:
        name = f.name
        init.append((name, f.default, f.default_factory))
        names.append(name)
        if not f.kw_only:
            positional.append(name)
        if f.compare:
            compared.append(name)
        if f.repr:
            shown.append(name)
    return {
        "_init": tuple(init),
        "_fields": tuple(names),
        "_positional": tuple(positional),
        "_all_positional": len(positional) == len(names),
        "_compared": tuple(compared),
        "_shown": tuple(shown),
    }


class Frozen:
    """What every `frozen` and `frozen_kw` class does, read from the notes `_notes` took."""

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
        # (`any` runs the sets in C: `_set` answers None, so it reads them all)
        names = self._fields
        if not values:
            if len(args) == len(names) and self._all_positional:
                any(map(_set, repeat(self), names, args))
                return
        elif not args and len(values) == len(names):
            try:
                given = [values[field] for field in names]
            except KeyError:
                pass  # a name that is no field's, which the checks below say
            else:
                any(map(_set, repeat(self), names, given))
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
        names = self._fields  # the names of `_init`, in its order
        if len(state) != len(names):
            raise ValueError(f"{type(self).__name__} has {len(names)} fields, not {len(state)}")
        any(map(_set, repeat(self), names, state))  # (as `__init__` sets them)
