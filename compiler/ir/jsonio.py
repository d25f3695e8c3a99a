"""The IR as JSON: written (`mjc dump-ir`, the balance pages' digest), read back, and published
as a JSON Schema.

The IR's nodes are plain frozen dataclasses (`mjc.compiler.ir.expr.Model`); pydantic reads and
writes them here, and only here, so that compiling a rulebook (`mjc check`) never imports it.
A node is written with its fields in declaration order, a type as its spelling (`"int"`,
`"list[tile]"`: `mjc.compiler.language.types`), an expression with its `node` kind, which is
what tells the kinds of `Expr` apart when JSON is read back; a field no node has is refused.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any, TypeVar, cast

from mjc.compiler.ir.expr import Model
from mjc.compiler.ir.nodes import Rulebook

if TYPE_CHECKING:
    from pydantic import TypeAdapter

__all__ = ["from_json", "json_data", "json_schema", "to_json"]

M = TypeVar("M", bound=Model)


@functools.cache
def _adapter(cls: type[Any]) -> TypeAdapter[Any]:
    """Pydantic's reader and writer of `cls` (built once: building one walks the whole IR)."""
    from pydantic import TypeAdapter

    return TypeAdapter(cls)


def _class(node: Model) -> Any:
    return type(node)


def to_json(node: Model, *, indent: int | None = None) -> str:
    """`node` as JSON text: compact, or indented by `indent` spaces."""
    text: bytes = _adapter(_class(node)).dump_json(node, indent=indent)
    return text.decode("utf-8")


def json_data(node: Model) -> Any:
    """`node` as the dicts, lists and scalars of its JSON."""
    return _adapter(_class(node)).dump_python(node, mode="json")


def from_json(cls: type[M], text: str | bytes) -> M:
    """The node of class `cls` that JSON `text` writes (pydantic's ValidationError when it is
    not one)."""
    node: M = _adapter(cast(Any, cls)).validate_json(text)
    return node


def json_schema() -> dict[str, object]:
    """The published JSON Schema of the IR."""
    schema: dict[str, object] = _adapter(Rulebook).json_schema()
    return schema
