"""Fan conditions (typed IR expressions) compiled to Python expressions.

`pyexpr` translates any expression; before it writes a plain loop for a quantifier it asks
the summary forms that answer it with bit operations on the hand's predicate summary and
meld boards: `loopguards`, `meldboards` (with `keyfields`, `rankcounts`, `suitchains`,
`suitsets`), `meldcounts`, `meldequal`, `listquant` and `tilefields`. `facts` is what each
word of a condition reads in a generated function; `scopes` which quantifier variables a
part of it reads (whether it can leave a loop). Reads the IR; hands Python source text to
the emitters.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mjc.lazyimport import lazy_exports

if TYPE_CHECKING:
    from mjc.compiler.conditions.facts import (
        COUNT_WIDTH,
        FACT_SOURCE,
        HAND_FACT_SOURCE,
        SUMMARY_OF,
        TILE_TABLES,
        tile_constant,
    )
    from mjc.compiler.conditions.keyfields import (
        KEYS,
        Mask,
        constant,
    )
    from mjc.compiler.conditions.loopguards import (
        as_exists,
        guard_of,
        lower_range,
    )
    from mjc.compiler.conditions.meldboards import (
        ALL_SLOTS,
        BOARD_OF,
        Key,
        joined,
        key_of,
        linear_in,
        never_negative,
        own_attr,
        rank_shift,
        substitute,
        suit_get,
        used_name,
        wrapped,
    )
    from mjc.compiler.conditions.meldcounts import (
        forms,
        is_local_body,
    )
    from mjc.compiler.conditions.meldequal import (
        fold,
    )
    from mjc.compiler.conditions.pyexpr import (
        HOIST_DEPTH,
        Predicates,
        Py,
        PyExpr,
        atom,
        is_cheap,
    )
    from mjc.compiler.conditions.scopes import (
        closed,
        is_local,
        membership,
        mentions,
    )
    from mjc.compiler.conditions.suitchains import (
        Link,
        chain_of,
    )
    from mjc.compiler.conditions.tilefields import (
        Test,
    )

# Each public name, and the module that defines it (imported on first use).
_EXPORTS = {
    "ALL_SLOTS": "mjc.compiler.conditions.meldboards",
    "BOARD_OF": "mjc.compiler.conditions.meldboards",
    "COUNT_WIDTH": "mjc.compiler.conditions.facts",
    "FACT_SOURCE": "mjc.compiler.conditions.facts",
    "HAND_FACT_SOURCE": "mjc.compiler.conditions.facts",
    "HOIST_DEPTH": "mjc.compiler.conditions.pyexpr",
    "KEYS": "mjc.compiler.conditions.keyfields",
    "Key": "mjc.compiler.conditions.meldboards",
    "Link": "mjc.compiler.conditions.suitchains",
    "Mask": "mjc.compiler.conditions.keyfields",
    "Predicates": "mjc.compiler.conditions.pyexpr",
    "Py": "mjc.compiler.conditions.pyexpr",
    "PyExpr": "mjc.compiler.conditions.pyexpr",
    "SUMMARY_OF": "mjc.compiler.conditions.facts",
    "TILE_TABLES": "mjc.compiler.conditions.facts",
    "Test": "mjc.compiler.conditions.tilefields",
    "as_exists": "mjc.compiler.conditions.loopguards",
    "atom": "mjc.compiler.conditions.pyexpr",
    "chain_of": "mjc.compiler.conditions.suitchains",
    "closed": "mjc.compiler.conditions.scopes",
    "constant": "mjc.compiler.conditions.keyfields",
    "fold": "mjc.compiler.conditions.meldequal",
    "forms": "mjc.compiler.conditions.meldcounts",
    "guard_of": "mjc.compiler.conditions.loopguards",
    "is_cheap": "mjc.compiler.conditions.pyexpr",
    "is_local": "mjc.compiler.conditions.scopes",
    "is_local_body": "mjc.compiler.conditions.meldcounts",
    "joined": "mjc.compiler.conditions.meldboards",
    "key_of": "mjc.compiler.conditions.meldboards",
    "linear_in": "mjc.compiler.conditions.meldboards",
    "lower_range": "mjc.compiler.conditions.loopguards",
    "membership": "mjc.compiler.conditions.scopes",
    "mentions": "mjc.compiler.conditions.scopes",
    "never_negative": "mjc.compiler.conditions.meldboards",
    "own_attr": "mjc.compiler.conditions.meldboards",
    "rank_shift": "mjc.compiler.conditions.meldboards",
    "substitute": "mjc.compiler.conditions.meldboards",
    "suit_get": "mjc.compiler.conditions.meldboards",
    "tile_constant": "mjc.compiler.conditions.facts",
    "used_name": "mjc.compiler.conditions.meldboards",
    "wrapped": "mjc.compiler.conditions.meldboards",
}

__getattr__, __dir__ = lazy_exports(__name__, globals(), _EXPORTS)

__all__ = [
    "ALL_SLOTS",
    "BOARD_OF",
    "COUNT_WIDTH",
    "FACT_SOURCE",
    "HAND_FACT_SOURCE",
    "HOIST_DEPTH",
    "KEYS",
    "SUMMARY_OF",
    "TILE_TABLES",
    "Key",
    "Link",
    "Mask",
    "Predicates",
    "Py",
    "PyExpr",
    "Test",
    "as_exists",
    "atom",
    "chain_of",
    "closed",
    "constant",
    "fold",
    "forms",
    "guard_of",
    "is_cheap",
    "is_local",
    "is_local_body",
    "joined",
    "key_of",
    "linear_in",
    "lower_range",
    "membership",
    "mentions",
    "never_negative",
    "own_attr",
    "rank_shift",
    "substitute",
    "suit_get",
    "tile_constant",
    "used_name",
    "wrapped",
]
