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

**The windows of a flower** (上海 八花, 台湾 八仙過海 and 七搶一): the engine sets a drawn
flower aside and draws its replacement. Before it does, for a rulebook whose custom shapes are
on (flowers complete no built-in shape), it asks `flower_window` whether a seat may win on
that flower, in two windows one after the other, both in phase `flower`:

1. **Its drawer's** (八花, 如果這8個花抓起即可胡牌): its hand as it stands (no replacement
   yet) with the flower as the winning tile, self-drawn; the rulebook's win check and
   `Ruleset.score` decide (上海: the shape `eight_flowers`, `len(flowers) == 8`, and its
   `reject` that 八花 is won only on a flower). `win` ends the round with the flower as the
   winning tile (its situations those of any self-draw: 海底 when the wall is empty, 地胡 on a
   first draw); `pass` goes on to the second window.
2. **The other seats'** (搶花, 七搶一: a seat that holds seven of the eight flowers wins on
   the eighth as another seat draws it): every other seat still playing whose hand with the
   flower added among its flowers wins, not self-drawn and under the builtin situation
   `flower_robbed` (with the table's own), is offered `win` or `pass`; `Round.turn` is the
   drawer and `Round.question` the flower. Once every asked seat has answered, the nearest
   winner after the drawer in turn order takes the flower and wins, the drawer as its
   discarder (he pays as a discarder: `win discarder pays`); one flower makes one winner,
   whatever the rulebook says of several winners on one discard. When nobody wins, the drawer
   draws the replacement and the turn goes on as if no window had opened.

The drawer's own window comes first: the flower is his as drawn, as a self-drawn tile is, and
a rulebook of eight flowers never has both (a seat that holds seven of them leaves the drawer
one). A rulebook opts in by its shapes and fans alone: a window opens only for a hand the
rulebook says wins (a custom shape of flowers), and a fan reads `flower_robbed` to pay 七搶一
apart from 八仙過海. Outside these windows flowers complete nothing
(`mjc.runtime.game.claimwindow`): a seat that played on after its eighth flower wins only
with a hand its tiles complete (其他胡法照算), and the score then chooses the better reading.
Flowers dealt and replaced before the first discard open no window: 補花 is part of the deal,
and 八花 is won as the eighth flower is drawn (抓起). The windows change no tile: the census
holds while they are open, and the robbed flower moves to its winner only with the win.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mjc.runtime.game.actions import Action
from mjc.runtime.game.claimwindow import (
    can_win,
    claims_of,
    robbers,
    run_ok,
    self_draw_situations,
    swap_tiles,
)
from mjc.runtime.game.sidewins import (
    deal_answer,
    declare_answer,
    exchange_answer,
    kong_answer,
    with_kinds,
)
from mjc.runtime.tiles.tile import IS_SUITED, NUM_PLAYING, TEXTS
from mjc.runtime.wins.seats import MeldRecord, hand_of

if TYPE_CHECKING:
    from mjc.runtime.game.engine import Round

__all__ = [
    "answer",
    "flower_answer",
    "flower_window",
    "open_claims",
    "open_rob",
    "set_aside",
]

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
    pending: dict[int, list[Action]] | None = None  # made for the first seat that may claim
    if r.situations:
        r.situations = {}
    finder = r.finder
    partners = _RUN_PARTNERS[tile]  # a chow needs one of these pairs held
    for seat, st, counts, chows in r.after[discarder]:
        if finder is not None and counts[tile] < 2:
            # The common case, decided here on the counts and the wait set: no pong, no
            # chow (the loops are plain: nothing is made per discard), no win.
            if chows:
                for a, b in partners:
                    if counts[a] and counts[b]:
                        break  # a chow may be offered: `claims_of` says
                else:
                    waits = st.waits
                    if waits is None:
                        waits = st.waits = finder(st)
                    if tile not in waits:
                        continue
            else:
                waits = st.waits
                if waits is None:
                    waits = st.waits = finder(st)
                if tile not in waits:
                    continue
        acts = claims_of(r, seat, discarder, tile, last)
        if acts and r.kong_turn.kinds:
            acts = with_kinds(r, seat, acts)  # an exposed kong once per kind that holds
        if acts:
            if pending is None:
                pending = {}
            pending[seat] = acts
    r.turn = discarder
    if pending:
        r.phase, r.pending, r.responses = "claim", pending, {}
    elif (
        last
        or r.left_seats
        or r.pending
        # an abortive draw may follow: 四風連打 at the fourth discard, 四槓散了 after four
        # kongs (`mjc.runtime.tableplay.abortive.may_follow`, read without a call; most
        # rounds make no kong, and an empty list is read before its length)
        or (r.aborts and (r.discards == 4 or (r.kong_history and len(r.kong_history) >= 4)))
    ):
        r._after_window(discarder)
    else:  # `_after_window`'s path of nearly every discard: the next seat draws
        r._draw_next((discarder + 1) % n)


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
    windows of a flower have their own answers, `flower_answer`; that of the wins at the deal
    and those of a kong's turned-up tiles theirs: `mjc.runtime.game.sidewins`)."""
    phase = r.phase
    if phase != "claim" and phase != "rob" and phase != "set_aside":
        if phase == "flower":
            flower_answer(r, action)
        elif phase == "deal":
            deal_answer(r, action)
        elif phase == "declare":
            declare_answer(r, action)
        elif phase == "exchange":
            exchange_answer(r, action)
        elif phase == "kong":
            kong_answer(r, action)
        return
    seat = action.seat
    r.responses[seat] = action
    st, tile = r.seats[seat], r.question
    kind, rules = action.kind, r.rules
    offered = r.pending[seat]
    won = offered[0].kind == "win"  # a win, when offered, is first (`claims_of`, `robbers`)
    if kind != "win" and won and rules.missed_win:
        st.no_win.add(tile)  # 漏胡: passed a win on this tile
    if kind == "pass" and rules.missed_pong and any(a.kind == "pong" for a in offered):
        st.no_pong.add(tile)  # 漏碰: passed a pong of this tile
    if r.ready.furiten and kind != "win" and won:  # 振聴: passed a win
        r.ready.passed_win(seat)
    if len(r.responses) < len(r.pending):
        return
    if phase == "rob":
        _resolve_rob(r)
    elif phase == "set_aside":
        _resolve_set_aside(r)
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
        made = claimed.get(claim)
        if made is None:
            continue
        chosen = made if len(made) < 2 else _nearest_first(r, made)  # (most claims: one)
        if claim == "win":
            from mjc.runtime.game.roundend import finish_win

            winners = chosen if r.rules.several_winners else chosen[:1]
            finish_win(r, winners, self_drawn=False, discarder=discarder)
            return
        _serve_claim(r, r.responses[chosen[0]], discarder, tile)
        return
    r._after_window(discarder)


def _serve_claim(r: Round, action: Action, discarder: int, tile: int) -> None:
    """The claim served: the discard joins the claimer's meld (an exposed kong draws its
    replacement, once nobody robs it), and the claimer's turn begins without a draw."""
    if r.ready.pending >= 0 and r._ready_passed():
        return  # 四家立直: the round is drawn before the claim
    seat, kind = action.seat, action.kind
    st = r.seats[seat]
    r.pending, r.responses = {}, {}
    r.quiet = False
    if r.ready.go_around:
        r.ready.called()  # no 一発 after a claim
    if st.no_pong or st.no_win:
        st.clear_missed()
    st.waits = None
    if r.opening.active:
        r.opening.claim()
    r.taken[tile] += 1
    word = "kong" if kind == "exposed_kong" else kind
    text = TEXTS[tile]
    r.claim_history.append({"seat": seat, "from_seat": discarder, "kind": word, "tile": text})
    r.events.append({"type": "claim", "seat": seat, "kind": word, "tile": text, "from": discarder})
    if r.reds is not None and r.reds.red_discard >= 0:  # a red five claimed joins the meld
        r.reds.claimed(seat)
    if kind == "exposed_kong":
        r.kong_turn.named = action.kong_kind
        st.counts[tile] -= 3
        st.melds.append(MeldRecord("kong", tile, False, discarder, tile, "exposed"))
        r._after_kong(seat, "exposed", tile, discarder)
        return
    if kind == "pong":
        st.counts[tile] -= 2
        st.melds.append(MeldRecord("pung", tile, False, discarder, tile))
    else:
        for t in range(action.low, action.low + 3):
            if t != tile:
                st.counts[t] -= 1
        st.melds.append(MeldRecord("chow", action.low, False, discarder, tile))
        if not r.rules.discard_after_chow_same_tile:
            st.no_discard = swap_tiles(tile, action.low)
    r._start_turn(seat, -1, False)


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
    r.ready.called()  # the kong stands: no 一発
    r.kong_history.append(record)
    r.last_kong = (kind, r._pending_feeder)
    r._replace(konger)


# ---------------------------------------------------------------------- a tile set aside


def set_aside(r: Round, seat: int, tile: int) -> None:
    """`seat` sets `tile` aside (北抜き, `mjc.runtime.tableplay.setaside`): the seats that can
    win on it are asked in a window of its own (phase `set_aside`: no 抢杠, the rulebook's
    `set_aside_win`), else the setter draws its replacement."""
    aside = r.aside
    assert aside is not None
    aside.take(r, seat, tile)
    pending = robbers(r, seat, tile, kong=False)
    if not pending:
        aside.replace(r, seat)
        return
    r.phase, r.pending, r.responses = "set_aside", pending, {}
    r.turn, r.question = seat, tile


def _resolve_set_aside(r: Round) -> None:
    """Every seat asked about the tile `r.turn` set aside answered: its winners win (the
    nearest first), the setter paying as a discarder, or the setter draws its replacement."""
    seat, tile, aside = r.turn, r.question, r.aside
    assert aside is not None
    winners = _nearest_first(r, [s for s, a in r.responses.items() if a.kind == "win"])
    r.pending, r.responses = {}, {}
    if not winners:
        aside.replace(r, seat)
        return
    from mjc.runtime.game.roundend import finish_win

    aside.won_on(r, seat, tile)
    served = winners if r.rules.several_winners else winners[:1]
    finish_win(r, served, self_drawn=False, discarder=seat)


# ---------------------------------------------------------------------- a flower drawn


def flower_window(r: Round, seat: int, flower: int, replacement: bool) -> bool:
    """Open a window of `flower`, which `seat` has just set aside, when a seat may win on it
    (see the module docstring): its drawer's own, else the other seats'. True when the round
    now waits; `replacement` says the flower was drawn as a replacement (of a kong, or of
    another flower)."""
    if replacement and r.quiet and not r.discards:
        return False  # 補花 of the deal: no decision before the first discard
    # A replacement drawn after a kong is the kong's (杠上开花 on it); one drawn after a
    # passed window keeps what the first draw was.
    kong = r.flower_resume if r.phase == "flower" else replacement
    r.flower_resume = kong
    return _own_window(r, seat, flower, kong) or _rob_window(r, seat, flower)


def _flowers_may_complete(r: Round, held: int) -> bool:
    """Whether a custom shape that flowers complete may hold with `held` flowers: False only
    where the rulebook says what each shape needs (`Ruleset.custom_needs`) and none is met."""
    needs = r.ruleset.custom_needs  # (fewest flowers, tiles, wilds) per custom shape, if known
    return needs is None or any(0 < fewest <= held for fewest, _, _ in needs)


def _asked(r: Round, seat: int) -> list[Action]:
    win = Action(seat, "win")
    return [win] if r.rules.must_win else [win, Action(seat, "pass")]


def _own_window(r: Round, seat: int, flower: int, kong: bool) -> bool:
    """The drawer's window: its hand as it stands, won on the flower, self-drawn."""
    if not _flowers_may_complete(r, len(r.seats[seat].flowers)):
        return False  # no shape that flowers complete has its flowers yet
    drew, from_kong = r.drew, r.from_kong
    r.drew, r.from_kong = flower, False  # the self-draw's situations read these
    hand = hand_of(r.seats[seat], -1, flower)
    if not can_win(r, seat, hand, True, self_draw_situations(r, seat)):
        r.drew, r.from_kong = drew, from_kong
        return False
    r.phase, r.turn, r.question = "flower", seat, flower
    r.pending = {seat: _asked(r, seat)}
    r.responses, r._legal = {}, {}
    return True


def _rob_window(r: Round, drawer: int, flower: int) -> bool:
    """The other seats' window (搶花, 七搶一): each seat still playing whose hand with the
    flower among its flowers wins, not self-drawn, under `flower_robbed`."""
    n = r.players
    pending: dict[int, list[Action]] = {}
    situations = ("flower_robbed", *r.table_situations)
    for i in range(1, n):
        seat = (drawer + i) % n
        st = r.seats[seat]
        if seat in r.left_seats or not _flowers_may_complete(r, len(st.flowers) + 1):
            continue
        st.flowers.append(flower)  # the hand as it would be, the flower robbed
        try:
            wins = can_win(r, seat, hand_of(st, -1, flower), False, situations)
        finally:
            st.flowers.pop()
        if wins:
            pending[seat] = _asked(r, seat)
    if not pending:
        return False
    r.phase, r.turn, r.question = "flower", drawer, flower
    r.pending, r.responses, r._legal = pending, {}, {}
    return True


def flower_answer(r: Round, action: Action) -> None:
    """An answer in a window of a flower: the drawer's win or pass (which opens the other
    seats' window, or draws the replacement), or another seat's win or pass (once every asked
    seat has answered: the nearest winner robs the flower, or the drawer draws on)."""
    from mjc.runtime.game.roundend import finish_win

    seat, drawer, flower = action.seat, r.turn, r.question
    if seat == drawer:
        r.pending, r.responses = {}, {}
        if action.kind == "win":
            finish_win(r, [seat], self_drawn=True)
        elif not _rob_window(r, drawer, flower):
            _replace_flower(r, drawer)
        return
    r.responses[seat] = action
    if len(r.responses) < len(r.pending):
        return
    winners = _nearest_first(r, [s for s, a in r.responses.items() if a.kind == "win"])
    r.pending, r.responses = {}, {}
    if not winners:
        _replace_flower(r, drawer)
        return
    robber = winners[0]  # one flower, one winner
    taken = r.seats[drawer].flowers
    del taken[len(taken) - 1 - taken[::-1].index(flower)]
    r.seats[robber].flowers.append(flower)
    r.seats[drawer].waits = r.seats[robber].waits = None
    r.situations[robber] = ("flower_robbed", *r.table_situations)
    finish_win(r, [robber], self_drawn=False, discarder=drawer)


def _replace_flower(r: Round, drawer: int) -> None:
    """Nobody won on the flower: its drawer draws the replacement, and his turn goes on."""
    got = r._take(drawer, True)
    if got >= 0:
        r._start_turn(drawer, got, r.flower_resume)
