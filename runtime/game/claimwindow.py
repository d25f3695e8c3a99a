"""What a seat may claim and whether it may win: the checks `mjc.runtime.game.engine` asks per
event.

`claims_of` lists a seat's answers to a discard (win, exposed kong, pong, chow, pass) under
the rulebook's claims (`SPEC.claims`), its wild permissions and the seat's restrictions;
`can_win` asks the rulebook: the shape must complete (its win check) and `Ruleset.score` must
say the hand wins (its reject rules: 只可自摸, 四封, 鸡胡不能吃胡, 20分以上可吃胡 ...). The
situations of a win (杠上开花, 杠上炮, 海底, 天胡, 地胡, 人胡) are read off the round here too,
with the table's own (荒番, 開寶: `Round.table_situations`) added to every win.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from mjc.runtime.game.actions import Action
from mjc.runtime.ready.furiten import is_furiten
from mjc.runtime.tiles.hand import Hand
from mjc.runtime.tiles.tile import IS_SUITED, NUM_PLAYING, RANK_OF, SUIT_OF, tile_text
from mjc.runtime.wins.seats import hand_of

if TYPE_CHECKING:
    from mjc.runtime.game.engine import Round

__all__ = [
    "RUNS_THROUGH",
    "can_win",
    "claims_of",
    "discard_situations",
    "may_complete",
    "robbers",
    "run_ok",
    "score_win",
    "self_draw_situations",
    "swap_tiles",
    "wild_may",
]


def claims_of(r: Round, seat: int, discarder: int, tile: int, last: bool) -> list[Action]:
    """A seat's answers to a discard; none from a seat that left the round (血战到底), and
    only a win from one that won and stays (血流成河: its hand is locked)."""
    if seat in r.left_seats:
        return []
    st = r.seats[seat]
    counts = st.counts
    acts: list[Action] = []
    wild = tile in r.wilds
    if (
        tile not in st.no_win
        and (not wild or "win_on_discard" in r.perms)
        and may_complete(r, seat, tile)
        and not (r.ready.furiten and is_furiten(r, seat))  # 振聴
    ):
        situations = discard_situations(r, seat, discarder)
        if can_win(r, seat, hand_of(st, tile, tile), False, situations):
            r.situations[seat] = situations
            if r.rules.must_win:
                return [Action(seat, "win")]
            acts.append(Action(seat, "win"))
    listed = seat < len(_PASS)  # the answers made once below (four seats at most)
    claimable = not last and (not wild or "claimed" in r.perms) and seat not in r.won_seats
    if claimable and r.ready.declared:  # a hand declared ready claims nothing but a win
        claimable = seat not in r.ready.declared
    if claimable and r.declared:  # 定缺 no_claims: no tile of the declared suit is claimed
        claimable = SUIT_OF[tile] not in barred_suits(r, seat)
    # 跟庄 不能碰、杠: no pong or kong while the opening may still follow the dealer.
    sets_claimable = claimable and not (r.rules.no_claims_while_following and r.opening.following())
    if sets_claimable:
        c = counts[tile]
        if (
            c >= 3
            and "exposed" in r.kong_kinds
            and wild_may(r, tile, "kong")
            and (r.wall.drawable > 0 or not r.rules.kong_needs_tile)
            and (r.dead is None or r.dead.replacements_left > 0)  # 嶺上牌 left
        ):
            acts.append(Action(seat, "exposed_kong", tile))
        if (
            c >= 2
            and r.can_pong
            and tile not in st.no_pong
            and (not r.wilds or wild_may(r, tile, "pong"))  # (no wild: no call to ask)
        ):
            acts.append(_PONG[seat][tile] if listed else Action(seat, "pong", tile))
    if claimable:
        nxt = seat == (discarder + 1) % r.players or not r.rules.chow_only_from_previous
        if r.can_chow and nxt and IS_SUITED[tile]:
            for low in RUNS_THROUGH[tile]:
                if (tile, low) in st.no_chow:
                    continue
                # the run's two other tiles (a conditional, not a list: per discard)
                a, b = (
                    (low + 1, low + 2)
                    if tile == low
                    else (low, low + 2)
                    if tile == low + 1
                    else (low, low + 1)
                )
                if (
                    counts[a]
                    and counts[b]
                    and (not r.wilds or all(wild_may(r, t, "chow") for t in (a, b, tile)))
                ):
                    acts.append(
                        _CHOW[seat][low][tile - low] if listed else Action(seat, "chow", tile, low)
                    )
    if acts:
        acts.append(_PASS[seat] if listed else Action(seat, "pass"))
    return acts


def robbers(r: Round, konger: int, tile: int, kong: bool = True) -> dict[int, list[Action]]:
    """The seats that may rob a kong of `tile` (抢杠) and their answers (win, pass); without
    `kong`, those that may win on a tile set aside (北抜き): not under `robbing_kong` but the
    rulebook's `set_aside_win`, whose `reject` rules may refuse the win (ron on 北 only for
    国士無双), so the window offers exactly the wins the rulebook allows."""
    n = r.players
    pending: dict[int, list[Action]] = {}
    r.situations = {}
    how = _ROBBING[kong] if kong or not r.rules.set_aside_win else (r.rules.set_aside_win,)
    for i in range(1, n):
        seat = (konger + i) % n
        st = r.seats[seat]
        if tile in st.no_win or seat in r.left_seats or not may_complete(r, seat, tile):
            continue
        if r.ready.furiten and is_furiten(r, seat):
            continue  # 振聴: no win on another's kong either
        robbing = (*how, *r.table_situations, *r.ready.situations(r, seat))
        if can_win(r, seat, hand_of(st, tile, tile), False, robbing):
            r.situations[seat] = robbing
            win = Action(seat, "win")
            pending[seat] = [win] if r.rules.must_win else [win, Action(seat, "pass")]
    return pending


_ROBBING: dict[bool, tuple[str, ...]] = {True: ("robbing_kong",), False: ()}


def may_complete(r: Round, seat: int, tile: int) -> bool:
    """The quick shape test of `tile` added to the hand of `seat` (not the seat to play), by
    its cached wait set (`mjc.runtime.wins.waitsets`); true when the round has no quick test."""
    finder = r.finder
    if finder is None:
        return True
    st = r.seats[seat]
    waits = st.waits
    if waits is None:
        waits = st.waits = finder(st)
    return tile in waits


def wild_may(r: Round, tile: int, what: str) -> bool:
    """Whether a wild of this kind may do `what` (`SPEC.wild_permissions`); the flipped
    indicator's kind is konged only with `indicator_kong`."""
    if what == "kong" and tile == r.indicator and "indicator_kong" not in r.perms:
        return False
    return tile not in r.wilds or what in r.perms


