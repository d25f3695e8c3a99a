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

from collections.abc import Callable

from mjc.compiler import ir
from mjc.compiler.conditions.facts import FACT_SOURCE
from mjc.compiler.conditions.pyexpr import Predicates, PyExpr
from mjc.compiler.emit.codeplan import reads
from mjc.compiler.emit.slotreader import SlotReader
from mjc.compiler.pysource.pywriter import CodeWriter
from mjc.runtime import exported

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
        # Whether `score_fans` and `fu_count` take the reading's summary from their caller
        # (`x`): set when `score_fans` of a rulebook with a fu section summarizes the
        # reading, so that the runtime makes the summary once for both.
        self.shared_summary = False

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
    ) -> list[str]:
        """A function body: its prelude and `bindings` (lines the compiler wrote), then
        `body`; records what the translator used. `shared`: the function may be given the
        reading's summary (`x`, `shared_summary`)."""
        self.finish(translator)
        out = CodeWriter(indent=1)
        # Once `score_fans` summarizes (the module has SUMMARY), a later function reads its
        # meld summary from the shared one too.
        if prelude(out, translator, shared, meld=shared and self.shared_summary):
            self.shared_summary = True
        for line in bindings or ():
            out.line(line)
        return out.lines() + body.lines()


def _counts(board: str) -> bool:
    """Whether a board (`mjc.runtime.wins.meldboards.BOARD_NAMES`) is one of counts."""
    return board.endswith(("_count", "_copies")) or board.startswith(("by_tile_", "holding_"))


def prelude(out: CodeWriter, translator: PyExpr, shared: bool = False, meld: bool = False) -> bool:
    """Bind each fact the translator did not read in place, and each summary, in a fixed
    order; then the sets collected once and the local functions of deep parts. `shared`:
    the summary of the reading is the caller's `x` when given, made here otherwise; `meld`:
    the meld summary is read from it too (the module has one). Returns whether the function
    reads the shared summary."""
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
        # One pass over the arrangement's melds gives the tile and the meld summaries and the
        # membership bits; the meld predicates' bits sit above the tile predicates' bits.
        if shared:
            out.comment("The reading's summary: the caller's (score_fans and fu_count share it).")
            out.line(
                "x_some, x_every, x_count, x_members = summarize(a, SUMMARY) if x is None else x"
            )
        else:
            out.line("x_some, x_every, x_count, x_members = summarize(a, SUMMARY)")
        # Each part masked to its width: the boards above make the whole summary a long
        # int, and every test of a small one is cheaper (native code: a machine word).
        if "tile" in summaries:
            out.line("x_tile_any = x_some & TILE_BITS")
            out.line("x_tile_all = x_every & TILE_BITS")
            out.line("x_tile_count = x_count & TILE_COUNT_BITS")
        if "meld" in summaries:
            out.line("x_meld_any = x_some >> MELD_SHIFT & MELD_BITS")
            out.line("x_meld_all = x_every >> MELD_SHIFT & MELD_BITS")
            out.line("x_meld_count = x_count >> MELD_COUNT_SHIFT & MELD_COUNT_BITS")
        if "boards" in summaries:
            # The arrangement's melds by suit and rank (`compiler/conditions/meldboards.py`), built
            # in the same pass, each shifted out of the summary.
            boards = translator.predicates.boards
            for board in sorted(translator.boards):
                boards.setdefault(board, len(boards))
                counts = _counts(board)
                where, mask = ("x_count", "COUNT") if counts else ("x_some", "BOARD")
                out.line(f"x_{board} = {where} >> AT_{board.upper()} & {mask}_MASK")
        summaries -= {"tile", "meld", "members", "boards"}
    assert "boards" not in summaries, "meld boards are read only where the summary is"
    for summary, source in summary_source.items():
        if summary in summaries:
            out.line(f"x_{summary}_any, x_{summary}_all, x_{summary}_count = {source}")
    for name, doc in translator.hoisted.values():
        if name == "x_shared_0":
            out.comment("Loops that several conditions compute alike, computed once:")
        out.assign(name, doc)
    for name, lambda_doc in translator.parts:
        out.assign(name, lambda_doc)
    return summarized and shared
