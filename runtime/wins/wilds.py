"""Hands with wild tiles (鬼牌, 王牌): the win check and the arrangements.

Input is a parsed `Hand` and the wild tile kinds of the game (from the generated module's
`wild_tiles`); every copy of a wild kind in the concealed tiles is a wild. The win check never
enumerates what the wilds stand for: per-suit tables say how many wilds each suit needs to
become sets (with or without the pair), and the check adds them up. Scoring does enumerate:
`wild_arrangements` lists every reading in which each wild stands for a definite tile (itself
included), so that the scorer can keep the reading worth the most (潮州: 胡牌的时候，默认鬼牌为
分值最高的牌).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import cache
from itertools import combinations_with_replacement, product

from mjc.runtime.tiles.argcheck import WRONG_TYPE_SIGNS as _WRONG_TYPE_SIGNS, raise_if_wrong
from mjc.runtime.tiles.hand import MAX_TILES, Hand
from mjc.runtime.tiles.melds import Meld, all_melds, meld
from mjc.runtime.tiles.tile import HONOUR_BASE, NUM_PLAYING, TERMINALS_AND_HONOURS
from mjc.runtime.wins.arrange import SEVEN_PAIRS, STANDARD, THIRTEEN_ORPHANS, Arrangement

__all__ = [
    "WildIndicatorMissing",
    "is_win_with_wilds",
    "make_wild_checker",
    "suit_needs",
    "wild_arrangements",
]

_INF = 99
_BASES = (0, 9, 18, HONOUR_BASE)
_ORPHANS = frozenset(TERMINALS_AND_HONOURS)


class WildIndicatorMissing(ValueError):
    """The game's wilds come from a flipped indicator, but none was given."""

    def __init__(self, rulebook: str) -> None:
        super().__init__(
            f"in this {rulebook} game the wild is set by a flipped indicator: "
            "pass indicator= (or --indicator TILE) or the wild itself (--wild TILE)"
        )


# --------------------------------------------------------------------------- the win check


def _min_wilds(counts: list[int], pair: bool, chows: bool, memo: dict[bytes, int]) -> int:
    """The fewest wilds that complete `counts` (one suit) into sets, plus a pair if `pair`."""
    key = bytes(counts) + (b"p" if pair else b"-")
    found = memo.get(key)
    if found is not None:
        return found
    i = next((r for r, n in enumerate(counts) if n), -1)
    if i < 0:
        best = 2 if pair else 0
    else:
        best = _INF
        held = counts[i]
        for k in range(1, min(3, held) + 1):  # a pung with k real tiles
            counts[i] -= k
            best = min(best, 3 - k + _min_wilds(counts, pair, chows, memo))
            counts[i] += k
        if pair:
            for k in range(1, min(2, held) + 1):  # the pair with k real tiles
                counts[i] -= k
                best = min(best, 2 - k + _min_wilds(counts, False, chows, memo))
                counts[i] += k
        if chows:
            # Chows that cover rank i; a real tile is always at least as good as a wild.
            for start in range(max(0, i - 2), min(i, 6) + 1):
                taken = [r for r in range(start, start + 3) if counts[r]]
                for r in taken:
                    counts[r] -= 1
                best = min(best, 3 - len(taken) + _min_wilds(counts, pair, chows, memo))
                for r in taken:
                    counts[r] += 1
    memo[key] = best
    return best


_SUIT_MEMO: dict[bytes, int] = {}
_HONOUR_MEMO: dict[bytes, int] = {}
# One table for the three suits (m, p and s split alike: a key's needs are the same in each)
# and one for the honours.
_SUITED_NEEDS: dict[bytes, tuple[int, int]] = {}
_NEEDS: tuple[dict[bytes, tuple[int, int]], ...] = (_SUITED_NEEDS,) * 3 + ({},)


def suit_needs(suit: int, key: bytes) -> tuple[int, int]:
    """(wilds to make sets only, wilds to make sets and the pair) for one suit's counts;
    suit 3 is the honours. Cached per key: the per-suit table, filled as hands need it."""
    table = _NEEDS[suit]
    found = table.get(key)
    if found is None:
        chows = suit != 3
        memo = _SUIT_MEMO if chows else _HONOUR_MEMO
        counts = list(key)
        found = (
            _min_wilds(counts, False, chows, memo),
            _min_wilds(counts, True, chows, memo),
        )
        table[key] = found
    return found


