"""What every emitter of a generated module shares: the module being built and the preludes.

Input is a checked `ir.Rulebook`; `ModuleState` remembers, across every generated function,
which runtime names, tile constants and item predicates the translated conditions use, so the
module imports and defines exactly those; its `slots` is how every emitter finds the
expressions of a declaration (through the table of `mjc.compiler.resolve.slots`). `prelude` writes
the top of a function: the facts it binds (each read more than once, or in a loop's
body), its predicate summaries, the sets it collects once and the local functions of deep
subexpressions, as its translator recorded them.
"""

from __future__ import annotations

import functools
import textwrap
from collections.abc import Callable, Sequence

from mjc.compiler import ir
from mjc.compiler.conditions.facts import FACT_SOURCE
from mjc.compiler.conditions.pyexpr import Predicates, PyExpr
from mjc.compiler.emit.codeplan import reads
from mjc.compiler.emit.slotreader import SlotReader
from mjc.compiler.pysource.layout import WIDTH
from mjc.compiler.pysource.pywriter import CodeWriter
from mjc.runtime import exported
from mjc.runtime.wins.summaries import WORD_BITS, SummaryPart, summary_layout, summary_parts

# Names of `mjc.runtime.exported` that every generated module imports; conditions add more.
BASE_IMPORTS = frozenset(exported.ALWAYS)


class ModuleState:
    """The module being generated: its rulebook and what its functions have used so far."""

    def __init__(self, book: ir.Rulebook) -> None:
        self.book = book
        self.fan_index = {fan.id: i for i, fan in enumerate(book.fans)}
        self.predicates = Predicates()
        self.runtime_names = set(BASE_IMPORTS)
        self.tiles: dict[str, int] = {}
        self.slots = SlotReader()
        # Whether `score_fans` (and `fu_count`) take the reading's summary from their caller
        # (`x`): set when `score_fans` summarizes the reading, so that the runtime makes it
        # once per arrangement (from the suits' words for a hand that splits one way).
        self.shared_summary = False
        # The tables and functions of `score_fans`' blocks read by key
        # (`conditions.keyedblocks`), which the module defines before it.
        self.keyed_lines: list[str] = []

    @functools.cached_property
    def facts(self) -> frozenset[str]:
        """Every fact that some fan's condition, count or value, or the fu or points section
        reads: one walk of the rulebook's expressions for every emitter that asks."""
        book = self.book
        return frozenset(
            node.fact
            for node in ir.subnodes((book.fans, book.fu, book.points))
            if isinstance(node, ir.FactE)
        )

    def translator(
        self,
        fan_ref: Callable[[str], str] = lambda fan: "False",
        facts: dict[str, str] = FACT_SOURCE,
        inline: frozenset[str] | None = frozenset(),
    ) -> PyExpr:
        return PyExpr(fan_ref=fan_ref, predicates=self.predicates, fact_source=facts, inline=inline)

    def planned(
        self,
        exprs: list[ir.Expr],
        fan_ref: Callable[[str], str] = lambda fan: "False",
        facts: dict[str, str] = FACT_SOURCE,
    ) -> PyExpr:
        """The translator of a function whose conditions are `exprs`, the facts they read once
        planned to be read in place (`codeplan.reads`)."""

        def make(inline: frozenset[str]) -> PyExpr:
            return self.translator(fan_ref, facts, inline)

        return make(reads(make, exprs))

    def after_fans(self, exprs: list[ir.Expr]) -> tuple[PyExpr, list[str]]:
        """A translator for rules read after `score_fans` (adjustments, refusals): a fan
        reference there means the fan counts in the final score. The returned list fills
        with the binding it needs."""
        needs: list[str] = []

        def fan_ref(fan: str) -> str:
            if not needs:
                needs.append("counted = {i for i, _, _ in k}")
            return f"{self.fan_index[fan]} in counted"

        py = self.planned(exprs, fan_ref)
        needs.clear()
        return py, needs

    def guards(self) -> PyExpr:
        """A translator for options guards (they read no facts and no fans)."""
        return self.translator(inline=None)

    def finish(self, translator: PyExpr) -> None:
        self.runtime_names |= translator.runtime_names
        self.tiles |= translator.tiles
        if "pair" in translator.facts or "winning_meld" in translator.facts:
            self.runtime_names.add("NO_PAIR")

    def function(
        self,
        translator: PyExpr,
        body: CodeWriter,
        bindings: list[str] | None = None,
        shared: bool = False,
        later: frozenset[str] = frozenset(),
    ) -> list[str]:
        """A function body: its prelude and `bindings` (lines the compiler wrote), then
        `body`; records what the translator used. `shared`: the function may be given the
        reading's summary (`x`, `shared_summary`); `later`: hoisted locals the body binds
        itself, where it reads them (not in the prelude)."""
        self.finish(translator)
        out = CodeWriter(indent=1)
        # Once `score_fans` summarizes (the module has SUMMARY), a later function reads its
        # meld summary from the shared one too.
        readers = "score_fans and fu_count" if self.book.fu is not None else None
        meld = shared and self.shared_summary
        if prelude(out, translator, shared, meld=meld, readers=readers, later=later):
            self.shared_summary = True
        for line in bindings or ():
            out.line(line)
        return out.lines() + body.lines()


