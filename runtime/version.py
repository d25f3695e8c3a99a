"""The runtime's API version: what a generated module checks before it uses anything else.

`mjc build` writes the version it generated for into each module, whose first statement is
`require_api(version, rulebook)`; a mismatch is a clear `ImportError` instead of a failure
deep inside the module.
"""

from __future__ import annotations

__all__ = ["API_VERSION", "RuntimeVersionError", "require_api"]

# Bumped whenever a generated module's view of this package changes incompatibly.
# 3: modules import `mjc.runtime.exported` and build `Ruleset(RulesetSpec(...))`.
# 4: `combine` returns its notes (tier caps that cut) and `adjust` the steps that fired.
# 5: modules import the meld boards (`meld_boards`, `SUIT_BIT`, …) and declare
#    `CUSTOM_SHAPE_NEEDS`, the engine's pre-filter of custom shapes.
# 6: each `CUSTOM_SHAPE_NEEDS` row also holds the fewest wild tiles of its shape.
# 7: modules read the wait set off the reading (`Arrangement.waits`), where scoring now puts
#    it, and off the situation only when the reading has none.
# 8: the meld boards ride in the one-pass summary (`summary_tables(..., boards=...)`,
#    `BOARD_BITS`, `COUNT_BITS`); modules no longer import `meld_boards`.
# 9: the summary is words of at most 62 bits (`summary_tables(..., words=...)`,
#    `SummaryTables.words`), which each module folds itself (`summarize_arrangement`).
API_VERSION = 9


class RuntimeVersionError(ImportError):
    """A generated module was built for another version of the runtime."""


def require_api(version: int, rulebook: str) -> None:
    """Called first thing by every generated module."""
    if type(version) is not int or type(rulebook) is not str:
        what = "version must be an int" if type(version) is not int else "rulebook must be a str"
        given = version if type(version) is not int else rulebook
        raise TypeError(f"{what}, not {type(given).__name__}")
    if version != API_VERSION:
        raise RuntimeVersionError(
            f"the module for rulebook {rulebook!r} was generated for mjc runtime API "
            f"{version}, but this runtime provides API {API_VERSION}: rebuild it with `mjc build`"
        )