def _without_wilds(hand: Hand, wilds: Iterable[int]) -> tuple[bytearray, int]:
    counts = bytearray(hand.counts)
    held = 0
    for t in wilds:
        if t < NUM_PLAYING:
            held += counts[t]
            counts[t] = 0
    return counts, held


# The hot path (one wild kind, standard shape) reads the four suits as steps of a small state
# machine, so that a check is four lookups and three tuple indexings of small ints: no int is
# made (every state is a cached small int) and no set is probed. A state stands for a pair
# (short, least) over the suits read so far: `short`, their sets-only needs added up less the
# wilds held, and `least`, the smallest d = (sets and the pair) - (sets only) among them, which
# is always -1, 0, 1 or 2. The hand wins when, after the four suits, short + least <= 0: the
# suit with the smallest d takes the pair. The suit holding the wild kind is read first, from
# its own table per wild kind, keyed by the suit's full key (wild copies included, so the key
# keeps its cached hash): it gives the first state, its needs without the wilds and with the
# wilds held taken off. Every other suit's table gives a step: a tuple of the next state for
# each state. Every state whose short is 2 or more is the one state `_LOST`, numbered 0 (the
# suits still to come only raise short, and least is at least -1); the others are numbered
# from 1, those that do not win first, so the last test is `state >= _FIRST_WIN`. A test of
# the state alone (0 is false) stops the check at `_LOST`, after the wild kind's suit or
# after the next one, two or three lookups early (about half the hands of the benchmark's
# corpus, the random ones, stop so; a fifth after the wild kind's suit alone, whose single
# honours need two wilds each). After two suits it steps through the last two without
# looking: a hand that gets so far nearly always needs them both, and a comparison there
# would cost every winning hand more than the lookup it would spare the rare loser.
_States = tuple[tuple[int, int], ...]
# short runs from -MAX_TILES (a hand of nothing but wilds) to 1.
_STATES: _States = tuple(
    sorted(
        ((short, least) for short in range(-MAX_TILES, 2) for least in range(-1, 3)),
        key=lambda state: (sum(state) <= 0, state),
    )
)
_LOST = 0
_FIRST_WIN = 1 + sum(1 for short, least in _STATES if short + least > 0)
_STATE_NUMBER = {state: n for n, state in enumerate(_STATES, 1)}


def _state(short: int, least: int) -> int:
    return _STATE_NUMBER[(short, least)] if short < 2 else _LOST


@cache
def _step(sets_only: int, with_pair: int) -> tuple[int, ...]:
    """The next state for each state (`_LOST` for `_LOST`) after a suit of these needs; one
    tuple per pair of needs (a few dozen), shared by every key that has them."""
    d = with_pair - sets_only
    return (_LOST, *(_state(short + sets_only, min(least, d)) for short, least in _STATES))


# Per suit, key -> step (the suits that do not hold the wild kind). The three suits share one
# table, as `_NEEDS` does: a third of the entries, and a key two suits hold (the interned key
# of a suit that splits, `mjc.runtime.tiles.tables.SUIT_ENTRIES`) is one entry that stays in
# the CPU cache.
_SUITED_STEPS: dict[bytes, tuple[int, ...]] = {}
_HONOUR_STEPS: dict[bytes, tuple[int, ...]] = {}
_STEPS: tuple[dict[bytes, tuple[int, ...]], ...] = (_SUITED_STEPS,) * 3 + (_HONOUR_STEPS,)


