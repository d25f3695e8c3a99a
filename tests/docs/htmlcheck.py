"""What a built page holds, read with `html.parser`: its elements with their attributes, the
text of every script and style, and the text a reader sees (outside scripts and styles)."""

from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser

# Elements whose content is not shown as text.
_HIDDEN = {"script", "style", "template"}
# Attributes that hold a URL a click or a load follows.
_URLS = {"href", "src", "action", "formaction", "xlink:href", "data"}
_LIVE_SCHEMES = ("javascript:", "data:text/html", "vbscript:")


@dataclass
class Page:
    elements: list[tuple[str, dict[str, str]]] = field(default_factory=list)
    scripts: list[str] = field(default_factory=list)
    styles: list[str] = field(default_factory=list)
    text: list[str] = field(default_factory=list)
    title: str = ""


class _Reader(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.page = Page()
        self._open: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.page.elements.append((tag, {k.lower(): v or "" for k, v in attrs}))
        if tag in _HIDDEN or tag == "title":
            self._open.append(tag)
        if tag == "script":
            self.page.scripts.append("")
        if tag == "style":
            self.page.styles.append("")

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.page.elements.append((tag, {k.lower(): v or "" for k, v in attrs}))

    def handle_endtag(self, tag: str) -> None:
        if self._open and self._open[-1] == tag:
            self._open.pop()

    def handle_data(self, data: str) -> None:
        inside = self._open[-1] if self._open else None
        if inside == "script":
            self.page.scripts[-1] += data
        elif inside == "style":
            self.page.styles[-1] += data
        elif inside == "title":
            self.page.title += data
        elif inside is None:
            self.page.text.append(data)


def read_page(html: str) -> Page:
    reader = _Reader()
    reader.feed(html)
    reader.close()
    return reader.page


def live_markup(page: Page, marker: str) -> list[str]:
    """Everything in `page` that would run or act: an `on…` attribute, a `javascript:` URL, a
    script, style or frame that holds `marker` (or any frame at all), an image of `x`."""
    found = []
    for tag, attrs in page.elements:
        for name, value in attrs.items():
            if name.startswith("on"):
                found.append(f"<{tag} {name}>")
            squeezed = "".join(value.split()).lower()
            if name in _URLS and squeezed.startswith(_LIVE_SCHEMES):
                found.append(f"<{tag} {name}={value[:40]}>")
            if name == "srcdoc":
                found.append(f"<{tag} srcdoc>")
        if tag in ("iframe", "frame", "object", "embed"):
            found.append(f"<{tag}>")
        if tag == "img" and attrs.get("src") == "x":
            found.append("<img src=x>")
    found += [f"<script>{s[:60]}" for s in page.scripts if marker in s]
    found += [f"<style>{s[:60]}" for s in page.styles if "display:none" in s.replace(" ", "")]
    return found
