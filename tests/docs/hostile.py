"""A docs site built from hostile rulebooks: HTML and Markdown payloads in every string slot.

Every bundled rulebook is rewritten so that each string it holds (title, English name,
version, sources, conventions, notes, option and choice labels, constraint and reject
reasons, preset and situation labels, units, tier, shape and fan names) becomes a payload
(`<script>`, `<img onerror>`, `"><svg onload>`, a `javascript:` link, a table breaker,
emphasis, backticks, jinja2 syntax, line separators, attribute lists, snippets, …) followed by
its slot number; only example hands, which must be hands, stay as they were. Each is compiled
under a file name that is itself a payload, and a variant extends one of them. The site is
built from those pages alone with the real site's Markdown extensions and theme.

The payload scripts, if they ever ran, would mark the page: they set `data-pwned` on the
`<html>` element, set `document.title` to PWNED and the global `mjcPwned`.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import yaml
from lark import Token

from mjc.compiler import ir
from mjc.compiler.driver import compile_source
from mjc.compiler.loader import bundled_rulebooks, resolve_rulebook
from mjc.compiler.site.build import GENERATED, site_files
from mjc.compiler.syntax.parse import parser

from .conftest import CONFIG, ROOT

MARK = "document.documentElement.setAttribute('data-pwned','1');document.title='PWNED'"

PAYLOADS = (
    f"<script>{MARK};window.mjcPwned=1</script>",
    f'<img src=x onerror="{MARK}">',
    f'"><svg onload="{MARK}">',
    f"[link](javascript:{MARK})",
    "| table | breaker |",
    "**bold** __strong__ _em_ `tick` ``two ` ticks``",
    "{{ jinja }} {% raw %} {# comment #} {% endraw %}",
    f"' onmouseover='{MARK}' x='",
    f'<a href="javascript:{MARK}">a link</a>',
    f"# heading\n- list item\n<script>{MARK}</script>",
    f'title {{: onclick="{MARK}" }}',
    '--8<-- "mkdocs.yml"',
    f"![image](javascript:{MARK})",
    "&lt;script&gt; &amp; &#60;b&#62;",
    f"\u2028<script>{MARK}</script>\u0085after a line separator",
    "<!-- comment --> --> <style>body{display:none}</style>",
    '!!! danger "admonition"',
    "\\ backslash \\* \\` \\<i>",
    f'<iframe srcdoc="<script>{MARK}</script>"></iframe>',
    f'<details open ontoggle="{MARK}">',
    "1. a numbered list",
    "(1111p) 中文 清一色 · 混一色",
)

FILE_NAME = "<img src=x onerror=alert(1)> \"'|*_[x](javascript:alert(1)).mjr"

# Strings that must stay what they are for the rulebook to compile: example hands and wins.
_KEEP_AFTER = {"example", "counterexample", "win"}


@dataclass(frozen=True, slots=True)
class HostileBook:
    book: ir.Rulebook
    strings: tuple[str, ...]  # every payload string the rulebook holds, as the compiler reads it


def _quote(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def hostile_source(source: str, start: int) -> tuple[str, list[str]]:
    """`source` with every string but example hands replaced by a payload and its slot
    number, counting slots from `start`; and the payloads as the compiler will read them."""
    out: list[str] = []
    strings: list[str] = []
    at = 0
    previous: Token | None = None
    for token in parser().lex(source):
        if token.type == "STRING" and not (previous is not None and previous in _KEEP_AFTER):
            slot = start + len(strings)
            value = f"{PAYLOADS[slot % len(PAYLOADS)]} ·{slot}"
            strings.append(value)
            assert token.start_pos is not None and token.end_pos is not None
            out.append(source[at : token.start_pos])
            out.append(_quote(value))
            at = token.end_pos
        previous = token
    out.append(source[at:])
    return "".join(out), strings


VARIANT = """
rulebook hostile_variant extends guangdong {
  title "<script>document.title='PWNED'</script> variant"
  english "<img src=x onerror=\\"document.title='PWNED'\\"> | breaker |"
  version "2.0 **bold**"
  convention "[link](javascript:alert(1)) `tick`"
}
"""


def hostile_books() -> list[HostileBook]:
    found = []
    start = 0
    for name in bundled_rulebooks():
        path, _ = resolve_rulebook(name)
        text, strings = hostile_source(path.read_text(encoding="utf-8"), start)
        start += len(strings)
        compilation = compile_source(text, f"{name} {FILE_NAME}")
        assert compilation.rulebook is not None, [
            (d.code, d.message) for d in compilation.diagnostics
        ]
        found.append(HostileBook(compilation.rulebook, tuple(strings)))
    variant = compile_source(VARIANT, f"variant {FILE_NAME}", directory=ROOT / "rulebooks")
    assert variant.rulebook is not None, [(d.code, d.message) for d in variant.diagnostics]
    book = variant.rulebook
    found.append(HostileBook(book, (book.title, book.english or "", book.version)))
    return found


def normalized(text: str) -> str:
    """Text as a page shows it: line breaks as spaces, runs of white space as one."""
    return " ".join(re.sub("[\x00-\x08\x0e-\x1f\x7f-\x84\x86-\x9f]", "", text).split())


def build_hostile_site(root: Path, books: list[HostileBook]) -> Path:
    """The site of the hostile rulebooks' pages, with the real site's theme, extensions and
    hooks (not its hand-written pages), built with `mkdocs build --strict`."""
    docs = root / "docs"
    for relative, text in site_files([b.book for b in books], argparse.ArgumentParser()).items():
        path = docs / GENERATED / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    (docs / "index.md").write_text("# Hostile rulebooks\n", encoding="utf-8")
    config = yaml.safe_load(CONFIG.read_text(encoding="utf-8"))
    config["docs_dir"] = str(docs)
    config["site_dir"] = str(root / "site")
    config["hooks"] = [str(ROOT / hook) for hook in config["hooks"]]
    config["INHERIT"] = str(ROOT / config["INHERIT"])
    # The base config's search dictionary is the one the pages above were written with.
    search = {"jieba_dict_user": str(docs / GENERATED / "search" / "words.txt")}
    config["plugins"] = {"search": search}
    config["nav"] = [
        {"Home": "index.md"},
        {
            "Rulebooks": [
                f"{GENERATED}/rulebooks/index.md",
                {"Compared": f"{GENERATED}/comparison.md"},
                {"Variants": f"{GENERATED}/variants.md"},
            ]
        },
    ]
    (root / "mkdocs.yml").write_text(yaml.safe_dump(config, allow_unicode=True), "utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(root / "mkdocs.yml")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return root / "site"
