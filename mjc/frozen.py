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
the compiler."""

from __future__ import annotations

import dataclasses
from dataclasses import MISSING, FrozenInstanceError, dataclass
from typing import Any, ClassVar, TypeVar, dataclass_transform

__all__ = ["Frozen", "frozen", "frozen_kw"]

F = TypeVar("F", bound="Frozen")


@dataclass_transform(frozen_default=True, field_specifiers=(dataclasses.field,))
def frozen(cls: type[F]) -> type[F]:
    """A frozen, slotted dataclass whose `__init__` takes its fields in order."""
    return _made(dataclass(slots=True, init=False, repr=False, eq=False)(cls))


@dataclass_transform(
    frozen_default=True, kw_only_default=True, field_specifiers=(dataclasses.field,)
)
def frozen_kw(cls: type[F]) -> type[F]:
    """A frozen, slotted dataclass whose `__init__` takes its fields by keyword."""
    return _made(dataclass(slots=True, kw_only=True, init=False, repr=False, eq=False)(cls))


def _made(cls: type[F]) -> type[F]:
    """`cls`, with what `Frozen` reads of its fields noted once."""
    fields = dataclasses.fields(cls)
    cls._init = tuple((f.name, f.default, f.default_factory) for f in fields)
    cls._positional = tuple(f.name for f in fields if not f.kw_only)
    cls._compared = tuple(f.name for f in fields if f.compare)
    cls._shown = tuple(f.name for f in fields if f.repr)
    return cls


class Frozen:
    """What every `frozen` and `frozen_kw` class does, read from the notes `_made` took."""

    __slots__ = ()
    __dataclass_fields__: ClassVar[dict[str, dataclasses.Field[Any]]]
    _init: ClassVar[tuple[tuple[str, Any, Any], ...]]
    _positional: ClassVar[tuple[str, ...]]
    _compared: ClassVar[tuple[str, ...]]
    _shown: ClassVar[tuple[str, ...]]

    def __init__(self, *args: object, **values: object) -> None:
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
            object.__setattr__(self, field, value)
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
