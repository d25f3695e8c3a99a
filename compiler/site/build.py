"""Build (or serve) the documentation site: `mjc docs` and `make docs`.

Input is a set of rulebooks (compiled here): the bundled ones, for the site of this
repository (the hand-written pages under `docs/` with `mkdocs.yml` beside them), or every
rulebook of a folder anywhere, for a designer's own site (`mjc docs PATH`, or `mjc docs` in
a folder with no mkdocs.yml: a home page and the generated pages only, in a temporary folder,
with the same theme, `templates/mkdocs-base.yml`). The compiler's own tables and CLI parser
give the reference pages. Two steps, so the site builder can be swapped: first every
generated page is written as plain Markdown (and the tile pictures as SVG) into
`docs/generated/` by `mjc.compiler.docs.docgen` — the same functions `mjc build` uses for its
pages — then mkdocs (pinned below 2, with mkdocs-material) builds the site with `--strict`,
or serves it. While it serves, the hooks (`mkdocs_hooks.py`) watch the rulebooks and call
`regenerate` on every rebuild, so an edited rulebook's page is rewritten without a restart.
Beside each rulebook's page goes its balance page (`mjc.compiler.site.balance`): its defaults
simulated here, `--games` games (`sitebalance.BALANCE_GAMES` by default) from a fixed seed.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from mjc.compiler import ir
from mjc.compiler.docs import mdtext
from mjc.compiler.docs.comparison import (
    generate_comparison_page,
    generate_rulebooks_index,
    generate_rulebooks_snippet,
    generate_variants_page,
)
from mjc.compiler.docs.docgen import TILES_FOLDER, generate_diagnostics_page, generate_page
from mjc.compiler.docs.refdocs import generate_cli_page, generate_tiles_page, generate_words_snippet
from mjc.compiler.docs.tilesvg import all_tile_files
from mjc.compiler.driver import Compilation, compile_file
from mjc.compiler.ir.jsonio import json_schema
from mjc.compiler.loader import bundled_rulebooks, resolve_rulebook
from mjc.compiler.site.balance import BALANCE_GAMES, GAMES_ENV, balance_site_files
from mjc.compiler.syntax.sources import display_name, rulebooks_in
from mjc.runtime import Ruleset

__all__ = [
    "BUNDLED",
    "GAMES_ENV",
    "GENERATED",
    "RULEBOOKS_ENV",
    "Result",
    "SiteError",
    "SiteUsageError",
    "balance_pages",
    "build_docs",
    "build_folder_site",
    "build_site",
    "compile_bundled",
    "compile_rulesets",
    "compile_source",
    "regenerate",
    "site_files",
    "watched_folder",
    "write_generated",
]

GENERATED = "generated"
"""The folder of generated pages inside the docs folder (ignored by git)."""

RULEBOOKS_ENV = "MJC_DOCS_RULEBOOKS"
"""Set by `mjc docs` for mkdocs: where the site's rulebooks are (`BUNDLED`, or the absolute
path of a folder), so the hooks can rebuild their pages. Unset, the hooks leave the pages."""

BUNDLED = "bundled"


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


def compile_folder(folder: Path) -> tuple[list[ir.Rulebook], list[Compilation]]:
    """Every rulebook below `folder` (`sources.rulebooks_in`), compiled, in file order, then
    the rulebooks they extend that are not in it (a bundled parent, a path outside), so that
    a variant's page links to its parent's page in the same site."""
    files = rulebooks_in(folder)
    compilations = [compile_file(path, str(path)) for path in files]
    seen = {path.resolve() for path in files}
    bundled = bundled_rulebooks()
    for compilation in list(compilations):
        for shown in compilation.sources:
            name = Path(shown).stem
            # How the driver names a bundled parent (`display_name`), or a parent's path.
            path = bundled[name] if shown == display_name(name) and name in bundled else None
            path = path or Path(shown)
            if path.is_file() and path.resolve() not in seen:
                seen.add(path.resolve())
                compilations.append(compile_file(path, shown))
    books = [c.rulebook for c in compilations if c.ok and c.rulebook is not None]
    return books, compilations


def compile_source(source: str) -> list[ir.Rulebook]:
    """The rulebooks of a site (`BUNDLED` or a folder), or `SiteError` when one does not
    compile or two have the same id (their pages would be one file)."""
    return [book for book, _ in compile_rulesets(source)]


def compile_rulesets(source: str) -> list[tuple[ir.Rulebook, Ruleset | None]]:
    """`compile_source`, each rulebook with the ruleset of its generated module (None when
    the code generator failed on it: it has no balance page)."""
    books, compilations = compile_bundled() if source == BUNDLED else compile_folder(Path(source))
    failed = [c.file for c in compilations if not c.ok]
    if failed:
        raise SiteError(f"rulebooks do not compile: {', '.join(failed)} (run mjc check)")
    if not compilations:
        raise SiteUsageError(f"no rulebooks (*.mjr) in {source}")
    ids = [b.id for b in books]
    twice = sorted({i for i in ids if ids.count(i) > 1})
    if twice:
        raise SiteError(f"two rulebooks have the id {twice[0]}: each needs a page of its own")
    rulesets = {c.rulebook.id: c.ruleset for c in compilations if c.ok and c.rulebook is not None}
    return [(book, rulesets.get(book.id)) for book in books]


def watched_folder(source: str) -> Path:
    """The folder whose changes rebuild the pages of a site's rulebooks."""
    if source == BUNDLED:
        return Path(str(resources.files("mjc.rulebooks")))
    return Path(source)


