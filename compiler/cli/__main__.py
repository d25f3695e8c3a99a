"""`mjc`, the console script, and `python -m mjc.compiler.cli`: one command in a process of
its own.

Such a process imports some four hundred modules (the compiler, the runtime, pydantic's models
of the IR, Lark) and then runs one command. Python's cyclic garbage collector would walk every
object those imports made, again and again while they run and once more at exit, though none of
them is garbage: a tenth of `mjc check`'s start (bench/startup.py). So `main` imports the
command line with the collector paused, then freezes what it imported (`gc.freeze`: those
objects live as long as the process) before the command runs with the collector on as usual.
What every command does and prints is `commands.main`'s, which the tests call in process.
"""

import gc
import sys


def main() -> int:
    """Run the command line of `sys.argv`; its exit code."""
    gc.disable()
    try:
        from mjc.compiler.cli.commands import main as run_command
    finally:
        gc.freeze()
        gc.enable()
    return run_command()


if __name__ == "__main__":
    sys.exit(main())
