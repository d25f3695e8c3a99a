"""The windows in which a seat may win outside its turn and the claims: at the deal (起手胡)
and on the tiles a kind of kong turns up (开杠); and the windows before the first discard of
the exchange of tiles (换三张) and of the seats' declarations (定缺). The windows of a flower
(上海 八花, 台湾 七搶一) are `mjc.runtime.game.claimanswers`'s.

**At the deal** (起手胡, a rulebook's `deal_wins`): once the hands are dealt (flowers replaced,
the wild indicator turned up) and before the dealer's first discard, `deal_window` asks every
seat whose dealt hand holds at least one of the rulebook's wins at the deal (`Ruleset.deal_wins`)
to show it (`deal_win`) or not (`pass`). The seats answer in any order; once all have, each seat
that showed is recorded in `Round.deal_wins` (the round JSON's `deal_wins`, which `settle`
pays: every other seat pays it each win's amount) and logged as a `deal_win` event with the
hand it showed, and play goes on from the dealer's turn with every hand as dealt. A seat shows
all its wins at the deal at once (one decision), and a win at the deal ends nothing: who deals
next, 天胡 and the round's own wins are as if it had not been shown.

**The exchange** (a line `exchange N` of a rulebook's `declarations`, 四川 换三张): after the
wins at the deal and before the declarations, when its options switch it on, `exchange_window`
asks every seat which `N` tiles it passes (`exchange` with the tiles, `same_suit`: all of one
suit, or any tiles when the hand holds no suit with `N`). The seats answer in any order; once
all have, every seat passes its tiles at once to the seat of the exchange's direction, rolled
with two dice (`exchange_direction`) when the rulebook says `dice`, and the `exchange` event
names the direction (and the dice). A seat sees its own pick, then what it received; the
direction is public once the tiles are passed. The dealer's 天胡 tile (`Round.drew`) is the
last tile it received when it passed its own.

**Declarations** (a rulebook's `declarations`, 四川 定缺): after the exchange (when the rulebook
has one) and before the dealer's first discard, `declare_window` asks every
seat for each declaration in turn to choose one word of its list, as a `declare` action
naming a tile (a suit as its 1: 1m, 1p, 1s). The seats answer in any order; once all have
answered the last declaration, each seat's choices are kept in `Round.declared` for the round
(the round JSON's `declarations`; every score the engine asks for reads them, so a hand that
holds its missing suit cannot win where the rulebook rejects it), logged as one `declare`
event per seat and public to every seat. With `discard_first`, `discard_first` leaves a seat
only the discards of its declared suit while it holds one.

**Kinds of kong** (a rulebook's `kongs` section): each kong is offered once per kind whose
condition holds of the hand after the kong (`with_kinds`: `ready` is that hand's wait set, by
the round's quick test, `Round.finder`). A kind of one replacement tile is an ordinary kong. A
kind that turns up more (`turn_up`) draws them from the replacement end and sets them face up
in the konger's river; when one completes his hand he may win on the first that does (phase
`kong`, self-drawn, 杠上开花); else, or when he passes, they are his discards in the order
turned up, and after each the other seats may win on it, and only win (phase `kong` again, a
discard win; convention). When nobody wins, the seat after the konger draws.
"""

from __future__ import annotations

import random
from itertools import combinations
from typing import TYPE_CHECKING

from mjc.runtime.game.actions import KONGS, Action
from mjc.runtime.game.claimwindow import (
    barred_suits,
    can_win,
    discard_situations,
    may_complete,
    self_draw_situations,
)
from mjc.runtime.game.tablefacts import WINDS, seat_wind
from mjc.runtime.rules.spec import DeclareSpec, ExchangeSpec, KongKindSpec, RulesetSpec
from mjc.runtime.score.scoring import Situation
from mjc.runtime.settle.payments import DealWinInfo
from mjc.runtime.tiles.tile import HONOUR_BASE, NUM_PLAYING, SUIT_OF, tile_text
from mjc.runtime.wins.seats import MeldRecord, SeatState, hand_of, hand_text

if TYPE_CHECKING:
    from mjc.runtime.game.engine import Round

__all__ = [
    "ExchangeTurn",
    "KongTurn",
    "before_play",
    "deal_answer",
    "deal_window",
    "declare_answer",
    "declare_tile",
    "declare_window",
    "discard_first",
    "exchange_answer",
    "exchange_direction",
    "exchange_window",
    "kong_answer",
    "turn_up",
    "with_kinds",
]


