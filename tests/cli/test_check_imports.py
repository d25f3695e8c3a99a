"""What `mjc check` imports (issue 26: the command line starts in 0.15 s, lazy imports and no
pydantic on its path). Checking a rulebook parses, resolves, checks, lowers, generates its
module and scores its examples with the runtime; nothing else belongs on its path: not Lark
(the lean parser runs its tables, `compiler/lalr`), not pydantic (the IR's JSON, the round
model), and not the parts of mjc other commands use. Which modules, not how long: the time is
the benchmark's (`python -P -m bench --only startup`)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from mjc.compiler import caches

# Each with the command or the use that needs it.
NOT_IMPORTED = (
    "lark",  # the error path of the parser, and building the lean parser's tables once
    "pydantic",  # `mjc dump-ir`, `mjc settle`
    "mjc.compiler.fmt",  # `mjc fmt`
    "mjc.compiler.docs",  # `mjc build`, `mjc docs`
    "mjc.compiler.site",  # `mjc docs`
    "mjc.compiler.lsp",  # `mjc lsp`
    "mjc.compiler.serve",  # `mjc serve`
    "mjc.compiler.emit.native",  # `mjc build --native`
    "mjc.compiler.ir.jsonio",  # `mjc dump-ir`
    "mjc.compiler.syntax.recovery",  # a rulebook with a syntax error
    "mjc.compiler.cli.score",  # `mjc score`
    "mjc.compiler.loader",  # a command that loads a ruleset: `mjc options`, `mjc waits`, ...
    "mjc.compiler.cli.simulate",  # `mjc simulate`
    "mjc.compiler.cli.play",  # `mjc play`
    "mjc.runtime.game",  # a round: `mjc play`, `mjc simulate`
    "mjc.runtime.bots",
    "mjc.runtime.sim",
    "mjc.runtime.settle.round",  # `mjc settle`
    "mjc.runtime.settle.settlement",
    "mjc.runtime.tableplay",  # a round's table; its dead wall's indicators for a rulebook with one
)


def test_mjc_check_of_a_rulebook_without_errors_imports_only_what_checking_needs(
    tmp_path: Path,
) -> None:
    program = (
        "import sys\n"
        "from mjc.compiler.cli.commands import main\n"
        "code = main(['check', 'guangdong'])\n"
        "assert code == 0, code\n"
        f"print(sorted(m for m in {NOT_IMPORTED!r} if m in sys.modules))\n"
    )
    env = {**os.environ, caches.CACHE_ENV: str(tmp_path)}
    for _ in range(2):  # the first builds the parser's tables (with Lark), the second reads them
        done = subprocess.run(
            [sys.executable, "-c", program], env=env, capture_output=True, text=True, check=False
        )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == "[]", done.stdout
