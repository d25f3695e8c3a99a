"""A class under `mjc.frozen.frozen_fast` (the runtime's hands, melds and scores, the layout's
documents) behaves as the `@dataclass(frozen=True, slots=True)` it replaces: the same
arguments, defaults and fields kept out of `__init__` or of the comparison, `__post_init__`,
the same equality, hash and repr, immutable, copied by `dataclasses.replace`, pickled whole."""

from __future__ import annotations

import copy
import dataclasses
import pickle
from dataclasses import dataclass, field
from typing import ClassVar

import pytest

from mjc.frozen import Frozen, frozen_fast, frozen_kw


@dataclass(frozen=True, slots=True)
class Plain:
    name: str
    count: int = 1
    tags: tuple[str, ...] = ()
    notes: dict[str, int] = field(default_factory=dict, compare=False)
    hidden: int = field(default=0, repr=False)
    total: int = field(init=False, compare=False, repr=False)
    seen: bool = field(init=False, default=True)

    def __post_init__(self) -> None:
        object.__setattr__(self, "total", self.count * 10)


@frozen_fast
class Fast(Frozen):
    name: str
    count: int = 1
    tags: tuple[str, ...] = ()
    notes: dict[str, int] = field(default_factory=dict, compare=False)
    hidden: int = field(default=0, repr=False)
    total: int = field(init=False, compare=False, repr=False)
    seen: bool = field(init=False, default=True)

    def __post_init__(self) -> None:
        object.__setattr__(self, "total", self.count * 10)


CALLS: list[tuple[tuple[object, ...], dict[str, object]]] = [
    (("a",), {}),
    (("a", 2), {}),
    (("a",), {"count": 3, "tags": ("x",)}),
    (("b", 2, ("y", "z"), {"k": 1}, 7), {}),
    ((), {"name": "c", "hidden": 4}),
]


def _fields(value: object) -> dict[str, object]:
    return {f.name: getattr(value, f.name) for f in dataclasses.fields(value)}  # type: ignore[arg-type]


@pytest.mark.parametrize(("args", "kwargs"), CALLS)
def test_a_fast_frozen_class_is_built_equal_hashed_and_shown_as_its_dataclass(
    args: tuple[object, ...], kwargs: dict[str, object]
) -> None:
    plain, fast = Plain(*args, **kwargs), Fast(*args, **kwargs)  # type: ignore[arg-type]
    assert _fields(fast) == _fields(plain)
    assert hash(fast) == hash(plain)
    assert repr(fast) == repr(plain).replace("Plain(", "Fast(", 1)
    assert fast == Fast(*args, **kwargs)  # type: ignore[arg-type]
    assert fast != Fast("other") and fast != plain


def test_a_fast_frozen_class_compares_only_its_compared_fields_and_refuses_bad_calls() -> None:
    assert Fast("a", notes={"k": 1}) == Fast("a") and hash(Fast("a", notes={"k": 1})) == hash(
        Fast("a")
    )
    assert Fast("a").notes is not Fast("a").notes  # a fresh default each time
    for args, kwargs in [((), {}), (("a",), {"total": 3}), (("a", 1, (), {}, 0, 9), {})]:
        with pytest.raises(TypeError):
            Fast(*args, **kwargs)  # type: ignore[arg-type]
        with pytest.raises(TypeError):
            Plain(*args, **kwargs)  # type: ignore[arg-type]


def test_a_fast_frozen_class_is_immutable_slotted_replaced_and_pickled_whole() -> None:
    fast = Fast("a", 2, ("x",), {"k": 1})
    with pytest.raises(dataclasses.FrozenInstanceError):
        fast.count = 3  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        del fast.count  # type: ignore[misc]
    assert not hasattr(fast, "__dict__")
    moved = dataclasses.replace(fast, count=5)
    assert (moved.count, moved.total, fast.count) == (5, 50, 2)
    for copied in (pickle.loads(pickle.dumps(fast)), copy.deepcopy(fast), copy.copy(fast)):
        assert copied == fast and _fields(copied) == _fields(fast)
    assert Fast.__match_args__ == Plain.__match_args__
    match fast:
        case Fast(name, count):
            assert (name, count) == ("a", 2)


def test_a_fast_frozen_class_takes_no_keyword_only_field() -> None:
    with pytest.raises(TypeError, match="in order"):

        @frozen_fast
        class ByKeyword(Frozen):
            name: str = field(kw_only=True)


@frozen_kw
class _Annotated(Frozen):
    kind: ClassVar[str] = "annotated"
    name: str
    seen: tuple[int, ...] = ()


def test_a_frozen_class_keeps_its_annotation_text_and_its_class_variables() -> None:
    # `frozen_kw` hides the annotations' text from `dataclass` while it makes the class
    assert _Annotated.__annotations__ == {
        "kind": "ClassVar[str]",
        "name": "str",
        "seen": "tuple[int, ...]",
    }
    assert [(f.name, f.type) for f in dataclasses.fields(_Annotated)] == [
        ("name", "str"),
        ("seen", "tuple[int, ...]"),
    ]
    assert _Annotated(name="a") == _Annotated(name="a", seen=())
    assert _Annotated.kind == "annotated"


def test_a_fast_frozen_class_keeps_the_methods_it_writes_itself_as_its_dataclass_does() -> None:
    @frozen_fast
    class ByCode(Frozen):
        code: int
        label: str = field(compare=False)

        def __eq__(self, other: object) -> bool:
            return isinstance(other, ByCode) and other.code % 10 == self.code % 10

    @dataclass(frozen=True, slots=True)
    class PlainByCode:
        code: int
        label: str = field(compare=False)

        def __eq__(self, other: object) -> bool:
            return isinstance(other, PlainByCode) and other.code % 10 == self.code % 10

    assert ByCode(3, "a") == ByCode(13, "b") and PlainByCode(3, "a") == PlainByCode(13, "b")
    # Writing `__eq__` alone leaves the hash to the decorator, as for the dataclass.
    assert hash(ByCode(3, "a")) == hash((3,)) and hash(PlainByCode(3, "a")) == hash((3,))
