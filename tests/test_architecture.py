"""The layout's rules that `lint-imports` does not check, and the public surface it kept.

`make test` runs `lint-imports` for the contracts in pyproject.toml (docs/architecture.md);
here: the architecture page's diagram is the one the code draws, every package is under a
layers contract and stays small, no package imports another's underscore names, and the
names of the layout before its packages still import (`mjc.moved`, the packages' re-exports).
"""

from __future__ import annotations

import ast
import importlib
import warnings
from pathlib import Path

import pytest

from mjc.moved import MOVED
from tools import architecture

ROOT = Path(__file__).resolve().parents[1]
SOURCES = {"mjc.compiler": ROOT / "compiler", "mjc.runtime": ROOT / "runtime"}


def _modules() -> dict[str, Path]:
    found = {}
    for prefix, folder in SOURCES.items():
        for path in sorted(folder.rglob("*.py")):
            parts = list(path.relative_to(folder).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join([prefix, *parts])] = path
    return found


def _package(module: str) -> str:
    """The package a module belongs to: `mjc.compiler.syntax` for `mjc.compiler.syntax.parse`."""
    return ".".join(module.split(".")[:3])


def test_the_architecture_page_draws_the_packages_as_the_code_imports_them() -> None:
    page = architecture.PAGE.read_text(encoding="utf-8")
    assert architecture.page_with(page, architecture.diagram()) == page, (
        "docs/architecture.md is stale: run python -m tools.architecture"
    )


def test_every_package_is_under_a_layers_contract_and_holds_at_most_fifteen_modules() -> None:
    layered = {
        part for layers in architecture.layers().values() for layer in layers for part in layer
    }
    for prefix, folder in SOURCES.items():
        for entry in sorted(folder.iterdir()):
            if entry.name.startswith(("_", ".")) or entry.name in ("templates", "py.typed"):
                continue
            name = f"{prefix}.{entry.stem}"
            if entry.is_dir() and (entry / "__init__.py").exists():
                assert name in layered, f"{name} is in no layers contract of pyproject.toml"
                modules = [p for p in entry.glob("*.py") if p.name != "__init__.py"]
                assert len(modules) <= 15, f"{name} holds {len(modules)} modules"
            elif entry.suffix == ".py":
                assert name in layered, f"{name} is in no layers contract of pyproject.toml"


def test_no_package_imports_another_packages_underscore_names() -> None:
    found = []
    for module, path in _modules().items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.ImportFrom) or not (node.module or "").startswith("mjc."):
                continue
            source = node.module or ""
            if _package(source) == _package(module):
                continue
            for alias in node.names:
                if alias.name.startswith("_") and alias.name != "__future__":
                    found.append(f"{module}:{node.lineno} imports {source}.{alias.name}")
    assert not found, "\n".join(found)


@pytest.mark.parametrize("old", sorted(MOVED))
def test_a_module_that_moved_imports_by_its_old_path(old: str) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        module = importlib.import_module(old)
    assert module is importlib.import_module(MOVED[old])
    assert any(MOVED[old] in str(w.message) for w in caught if w.category is DeprecationWarning)


# The old modules whose path is now a package's: the package re-exports the module's names.
NOW_PACKAGES = {
    "mjc.runtime.tiles": "mjc.runtime.tiles.tile",
    "mjc.runtime.settle": "mjc.runtime.settle.settlement",
    "mjc.runtime.game": "mjc.runtime.game.engine",
    "mjc.runtime.bots": "mjc.runtime.bots.simple",
    "mjc.compiler.diagnostics": "mjc.compiler.diagnostics.values",
    "mjc.compiler.ir": "mjc.compiler.ir.nodes",
    "mjc.compiler.lower": "mjc.compiler.lower.rulebook",
    "mjc.compiler.site": "mjc.compiler.site.build",
    "mjc.compiler.cli": "mjc.compiler.cli.commands",
}


@pytest.mark.parametrize("package", sorted(NOW_PACKAGES))
def test_an_old_module_now_a_package_keeps_its_names(package: str) -> None:
    module = importlib.import_module(NOW_PACKAGES[package])
    names = getattr(module, "__all__", None) or [
        n
        for n, v in vars(module).items()
        if not n.startswith("_") and getattr(v, "__module__", None) == module.__name__
    ]
    new = importlib.import_module(package)
    missing = [name for name in names if getattr(new, name, None) is not getattr(module, name)]
    assert not missing, f"{package} lacks {missing}"


# The names docs/api.md and the README documented before the layout moved.
DOCUMENTED = [
    ("mjc.compiler.loader", "load"),
    ("mjc.runtime", "parse_hand"),
    ("mjc.runtime", "Ruleset"),
    ("mjc.runtime", "SituationError"),
    ("mjc.runtime.greedy", "choose_discard"),
    ("mjc.runtime.greedy", "claim_improves"),
    ("mjc.runtime.greedy", "claim_of"),
    ("mjc.runtime.greedy", "game_view"),
    ("mjc.runtime.tiles", "tile_text"),
    ("mjc.runtime.round", "RoundOutcome"),
    ("mjc.runtime.game", "Round"),
    ("mjc.runtime.gamelog", "game_log_schema"),
    ("mjc.runtime.observation", "observation"),
    ("mjc.runtime.simulation", "simulate"),
    ("mjc.runtime.simtypes", "summarize"),
    ("mjc.runtime.simrun", "Job"),
    ("mjc.runtime.simreport", "BalanceReport"),
    ("mjc.runtime.match", "Match"),
    ("mjc.runtime.bots", "RandomBot"),
    ("mjc.runtime.turnrules", "TurnRules"),
    ("mjc.runtime.summaries", "summary_tables"),
    ("mjc.runtime.meldboards", "BOARD_BITS"),
    ("mjc.runtime.exported", "Ruleset"),
    ("mjc.compiler.cli", "main"),
]


@pytest.mark.parametrize(("module", "name"), DOCUMENTED)
def test_a_documented_name_keeps_working(module: str, name: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        assert hasattr(importlib.import_module(module), name)
