"""The template environment of the docs pages, where rulebook text is escaped on output.

Input is a template of `mjc.compiler.templates` and its context, built by
`mjc.compiler.docs.docgen`, `mjc.compiler.docs.comparison` and `mjc.compiler.docs.refdocs`. Pages
that show rulebooks render with jinja2 autoescaping whose escape is `mdtext.text` (through
`finalize`): every `{{ … }}` value that is not `mdtext.Md` (markup mjc wrote) is written as text,
and the filters (`cell`, `code`, `anchor`, `join`, `sentence`, `page_title`) keep markup and escape
text. The reference pages render mjc's own tables, which are Markdown."""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from importlib import resources
from typing import Any

import jinja2
from markupsafe import Markup

from mjc.compiler.docs.mdtext import Md, anchor, code, page_title, text
from mjc.compiler.ir.pretty import pretty

__all__ = ["md_cell", "reference_cell", "render", "render_reference"]


def md_cell(value: object) -> Md:
    """A value on one line inside a Markdown table cell: text escaped (`|` included), and a
    literal `|` of markup mjc wrote escaped for the table."""
    if isinstance(value, Markup):
        return Md(" ".join(str(value).split()).replace("|", "\\|"))
    return Md(" ".join(text(value).split()))


# A backtick code span of Markdown that mjc wrote (a run of backticks, then its match).
_CODE_SPAN = re.compile(r"(`+)(?:(?!\1).)+?\1")


def reference_cell(value: str) -> str:
    """Markdown of mjc's own tables on one line inside a table cell: a `|` outside code spans
    is escaped so it does not end the cell; one inside a code span is left alone, since the
    tables extension does not split a cell there and would show the backslash
    (`E|S|W|N`, not `E\\|S\\|W\\|N`)."""
    line = " ".join(value.split())
    parts: list[str] = []
    at = 0
    for span in _CODE_SPAN.finditer(line):
        parts += [line[at : span.start()].replace("|", "\\|"), span[0]]
        at = span.end()
    parts.append(line[at:].replace("|", "\\|"))
    return "".join(parts)


def indent(text: str, width: int = 4) -> str:
    return "\n".join((" " * width + line) if line else "" for line in text.splitlines())


def _sentence(value: object) -> Md:
    shown = value if isinstance(value, Markup) else text(value)
    return Md(str(shown)[:1].upper() + str(shown)[1:])


def _join(items: Iterable[object], separator: str = "") -> Md:
    # The separator is the template's own text; every item not Md is escaped.
    return Md(separator).join(text(item) for item in items)


def _finalize(value: object) -> Markup:
    """What every `{{ … }}` of a page template outputs: markup mjc wrote as it is, anything
    else as text (the one place a rulebook string is escaped on its way to a page)."""
    return value if isinstance(value, Markup) else text(value)


@functools.cache
def _environment(reference: bool = False) -> jinja2.Environment:
    """The pages' template environment. Pages that show rulebooks escape every value that
    is not `Md`; the reference pages (`reference=True`) show only mjc's own tables
    (diagnostic codes, the CLI parser, the builtin words), which are Markdown already."""
    env = jinja2.Environment(
        loader=jinja2.FunctionLoader(
            lambda name: (
                resources.files("mjc.compiler.templates").joinpath(name).read_text(encoding="utf-8")
            )
        ),
        autoescape=not reference,
        finalize=None if reference else _finalize,
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
        undefined=jinja2.StrictUndefined,
    )
    env.filters["cell"] = md_cell
    env.filters["code"] = code
    env.filters["anchor"] = anchor
    env.filters["page_title"] = page_title
    env.filters["pretty"] = pretty
    env.filters["block"] = indent
    if reference:
        env.filters["cell"] = reference_cell
        env.filters["sentence"] = lambda value: value[:1].upper() + value[1:]
    else:
        env.filters["sentence"] = _sentence
        env.filters["join"] = _join
    return env


def render(template: str, **context: Any) -> str:
    """A page that shows rulebooks: every value not `Md` is escaped as text."""
    return str(_environment().get_template(template).render(context))


def render_reference(template: str, **context: Any) -> str:
    """A reference page built from mjc's own tables only; never give it rulebook text."""
    return str(_environment(reference=True).get_template(template).render(context))
