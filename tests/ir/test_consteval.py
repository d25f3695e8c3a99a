"""Option settings (`mjc.compiler.ir.consteval.settings`): the default first, then every
combination of the options that matter, unless there are more than `MAX_SETTINGS`; counted
before any is listed, so a number option of a billion values costs nothing."""

from __future__ import annotations

from mjc.compiler import ir
from mjc.compiler.ir import consteval

_AT = ir.SourceRef(file="t.mjr", line=1, column=1)


def _number(name: str, low: int, high: int) -> ir.Option:
    return ir.Option(
        id=name, label=name, kind="number", low=low, high=high, default=str(low), at=_AT
    )


def _toggle(name: str) -> ir.Option:
    return ir.Option(id=name, label=name, kind="toggle", default="off", at=_AT)


def test_settings_list_the_default_then_every_other_combination() -> None:
    options = {"n": _number("n", 1, 3), "t": _toggle("t")}
    found = list(consteval.settings(options, ["n", "t"]))
    assert found[0] == {"n": 1, "t": False}
    assert len(found) == 6 and len({tuple(s.items()) for s in found}) == 6


def test_a_number_option_of_a_billion_values_gives_the_default_only() -> None:
    options = {"n": _number("n", 1, 999_999_999), "t": _toggle("t")}
    assert list(consteval.settings(options, ["t", "n"])) == [{"n": 1, "t": False}]


def test_too_many_combinations_give_the_default_only() -> None:
    options = {f"t{i}": _toggle(f"t{i}") for i in range(13)}  # 8,192 > MAX_SETTINGS
    assert len(list(consteval.settings(options, list(options)))) == 1
