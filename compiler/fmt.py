"""`mjc fmt`: one canonical layout for rulebook text, keeping every comment and string.

Input is the text of a rulebook file (read by the CLI, or handed over by the language server
through `format_text`). The text is first parsed by `compiler/syntax/parse.py`, so a file with a
syntax error is refused with its diagnostics and never rewritten. It is then parsed again into
a concrete tree that keeps every token (Lark's `keep_all_tokens`), lexed once more for the
comments the grammar ignores, and printed by the rules below; the result is checked to hold
the same tokens and comments in the same order before it is returned. Only whitespace
changes: the token sequence, every comment's text and every string stay exactly as written.

The layout, read from how the bundled rulebooks are written:

- one section or item per line, items inside `{ }` indented two spaces; a blank line the
  designer left between sections, items or comments is kept (several collapse to one), blank
  lines elsewhere are dropped;
- an item's provenance (`source`, `reference`, `convention`, `note`) goes on the item's line
  when it is the only one, the item is inside a block and has no `if` or `when` condition, and
  the line fits in 100 columns (CJK characters count two); otherwise each goes on its own
  line two spaces deeper;
- a line longer than 100 columns breaks before its `when` (a presumption's `because`), which
  goes two spaces deeper;
- a situation's `presumes` and `excludes` clauses go one a line, two spaces deeper;
- a block's closing `}` takes the first of the provenance after it when it fits;
- a `choice(...)` list any of whose choices carries provenance has one choice per line;
- rows of a horse table are aligned in columns;
- tokens on a line are separated by one space, except around `,` `.` `..` `:` brackets, calls
  and situation values (`seat_wind=E`);
- a comment that ended a line stays at the end of that line; a comment on its own line stays
  on its own line, indented like what follows it.
"""

from __future__ import annotations

import argparse
import functools
import os
import re
import sys
import unicodedata
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mjc.compiler.diagnostics import Diagnostic, render_text
from mjc.compiler.lalr import Token, Tree, from_lark
from mjc.compiler.syntax.parse import grammar_text, parse
from mjc.compiler.syntax.sources import read_rulebook, rulebook_text

if TYPE_CHECKING:
    import lark

WIDTH = 100
INDENT = 2
CONTINUATION = 4
PROVENANCE = frozenset({"source", "reference", "convention", "note"})
_BLANK = re.compile(r"\n[ \t\r\f\v]*\n")
# Clauses of a declaration that each take a line of their own, like provenance.
_OWN_LINE_CLAUSES = frozenset({"presumes", "situation_excludes"}) | PROVENANCE
# Where a line too long breaks: before its `when` (or a presumption's `because`).
_BREAKS = frozenset({"WHEN", "BECAUSE"})

Node = Tree | Token


@functools.cache
def _cst_parser() -> lark.Lark:
    """A parser of the same grammar that keeps every token (the grammar's literal keywords
    and brackets included) in the tree it builds (Lark is imported here, not with the module:
    the command line imports this module, and `mjc check` does without Lark)."""
    import lark

    return lark.Lark(
        grammar_text(),
        parser="lalr",
        keep_all_tokens=True,
        propagate_positions=True,
        maybe_placeholders=False,
        cache=True,  # as parse.parser(): the built tables are kept in the temp folder
    )


def _cst(text: str) -> Tree:
    """The tree of `text` that keeps every token."""
    tree: Tree = from_lark(_cst_parser().parse(text))
    return tree


def _lexed(text: str) -> list[Token]:
    """Every token of the text with the comments (and white space) the grammar ignores. The
    plain lexer reads the same spans as the parser's contextual one: a `#` outside a string
    starts a comment for both."""
    return [from_lark(token) for token in _cst_parser().lex(text, dont_ignore=True)]


