"""The `mjc` command line: a thin layer over the compiler and the runtime API.

`parser` is the grammar of the command line (argparse), `commands` runs each command (and
is the console script's `main`); `score`, `waits`, `options`, `play` (and `replay`) and
`simulate` are the commands that call the runtime. It reads everything below it and is
imported by nothing but the site's reference page.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mjc.lazyimport import lazy_exports

if TYPE_CHECKING:
    from mjc.compiler.cli.commands import (
        EXIT_FAILED,
        EXIT_OK,
        EXIT_USAGE,
        build_parser,
        main,
    )
    from mjc.compiler.cli.options import (
        options_document,
        options_lines,
    )
    from mjc.compiler.cli.parser import (
        COMPLETION_SHELLS,
        Handlers,
        UsageError,
    )
    from mjc.compiler.cli.play import (
        MAX_LOG_BYTES,
        log_rulebook,
        read_log,
        replay_log,
    )
    from mjc.compiler.cli.score import (
        BATCH_FIELDS,
        BatchLineError,
        score_record,
        score_text,
        write_batch,
    )
    from mjc.compiler.cli.simulate import (
        ENGINE_MISSING,
        ENGINE_MODULE,
        Progress,
        build_job,
        engine_play_round,
        load_ruleset,
        run,
        write_outputs,
    )
    from mjc.compiler.cli.waits import (
        waits_text,
    )

# Each public name, and the module that defines it (imported on first use).
_EXPORTS = {
    "build_parser": "mjc.compiler.cli.commands",
    "BATCH_FIELDS": "mjc.compiler.cli.score",
    "BatchLineError": "mjc.compiler.cli.score",
    "COMPLETION_SHELLS": "mjc.compiler.cli.parser",
    "ENGINE_MISSING": "mjc.compiler.cli.simulate",
    "ENGINE_MODULE": "mjc.compiler.cli.simulate",
    "EXIT_FAILED": "mjc.compiler.cli.commands",
    "EXIT_OK": "mjc.compiler.cli.commands",
    "EXIT_USAGE": "mjc.compiler.cli.commands",
    "Handlers": "mjc.compiler.cli.parser",
    "MAX_LOG_BYTES": "mjc.compiler.cli.play",
    "Progress": "mjc.compiler.cli.simulate",
    "UsageError": "mjc.compiler.cli.parser",
    "build_job": "mjc.compiler.cli.simulate",
    "engine_play_round": "mjc.compiler.cli.simulate",
    "load_ruleset": "mjc.compiler.cli.simulate",
    "log_rulebook": "mjc.compiler.cli.play",
    "main": "mjc.compiler.cli.commands",
    "options_document": "mjc.compiler.cli.options",
    "options_lines": "mjc.compiler.cli.options",
    "read_log": "mjc.compiler.cli.play",
    "replay_log": "mjc.compiler.cli.play",
    "run": "mjc.compiler.cli.simulate",
    "score_record": "mjc.compiler.cli.score",
    "score_text": "mjc.compiler.cli.score",
    "waits_text": "mjc.compiler.cli.waits",
    "write_batch": "mjc.compiler.cli.score",
    "write_outputs": "mjc.compiler.cli.simulate",
}

__getattr__, __dir__ = lazy_exports(__name__, globals(), _EXPORTS)

__all__ = [
    "BATCH_FIELDS",
    "COMPLETION_SHELLS",
    "ENGINE_MISSING",
    "ENGINE_MODULE",
    "EXIT_FAILED",
    "EXIT_OK",
    "EXIT_USAGE",
    "MAX_LOG_BYTES",
    "BatchLineError",
    "Handlers",
    "Progress",
    "UsageError",
    "build_job",
    "build_parser",
    "engine_play_round",
    "load_ruleset",
    "log_rulebook",
    "main",
    "options_document",
    "options_lines",
    "read_log",
    "replay_log",
    "run",
    "score_record",
    "score_text",
    "waits_text",
    "write_batch",
    "write_outputs",
]
