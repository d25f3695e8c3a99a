"""The modules that moved when the compiler and the runtime were laid out in packages by stage,
still importable by their old names.

`import mjc.runtime.greedy` (now `mjc.runtime.bots.greedy`) and every other old path below
gives the module at its new path, the same object, with a `DeprecationWarning` that names the
new path; code written against the old layout keeps working while it moves. An old module
whose name is now a package's (`mjc.runtime.game`, `mjc.runtime.tiles`, `mjc.compiler.cli`,
...) needs no entry: the package re-exports its names. The finder is added to
`sys.meta_path` when `mjc` is imported, and answers only for the names in `MOVED`.
"""

from __future__ import annotations

import importlib
import importlib.machinery
import sys
import warnings
from collections.abc import Sequence
from types import ModuleType
from typing import TYPE_CHECKING, cast

if TYPE_CHECKING:
    from importlib.abc import Loader

__all__ = ["MOVED", "MovedModuleFinder", "install"]

# Each old module path, and where the module is now.
MOVED = {
    "mjc.compiler.ast": "mjc.compiler.syntax.ast",
    "mjc.compiler.ast_common": "mjc.compiler.syntax.ast_common",
    "mjc.compiler.ast_settlement": "mjc.compiler.syntax.ast_settlement",
    "mjc.compiler.checks": "mjc.compiler.check",
    "mjc.compiler.checks.claims": "mjc.compiler.check.claims",
    "mjc.compiler.checks.common": "mjc.compiler.check.common",
    "mjc.compiler.checks.example_scores": "mjc.compiler.check.example_scores",
    "mjc.compiler.checks.examples": "mjc.compiler.check.examples",
    "mjc.compiler.checks.horse_lines": "mjc.compiler.check.horses",
    "mjc.compiler.check.horse_lines": "mjc.compiler.check.horses",
    "mjc.compiler.checks.horse_tables": "mjc.compiler.check.horses",
    "mjc.compiler.check.horse_tables": "mjc.compiler.check.horses",
    "mjc.compiler.checks.options": "mjc.compiler.check.options",
    "mjc.compiler.checks.payments": "mjc.compiler.check.payments",
    "mjc.compiler.checks.play": "mjc.compiler.check.play",
    "mjc.compiler.checks.players": "mjc.compiler.check.tiles",
    "mjc.compiler.check.players": "mjc.compiler.check.tiles",
    "mjc.compiler.checks.reachability": "mjc.compiler.check.reachability",
    "mjc.compiler.checks.relations": "mjc.compiler.check.relations",
    "mjc.compiler.checks.scoring": "mjc.compiler.check.scoring",
    "mjc.compiler.checks.tiles": "mjc.compiler.check.tiles",
    "mjc.compiler.checks.wilds": "mjc.compiler.check.tiles",
    "mjc.compiler.check.wilds": "mjc.compiler.check.tiles",
    "mjc.compiler.cli_options": "mjc.compiler.cli.options",
    "mjc.compiler.cli_parser": "mjc.compiler.cli.parser",
    "mjc.compiler.cli_play": "mjc.compiler.cli.play",
    "mjc.compiler.cli_score": "mjc.compiler.cli.score",
    "mjc.compiler.cli_simulate": "mjc.compiler.cli.simulate",
    "mjc.compiler.cli_waits": "mjc.compiler.cli.waits",
    "mjc.compiler.codegen": "mjc.compiler.emit.codegen",
    "mjc.compiler.codeplan": "mjc.compiler.emit.codeplan",
    "mjc.compiler.codes": "mjc.compiler.diagnostics.codes",
    "mjc.compiler.codes_reading": "mjc.compiler.diagnostics.codes_reading",
    "mjc.compiler.comparison": "mjc.compiler.docs.comparison",
    "mjc.compiler.consteval": "mjc.compiler.ir.consteval",
    "mjc.compiler.declarations": "mjc.compiler.resolve.declarations",
    "mjc.compiler.diagnostic_formats": "mjc.compiler.diagnostics.formats",
    "mjc.compiler.docgen": "mjc.compiler.docs.docgen",
    "mjc.compiler.docgen_fans": "mjc.compiler.docs.fans",
    "mjc.compiler.docgen_play": "mjc.compiler.docs.play",
    "mjc.compiler.docgen_settlement": "mjc.compiler.docs.settlement",
    "mjc.compiler.docgen_words": "mjc.compiler.docs.words",
    "mjc.compiler.emit_payments": "mjc.compiler.emit.payments",
    "mjc.compiler.emit_play": "mjc.compiler.emit.play",
    "mjc.compiler.emit_rules": "mjc.compiler.emit.rules",
    "mjc.compiler.emit_scoring": "mjc.compiler.emit.scoring",
    "mjc.compiler.emitbase": "mjc.compiler.emit.emitbase",
    "mjc.compiler.fangroups": "mjc.compiler.emit.fangroups",
    "mjc.compiler.graphs": "mjc.compiler.ir.graphs",
    "mjc.compiler.highlight": "mjc.compiler.docs.highlight",
    "mjc.compiler.horsetables": "mjc.compiler.lower.horsetables",
    "mjc.compiler.ir_expr": "mjc.compiler.ir.expr",
    "mjc.compiler.keyfields": "mjc.compiler.conditions.keyfields",
    "mjc.compiler.language.frozen": "mjc.frozen",
    "mjc.compiler.layout": "mjc.compiler.pysource.layout",
    "mjc.compiler.limits": "mjc.compiler.syntax.limits",
    "mjc.compiler.listquant": "mjc.compiler.conditions.listquant",
    "mjc.compiler.loopguards": "mjc.compiler.conditions.loopguards",
    "mjc.compiler.lower_play": "mjc.compiler.lower.play",
    "mjc.compiler.mdtext": "mjc.compiler.docs.mdtext",
    "mjc.compiler.meldboards": "mjc.compiler.conditions.meldboards",
    "mjc.compiler.meldcounts": "mjc.compiler.conditions.meldcounts",
    "mjc.compiler.meldequal": "mjc.compiler.conditions.meldequal",
    "mjc.compiler.mkdocs_hooks": "mjc.compiler.site.mkdocs_hooks",
    "mjc.compiler.native": "mjc.compiler.emit.native",
    "mjc.compiler.needguards": "mjc.compiler.emit.needguards",
    "mjc.compiler.onepass": "mjc.compiler.emit.onepass",
    "mjc.compiler.pagetemplates": "mjc.compiler.docs.pagetemplates",
    "mjc.compiler.parse": "mjc.compiler.syntax.parse",
    "mjc.compiler.pretty": "mjc.compiler.ir.pretty",
    "mjc.compiler.prose": "mjc.compiler.docs.prose",
    "mjc.compiler.pyexpr": "mjc.compiler.conditions.pyexpr",
    "mjc.compiler.pysafe": "mjc.compiler.pysource.pysafe",
    "mjc.compiler.pywriter": "mjc.compiler.pysource.pywriter",
    "mjc.compiler.rankcounts": "mjc.compiler.conditions.rankcounts",
    "mjc.compiler.refdocs": "mjc.compiler.docs.refdocs",
    "mjc.compiler.shapeneeds": "mjc.compiler.emit.shapeneeds",
    "mjc.compiler.simcharts": "mjc.compiler.site.simcharts",
    "mjc.compiler.simpage": "mjc.compiler.site.simpage",
    "mjc.compiler.sitebalance": "mjc.compiler.site.balance",
    "mjc.compiler.slotreader": "mjc.compiler.emit.slotreader",
    "mjc.compiler.slots": "mjc.compiler.resolve.slots",
    "mjc.compiler.sources": "mjc.compiler.syntax.sources",
    "mjc.compiler.suggest": "mjc.compiler.diagnostics.suggest",
    "mjc.compiler.suitchains": "mjc.compiler.conditions.suitchains",
    "mjc.compiler.suitsets": "mjc.compiler.conditions.suitsets",
    "mjc.compiler.syntax_errors": "mjc.compiler.syntax.errors",
    "mjc.compiler.tilefields": "mjc.compiler.conditions.tilefields",
    "mjc.compiler.tilesets": "mjc.compiler.ir.tilesets",
    "mjc.compiler.tilesvg": "mjc.compiler.docs.tilesvg",
    "mjc.compiler.to_ast": "mjc.compiler.syntax.to_ast",
    "mjc.compiler.to_ast_expr": "mjc.compiler.syntax.to_ast_expr",
    "mjc.compiler.to_ast_settlement": "mjc.compiler.syntax.to_ast_settlement",
    "mjc.compiler.typecheck": "mjc.compiler.resolve.typecheck",
    "mjc.compiler.typed": "mjc.compiler.resolve.typed",
    "mjc.compiler.types": "mjc.compiler.language.types",
    "mjc.compiler.vocabulary": "mjc.compiler.language.vocabulary",
    "mjc.compiler.vocabulary_play": "mjc.compiler.language.vocabulary_play",
    "mjc.runtime.actions": "mjc.runtime.game.actions",
    "mjc.runtime.argcheck": "mjc.runtime.tiles.argcheck",
    "mjc.runtime.arrange": "mjc.runtime.wins.arrange",
    "mjc.runtime.autoplay": "mjc.runtime.game.autoplay",
    "mjc.runtime.checkers": "mjc.runtime.wins.checkers",
    "mjc.runtime.claimanswers": "mjc.runtime.game.claimanswers",
    "mjc.runtime.claimcheck": "mjc.runtime.settle.claimcheck",
    "mjc.runtime.claimwindow": "mjc.runtime.game.claimwindow",
    "mjc.runtime.exactwaits": "mjc.runtime.wins.exactwaits",
    "mjc.runtime.explain": "mjc.runtime.score.explain",
    "mjc.runtime.flowerwin": "mjc.runtime.game.sidewins",
    "mjc.runtime.game.flowerwin": "mjc.runtime.game.sidewins",
    "mjc.runtime.gamecache": "mjc.runtime.rules.gamecache",
    "mjc.runtime.gamelog": "mjc.runtime.game.gamelog",
    "mjc.runtime.greedy": "mjc.runtime.bots.greedy",
    "mjc.runtime.greedybot": "mjc.runtime.bots.greedybot",
    "mjc.runtime.hand": "mjc.runtime.tiles.hand",
    "mjc.runtime.horses": "mjc.runtime.settle.horses",
    "mjc.runtime.jsoninput": "mjc.runtime.settle.jsoninput",
    "mjc.runtime.knitted": "mjc.runtime.wins.knitted",
    "mjc.runtime.liability": "mjc.runtime.settle.liability",
    "mjc.runtime.match": "mjc.runtime.game.match",
    "mjc.runtime.meldboards": "mjc.runtime.wins.meldboards",
    "mjc.runtime.melds": "mjc.runtime.tiles.melds",
    "mjc.runtime.observation": "mjc.runtime.game.observation",
    "mjc.runtime.options": "mjc.runtime.score.options",
    "mjc.runtime.payments": "mjc.runtime.settle.payments",
    "mjc.runtime.readings": "mjc.runtime.wins.readings",
    "mjc.runtime.round": "mjc.runtime.settle.round",
    "mjc.runtime.roundend": "mjc.runtime.game.roundend",
    "mjc.runtime.roundtypes": "mjc.runtime.settle.roundtypes",
    "mjc.runtime.ruleset": "mjc.runtime.rules.ruleset",
    "mjc.runtime.scorepieces": "mjc.runtime.rules.scorepieces",
    "mjc.runtime.scoring": "mjc.runtime.score.scoring",
    "mjc.runtime.seats": "mjc.runtime.wins.seats",
    "mjc.runtime.shanten": "mjc.runtime.wins.shanten",
    "mjc.runtime.siminterval": "mjc.runtime.sim.interval",
    "mjc.runtime.simplay": "mjc.runtime.sim.play",
    "mjc.runtime.simray": "mjc.runtime.sim.cluster",
    "mjc.runtime.simreport": "mjc.runtime.sim.report",
    "mjc.runtime.simrun": "mjc.runtime.sim.run",
    "mjc.runtime.simstats": "mjc.runtime.sim.stats",
    "mjc.runtime.simtext": "mjc.runtime.sim.text",
    "mjc.runtime.simtypes": "mjc.runtime.sim.rounds",
    "mjc.runtime.simulation": "mjc.runtime.sim.simulation",
    "mjc.runtime.situationargs": "mjc.runtime.score.situationargs",
    "mjc.runtime.situations": "mjc.runtime.score.situations",
    "mjc.runtime.spec": "mjc.runtime.rules.spec",
    "mjc.runtime.summaries": "mjc.runtime.wins.summaries",
    "mjc.runtime.tablefacts": "mjc.runtime.game.tablefacts",
    "mjc.runtime.tables": "mjc.runtime.tiles.tables",
    "mjc.runtime.tilecount": "mjc.runtime.settle.tilecount",
    "mjc.runtime.turnrules": "mjc.runtime.rules.turnrules",
    "mjc.runtime.waits": "mjc.runtime.rules.waits",
    "mjc.runtime.waitsets": "mjc.runtime.wins.waitsets",
    "mjc.runtime.wall": "mjc.runtime.game.wall",
    "mjc.runtime.wilds": "mjc.runtime.wins.wilds",
    "mjc.runtime.wildwaits": "mjc.runtime.wins.wildwaits",
}


