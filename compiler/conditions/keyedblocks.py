"""Need blocks of `score_fans` answered from a table by the summary fields they read.

A block of fans under one need (`compiler/emit/needguards.py`: "fans that need a chow") whose
conditions read nothing but integer locals made from the reading's summary (its fields, the
lengths taken out of it, locals computed from those alone) and the module's constants gives
the same counts whenever those locals hold the same values. Such a block is written once, as a
function of those locals of its own beside a table of what it gave; `score_fans` looks the
counts up by the locals' values and calls the function only for a key it has not met (issue 26:
MCR's chow fans read the chow boards alone, of which there are at most 12,650 (every choice of
up to four chows among the 21 of each suit and rank), and a few thousand turn up in tens of
thousands of hands).

Input is the block as `compiler/emit/scoring.py` wrote it (its lines, the fans it assigns) and
the translator that wrote it; output is the line that looks the counts up, and the table and its
function, which the generated module defines before `score_fans` (`KeyedBlocks.lines`). A block
that reads anything else (a fact of the hand or the situation, an option, another fan, a loop
over a list) is written in place as before.
"""

from __future__ import annotations

import builtins
import io
import keyword
import re
import tokenize
from collections.abc import Sequence
from typing import Protocol

from mjc.compiler.conditions.pyexpr import PyExpr
from mjc.compiler.pysource.layout import Doc, bracketed, flat, tuple_of
from mjc.compiler.pysource.pywriter import CodeWriter

__all__ = ["KEPT_KEYS", "Counted", "KeyedBlocks", "summary_locals"]

# A table keeps this many keys at most (a key past them is worked out on every meeting): the
# memo stays bounded whatever hands a long-running process scores.
KEPT_KEYS = 1 << 14
# The fields a summary unpacks into locals (`emitbase.prelude`), beside its meld boards.
_SUMMARY_FIELDS = (
    "tile_any",
    "tile_all",
    "tile_count",
    "meld_any",
    "meld_all",
    "meld_count",
)
# Names a block may call: pure builtins on ints.
_PURE_BUILTINS = frozenset({"len", "sum", "any", "all", "min", "max", "abs", "int", "bool"})
_LEAST_FANS = 3  # a lookup pays for a block of this many fans or more


class Counted(Protocol):
    """What a block's fan is to its table (`compiler/emit/codeplan.FanPlan`): its id, its local
    and whether that holds True or False (else a count)."""

    @property
    def id(self) -> str: ...

    @property
    def local(self) -> str: ...

    @property
    def flag(self) -> bool: ...


def summary_locals(py: PyExpr) -> frozenset[str]:
    """The locals of `score_fans` that hold an int made from the reading's summary alone: its
    fields and boards, and the locals computed once from those only (`x_len_chows`, ...)."""
    found = {f"x_{name}" for name in _SUMMARY_FIELDS} | {f"x_{board}" for board in py.boards}
    hoisted = [(name, flat(doc)) for name, doc in py.hoisted.values()]
    grown = True
    while grown:  # a local computed from another such local is one too
        grown = False
        for name, source in hoisted:
            # Arithmetic alone (no loop, no display, no lambda): an int, as the key says.
            plain = not any(mark in source for mark in (" for ", "lambda", "[", "{"))
            if name not in found and plain and _reads(source, found):
                found.add(name)
                grown = True
    return frozenset(found)


def _names(source: str) -> list[str] | None:
    """The names `source` reads (not attributes after a dot), or None if it does not tokenize
    on its own."""
    names: list[str] = []
    after_dot = False
    try:
        for token in tokenize.generate_tokens(io.StringIO(source).readline):
            if token.type == tokenize.NAME and not after_dot:
                names.append(token.string)
            after_dot = token.type == tokenize.OP and token.string == "."
    except (tokenize.TokenError, IndentationError, SyntaxError):
        return None
    return names


def _reads(source: str, allowed: set[str] | frozenset[str]) -> bool:
    """Whether every name `source` reads is a keyword, a pure builtin, a module constant
    (upper case: the tables and tiles a condition indexes) or one of `allowed`."""
    names = _names(source)
    if names is None:
        return False
    return all(
        keyword.iskeyword(n) or n in allowed or n in _PURE_BUILTINS or _constant(n) for n in names
    )


def _constant(name: str) -> bool:
    """A module-level table of the generated module (`SUIT_BIT`, `DISTINCT_SLOTS_3`): upper
    case, none a builtin, none rebound per call."""
    return name.isupper() and not hasattr(builtins, name)


