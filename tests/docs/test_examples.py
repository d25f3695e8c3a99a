"""Every example in the hand-written docs works: each ```mjc block compiles (a complete
rulebook as it is, a fragment spliced into a small rulebook), and the getting-started page's
commands (```console blocks: `$ command` then its exact output) and Python blocks run.

Generated pages are not read here: their code comes from compiled rulebooks, and the
diagnostics reference shows deliberately broken examples.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from mjc.compiler.driver import compile_source
from mjc.compiler.syntax.parse import keywords

from .conftest import DOCS

FENCE = re.compile(r"^```(?P<lang>[\w-]+)(?P<attrs>[^\n]*)\n(?P<body>.*?)^```\s*$", re.M | re.S)

# The small rulebook fragments are spliced into; a fragment's own sections replace these.
MINIMAL_SECTIONS = {
    "rulebook": 'rulebook docs_example {\n  title "例"\n}\n',
    "players": "players 4\n",
    "tiles": (
        "tiles {\n  characters copies 4\n  dots copies 4\n  bamboo copies 4\n"
        "  winds copies 4\n  dragons copies 4\n}\n"
    ),
    "shapes": "shapes { standard thirteen_orphans }\n",
    "scoring": (
        'scoring {\n  unit "番"\n  tier within "爆胡以内" add\n'
        '  tier limit "爆胡以外" max overrides within\n}\n'
    ),
}
SECTION_WORDS = (
    "rulebook", "players", "tiles", "shapes", "wilds", "claims", "option", "constraint",
    "preset", "situation", "scoring", "fan", "override", "remove", "deal_wins", "declarations",
    "fu", "points", "extend",
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class Block:
    page: str
    line: int
    lang: str
    attrs: str
    body: str

    @property
    def where(self) -> str:
        return f"docs/{self.page}:{self.line}"

    @property
    def title(self) -> str | None:
        found = re.search(r'title="([^"]+)"', self.attrs)
        return found.group(1) if found else None


def blocks(lang: str, pages: list[Path] | None = None) -> list[Block]:
    found = []
    for path in pages or sorted(DOCS.glob("*.md")):
        text = path.read_text(encoding="utf-8")
        for m in FENCE.finditer(text):
            if m.group("lang") == lang:
                line = text.count("\n", 0, m.start()) + 1
                found.append(Block(path.name, line, lang, m.group("attrs"), m.group("body")))
    return found


def _first_word(code: str) -> str:
    for line in code.splitlines():
        stripped = line.strip()
        if stripped and not stripped.startswith("#"):
            return stripped.split()[0]
    return ""


def as_rulebook(code: str) -> str:
    """A complete rulebook: the block itself, or the small rulebook with the fragment in it
    (fan items are wrapped in a fan; sections replace the small rulebook's own)."""
    if re.search(r"^\s*rulebook\s", code, re.M):
        return code
    if _first_word(code) not in SECTION_WORDS:
        value = "" if re.search(r"^\s*value\b", code, re.M) else "  value 1\n"
        code = f'fan docs_fan "例番" {{\n{value}{code}\n}}\n'
    present = {w for w in MINIMAL_SECTIONS if re.search(rf"^\s*{w}\b", code, re.M)}
    base = "".join(text for word, text in MINIMAL_SECTIONS.items() if word not in present)
    return base + "\n" + code


MJC_BLOCKS = blocks("mjc")


def test_the_docs_have_rulebook_examples() -> None:
    assert len(MJC_BLOCKS) >= 20


@pytest.mark.parametrize("block", MJC_BLOCKS, ids=[b.where for b in MJC_BLOCKS])
def test_every_rulebook_example_in_the_docs_compiles(block: Block) -> None:
    source = as_rulebook(block.body)
    compilation = compile_source(source, block.where)
    errors = [d for d in compilation.diagnostics if d.severity == "error"]
    assert not errors, f"{block.where}:\n{source}\n" + "\n".join(
        f"{d.code} {d.message} (line {d.span.line if d.span else '?'})" for d in errors
    )


def test_the_language_reference_shows_every_keyword_of_the_grammar() -> None:
    """Every construct of grammar/rulebook.lark has an example: each keyword appears in a
    ```mjc block of the language reference."""
    code = "\n".join(b.body for b in blocks("mjc", [DOCS / "language.md"]))
    written = set(re.findall(r"[A-Za-z_]+", code))
    missing = sorted(keywords() - written)
    assert not missing, f"docs/language.md has no example using: {', '.join(missing)}"


# --------------------------------------------------------------------------- getting started

GETTING_STARTED = DOCS / "getting-started.md"


def _mjc(args: list[str]) -> list[str]:
    assert args[0] == "mjc"
    return [sys.executable, "-m", "mjc.compiler.cli", *args[1:]]


def _run(command: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "NO_COLOR": "1", "PYTHONPATH": str(DOCS.parent)}
    return subprocess.run(
        _mjc(shlex.split(command)), cwd=cwd, env=env, text=True, capture_output=True, timeout=120
    )


def test_every_command_of_the_getting_started_page_works_as_shown(tmp_path: Path) -> None:
    (first,) = [b for b in blocks("mjc", [GETTING_STARTED]) if b.title == "first.mjr"]
    (tmp_path / "first.mjr").write_text(first.body, encoding="utf-8")
    sessions = blocks("console", [GETTING_STARTED])
    assert sessions
    for session in sessions:
        command: str | None = None
        expected: list[str] = []
        steps: list[tuple[str, list[str]]] = []
        for line in session.body.splitlines():
            if line.startswith("$ "):
                if command is not None:
                    steps.append((command, expected))
                command, expected = line[2:], []
            else:
                expected.append(line)
        assert command is not None, session.where
        steps.append((command, expected))
        for command, lines in steps:
            done = _run(command, tmp_path)
            assert done.returncode == 0, f"{session.where}: $ {command}\n{done.stderr}"
            shown = "\n".join(lines).rstrip()
            actual = done.stdout.rstrip()
            assert actual == shown, (
                f"{session.where}: `$ {command}` prints something else now; update the page.\n"
                f"--- shown\n{shown}\n--- actual\n{actual}"
            )


def test_the_python_of_the_docs_runs_and_prints_what_it_says(tmp_path: Path) -> None:
    """The Python blocks of the getting-started and API pages, run where `mjc build` wrote
    the bundled rulebooks' modules and the first rulebook's; `print(x)  # y` must print y."""
    (first,) = [b for b in blocks("mjc", [GETTING_STARTED]) if b.title == "first.mjr"]
    (tmp_path / "first.mjr").write_text(first.body, encoding="utf-8")
    assert _run("mjc build -o build", tmp_path).returncode == 0
    assert _run("mjc build first.mjr -o build", tmp_path).returncode == 0
    python = blocks("python", [GETTING_STARTED, DOCS / "api.md"])
    assert len(python) >= 3
    for block in python:
        expected = [
            m.group(1).strip() for m in re.finditer(r"^print\(.*\)\s*#\s*(.*)$", block.body, re.M)
        ]
        env = {**os.environ, "PYTHONPATH": str(DOCS.parent)}
        done = subprocess.run(
            [sys.executable, "-c", block.body],
            cwd=tmp_path,
            env=env,
            text=True,
            capture_output=True,
            timeout=120,
        )
        assert done.returncode == 0, f"{block.where}:\n{done.stderr}"
        assert done.stdout.split("\n")[: len(expected)] == expected, block.where