def deal_window(r: Round) -> bool:
    """Open the window of the wins at the deal when some seat's dealt hand holds one (see the
    module docstring); True when the round now waits for those seats."""
    ruleset = r.ruleset
    if not ruleset.spec.deal_wins:
        return False
    n = r.players
    wilds = [tile_text(t) for t in sorted(r.wilds)] or None
    offers: dict[int, tuple[DealWinInfo, ...]] = {}
    for i in range(n):
        seat = (r.dealer + i) % n
        held = ruleset.deal_wins(
            hand_of(r.seats[seat]),
            seat_wind=seat_wind(r, seat),
            round_wind=r.round_wind,
            dealer=seat == r.dealer,
            players=n,
            options=r.values,
            wilds=wilds,
        )
        if held:
            offers[seat] = held
    if not offers:
        return False
    r.phase, r.turn = "deal", r.dealer
    r.pending = {s: [Action(s, "deal_win"), Action(s, "pass")] for s in offers}
    r.responses, r._legal = {}, {}
    r.deal_offers = offers
    return True


def deal_answer(r: Round, action: Action) -> None:
    """One seat's answer in the window of the wins at the deal; once every asked seat has
    answered, the wins shown are recorded and the dealer's turn begins."""
    r.responses[action.seat] = action
    if len(r.responses) < len(r.pending):
        return
    n = r.players
    for i in range(n):
        seat = (r.dealer + i) % n
        answered = r.responses.get(seat)
        if answered is None or answered.kind != "deal_win":
            continue
        wins = [win.id for win in r.deal_offers[seat]]
        hand = hand_text(r.seats[seat])
        r.deal_wins.append({"seat": seat, "wins": wins, "hand": hand})
        r.events.append({"type": "deal_win", "seat": seat, "wins": wins, "hand": hand})
    r.pending, r.responses, r.deal_offers = {}, {}, {}
    if not before_play(r):
        r._start_turn(r.dealer, r.drew, False)


def before_play(r: Round) -> bool:
    """Open the exchange's window (换三张), else the next declaration's (定缺), when the
    rulebook has them on; True when the round now waits for the seats."""
    return exchange_window(r) or declare_window(r)


# ---------------------------------------------------------------------- the exchange


class ExchangeTurn:
    """A round's exchange of tiles before play (换三张): the tiles each seat picked, and once
    they are passed the direction, the dice rolled for it (none for a fixed direction) and
    what each seat received."""

    __slots__ = ("dice", "direction", "done", "picks", "received")

    def __init__(self) -> None:
        self.picks: dict[int, tuple[int, ...]] = {}
        self.received: dict[int, tuple[int, ...]] = {}
        self.direction = ""
        self.dice: tuple[int, ...] = ()
        self.done = False


def active(r: Round) -> tuple[tuple[ExchangeSpec, ...], tuple[DeclareSpec, ...]]:
    """The exchanges and declarations the round's options switch on (`if`)."""
    return r.ruleset.spec.switched_on(r.values)


def exchange_window(r: Round) -> bool:
    """Open the exchange's window when the options switch it on and it has not been made
    (see the module docstring); True when the round now waits for every seat."""
    exchanges = active(r)[0]
    if r.exchange.done or not exchanges:
        return False
    spec = exchanges[0]
    r.phase, r.turn = "exchange", r.dealer
    r.pending = {s: _picks(r, s, spec) for s in range(r.players)}
    r.responses, r._legal = {}, {}
    return True


def _picks(r: Round, seat: int, spec: ExchangeSpec) -> list[Action]:
    """Every set of `spec.count` tiles `seat` may pass, lowest first: of one suit under
    `same_suit` (any tiles when no suit has that many), else any of its tiles."""
    counts = r.seats[seat].counts
    held = [t for t in range(NUM_PLAYING) for _ in range(counts[t])]
    groups = [held]
    if spec.same_suit:
        suits = [[t for t in held if SUIT_OF[t] == suit] for suit in "mps"]
        groups = [g for g in suits if len(g) >= spec.count] or [held]
    found = sorted({c for g in groups for c in combinations(g, spec.count)})
    return [Action(seat, "exchange", tiles=c) for c in found]