def self_draw_situations(r: Round, seat: int) -> tuple[str, ...]:
    found: list[str] = []
    if r.from_kong:
        found.append("kong_bloom")
    elif r.aside is not None and (bloom := r.aside.situations(r, seat)):
        found += bloom  # a win on the replacement of a tile set aside (北抜き)
    elif r.wall.drawable <= 0:
        found.append("last_tile")
    if r.quiet and r.discards == 0 and seat == r.dealer:
        found.append("heavenly")
    elif (
        r.quiet
        and seat != r.dealer
        and r.seats[seat].draws == 1
        and r.discards < r.players
        and not r.from_kong
    ):
        found.append("earthly")
    return (*found, *r.table_situations, *r.ready.situations(r, seat))


def discard_situations(r: Round, seat: int, discarder: int) -> tuple[str, ...]:
    """The situations of a win on `discarder`'s discard: 海底, 人胡, and 杠上炮 (`kong_discard`)
    when the discarder's turn began with a kong's replacement tile (`Round.from_kong`, also
    set for the tiles a kind of kong turns up, which are the konger's discards)."""
    found: list[str] = []
    if r.wall.drawable <= 0:
        found.append("last_tile")
    if r.from_kong:
        found.append("kong_discard")
    if r.quiet and r.discards == 1 and discarder == r.dealer:
        found.append("human")
    return (*found, *r.table_situations, *r.ready.situations(r, seat))


def can_win(r: Round, seat: int, hand: Hand, self_drawn: bool, situations: tuple[str, ...]) -> bool:
    """A win is legal when the shape completes and `Ruleset.score` says it wins (its
    reject rules: 只可自摸, 四封, 鸡胡不能吃胡 ...)."""
    if not r.checker(hand) or not _tiles_complete(r, hand):
        return False
    r.situations[seat] = situations
    return bool(score_win(r, seat, hand, self_drawn, situations).win)


