"""Build (or serve) the documentation site: `mjc docs` and `make docs`.

Input is the bundled rulebooks (compiled here), the compiler's own tables and CLI parser, and
the hand-written pages under `docs/` with `mkdocs.yml` beside them. Two steps, so the site
builder can be swapped: first every generated page is written as plain Markdown (and the
tile pictures as SVG) into `docs/generated/` by `mjc.compiler.docgen` — the same functions `mjc
build` uses for its pages — then mkdocs (pinned below 2, with mkdocs-material) builds the site
with `--strict`, or serves it.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from mjc.compiler import ir
from mjc.compiler.comparison import (
    generate_comparison_page,
    generate_rulebooks_index,
    generate_rulebooks_snippet,
    generate_variants_page,
)
from mjc.compiler.docgen import TILES_FOLDER, generate_diagnostics_page, generate_page
from mjc.compiler.driver import Compilation, compile_file
from mjc.compiler.ir import json_schema
from mjc.compiler.loader import bundled_rulebooks, resolve_rulebook
from mjc.compiler.refdocs import generate_cli_page, generate_tiles_page, generate_words_snippet
from mjc.compiler.tilesvg import all_tile_files

__all__ = [
    "GENERATED",
    "Result",
    "SiteError",
    "SiteUsageError",
    "build_site",
    "compile_bundled",
    "site_files",
    "write_generated",
]

GENERATED = "generated"
"""The folder of generated pages inside the docs folder (ignored by git)."""


class SiteError(Exception):
    """The site cannot be built: a rulebook fails to compile or mkdocs reports a problem.
    The message is one line."""


class SiteUsageError(SiteError):
    """The site cannot be built from here: no mkdocs config, mkdocs not installed, or the
    output cannot be written."""


@dataclass(frozen=True, slots=True)
class Result:
    """What `build_site` did: the generated files written and the site folder."""

    written: tuple[Path, ...]
    site: Path | None


def compile_bundled() -> tuple[list[ir.Rulebook], list[Compilation]]:
    """Every bundled rulebook's IR, in name order, and the compilations (for diagnostics)."""
    compilations = []
    for name in bundled_rulebooks():
        path, display = resolve_rulebook(name)
        compilations.append(compile_file(path, display))
    books = [c.rulebook for c in compilations if c.ok and c.rulebook is not None]
    return books, compilations


def site_files(books: Sequence[ir.Rulebook], parser: argparse.ArgumentParser) -> dict[str, str]:
    """Every generated file of the site by its path below `docs/generated/`: the pages `mjc
    build` writes (each rulebook's page, the diagnostics reference, the IR's JSON Schema), the
    pages about all rulebooks, the references, the snippets that hand-written pages include,
    and the tile pictures."""
    files: dict[str, str] = {}
    for book in books:
        files[f"rulebooks/{book.id}.md"] = generate_page(book)
    files["rulebooks/index.md"] = generate_rulebooks_index(books)
    files["comparison.md"] = generate_comparison_page(books)
    files["variants.md"] = generate_variants_page(books)
    files["reference/diagnostics.md"] = generate_diagnostics_page()
    files["reference/ir.schema.json"] = json.dumps(json_schema(), ensure_ascii=False, indent=2)
    files["reference/ir.schema.json"] += "\n"
    # The input of `mjc settle` (a finished round), published beside the IR's schema.
    from mjc.runtime.round import round_json_schema

    files["reference/round.schema.json"] = (
        json.dumps(round_json_schema(), ensure_ascii=False, indent=2) + "\n"
    )
    # The output of `mjc simulate --json`, published the same way.
    from mjc.runtime.simreport import report_json_schema

    files["reference/simulate.schema.json"] = (
        json.dumps(report_json_schema(), ensure_ascii=False, indent=2) + "\n"
    )
    files["reference/cli.md"] = generate_cli_page(parser)
    files["reference/tiles.md"] = generate_tiles_page()
    files["snippets/words.md"] = generate_words_snippet()
    files["snippets/rulebooks.md"] = generate_rulebooks_snippet(books, "generated/rulebooks/")
    for name, svg in all_tile_files().items():
        files[f"{TILES_FOLDER}/{name}"] = svg
    return files


def write_generated(docs_dir: Path, books: Sequence[ir.Rulebook]) -> list[Path]:
    """Write every generated file under `docs_dir/generated/`, each only when its text
    changed (so mkdocs serve does not rebuild for nothing), and remove generated files that
    are no longer produced (a rulebook that was deleted). Returns the files written."""
    from mjc.compiler.cli import build_parser  # the CLI imports this module lazily

    root = docs_dir / GENERATED
    files = site_files(books, build_parser())
    written = []
    for relative, text in files.items():
        path = root / relative
        if _write_if_changed(path, text):
            written.append(path)
    if root.is_dir():
        expected = {root / r for r in files}
        for path in sorted(root.rglob("*")):
            if path.is_file() and path not in expected:
                path.unlink()
    return written


def _write_if_changed(path: Path, text: str) -> bool:
    if path.is_file() and path.read_bytes() == text.encode("utf-8"):  # any old bytes
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    # Write beside, then rename: a reader (mkdocs serve, a test) never sees half a file.
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as stream:
            stream.write(text)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return True


def _mkdocs(args: Sequence[str], cwd: Path, quiet: bool) -> subprocess.CompletedProcess[str]:
    try:
        import material  # type: ignore[import-untyped]  # noqa: F401
        import mkdocs  # noqa: F401
    except ImportError:
        raise SiteUsageError(
            "mkdocs and mkdocs-material are not installed: pip install -e '.[docs]'"
        ) from None
    command = [sys.executable, "-m", "mkdocs", *args]
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    return subprocess.run(command, cwd=cwd, env=env, text=True, capture_output=quiet, check=False)


def build_site(
    config: Path,
    output: Path | None = None,
    *,
    serve: bool = False,
    address: str = "127.0.0.1:8000",
    quiet: bool = False,
) -> Result:
    """Write the generated pages next to `config`'s docs folder, then build the site into
    `output` with `mkdocs build --strict` (or serve it). Raises `SiteError`."""
    config = config.resolve()
    if not config.is_file():
        raise SiteUsageError(
            f"no {config.name} at {config.parent}: run mjc docs in the mjc source tree, "
            "or pass --config"
        )
    docs_dir = config.parent / "docs"
    books, compilations = compile_bundled()
    failed = [c.file for c in compilations if not c.ok]
    if failed:
        raise SiteError(f"rulebooks do not compile: {', '.join(failed)} (run mjc check)")
    try:
        written = tuple(write_generated(docs_dir, books))
    except OSError as exc:
        raise SiteUsageError(f"cannot write the generated pages: {exc.strerror or exc}") from None
    if serve:
        _mkdocs(["serve", "--strict", "-f", str(config), "-a", address], config.parent, quiet)
        return Result(written, None)
    site = (output or config.parent / "site").resolve()
    done = _mkdocs(
        ["build", "--strict", "--clean", "-f", str(config), "-d", str(site)],
        config.parent,
        quiet,
    )
    if done.returncode != 0:
        problems = [
            line.strip()
            for line in (done.stderr or "").splitlines()
            if line.startswith(("WARNING", "ERROR"))
        ]
        detail = f": {problems[0]}" if problems else ""
        raise SiteError(f"mkdocs build --strict failed{detail}")
    return Result(written, site)
