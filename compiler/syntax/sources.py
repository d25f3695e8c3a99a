"""Where rulebook text comes from: the bundled rulebooks, files named on the command line,
and the parents that `extends` names (a bundled name, or a path relative to the child); and
how a file's bytes become the text the parser reads (UTF-8, an optional byte-order mark,
`\n`, `\r\n` or old Mac `\r` line endings)."""

from __future__ import annotations

import re
from pathlib import Path

from mjc.compiler.diagnostics import Diagnostic, Span, error
from mjc.compiler.syntax.limits import MAX_RULEBOOK_BYTES

RULEBOOK_SUFFIX = ".mjr"
# The manifest at the root of a native build (`mjc.compiler.emit.native`), whose copy of the package
# holds the bundled rulebooks again: a folder search does not go below it.
NATIVE_MARKER = "NATIVE.json"


class RulebookNotFound(LookupError):
    """Neither a bundled rulebook nor a readable file."""


def bundled_rulebooks() -> dict[str, Path]:
    """Bundled rulebook names and their files, sorted by name."""
    # the package's folder, read as a folder (`importlib.resources` would import tempfile,
    # shutil and zipfile on the way, a fiftieth of `mjc check`'s start)
    import mjc.rulebooks

    found = {}
    for entry in Path(mjc.rulebooks.__file__).parent.iterdir():
        if entry.name.endswith(RULEBOOK_SUFFIX):
            found[entry.name[: -len(RULEBOOK_SUFFIX)]] = entry
    return dict(sorted(found.items()))


def display_name(name: str) -> str:
    """How diagnostics name a bundled rulebook's file."""
    return f"rulebooks/{name}{RULEBOOK_SUFFIX}"


def resolve_rulebook(name_or_path: str, relative_to: Path | None = None) -> tuple[Path, str]:
    """The file for a bundled name or a path, and the name to show in diagnostics."""
    bundled = bundled_rulebooks()
    if name_or_path in bundled:
        return bundled[name_or_path], display_name(name_or_path)
    path = Path(name_or_path)
    if relative_to is not None and not path.is_absolute():
        candidate = relative_to / path
        if candidate.is_file():
            return candidate, str(candidate)
    if path.is_file():
        return path, name_or_path
    if path.is_dir():
        raise RulebookNotFound(f"{name_or_path!r} is a folder, not a rulebook file")
    names = ", ".join(bundled) or "none"
    raise RulebookNotFound(
        f"no rulebook named {name_or_path!r}: not a bundled rulebook ({names}) nor a file"
    )


def rulebook_argument(text: str) -> tuple[str, str | None]:
    """What a RULEBOOK on the command line names, as `resolve_rulebook` reads it, and a note
    for the user when the choice was ambiguous. In order: a bundled name; a file at the path
    as written; for a bare name, `NAME.mjr` in the current folder (so `mjc score my_variant`
    finds `./my_variant.mjr`). A bundled name wins over a `NAME.mjr` beside it, as `extends
    NAME` means the bundled one too; the note says how to name the file instead."""
    local = Path(f"{text}{RULEBOOK_SUFFIX}")
    bare = bool(text) and Path(text).name == text and not text.endswith(RULEBOOK_SUFFIX)
    if text in bundled_rulebooks():
        note = None
        if bare and local.is_file():
            note = f"{text} is the bundled rulebook; for the file here, write ./{local}"
        return text, note
    if bare and not Path(text).exists() and local.is_file():
        return str(local), None
    return text, None


def rulebooks_in(folder: Path) -> list[Path]:
    """Every rulebook file (`*.mjr`) in a folder and the folders below it, sorted; hidden
    folders (`.git`, `.venv`) are not searched: they hold no rulebooks of the repository, and
    neither does a native build (`mjc build --native`: its copy of the bundled rulebooks)."""
    found = []
    for path in folder.rglob(f"*{RULEBOOK_SUFFIX}"):
        relative = path.relative_to(folder).parts
        if any(part.startswith(".") for part in relative[:-1]) or not path.is_file():
            continue
        # One look per folder above the file (few files: no second walk of the tree).
        above = (folder.joinpath(*relative[:i]) for i in range(len(relative)))
        if not any((place / NATIVE_MARKER).is_file() for place in above):
            found.append(path)
    return sorted(found)


BOM = "\ufeff"

# A string literal (kept as it is: a CR inside one is a character of the string, as the
# grammar has always read it), a comment up to a CR, or a line ending with CR. Compiled (and
# kept by `re`) when a text has a CR: most have none, and compiling it cost every start.
_CR_LINE_ENDINGS = r'"(?:[^"\\\n]|\\.)*"|#[^\r\n]*|\r\n?'


def rulebook_text(text: str) -> str:
    """Text as the parser reads it: without a byte-order mark (editors on Windows write one;
    it is not part of the text), and every `\r\n` or `\r` line ending made a `\n`, so that
    the grammar, Lark's line numbers and the snippets of diagnostics agree on every line."""
    text = text.removeprefix(BOM)
    if "\r" in text:
        text = re.sub(_CR_LINE_ENDINGS, _line_ending, text)
    return text


def _line_ending(match: re.Match[str]) -> str:
    return "\n" if match[0].startswith("\r") else match[0]


def read_rulebook(path: Path, file: str) -> tuple[str, Diagnostic | None]:
    """The text of a rulebook file, or what could be shown of it and why it cannot be read
    (E0003: missing, a folder, not permitted, not UTF-8; E0005: too large)."""
    try:
        with path.open("rb") as stream:
            data = stream.read(MAX_RULEBOOK_BYTES + 1)
    except OSError as exc:
        reason = exc.strerror or type(exc).__name__
        return "", error("E0003", f"cannot read the rulebook: {reason}", None)
    if len(data) > MAX_RULEBOOK_BYTES:
        return "", error(
            "E0005",
            f"the rulebook is larger than {MAX_RULEBOOK_BYTES:,} bytes",
            None,
            help="a rulebook is a text of at most a few hundred kilobytes; is this the file "
            "you meant?",
        )
    try:
        return rulebook_text(data.decode("utf-8")), None
    except UnicodeDecodeError as exc:
        return _not_utf8(data, exc, file)


def _not_utf8(data: bytes, exc: UnicodeDecodeError, file: str) -> tuple[str, Diagnostic]:
    """The text with U+FFFD for the bad bytes, and E0003 pointing at the first of them."""
    before = rulebook_text(data[: exc.start].decode("utf-8", errors="replace"))
    line = before.count("\n") + 1
    column = len(before) - (before.rfind("\n") + 1) + 1
    text = rulebook_text(data.decode("utf-8", errors="replace"))
    return text, error(
        "E0003",
        f"cannot read the rulebook: byte 0x{data[exc.start]:02x} is not utf-8 text ({exc.reason})",
        Span.point(file, line, column),
        label="not UTF-8",
        help="rulebooks are UTF-8 text: save the file as UTF-8 (without a legacy encoding "
        "such as GBK, Big5 or Latin-1)",
    )
