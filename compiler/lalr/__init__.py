"""The lean LALR parser: Lark's tables for the rulebook grammar, kept in mjc's cache as plain
data (`tables`), run by a parser of its own (`parser`) that builds the tree Lark would build,
in classes of its own (`tree`), without importing Lark. `mjc.compiler.syntax.parse` runs it
first and asks Lark where it stops: Lark's import and the loading of its parser are a fifth
of `mjc check`'s start.
"""

from mjc.compiler.lalr.parser import LeanParser
from mjc.compiler.lalr.tables import cached_tables, tables_from_lark
from mjc.compiler.lalr.tree import Meta, Token, Transformer, Tree, from_lark

__all__ = [
    "LeanParser",
    "Meta",
    "Token",
    "Transformer",
    "Tree",
    "cached_tables",
    "from_lark",
    "tables_from_lark",
]
