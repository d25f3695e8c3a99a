"""The classes of `mjc.frozen` (`frozen`, `frozen_kw`, `frozen_fast`, `slotted`) are made in
one step of their own, not by `dataclass`: each must still be the dataclass `dataclass` would
have made of the same body (`dataclass(slots=True, init=False, repr=False, eq=False)`, before
the decorator adds its methods): the same fields with every attribute, parameters, slots,
`__match_args__`, annotations, no instance dict and no class attribute left for a default, so
that `dataclasses.fields`, `replace`, `is_dataclass`, pickling and pydantic read it as before."""

from __future__ import annotations

import dataclasses
import pickle
from dataclasses import dataclass, field
from typing import Any, ClassVar

import pytest

from mjc.frozen import Frozen, frozen, frozen_fast, frozen_kw, slotted


def _bodies() -> dict[str, dict[str, Any]]:
    """Class bodies of every kind of field the decorators take (a fresh copy each call: a
    `Field` object belongs to the one class made of it)."""
    return {
        "plain": {"__annotations__": {"name": "str", "count": "int"}},
        "defaults": {
            "__annotations__": {"name": "str", "count": "int", "tags": "tuple[str, ...]"},
            "count": 1,
            "tags": (),
        },
        "fields": {
            "__annotations__": {
                "name": "str",
                "notes": "dict[str, int]",
                "hidden": "int",
                "total": "int",
                "late": "int",
                "meta": "int",
            },
            "notes": field(default_factory=dict, compare=False),
            "hidden": field(default=0, repr=False),
            "total": field(init=False, default=0, compare=False),
            "late": field(default=3, kw_only=True),
            "meta": field(default=1, metadata={"unit": "fan"}, hash=False),
        },
        "empty": {},
    }


def _record(cls: type) -> tuple[object, ...]:
    """What the standard library and pydantic read of a dataclass."""
    fields = [
        (
            f.name,
            f.type,
            f.default,
            f.default_factory,
            f.init,
            f.repr,
            f.hash,
            f.compare,
            dict(f.metadata),
            f.kw_only,
        )
        for f in dataclasses.fields(cls)
    ]
    params = cls.__dataclass_params__  # type: ignore[attr-defined]
    own = {name for name in vars(cls) if not name.startswith("_")}
    return (
        fields,
        repr(params),
        vars(cls).get("__slots__"),
        vars(cls).get("__match_args__"),
        vars(cls).get("__annotations__"),
        own,
        "__dict__" in dir(cls),
        cls.__weakrefoffset__,
        cls.__qualname__,
    )


def _as_dataclass(name: str, body: dict[str, Any], kw_only: bool) -> type:
    made = type(name, (Frozen,), {"__doc__": "A class.", **body})
    return dataclass(slots=True, kw_only=kw_only, init=False, repr=False, eq=False)(made)


@pytest.mark.parametrize("kind", sorted(_bodies()))
@pytest.mark.parametrize("kw_only", [False, True])
def test_a_frozen_class_is_the_dataclass_that_dataclass_makes_of_its_body(
    kind: str, kw_only: bool
) -> None:
    expected = _as_dataclass(kind, _bodies()[kind], kw_only)
    decorator = frozen_kw if kw_only else frozen
    made = decorator(type(kind, (Frozen,), {"__doc__": "A class.", **_bodies()[kind]}))
    assert _record(made) == _record(expected)
    assert dataclasses.is_dataclass(made)


@pytest.mark.parametrize("kind", ["plain", "defaults"])
def test_fast_and_slotted_classes_are_the_dataclass_of_their_body_too(kind: str) -> None:
    expected = _as_dataclass(kind, _bodies()[kind], kw_only=False)
    fast = frozen_fast(type(kind, (Frozen,), {"__doc__": "A class.", **_bodies()[kind]}))
    assert _record(fast)[:6] == _record(expected)[:6]
    plain = type(kind, (), {"__doc__": "A class.", **_bodies()[kind]})
    mutable = dataclass(slots=True, init=False, repr=False, eq=False)(plain)
    made = slotted(type(kind, (), {"__doc__": "A class.", **_bodies()[kind]}))
    assert _record(made)[:6] == _record(mutable)[:6]


@frozen
class _Base(Frozen):
    """A frozen class another extends."""

    name: str
    count: int = 1


@frozen
class _Derived(_Base):
    """Its fields after the base's, a slot for each of its own only."""

    tags: tuple[str, ...] = ()


def test_a_frozen_class_extends_another_as_a_dataclass_extends_its_base() -> None:
    assert [f.name for f in dataclasses.fields(_Derived)] == ["name", "count", "tags"]
    assert _Derived.__slots__ == ("tags",)  # type: ignore[attr-defined]
    assert _Derived.__match_args__ == ("name", "count", "tags")
    made = _Derived("a", tags=("x",))
    assert (made.name, made.count, made.tags) == ("a", 1, ("x",))
    assert made == _Derived("a", 1, ("x",)) and hash(made) == hash(_Derived("a", 1, ("x",)))
    assert made != _Base("a")
    assert dataclasses.replace(made, count=2) == _Derived("a", 2, ("x",))
    assert pickle.loads(pickle.dumps(made)) == made
    assert not hasattr(made, "__dict__")


