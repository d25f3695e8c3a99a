"""`python -m mjc.compiler.cli`: the `mjc` command line, as the console script runs it."""

import sys

from mjc.compiler.cli.commands import main

sys.exit(main())
