"""A rulebook's options at run time: their specs (from the generated module) and turning what a
caller passes (`{"cap": "32"}`, `{"封顶": "32番封顶"}`, `{"seven_pairs": True}`) into the values
that compiled conditions read: True/False for toggles, the choice id for choices, an int for
numbers. Bad keys or values raise `OptionError` with a message that lists what is allowed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from mjc.frozen import Frozen, frozen

__all__ = ["ChoiceSpec", "OptionError", "OptionSpec", "resolve_options"]

_TRUE = {"on", "true", "yes", "1", "是", "开", "有"}
_FALSE = {"off", "false", "no", "0", "否", "关", "无"}


class OptionError(ValueError):
    """An option key or value the rulebook does not declare."""


@frozen
class ChoiceSpec(Frozen):
    id: str
    label: str | None


@frozen
class OptionSpec(Frozen):
    id: str
    label: str
    kind: str  # "toggle" | "choice" | "number"
    default: str
    choices: tuple[ChoiceSpec, ...] = ()
    low: int | None = None
    high: int | None = None

    def parse(self, value: object) -> Any:
        """The run-time value for `value`, given as the id, the label or (toggles) a bool."""
        if self.kind == "toggle":
            if isinstance(value, bool):
                return value
            text = str(value).strip().lower()
            if text in _TRUE or text == self.label:
                return True
            if text in _FALSE:
                return False
            raise OptionError(f"option {self.id} ({self.label}) is on or off, not {value!r}")
        if self.kind == "number":
            try:
                number = int(str(value))
            except ValueError:
                raise OptionError(
                    f"option {self.id} ({self.label}) takes a number, not {value!r}"
                ) from None
            assert self.low is not None and self.high is not None
            if not self.low <= number <= self.high:
                raise OptionError(
                    f"option {self.id} ({self.label}) is from {self.low} to {self.high}, "
                    f"not {number}"
                )
            return number
        text = str(value).strip()
        for choice in self.choices:
            if text in (choice.id, choice.label):
                return choice.id
        allowed = ", ".join(
            f"{c.id} ({c.label})" if c.label and c.label != c.id else c.id for c in self.choices
        )
        raise OptionError(
            f"option {self.id} ({self.label}) has no choice {value!r}; choose {allowed}"
        )


def resolve_options(
    specs: tuple[OptionSpec, ...], given: Mapping[str, object] | None
) -> dict[str, Any]:
    """Defaults overlaid with `given`, whose keys may be option ids or Chinese labels."""
    values = {spec.id: spec.parse(spec.default) for spec in specs}
    if not given:
        return values
    by_key = {spec.id: spec for spec in specs} | {spec.label: spec for spec in specs}
    for key, value in given.items():
        spec = by_key.get(str(key).strip())
        if spec is None:
            known = ", ".join(f"{s.id} ({s.label})" for s in specs) or "none"
            raise OptionError(f"unknown option {key!r}; this rulebook's options: {known}")
        values[spec.id] = spec.parse(value)
    return values