def regenerate(docs_dir: Path, source: str, games: int = 0) -> list[Path]:
    """Compile the site's rulebooks again and rewrite the generated pages that changed: what
    the hooks run on every build, so `mjc docs --serve` keeps up with edited rulebooks. The
    balance pages (`games` games each, none for 0) are played again only for a rulebook
    whose page was made from other inputs (an edited rulebook)."""
    compiled = compile_rulesets(source)
    balance = balance_pages(docs_dir, compiled, games, reuse=True)
    return write_generated(docs_dir, [book for book, _ in compiled], balance)


def balance_pages(
    docs_dir: Path,
    compiled: Sequence[tuple[ir.Rulebook, Ruleset | None]],
    games: int,
    *,
    reuse: bool = False,
) -> dict[str, str]:
    """The balance pages of the rulebooks (`sitebalance.balance_site_files`), by path below
    `docs_dir/generated/`; with `reuse`, those already there from the same inputs are kept.
    Raises `SiteError` when a simulation cannot be run."""
    from mjc.runtime.sim.run import SimulationError

    playable = [(book, ruleset) for book, ruleset in compiled if ruleset is not None]
    try:
        return balance_site_files(playable, games, reuse=docs_dir / GENERATED if reuse else None)
    except (SimulationError, ValueError) as exc:
        raise SiteError(f"the balance pages cannot be simulated: {exc}") from None


_CJK_WORD = re.compile("[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]{2,}")


def search_words(books: Sequence[ir.Rulebook]) -> str:
    """jieba's user dictionary for the search index: every run of two or more Chinese
    characters in a rulebook's names (title, fans, tiers, shapes, options, choices, presets,
    situations), one a line, so that search cuts 混一色 out of a sentence as one word."""

    def names(book: ir.Rulebook) -> Iterator[str]:
        yield book.title
        yield from (f.name for f in book.fans)
        yield from (t.name for t in book.scoring.tiers)
        yield from (s.name or "" for s in book.shapes)
        for option in book.options:
            yield option.label
            yield from (c.label or "" for c in option.choices)
        yield from (p.label for p in book.presets)
        yield from (f.label for f in book.situations)

    words = {w for book in books for name in names(book) for w in _CJK_WORD.findall(name)}
    return "".join(f"{word}\n" for word in sorted(words))


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
    from mjc.runtime.settle.round import round_json_schema

    files["reference/round.schema.json"] = (
        json.dumps(round_json_schema(), ensure_ascii=False, indent=2) + "\n"
    )
    # The output of `mjc simulate --json`, published the same way.
    from mjc.runtime.sim.report import report_json_schema

    files["reference/simulate.schema.json"] = (
        json.dumps(report_json_schema(), ensure_ascii=False, indent=2) + "\n"
    )
    files["reference/cli.md"] = generate_cli_page(parser)
    files["reference/tiles.md"] = generate_tiles_page()
    files["snippets/words.md"] = generate_words_snippet()
    files["snippets/rulebooks.md"] = generate_rulebooks_snippet(books, "generated/rulebooks/")
    files["search/words.txt"] = search_words(books)
    files["stylesheets/mjc.css"] = (
        resources.files("mjc.compiler.templates").joinpath("mjc.css").read_text(encoding="utf-8")
    )
    for name, svg in all_tile_files().items():
        files[f"{TILES_FOLDER}/{name}"] = svg
    return files