def display_width(text: str) -> int:
    """Columns the text takes in a terminal or editor: wide (CJK) characters take two."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def format_text(text: str, file: str) -> str | list[Diagnostic]:
    """The canonical layout of a rulebook's text, or the diagnostics that stop it being read."""
    text = rulebook_text(text)
    book, diagnostics = parse(text, file)
    if book is None:
        return diagnostics
    tree = _cst(text)
    comments = [t for t in _lexed(text) if t.type == "COMMENT"]
    result = _Printer(text, comments).print(tree)
    if _words(result) != _words(text):
        raise FormatError(f"{file}: the formatter would change more than whitespace")
    return result


class FormatError(Exception):
    """The formatter's own output failed its check (a bug in this module, never the input's
    fault): the file is left as it is."""


def _words(text: str) -> list[tuple[str, str]]:
    """Every token and comment of the text, in order, comments without trailing blanks: what
    formatting must keep."""
    import lark

    try:
        tokens = _lexed(text)
    except lark.exceptions.LarkError:
        return []
    return [
        (t.type, str(t).rstrip() if t.type == "COMMENT" else str(t))
        for t in tokens
        if t.type != "WS"
    ]


def _tokens(node: Node) -> Iterator[Token]:
    if isinstance(node, Token):
        yield node
    else:
        for child in node.children:
            yield from _tokens(child)


def _first(node: Node) -> Token:
    return next(_tokens(node))


def _last(node: Node) -> Token:
    return list(_tokens(node))[-1]


def _is_provenance(node: Node) -> bool:
    return isinstance(node, Tree) and node.data in PROVENANCE