def prelude(
    out: CodeWriter,
    translator: PyExpr,
    shared: bool = False,
    meld: bool = False,
    readers: str | None = None,
    later: frozenset[str] = frozenset(),
) -> bool:
    """Bind each fact the translator did not read in place, and each summary, in a fixed
    order; then the sets collected once and the local functions of deep parts. `shared`:
    the summary of the reading is the caller's `x` when given, made here otherwise; `meld`:
    the meld summary is read from it too (the module has one); `readers`: the functions
    that share it, if more than `score_fans`; `later`: hoisted locals left to the body.
    Returns whether the function reads the shared summary."""
    sources = translator.fact_source
    inline = translator.inline
    for fact in sources:
        if fact in translator.facts and inline is not None and fact not in inline:
            out.line(f"x_{fact} = {sources[fact]}")
    tiles = sources["tiles"]
    # A custom shape reads the hand whole (`h`): its melds are the declared ones, every kong.
    melds = "a.melds" if tiles == "a.tiles" else "h.melds"
    summary_source = {
        "tile": f"summarize_tiles({tiles}, TILE_MASKS, TILE_COUNTS)",
        "meld": f"summarize_melds({melds}, MELD_MASKS, MELD_COUNTS)",
        "pair": "summarize_melds(a.pairs, MELD_MASKS, MELD_COUNTS)",
    }
    summaries = set(translator.summaries)
    one_pass = {"tile", "members", "boards"} | ({"meld"} if meld else set())
    summarized = tiles == "a.tiles" and bool(summaries & one_pass)
    if summarized:
        # One pass over the arrangement's melds gives every field of the summary: the tile and
        # the meld predicates' bits, the membership bits and the meld boards. The fields are
        # named once every function is written (`fill_summary`), the module's predicates known.
        for board in sorted(translator.boards):
            translator.predicates.boards.setdefault(board, len(translator.predicates.boards))
        if shared:
            if readers is not None:
                out.comment(f"The reading's summary: the caller's ({readers} share it).")
            else:
                out.comment("The reading's summary: the caller's (made once per arrangement).")
        out.line(SHARED_SUMMARY_FIELDS if shared else SUMMARY_FIELDS)
        summaries -= {"tile", "meld", "members", "boards"}
    assert "boards" not in summaries, "meld boards are read only where the summary is"
    for summary, source in summary_source.items():
        if summary in summaries:
            out.line(f"x_{summary}_any, x_{summary}_all, x_{summary}_count = {source}")
    lengths = [(n, d) for n, d in translator.hoisted.values() if n.startswith("x_len_")]
    if lengths:  # first: other locals may read them
        out.comment("Lengths that several tests read, out of the meld summary once:")
    for name, doc in [*lengths, *(h for h in translator.hoisted.values() if h not in lengths)]:
        if name in later:
            continue
        if name == "x_shared_0":
            out.comment("Loops that several conditions compute alike, computed once:")
        out.assign(name, doc)
    for name, lambda_doc in translator.parts:
        out.assign(name, lambda_doc)
    return summarized and shared


