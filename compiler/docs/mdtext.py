"""Rulebook text on a docs page: the one escaping function of the Markdown generators.

Every string a rulebook or its file name brings to a page (fan names, English names, option
and choice labels, sources, conventions, notes, titles, tier names, reasons, example hands,
file names) is untrusted: the pages are Markdown with inline HTML that mkdocs turns into the
site, so such a string must never become an element, an attribute, a link, a table cell
boundary, a heading or emphasis there, and must still *show* as its author wrote it.

`Md` is Markdown that mjc itself wrote (a badge, a tile picture, a code span of an
identifier); everything else is text, and `text()` escapes it: the characters that mean
something to HTML or to Markdown (and its extensions in `mkdocs.yml`: attribute lists,
admonitions, snippets) become numeric character references, which both show as the
character itself; line breaks become spaces, so text never starts a block of its own;
control characters (Python-Markdown's own placeholders are among them) are dropped. Joining
text into `Md` escapes it on the way (`Md.format`, `Md.join`, `Md + str` escape their
arguments, as `markupsafe.Markup` does for HTML), and the template environment of
`mjc.compiler.docs.docgen` escapes every value that is not `Md` when it is output.
"""

from __future__ import annotations

import html
import json
import re
import urllib.parse
from typing import Any, SupportsIndex

from markupsafe import Markup

__all__ = ["Md", "anchor", "code", "page_title", "text", "verbatim"]

# What HTML reads (& < >, and " in the attributes mjc writes) and what Markdown reads
# anywhere in a line: backslash escapes, code spans, emphasis, links and images, attribute
# lists, table cells, headings (a `#` in a heading's text also ends it early for the toc).
_ESCAPED = {c: f"&#{ord(c)};" for c in '&<>"\\`*_{}[]|#'}
_TRANSLATION = str.maketrans(_ESCAPED)

# Every line boundary Python (and so Markdown) knows, run together: text stays on one line.
_LINE_BREAKS = re.compile("[\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029]+")
# C0 and C1 controls (Python-Markdown's placeholders use STX and ETX), DEL, the
# bidirectional overrides that would reorder what the reader sees, lone surrogates (no
# UTF-8 file can hold them) and the two non-characters U+FFFE, U+FFFF.
_CONTROLS = re.compile(
    "[\x00-\x08\x0e-\x1f\x7f-\x84\x86-\x9f\u202a-\u202e\u2066-\u2069\ud800-\udfff\ufffe\uffff]"
)
# Text at the start of a line could begin a list, a block quote, an admonition (`!!!`,
# `???`), a fence (`~~~`), a rule or a setext underline, or a numbered list item (`1. `).
_LINE_START = re.compile(r"^(\s*)([-+=!?:~]|\d+[.)](?=\s|$))")


def _escape(value: str) -> str:
    value = _CONTROLS.sub("", _LINE_BREAKS.sub(" ", value))
    value = value.translate(_TRANSLATION)
    return _LINE_START.sub(lambda m: m[1] + "".join(f"&#{ord(c)};" for c in m[2]), value)


class Md(Markup):
    """Markdown (with inline HTML) that mjc wrote. Anything not `Md` that is formatted,
    joined or added into it is escaped with `text()` first."""

    __slots__ = ()

    @classmethod
    def escape(cls, s: Any) -> Md:
        return text(s)

    def __getitem__(self, key: SupportsIndex | slice) -> Md:
        # A slice of markup is still markup (the first letter of a sentence made upper-case).
        return Md(str.__getitem__(self, key))


def text(value: object) -> Md:
    """`value` (a rulebook string, a file name, a number) as Markdown that shows exactly it."""
    if isinstance(value, Md):
        return value
    if isinstance(value, Markup):
        # Markup escaped for HTML only (a jinja2 macro's output is built from escaped parts).
        return Md(value)
    return Md(_escape(str(value)))


# What may stand in a backtick code span as it is: Markdown shows a code span's text
# literally (escaping `<` and `&` itself), so only a backtick could end it early and a `|`
# end a table cell.
_PLAIN_CODE = re.compile(r"[^`|]+")


def code(value: object) -> Md:
    """`value` as inline code: a backtick code span, or, for text with a backtick or a `|`
    in it (or spaces at its ends, which a code span drops), `<code>` around escaped text,
    so no backtick run can end the span early."""
    if isinstance(value, Markup):
        return Md(f"<code>{value}</code>")
    shown = _CONTROLS.sub("", _LINE_BREAKS.sub(" ", str(value)))
    if _PLAIN_CODE.fullmatch(shown) and shown.strip() == shown:
        return Md(f"`{shown}`")
    return Md(f"<code>{_escape(shown)}</code>")


_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def anchor(value: object) -> Md:
    """An id as the fragment of a link (`#pure_one_suit`) or a heading's anchor: rulebook
    ids are names of the grammar and stay as they are; anything else is percent-encoded."""
    shown = str(value)
    if _NAME.fullmatch(shown):
        return Md(shown)
    return Md(urllib.parse.quote(shown, safe=""))


def verbatim(value: str) -> Md:
    """A line inside a fenced code block (what `pretty` prints of an expression): shown
    literally by Markdown, so it only has to stay on its line and not close the fence."""
    shown = _CONTROLS.sub("", _LINE_BREAKS.sub(" ", value))
    return Md(shown.replace("```", "` ` `").replace("~~~", "~ ~ ~"))


def page_title(value: str) -> Md:
    """A page's `title:` in its YAML front matter: mkdocs and the theme put it into `<title>`
    and the navigation as HTML, unescaped, so it is HTML-escaped and then quoted for YAML
    (a JSON string is a YAML double-quoted scalar)."""
    shown = _CONTROLS.sub("", _LINE_BREAKS.sub(" ", value))
    return Md(json.dumps(html.escape(shown, quote=True), ensure_ascii=False))