def exchange_direction(seed: int, players: int, fixed: str) -> tuple[str, tuple[int, ...]]:
    """The direction of the exchange and the dice rolled for it (none unless `fixed` is
    `dice`): two dice from the round's seed alone, so a replay rolls them again. The total
    decides (docs/language.md): at four players 1 more than a multiple of 3 passes to the next
    seat, 2 more to the previous one, a multiple of 3 to the seat opposite (12 rolls of 36
    each); at three players an odd total passes to the next seat, an even one to the previous;
    at two every direction is the other seat."""
    if fixed != "dice":
        return fixed, ()
    rng = random.Random(f"exchange:{seed}")
    dice = (rng.randint(1, 6), rng.randint(1, 6))
    total = sum(dice)
    if players == 3:
        return ("next" if total % 2 else "previous"), dice
    return ("opposite", "next", "previous")[total % 3], dice


def _offset(direction: str, players: int) -> int:
    """How many seats on, in turn order, a direction passes to."""
    if direction == "next" or (players == 3 and direction == "opposite"):
        return 1
    return players - 1 if direction == "previous" else players // 2


def exchange_answer(r: Round, action: Action) -> None:
    """One seat's pick; once every seat has picked, the tiles are passed (each seat's to the
    seat of the direction, all at once), the `exchange` event is logged and the declarations'
    window opens, or the dealer's turn begins."""
    r.responses[action.seat] = action
    turn = r.exchange
    turn.picks[action.seat] = action.tiles
    if len(r.responses) < len(r.pending):
        return
    spec, n = active(r)[0][0], r.players
    turn.direction, turn.dice = exchange_direction(r.seed, n, spec.direction)
    step = _offset(turn.direction, n)
    for seat, tiles in turn.picks.items():
        for t in tiles:
            r.seats[seat].counts[t] -= 1
    for seat, tiles in turn.picks.items():
        to = (seat + step) % n
        turn.received[to] = tiles
        for t in tiles:
            r.seats[to].counts[t] += 1
        r.seats[to].waits = None
    if r.drew >= 0 and not r.seats[r.dealer].counts[r.drew]:
        r.drew = turn.received[r.dealer][-1]  # the dealer passed his 天胡 tile
    event: dict[str, object] = {"type": "exchange", "id": spec.id, "direction": turn.direction}
    if turn.dice:
        event["dice"] = list(turn.dice)
    r.events.append(event)
    turn.done = True
    r.pending, r.responses = {}, {}
    if not declare_window(r):
        r._start_turn(r.dealer, r.drew, False)


# ---------------------------------------------------------------------- declarations


def declare_tile(word: str) -> int:
    """The tile a `declare` action names for a word of a list: a suit's 1 (1m, 1p, 1s)."""
    return "mps".index(word) * 9


def declare_window(r: Round) -> bool:
    """Open the window of the rulebook's next seat declaration (定缺) not yet made, asking
    every seat in play; True when the round now waits for them (see the module docstring)."""
    declares = active(r)[1]
    index = r.declaring
    if index >= len(declares):
        return False
    words = declares[index].words
    r.phase, r.turn = "declare", r.dealer
    r.pending = {
        s: [Action(s, "declare", declare_tile(w)) for w in words] for s in range(r.players)
    }
    r.responses, r._legal = {}, {}
    return True


