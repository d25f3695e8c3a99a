"""Lowering: a resolved, typed rulebook to the IR.

`rulebook` lowers the declarations and typed expressions section by section, `points` the fu
and points sections, `settlement`
the horses and payments sections, `play` the `play` section (and what its rules come to under
one option setting), `horsetables` the horse tables' rows; `sources` gives every IR node where
it was written. The checks lower parts of a rulebook too, to judge them under each option
setting. Reads the AST, the declarations and typed expressions; hands on `ir.Rulebook`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mjc.lazyimport import lazy_exports

if TYPE_CHECKING:
    from mjc.compiler.lower.horsetables import (
        SUIT_BASES,
        compact,
        rank_tiles,
        row_tiles,
    )
    from mjc.compiler.lower.play import (
        effective,
        field_value,
        lower_play,
    )
    from mjc.compiler.lower.rulebook import (
        copies_in_play,
        default_successors,
        lower,
        lower_claims,
        lower_option,
        lower_scoring,
        lower_tiles,
        lower_wilds,
        option_default,
        tiles_ever_in_play,
    )
    from mjc.compiler.lower.settlement import (
        lower_horses,
        lower_payments,
    )
    from mjc.compiler.lower.sources import (
        at,
        provenance,
    )

# Each public name, and the module that defines it (imported on first use).
_EXPORTS = {
    "SUIT_BASES": "mjc.compiler.lower.horsetables",
    "at": "mjc.compiler.lower.sources",
    "compact": "mjc.compiler.lower.horsetables",
    "copies_in_play": "mjc.compiler.lower.rulebook",
    "default_successors": "mjc.compiler.lower.rulebook",
    "effective": "mjc.compiler.lower.play",
    "field_value": "mjc.compiler.lower.play",
    "lower": "mjc.compiler.lower.rulebook",
    "lower_claims": "mjc.compiler.lower.rulebook",
    "lower_horses": "mjc.compiler.lower.settlement",
    "lower_option": "mjc.compiler.lower.rulebook",
    "lower_payments": "mjc.compiler.lower.settlement",
    "lower_play": "mjc.compiler.lower.play",
    "lower_scoring": "mjc.compiler.lower.rulebook",
    "lower_tiles": "mjc.compiler.lower.rulebook",
    "lower_wilds": "mjc.compiler.lower.rulebook",
    "option_default": "mjc.compiler.lower.rulebook",
    "provenance": "mjc.compiler.lower.sources",
    "rank_tiles": "mjc.compiler.lower.horsetables",
    "row_tiles": "mjc.compiler.lower.horsetables",
    "tiles_ever_in_play": "mjc.compiler.lower.rulebook",
}

__getattr__, __dir__ = lazy_exports(__name__, globals(), _EXPORTS)

__all__ = [
    "SUIT_BASES",
    "at",
    "compact",
    "copies_in_play",
    "default_successors",
    "effective",
    "field_value",
    "lower",
    "lower_claims",
    "lower_horses",
    "lower_option",
    "lower_payments",
    "lower_play",
    "lower_scoring",
    "lower_tiles",
    "lower_wilds",
    "option_default",
    "provenance",
    "rank_tiles",
    "row_tiles",
    "tiles_ever_in_play",
]
