"""The checked rulebook as frozen pydantic models: the one input of codegen and docgen.

Built by `compiler.lower` from an AST that passed every check. Everything here is resolved and
typed: names point at what they mean, tiles are small ints, options carry their choices. The
whole model serialises to JSON (`mjc dump-ir`) and publishes a JSON Schema.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

IR_VERSION = 1


class Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class SourceRef(Model):
    """Where something was written: file, 1-based line and column."""

    file: str
    line: int
    column: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}"


class Provenance(Model):
    """`source` (the document's words), `reference` (an outside source), `convention` (our
    decision where the document is silent, with its reason) or `note`."""

    kind: Literal["source", "reference", "convention", "note"]
    text: str
    at: SourceRef


# ---------------------------------------------------------------------------- typed expressions
#
# Every node names its own kind so the union below can be told apart on load; `type` is the
# checked type in the language's own words ("bool", "int", "tile", "meld", "suit", "shape",
# "choice", "list[tile]", ...).


class IntE(Model):
    node: Literal["int"] = "int"
    type: str = "int"
    value: int


class BoolE(Model):
    node: Literal["bool"] = "bool"
    type: str = "bool"
    value: bool


class TileE(Model):
    node: Literal["tile"] = "tile"
    type: str = "tile"
    tile: int
    text: str


class SuitE(Model):
    node: Literal["suit"] = "suit"
    type: str = "suit"
    suit: Literal["m", "p", "s", "z", "f"]


class ShapeE(Model):
    node: Literal["shape"] = "shape"
    type: str = "shape"
    shape: str


class ChoiceE(Model):
    node: Literal["choice"] = "choice"
    type: str
    option: str
    value: str


class FactE(Model):
    """A builtin fact of the arrangement or the situation, such as `melds` or `self_drawn`."""

    node: Literal["fact"] = "fact"
    type: str
    fact: str


class VarE(Model):
    """A quantifier's variable."""

    node: Literal["var"] = "var"
    type: str
    name: str


class FanRefE(Model):
    """Whether another fan's condition holds on the same arrangement."""

    node: Literal["fan"] = "fan"
    type: str = "bool"
    fan: str


class OptionE(Model):
    node: Literal["option"] = "option"
    type: str
    option: str


class AttrE(Model):
    node: Literal["attr"] = "attr"
    type: str
    obj: Expr
    attr: str
    on: Literal["tile", "meld"]


class CallE(Model):
    node: Literal["call"] = "call"
    type: str
    func: str
    args: tuple[Expr, ...]


class ListE(Model):
    node: Literal["list"] = "list"
    type: str
    items: tuple[Expr, ...]


class RangeE(Model):
    node: Literal["range"] = "range"
    type: str = "list[int]"
    low: int
    high: int


class NotE(Model):
    node: Literal["not"] = "not"
    type: str = "bool"
    operand: Expr


class NegE(Model):
    node: Literal["neg"] = "neg"
    type: str = "int"
    operand: Expr


class BoolOpE(Model):
    node: Literal["boolop"] = "boolop"
    type: str = "bool"
    op: Literal["and", "or"]
    operands: tuple[Expr, ...]


class CompareE(Model):
    node: Literal["compare"] = "compare"
    type: str = "bool"
    op: Literal["==", "!=", "<", "<=", ">", ">=", "in"]
    left: Expr
    right: Expr


class ArithE(Model):
    node: Literal["arith"] = "arith"
    type: str = "int"
    op: Literal["+", "-", "*"]
    left: Expr
    right: Expr


class QuantE(Model):
    node: Literal["quant"] = "quant"
    type: str
    kind: Literal["all", "any", "none", "count"]
    var: str
    domain: Expr
    body: Expr


Expr = Annotated[
    IntE
    | BoolE
    | TileE
    | SuitE
    | ShapeE
    | ChoiceE
    | FactE
    | VarE
    | FanRefE
    | OptionE
    | AttrE
    | CallE
    | ListE
    | RangeE
    | NotE
    | NegE
    | BoolOpE
    | CompareE
    | ArithE
    | QuantE,
    Field(discriminator="node"),
]

for _model in (AttrE, CallE, ListE, NotE, NegE, BoolOpE, CompareE, ArithE, QuantE):
    _model.model_rebuild()


# ---------------------------------------------------------------------------- the rulebook


class TileGroup(Model):
    name: str
    tiles: tuple[int, ...]
    copies: int
    provenance: tuple[Provenance, ...] = ()


class TileSet(Model):
    groups: tuple[TileGroup, ...]
    total: int


class Shape(Model):
    """A win shape: `standard` (melds and a pair), `seven_pairs` or `thirteen_orphans`;
    `guard`, when present, is an options-only condition that enables it."""

    id: str
    name: str | None
    guard: Expr | None
    provenance: tuple[Provenance, ...] = ()
    at: SourceRef


class Choice(Model):
    id: str
    label: str | None
    provenance: tuple[Provenance, ...] = ()


class Option(Model):
    id: str
    label: str
    kind: Literal["toggle", "choice", "number"]
    choices: tuple[Choice, ...] = ()
    low: int | None = None
    high: int | None = None
    default: str
    provenance: tuple[Provenance, ...] = ()
    at: SourceRef


class Tier(Model):
    """A group of fans combined together: `add` sums them, `max` keeps the best one,
    `multiply` multiplies them; `cap` limits the tier's total; a tier that `overrides`
    others makes their fans not count whenever one of its own fans counts."""

    id: str
    name: str
    combine: Literal["add", "max", "multiply"]
    cap: int | None
    overrides: tuple[str, ...] = ()
    provenance: tuple[Provenance, ...] = ()


class Floor(Model):
    """The hand is worth at least `value` whenever `condition` holds."""

    value: int
    condition: Expr
    provenance: tuple[Provenance, ...] = ()
    at: SourceRef


class Scoring(Model):
    unit: str
    tiers: tuple[Tier, ...]
    floors: tuple[Floor, ...] = ()
    provenance: tuple[Provenance, ...] = ()


class Example(Model):
    hand: str
    positive: bool
    win: str | None = None
    situation: tuple[tuple[str, str], ...] = ()
    at: SourceRef


class Fan(Model):
    """One named fan (番种). `condition` must hold for it to score; `per`, when present,
    says how many times it scores (zero means not at all)."""

    id: str
    name: str
    english: str | None
    value: int
    tier: str
    condition: Expr
    per: Expr | None = None
    excludes: tuple[str, ...] = ()
    implies: tuple[str, ...] = ()
    replaces: tuple[str, ...] = ()
    uses: tuple[str, ...] = ()
    examples: tuple[Example, ...] = ()
    provenance: tuple[Provenance, ...] = ()
    at: SourceRef


class Rulebook(Model):
    """A whole checked rulebook. `fans` are in declaration order; `evaluation_order` lists
    fan ids so that every fan comes after the fans its condition refers to; `relation_order`
    so that every fan comes after the fans that exclude or replace it."""

    ir_version: int = IR_VERSION
    id: str
    title: str
    english: str | None
    version: str
    source_file: str
    source_sha256: str
    provenance: tuple[Provenance, ...] = ()
    players: tuple[int, ...]
    players_provenance: tuple[Provenance, ...] = ()
    tiles: TileSet
    shapes: tuple[Shape, ...]
    options: tuple[Option, ...]
    scoring: Scoring
    fans: tuple[Fan, ...]
    evaluation_order: tuple[str, ...]
    relation_order: tuple[str, ...]


def json_schema() -> dict[str, object]:
    """The published JSON Schema of the IR."""
    return Rulebook.model_json_schema()
