"""The `mjc` command line: a thin layer over the compiler and the runtime API.

Exit codes (DESIGN.md): 0 success, 1 a rule or check failure, 2 a usage or input error with a
one-line message on stderr. No input produces a traceback: every expected failure is caught
where it happens and reported as a diagnostic or a one-line error.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from mjc.compiler.check import explain_listing
from mjc.compiler.cli import parser as cli_parser
from mjc.compiler.cli.parser import Handlers, UsageError as UsageError
from mjc.compiler.diagnostics import Diagnostic, has_errors, render_text
from mjc.compiler.diagnostics.formats import render_github, render_json, render_sarif
from mjc.compiler.driver import Compilation, compile_file
from mjc.compiler.emit.codegen import checked_module
from mjc.compiler.syntax.sources import (
    RulebookNotFound,
    bundled_rulebooks,
    resolve_rulebook,
    rulebook_argument,
    rulebooks_in,
)
from mjc.compiler.version import MJC_VERSION
from mjc.runtime import Ruleset

EXIT_OK = 0
EXIT_FAILED = 1
EXIT_USAGE = 2


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The `mjc` parser (`cli_parser`), each subcommand running its handler below; with
    `only`, the parser of that command alone (`cli_parser.build_parser`)."""
    return cli_parser.build_parser(
        Handlers(
            check=_check,
            build=_build,
            score=_score,
            waits=_waits,
            settle=_settle,
            simulate=_simulate,
            options=_options,
            new=_new,
            explain=_explain,
            docs=_docs,
            dump_ir=_dump_ir,
            lsp=_lsp,
            play=_play,
            replay=_replay,
            serve=_serve,
        ),
        only,
    )


