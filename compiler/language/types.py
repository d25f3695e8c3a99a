"""The types of the rulebook language, as values: `BOOL`, `INT`, `TILE`, `MELD`, `SUIT`,
`SHAPE`, `ListType(item)` and `ChoiceType(option)` (a choice option's choices, told apart by
the option).

Read by the vocabulary (`mjc.compiler.language.vocabulary`, the builtin words and their types), the
type checker (`mjc.compiler.resolve.typecheck`), the expression slots (`mjc.compiler.resolve.slots`)
and the IR (`mjc.compiler.ir`), whose `type` fields hold these values. In JSON (`mjc dump-ir`) and
in the IR's schema a type keeps its spelling, `"bool"`, `"list[tile]"`, `"choice:cap"`: `IRType` is
the annotation that writes and reads it.

Code compares types with types (`== INT`, `isinstance(t, ListType)`), never with a spelling: a
type is not equal to the string that spells it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from pydantic import GetCoreSchemaHandler, GetJsonSchemaHandler
    from pydantic_core import core_schema

PrimName = Literal["bool", "int", "tile", "meld", "suit", "shape"]
# A suit as the IR and the runtime write it: characters, dots, bamboo, honours, flowers.
SuitLetter = Literal["m", "p", "s", "z", "f"]


class _Type:
    """What the three kinds of type share: a spelling, equality by it, immutability. (Plain
    classes, not dataclasses: pydantic would write a dataclass as an object, not a spelling.)"""

    __slots__ = ()

    @property
    def spelling(self) -> str:
        raise NotImplementedError

    def __str__(self) -> str:
        return self.spelling

    def __repr__(self) -> str:
        return f"<type {self.spelling}>"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, _Type):
            return self.spelling == other.spelling
        return NotImplemented  # a spelling is not its type (`parse_type` reads one)

    def __hash__(self) -> int:
        return hash(self.spelling)

    def __setattr__(self, key: str, value: object) -> None:
        raise AttributeError("a type is immutable")

    @classmethod
    def __get_pydantic_core_schema__(
        cls, source: object, handler: GetCoreSchemaHandler
    ) -> core_schema.CoreSchema:
        """Pydantic writes a type as its spelling wherever it meets one (the IR schema's
        defaults included) and reads it back with `parse_type` (`mjc.compiler.ir.jsonio`:
        pydantic is imported only there, so not here either)."""
        from pydantic_core import core_schema

        return core_schema.no_info_plain_validator_function(
            parse_type,
            serialization=core_schema.plain_serializer_function_ser_schema(
                _spell, return_schema=core_schema.str_schema()
            ),
        )

    @classmethod
    def __get_pydantic_json_schema__(
        cls, schema: core_schema.CoreSchema, handler: GetJsonSchemaHandler
    ) -> dict[str, object]:
        """In the IR's schema a type is its spelling: a string."""
        return {"type": "string"}


class Prim(_Type):
    """A type without parts: bool, int, tile, meld, suit, shape."""

    __slots__ = ("name",)
    name: PrimName

    def __init__(self, name: PrimName) -> None:
        object.__setattr__(self, "name", name)

    @property
    def spelling(self) -> str:
        return self.name


class ListType(_Type):
    """A list of `item`s: `tiles` is `ListType(TILE)`."""

    __slots__ = ("item",)
    item: Type

    def __init__(self, item: Type) -> None:
        object.__setattr__(self, "item", item)

    @property
    def spelling(self) -> str:
        return f"list[{self.item.spelling}]"


class ChoiceType(_Type):
    """The choices of one choice option: `option.cap` and `none` compared with it."""

    __slots__ = ("option",)
    option: str

    def __init__(self, option: str) -> None:
        object.__setattr__(self, "option", option)

    @property
    def spelling(self) -> str:
        return f"choice:{self.option}"


Type = Prim | ListType | ChoiceType

BOOL = Prim("bool")
INT = Prim("int")
TILE = Prim("tile")
MELD = Prim("meld")
SUIT = Prim("suit")
SHAPE = Prim("shape")
_PRIMS: dict[str, Prim] = {p.name: p for p in (BOOL, INT, TILE, MELD, SUIT, SHAPE)}


def parse_type(spelling: object) -> Type:
    """A type from its spelling (or the type itself): how the IR reads its JSON."""
    if isinstance(spelling, Prim | ListType | ChoiceType):
        return spelling
    if not isinstance(spelling, str):
        raise ValueError(f"a type is spelled as a string, not {spelling!r}")
    if spelling in _PRIMS:
        return _PRIMS[spelling]
    if spelling.startswith("list[") and spelling.endswith("]"):
        return ListType(parse_type(spelling[5:-1]))
    if spelling.startswith("choice:") and len(spelling) > 7:
        return ChoiceType(spelling[7:])
    raise ValueError(f"not a type: {spelling!r}")


def item_of(type_: Type) -> Type | None:
    """The item type of a list type, else None."""
    return type_.item if isinstance(type_, ListType) else None


def describe(type_: Type) -> str:
    """A type in words for messages: users never see internal type names."""
    if isinstance(type_, ListType):
        item = type_.item
        return f"a list of {_PLURAL.get(item.spelling, item.spelling + 's')}"
    if isinstance(type_, ChoiceType):
        return f"a choice of option `{type_.option}`"
    return _WORDS[type_.name]


_WORDS = {
    "bool": "a true/false fact",
    "int": "a number",
    "tile": "a tile",
    "meld": "a meld",
    "suit": "a suit",
    "shape": "a win shape",
}
_PLURAL = {"tile": "tiles", "meld": "melds", "int": "numbers", "suit": "suits", "shape": "shapes"}


def _spell(type_: Type) -> str:
    return type_.spelling


# A type field of the IR: the value in Python, its spelling in JSON and in the schema (each
# kind of type says so to pydantic itself, `_Type.__get_pydantic_core_schema__`).
IRType = Type