# Where a function unpacks the summary's fields: a line `fill_summary` replaces. A function
# given the reading's summary by its caller (`x`, `ModuleState.shared_summary`) unpacks that.
SUMMARY_FIELDS = "<the fields of summarize_arrangement(a)>"
SHARED_SUMMARY_FIELDS = "<the fields of x, or of summarize_arrangement(a)>"
SUMMARY_LINES = frozenset({SUMMARY_FIELDS, SHARED_SUMMARY_FIELDS})
_FOLD_OP = {"or": "|=", "and": "&=", "add": "+="}
_FIELD_NOTES = {
    "tile_any": "bit k: some tile passes TILE_PREDICATES[k]",
    "tile_all": "bit k: every tile passes TILE_PREDICATES[k]",
    "tile_count": "5 bits a TILE_COUNTED field: the tiles that pass it",
    "meld_any": "bit k: some set passes MELD_PREDICATES[k]",
    "meld_all": "bit k: every set passes MELD_PREDICATES[k]",
    "meld_count": "3 bits a MELD_COUNTED field: the sets that pass it",
    "members": "4 bits a MEMBER_PREDICATES test: the winds of the sets passing",
}


def summary_parts_of(predicates: Predicates) -> tuple[SummaryPart, ...]:
    """The summary's fields for the module's predicates and boards, as `summary_tables` makes
    them from the module's tables."""
    return summary_parts(
        len(predicates.tile),
        len(predicates.tile_counted),
        len(predicates.meld),
        len(predicates.meld_counted),
        len(predicates.members),
        tuple(predicates.boards),
    )


def _filled(head: str, items: list[str], tail: str, indent: int) -> list[str]:
    """`head` + the items joined by commas + `tail` on one line, or the items filled into
    lines of their own between `head` and `tail`."""
    pad = " " * indent
    one = f"{pad}{head}{', '.join(items)}{tail}"
    if len(one) <= WIDTH:
        return [one]
    inner = textwrap.wrap(", ".join(items), WIDTH - indent - 4, break_on_hyphens=False)
    return [f"{pad}{head}", *(f"{pad}    {line}" for line in inner), f"{pad}{tail.lstrip()}"]


def fill_summary(body: list[str], predicates: Predicates) -> list[str]:
    """`body` with each `SUMMARY_FIELDS` line replaced by the unpacking of every field (of the
    caller's `x` when given, for `SHARED_SUMMARY_FIELDS`)."""
    names = [f"x_{part.name}" for part in summary_parts_of(predicates)]
    out: list[str] = []
    for line in body:
        marker = line.strip()
        if marker not in SUMMARY_LINES:
            out.append(line)
            continue
        indent = len(line) - len(line.lstrip())
        source = "summarize_arrangement(a)"
        if marker == SHARED_SUMMARY_FIELDS:
            source += " if x is None else x"
        out += _filled("(", names, f") = {source}", indent)
    return out


