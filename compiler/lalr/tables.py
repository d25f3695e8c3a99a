"""The lean parser's tables: Lark's LALR parse table and contextual lexer for the rulebook
grammar, read out of a Lark parser once and kept in mjc's cache as plain data.

Lark builds the tables of `grammar/rulebook.lark` (its own cache, `compiler/caches.py`, spares
the building), but loading them back into Lark's objects, building its parse-tree callbacks
and compiling a regular expression per lexer state cost `mjc check` more than its whole parse.
What the parser needs of them is plain data: for each state, the action of each symbol; for
each rule, what its tree keeps of its children; for each state, the terminals its lexer tries,
in Lark's order. `tables_from_lark` reads that out of a built Lark parser (and answers None for
a grammar or option it does not reproduce exactly, so that the caller keeps to Lark), and
`cached_tables` keeps it in mjc's cache, in `marshal`'s format, by the hash of the grammar, of
Lark's version and Python's and of this format: a missing, stale or broken file is built again
from Lark, and with no cache folder the tables are read out of Lark in every process.

The tables (a `dict`): `rows`, one per state, each symbol's action (a state to shift to, or
`-1 - r` to reduce by rule `r`); `rules`, each `(origin, length, tree name, expand a single
child, children kept)` where the children kept are `(index, inline)` pairs or None for all;
`lexers`, each `(its regular expression terminals in the order Lark tries them, {a first
character: the literal terminals that start with it, in Lark's order}, {regex terminal: {text:
keyword}})` (Lark tries every regular expression of a state before its literals), and
`lexer_of`, the lexer of each state; `patterns`, each terminal's `(is a regular expression,
text)`; `newline` and `ignore`, terminal names; `start` and `end`, states.
"""

from __future__ import annotations

import contextlib
import importlib.util
import marshal
import os
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

from mjc.compiler.caches import cache_folder
from mjc.usercache import file_key, read_whole, write_whole

if TYPE_CHECKING:
    import lark

__all__ = ["FORMAT", "Tables", "cached_tables", "tables_from_lark"]

FORMAT = 2
"""The version of the tables' layout; a change of it names new cache files."""

Tables = dict[str, Any]


def tables_from_lark(parser: lark.Lark) -> Tables | None:
    """The tables of a Lark LALR parser with a contextual lexer and positions propagated, or
    None when it uses something the lean parser does not do as Lark does (placeholders,
    lexer callbacks, flags on terminals, …)."""
    from lark.lexer import ContextualLexer, PatternRE, PatternStr, _create_unless
    from lark.parsers.lalr_analysis import Shift

    options = parser.options
    frontend = parser.parser
    lexer = getattr(frontend, "lexer", None)
    if (
        options.parser != "lalr"
        or options.propagate_positions is not True
        or options.maybe_placeholders
        or options.lexer_callbacks
        or options.postlex is not None
        or options.g_regex_flags
        or options.use_bytes
        or options.tree_class is not None
        or options.transformer is not None
        or not isinstance(lexer, ContextualLexer)
    ):
        return None
    table = frontend.parser.parser.parse_table
    if sorted(table.states) != list(range(len(table.states))) or len(table.start_states) != 1:
        return None
    rule_index: dict[int, int] = {}
    rules: list[tuple[str, int, str, bool, tuple[tuple[int, bool], ...] | None]] = []
    rows: list[dict[str, int]] = []
    for state in range(len(table.states)):
        row: dict[str, int] = {}
        for symbol, (action, arg) in table.states[state].items():
            if action is Shift:
                row[symbol] = arg
                continue
            if id(arg) not in rule_index:
                rule_index[id(arg)] = len(rules)
                rules.append(_rule(arg, bool(options.keep_all_tokens)))
            row[symbol] = -1 - rule_index[id(arg)]
        rows.append(row)
    patterns: dict[str, tuple[bool, str]] = {}
    for terminal in parser.terminals:
        pattern = terminal.pattern
        if pattern.flags or not isinstance(pattern, PatternStr | PatternRE):
            return None
        patterns[terminal.name] = (isinstance(pattern, PatternRE), pattern.to_regexp())
        if isinstance(pattern, PatternStr):
            patterns[terminal.name] = (False, pattern.value)
    lexers: list[tuple[tuple[str, ...], dict[str, tuple[str, ...]], dict[str, dict[str, str]]]] = []
    lexer_index: dict[int, int] = {}
    lexer_of: list[int] = []
    newline: set[str] = set()
    for state in range(len(table.states)):
        basic: Any = lexer.lexers[state]
        if id(basic) not in lexer_index:
            lexer_index[id(basic)] = len(lexers)
            kept, callbacks = _create_unless(basic.terminals, 0, basic.re, False)  # type: ignore[no-untyped-call]
            if basic.user_callbacks or set(callbacks) & set(basic.ignore_types):
                return None
            unless: dict[str, dict[str, str]] = {}
            for name, callback in callbacks.items():
                words: dict[str, str] = {}
                for word in callback.scanner.terminals:
                    words.setdefault(word.pattern.value, word.name)
                unless[name] = words
            regexes = tuple(t.name for t in kept if isinstance(t.pattern, PatternRE))
            if tuple(t.name for t in kept[: len(regexes)]) != regexes:
                return None  # a literal tried before a regular expression: not this layout
            by_char: dict[str, list[str]] = {}
            for terminal in kept[len(regexes) :]:
                by_char.setdefault(terminal.pattern.value[0], []).append(terminal.name)
            lexers.append((regexes, {c: tuple(n) for c, n in by_char.items()}, unless))
            newline |= basic.newline_types
        lexer_of.append(lexer_index[id(basic)])
    tables: Tables = _plain(
        {
            "format": FORMAT,
            "rows": rows,
            "rules": rules,
            "lexers": lexers,
            "lexer_of": lexer_of,
            "patterns": patterns,
            "newline": tuple(sorted(newline)),
            "ignore": tuple(sorted(cast(Any, lexer.root_lexer).ignore_types)),
            "start": next(iter(table.start_states.values())),
            "end": next(iter(table.end_states.values())),
        }
    )
    return tables


