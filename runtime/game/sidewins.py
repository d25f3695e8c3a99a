"""The windows in which a seat may win outside its turn and the claims: on a flower as it is
drawn (上海 八花), and at the deal (起手胡).

**On a flower** (上海 八花, 如果這8個花抓起即可胡牌): `mjc.runtime.game.engine` sets a drawn
flower aside and draws its replacement. Before it does, for a rulebook whose custom shapes are
on (flowers complete no built-in shape), it asks
`flower_window` whether the seat may win right there: its hand as it stands (no replacement
yet) with the flower as the winning tile, self-drawn; the rulebook's win check and
`Ruleset.score` decide (上海: the shape `eight_flowers`, `len(flowers) == 8`, and its `reject`
that 八花 is won only on a flower). When it may, the round waits in phase `flower` for that
seat alone: `win` ends the round with the flower as the winning tile (its situations those of
any self-draw: 海底 when the wall is empty, 地胡 on a first draw); `pass` draws the replacement
and the turn goes on as if no window had opened.

Outside this window flowers complete nothing (`mjc.runtime.game.claimwindow`): a seat that played
on after its eighth flower wins only with a hand its tiles complete (其他胡法照算), and the
score then chooses the better reading. Flowers dealt and replaced before the first discard
open no window: 補花 is part of the deal, and 八花 is won as the eighth flower is drawn (抓起).
The window changes no tile: the census holds while it is open.

**At the deal** (起手胡, a rulebook's `deal_wins`): once the hands are dealt (flowers replaced,
the wild indicator turned up) and before the dealer's first discard, `deal_window` asks every
seat whose dealt hand holds at least one of the rulebook's wins at the deal (`Ruleset.deal_wins`)
to show it (`deal_win`) or not (`pass`). The seats answer in any order; once all have, each seat
that showed is recorded in `Round.deal_wins` (the round JSON's `deal_wins`, which `settle`
pays: every other seat pays it each win's amount) and logged as a `deal_win` event with the
hand it showed, and play goes on from the dealer's turn with every hand as dealt. A seat shows
all its wins at the deal at once (one decision), and a win at the deal ends nothing: who deals
next, 天胡 and the round's own wins are as if it had not been shown.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mjc.runtime.game.actions import Action
from mjc.runtime.game.claimwindow import can_win, self_draw_situations
from mjc.runtime.game.tablefacts import seat_wind
from mjc.runtime.settle.payments import DealWinInfo
from mjc.runtime.tiles.tile import tile_text
from mjc.runtime.wins.seats import hand_of, hand_text

if TYPE_CHECKING:
    from mjc.runtime.game.engine import Round

__all__ = ["deal_answer", "deal_window", "flower_answer", "flower_window"]


def flower_window(r: Round, seat: int, flower: int, replacement: bool) -> bool:
    """Open the window for `seat`, which has just set `flower` aside, when it may win on it
    (see the module docstring); True when the round now waits for that seat. `replacement`
    says the flower was drawn as a replacement (of a kong, or of another flower)."""
    if replacement and r.quiet:
        return False  # 補花 of the deal: no decision before the first discard
    needs = r.ruleset.custom_needs  # (fewest flowers, tiles, wilds) per custom shape, if known
    held = len(r.seats[seat].flowers)
    if needs is not None and not any(0 < fewest <= held for fewest, _, _ in needs):
        return False  # no shape that flowers complete has its flowers yet
    # A replacement drawn after a kong is the kong's (杠上开花 on it); one drawn after a
    # passed window keeps what the first draw was.
    kong = r.flower_resume if r.phase == "flower" else replacement
    drew, from_kong = r.drew, r.from_kong
    r.drew, r.from_kong = flower, False  # the self-draw's situations read these
    hand = hand_of(r.seats[seat], -1, flower)
    if not can_win(r, seat, hand, True, self_draw_situations(r, seat)):
        r.drew, r.from_kong = drew, from_kong
        return False
    win = Action(seat, "win")
    r.phase, r.turn, r.question = "flower", seat, flower
    r.pending = {seat: [win] if r.rules.must_win else [win, Action(seat, "pass")]}
    r.responses, r._legal = {}, {}
    r.flower_resume = kong
    return True


def flower_answer(r: Round, action: Action) -> None:
    """The seat's answer in the flower window: the win, or the replacement and its turn."""
    seat = action.seat
    r.pending, r.responses = {}, {}
    if action.kind == "win":
        from mjc.runtime.game.roundend import finish_win

        finish_win(r, [seat], self_drawn=True)
        return
    got = r._take(seat, True)
    if got >= 0:
        r._start_turn(seat, got, r.flower_resume)


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
    r._start_turn(r.dealer, r.drew, False)