def _suit_of(tile: int) -> tuple[int, int]:
    return (tile // 9, tile % 9) if tile < HONOUR_BASE else (3, tile - HONOUR_BASE)


# Per wild kind, key of the suit holding it -> the first state.
_FIRST_STATES: dict[int, dict[bytes, int]] = {wild: {} for wild in range(NUM_PLAYING)}


def _final_state(keys: tuple[bytes, bytes, bytes, bytes], wild: int) -> int:
    """Fill the hot path's tables for these suit keys and the playing tile kind `wild`; the
    state after all four suits."""
    wild_suit, rank = _suit_of(wild)
    key = keys[wild_suit]
    first = _FIRST_STATES[wild]
    state = first.get(key)
    if state is None:
        held = key[rank]
        sets_only, with_pair = suit_needs(wild_suit, key[:rank] + b"\0" + key[rank + 1 :])
        state = first[key] = _state(sets_only - held, with_pair - sets_only)
    for s, key in enumerate(keys):
        if s != wild_suit:
            table = _STEPS[s]
            step = table.get(key)
            if step is None:
                step = table[key] = _step(*suit_needs(s, key))
            state = step[state]
    return state


def is_win_with_wilds(
    hand: Hand, wilds: Iterable[int], shapes: Iterable[str], size: int = MAX_TILES
) -> bool:
    """Whether the hand completes one of `shapes` with its wilds standing for any tiles.

    One wild kind among the suits takes that kind's prepared check (`make_wild_checker`,
    made once per wild kind and shape set); anything else (several wild kinds, a flower as
    the wild) is `_is_win_general`. A caller checking many hands of one game holds on to
    the prepared check instead. `size` is the tiles of a win (17 for a rulebook's `hand 16`:
    the standard shape alone, of five sets, takes the general check)."""
    try:
        kinds, names = tuple(wilds), frozenset(shapes)
        if size != MAX_TILES:
            return _is_win_general(hand, kinds, names, size)
        if len(kinds) == 1 and kinds[0] in _FIRST_STATES:
            return make_wild_checker(kinds[0], names)(hand)
        return _is_win_general(hand, kinds, names)
    except _WRONG_TYPE_SIGNS:
        raise_if_wrong(is_win_with_wilds, hand, wilds, shapes, size)
        raise


@cache
def make_wild_checker(wild: int, shapes: frozenset[str]) -> Callable[[Hand], bool]:
    """A one-argument win check for a game whose one wild kind is the playing tile `wild`:
    `is_win_with_wilds(hand, (wild,), shapes)` with everything that does not depend on the
    hand decided here, once (what `Ruleset.win_checker` hands out for such a game). One
    check serves each (wild, shapes): it holds no state of its own.

    The standard test is the hot path's steps through the suits' tables, the wild kind's own
    table bound in the closure: the wild kind's suit first, then the next while the hand can
    still win (`_LOST`), then the last two; a key not seen yet fills the tables
    (`_final_state`) and the check goes on."""
    wilds = (wild,)
    if STANDARD not in shapes or wild not in _FIRST_STATES:

        def general(hand: Hand) -> bool:
            return _is_win_general(hand, wilds, shapes)

        return general
    wild_suit = _suit_of(wild)[0]
    if wild_suit == 3:
        return _honour_wild_checker(wild, shapes)
    return _suited_wild_checker(wild, wild_suit, shapes)


def _not_seen(hand: Hand, wild: int, shapes: frozenset[str]) -> bool:
    """The check of a hand of `MAX_TILES` holding a suit key the tables have not seen: fill
    them, then the other shapes."""
    if _final_state(hand.suit_keys, wild) >= _FIRST_WIN:
        return True
    other = _other_shapes_check(wild, shapes)
    return other is not None and other(hand)


def _honour_wild_checker(wild: int, shapes: frozenset[str]) -> Callable[[Hand], bool]:
    """`make_wild_checker` for an honour wild kind (白板做鬼): the honour key first, then m, p
    and s, in one frame. Each key is read from the hand's `suit_keys` when it is looked up,
    not unpacked ahead: a hand that stops early never touches the keys it does not need.

    Only the wild kind's own table is bound in the closure; the suits' shared table and the
    state numbers are read as module globals. A call copies every variable its closure holds
    into its frame, and a global costs no more to read than a closure variable, so each one
    fewer there is a little less on every check."""
    wilds = (wild,)
    own = _FIRST_STATES[wild]
    other = _other_shapes_check(wild, shapes)

    def check(hand: Hand) -> bool:
        if hand.size == MAX_TILES:
            keys = hand.suit_keys
            try:
                state = own[keys[3]]
                if state:
                    state = _SUITED_STEPS[keys[0]][state]
                    if (
                        state
                        and _SUITED_STEPS[keys[2]][_SUITED_STEPS[keys[1]][state]] >= _FIRST_WIN
                    ):
                        return True
            except KeyError:
                return _not_seen(hand, wild, shapes)
            return other is not None and other(hand)
        return _is_win_general(hand, wilds, shapes)

    return check


def _suited_wild_checker(wild: int, suit: int, shapes: frozenset[str]) -> Callable[[Hand], bool]:
    """`_honour_wild_checker` for a wild kind of suit `suit` (0-2): that suit's key first, then
    the other two suits (`first` and `second`, in the shared table) and the honours."""
    wilds = (wild,)
    own = _FIRST_STATES[wild]
    first, second = (s for s in range(3) if s != suit)
    other = _other_shapes_check(wild, shapes)

    def check(hand: Hand) -> bool:
        if hand.size == MAX_TILES:
            keys = hand.suit_keys
            try:
                state = own[keys[suit]]
                if state:
                    state = _SUITED_STEPS[keys[first]][state]
                    if (
                        state
                        and _HONOUR_STEPS[keys[3]][_SUITED_STEPS[keys[second]][state]] >= _FIRST_WIN
                    ):
                        return True
            except KeyError:
                return _not_seen(hand, wild, shapes)
            return other is not None and other(hand)
        return _is_win_general(hand, wilds, shapes)

    return check


# Per wild kind, a mask over a hand's 34 counts read as one little-endian int: every count
# thirteen orphans cannot use (the wild's own count excepted).
_STRAYS = tuple(
    int.from_bytes(
        bytes(0 if t in _ORPHANS or t == wild else 0xFF for t in range(NUM_PLAYING)), "little"
    )
    for wild in range(NUM_PLAYING)
)
# Thirteen orphans holds no suited tile but a 1 or a 9, at most two of each (the pair): the
# keys of a suit that fit, of which the key of a suit without the wild kind must be one.
_TERMINAL_KEYS = frozenset(bytes((a, 0, 0, 0, 0, 0, 0, 0, b)) for a in range(3) for b in range(3))


@cache
def _other_shapes_check(wild: int, shapes: frozenset[str]) -> Callable[[Hand], bool] | None:
    """Seven pairs and thirteen orphans for one wild kind among the suits, for when the
    standard shape has failed on a hand of `MAX_TILES` (None when `shapes` has neither):
    `_is_win_general`'s tests, with the counting done by C loops over the hand's counts, and
    thirteen orphans ruled out first by one suit's key (`_TERMINAL_KEYS`)."""
    sevens = SEVEN_PAIRS in shapes
    orphans = THIRTEEN_ORPHANS in shapes
    if not (sevens or orphans):
        return None
    strays = _STRAYS[wild]
    plain = 1 if _suit_of(wild)[0] == 0 else 0  # a suited suit that does not hold the wild

    def other(hand: Hand) -> bool:
        # The hand holds MAX_TILES (its check has read its size), so it holds MAX_TILES
        # concealed tiles exactly when it has declared no meld; the empty tuple of no melds
        # is one shared object, where the concealed tiles are the hand's own.
        if hand.melds:
            return False
        counts = hand.counts
        held = counts[wild]
        # Each kind held an odd number of times (1 or 3) takes one wild to make a pair.
        if sevens and counts.count(1) + counts.count(3) - (held & 1) <= held:
            return True
        return (
            orphans
            and hand.suit_keys[plain] in _TERMINAL_KEYS
            and not int.from_bytes(counts, "little") & strays
            and _orphans_fit(_without_wilds(hand, (wild,))[0])
        )

    return other


def _is_win_general(
    hand: Hand, wilds: tuple[int, ...], shapes: frozenset[str], size: int = MAX_TILES
) -> bool:
    """The win check for any wilds and shapes, from the per-suit needs of `suit_needs` (which
    count no sets: any number of them, so a win of `size` tiles, 3k + 2, is k sets and a
    pair)."""
    counts, held = _without_wilds(hand, wilds)
    if STANDARD in shapes and hand.size == size:
        needs = [
            suit_needs(s, bytes(counts[b : b + (7 if s == 3 else 9)])) for s, b in enumerate(_BASES)
        ]
        sets_only = sum(n for n, _ in needs)
        if min(sets_only - n + p for n, p in needs) <= held:
            return True
    if len(hand.concealed) == MAX_TILES == size:
        if SEVEN_PAIRS in shapes and sum(n % 2 for n in counts) <= held:
            return True
        if THIRTEEN_ORPHANS in shapes and _orphans_fit(counts):
            return True
    return False


def _orphans_fit(counts: bytearray) -> bool:
    """Whether the non-wild tiles fit thirteen orphans (wilds fill the rest: the hand has 14)."""
    doubles = 0
    for t, n in enumerate(counts):
        if not n:
            continue
        if t not in _ORPHANS or n > 2:
            return False
        doubles += n == 2
    return doubles <= 1


# --------------------------------------------------------------------------- arrangements

# One suit's reading with wilds: its sets, its pair (or None), and the tiles the wilds became.
_Reading = tuple[tuple[Meld, ...], Meld | None, tuple[int, ...]]


def _suit_readings(base: int, size: int, counts: list[int], budget: int) -> list[_Reading]:
    """Every reading of one suit using at most `budget` wilds (at most one pair)."""
    chows = base != HONOUR_BASE
    found: dict[tuple[tuple[Meld, ...], Meld | None], tuple[int, ...]] = {}

    def walk(sets: list[Meld], pair: Meld | None, filled: list[int], left: int) -> None:
        i = next((r for r in range(size) if counts[r]), -1)
        if i < 0:
            key = (tuple(sorted(sets, key=_order)), pair)
            if key not in found or len(filled) < len(found[key]):
                found[key] = tuple(filled)
            return
        tile = base + i
        held = counts[i]
        for k in range(1, min(3, held) + 1):
            if 3 - k <= left:
                counts[i] -= k
                walk(
                    [*sets, meld("pung", tile, True)],
                    pair,
                    filled + [tile] * (3 - k),
                    left - (3 - k),
                )
                counts[i] += k
        if pair is None:
            for k in range(1, min(2, held) + 1):
                if 2 - k <= left:
                    counts[i] -= k
                    walk(sets, meld("pair", tile, True), filled + [tile] * (2 - k), left - (2 - k))
                    counts[i] += k
        if chows:
            for start in range(max(0, i - 2), min(i, 6) + 1):
                missing = [r for r in range(start, start + 3) if not counts[r]]
                if len(missing) > left:
                    continue
                taken = [r for r in range(start, start + 3) if counts[r]]
                for r in taken:
                    counts[r] -= 1
                walk(
                    [*sets, meld("chow", base + start, True)],
                    pair,
                    filled + [base + r for r in missing],
                    left - len(missing),
                )
                for r in taken:
                    counts[r] += 1

    walk([], None, [], budget)
    return [(sets, pair, filled) for (sets, pair), filled in found.items()]


def _order(m: Meld) -> tuple[int, int]:
    return (m.tile, m.index)


# Sets and pairs made of wilds alone: the wilds may be any tile at all.
_FREE_SETS = tuple(m for m in all_melds() if m.concealed and m.kind in ("chow", "pung"))
_FREE_PAIRS = tuple(m for m in all_melds() if m.concealed and m.kind == "pair")


def wild_arrangements(
    hand: Hand, wilds: tuple[int, ...], shapes: frozenset[str], size: int = MAX_TILES
) -> list[Arrangement]:
    """Every reading of the hand with each wild standing for a definite tile; `size` is the
    tiles of a win (3k + 2: k sets and a pair)."""
    try:
        counts, held = _without_wilds(hand, wilds)
        wild_set = frozenset(wilds)
        found: list[Arrangement] = []
        if STANDARD in shapes and hand.size == size:
            found += _standard(hand, counts, held, wild_set)
        if len(hand.concealed) == MAX_TILES == size:
            if SEVEN_PAIRS in shapes:
                found += _seven_pairs(hand, counts, held, wild_set)
            if THIRTEEN_ORPHANS in shapes and _orphans_fit(counts):
                found += _thirteen_orphans(hand, counts, wild_set)
        return found
    except _WRONG_TYPE_SIGNS:
        raise_if_wrong(wild_arrangements, hand, wilds, shapes, size)
        raise


def _substituted(filled: Iterable[int], wild_set: frozenset[int]) -> int:
    return sum(1 for t in filled if t not in wild_set)


def _standard(
    hand: Hand, counts: bytearray, held: int, wild_set: frozenset[int]
) -> list[Arrangement]:
    per_suit = [
        _suit_readings(b, 7 if s == 3 else 9, list(counts[b : b + (7 if s == 3 else 9)]), held)
        for s, b in enumerate(_BASES)
    ]
    seen: set[tuple[tuple[Meld, ...], Meld]] = set()
    found: list[Arrangement] = []
    for combo in product(*per_suit):
        pairs = [pair for _, pair, _ in combo if pair is not None]
        if len(pairs) > 1:
            continue
        used = sum(len(filled) for _, _, filled in combo)
        left = held - used
        filled_all = [t for _, _, filled in combo for t in filled]
        sets = tuple(m for suit_sets, _, _ in combo for m in suit_sets)
        pair_options: Iterable[tuple[Meld, int]]
        if pairs:
            pair_options = [(pairs[0], left)]
        else:
            pair_options = [(p, left - 2) for p in _FREE_PAIRS] if left >= 2 else []
        for pair, rest in pair_options:
            if rest < 0 or rest % 3:
                continue
            extra_filled = [] if pairs else [pair.tile, pair.tile]
            for free in combinations_with_replacement(_FREE_SETS, rest // 3):
                all_sets = tuple(sorted(sets + free, key=_order))
                key = (all_sets, pair)
                if key in seen:
                    continue
                seen.add(key)
                free_tiles = [t for m in free for t in m.tiles]
                substitutions = _substituted(filled_all + extra_filled + free_tiles, wild_set)
                tiles = tuple(
                    sorted(
                        [t for t in hand.concealed if t not in wild_set]
                        + [t for m in hand.melds for t in m.tiles]
                        + filled_all
                        + extra_filled
                        + free_tiles
                    )
                )
                found.append(
                    Arrangement(
                        STANDARD,
                        hand.melds + all_sets,
                        (pair,),
                        tiles,
                        hand.is_concealed,
                        pair,
                        substitutions,
                    )
                )
    return found


def _seven_pairs(
    hand: Hand, counts: bytearray, held: int, wild_set: frozenset[int]
) -> list[Arrangement]:
    singles = [t for t, n in enumerate(counts) if n % 2]
    left = held - len(singles)
    if left < 0 or left % 2:
        return []
    base_pairs = [meld("pair", t, True) for t, n in enumerate(counts) for _ in range(n // 2)]
    base_pairs += [meld("pair", t, True) for t in singles]
    found: list[Arrangement] = []
    for free in combinations_with_replacement(_FREE_PAIRS, left // 2):
        pairs = tuple(sorted(base_pairs + list(free), key=_order))
        filled = singles + [t for p in free for t in p.tiles]
        tiles = tuple(sorted([t for t in hand.concealed if t not in wild_set] + filled))
        found.append(
            Arrangement(SEVEN_PAIRS, (), pairs, tiles, True, None, _substituted(filled, wild_set))
        )
    return found


def _thirteen_orphans(hand: Hand, counts: bytearray, wild_set: frozenset[int]) -> list[Arrangement]:
    missing = [t for t in TERMINALS_AND_HONOURS if not counts[t]]
    double = next((t for t in TERMINALS_AND_HONOURS if counts[t] == 2), None)
    choices = [double] if double is not None else list(TERMINALS_AND_HONOURS)
    found: list[Arrangement] = []
    for pair_tile in choices:
        filled = missing + ([pair_tile] if double is None else [])
        tiles = tuple(sorted([t for t in hand.concealed if t not in wild_set] + filled))
        pair = meld("pair", pair_tile, True)
        found.append(
            Arrangement(
                THIRTEEN_ORPHANS, (), (pair,), tiles, True, None, _substituted(filled, wild_set)
            )
        )
    return found
