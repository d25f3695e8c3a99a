"""A class under `mjc.frozen.slotted` (the compiler's working state: `Declarations`, `Typed`,
`PyExpr`, ...) behaves as the `@dataclass(slots=True)` it replaces: the same arguments,
defaults and fields kept out of `__init__`, out of the repr or of the comparison,
`__post_init__`, the same equality and repr, mutable and not hashable, slotted, its fields
read by `dataclasses.fields` and copied by `dataclasses.replace`."""

from __future__ import annotations

import copy
import dataclasses
from dataclasses import dataclass, field

import pytest

from mjc.compiler.driver import Compilation
from mjc.compiler.resolve.declarations import Declarations
from mjc.frozen import slotted


@dataclass(slots=True)
class Plain:
    """A mutable slotted dataclass of every kind of field."""

    name: str
    count: int = 1
    tags: list[str] = field(default_factory=list)
    notes: dict[str, int] = field(default_factory=dict, compare=False)
    hidden: int = field(default=0, repr=False)
    total: int = field(init=False, compare=False, repr=False)
    seen: bool = field(init=False, default=True)
    made: list[int] = field(init=False, default_factory=list)
    unset: int = field(init=False, repr=False, compare=False)  # never set

    def __post_init__(self) -> None:
        self.total = self.count * 10


@slotted
class Slotted:
    """The same, under `slotted`."""

    name: str
    count: int = 1
    tags: list[str] = field(default_factory=list)
    notes: dict[str, int] = field(default_factory=dict, compare=False)
    hidden: int = field(default=0, repr=False)
    total: int = field(init=False, compare=False, repr=False)
    seen: bool = field(init=False, default=True)
    made: list[int] = field(init=False, default_factory=list)
    unset: int = field(init=False, repr=False, compare=False)  # never set

    def __post_init__(self) -> None:
        self.total = self.count * 10


CALLS: list[tuple[tuple[object, ...], dict[str, object]]] = [
    (("a",), {}),
    (("a", 2), {}),
    (("a",), {"count": 3, "tags": ["x"]}),
    ((), {"name": "b", "notes": {"n": 1}, "hidden": 4}),
    (("a", 2, ["y"], {"m": 2}, 5), {}),
]


def _shown(value: object) -> str:
    return repr(value).replace("Slotted(", "Plain(")


@pytest.mark.parametrize(("args", "kwargs"), CALLS)
def test_a_slotted_class_is_made_and_shown_as_the_dataclass(
    args: tuple[object, ...], kwargs: dict[str, object]
) -> None:
    plain, made = Plain(*args, **kwargs), Slotted(*args, **kwargs)  # type: ignore[arg-type]
    assert _shown(made) == _shown(plain)
    for f in dataclasses.fields(Plain):
        if f.name == "unset":
            continue
        assert getattr(made, f.name) == getattr(plain, f.name), f.name
    assert not hasattr(made, "unset") and not hasattr(plain, "unset")
    assert made.made == [] and made.made is not Slotted(*args, **kwargs).made  # type: ignore[arg-type]


def test_a_slotted_class_refuses_the_calls_the_dataclass_refuses() -> None:
    for args, kwargs in [((), {}), (("a",), {"total": 1}), (("a",), {"nope": 1})]:
        with pytest.raises(TypeError):
            Plain(*args, **kwargs)  # type: ignore[arg-type]
        with pytest.raises(TypeError):
            Slotted(*args, **kwargs)  # type: ignore[arg-type]


def test_a_slotted_class_compares_and_hashes_as_the_dataclass() -> None:
    one, same, other = Slotted("a", notes={"x": 1}), Slotted("a"), Slotted("a", 2)
    assert one == same  # `notes` is not compared
    assert one != other
    assert one != Plain("a")  # another class: NotImplemented both ways
    assert Slotted.__hash__ is None and Plain.__hash__ is None
    with pytest.raises(TypeError):
        hash(one)


def test_a_slotted_class_is_mutable_and_slotted() -> None:
    made = Slotted("a")
    made.count = 7
    assert made.count == 7
    assert Slotted.__slots__ == Plain.__slots__
    with pytest.raises(AttributeError):
        made.other = 1  # type: ignore[attr-defined]


def test_a_slotted_class_is_a_dataclass_to_the_standard_library() -> None:
    assert [f.name for f in dataclasses.fields(Slotted)] == [
        f.name for f in dataclasses.fields(Plain)
    ]
    assert Slotted.__match_args__ == Plain.__match_args__
    changed = dataclasses.replace(Slotted("a", tags=["t"]), count=4)
    assert (changed.name, changed.count, changed.tags, changed.total) == ("a", 4, ["t"], 40)
    copied = copy.deepcopy(Slotted("a", tags=["t"]))
    assert copied == Slotted("a", tags=["t"])


def test_a_method_the_class_writes_itself_is_kept() -> None:
    @slotted
    class Own:
        """Writes its own repr and equality, and a hash."""

        value: int

        def __repr__(self) -> str:
            return "own"

        def __eq__(self, other: object) -> bool:
            return True

        def __hash__(self) -> int:
            return 1

    assert repr(Own(1)) == "own" and Own(1) == 2 and hash(Own(1)) == 1


def test_a_slotted_class_that_holds_itself_is_shown_without_end() -> None:
    @slotted
    class Node:
        """A node that may hold itself."""

        value: int
        link: object = None

    node = Node(1)
    node.link = node
    assert repr(node).endswith(".<locals>.Node(value=1, link=...)")


def test_the_compilers_state_is_made_as_before() -> None:
    compilation = Compilation("book.mjr", "text", None)
    assert compilation.sources == {"book.mjr": "text"}  # `__post_init__` ran
    assert compilation.diagnostics == [] and compilation.module_source is None
    decls = Declarations("book.mjr")
    assert decls.shapes == {} and decls.shapes is not Declarations("book.mjr").shapes
    assert repr(decls).startswith("Declarations(file='book.mjr', header=None, parent=None,")
