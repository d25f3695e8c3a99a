"""The claim and rob windows of a `Round`: who is asked, their answers, which answer is served.

`mjc.runtime.game.engine` opens a window after every discard (`open_claims`) and after a kong that
may be robbed (`open_rob`); the seats asked and what each may answer come from
`mjc.runtime.game.claimwindow`. Each answer goes through `answer`; once every asked seat has
answered, `TurnRules.priority` (win, kong, pong, chow) and the nearest seat after the
discarder decide which claim is served (several winners where 一炮多响 is allowed), and the
round goes on from there (the claim, the kong's replacement, or the next seat's draw).

Most discards complete nobody's hand and give nobody a pong or a chow: `open_claims` decides
that on the tile counts and each seat's cached wait set (`mjc.runtime.wins.waitsets`) before any
`Action` or `Hand` is made.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mjc.runtime.game.actions import Action
from mjc.runtime.game.claimwindow import claims_of, robbers, run_ok
from mjc.runtime.game.sidewins import (
    deal_answer,
    declare_answer,
    exchange_answer,
    flower_answer,
    kong_answer,
    with_kinds,
)
from mjc.runtime.tiles.tile import IS_SUITED, NUM_PLAYING

if TYPE_CHECKING:
    from mjc.runtime.game.engine import Round

__all__ = ["answer", "open_claims", "open_rob"]

_CLAIM_OF = {"win": "win", "exposed_kong": "kong", "pong": "pong", "chow": "chow"}
# Per tile, the pairs of other tiles that make a run with it: a chow needs one pair held.
_RUN_PARTNERS: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple(
        (a, b)
        for low in (t - 2, t - 1, t)
        if run_ok(low)
        for a, b in [[x for x in range(low, low + 3) if x != t]]
    )
    if IS_SUITED[t]
    else ()
    for t in range(NUM_PLAYING)
)


def open_claims(r: Round, discarder: int, tile: int) -> None:
    """Ask the other seats about the discard `tile`, or go on to the next draw when none
    may claim it."""
    n = r.players
    wall = r.wall
    last = wall.tail < wall.head  # the 海底 discard (nothing drawable): only a win may take it
    pending: dict[int, list[Action]] = {}
    if r.situations:
        r.situations = {}
    finder, seats = r.finder, r.seats
    chow_seat = (discarder + 1) % n if r.can_chow else -1
    if r.can_chow and not r.rules.chow_only_from_previous:
        chow_seat = -2  # 吃 from anyone: every seat's runs are looked at
    for i in range(1, n):
        seat = (discarder + i) % n
        st = seats[seat]
        counts = st.counts
        if (
            finder is not None
            and counts[tile] < 2
            and (seat != chow_seat != -2 or not _may_chow(counts, tile))
        ):
            waits = st.waits
            if waits is None:
                waits = st.waits = finder(st)
            if tile not in waits:
                continue  # the common case, decided here: no pong, no chow, no win
        acts = claims_of(r, seat, discarder, tile, last)
        if acts and r.kong_turn.kinds:
            acts = with_kinds(r, seat, acts)  # an exposed kong once per kind that holds
        if acts:
            pending[seat] = acts
    r.turn = discarder
    if pending:
        r.phase, r.pending, r.responses = "claim", pending, {}
        return
    r._after_window(discarder)


def _may_chow(counts: list[int], tile: int) -> bool:
    """Some run through `tile` has its two other tiles held (before the chow's own rules)."""
    for a, b in _RUN_PARTNERS[tile]:  # a plain loop: no generator made per discard
        if counts[a] and counts[b]:
            break
    else:
        return False
    return True


def open_rob(r: Round, konger: int, kind: str, tile: int) -> bool:
    """Open a window to rob the kong (抢杠) when the rulebook allows it and someone can."""
    if kind not in r.rob_kinds or (tile in r.wilds and "robbed" not in r.perms):
        return False
    pending = robbers(r, konger, tile)
    if not pending:
        return False
    r.phase, r.pending, r.responses = "rob", pending, {}
    r.turn, r.question = konger, tile
    r.kong_in_question = (kind, tile)
    return True


def answer(r: Round, action: Action) -> None:
    """One asked seat's answer; the window is resolved once every asked seat answered (the
    flower window of 八花, that of the wins at the deal and those of a kong's turned-up tiles
    have their own answers: `mjc.runtime.game.sidewins`)."""
    if r.phase == "flower":
        flower_answer(r, action)
        return
    if r.phase == "deal":
        deal_answer(r, action)
        return
    if r.phase == "declare":
        declare_answer(r, action)
        return
    if r.phase == "exchange":
        exchange_answer(r, action)
        return
    if r.phase == "kong":
        kong_answer(r, action)
        return
    seat = action.seat
    r.responses[seat] = action
    st, tile = r.seats[seat], r.question
    kind, rules = action.kind, r.rules
    if rules.missed_win or rules.missed_pong:
        offered = {a.kind for a in r.pending[seat]}
        if kind != "win" and "win" in offered and rules.missed_win:
            st.no_win.add(tile)  # 漏胡: passed a win on this tile
        if kind == "pass" and "pong" in offered and rules.missed_pong:
            st.no_pong.add(tile)  # 漏碰: passed a pong of this tile
    if len(r.responses) < len(r.pending):
        return
    if r.phase == "rob":
        _resolve_rob(r)
    else:
        _resolve_claims(r)


def _nearest_first(r: Round, seats: list[int]) -> list[int]:
    if len(seats) < 2:
        return seats
    n, origin = r.players, r.turn
    return sorted(seats, key=lambda s: (s - origin) % n)


def _resolve_claims(r: Round) -> None:
    discarder, tile = r.turn, r.question
    claimed: dict[str, list[int]] = {}  # claim -> the seats that made it (passes left out)
    for s, a in r.responses.items():
        claim = _CLAIM_OF.get(a.kind)
        if claim is not None:
            claimed.setdefault(claim, []).append(s)
    for claim in r.rules.priority if claimed else ():
        chosen = _nearest_first(r, claimed.get(claim, []))
        if not chosen:
            continue
        if claim == "win":
            from mjc.runtime.game.roundend import finish_win

            winners = chosen if r.rules.several_winners else chosen[:1]
            finish_win(r, winners, self_drawn=False, discarder=discarder)
            return
        r._claim(r.responses[chosen[0]], discarder, tile)
        return
    r._after_window(discarder)


def _resolve_rob(r: Round) -> None:
    konger = r.turn
    kind, tile = r.kong_in_question
    winners = _nearest_first(r, [s for s, a in r.responses.items() if a.kind == "win"])
    r.pending, r.responses = {}, {}
    if winners:
        from mjc.runtime.game.roundend import finish_win

        served = winners if r.rules.several_winners else winners[:1]
        finish_win(r, served, self_drawn=False, robbed=(konger, kind))
        return
    if kind == "added":
        r._complete_added(konger, tile)
        return
    record = r._pending_kong
    r.kong_history.append(record)
    r.last_kong = (kind, r._pending_feeder)
    r._replace(konger)