def _tiles_complete(r: Round, hand: Hand) -> bool:
    """Flowers complete no set: a hand that holds flowers and is won on a tile must complete
    its shape without them. Only a win on a flower itself (`mjc.runtime.game.sidewins`, 上海 八花
    抓起即可胡牌) is a flower shape's alone; its reading is then the score's to choose."""
    if not hand.flowers or r.plain_shapes or (hand.win_tile or 0) >= NUM_PLAYING:
        return True
    return bool(r.checker(dataclasses.replace(hand, flowers=())))


def score_win(
    r: Round, seat: int, hand: Hand, self_drawn: bool, situations: tuple[str, ...]
) -> Any:
    """The score of the win, or a non-win where the ruleset refuses the hand. A situation the
    ruleset finds impossible (`SituationError`) is not caught: the engine derives situations
    from the play itself, so one that cannot hold is a bug in the engine, not a hand that does
    not win (tests/game/test_game_situations.py plays rounds to show it never happens)."""
    from mjc.runtime.score.situations import SituationError

    if r.reds is not None:  # 赤ドラ: the hand's red fives, the discard's when won on
        hand = r.reds.on(hand, seat, not self_drawn)
    try:
        return r.ruleset.score(
            hand,
            self_drawn=self_drawn,
            seat_wind=r.seat_wind(seat),
            round_wind=r.round_wind,
            dealer=seat == r.dealer,
            situations=situations,
            indicator=tile_text(r.indicator) if r.indicator >= 0 else None,
            players=r.players,
            options=r.values,
            declared=r.declared.get(seat),  # 定缺: a hand holding its missing suit may not win
            dealer_streak=r.streak,  # 连庄, which fans may read
            # the indicators turned up so far and the ura under them (the rulebook's fans
            # say when they count: 裏ドラ for a riichi winner)
            dora_indicators=r.dead.dora_texts() if r.dead is not None else (),
            ura_indicators=r.dead.ura_texts() if r.dead is not None else (),
            set_aside=r.aside.count(seat) if r.aside is not None else 0,  # 抜きドラ
        )
    except SituationError:
        raise
    except ValueError:
        return _NO_WIN


class _NoWin:
    win = False


_NO_WIN = _NoWin()


def run_ok(low: int) -> bool:
    """A chow may start at `low`: a suited tile of rank 1 to 7."""
    return 0 <= low < NUM_PLAYING and IS_SUITED[low] and RANK_OF[low] <= 7


# Per tile, the lowest tiles of the runs through it, lowest first (none for an honour).
RUNS_THROUGH: tuple[tuple[int, ...], ...] = tuple(
    tuple(low for low in (t - 2, t - 1, t) if run_ok(low)) if IS_SUITED[t] else ()
    for t in range(NUM_PLAYING)
)
# The commonest answers to a discard of seats 0..3, made once (a window lists a few per
# discard): a pass, a pong by tile, a chow by the run's lowest tile and the tile claimed.
_PASS = tuple(Action(s, "pass") for s in range(4))
_PONG = tuple(tuple(Action(s, "pong", t) for t in range(NUM_PLAYING)) for s in range(4))
_CHOW = tuple(
    tuple(
        tuple(Action(s, "chow", t, low) for t in range(low, low + 3)) if run_ok(low) else ()
        for low in range(NUM_PLAYING)
    )
    for s in range(4)
)


def swap_tiles(tile: int, low: int) -> set[int]:
    """上吃下吐 off: after chowing `tile` into the run from `low`, neither it nor the tile
    that would make the same run's other end may be discarded at once (食替)."""
    banned = {tile}
    if tile == low and RANK_OF[low] <= 6:
        banned.add(low + 3)
    if tile == low + 2 and RANK_OF[low] >= 2:
        banned.add(low - 1)
    return banned


def barred_suits(r: Round, seat: int) -> set[str]:
    """The suits `seat` declared before play with `no_claims` (定缺: 缺门的牌不能碰、杠): it
    claims no discard of them and declares no kong of them."""
    declared = r.declared.get(seat)
    if not declared:
        return set()
    return {declared[d.id] for d in r.ruleset.spec.declares if d.no_claims and d.id in declared}
