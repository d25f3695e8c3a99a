"""The hand and its text notation (DESIGN.md, "Contracts: Tile notation").

Input is the notation a user, a test, the CLI (`mjc score ... HAND --win TILE`) or a game server
writes: concealed tiles in mpsz form (`123m456p11z`, also `1m2m3m`), flowers among them (`1f2f`, set
aside), then declared melds separated by spaces — `[123m]` exposed chow, `[555z]` exposed pung,
`[5555z]` exposed kong, `(1111p)` concealed kong. `parse_hand` checks everything once, so the hot
paths (`mjc.runtime.wins.arrange`) can trust a `Hand` without re-checking."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Final

from mjc.runtime.tiles.argcheck import raise_if_wrong
from mjc.runtime.tiles.melds import Meld, meld
from mjc.runtime.tiles.tables import (
    HONOUR_ENTRIES,
    READING,
    SUIT_ENTRIES,
    honour_entry,
    suit_entry,
)
from mjc.runtime.tiles.tile import (
    IS_FLOWER,
    IS_SUITED,
    NUM_PLAYING,
    NUM_TILES,
    RANK_OF,
    RED_FIVES,
    SUIT_BASE,
    SUIT_OF,
    NotationError,
    tile_error,
    tile_text,
)

__all__ = [
    "LARGEST_TILES",
    "MAX_DECLARED",
    "MAX_TILES",
    "Hand",
    "HandError",
    "format_hand",
    "format_parts",
    "hand_won_on",
    "is_win_size",
    "parse_hand",
    "with_win_tile",
]

MAX_TILES: Final = 14  # counting a kong as three, like every other set
MAX_DECLARED: Final = 4
# A rulebook may deal another hand (`hand 16` in its play section, 台湾十六张): its wins hold
# `tiles` tiles, 3k + 2 for k sets. The functions below take that size as `tiles`, the usual
# 14 by default; a win of 17 is the largest any rulebook plays (`LARGEST_TILES`).
LARGEST_TILES: Final = 17


class HandError(NotationError):
    """Text that is not a valid hand; the message is one line naming the offending part."""


# A plain frozen dataclass, its `__init__` the same straight-line code as `mjc.frozen`'s
# (a field set, then `__post_init__`), which mypyc sees through: the native build compiles it
# to a C struct (`mjc.compiler.emit.native`), whose fields compiled code reads in a few
# instructions where an interpreted class's slot costs a lookup by name.
@dataclass(frozen=True, slots=True)
class Hand:
    """A parsed hand. Build it with `parse_hand`; the fields are trusted by the hot paths.

    `concealed` is sorted and includes the winning tile (unless that is a flower, among
    `flowers`: a win on a flower is a win of a custom shape only, such as 上海 八花); `melds`
    are the declared melds in written order; `flowers` are sorted; `counts` holds 34
    per-tile counts of `concealed` (so `counts[0:9]` is the m suit, `[9:18]` p, `[18:27]` s,
    `[27:34]` the honours).

    Three facts are derived once here because the win check reads them on every call:
    `suit_keys` is those four slices of `counts` (a bytes object caches its hash, so repeat checks
    of one hand hash nothing; a slice that splits into sets is the table's own key object,
    `mjc.runtime.tiles.tables.SUIT_ENTRIES`, so lookups match it by identity); `split_value` is
    the product of their values in `SUIT_TABLE` and `HONOUR_TABLE` (0 when one does not split
    into sets), so 2 exactly when the concealed tiles are sets and one pair; and `size` is the
    tile count with each declared meld, kongs included, counted as three (`MAX_TILES` for a
    complete hand). The standard win test is then `split_value == 2 and size == MAX_TILES`, two
    reads of this object: the lookup that finds a suit's key object gives its value too, and a
    check of many hands touches no object but each hand. Scoring reads two more: `tiles`, every
    tile of the hand sorted (all four of a kong), and `is_concealed`, whether no declared meld
    is exposed (a concealed kong keeps a hand concealed)."""

    concealed: tuple[int, ...]
    melds: tuple[Meld, ...]
    flowers: tuple[int, ...]
    win_tile: int | None
    counts: bytes
    # The red fives among the tiles (赤ドラ, written 0m 0p 0s), as the tile ints of those fives,
    # sorted (4 a red 5m, 13 a red 5p, 22 a red 5s): fives for every other purpose.
    red_fives: tuple[int, ...] = ()
    suit_keys: tuple[bytes, bytes, bytes, bytes] = field(init=False, compare=False, repr=False)
    split_value: int = field(init=False, compare=False, repr=False)
    size: int = field(init=False, compare=False, repr=False)
    tiles: tuple[int, ...] = field(init=False, compare=False, repr=False)
    is_concealed: bool = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        c = self.counts
        m, p, s, z = c[0:9], c[9:18], c[18:27], c[27:34]
        suit, honour = SUIT_ENTRIES.get, HONOUR_ENTRIES.get
        (m, vm), (p, vp), (s, vs), (z, vz) = (
            suit(m) or (m, 0),
            suit(p) or (p, 0),
            suit(s) or (s, 0),
            honour(z) or (z, 0),
        )
        split = vm * vp * vs * vz
        if not split and not READING.whole:  # a key not met yet, before the tables are whole
            (m, vm), (p, vp), (s, vs), (z, vz) = (
                suit_entry(m),
                suit_entry(p),
                suit_entry(s),
                honour_entry(z),
            )
            split = vm * vp * vs * vz
        # object.__setattr__ because the dataclass is frozen.
        put = object.__setattr__
        put(self, "suit_keys", (m, p, s, z))
        put(self, "split_value", split)
        melds = self.melds
        concealed = self.concealed
        if melds:  # (a loop over the few melds: no generator over their tiles)
            tiles = list(concealed)
            exposed = False
            for md in melds:
                tiles += md.tiles
                exposed = exposed or md.exposed
            tiles.sort()
            put(self, "size", len(concealed) + 3 * len(melds))
            put(self, "tiles", tuple(tiles))
            put(self, "is_concealed", not exposed)
        else:  # the common case, spared the generators
            put(self, "size", len(concealed))
            put(self, "tiles", concealed)
            put(self, "is_concealed", True)

    def __str__(self) -> str:
        return format_hand(self)

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        """Pickled and copied as its given fields: the derived ones are worked out again."""
        return Hand, (
            self.concealed,
            self.melds,
            self.flowers,
            self.win_tile,
            self.counts,
            self.red_fives,
        )


def is_win_size(hand: Hand, tiles: int = MAX_TILES) -> bool:
    """Whether `hand` holds as many tiles as every win does, whatever its shape: `tiles`
    (`MAX_TILES` in a game of 13), each declared meld (a kong too) counted as three. A win on a
    flower (上海 八花, won as the eighth flower is drawn) holds one tile fewer among its tiles:
    the flower is the one more."""
    won_on_flower = hand.win_tile is not None and IS_FLOWER[hand.win_tile]
    return hand.size == (tiles - 1 if won_on_flower else tiles)


# One token per match; the last alternatives catch what is wrong so every error has a place.
_TOKEN = re.compile(
    r"(?P<tiles>[0-9]+[mpszf])"
    r"|(?P<meld>[\[(][^\[\]()\s]*[\])])"
    r"|(?P<space>\s+)"
    r"|(?P<digits>[0-9]+)"
    r"|(?P<other>.)",
    re.DOTALL,
)
_TILES_ONLY = re.compile(r"(?:[0-9]+[mpszf])+")
_TILE_GROUP = re.compile(r"([0-9]+)([mpszf])")

# (suit letter, rank digit) -> tile int; a missing key is a bad rank for that suit.
_TILE_OF: dict[tuple[str, str], int] = {
    (suit, str(rank)): SUIT_BASE[suit] + rank - 1
    for suit, size in (("m", 9), ("p", 9), ("s", 9), ("z", 7), ("f", 8))
    for rank in range(1, size + 1)
} | {(red[1], "0"): tile for red, tile in RED_FIVES.items()}  # 0: a red five (赤ドラ)


def _col(pos: int) -> str:
    return f"column {pos + 1}"


def _group_tiles(digits: str, suit: str, pos: int, token: str) -> list[int]:
    """The tiles of one `123m` group starting at `pos`, inside `token` (for error messages)."""
    out: list[int] = []
    for i, d in enumerate(digits):
        t = _TILE_OF.get((suit, d))
        if t is None:
            inside = f" in '{token}'" if token != d + suit else ""
            col = _col(pos + (i if token.startswith(digits) else 0))
            raise HandError(f"{tile_error(d + suit)} ({col}{inside})")
        out.append(t)
    return out


def _parse_meld(token: str, pos: int) -> Meld:
    opener, inner, closer = token[0], token[1:-1], token[-1]
    if (opener, closer) not in (("[", "]"), ("(", ")")):
        raise HandError(
            f"'{token}' at {_col(pos)} opens with '{opener}' but closes with '{closer}'"
        )
    if not _TILES_ONLY.fullmatch(inner):
        raise HandError(
            f"'{token}' at {_col(pos)} is not a meld: write digits then a suit letter, like [123m]"
        )
    tiles: list[int] = []
    for m in _TILE_GROUP.finditer(inner):
        tiles.extend(_group_tiles(m.group(1), m.group(2), pos, token))
    tiles.sort()
    lo = tiles[0]
    same = all(t == lo for t in tiles)
    if opener == "(":
        if len(tiles) == 4 and same and not IS_FLOWER[lo]:
            return meld("kong", lo, True)
        raise HandError(
            f"'{token}' at {_col(pos)} is not a concealed kong: only kongs like (1111p) "
            "may be written in parentheses"
        )
    if not IS_FLOWER[lo]:
        if len(tiles) == 3 and same:
            return meld("pung", lo, False)
        if len(tiles) == 4 and same:
            return meld("kong", lo, False)
        if (
            len(tiles) == 3
            and IS_SUITED[lo]
            and RANK_OF[lo] <= 7
            and tiles[1] == lo + 1
            and tiles[2] == lo + 2
        ):
            return meld("chow", lo, False)
    raise HandError(
        f"'{token}' at {_col(pos)} is not a meld: expected a chow like [123m], "
        "a pung like [555z] or a kong like [5555z]"
    )


def _unclosed(text: str, pos: int) -> str:
    opener = text[pos]
    closer = "]" if opener == "[" else ")"
    rest = text[pos + 1 :]
    stop = re.search(r"[\[\]()\s]", rest)
    if stop is None:
        return f"unclosed '{opener}' at {_col(pos)}: add '{closer}' after the meld's tiles"
    found = stop.group()
    what = "a space" if found.isspace() else f"'{found}'"
    return (
        f"'{opener}' at {_col(pos)} is not closed before {what} at {_col(pos + 1 + stop.start())}"
        f": write a meld as {opener}123m{closer} with no spaces or brackets inside"
    )


def parse_hand(text: str, win: str | None = None, *, tiles: int = MAX_TILES) -> Hand:
    """Parse hand notation like ``234m567p11z [888s] (9999m)``; `win` names the winning tile.

    Raises `HandError` (a `ValueError`) with a one-line message for anything that is not a
    possible hand, and a `TypeError` when `text` is not a string or `win` neither a string
    nor None. Fewer than 14 tiles is fine: such a hand simply does not win. `tiles` is the
    size of a win, 14 unless the rulebook deals another hand (17 for a hand of 16): no hand
    holds more, nor more declared melds than its sets.
    """
    if type(text) is not str or (win is not None and type(win) is not str):
        raise_if_wrong(parse_hand, text, win)
    red = _red_fives(text, win) if "0" in text or (win and win[:1] == "0") else ()
    quick = _quick_parts(text)
    if quick is not None:
        return _build_hand(*quick, win, tiles, red)
    concealed: list[int] = []  # in written order: the last one is the default winning tile
    flowers: list[int] = []
    melds: list[Meld] = []
    for m in _TOKEN.finditer(text):
        kind, token, pos = m.lastgroup, m.group(), m.start()
        if kind == "tiles":
            for t in _group_tiles(token[:-1], token[-1], pos, token):
                (flowers if IS_FLOWER[t] else concealed).append(t)
        elif kind == "meld":
            melds.append(_parse_meld(token, pos))
        elif kind == "digits":
            raise HandError(_digits_error(text, token, pos))
        elif kind == "other":
            raise HandError(_other_error(text, token, pos))
    return _build_hand(concealed, flowers, melds, win, tiles, red)


def _red_fives(text: str, win: str | None) -> tuple[int, ...]:
    """The red fives `text` writes: one for each `0` of a group of m, p or s tiles (a `0` of
    honours or flowers is no tile, which the parse refuses), and one more when the winning
    tile is named red (`0p`) and the text writes no red five of its suit."""
    groups = [g for g in _GROUP_TEXT.findall(text) if g[-1] in "mps"]
    red = [SUIT_BASE[g[-1]] + 4 for g in groups for _ in range(g.count("0"))]
    named = RED_FIVES.get(win) if win is not None else None
    if named is not None and named not in red:
        red.append(named)
    return tuple(sorted(red))


# The declared melds as written in canonical form (`[123m]`, `[555z]`, `[5555z]`, `(1111p)`),
# for `_quick_parts`; other spellings (`[1m2m3m]`, `[321m]`) take the general path.
_CANONICAL_MELDS: dict[str, Meld] = {
    str(m): m
    for m in (
        *(meld("chow", t, False) for t in range(NUM_PLAYING) if IS_SUITED[t] and RANK_OF[t] <= 7),
        *(meld(kind, t, False) for kind in ("pung", "kong") for t in range(NUM_PLAYING)),
        *(meld("kong", t, True) for t in range(NUM_PLAYING)),
    )
}
_GROUP_TEXT = re.compile(r"[0-9]+[mpszf]")


@lru_cache(maxsize=1024)  # bounded: what users write repeats (`5m`, `123p`), nothing else
def _quick_group(group: str) -> tuple[int, ...] | None:
    """The tiles of one valid group like `123m` or `1f`, or None if a digit is no rank."""
    tiles = tuple(_TILE_OF.get((group[-1], d), -1) for d in group[:-1])
    return None if -1 in tiles else tiles


def _quick_parts(text: str) -> tuple[list[int], list[int], list[Meld]] | None:
    """The concealed tiles, flowers and melds of notation written the usual way (tile groups
    like `123m`, canonical melds, single spaces between), or None for anything else, which
    the general tokenizer reads and, if wrong, explains."""
    concealed: list[int] = []
    flowers: list[int] = []
    melds: list[Meld] = []
    for part in text.split(" "):
        found = _CANONICAL_MELDS.get(part)
        if found is not None:
            melds.append(found)
            continue
        if not part or not _TILES_ONLY.fullmatch(part):
            return None
        for group in _GROUP_TEXT.findall(part):
            tiles = _quick_group(group)
            if tiles is None:
                return None
            (flowers if group[-1] == "f" else concealed).extend(tiles)
    return concealed, flowers, melds


def _digits_error(text: str, digits: str, pos: int) -> str:
    after = text[pos + len(digits) : pos + len(digits) + 1]
    if after.isalpha():
        return f"{tile_error(digits[-1] + after)} ({_col(pos + len(digits))})"
    return f"'{digits}' at {_col(pos)} has no suit letter after it (m, p, s, z or f)"


def _other_error(text: str, ch: str, pos: int) -> str:
    if ch in "[(":
        return _unclosed(text, pos)
    if ch in "])":
        return f"unmatched '{ch}' at {_col(pos)}"
    if ch in SUIT_BASE:
        return f"suit letter '{ch}' at {_col(pos)} has no digits before it"
    if ch.lower() in SUIT_BASE:
        return f"unknown character '{ch}' at {_col(pos)}: suit letters are lowercase m, p, s, z, f"
    return f"unknown character {ch!r} at {_col(pos)}"


def _build_hand(
    written: list[int],
    flowers: list[int],
    melds: list[Meld],
    win: str | None,
    most: int,
    red: tuple[int, ...] = (),
) -> Hand:
    sets = MAX_DECLARED if most == MAX_TILES else (most - 2) // 3
    if len(melds) > sets:
        raise HandError(f"{len(melds)} declared melds: a hand has at most {sets}")
    hidden = [0] * NUM_PLAYING  # the concealed tiles only: Hand.counts
    for t in written:
        hidden[t] += 1
    counts = [*hidden, *([0] * (NUM_TILES - NUM_PLAYING))]  # everything, for the copy limit
    for t in flowers:
        counts[t] += 1
    for md in melds:
        for t in md.tiles:
            counts[t] += 1
    # Two C-level maxima pass almost every hand; the loop names the tile that fails.
    over = max(counts[:NUM_PLAYING]) > 4 or max(counts[NUM_PLAYING:]) > 1
    for t, n in enumerate(counts if over else ()):
        if n > 4 or (n > 1 and IS_FLOWER[t]):
            which, limit = ("a second", "one") if IS_FLOWER[t] else ("a fifth", "four")
            raise HandError(
                f"{which} {tile_text(t)}: {n} copies written (concealed tiles and melds together)"
                f", but a set has only {limit}"
            )
    size = len(written) + 3 * len(melds)
    if size > most:
        counted = f"{len(written)} concealed"
        if melds:
            counted += f" + 3 for each of {len(melds)} declared melds = {size}"
        raise HandError(f"too many tiles: {counted}; a hand has at most {most}")
    win_tile: int | None = written[-1] if written else None
    if win is not None:
        wt = _TILE_OF.get((win[-1:], win[:-1])) if len(win) == 2 else None
        if wt is None:
            raise HandError(f"winning tile: {tile_error(win)}")
        # A flower may be the winning tile when it is among the flowers: 上海 八花 is won the
        # moment the eighth flower is drawn (如果這8個花抓起即可胡牌).
        if wt not in (flowers if IS_FLOWER[wt] else written):
            where = "not among the flowers" if IS_FLOWER[wt] else "not among the concealed tiles"
            raise HandError(f"winning tile {win} is {where}")
        win_tile = wt
    # concealed, melds, flowers, win_tile, counts (positional: the dataclass's own order).
    concealed, declared = tuple(sorted(written)), tuple(melds)
    return Hand(concealed, declared, tuple(sorted(flowers)), win_tile, bytes(hidden), red)


def hand_won_on(text: str, win: str | None, *, tiles: int = MAX_TILES) -> Hand:
    """The hand of `text` won on `win`, the one rule of `mjc score --win`, a batch line's
    `"win"` and `mjc waits --win`: a hand one tile short of a win (13 tiles, a declared meld
    counting 3) has `win` added, whether or not it holds other copies, unless `win` is a flower
    among its flowers (八花, 七搶一: a win on a flower holds one tile fewer beside it, so that
    hand is whole); any other hand must
    hold `win` among its concealed tiles (or flowers), and it marks which one came last, as
    `parse_hand(text, win)` reads it. Without `win` the last concealed tile written is the
    winning tile. Raises `HandError` for bad notation, a fifth copy, or a whole hand that does
    not hold `win`. `tiles` is the size of a win (`parse_hand`'s)."""
    hand = parse_hand(text, tiles=tiles)
    if win is None:
        return hand
    tile = _TILE_OF.get((win[-1:], win[:-1])) if len(win) == 2 else None
    if tile is None:
        raise HandError(f"winning tile: {tile_error(win)}")
    # A hand won on a flower holds one tile fewer beside it: written with that flower among
    # its flowers (上海 八花, 七搶一), it is the whole hand, won on the flower.
    whole_on_flower = IS_FLOWER[tile] and tile in hand.flowers and hand.size == tiles - 1
    if hand.size != tiles - 1 or whole_on_flower:
        among = hand.flowers if IS_FLOWER[tile] else hand.concealed
        if hand.size == tiles and tile not in among:
            where = "flowers" if IS_FLOWER[tile] else "concealed tiles"
            raise HandError(
                f"winning tile {win} is not among the {where} of this whole hand: write the "
                f"hand without it ({tiles - 1} tiles) to have {win} added"
            )
        return parse_hand(text, win, tiles=tiles)
    held = (*hand.concealed, *hand.flowers, *(t for m in hand.melds for t in m.tiles))
    if held.count(tile) >= (1 if IS_FLOWER[tile] else 4):
        which = "the" if IS_FLOWER[tile] else "every copy of"
        raise HandError(f"the hand already holds {which} {win}: it cannot be won on another")
    if IS_FLOWER[tile]:  # 上海 八花: a flower completes only among the flowers
        flowers = tuple(sorted((*hand.flowers, tile)))
        return Hand(hand.concealed, hand.melds, flowers, tile, hand.counts, hand.red_fives)
    counts = bytearray(hand.counts)
    counts[tile] += 1
    concealed = tuple(sorted((*hand.concealed, tile)))
    red = tuple(sorted((*hand.red_fives, tile))) if win[0] == "0" else hand.red_fives
    return Hand(concealed, hand.melds, hand.flowers, tile, bytes(counts), red)


def with_win_tile(hand: Hand, tile: int) -> Hand:
    """`hand` won on `tile` (one of its concealed tiles or flowers, checked by the caller).
    The derived fields do not read the winning tile, so they are copied, not computed again
    as `dataclasses.replace` would (a fifth of scoring's own time when `win=` is given)."""
    slots = _HAND_SLOTS
    if slots is None:  # the native build's `Hand`: its compiled `__post_init__` is cheap
        return Hand(hand.concealed, hand.melds, hand.flowers, tile, hand.counts, hand.red_fives)
    made: Hand = _new_object(Hand)
    for name in slots:
        object.__setattr__(made, name, getattr(hand, name))
    object.__setattr__(made, "win_tile", tile)
    return made


# What `with_win_tile` copies: the slots of `Hand`, or None in the native build, whose `Hand`
# is a C struct that has no `__slots__` and cannot be made without its `__init__`.
_HAND_SLOTS: tuple[str, ...] | None = getattr(Hand, "__slots__", None)
_new_object = object.__new__


def _compact(tiles: Sequence[int]) -> str:
    """mpsz text of tiles in the given order, one suit letter per run of the same suit."""
    if not tiles:
        return ""
    parts: list[str] = []
    run_suit = SUIT_OF[tiles[0]]
    for t in tiles:
        suit = SUIT_OF[t]
        if suit != run_suit:
            parts.append(run_suit)
            run_suit = suit
        parts.append(_RANK_TEXT[t])
    parts.append(run_suit)
    return "".join(parts)


_RANK_TEXT = tuple(str(rank) for rank in RANK_OF)  # each tile's rank as written


def format_parts(concealed: Sequence[int], flowers: Sequence[int], melds: Iterable[Meld]) -> str:
    """`format_hand` of a hand of these concealed tiles and flowers (each sorted) and these
    melds, with no winning tile and no red five, without making the `Hand`."""
    text = _compact(concealed) + _compact(flowers)
    written = [md.text for md in melds]
    if not written:
        return text
    return " ".join([text, *written]) if text else " ".join(written)


def format_hand(hand: Hand) -> str:
    """Canonical notation of `hand`; `parse_hand(format_hand(h)) == h` for every parsed hand.

    Concealed tiles are sorted, except that the winning tile goes last (as its own group) when
    it is not the last in sorted order, so that the default `win` reproduces it.
    """
    if hand.__class__ is not Hand:
        raise_if_wrong(format_hand, hand)
    rest = list(hand.concealed)
    text = _compact(rest)
    if rest and hand.win_tile is not None and rest[-1] != hand.win_tile:
        rest.remove(hand.win_tile)
        text = _compact(rest) + tile_text(hand.win_tile)
    text += _compact(hand.flowers)
    written = " ".join(part for part in (text, *(str(md) for md in hand.melds)) if part)
    for red in hand.red_fives:  # each written as the first plain 5 of its suit
        written = re.sub(f"([0-9]*?)5([0-9]*{SUIT_OF[red]})", r"\g<1>0\g<2>", written, count=1)
    return written
