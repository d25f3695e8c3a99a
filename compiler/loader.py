"""Finding rulebooks and turning them into live modules.

Input is what a user names on the command line or in the API: a bundled rulebook name
(`guangdong`) or a path to a rulebook file. Output is the compiled IR, and on request the
generated module imported in memory (exactly the source `mjc build` writes to disk).
"""

from __future__ import annotations

import sys
import types
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from compiler.codegen import generate_module
from compiler.driver import Compilation, compile_file
from runtime import Ruleset

RULEBOOK_SUFFIX = ".mjr"


class RulebookNotFound(LookupError):
    """Neither a bundled rulebook nor a readable file."""


def bundled_rulebooks() -> dict[str, Path]:
    """Bundled rulebook names and their files, sorted by name."""
    root = resources.files("rulebooks")
    found = {}
    for entry in root.iterdir():
        if entry.name.endswith(RULEBOOK_SUFFIX):
            found[entry.name[: -len(RULEBOOK_SUFFIX)]] = Path(str(entry))
    return dict(sorted(found.items()))


def resolve_rulebook(name_or_path: str) -> tuple[Path, str]:
    """The file for a bundled name or a path, and the name to show in diagnostics."""
    bundled = bundled_rulebooks()
    if name_or_path in bundled:
        return bundled[name_or_path], f"rulebooks/{name_or_path}{RULEBOOK_SUFFIX}"
    path = Path(name_or_path)
    if path.is_file():
        return path, name_or_path
    names = ", ".join(bundled) or "none"
    raise RulebookNotFound(
        f"no rulebook named {name_or_path!r}: not a bundled rulebook ({names}) nor a file"
    )


@dataclass(slots=True)
class Loaded:
    compilation: Compilation
    source: str | None = None
    ruleset: Ruleset | None = None


def load(name_or_path: str) -> Loaded:
    """Compile a rulebook and import its generated module (when it compiles)."""
    path, display = resolve_rulebook(name_or_path)
    compilation = compile_file(path, display)
    if compilation.rulebook is None or not compilation.ok:
        return Loaded(compilation)
    source = generate_module(compilation.rulebook)
    module = import_source(source, f"mjc_rulebook_{compilation.rulebook.id}", display)
    ruleset = module.RULESET
    assert isinstance(ruleset, Ruleset)
    return Loaded(compilation, source, ruleset)


def import_source(source: str, module_name: str, filename: str) -> types.ModuleType:
    """Execute generated source as a module (the source is ours: rulebook text only ever
    appears in it as literals)."""
    module = types.ModuleType(module_name)
    module.__file__ = f"<generated from {filename}>"
    code = compile(source, module.__file__, "exec")
    sys.modules[module_name] = module
    try:
        exec(code, module.__dict__)
    finally:
        sys.modules.pop(module_name, None)
    return module
