"""What every IR node is: `Model`, and `node`, the class decorator that makes one.

An IR node is a frozen, slotted dataclass of keyword-only fields (`mjc.frozen`,
which makes them without compiling six methods per class), equal and hashed by its fields,
copied with `dataclasses.replace`, read field by field with `field_names`. Plain dataclasses,
not validating models: the compiler alone builds the IR, and `mjc check` starts without a
validation library (its JSON is `mjc.compiler.ir.jsonio`'s)."""

from __future__ import annotations

from typing import ClassVar

from mjc.frozen import Frozen, frozen_kw as node

__all__ = ["Model", "field_names", "node"]


class Model(Frozen):
    """The base of every IR node (under `node`)."""

    __slots__ = ()
    # How `jsonio` reads a node's JSON: a field no node has is an error, not ignored.
    __pydantic_config__: ClassVar[dict[str, object]] = {"extra": "forbid"}


def field_names(cls: type[Model]) -> tuple[str, ...]:
    """The fields of an IR node's class, in declaration order."""
    names = _FIELD_NAMES.get(cls)
    if names is None:
        names = _FIELD_NAMES[cls] = tuple(cls.__dataclass_fields__)
    return names


# `field_names` by class, as met (one entry a node class): walks of the IR ask at every node.
_FIELD_NAMES: dict[type[Model], tuple[str, ...]] = {}
