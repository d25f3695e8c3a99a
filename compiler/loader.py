"""Finding rulebooks and turning them into live modules.

Input is what a user names on the command line or in the API: a bundled rulebook name
(`guangdong`) or a path to a rulebook file. Output is the compiled IR, and on request the
generated module imported in memory (exactly the source `mjc build` writes to disk), or, when
this process runs a native build (`mjc build --native`) that holds that very source compiled,
the compiled module.
"""

from __future__ import annotations

from dataclasses import dataclass

from mjc.compiler.driver import Compilation, compile_file, import_source
from mjc.compiler.emit.codegen import checked_module
from mjc.compiler.syntax.sources import RulebookNotFound, bundled_rulebooks, resolve_rulebook
from mjc.runtime import Ruleset


@dataclass(slots=True)
class Loaded:
    """A compiled rulebook, with its generated module's source and ruleset when it compiled."""

    compilation: Compilation
    source: str | None = None
    ruleset: Ruleset | None = None


def load(name_or_path: str) -> Loaded:
    """Compile a rulebook and import its generated module (when it compiles)."""
    # Imported here: `mjc check`, which imports this module but loads nothing, starts without
    # the native build's machinery (subprocess, sysconfig, ...).
    from mjc.compiler.emit.native import native_ruleset_module

    path, display = resolve_rulebook(name_or_path)
    compilation = compile_file(path, display)
    if compilation.rulebook is None or not compilation.ok:
        return Loaded(compilation)
    book_id = compilation.rulebook.id
    if compilation.module_source is not None and compilation.ruleset is not None:
        # The driver generated and imported the module to check the examples: reuse it,
        # unless a native build on the path holds the same module compiled.
        native = native_ruleset_module(book_id, compilation.module_source)
        ruleset = compilation.ruleset if native is None else native.RULESET
        return Loaded(compilation, compilation.module_source, ruleset)
    source, problem = checked_module(compilation.rulebook)
    if source is None:
        assert problem is not None
        compilation.diagnostics.append(problem)
        return Loaded(compilation)
    module = native_ruleset_module(book_id, source) or import_source(
        source, f"mjc_rulebook_{book_id}", display
    )
    ruleset = module.RULESET
    assert isinstance(ruleset, Ruleset)
    return Loaded(compilation, source, ruleset)


__all__ = [
    "Loaded",
    "RulebookNotFound",
    "bundled_rulebooks",
    "import_source",
    "load",
    "resolve_rulebook",
]