def write_generated(
    docs_dir: Path, books: Sequence[ir.Rulebook], balance: Mapping[str, str] | None = None
) -> list[Path]:
    """Write every generated file under `docs_dir/generated/` (`site_files`, and the
    `balance` pages), each only when its text changed (so mkdocs serve does not rebuild for
    nothing), and remove generated files that are no longer produced (a rulebook that was
    deleted). Returns the files written."""
    from mjc.compiler.cli.commands import build_parser  # the CLI imports this module lazily

    root = docs_dir / GENERATED
    files = site_files(books, build_parser()) | dict(balance or {})
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


def _mkdocs(
    args: Sequence[str], cwd: Path, quiet: bool, source: str, games: int
) -> subprocess.CompletedProcess[str]:
    try:
        import jieba  # type: ignore[import-untyped]  # noqa: F401  # the search's Chinese words
        import material  # type: ignore[import-untyped]  # noqa: F401
        import mkdocs  # noqa: F401
    except ImportError:
        raise SiteUsageError(
            "mkdocs, mkdocs-material and jieba are not installed: pip install 'mjc[docs]'"
        ) from None
    command = [sys.executable, "-m", "mkdocs", *args]
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", RULEBOOKS_ENV: source, GAMES_ENV: str(games)}
    return subprocess.run(command, cwd=cwd, env=env, text=True, capture_output=quiet, check=False)


