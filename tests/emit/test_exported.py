"""The names generated modules import are listed once, in `mjc.runtime.exported`, apart from
the runtime's public API (`mjc.runtime.__all__`); and neither a generated module nor
`import mjc.runtime` imports pydantic (only settling a round needs it)."""

from __future__ import annotations

import ast
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest

import mjc.runtime
from mjc.compiler.driver import compile_source
from mjc.compiler.emit.codegen import generate_module
from mjc.compiler.loader import bundled_rulebooks
from mjc.runtime import exported
from tests.helpers.small_rulebooks import (
    DEAL_WINS_RULEBOOK,
    DINGQUE_RULEBOOK,
    DRAW_PAYMENTS_RULEBOOK,
    EXCHANGE_RULEBOOK,
    KONG_KINDS_RULEBOOK,
)

# A fan whose condition reads what no bundled rulebook's does: the per-tile tables, and the
# suits of melds and of a tile list other than the hand's tiles, and a meld count by a tile
# that is no constant (`TILE_FIELD`: 一般高's constant tiles compile without it).
PROBE_FAN = """
fan probe "探针" "Probe" {
  value 1
  tier within
  when suits(melds) == 1 and suits(flowers) == 0 and (any f in flowers: f.is_green
    or f.is_flower or f.is_simple or f.is_suited or f.is_wind or f.is_dragon)
    and (count m in pungs: m.tile == winning_tile) < 2
    and (count m in pungs: m.suit == pair.suit and m.rank == pair.rank) == 0
}
"""


def _generated(source: str, name: str) -> str:
    compilation = compile_source(source, name)
    assert compilation.rulebook is not None and compilation.ok, compilation.diagnostics
    return generate_module(compilation.rulebook)


@cache
def _modules() -> dict[str, str]:
    """Every bundled rulebook's module, guangdong's with the probe fan, and the test rulebooks
    with wins at the deal and with kinds of kong (no bundled one has them)."""
    books = bundled_rulebooks()
    modules = {
        name: _generated(path.read_text(encoding="utf-8"), f"rulebooks/{name}.mjr")
        for name, path in books.items()
    }
    probe = books["guangdong"].read_text(encoding="utf-8") + PROBE_FAN
    modules["probe"] = _generated(probe, "probe.mjr")
    kongs = KONG_KINDS_RULEBOOK.read_text(encoding="utf-8")
    modules["kong_kinds"] = _generated(kongs, "kong_kinds.mjr")  # KongKindSpec
    dealt = DEAL_WINS_RULEBOOK.read_text(encoding="utf-8")
    modules["deal_wins"] = _generated(dealt, "deal_wins.mjr")  # DealWinInfo
    drawn = DRAW_PAYMENTS_RULEBOOK.read_text(encoding="utf-8")
    modules["draw_payments"] = _generated(drawn, "draw_payments.mjr")  # DrawRule
    declaring = DINGQUE_RULEBOOK.read_text(encoding="utf-8")
    modules["dingque"] = _generated(declaring, "dingque.mjr")  # DeclareSpec
    exchanging = EXCHANGE_RULEBOOK.read_text(encoding="utf-8")
    modules["exchange"] = _generated(exchanging, "exchange.mjr")  # ExchangeSpec
    return modules


def _runtime_imports(source: str) -> set[str]:
    names: set[str] = set()
    for node in ast.parse(source).body:
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("mjc"):
            assert node.module == "mjc.runtime.exported", node.module
            names |= {alias.name for alias in node.names}
    return names


@pytest.mark.parametrize("name", [*bundled_rulebooks(), "probe", "kong_kinds"])
def test_a_generated_module_imports_only_exported_names(name: str) -> None:
    imported = _runtime_imports(_modules()[name])
    assert imported <= set(exported.__all__), imported - set(exported.__all__)
    assert set(exported.ALWAYS) <= imported


def test_every_exported_name_is_imported_by_some_generated_module() -> None:
    used = set().union(*(_runtime_imports(source) for source in _modules().values()))
    assert set(exported.__all__) - used == set()


def test_exported_names_exist_and_are_listed_once() -> None:
    assert len(exported.__all__) == len(set(exported.__all__))
    assert set(exported.ALWAYS) <= set(exported.__all__)
    for name in exported.__all__:
        assert hasattr(exported, name), name


def test_public_api_names_exist_and_are_listed_once() -> None:
    public = mjc.runtime.__all__
    assert len(public) == len(set(public))
    for name in public:
        assert getattr(mjc.runtime, name) is not None, name


def _fresh_python(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False, timeout=120
    )


def test_importing_the_runtime_does_not_import_pydantic() -> None:
    result = _fresh_python("import mjc.runtime, sys; assert 'pydantic' not in sys.modules")
    assert result.returncode == 0, result.stderr


def test_importing_a_generated_module_does_not_import_pydantic(tmp_path: Path) -> None:
    built = tmp_path / "modules"
    command = [sys.executable, "-m", "mjc.compiler.cli", "build", "guangdong", "-o", str(tmp_path)]
    result = subprocess.run(command, capture_output=True, text=True, check=False, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
    module = built / "guangdong.py"
    assert module.is_file(), sorted(p.name for p in tmp_path.rglob("*"))
    code = (
        "import importlib.util, sys\n"
        f"spec = importlib.util.spec_from_file_location('gd', {str(module)!r})\n"
        "m = importlib.util.module_from_spec(spec); spec.loader.exec_module(m)\n"
        "assert m.RULESET.score('222m345m666m789m55m').total == 16\n"
        "assert 'pydantic' not in sys.modules, 'pydantic imported'\n"
    )
    result = _fresh_python(code)
    assert result.returncode == 0, result.stderr


def test_settling_a_round_imports_the_round_model_on_first_use() -> None:
    result = _fresh_python(
        "import sys, mjc.runtime\n"
        "assert 'mjc.runtime.settle.round' not in sys.modules\n"
        "assert mjc.runtime.RoundOutcome.__name__ == 'RoundOutcome'\n"
        "assert 'pydantic' in sys.modules\n"
    )
    assert result.returncode == 0, result.stderr