class _Printer:
    """Writes lines; `put` places a token after the previous one, flushing comments first."""

    def __init__(self, text: str, comments: list[Token]) -> None:
        self.text = text
        self.comments = comments
        self.next_comment = 0
        self.lines: list[str] = []
        self.cur: str | None = None  # the line being written; None before the first
        self.fresh = True  # nothing but indentation on `cur` yet
        self.last_end = 0  # source offset after the last token or comment written
        self.last_line = 0  # source line of the last token written
        self.broken = False  # a comment ended the line: the next token starts a new one
        self.prev: Token | None = None
        self.prev_parent = ""  # the rule the last token belongs to (`neg`: no space after `-`)

    # ------------------------------------------------------------------ low level

    def start_line(self, indent: int) -> None:
        if self.cur is not None:
            self.lines.append(self.cur.rstrip())
        self.cur = " " * indent
        self.fresh = True
        self.broken = False

    def blank(self) -> None:
        if self.cur is not None and not self.fresh:
            self.lines.append(self.cur.rstrip())
            self.cur = None
        if self.lines and self.lines[-1] != "":
            self.lines.append("")

    def _gap_has_blank(self, start: int) -> bool:
        return self.last_end > 0 and bool(_BLANK.search(self.text, self.last_end, start))

    def flush_comments(self, before: int, indent: int, keep_blank: bool) -> None:
        """Write the comments that come before offset `before`: trailing ones at the end of
        the current line, others on their own lines at `indent`."""
        while self.next_comment < len(self.comments):
            comment = self.comments[self.next_comment]
            start = comment.start_pos or 0
            if start >= before:
                return
            self.next_comment += 1
            trailing = comment.line == self.last_line and not self.fresh and self.prev is not None
            if trailing and self.cur is not None:
                self.cur += "  " + str(comment)
            else:
                if keep_blank and self._gap_has_blank(start):
                    self.blank()
                if self.cur is None or not self.fresh:
                    self.start_line(indent)
                self.cur = " " * indent + str(comment)
                self.fresh = False
            self.last_end = comment.end_pos or start
            self.broken = True

    def put(self, token: Token, space: bool, indent: int) -> None:
        """Write a token; `indent` is where it goes if a comment forced a new line."""
        self.flush_comments(token.start_pos or 0, indent, keep_blank=False)
        if self.broken or self.cur is None:
            self.start_line(indent)
        assert self.cur is not None
        if self.fresh:
            self.cur += str(token)
        else:
            self.cur += (" " if space else "") + str(token)
        self.fresh = False
        self.prev = token
        self.prev_parent = ""
        self.last_end = token.end_pos or 0
        self.last_line = token.end_line or 0

    def begin_item(self, node: Node, indent: int) -> None:
        """Start an item on its own line, with the comments and blank line before it."""
        start = _first(node).start_pos or 0
        self.flush_comments(start, indent, keep_blank=True)
        if self._gap_has_blank(start):
            self.blank()
        self.start_line(indent)

    def comment_between(self, start: int, end: int) -> bool:
        return any(start <= (c.start_pos or 0) < end for c in self.comments)

    # ------------------------------------------------------------------ layout

    def print(self, tree: Tree) -> str:
        for section in tree.children:
            self.begin_item(section, 0)
            self.item(section, 0)
        self.flush_comments(len(self.text) + 1, 0, keep_blank=True)
        if self.cur is not None:
            self.lines.append(self.cur.rstrip())
        return "\n".join(self.lines).strip("\n") + "\n" if self.lines else ""

    def item(self, node: Node, indent: int) -> None:
        """One item (already on a fresh line at `indent`): its head, any block, provenance."""
        if isinstance(node, Token):
            self.put(node, True, indent)
            return
        if node.data in ("override_fan", "override_option", "extend"):  # the word, the item
            *words, inner = node.children
            for word in words:
                self.inline(word, node, indent)
            self.item(inner, indent)
            return
        children = list(node.children)
        provenance: list[Node] = []
        while children and _is_provenance(children[-1]) and node.data not in PROVENANCE:
            provenance.insert(0, children.pop())
        head = " ".join(str(t) for c in children for t in _tokens(c))
        long_line = "{" not in head and indent + display_width(head) > WIDTH
        cont = indent + CONTINUATION
        i = 0
        while i < len(children):
            child = children[i]
            if isinstance(child, Token) and child.type == "LBRACE":
                end = next(j for j in range(i, len(children)) if _is_rbrace(children[j]))
                rbrace = children[end]
                assert isinstance(rbrace, Token)
                self.block(node, children[i + 1 : end], child, rbrace, indent)
                i = end + 1
                continue
            if isinstance(child, Tree) and child.data in _OWN_LINE_CLAUSES:
                self.begin_item(child, indent + INDENT)  # a situation's clauses, one a line
                self.item(child, indent + INDENT)
            elif isinstance(child, Token) and child.type in _BREAKS and long_line and i > 0:
                self.start_line(indent + INDENT)
                self.put(child, True, indent + INDENT)
                cont = indent + INDENT + CONTINUATION  # what follows `when` continues under it
            elif isinstance(child, Tree) and child.data == "choice_type" and self._broken(child):
                self.choices(child, indent)
            else:
                self.inline(child, node, cont)
            i += 1
        conditional = any(t.type in {"IF", "WHEN"} for c in children for t in _tokens(c))
        closed = _is_rbrace(children[-1]) if children else False
        if closed and provenance:  # `} source "…"`: the first provenance after the brace
            self.provenance(provenance[:1], indent, inline=True)
            self.provenance(provenance[1:], indent, inline=False)
        else:
            self.provenance(provenance, indent, inline=indent > 0 and not conditional)

    def block(
        self, owner: Tree, items: list[Node], lbrace: Token, rbrace: Token, indent: int
    ) -> None:
        self.put(lbrace, True, indent + CONTINUATION)
        if owner.data == "horse_table" and self._alignable(items, rbrace):
            self.aligned_rows(items, indent + INDENT)
        else:
            for item in items:
                self.begin_item(item, indent + INDENT)
                self.item(item, indent + INDENT)
        self.flush_comments(rbrace.start_pos or 0, indent + INDENT, keep_blank=True)
        self.start_line(indent)
        self.put(rbrace, True, indent)

    def provenance(self, items: list[Node], indent: int, inline: bool) -> None:
        """Provenance after an item: on the item's line when `inline` allows it, it is the
        only one and it fits, else each on its own line below the item."""
        if not items:
            return
        if inline and len(items) == 1 and not self.broken and self.cur is not None:
            only = items[0]
            text = " ".join(str(t) for t in _tokens(only))
            first, last = _first(only), _last(only)
            quiet = not self.comment_between(self.last_end, last.end_pos or 0)
            if quiet and display_width(self.cur) + 1 + display_width(text) <= WIDTH:
                self.put(first, True, indent)
                self.put(last, True, indent)
                return
        for item in items:
            self.begin_item(item, indent + INDENT)
            self.item(item, indent + INDENT)

    def inline(self, node: Node, parent: Tree, indent: int) -> None:
        """Tokens of `node` on the current line, spaced by the rules of `_space`."""
        if isinstance(node, Token):
            self.put(node, self._space(node, parent), indent)
            self.prev_parent = parent.data
            return
        for child in node.children:
            self.inline(child, node, indent)

    def _space(self, token: Token, parent: Tree) -> bool:
        prev = self.prev
        text = str(token)
        if prev is None or self.fresh:
            return True
        before = str(prev)
        if text in {",", ")", "]", ":", ".", ".."} or before in {"(", "[", ".", ".."}:
            return False
        if text == "(" and parent.data in {"call", "choice_type"}:
            return False
        if before == "-" and self.prev_parent == "neg":
            return False
        return not ("=" in {text, before} and parent.data == "situation")

    # ------------------------------------------------------------------ choice lists

    def _broken(self, choice_type: Tree) -> bool:
        choices = [c for c in choice_type.children if isinstance(c, Tree)]
        if any(_is_provenance(c) for choice in choices for c in choice.children):
            return True
        start, end = _first(choice_type).start_pos or 0, _last(choice_type).end_pos or 0
        return self.comment_between(start, end)

    def choices(self, choice_type: Tree, indent: int) -> None:
        """`choice(` then one choice per line four deeper, `)` on its own line two deeper."""
        for child in choice_type.children:
            if isinstance(child, Tree):
                self.begin_item(child, indent + CONTINUATION)
                self.inline(child, choice_type, indent + CONTINUATION + INDENT)
            elif str(child) == ")":
                self.flush_comments(child.start_pos or 0, indent + CONTINUATION, True)
                self.start_line(indent + INDENT)
                self.put(child, False, indent + INDENT)
            else:
                self.put(child, self._space(child, choice_type), indent + CONTINUATION)

    # ------------------------------------------------------------------ horse tables

    def _alignable(self, rows: list[Node], rbrace: Token) -> bool:
        """Rows are aligned unless a comment sits among them or they are not all rows."""
        if not rows or not all(isinstance(r, Tree) and r.data == "horse_row" for r in rows):
            return False
        start = _first(rows[0]).start_pos or 0
        return not self.comment_between(start, rbrace.start_pos or 0)

    def aligned_rows(self, rows: list[Node], indent: int) -> None:
        """`dealer   ranks 1, 5, 9  tiles 7z, 1z  source "…"`: the seat name padded to the
        longest, each part padded to the longest part in its column, two spaces between."""
        cells: list[list[str]] = []
        for row in rows:
            assert isinstance(row, Tree)
            parts = [c for c in row.children if not _is_provenance(c)]
            cells.append([_joined(p) for p in parts])
        widths = [
            max(display_width(r[k]) for r in cells if len(r) > k)
            for k in range(max(map(len, cells)))
        ]
        for row, texts in zip(rows, cells, strict=True):
            assert isinstance(row, Tree)
            self.begin_item(row, indent)
            pieces = []
            for k, piece in enumerate(texts):
                pad = widths[k] - display_width(piece)
                pieces.append(piece + " " * (pad + (1 if k == 0 else 2)))
            provenance = [c for c in row.children if _is_provenance(c)]
            line = "".join(pieces)
            if len(provenance) != 1:
                line = line.rstrip()
            assert self.cur is not None
            self.cur += line
            self.fresh = False
            last = _last(row.children[len(texts) - 1])
            self.prev, self.last_end, self.last_line = last, last.end_pos or 0, last.end_line or 0
            if len(provenance) == 1:
                text = _joined(provenance[0])
                if display_width(self.cur) + display_width(text) <= WIDTH:
                    self.cur += text
                    last = _last(provenance[0])
                    self.prev, self.last_end = last, last.end_pos or 0
                    self.last_line = last.end_line or 0
                    continue
                self.cur = self.cur.rstrip()
            self.provenance(provenance, indent, inline=False)