class KeyedBlocks:
    """The blocks of one `score_fans` answered from tables, numbered as they are met."""

    def __init__(self, py: PyExpr) -> None:
        self._py = py
        self._lines: list[str] = []
        self._count = 0
        self._derived: set[str] = set()

    def lookup(
        self, body: list[str], depth: int, fans: Sequence[Counted], words: str
    ) -> CodeWriter | None:
        """The lines that read the counts of `fans` (what `body`, a block's lines written
        `depth` levels deep, assigns) from a table, at that depth, the table and its
        function defined for the module's level; None when the block reads more than the
        summary or is too small to pay."""
        if len(fans) < _LEAST_FANS:
            return None
        code = "\n".join(line.strip() for line in body if not line.lstrip().startswith("#"))
        names = _names(code.replace("\n", " "))  # (a layout's lines: one statement each)
        if names is None:
            return None
        own = {fan.local for fan in fans}
        loops = {n for n in names if n.startswith("v_")}  # a quantifier's own variable
        summary = summary_locals(self._py)
        tiles = set(self._py.tiles)  # the tile constants (`T1m`), module-level too
        if not _reads(code.replace("\n", " "), summary | own | loops | tiles):
            return None
        read_here = sorted({n for n in names if n in summary})
        # A key local worked out from the rest of the key alone (`x_chow_held` from
        # `x_chow_count`) adds nothing to the key: the function works it out itself, and
        # score_fans only where something else reads it (`derived_locals`).
        made = {name: doc for name, doc in self._py.hoisted.values()}
        derived = [
            n for n in read_here if n in made and _reads(flat(made[n]), set(read_here) - {n})
        ]
        # (none from another such local: each is worked out from the key's own parameters)
        derived = [n for n in derived if not set(_names(flat(made[n])) or ()) & set(derived)]
        key: list[Doc] = [n for n in read_here if n not in derived]
        if not key:
            return None
        self._derived.update(derived)
        self._count += 1
        table, fill = f"KEYED_{self._count}", f"keyed_{self._count}"
        alias = f"Keyed{self._count}"
        types: list[Doc] = ["bool" if fan.flag else "int" for fan in fans]
        counts: list[Doc] = [fan.local for fan in fans]
        read = ", ".join(str(k) for k in key)
        out = CodeWriter()
        out.line("")
        out.line("")
        out.comment(
            f"The fans that need {words} read the summary's {read} alone: {fill} works their "
            f"counts out once for each value of those and {table} keeps them (at most "
            f"{KEPT_KEYS:,} keys), for score_fans to look up."
        )
        out.stmt(f"{alias} = ", bracketed("tuple[", types, "]"), f"  # {fill}'s counts, in order")
        out.line(f"{table}: Final[dict[tuple[int, ...], {alias}]] = {{}}")
        out.line("")
        out.line("")
        params: list[Doc] = [f"{name}: int" for name in key]
        out.stmt(f"def {fill}", bracketed("(", params, ")"), f" -> {alias}:")
        self._lines += out.lines()
        out = CodeWriter(indent=1)
        out.line(f'"""The counts of the fans that need {words}, kept in {table}."""')
        for name in derived:
            out.assign(name, made[name])
        shift = 4 * (depth - 1)  # the block's lines, one level deep in the function
        self._lines += out.lines() + [line[shift:] if line else line for line in body]
        out = CodeWriter(indent=1)
        out.stmt("found = ", tuple_of(counts))
        with out.block(f"if len({table}) < {KEPT_KEYS}"):
            out.stmt(f"{table}[", tuple_of(key), "] = found")
        out.line("return found")
        self._lines += out.lines()
        here = CodeWriter(indent=depth)
        here.comment(
            f"{', '.join(fan.id for fan in fans)}: read from {table} by {read} ({fill}, "
            "before score_fans, writes their conditions and works out a key not met yet)."
        )
        here.stmt(tuple_of(counts), f" = {table}.get(", tuple_of(key), f") or {fill}({read})")
        return here

    def lines(self) -> list[str]:
        """The tables and their functions, for the module's level."""
        return list(self._lines)

    def derived_locals(self) -> dict[str, Doc]:
        """The locals left out of the tables' keys (each function works its own out) that
        no other hoisted local reads, with what each is: score_fans' prelude need not work
        them out, only the lines of score_fans that still read one (`scoring.bind_late`)."""
        others = [flat(d) for n, d in self._py.hoisted.values() if n not in self._derived]
        made = {name: doc for name, doc in self._py.hoisted.values() if name in self._derived}
        return {
            name: doc
            for name, doc in made.items()
            if not any(re.search(rf"\b{name}\b", text) for text in others)
        }