def summary_walk(predicates: Predicates, shared: bool = False, fu: bool = False) -> list[str]:
    """The module's tables of each summary word and `summarize_arrangement`, which folds them
    over an arrangement in one pass and takes each field out of its word; `shared`: the
    runtime gives what it returns (`Summary`) to `score_fans` (and `fu_count`, with `fu`)."""
    parts = summary_parts_of(predicates)
    width = {part.name: part.width for part in parts}
    words = summary_layout(parts)
    lines = [
        "# The summary's words (mjc.runtime.wins.summaries.summary_layout), each folded by its",
        "# own tables: what each meld or pair of the standard and seven-pairs shapes puts in (by",
        "# Meld.index), and for other shapes each tile (by tile int) and each declared set.",
    ]
    by_name = {part.name: part for part in parts}
    folds: list[str] = []
    for k, word in enumerate(words):
        fold = by_name[word[0]].fold
        folds.append(fold)
        lines.append(f"# Word {k} ({fold.upper()}): {', '.join(word)}.")
        for table in ("by_meld", "by_tile", "by_set"):
            lines.append(f"WORD_{k}_{table.upper()}: Final = SUMMARY.words[{k}].{table}")
    source: dict[str, str] = {}
    for k, word in enumerate(words):
        shift = 0
        for n, name in enumerate(word):
            found = f"w{k} >> {shift}" if shift else f"w{k}"
            if folds[k] == "and" or n < len(word) - 1:
                mask = hex((1 << width[name]) - 1) if width[name] <= WORD_BITS else "COUNT_MASK"
                found = f"{found} & {mask}"
            source[name] = found if width[name] else "0"  # a field of no predicate
            shift += width[name]
    fields = [
        f"{source[p.name]},  # {p.name}: "
        + _FIELD_NOTES.get(p.name, "a meld board (mjc.runtime.wins.meldboards)")
        for p in parts
    ]
    # The type of what it returns, which `score_fans` and `fu_count` may be given as `x`.
    alias = ["# The fields summarize_arrangement returns, in order."]
    if shared:
        if fu:
            alias[0] = alias[0][:-1] + ": the runtime makes them once per reading and"
            alias.append("# gives them to score_fans and fu_count (x, RulesetSpec.summary).")
        else:
            alias[0] = alias[0][:-1] + ": the runtime makes them once per arrangement"
            alias.append("# and gives them to score_fans (x, RulesetSpec.summary).")
    alias += _filled("Summary = tuple[", ["int"] * len(fields), "]", 0)
    out = CodeWriter(indent=1)
    out.line('"""The summary of an arrangement in one pass: over its melds and pairs, which')
    out.line("hold every tile in the standard and seven-pairs shapes, or over its tiles and")
    out.line('declared sets in other shapes; then each field, out of its word."""')
    for k, fold in enumerate(folds):
        out.line(f"w{k} = {-1 if fold == 'and' else 0}")

    def fold_loop(loop: str, table: str, folded: Sequence[int]) -> None:
        """`loop`, folding the words `folded` from their tables `table` (MELD, TILE, SET)."""
        key = "t" if table == "TILE" else "i"
        with out.block(loop):
            if key == "i":
                out.line("i = m.index")
            for k in folded:
                out.line(f"w{k} {_FOLD_OP[folds[k]]} WORD_{k}_BY_{table}[{key}]")
            if not folded:
                out.line("pass")

    # Each loop folds only the words its items put something in: a pair and a tile of another
    # shape only the tiles' parts, a declared set of another shape only its own.
    tiled = [k for k, word in enumerate(words) if any(by_name[n].by_tiles for n in word)]
    owned = [k for k, word in enumerate(words) if any(by_name[n].by_sets for n in word)]
    with out.block("if a.shape in MELD_SHAPES"):
        fold_loop("for m in a.melds", "MELD", range(len(words)))
        fold_loop("for m in a.pairs", "MELD", tiled)
    with out.block("else"):
        fold_loop("for t in a.tiles", "TILE", tiled)
        fold_loop("for m in a.melds", "SET", owned)
    out.line("return (")
    for field in fields:
        out.line(f"    {field}")
    out.line(")")
    head = "def summarize_arrangement(a: Arrangement) -> Summary:"
    walk = [*lines, *alias, "", "", head, *out.lines()]
    return [*walk, "", "", *_summarize_hand(folds, fields)] if shared else walk


_SUITS = "mpsz"


def _summarize_hand(folds: Sequence[str], fields: Sequence[str]) -> list[str]:
    """The memo of each suit's words and `summarize_hand`, which gives the summary of a hand's
    one standard reading from its suits' words (`mjc.runtime.wins.summaries.SuitWords`)
    and its declared sets: what the runtime makes of a hand `standard_placed` reads."""
    lines = [
        "# The words of each suit's one split into sets and a pair, folded once per suit key",
        "# (mjc.runtime.wins.summaries.SuitWords): what summarize_hand folds. Each suit's memo",
        "# is a Final of its own, which compiled code reads as a constant, not from the module.",
        "SUIT_WORDS: Final = SuitWords(SUMMARY)",
        *(f"WORDS_{suit.upper()}: Final = SUIT_WORDS.memos[{n}]" for n, suit in enumerate(_SUITS)),
        "",
        "",
        "def summarize_hand(h: Hand) -> Summary:",
    ]
    out = CodeWriter(indent=1)
    out.line('"""summarize_arrangement of the one standard reading of `h`, a hand whose every')
    out.line("suit splits one way (mjc.runtime.wins.arrange.standard_placed): the words of its")
    out.line('suits\' sets and pair, folded once per suit key, then its declared sets\'."""')
    out.line(f"{', '.join(f'k{suit}' for suit in _SUITS)} = h.suit_keys")
    for n, suit in enumerate(_SUITS):
        out.line(
            f"{suit}_words = WORDS_{suit.upper()}.get(k{suit}) or SUIT_WORDS.fill({n}, k{suit})"
        )
    ops = {"or": " | ", "and": " & ", "add": " + "}
    for k, fold in enumerate(folds):
        out.line(f"w{k} = " + ops[fold].join(f"{suit}_words[{k}]" for suit in _SUITS))
    with out.block("for m in h.melds"):
        out.line("i = m.index")
        for k, fold in enumerate(folds):
            out.line(f"w{k} {_FOLD_OP[fold]} WORD_{k}_BY_MELD[i]")
    out.line("return (")
    for field in fields:
        out.line(f"    {field}")
    out.line(")")
    return [*lines, *out.lines()]
