"""Writing Python source that is safe and laid out: the base of every emitter.

`pysafe` is the only way rulebook text reaches a generated module (a literal or comment
text, never code), `layout` lays expressions out within 100 columns, and `pywriter` writes
indented blocks. Reads nothing of the compiler's own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mjc.lazyimport import lazy_exports

if TYPE_CHECKING:
    from mjc.compiler.pysource.layout import (
        WIDTH,
        Break,
        Group,
        Nest,
        bracketed,
        flat,
        group,
        parenthesized,
        render,
        string,
        tuple_of,
    )
    from mjc.compiler.pysource.pysafe import (
        ident,
        lit,
        safe_text,
    )
    from mjc.compiler.pysource.pywriter import (
        CodeWriter,
    )

# Each public name, and the module that defines it (imported on first use).
_EXPORTS = {
    "Break": "mjc.compiler.pysource.layout",
    "CodeWriter": "mjc.compiler.pysource.pywriter",
    "Group": "mjc.compiler.pysource.layout",
    "Nest": "mjc.compiler.pysource.layout",
    "WIDTH": "mjc.compiler.pysource.layout",
    "bracketed": "mjc.compiler.pysource.layout",
    "flat": "mjc.compiler.pysource.layout",
    "group": "mjc.compiler.pysource.layout",
    "ident": "mjc.compiler.pysource.pysafe",
    "lit": "mjc.compiler.pysource.pysafe",
    "parenthesized": "mjc.compiler.pysource.layout",
    "render": "mjc.compiler.pysource.layout",
    "safe_text": "mjc.compiler.pysource.pysafe",
    "string": "mjc.compiler.pysource.layout",
    "tuple_of": "mjc.compiler.pysource.layout",
}

__getattr__, __dir__ = lazy_exports(__name__, globals(), _EXPORTS)

__all__ = [
    "WIDTH",
    "Break",
    "CodeWriter",
    "Group",
    "Nest",
    "bracketed",
    "flat",
    "group",
    "ident",
    "lit",
    "parenthesized",
    "render",
    "safe_text",
    "string",
    "tuple_of",
]