class _Alias:
    """Loads an old path as the module at its new path. (A loader by the import system's
    protocol, not by `importlib.abc`'s base class: importing that, in every process that
    imports mjc, would cost more than its use.)"""

    def __init__(self, new: str) -> None:
        self.new = new
        self.spec: importlib.machinery.ModuleSpec | None = None

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        warnings.warn(
            f"{spec.name} has moved to {self.new}; import it from there",
            DeprecationWarning,
            stacklevel=2,
        )
        module = importlib.import_module(self.new)
        self.spec = module.__spec__
        return module

    def exec_module(self, module: ModuleType) -> None:
        """The module at the new path is already executed; the import system has just given
        it the old path's spec, so it gets its own back."""
        module.__spec__ = self.spec


class MovedModuleFinder:
    """Finds the old paths of `MOVED`, and nothing else (a meta path finder by protocol, as
    `_Alias` is a loader)."""

    def find_spec(
        self,
        fullname: str,
        path: Sequence[str] | None = None,
        target: ModuleType | None = None,
    ) -> importlib.machinery.ModuleSpec | None:
        new = MOVED.get(fullname)
        if new is None:
            return None
        return importlib.machinery.ModuleSpec(fullname, cast("Loader", _Alias(new)))


def install() -> None:
    """Put the finder first on `sys.meta_path`, once: first, so that an old path below an old
    package (`mjc.compiler.checks.claims`) is not found again, as a second copy, in the folder
    of the package its parent now is."""
    if not any(isinstance(finder, MovedModuleFinder) for finder in sys.meta_path):
        sys.meta_path.insert(0, MovedModuleFinder())