def main(argv: Sequence[str] | None = None) -> int:
    words = sys.argv[1:] if argv is None else list(argv)
    parser = build_parser(cli_parser.command_named(words))
    try:
        args = parser.parse_args(words)
        if not hasattr(args, "run"):
            parser.print_help()
            return EXIT_USAGE
        code: int = args.run(args)
        return code
    except UsageError as exc:
        coded = f"error[{exc.code}]" if exc.code else "error"
        print(f"mjc: {coded}: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except BrokenPipeError:
        return EXIT_OK
    except KeyboardInterrupt:
        print("mjc: interrupted", file=sys.stderr)
        return 130


# --------------------------------------------------------------------------- helpers


def _rulebook(text: str) -> str:
    """A RULEBOOK argument as the resolver reads it (`sources.rulebook_argument`: a bundled
    name, a path, or NAME.mjr here), saying on stderr which one won when both exist."""
    name, note = rulebook_argument(text)
    if note is not None:
        print(f"mjc: note: {note}", file=sys.stderr)
    return name


def _compile(name_or_path: str) -> Compilation:
    try:
        path, display = resolve_rulebook(_rulebook(name_or_path))
    except RulebookNotFound as exc:
        raise UsageError(str(exc)) from None
    return compile_file(path, display)


def _diagnostics(compilations: Sequence[Compilation]) -> list[Diagnostic]:
    """The diagnostics of the compilations, each once: a parent rulebook checked beside its
    child (`mjc check FOLDER`) reports its problems in both compilations."""
    return list(dict.fromkeys(d for c in compilations for d in c.diagnostics))


def _rulebook_paths(paths: Sequence[str]) -> list[str]:
    """The rulebooks `mjc check` and `mjc build` name: a folder stands for every rulebook below
    it (`rulebooks_in`)."""
    names: list[str] = []
    for name in paths:
        folder = Path(name)
        if name in bundled_rulebooks() or not folder.is_dir():
            names.append(name)
            continue
        found = rulebooks_in(folder)
        if not found:
            raise UsageError(f"{name!r} is a folder holding no rulebook (*.mjr) files")
        names.extend(str(path) for path in found)
    return list(dict.fromkeys(names))


def _print_diagnostics(compilations: Sequence[Compilation], color: bool = False) -> None:
    diagnostics = _diagnostics(compilations)
    if diagnostics:
        sources = {name: text for c in compilations for name, text in c.sources.items()}
        sys.stderr.write(render_text(diagnostics, sources, color=color))


def _use_color(choice: str, stream: Any) -> bool:
    if choice == "always":
        return True
    if choice == "never" or os.environ.get("NO_COLOR"):
        return False
    return bool(getattr(stream, "isatty", lambda: False)())


def _load_ruleset(name: str) -> Ruleset:
    # Imported here: `mjc check` loads no ruleset, and would make the loader's module and
    # its `Loaded` dataclass on every start for nothing.
    from mjc.compiler.loader import load

    try:
        loaded = load(_rulebook(name))
    except RulebookNotFound as exc:
        raise UsageError(str(exc)) from None
    if loaded.ruleset is None:
        _print_diagnostics([loaded.compilation], _use_color("auto", sys.stderr))
        raise _RulebookFailed()
    return loaded.ruleset


class _RulebookFailed(Exception):
    pass


def _parse_options(pairs: Sequence[str]) -> dict[str, str]:
    options: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise UsageError(f"--option takes KEY=VALUE, not {pair!r}")
        options[key.strip()] = value.strip()
    return options


# --------------------------------------------------------------------------- commands


def _check(args: argparse.Namespace) -> int:
    compilations = [_compile(p) for p in _rulebook_paths(args.paths)]
    diagnostics = _diagnostics(compilations)
    if args.format == "json":
        sys.stdout.write(render_json(diagnostics, version=MJC_VERSION))
    elif args.format == "github":
        sys.stdout.write(render_github(diagnostics))
    elif args.format == "sarif":
        from mjc.compiler.diagnostics import codes  # the catalogue: here, not for every check

        sys.stdout.write(
            render_sarif(diagnostics, tool_version=MJC_VERSION, rules=codes.summaries())
        )
    else:
        _print_diagnostics(compilations, _use_color(args.color, sys.stderr))
        for compilation in compilations:
            if compilation.ok:
                print(f"ok: {compilation.file}")
    return EXIT_FAILED if has_errors(diagnostics) else EXIT_OK


def _build(args: argparse.Namespace) -> int:
    names = _rulebook_paths(args.paths) if args.paths else list(bundled_rulebooks())
    compilations = [_compile(n) for n in names]
    _print_diagnostics(compilations, _use_color("auto", sys.stderr))
    if any(not c.ok for c in compilations):
        return EXIT_FAILED
    output = Path(args.output)
    modules = output / "modules"
    docs = Path(args.docs_dir) if args.docs_dir else output / "docs"
    books = [c.rulebook for c in compilations if c.rulebook is not None]
    # Every module is compiled by Python before any is written (`codegen.checked_module`).
    sources: dict[str, str] = {}
    for compilation in compilations:
        if compilation.rulebook is None:
            continue
        source, problem = checked_module(compilation.rulebook)
        if problem is not None:
            compilation.diagnostics.append(problem)
            _print_diagnostics([compilation], _use_color("auto", sys.stderr))
            return EXIT_FAILED
        assert source is not None
        sources[compilation.rulebook.id] = source
    # The docs pages: every rulebook page, the reference pages and the tile pictures,
    # exactly the files `mjc docs` builds the site from (imported here: `score` and
    # `check` need none of the docs machinery).
    from mjc.compiler.site.build import site_files

    pages = {docs / relative: text for relative, text in site_files(books, build_parser()).items()}
    if args.check:
        outputs = {modules / f"{book.id}.py": sources[book.id] for book in books}
        return _check_outputs(outputs | pages)
    try:
        modules.mkdir(parents=True, exist_ok=True)
        for book in books:
            module_path = modules / f"{book.id}.py"
            _write_if_changed(module_path, sources[book.id])
            print(f"built {book.id}: {module_path}")
        for path, text in pages.items():
            _write_if_changed(path, text)
        print(f"built docs pages: {docs}")
    except OSError as exc:
        raise UsageError(f"cannot write the output: {exc.strerror or exc}") from None
    return _build_native(sources, output / "native") if args.native else EXIT_OK


def _build_native(sources: dict[str, str], folder: Path) -> int:
    """`mjc build --native`: the same modules and the runtime's scoring path, compiled."""
    from mjc.compiler.emit.native import NativeError, build_native

    print(f"compiling natively with mypyc ({len(sources)} rulebooks and the runtime)...")
    try:
        built = build_native(sources, folder, jobs=os.cpu_count() or 1)
    except NativeError as exc:
        print(f"mjc: {exc}", file=sys.stderr)
        return EXIT_FAILED
    except OSError as exc:
        raise UsageError(f"cannot write the native build: {exc.strerror or exc}") from None
    print(f"built native: {built.root} ({built.seconds:.0f} s; PYTHONPATH={built.root} python -P)")
    return EXIT_OK


def _check_outputs(outputs: dict[Path, str]) -> int:
    """`mjc build --check`: list every generated file that is missing or differs from what
    `mjc build` would write now, writing nothing (a CI step for committed build output)."""
    stale = 0
    for path, text in sorted(outputs.items()):
        try:
            state = "stale" if path.read_bytes() != text.encode("utf-8") else ""
        except FileNotFoundError:
            state = "missing"
        except OSError as exc:
            raise UsageError(f"cannot read {path}: {exc.strerror or exc}") from None
        if state:
            stale += 1
            print(f"{state}: {path}")
    if stale:
        print(
            f"mjc: {stale} of {len(outputs)} generated files are out of date; run `mjc build` "
            "with the same arguments and commit them",
            file=sys.stderr,
        )
        return EXIT_FAILED
    print(f"up to date: {len(outputs)} generated files")
    return EXIT_OK


def _write_if_changed(path: Path, text: str) -> None:
    if path.is_file() and path.read_bytes() == text.encode("utf-8"):  # any old bytes
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


# The commands that run a rulebook live in `running`, imported only when one of them runs:
# `check` and the other commands that only compile start without the settlement input's
# pydantic models, the game engine, the bots or the simulator.


def _score(args: argparse.Namespace) -> int:
    from mjc.compiler.cli import running

    return running.score(args)


def _waits(args: argparse.Namespace) -> int:
    from mjc.compiler.cli import running

    return running.waits(args)


def _settle(args: argparse.Namespace) -> int:
    from mjc.compiler.cli import running

    return running.settle(args)


def _play(args: argparse.Namespace) -> int:
    from mjc.compiler.cli import running

    return running.play(args)


def _replay(args: argparse.Namespace) -> int:
    from mjc.compiler.cli import running

    return running.replay(args)


def _simulate(args: argparse.Namespace) -> int:
    from mjc.compiler.cli import running

    return running.simulate(args)


def _serve(args: argparse.Namespace) -> int:
    from mjc.compiler.cli.play import serve  # only `serve` needs the game server's modules

    return serve(args)


def _options(args: argparse.Namespace) -> int:
    from mjc.compiler.cli.options import options_document, options_lines

    compilation = _compile(args.rulebook)
    book = compilation.rulebook
    if book is None or not compilation.ok:
        _print_diagnostics([compilation], _use_color("auto", sys.stderr))
        return EXIT_FAILED
    if args.json:
        print(json.dumps(options_document(book), ensure_ascii=False, indent=2))
    else:
        print("\n".join(options_lines(book)))
    return EXIT_OK


def _new(args: argparse.Namespace) -> int:
    from mjc.compiler.cli.scaffold import STARTERS, starter_text, variant_text

    name = args.name
    if not name.isidentifier() or not name.isascii():
        raise UsageError(f"a rulebook id is letters, digits and _, not {name!r}")
    target = Path(args.output or f"{name}.mjr")
    if args.parent in STARTERS and not Path(args.parent).exists():
        # A starting point of its own (`--from 108`): it extends no rulebook.
        what = STARTERS[args.parent][1]
        _write_new(target, starter_text(args.parent, name))
        print(f"wrote {target}: {what}; check it with `mjc check {target}`")
        return EXIT_OK
    compilation = _compile(args.parent)
    parent, _ = rulebook_argument(args.parent)
    book = compilation.rulebook
    if book is None or not compilation.ok:
        _print_diagnostics([compilation])
        return EXIT_FAILED
    parent_ref = (
        parent
        if parent in bundled_rulebooks()
        else json.dumps(str(Path(parent).resolve()), ensure_ascii=False)
    )
    # One of the parent's fans shows how to override one (a rulebook may have none).
    fan = (book.fans[0].id, book.fans[0].name) if book.fans else ("a_fan", "某番")
    _write_new(target, variant_text(name, book.id, parent_ref, *fan))
    print(f"wrote {target}: a variant of {book.id}; check it with `mjc check {target}`")
    return EXIT_OK


def _write_new(target: Path, text: str) -> None:
    """Write `mjc new`'s rulebook, never over a file that exists (nor through a link to
    nothing, which would create the file it names, wherever that is)."""
    if target.exists() or target.is_symlink():
        raise UsageError(f"{target} already exists; choose another name or -o FILE")
    try:
        target.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise UsageError(f"cannot write {target}: {exc.strerror or exc}") from None


def _explain(args: argparse.Namespace) -> int:
    from mjc.compiler.diagnostics import codes  # the catalogue: here, not for every command

    entry = codes.lookup(args.code)
    if entry is None:
        raise UsageError(f"no diagnostic code {args.code!r}; try `mjc explain E0101`")
    print(codes.render(entry, explain_listing(entry.code)))
    return EXIT_OK


def _lsp(args: argparse.Namespace) -> int:
    tcp: tuple[str, int] | None = None
    if args.tcp is not None:
        host, _, port = args.tcp.rpartition(":")
        if not port.isdigit():
            raise UsageError(f"--tcp takes HOST:PORT, e.g. 127.0.0.1:2087, not {args.tcp!r}")
        tcp = (host or "127.0.0.1", int(port))
    try:
        from mjc.compiler.lsp.server import serve  # only `lsp` needs pygls
    except ImportError as exc:
        raise UsageError(
            f"the language server needs pygls: pip install 'mjc[lsp]' ({exc})"
        ) from None
    serve(tcp)
    return EXIT_OK


def _docs(args: argparse.Namespace) -> int:
    from mjc.compiler.site.balance import BALANCE_GAMES
    from mjc.compiler.site.build import (  # only `docs` needs mkdocs
        SiteError,
        SiteUsageError,
        build_docs,
    )

    games = BALANCE_GAMES if args.games is None else args.games
    if games < 0:
        raise UsageError(f"--games must be 0 or more, not {games}")
    try:
        result = build_docs(
            args.folder,
            args.config,
            Path(args.output) if args.output else None,
            serve=args.serve,
            address=args.address,
            games=games,
        )
    except SiteUsageError as exc:
        raise UsageError(str(exc)) from None
    except SiteError as exc:
        print(f"mjc: {exc}", file=sys.stderr)
        return EXIT_FAILED
    if result.site is not None:
        print(f"built the site: {result.site}")
    return EXIT_OK


def _dump_ir(args: argparse.Namespace) -> int:
    from mjc.compiler.ir.jsonio import json_schema, to_json  # pydantic: only here

    if args.schema:
        print(json.dumps(json_schema(), ensure_ascii=False, indent=2))
        return EXIT_OK
    if not args.rulebook:
        raise UsageError("name a rulebook, or pass --schema")
    compilation = _compile(args.rulebook)
    if compilation.rulebook is None or not compilation.ok:
        _print_diagnostics([compilation])
        return EXIT_FAILED
    print(to_json(compilation.rulebook, indent=2))
    return EXIT_OK