def build_site(
    config: Path,
    output: Path | None = None,
    *,
    serve: bool = False,
    address: str = "127.0.0.1:8000",
    quiet: bool = False,
    source: str = BUNDLED,
    games: int = BALANCE_GAMES,
) -> Result:
    """Write the generated pages of `source`'s rulebooks (the bundled ones, or a folder's)
    into `config`'s docs folder, with a balance page of `games` games for each (none for
    0), then build the site into `output` with `mkdocs build --strict` (or serve it,
    rebuilding the pages when a rulebook changes). Raises `SiteError`."""
    config = config.resolve()
    if not config.is_file():
        raise SiteUsageError(
            f"no {config.name} at {config.parent}: run mjc docs in the mjc source tree or in "
            "a folder of rulebooks, or pass --config"
        )
    docs_dir = config.parent / "docs"
    compiled = compile_rulesets(source)
    balance = balance_pages(docs_dir, compiled, games)  # played afresh: the engine may differ
    try:
        written = tuple(write_generated(docs_dir, [book for book, _ in compiled], balance))
    except OSError as exc:
        raise SiteUsageError(f"cannot write the generated pages: {exc.strerror or exc}") from None
    if serve:
        args = ["serve", "--strict", "-f", str(config), "-a", address]
        _mkdocs(args, config.parent, quiet, source, games)
        return Result(written, None)
    site = (output or config.parent / "site").resolve()
    done = _mkdocs(
        ["build", "--strict", "--clean", "-f", str(config), "-d", str(site)],
        config.parent,
        quiet,
        source,
        games,
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


_HOME = """\
# {title}

<!-- Generated by mjc docs from the rulebooks of {folder}; do not edit. -->

The rulebooks of this folder, each with a page generated from its checked IR by
[mjc]({repository}), side by side on [one page](generated/comparison.md).

--8<-- "generated/snippets/rulebooks.md"
"""


def folder_config(folder: Path, work: Path) -> dict[str, object]:
    """The mkdocs config of a folder's site (JSON is YAML): the shared base, the hooks, and
    a navigation of the generated pages only, built in `work`."""
    from mjc.compiler.version import repository_url

    templates = Path(str(resources.files("mjc.compiler.templates")))
    (work / "docs").mkdir(parents=True, exist_ok=True)
    title = f"{folder.name or folder} — mahjong rulebooks"
    home = _HOME.format(
        title=mdtext.text(title), folder=mdtext.text(folder.name), repository=repository_url()
    )
    (work / "docs" / "index.md").write_text(home, encoding="utf-8")
    return {
        "INHERIT": str(templates / "mkdocs-base.yml"),
        "site_name": title,
        "docs_dir": "docs",
        "hooks": [str(Path(__file__).with_name("mkdocs_hooks.py"))],
        "nav": [
            {"Home": "index.md"},
            {
                "Rulebooks": [
                    f"{GENERATED}/rulebooks/index.md",
                    {"Compared": f"{GENERATED}/comparison.md"},
                    {"Variants": f"{GENERATED}/variants.md"},
                ]
            },
            {
                "Reference": [
                    {"Command line": f"{GENERATED}/reference/cli.md"},
                    {"Diagnostics": f"{GENERATED}/reference/diagnostics.md"},
                    {"Tiles and notation": f"{GENERATED}/reference/tiles.md"},
                ]
            },
        ],
    }


def build_folder_site(
    folder: Path,
    output: Path | None = None,
    *,
    serve: bool = False,
    address: str = "127.0.0.1:8000",
    quiet: bool = False,
    games: int = BALANCE_GAMES,
) -> Result:
    """The site of every rulebook below `folder`, anywhere on disk: its pages are written in
    a temporary folder with a config of their own (`folder_config`), and the site goes to
    `output` (default: `folder/site`). Raises `SiteError`."""
    folder = folder.resolve()
    if not folder.is_dir():
        raise SiteUsageError(f"{folder} is not a folder of rulebooks")
    with tempfile.TemporaryDirectory(prefix="mjc-docs-") as name:
        work = Path(name)
        config = work / "mkdocs.yml"
        config.write_text(json.dumps(folder_config(folder, work), ensure_ascii=False), "utf-8")
        return build_site(
            config,
            (output or folder / "site").resolve(),
            serve=serve,
            address=address,
            quiet=quiet,
            source=str(folder),
            games=games,
        )


def build_docs(
    folder: str | None,
    config: str | None,
    output: Path | None = None,
    *,
    serve: bool = False,
    address: str = "127.0.0.1:8000",
    games: int = BALANCE_GAMES,
) -> Result:
    """What `mjc docs` builds: the site of a folder of rulebooks when one is named; else the
    site of `config` (default `mkdocs.yml` here: the mjc source tree); else, in a folder with
    rulebooks and no mkdocs.yml, the site of that folder; each rulebook with a balance page
    of `games` games. Raises `SiteError`."""
    if folder is not None and config is not None:
        raise SiteUsageError("name a folder of rulebooks or pass --config, not both")
    if folder is not None:
        return build_folder_site(Path(folder), output, serve=serve, address=address, games=games)
    here = Path.cwd()
    if config is not None or (here / "mkdocs.yml").is_file():
        return build_site(
            Path(config or "mkdocs.yml"), output, serve=serve, address=address, games=games
        )
    if rulebooks_in(here):
        return build_folder_site(here, output, serve=serve, address=address, games=games)
    raise SiteUsageError(
        "no mkdocs.yml here and no rulebooks (*.mjr) in this folder: run mjc docs in the mjc "
        "source tree or in a folder of rulebooks, or name one (mjc docs PATH)"
    )
