"""`mjc`, the console script, and `python -m mjc.compiler.cli`: one command in a process of
its own.

Such a process imports some four hundred modules (the compiler, the runtime, pydantic's models
of the IR, Lark) and then runs one command. Python's cyclic garbage collector would walk every
object those imports made, again and again while they run and once more at exit, though none of
them is garbage: a tenth of `mjc check`'s start (bench/startup.py). So `main` imports the
command line with the collector paused, then freezes what it imported (`gc.freeze`: those
objects live as long as the process) before the command runs with the collector on. A command
that ends at once (below) collects its youngest objects less often than Python's default
(`YOUNG_OBJECTS`): most of what it makes lives to its end; what does not is still freed, only
in larger batches.

Taking all of that down again at exit (every module emptied, every object freed one by one) is
another fiftieth of `mjc check`, for a process that is about to end. So a command that only
reads files and prints (`ENDS_AT_ONCE`) ends the process as soon as its output is flushed, when
nothing else could still want to run at exit: no `atexit` function registered (a coverage
tool's, say) and no other thread; otherwise, and when the flush fails (a closed pipe), the
process exits as every Python program does. What every command does and prints is
`commands.main`'s, which the tests call in process.
"""

import atexit
import gc
import os
import sys
import threading

# The commands that hold nothing at their end but what they printed.
ENDS_AT_ONCE = frozenset({"check", "score"})

# How many objects such a command makes between two collections of the youngest (Python's
# default is 700): what a check makes is mostly the trees of its rulebook (AST, IR), which
# live to its end, so each collection walked thousands of live objects to free a few. At
# 50,000 a check of one rulebook collects about once (its peak memory the same as at 10,000).
YOUNG_OBJECTS = 50_000


def main() -> int:
    """Run the command line of `sys.argv`; its exit code."""
    gc.disable()
    try:
        from mjc.compiler.cli.commands import main as run_command
        from mjc.compiler.cli.parser import command_named
    finally:
        gc.freeze()
        gc.enable()
    ends_at_once = command_named(sys.argv[1:]) in ENDS_AT_ONCE
    if ends_at_once:
        _, older, oldest = gc.get_threshold()
        gc.set_threshold(YOUNG_OBJECTS, older, oldest)
    code = run_command()
    if ends_at_once:
        _end_at_once(code)
    return code


def _end_at_once(code: int) -> None:
    """End the process with `code` once its output is out, without Python's teardown; return
    (for the usual exit) when something may still want to run at exit or the output cannot be
    flushed."""
    registered = getattr(atexit, "_ncallbacks", None)
    if registered is None or registered() or threading.active_count() > 1:
        return
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except (OSError, ValueError):
        return
    os._exit(code)


if __name__ == "__main__":
    sys.exit(main())