def _plain(data: Any) -> Any:
    """`data` in the plain types `marshal` writes: the names in a grammar Lark has just built
    are its `Token`s, a subclass of `str`."""
    if isinstance(data, str):
        return str(data)
    if isinstance(data, bool | int | None):
        return data
    if isinstance(data, dict):
        return {_plain(key): _plain(value) for key, value in data.items()}
    if isinstance(data, tuple | list):
        return type(data)(_plain(item) for item in data)
    raise TypeError(f"the tables hold a {type(data).__name__}")


def _rule(
    rule: Any, keep_all: bool
) -> tuple[str, int, str, bool, tuple[tuple[int, bool], ...] | None]:
    """What the tree of `rule` keeps of its children, as Lark's parse-tree builder decides it
    (`lark.parse_tree_builder`, without placeholders): tokens filtered out (punctuation and
    keywords) are dropped unless the rule keeps all tokens, the children of a `_rule` are put
    in its place, and a `?rule` of one child is that child."""
    keep_tokens = keep_all or rule.options.keep_all_tokens
    include = tuple(
        (index, not symbol.is_term and symbol.name.startswith("_"))
        for index, symbol in enumerate(rule.expansion)
        if keep_tokens or not (symbol.is_term and symbol.filter_out)
    )
    filtered = len(include) < len(rule.expansion) or any(inline for _, inline in include)
    name = rule.alias or rule.options.template_source or rule.origin.name
    expand = bool(rule.options.expand1 and not rule.alias)
    return rule.origin.name, len(rule.expansion), str(name), expand, include if filtered else None


def cached_tables(grammar: str, build: Callable[[], lark.Lark]) -> Tables | None:
    """The tables of the parser `build` makes for `grammar`: from mjc's cache when a file for
    this grammar, Lark and Python is there and reads, else read out of `build()` (and kept
    in the cache for the next process). None when Lark's parser is not one the lean parser
    reproduces."""
    key = f"{grammar}\0{_lark_installed()}\0python {sys.version}\0tables {FORMAT}"
    digest = file_key(key)
    folder = cache_folder("lalr")
    path = None if folder is None else os.path.join(folder, f"rulebook-{digest}.marshal")
    if path is not None:
        with contextlib.suppress(ValueError, EOFError, TypeError):
            stored = marshal.loads(read_whole(path) or b"")
            if isinstance(stored, dict) and stored.get("key") == digest:
                tables: Tables | None = stored.get("tables")
                if tables is None or _whole(tables):
                    return tables
    tables = tables_from_lark(build())
    if path is not None:
        write_whole(path, marshal.dumps({"key": digest, "tables": tables}))
    return tables


_PARTS = {
    "format": int,
    "rows": list,
    "rules": list,
    "lexers": list,
    "lexer_of": list,
    "patterns": dict,
    "newline": tuple,
    "ignore": tuple,
    "start": int,
    "end": int,
}


def _whole(tables: object) -> bool:
    """Whether `tables` read back from a file has every part, of its type, in this format, and
    a lexer for every state (a file cut short or of another layout is built again)."""
    return (
        isinstance(tables, dict)
        and all(isinstance(tables.get(part), kind) for part, kind in _PARTS.items())
        and tables["format"] == FORMAT
        and len(tables["lexer_of"]) == len(tables["rows"])
        and all(0 <= lexer < len(tables["lexers"]) for lexer in tables["lexer_of"])
        and 0 <= tables["start"] < len(tables["rows"])
    )


def _lark_installed() -> str:
    """Which Lark is installed, without importing it (which costs more than the tables): the
    place, size and time of its `__init__.py`, which an upgrade changes."""
    spec = importlib.util.find_spec("lark")
    origin = None if spec is None else spec.origin
    if origin is None:
        return "lark ?"
    try:
        stat = os.stat(origin)
    except OSError:
        return f"lark {origin}"
    return f"lark {origin} {stat.st_size} {stat.st_mtime_ns}"
