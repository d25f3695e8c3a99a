"""Mutations for the fuzz tests: small edits of a rulebook's text that the compiler must
answer with diagnostics, never a traceback.

Two families, used by `rulebook_gen` and the fuzz tests:

* `MUTATION`: a hypothesis strategy of one structural edit -- a line deleted, duplicated or
  swapped, characters deleted, a piece inserted, one token replaced by another of the text;
* `mutation(c)` / `mutated(c, text)` (and `ALL_MUTATIONS`): those edits and the nastier ones
  -- numbers replaced by huge, negative or zero ones, names by Python's own (`None`,
  `__import__`, `RULESET`), Unicode oddities (BOM, CR, U+2028, combining marks, full-width
  digits, RTL marks, NUL), pieces inserted into string literals (which reach generated code
  and docs pages), every line ending changed.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from choices import Choices, strategy
from hypothesis import strategies as st

TOKEN = re.compile(r"\w+|[^\w\s]")
INSERTABLE = st.sampled_from(
    [
        "{",
        "}",
        '"',
        "#",
        "\\",
        "(",
        ")",
        "[",
        "]",
        ":",
        ",",
        "=",
        ".",
        "..",
        "\n",
        " ",
        "\t",
        "0",
        "1",
        "9",
        "5z",
        "8z",
        "99999999999999999999",
        "中",
        "鸡胡",
        "番",
        "“",
        "\u202e",
        "\x00",
        "\r",
        "when",
        "fan",
        "value",
        "tier",
        "option.",
        "all m in melds:",
        "x",
    ]
)

Mutation = Callable[[str], str]


def _lines(text: str) -> list[str]:
    return text.split("\n")


def delete_line(at: int) -> Mutation:
    def apply(text: str) -> str:
        lines = _lines(text)
        del lines[at % len(lines)]
        return "\n".join(lines)

    return apply


def duplicate_line(at: int) -> Mutation:
    def apply(text: str) -> str:
        lines = _lines(text)
        i = at % len(lines)
        lines.insert(i, lines[i])
        return "\n".join(lines)

    return apply


def swap_lines(a: int, b: int) -> Mutation:
    def apply(text: str) -> str:
        lines = _lines(text)
        i, j = a % len(lines), b % len(lines)
        lines[i], lines[j] = lines[j], lines[i]
        return "\n".join(lines)

    return apply


def delete_chars(at: int, count: int) -> Mutation:
    def apply(text: str) -> str:
        i = at % (len(text) + 1)
        return text[:i] + text[i + count :]

    return apply


def insert_text(at: int, piece: str) -> Mutation:
    def apply(text: str) -> str:
        i = at % (len(text) + 1)
        return text[:i] + piece + text[i:]

    return apply


def replace_token(a: int, b: int) -> Mutation:
    """Replace the a-th token of the text with (a copy of) its b-th token."""

    def apply(text: str) -> str:
        tokens = list(TOKEN.finditer(text))
        if not tokens:
            return text
        target = tokens[a % len(tokens)]
        source = tokens[b % len(tokens)]
        return text[: target.start()] + source.group() + text[target.end() :]

    return apply


POSITION = st.integers(min_value=0, max_value=10**6)
MUTATION: st.SearchStrategy[Mutation] = st.one_of(
    st.builds(delete_line, POSITION),
    st.builds(duplicate_line, POSITION),
    st.builds(swap_lines, POSITION, POSITION),
    st.builds(delete_chars, POSITION, st.integers(min_value=1, max_value=40)),
    st.builds(insert_text, POSITION, INSERTABLE | st.text(max_size=5)),
    st.builds(replace_token, POSITION, POSITION),
)


# ------------------------------------------------------------------------------ more mutations

INT_TOKEN = re.compile(r"(?<![\w.])\d+(?![\w])")
NAME_TOKEN = re.compile(r"(?<![\w\"])[A-Za-z_]\w*")
NUMBERS = ("0", "00", "-1", "-0", "1", "3", "999999999", "1000000000", "4294967296", "9" * 30)
NUMBERS += (str(2**31), str(2**63), "0" * 9 + "4", "1..0")
# Names a rulebook may hold that mean something to Python or to the generated module.
ODD_NAMES = (
    *("None", "True", "False", "self", "cls", "class", "def", "lambda", "import", "yield"),
    *("__import__", "__init__", "__class__", "__dict__", "_", "__", "print", "exec", "eval"),
    *("RULESET", "Ruleset", "score", "settle", "tiles", "melds", "option", "options", "f_x"),
    *("hand", "h", "s", "t", "m", "x", "a" * 300, "中", "ｆａｎ", "e\u0301", "name2", "v_m"),
)
ODDITIES = (
    "\ufeff",  # a byte-order mark
    "\r",
    "\u2028",
    "\u2029",
    "\u0085",
    "\u0301",  # a combining acute accent
    "\u200d",  # a zero-width joiner
    "\u200f",  # a right-to-left mark
    "\u202e",  # right-to-left override
    "\x00",
    "\x0b",
    "\x0c",
    "１２",  # full-width digits
    "\U0001f004",  # 🀄
    "\uffff",  # a noncharacter (no lone surrogates: rulebook files are UTF-8)
)
STRING_PIECES = ('\\"', "\\\\", "\\n", "\\", "{{ x }}", "{% if %}", "<script>", "'''", '"""')
INSERTABLE_TEXTS = (
    *("{", "}", '"', "#", "\\", "(", ")", "[", "]", ":", ",", "=", ".", "..", "\n", " ", "\t"),
    *("0", "1", "9", "5z", "8z", "中", "鸡胡", "番", "“", "when", "fan", "value", "tier"),
    *("option.", "all m in melds:", "x", "not", "-", "+ 1", "and"),
)


