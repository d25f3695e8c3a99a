"""Checks of what happens before the first discard: the wins at the deal (`deal_wins`, 起手胡),
the exchange of tiles (换三张) and the seats' declarations (`declarations`, 定缺).

Input: those sections from the `Declarations` table (`mjc.compiler.resolve.declarations`), with
the players and tiles sections the exchange depends on, and for the wins at the deal their typed
conditions (`mjc.compiler.resolve.typecheck`). A win at the deal pays something and reads the
hand dealt; a declaration chooses from a list mjc knows; an exchange passes 1 to 4 tiles in a
direction the table has, of one suit only where the tile set has suits; every id is one no
other word of the language already means (conditions read it), and each flag is written once.
"""

from __future__ import annotations

from mjc.compiler import ir
from mjc.compiler.diagnostics import Diagnostic, error
from mjc.compiler.diagnostics.suggest import did_you_mean
from mjc.compiler.language.vocabulary import SUIT_CONSTANTS, TILE_LIST_CONSTANTS
from mjc.compiler.lower.play import CHOICE_LISTS, DIRECTIONS
from mjc.compiler.resolve.declarations import Declarations
from mjc.compiler.resolve.typed import Typed
from mjc.compiler.syntax import ast

__all__ = ["check_deal_wins", "check_declares"]


# What a win at the deal reads of the dealt hand itself (the rest of its facts are the seat's).
_DEALT_HAND = frozenset({"tiles", "flowers", "wilds", "standing"})


def check_deal_wins(decls: Declarations, typed: Typed) -> list[Diagnostic]:
    """Each win at the deal pays something (E0512) and reads the dealt hand (E0513): one
    that reads only the options and the seat would be won by every hand dealt."""
    problems: list[Diagnostic] = []
    for win in decls.deal_wins.values():
        name = f"`{win.id.text}`"
        if win.pays.value == 0:
            problems.append(
                error(
                    "E0512",
                    f"the win at the deal {name} pays nothing",
                    win.pays.span,
                    label="every other seat pays this much",
                    help="write what each other seat pays the seat that shows the hand "
                    "(1 or more), or delete the line",
                )
            )
        condition = typed.get(win.condition)
        if condition is not None and not _reads_dealt_hand(condition):
            problems.append(
                error(
                    "E0513",
                    f"the win at the deal {name} does not read the hand",
                    win.condition.span,
                    label="true of every hand dealt",
                    help="test the tiles dealt, for example "
                    "`(any t in tiles: copies(t) == 4)`; an option belongs after `if`",
                )
            )
    return problems


def check_declares(decls: Declarations) -> list[Diagnostic]:
    """Each seat declaration chooses from a known list (E0520), has an id that no fact, fan,
    shape, situation, option or constant of the rulebook already means (E0521: conditions
    read the declaration by its id) and states `discard_first` once (E0522)."""
    problems: list[Diagnostic] = []
    taken = _taken_names(decls)
    for declare in decls.declares.values():
        lists = declare.choices
        if lists.text not in CHOICE_LISTS:
            problems.append(
                error(
                    "E0520",
                    f"unknown list of choices `{lists.text}`",
                    lists.span,
                    label="a seat cannot choose from this",
                    help=did_you_mean(lists.text, CHOICE_LISTS)
                    or "the lists are: " + ", ".join(CHOICE_LISTS),
                )
            )
        what = taken.get(declare.id.text)
        if what is not None:
            problems.append(
                error(
                    "E0521",
                    f"the declaration `{declare.id.text}` has the name of {what}",
                    declare.id.span,
                    label="conditions could not tell the two apart",
                    help=f"give the declaration another id, such as `declared_{declare.id.text}`",
                )
            )
        problems += _written_twice(declare.flags, f"the declaration `{declare.id.text}`")
    for exchange in decls.exchanges.values():
        problems += _check_exchange(decls, exchange, taken)
    for extra in list(decls.exchanges.values())[1:]:
        problems.append(
            error(
                "E0527",
                f"a second exchange `{extra.id.text}`: the seats exchange tiles once before play",
                extra.id.span,
                label="another exchange",
                help="keep one exchange line",
            )
        )
    return problems


# The fewest and most tiles an exchange passes (换三张, 换四张).
EXCHANGE_COUNTS = (1, 4)
_SUIT_GROUPS = frozenset({"characters", "dots", "bamboo"})


