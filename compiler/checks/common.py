"""What several checks share: the options as the IR has them, and the error for a tile that is
no tile.

Input is the `Declarations` table (`compiler.declarations`) and the tile literals of the AST.
The checks that evaluate guards or counts read the options through `ir_options`; the tiles,
wilds and horse checks report a tile literal that is not mpsz notation with `not_a_tile`, so
that E0203 reads the same wherever a tile is written.
"""

from __future__ import annotations

from compiler import ast, ir
from compiler.declarations import Declarations
from compiler.diagnostics import Diagnostic, error
from compiler.lower import lower_option
from runtime.tiles import NotationError, tile_index


def ir_options(decls: Declarations) -> dict[str, ir.Option]:
    """The rulebook's options, lowered, by id (what `consteval` enumerates settings of)."""
    return {o.id.text: lower_option(o) for o in decls.options.values()}


def not_a_tile(tile: ast.TileLit) -> Diagnostic | None:
    """E0203 when `tile` is not a tile in mpsz notation, else None."""
    try:
        tile_index(tile.text)
    except NotationError as exc:
        return error("E0203", f"`{tile.text}` is not a tile", tile.span, label=str(exc))
    return None