def test_a_frozen_instance_is_restored_from_a_state_of_its_fields_alone() -> None:
    made = _Derived("a", tags=("x",))
    assert made.__getstate__() == ("a", 1, ("x",))
    restored = object.__new__(_Derived)
    restored.__setstate__(("a", 1, ("x",)))
    assert restored == made
    with pytest.raises(ValueError, match="3 fields, not 2"):
        object.__new__(_Derived).__setstate__(("a", 1))


@frozen_kw
class _Keyed(Frozen):
    """Keyword-only fields, one made by a factory."""

    name: str
    seen: list[int] = field(default_factory=list, compare=False)
    size: int = 0


def test_a_keyword_frozen_class_takes_defaults_factories_and_is_replaced_and_pickled() -> None:
    made = _Keyed(name="a")
    assert made.seen == [] and made.seen is not _Keyed(name="a").seen
    assert made == _Keyed(name="a", seen=[1]) and hash(made) == hash(_Keyed(name="a"))
    assert dataclasses.replace(made, size=2) == _Keyed(name="a", size=2)
    assert pickle.loads(pickle.dumps(made)) == made
    assert _Keyed.__match_args__ == ()
    with pytest.raises(TypeError):
        _Keyed("a")  # type: ignore[misc]


def test_a_frozen_class_refuses_what_dataclass_refuses() -> None:
    with pytest.raises(ValueError, match="mutable default"):
        frozen(type("Mutable", (Frozen,), {"__annotations__": {"items": "list[int]"}, "items": []}))
    with pytest.raises(TypeError, match="no type annotation"):
        frozen(type("Unannotated", (Frozen,), {"__annotations__": {}, "size": field(default=1)}))


@frozen
class _WithClassVar(Frozen):
    """A body `dataclass` itself makes (it names a `ClassVar`), noted for `Frozen` after."""

    LIMIT: ClassVar[int] = 3
    name: str
    count: int = 1


def test_a_frozen_class_made_by_dataclass_is_noted_as_one_made_in_one_step() -> None:
    assert [f.name for f in dataclasses.fields(_WithClassVar)] == ["name", "count"]
    made = _WithClassVar("a")
    assert (made.name, made.count, _WithClassVar.LIMIT) == ("a", 1, 3)
    assert made == _WithClassVar("a", 1) and made != _WithClassVar("a", 2)
    assert repr(made) == "_WithClassVar(name='a', count=1)"
    notes = ("_init", "_fields", "_positional", "_all_positional", "_compared", "_shown")
    assert [getattr(_WithClassVar, n) for n in notes] == [getattr(_Plainly, n) for n in notes]


@frozen
class _Plainly(Frozen):
    """The same fields, in a body made in one step."""

    name: str
    count: int = 1


@pytest.mark.parametrize(
    "annotations",
    [
        {"name": "str", "count": int},  # a type, not a text: read by `dataclass`
        {"name": "str", "LIMIT": "ClassVar[int]", "count": "int"},  # a class variable
        {"name": "typing.ClassVar[int]"},  # named with its module
    ],
)
def test_a_body_not_all_of_plain_texts_is_the_dataclass_dataclass_makes(
    annotations: dict[str, object],
) -> None:
    body = {"__annotations__": annotations, "LIMIT": 3}
    expected = _as_dataclass("odd", dict(body, __annotations__=dict(annotations)), kw_only=False)
    made = frozen(type("odd", (Frozen,), {"__doc__": "A class.", **body}))
    assert _record(made) == _record(expected)


@frozen
class _AfterClassVar(_WithClassVar):
    """Extends a class whose fields record a `ClassVar`: `dataclass` itself reads it."""

    extra: int = 0


def test_a_class_extending_one_with_a_class_variable_field_is_made_by_dataclass() -> None:
    expected = dataclass(slots=True, init=False, repr=False, eq=False)(
        type("_AfterClassVar", (_WithClassVar,), {"__annotations__": {"extra": "int"}, "extra": 0})
    )
    assert [f.name for f in dataclasses.fields(_AfterClassVar)] == ["name", "count", "extra"]
    assert "LIMIT" in vars(_WithClassVar)["__dataclass_fields__"]
    assert _record(_AfterClassVar)[:6] == _record(expected)[:6]
    assert _AfterClassVar("a", 2, 3) == _AfterClassVar("a", 2, 3)
    assert repr(_AfterClassVar("a")) == "_AfterClassVar(name='a', count=1, extra=0)"