def _check_exchange(
    decls: Declarations, exchange: ast.Exchange, taken: dict[str, str]
) -> list[Diagnostic]:
    """An exchange passes 1 to 4 tiles (E0523) in a known direction (E0524), `opposite` only
    where every table has a seat opposite (E0525), `same_suit` only with suited tiles (E0526),
    each word once (E0522) and under an id of its own (E0521)."""
    problems: list[Diagnostic] = []
    name = exchange.id.text
    low, high = EXCHANGE_COUNTS
    if not low <= exchange.count.value <= high:
        problems.append(
            error(
                "E0523",
                f"the exchange `{name}` passes {exchange.count.value} tiles",
                exchange.count.span,
                label=f"not from {low} to {high}",
                help="换三张 passes 3 tiles, 换四张 4",
            )
        )
    direction = exchange.direction
    if direction is not None and direction.text not in DIRECTIONS:
        problems.append(
            error(
                "E0524",
                f"unknown direction `{direction.text}`",
                direction.span,
                label="the tiles cannot go this way",
                help=did_you_mean(direction.text, DIRECTIONS)
                or "the directions are: " + ", ".join(DIRECTIONS),
            )
        )
    counts = [c.value for c in decls.players.counts] if decls.players is not None else [4]
    if direction is not None and direction.text == "opposite" and any(c == 3 for c in counts):
        problems.append(
            error(
                "E0525",
                f"the exchange `{name}` passes to the seat opposite, but the rulebook is "
                "played by 3 players",
                direction.span,
                label="three seats have no seat opposite",
                help="pass to `next` or `previous`, or let the `dice` decide",
            )
        )
    groups = {g.name.text for g in decls.tiles.groups} if decls.tiles is not None else set()
    if exchange.same_suit and decls.tiles is not None and not groups & _SUIT_GROUPS:
        flag = next(f for f in exchange.flags if f.text == "same_suit")
        problems.append(
            error(
                "E0526",
                f"the exchange `{name}` passes tiles of one suit, but the tile set has none",
                flag.span,
                label="no characters, dots or bamboo",
                help="delete `same_suit`, or add a suit to the tiles section",
            )
        )
    what = taken.get(name)
    if what is not None:
        problems.append(
            error(
                "E0521",
                f"the exchange `{name}` has the name of {what}",
                exchange.id.span,
                label="conditions could not tell the two apart",
                help=f"give the exchange another id, such as `exchange_{name}`",
            )
        )
    return problems + _written_twice(exchange.flags, f"the exchange `{name}`")


def _written_twice(flags: tuple[ast.Ident, ...], where: str) -> list[Diagnostic]:
    """E0522 for each flag written again after its first time in one line."""
    texts = [flag.text for flag in flags]
    return [
        error(
            "E0522",
            f"`{flag.text}` is written twice in {where}",
            flag.span,
            label="said again here",
            help="delete the second one",
        )
        for i, flag in enumerate(flags)
        if flag.text in texts[:i]
    ]


def _taken_names(decls: Declarations) -> dict[str, str]:
    """The names a declaration's id would clash with, each with what it is."""
    # Imported here: the vocabulary's fact tables are only needed by this check.
    from mjc.compiler.language import vocabulary as v

    facts = {
        **v.ARRANGEMENT_FACTS,
        **v.SITUATION_FACTS,
        **v.HAND_FACTS,
        **v.HELD_FACTS,
        **v.RESULT_FACTS,
        **v.ROUND_FACTS,
        **v.RELATION_FACTS,
        **v.LOSS_FACTS,
    }
    taken = {name: "a fact" for name in facts}
    taken.update({name: "a constant" for name in (*SUIT_CONSTANTS, *TILE_LIST_CONSTANTS)})
    taken.update({name: "a fan" for name in decls.fans})
    taken.update({name: "a win shape" for name in decls.shapes})
    taken.update({name: "a situation" for name in decls.situations})
    taken.update({name: "an option" for name in decls.options})
    return taken


def _reads_dealt_hand(node: object) -> bool:
    """Whether an IR expression reads a fact of the dealt hand or counts its copies."""
    if isinstance(node, ir.FactE):
        return node.fact in _DEALT_HAND
    if isinstance(node, ir.CallE) and node.func == "copies":
        return True
    if isinstance(node, tuple):
        return any(_reads_dealt_hand(item) for item in node)
    if isinstance(node, ir.Model):
        return any(_reads_dealt_hand(getattr(node, f)) for f in ir.field_names(type(node)))
    return False
