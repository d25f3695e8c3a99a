"""Resolution: the AST's declarations gathered into one table, and every expression typed.

`declarations` collects the sections of a rulebook (on top of its parent's, for one that
`extends`) and finds duplicate and unknown names; `typecheck` resolves and types each
expression in the context its slot gives (`slots`: every place a rulebook holds an
expression, declared once); `typed` holds the typed expressions, as IR expressions, for the
checks and the lowering. Reads the AST, the language's words and the IR's expression model.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mjc.lazyimport import lazy_exports

if TYPE_CHECKING:
    from mjc.compiler.resolve.contexts import (
        CONTEXT_WORDS,
    )
    from mjc.compiler.resolve.declarations import (
        Declarations,
        T,
        collect,
    )
    from mjc.compiler.resolve.slots import (
        ADJUSTMENTS,
        SLOTS,
        Place,
        Slot,
        untyped,
    )
    from mjc.compiler.resolve.typecheck import (
        ExprChecker,
        names_used,
        removed_but_used,
    )
    from mjc.compiler.resolve.typed import (
        Typed,
    )

# Each public name, and the module that defines it (imported on first use).
_EXPORTS = {
    "ADJUSTMENTS": "mjc.compiler.resolve.slots",
    "CONTEXT_WORDS": "mjc.compiler.resolve.contexts",
    "Declarations": "mjc.compiler.resolve.declarations",
    "ExprChecker": "mjc.compiler.resolve.typecheck",
    "Place": "mjc.compiler.resolve.slots",
    "SLOTS": "mjc.compiler.resolve.slots",
    "Slot": "mjc.compiler.resolve.slots",
    "T": "mjc.compiler.resolve.declarations",
    "Typed": "mjc.compiler.resolve.typed",
    "collect": "mjc.compiler.resolve.declarations",
    "names_used": "mjc.compiler.resolve.typecheck",
    "removed_but_used": "mjc.compiler.resolve.typecheck",
    "untyped": "mjc.compiler.resolve.slots",
}

__getattr__, __dir__ = lazy_exports(__name__, globals(), _EXPORTS)

__all__ = [
    "ADJUSTMENTS",
    "CONTEXT_WORDS",
    "SLOTS",
    "Declarations",
    "ExprChecker",
    "Place",
    "Slot",
    "T",
    "Typed",
    "collect",
    "names_used",
    "removed_but_used",
    "untyped",
]
