"""What several checks share: the options as the IR has them, and the errors for a word mjc
does not know and for a tile that is no tile.

Input is the `Declarations` table (`mjc.compiler.resolve.declarations`) and words and tile literals
of the AST. The checks that evaluate guards or counts read the options through `ir_options`; every
"unknown tile group / tier / claim / seat / …" error is built by `unknown_word`, and every tile
literal that is not mpsz notation is reported by `not_a_tile`, so that each reads the same wherever
the rulebook writes it."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from mjc.compiler import ir
from mjc.compiler.diagnostics import Diagnostic, error
from mjc.compiler.diagnostics.suggest import did_you_mean
from mjc.compiler.lower.rulebook import lower_option
from mjc.compiler.resolve.declarations import Declarations
from mjc.compiler.syntax import ast
from mjc.runtime.tiles.tile import NotationError, tile_index


def ir_options(decls: Declarations) -> dict[str, ir.Option]:
    """The rulebook's options, lowered, by id (what `consteval` enumerates settings of)."""
    return {o.id.text: lower_option(o) for o in decls.options.values()}


def unknown_word(
    code: str,
    what: str,
    word: ast.Ident,
    known: Iterable[str],
    otherwise: str,
    *,
    label: str = "",
    describe: Callable[[str], str] | None = None,
) -> Diagnostic:
    """ "unknown `what` `word`": the help suggests the nearest of the `known` words (glossed by
    `describe`), or else says `otherwise` (usually what the known words are)."""
    return error(
        code,
        f"unknown {what} `{word.text}`",
        word.span,
        label=label,
        help=did_you_mean(word.text, known, describe=describe) or otherwise,
    )


def not_a_tile(tile: ast.TileLit) -> Diagnostic | None:
    """E0203 when `tile` is not a tile in mpsz notation, else None."""
    try:
        tile_index(tile.text)
    except NotationError as exc:
        return error("E0203", f"`{tile.text}` is not a tile", tile.span, label=str(exc))
    return None