def _is_rbrace(node: Node) -> bool:
    return isinstance(node, Token) and node.type == "RBRACE"


def _joined(node: Node) -> str:
    """A horse part or provenance on one line: `ranks 1, 5, 9`, `source "…"`."""
    out = ""
    for token in _tokens(node):
        text = str(token)
        out += text if text == "," or not out else " " + text
    return out


# ---------------------------------------------------------------------------- the command


def rulebook_files(paths: list[str]) -> list[Path]:
    """The files named, and every `*.mjr` inside the folders named (sorted)."""
    files: list[Path] = []
    for name in paths:
        path = Path(name)
        if path.is_dir():
            files.extend(sorted(path.rglob("*.mjr")))
        elif path.is_file():
            files.append(path)
        else:
            raise FileNotFoundError(name)
    return files


def _write_atomically(path: Path, text: str) -> None:
    import tempfile  # here, not with the module: the command line imports it for every command

    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="") as out:
            out.write(text)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def run(args: argparse.Namespace, usage_error: type[Exception]) -> int:
    """The `mjc fmt` handler: 0 all formatted (or rewritten), 1 a file would change under
    `--check` or cannot be read as a rulebook; a missing path raises the CLI's `usage_error`
    (passed in: `mjc.compiler.cli.commands` may be running as `__main__`, a module of its own)."""
    try:
        files = rulebook_files(args.paths)
    except FileNotFoundError as exc:
        raise usage_error(f"no such file or folder: {exc}") from None
    status = 0
    for path in files:
        text, unreadable = read_rulebook(path, str(path))
        try:
            formatted = format_text(text, str(path)) if unreadable is None else [unreadable]
        except FormatError as exc:
            print(f"mjc: error: {exc}; {path} is left as it is", file=sys.stderr)
            status = 1
            continue
        if isinstance(formatted, list):
            sys.stderr.write(render_text(formatted, {str(path): text}))
            status = 1
            continue
        if formatted.encode("utf-8") == path.read_bytes():
            continue
        if args.check:
            import difflib  # here: every command builds the parser that names this one

            diff = difflib.unified_diff(
                text.splitlines(keepends=True),
                formatted.splitlines(keepends=True),
                fromfile=f"{path} (as written)",
                tofile=f"{path} (formatted)",
            )
            sys.stdout.writelines(diff)
            print(f"would reformat {path}", file=sys.stderr)
            status = 1
        else:
            _write_atomically(path, formatted)
            print(f"reformatted {path}")
    return status


def add_command(commands: argparse._SubParsersAction[Any], usage_error: type[Exception]) -> None:
    """Add `mjc fmt` to the CLI's subcommands; `usage_error` is what the CLI reports as a
    usage error (exit 2)."""
    fmt = commands.add_parser("fmt", help="lay out rulebooks the one canonical way")
    fmt.add_argument(
        "paths", nargs="+", metavar="PATH", help="rulebook files, or folders of *.mjr files"
    )
    fmt.add_argument(
        "--check",
        action="store_true",
        help="change nothing: print a diff and exit 1 if a file is not formatted",
    )
    fmt.set_defaults(run=functools.partial(run, usage_error=usage_error))
