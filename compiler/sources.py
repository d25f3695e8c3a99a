"""Where rulebook text comes from: the bundled rulebooks, files named on the command line,
and the parents that `extends` names (a bundled name, or a path relative to the child)."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

RULEBOOK_SUFFIX = ".mjr"


class RulebookNotFound(LookupError):
    """Neither a bundled rulebook nor a readable file."""


def bundled_rulebooks() -> dict[str, Path]:
    """Bundled rulebook names and their files, sorted by name."""
    root = resources.files("mjc.rulebooks")
    found = {}
    for entry in root.iterdir():
        if entry.name.endswith(RULEBOOK_SUFFIX):
            found[entry.name[: -len(RULEBOOK_SUFFIX)]] = Path(str(entry))
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
    names = ", ".join(bundled) or "none"
    raise RulebookNotFound(
        f"no rulebook named {name_or_path!r}: not a bundled rulebook ({names}) nor a file"
    )
