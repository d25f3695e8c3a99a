"""The public `Ruleset.is_win`, specialised for each rulebook when its module is imported,
and the one-argument win check of one game (`game_win_check`) it and the engine call.

`Ruleset.__init__` prepares a one-argument win check for the rulebook's default game (its
shapes, its fixed wilds, its custom shapes) and asks `make_public_is_win` for the function
that becomes its `is_win`. A call with a parsed hand and nothing else goes straight to that
check, written inline here for the two common shape sets (the standard shape, alone or with
thirteen orphans) so that the call costs one Python frame; anything else (notation text,
options, an indicator, wilds) goes to `general`, the Ruleset's own method.

The parameters are positional-or-keyword, not keyword-only, although callers pass them by
keyword: CPython 3.11 specialises calls only to functions without keyword-only parameters,
and the unspecialised call costs a third of a whole win check.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from mjc.runtime.tiles.hand import MAX_TILES, Hand, is_win_size
from mjc.runtime.tiles.tile import NUM_PLAYING
from mjc.runtime.wins.arrange import (
    ORPHAN_HONOUR_KEYS,
    is_standard_or_orphans_win,
    is_standard_win,
    is_thirteen_orphans,
    make_win_checker,
)
from mjc.runtime.wins.sized import sized_win_check
from mjc.runtime.wins.wilds import is_win_with_wilds, make_wild_checker

__all__ = ["CustomShapes", "GeneralIsWin", "PublicIsWin", "game_win_check", "make_public_is_win"]

# `Ruleset._is_win(hand, options, indicator, wilds)`: notation text and any game settings.
GeneralIsWin = Callable[
    [Hand | str, Mapping[str, object] | None, str | None, Iterable[str] | None], bool
]
PublicIsWin = Callable[..., bool]
# A rulebook's custom shapes, and how it makes the situation they read of a hand
# (`Ruleset.custom_shapes`, `Ruleset._situation`).
CustomShapes = tuple[Callable[[Hand, Any, Any], Sequence[str]], Callable[..., Any]]


def game_win_check(
    shapes: frozenset[str],
    values: Mapping[str, object],
    wild: tuple[int, ...],
    custom: CustomShapes | None,
    tiles: int = MAX_TILES,
) -> Callable[[Hand], bool]:
    """Whether a hand is complete in one game: its built-in `shapes` with these wild kinds,
    then, if the game has custom shapes in play (`custom`), theirs; a win holds `tiles`
    tiles (17 in a rulebook of `hand 16`, `mjc.runtime.wins.sized`)."""
    check: Callable[[Hand], bool]
    if tiles != MAX_TILES:
        check = sized_win_check(shapes, wild, tiles)
    elif not wild:
        check = make_win_checker(shapes)
    elif len(wild) == 1 and wild[0] < NUM_PLAYING:
        check = make_wild_checker(wild[0], shapes)
    else:

        def check(hand: Hand) -> bool:
            return is_win_with_wilds(hand, wild, shapes)

    if custom is None:
        return check
    custom_shapes, situation = custom
    builtin_shapes = check

    def check_with_custom(hand: Hand) -> bool:
        if builtin_shapes(hand):
            return True
        if not is_win_size(hand, tiles):
            return False  # a custom shape is held to the hand size like every other shape
        # Custom shapes read the situation (the wilds held, the winning tile ...).
        facts = situation(hand, False, "E", "E", False, (), None, wild)
        return bool(custom_shapes(hand, facts, values))

    return check_with_custom


def make_public_is_win(default_check: Callable[[Hand], bool], general: GeneralIsWin) -> PublicIsWin:
    """`Ruleset.is_win` for a rulebook whose default game's prepared check is `default_check`."""
    if default_check is is_standard_win:
        return _standard_or_orphans(general, frozenset())
    if default_check is is_standard_or_orphans_win:
        return _standard_or_orphans(general, ORPHAN_HONOUR_KEYS)
    return _prepared(default_check, general)


def _standard_or_orphans(general: GeneralIsWin, orphan_keys: frozenset[bytes]) -> PublicIsWin:
    """The standard shape inline, and thirteen orphans when `orphan_keys` is its honour keys
    (empty: the standard shape alone)."""
    has_orphans = bool(orphan_keys)

    def is_win(
        hand: Hand | str,
        options: Mapping[str, object] | None = None,
        indicator: str | None = None,
        wilds: Iterable[str] | None = None,
    ) -> bool:
        if options is None and indicator is None and wilds is None:
            try:
                if hand.split_value == 2 and hand.size == MAX_TILES:  # type: ignore[union-attr]
                    return True
            except AttributeError:  # notation text: parsed on the general path
                return general(hand, None, None, None)
            # Thirteen orphans (when in play): its honour key rules out almost every hand in
            # one lookup.
            return (
                has_orphans
                and hand.suit_keys[3] in orphan_keys  # type: ignore[union-attr]
                and is_thirteen_orphans(hand)  # type: ignore[arg-type]
            )
        return general(hand, options, indicator, wilds)

    return is_win


def _prepared(check: Callable[[Hand], bool], general: GeneralIsWin) -> PublicIsWin:
    def is_win(
        hand: Hand | str,
        options: Mapping[str, object] | None = None,
        indicator: str | None = None,
        wilds: Iterable[str] | None = None,
    ) -> bool:
        if options is None and indicator is None and wilds is None and hand.__class__ is Hand:
            return check(hand)
        return general(hand, options, indicator, wilds)

    return is_win