def declare_answer(r: Round, action: Action) -> None:
    """One seat's answer in a declaration's window; once every seat has answered, the choices
    are kept, and the next declaration's window opens or the dealer's turn begins (each seat's
    choices logged as one `declare` event, in the order of the seats from the dealer)."""
    r.responses[action.seat] = action
    if len(r.responses) < len(r.pending):
        return
    spec = active(r)[1][r.declaring]
    for seat, answered in r.responses.items():
        r.declared.setdefault(seat, {})[spec.id] = "mps"[answered.tile // 9]
    r.declaring += 1
    r.pending, r.responses = {}, {}
    if declare_window(r):
        return
    n = r.players
    for i in range(n):
        seat = (r.dealer + i) % n
        r.events.append({"type": "declare", "seat": seat, "declared": dict(r.declared[seat])})
    r._start_turn(r.dealer, r.drew, False)


def discard_first(r: Round, seat: int, acts: list[Action]) -> list[Action]:
    """`acts` with only the discards of a suit `seat` declared to discard first (定缺: 先打缺门)
    while it holds a tile of one, and no kong of a suit it may not claim (`no_claims`); its
    other actions (the other kongs, a win) as they are."""
    declared = r.declared.get(seat)
    if not declared:
        return acts
    acts = no_claims(r, seat, acts)
    suits = {
        declared[d.id] for d in r.ruleset.spec.declares if d.discard_first and d.id in declared
    }
    first = [a for a in acts if a.kind == "discard" and SUIT_OF[a.tile] in suits]
    if not first:
        return acts
    return [a for a in acts if a.kind != "discard"] + first


# The kongs of a seat's own turn: a declaration's `no_claims` forbids them for its suit.
_KONGS_OF_TURN = frozenset({"concealed_kong", "added_kong"})


def no_claims(r: Round, seat: int, acts: list[Action]) -> list[Action]:
    """`acts` on the seat's turn without a kong of a tile of a suit it declared with
    `no_claims` (its claims on a discard are left out where they are offered: `claims_of`)."""
    suits = barred_suits(r, seat)
    if not suits:
        return acts
    return [a for a in acts if a.kind not in _KONGS_OF_TURN or SUIT_OF[a.tile] not in suits]


# ---------------------------------------------------------------------- kinds of kong


class KongTurn:
    """A round's kinds of kong (`RulesetSpec.kong_kinds`, empty without a `kongs` section) and
    the kong being made: its kind (`named`), its konger, the tiles it turned up and the one
    the other seats are asked about (`at`; -1 while the konger's own window is open)."""

    __slots__ = ("allowed", "at", "kinds", "named", "seat", "tiles")

    def __init__(self, spec: RulesetSpec) -> None:
        self.kinds: tuple[KongKindSpec, ...] = spec.kong_kinds
        self.allowed = spec.kong_allowed
        self.named = ""
        self.seat = -1
        self.tiles: list[int] = []
        self.at = -1

    def kind(self) -> KongKindSpec | None:
        """The kind of the kong being made (None: a rulebook without kinds)."""
        return next((k for k in self.kinds if k.id == self.named), None)

    def first(self, action: Action) -> Action:
        """A kong action that names no kind means the first kind (so a log written before
        the rulebook had kinds, or by hand, still plays)."""
        if action.kong_kind or action.kind not in KONGS or not self.kinds:
            return action
        return action._replace(kong_kind=self.kinds[0].id)


def with_kinds(r: Round, seat: int, acts: list[Action]) -> list[Action]:
    """`acts` with each kong action once per kind of kong whose condition holds for `seat`;
    an answer to a discard that keeps only `pass` is no answer (empty). Without kinds of
    kong, `acts` as they are."""
    turn = r.kong_turn
    if not turn.kinds:
        return acts
    found: list[Action] = []
    for action in acts:
        if action.kind not in KONGS:
            found.append(action)
            continue
        found += [
            action._replace(kong_kind=kind.id)
            for index, kind in enumerate(turn.kinds)
            if not kind.conditional or _allowed(r, seat, action, index)
        ]
    return [] if [a.kind for a in found] == ["pass"] else found


def _allowed(r: Round, seat: int, action: Action, index: int) -> bool:
    """Whether kind `index` holds of `seat`'s hand after the kong `action` (RulesetSpec's
    `kong_allowed`, its `ready` the wait set of that hand)."""
    st, tile = r.seats[seat], action.tile
    after = SeatState()
    after.counts, after.flowers = bytearray(st.counts), st.flowers
    if action.kind == "added_kong":
        after.counts[tile] -= 1
        after.melds = [
            MeldRecord("kong", tile, False, m.from_seat, m.claimed, "added")
            if m.kind == "pung" and m.tile == tile
            else m
            for m in st.melds
        ]
    else:
        concealed = action.kind == "concealed_kong"
        after.counts[tile] -= 4 if concealed else 3
        fed = None if concealed else r.turn  # the discarder, whose window this is
        form = "concealed" if concealed else "exposed"
        after.melds = [*st.melds, MeldRecord("kong", tile, concealed, fed, tile, form)]
    finder = r.finder
    if finder is not None:
        waits = sorted(finder(after))
    else:  # no quick test: the rulebook's own win check, tile by tile
        waits = [t for t in range(NUM_PLAYING) if r.checker(hand_of(after, t, t))]
    situation = Situation(
        winning_tile=tile,
        dealer=seat == r.dealer,
        seat_wind=HONOUR_BASE + WINDS.index(r.seat_wind(seat)),
        round_wind=HONOUR_BASE + WINDS.index(r.round_wind),
        players=r.players,
        flowers=tuple(st.flowers),
        wilds=sum(after.counts[w] for w in r.wilds),
        waits=tuple(waits),
    )
    allowed = r.kong_turn.allowed
    return allowed is None or allowed(index, hand_of(after), situation, r.values)


def turn_up(r: Round, seat: int) -> bool:
    """After `seat`'s kong: when its kind turns up more than one tile, turn them up (see the
    module docstring) and open the first window; False for an ordinary replacement."""
    turn = r.kong_turn
    kind = turn.kind()
    if kind is None or kind.replacement == 1:
        return False
    st = r.seats[seat]
    tiles: list[int] = []
    plain, r.plain_shapes = r.plain_shapes, True  # a flower turned up opens no 八花 window
    try:
        for _ in range(kind.replacement):
            got = r._take(seat, True)
            if got < 0:
                return True  # the wall ran out: the round is drawn
            tiles.append(got)
    finally:
        r.plain_shapes = plain
    for t in tiles:  # face up in the river: not the konger's tiles
        st.counts[t] -= 1
        st.river.append(t)
    r.events.append({"type": "turn_up", "seat": seat, "tiles": [tile_text(t) for t in tiles]})
    turn.seat, turn.tiles, turn.at = seat, tiles, -1
    r.from_kong = True
    for t in tiles:
        r.drew = t  # the self-draw's situations read these: 杠上开花
        if can_win(r, seat, hand_of(st, t, t), True, self_draw_situations(r, seat)):
            win = Action(seat, "win")
            _ask(r, seat, t, {seat: [win] if r.rules.must_win else [win, Action(seat, "pass")]})
            return True
    _discard_from(r, 0)
    return True


def kong_answer(r: Round, action: Action) -> None:
    """An answer in a window of turned-up tiles: the konger's win or pass, or another seat's
    win on the tile asked about or pass (the window closes once every seat asked answered)."""
    from mjc.runtime.game.roundend import finish_win

    turn, seat = r.kong_turn, action.seat
    if turn.at < 0:
        r.pending, r.responses = {}, {}
        if action.kind != "win":
            _discard_from(r, 0)
            return
        st, tile = r.seats[seat], r.question
        del st.river[len(st.river) - len(turn.tiles) + turn.tiles.index(tile)]
        st.counts[tile] += 1
        r.drew, r.from_kong = tile, True
        finish_win(r, [seat], self_drawn=True)
        return
    r.responses[seat] = action
    if action.kind != "win" and r.rules.missed_win:
        r.seats[seat].no_win.add(r.question)  # 漏胡: passed a win on this tile
    if len(r.responses) < len(r.pending):
        return
    n = r.players
    winners = sorted(
        (s for s, a in r.responses.items() if a.kind == "win"), key=lambda s: (s - turn.seat) % n
    )
    if winners:
        served = winners if r.rules.several_winners else winners[:1]
        finish_win(r, served, self_drawn=False, discarder=turn.seat)
        return
    _discard_from(r, turn.at + 1)


def _discard_from(r: Round, index: int) -> None:
    """The konger's turned-up tiles from `index` on, as his discards: the first that another
    seat may win on opens a window; when none does, the next seat draws."""
    turn = r.kong_turn
    konger, n = turn.seat, r.players
    while index < len(turn.tiles):
        tile = turn.tiles[index]
        r.discards += 1
        r.situations = {}
        pending: dict[int, list[Action]] = {}
        for i in range(1, n):
            seat = (konger + i) % n
            st = r.seats[seat]
            if tile in st.no_win or (tile in r.wilds and "win_on_discard" not in r.perms):
                continue
            if seat in r.left_seats:  # 血战到底: a seat that left is asked nothing
                continue
            situations = discard_situations(r, seat, konger)
            if may_complete(r, seat, tile) and can_win(
                r, seat, hand_of(st, tile, tile), False, situations
            ):
                win = Action(seat, "win")
                pending[seat] = [win] if r.rules.must_win else [win, Action(seat, "pass")]
        if pending:
            turn.at = index
            _ask(r, konger, tile, pending)
            return
        index += 1
    turn.tiles, turn.at = [], -1
    r.pending, r.responses = {}, {}
    r._after_window(konger)


def _ask(r: Round, konger: int, tile: int, pending: dict[int, list[Action]]) -> None:
    r.phase, r.turn, r.question = "kong", konger, tile
    r.pending, r.responses, r._legal = pending, {}, {}