def replace_number(at: int, number: str) -> Mutation:
    """Replace the at-th number of the text."""

    def apply(text: str) -> str:
        found = list(INT_TOKEN.finditer(text))
        if not found:
            return text
        hit = found[at % len(found)]
        return text[: hit.start()] + number + text[hit.end() :]

    return apply


def replace_name(at: int, name: str) -> Mutation:
    """Replace the at-th identifier (keyword or name) of the text."""

    def apply(text: str) -> str:
        found = list(NAME_TOKEN.finditer(text))
        if not found:
            return text
        hit = found[at % len(found)]
        return text[: hit.start()] + name + text[hit.end() :]

    return apply


def rename_everywhere(at: int, name: str) -> Mutation:
    """Rename the at-th identifier everywhere it occurs (outside strings too): a fan, option
    or tier called `None`, `RULESET` or `__init__` still compiles, and reaches the code."""

    def apply(text: str) -> str:
        found = list(NAME_TOKEN.finditer(text))
        if not found:
            return text
        old = found[at % len(found)].group()
        return re.sub(rf"(?<![\w\"]){re.escape(old)}(?!\w)", name, text)

    return apply


def insert_in_string(at: int, piece: str) -> Mutation:
    """Insert `piece` just inside the at-th string literal: into titles, fan names, sources,
    which reach generated code and the docs pages."""

    def apply(text: str) -> str:
        quotes = [i for i, c in enumerate(text) if c == '"']
        if not quotes:
            return text
        i = quotes[at % len(quotes)] + 1
        return text[:i] + piece + text[i:]

    return apply


def all_line_ends(ending: str) -> Mutation:
    """Every line ending as `ending`: CR only (old Mac), CR LF, U+2028."""
    return lambda text: text.replace("\n", ending)


def prefix(piece: str) -> Mutation:
    return lambda text: piece + text


def mutation(c: Choices) -> Mutation:
    """One mutation of any kind, its positions chosen at random."""
    at, other = c.integer(0, 10**6), c.integer(0, 10**6)
    kind = c.integer(0, 12)
    if kind == 0:
        return delete_line(at)
    if kind == 1:
        return duplicate_line(at)
    if kind == 2:
        return swap_lines(at, other)
    if kind == 3:
        return delete_chars(at, c.integer(1, 40))
    if kind == 4:
        return insert_text(at, c.choice(INSERTABLE_TEXTS))
    if kind == 5:
        return replace_token(at, other)
    if kind == 6:
        return replace_number(at, c.choice(NUMBERS))
    if kind == 7:
        return replace_name(at, c.choice(ODD_NAMES))
    if kind == 8:
        return insert_text(at, c.choice(ODDITIES))
    if kind == 9:
        return insert_in_string(at, c.choice(STRING_PIECES + ODDITIES))
    if kind == 10:
        return all_line_ends(c.choice(("\r", "\r\n", "\u2028", "\n\n")))
    if kind == 11:
        return prefix(c.choice(("\ufeff", "\ufeff\ufeff", "\x00", "\r", "#")))
    return rename_everywhere(at, c.choice(ODD_NAMES))


def mutated(c: Choices, text: str, most: int = 4) -> str:
    for _ in range(c.integer(1, most)):
        text = mutation(c)(text)
    return text


ALL_MUTATIONS = strategy(mutation)
