"""`RoundState`: a read-only view of a `Round` as it stands, for tests, designers and tools.

Input: a live `mjc.runtime.game.engine.Round` (`Round.state()` builds the view). The view
sees everything, every seat's concealed tiles and the order of the wall included: it is the
referee's view, for a test that asserts what happened, a designer stepping through a
scenario (`mjc.runtime.game.scenario`) or a tool; a player sees only its
`mjc.runtime.game.observation`. Each call copies what it shows into frozen dataclasses, so
a view never changes as the round goes on and changing it is impossible: the engine's own
attributes stay its own, and no test needs them.

Tiles are in the docs' notation (`5m`, `7z`, `1f`); seats are 0..players-1. What the view
shows: the phase and whose turn it is, the seats the round waits for, what the seat to play
drew, the last discard, the claims offered now (and the answers given so far) and those taken
in the round, the kongs, each seat's tiles, melds, flowers, river and waits, the wall's count
and its dice, the indicator and the wilds.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from mjc.runtime.game.actions import Action
from mjc.runtime.ready.furiten import is_furiten
from mjc.runtime.tableplay.redfives import red_text
from mjc.runtime.tiles.tile import NUM_PLAYING, tile_text
from mjc.runtime.wins.seats import MeldRecord, SeatState, hand_of

if TYPE_CHECKING:
    from mjc.runtime.game.engine import Round

__all__ = [
    "Claim",
    "DealWinShown",
    "Discard",
    "Draw",
    "ExchangeShown",
    "Kong",
    "MeldView",
    "Offer",
    "ReadyShown",
    "RoundState",
    "SeatView",
    "WallView",
    "WinShown",
    "round_state",
]


@dataclass(frozen=True, slots=True)
class Draw:
    """The tile the seat to play drew for its turn: its ordinary draw, a replacement
    (`after_kong`: the replacement of its kong, 杠上开花's tile) or the dealer's 14th tile."""

    seat: int
    tile: str
    after_kong: bool


@dataclass(frozen=True, slots=True)
class Discard:
    """A discard: who threw which tile (claimed since or not)."""

    seat: int
    tile: str


@dataclass(frozen=True, slots=True)
class Claim:
    """A claim served: `seat` took `tile` from `from_seat`'s discard as a `chow`, `pong` or
    `kong` (a robbed exposed kong is a `pong` again: its fourth tile went to the robber)."""

    seat: int
    kind: str
    tile: str
    from_seat: int


@dataclass(frozen=True, slots=True)
class Kong:
    """A completed kong: `kind` exposed (on a discard; `fed_by` its discarder), concealed or
    added (补杠), and its kind of kong (`kong_kind`: an id of the rulebook's `kongs` section,
    None without one). A kong waiting to be robbed is not one yet."""

    seat: int
    kind: str
    fed_by: int | None = None
    kong_kind: str | None = None


@dataclass(frozen=True, slots=True)
class Offer:
    """What the window open now offers `seat` (`actions`), and its `answer` once given."""

    seat: int
    actions: tuple[Action, ...]
    answer: Action | None


@dataclass(frozen=True, slots=True)
class MeldView:
    """A declared meld: `kind` chow, pung or kong, its `tiles`; a concealed kong is
    `concealed`; a claimed meld names the seat it came from and the tile claimed; a kong says
    how it was made (`kong`: exposed, concealed or added)."""

    kind: str
    tiles: tuple[str, ...]
    concealed: bool
    from_seat: int | None
    claimed: str | None
    kong: str | None


@dataclass(frozen=True, slots=True)
class SeatView:
    """One seat: its wind, concealed tiles (sorted; the tile it drew among them), melds,
    flowers set aside, river (every discard, claimed or not) and bought horses (hidden from
    every player until the end). `waits` are the tiles that would complete its hand by the
    rulebook's win check (13 tiles held; empty while it holds 14), before 漏胡 and the
    score's minimum; `missed_pong` and `missed_win` the tiles it may not pong (漏碰) or win on
    (漏胡) until its next draw; `auto` that it is under 托管; `won` how many times it won
    and `left` that it left the round (where play goes on after a win: `after_win`);
    `furiten` that it may not win on another's tile now (振聴)."""

    seat: int
    wind: str
    concealed: tuple[str, ...]
    melds: tuple[MeldView, ...]
    flowers: tuple[str, ...]
    river: tuple[str, ...]
    waits: tuple[str, ...]
    missed_pong: tuple[str, ...]
    missed_win: tuple[str, ...]
    horses: tuple[str, ...]
    auto: bool
    won: int = 0
    left: bool = False
    # 赤ドラ: the red fives the seat holds, concealed or in its melds (`0m`); left out of the
    # repr, so that a round without red fives reads as it did before them.
    red_fives: tuple[str, ...] = field(default=(), repr=False)
    furiten: bool = False  # 振聴 (`TurnRules.furiten`): no win on another's tile now
    # What every seat sees of them: the places in `river` of the red fives discarded, and
    # the red fives in the seat's melds (`0p`); out of the repr, as `red_fives`.
    red_river: tuple[int, ...] = field(default=(), repr=False)
    red_melded: tuple[str, ...] = field(default=(), repr=False)
    # 北抜き: the tiles the seat set aside in play (`TurnRules.set_aside`), in order; out of
    # the repr, as `red_fives`.
    set_aside: tuple[str, ...] = field(default=(), repr=False)

    @property
    def ready(self) -> bool:
        """Ready (听牌): some tile would complete the hand."""
        return bool(self.waits)


@dataclass(frozen=True, slots=True)
class WallView:
    """The wall: how many tiles may still be drawn (`drawable`), the dice that broke it and
    the stack drawing started at (`start`); `tiles` the drawable tiles in order (`tiles[0]`
    the next draw from the head, `tiles[-1]` the next from the tail), `reserved` the tiles
    kept back and never drawn (潮州 留牌), from the end of the wall inwards."""

    drawable: int
    dice: tuple[int, ...]
    start: int
    tiles: tuple[str, ...]
    reserved: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class DealWinShown:
    """A win at the deal shown (起手胡): the seat, the ids of the wins and the hand it showed."""

    seat: int
    wins: tuple[str, ...]
    hand: str


@dataclass(frozen=True, slots=True)
class ExchangeShown:
    """The exchange of tiles before play once made (换三张): its id, the direction the tiles
    went (`next`, `previous`, `opposite`) and the dice rolled for it (none for a fixed one)."""

    id: str
    direction: str
    dice: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class WinShown:
    """A win event of a round where play goes on after a win (`after_win` leave or stay):
    the winners' seats and hands (nearest the discarder first), the winning tile, whether it
    was self-drawn, and the discarder or the seat whose kong was robbed."""

    seats: tuple[int, ...]
    hands: tuple[str, ...]
    tile: str
    self_drawn: bool
    discarder: int | None
    robbed_from: int | None


@dataclass(frozen=True, slots=True)
class ReadyShown:
    """A ready declaration (立直, 报听): the seat, the round's discard number it was made
    with (1: the round's first discard), that discard, and the deposit it put on the table
    (0 until the discard is not won on, and for good when it is)."""

    seat: int
    discard: int
    tile: str
    deposit: int


@dataclass(frozen=True, slots=True)
class RoundState:
    """A round as it stands (see the module docstring).

    `phase` is `turn` (the seat `turn` plays: discard, kong or win), `claim` (the others
    answer `turn`'s discard, `question`), `rob` (they may rob `turn`'s kong of `question`),
    `set_aside` (they may win on the tile `question` that `turn` set aside: 北抜き),
    `flower` (`turn` may win on the flower `question` it drew: 上海 八花), `deal` (before the
    first discard, the seats `to_act` may show a win at the deal, 起手胡), `exchange` (then the
    seats `to_act` each pick the tiles they pass, 换三张: who picked what stays hidden until
    the tiles are passed, then `exchange` says which way they went), `declare` (then
    the seats `to_act` each choose a word of a declaration, 定缺), `kong` (`turn`
    turned `question` up with a kind of kong: he may win on it, or the others may) or
    `over`. `to_act` are the seats the round waits for. `drawn` is what the seat to play drew
    for this turn (None after a claim, and outside a turn); `last_discard` the round's last
    discard; `offers` what the window open now offers each seat asked; `claims` and `kongs`
    those served in the round, in order; `deal_wins` the wins at the deal shown, in the order
    of the seats from the dealer; `win_events` the wins so far where play goes on after a
    win; `ready_declarations` the ready declarations made (立直, 报听), in order, and
    `table_deposits` the deposits on the table now (供託: carried in, and this round's).
    `dora_indicators` are the indicators turned up in the dead wall so far (ドラ表示牌,
    槓ドラ), `ura_indicators` the ura under them once the round is over (裏ドラ). `honba` is
    the round's 本場 and `points` each seat's points before the round (given by the match or
    the caller; None for a lone round without them)."""

    phase: str
    turn: int
    to_act: tuple[int, ...]
    players: int
    dealer: int
    dealer_drawn: bool
    round_wind: str
    streak: int
    situations: tuple[str, ...]
    indicator: str | None
    wilds: tuple[str, ...]
    drawn: Draw | None
    last_discard: Discard | None
    question: str | None
    offers: tuple[Offer, ...]
    claims: tuple[Claim, ...]
    kongs: tuple[Kong, ...]
    seats: tuple[SeatView, ...]
    wall: WallView
    deal_wins: tuple[DealWinShown, ...] = ()
    declared: tuple[tuple[tuple[str, str], ...], ...] = ()
    win_events: tuple[WinShown, ...] = ()
    exchange: ExchangeShown | None = None
    ready_declarations: tuple[ReadyShown, ...] = ()
    table_deposits: int = 0
    # Left out of the repr, so that a round without a dead wall reads as it did before them.
    dora_indicators: tuple[str, ...] = field(default=(), repr=False)
    ura_indicators: tuple[str, ...] = field(default=(), repr=False)
    # 本場, the count the round is played with (a match carries it), and each seat's points
    # as the match stands; out of the repr, which reads as before for a lone round.
    honba: int = field(default=0, repr=False)
    points: tuple[int, ...] | None = field(default=None, repr=False)

    @property
    def over(self) -> bool:
        return self.phase == "over"


def _texts(tiles: Iterable[int]) -> tuple[str, ...]:
    return tuple(tile_text(t) for t in tiles)


def _meld(m: MeldRecord) -> MeldView:
    claimed = tile_text(m.claimed) if m.from_seat is not None and m.claimed >= 0 else None
    return MeldView(m.kind, _texts(m.tiles()), m.concealed, m.from_seat, claimed, m.kong_kind)


def _waits(r: Round, st: SeatState) -> tuple[str, ...]:
    """The tiles in play that complete the seat's 13 tiles (the engine's end-of-round test
    of 聽牌, `mjc.runtime.game.roundend`); the counts are put back as they were."""
    if st.size() != r.rules.hand:
        return ()
    tiles = range(NUM_PLAYING) if r.finder is None else sorted(r.finder(st))
    return tuple(tile_text(t) for t in tiles if r.copies[t] and r.checker(hand_of(st, t, t)))


def _seat(r: Round, seat: int, st: SeatState) -> SeatView:
    return SeatView(
        seat=seat,
        wind=r.seat_wind(seat),
        concealed=_texts(st.concealed()),
        melds=tuple(_meld(m) for m in st.melds),
        flowers=_texts(st.flowers),
        river=_texts(st.river),
        waits=_waits(r, st),
        missed_pong=_texts(sorted(st.no_pong)),
        missed_win=_texts(sorted(st.no_win)),
        horses=_texts(r.bought_horses.get(seat, ())),
        auto=seat in r.auto.seats,
        won=sum(1 for e in r.win_events for w in e["winners"] if w["seat"] == seat),
        left=seat in r.left_seats,
        red_fives=tuple(map(red_text, r.reds.held(seat))) if r.reds is not None else (),
        furiten=r.ready.furiten and st.size() == r.rules.hand and is_furiten(r, seat),
        set_aside=r.aside.texts(seat) if r.aside is not None else (),
        **_red_shown(r, seat),
    )


def _red_shown(r: Round, seat: int) -> dict[str, Any]:
    """`red_river` and `red_melded` of a seat, where the wall has red fives."""
    if r.reds is None:
        return {}
    river, melded = r.reds.shown(seat)
    return {"red_river": river, "red_melded": melded}


def _last_discard(r: Round) -> Discard | None:
    for event in reversed(r.events):
        if event["type"] == "action" and event["kind"] == "discard":
            return Discard(event["seat"], event["tile"])
    return None


def round_state(r: Round) -> RoundState:
    """The view of `r` now (`Round.state()`)."""
    wall = r.wall
    asking = r.phase in ("claim", "rob", "set_aside", "flower", "kong")
    drawn = None
    if r.phase == "turn" and r.drew >= 0:
        drawn = Draw(r.turn, tile_text(r.drew), r.from_kong)
    return RoundState(
        phase=r.phase,
        turn=r.turn,
        to_act=tuple(r.to_act()),
        players=r.players,
        dealer=r.dealer,
        dealer_drawn=r.dealer_drawn,
        round_wind=r.round_wind,
        streak=r.streak,
        situations=tuple(r.table_situations),
        indicator=tile_text(r.indicator) if r.indicator >= 0 else None,
        wilds=_texts(sorted(r.wilds)),
        drawn=drawn,
        last_discard=_last_discard(r),
        question=tile_text(r.question) if asking else None,
        offers=tuple(
            Offer(seat, tuple(actions), r.responses.get(seat))
            for seat, actions in sorted(r.pending.items())
        )
        if asking or r.phase in ("deal", "declare")
        else (),
        claims=tuple(
            Claim(c["seat"], c["kind"], c["tile"], c["from_seat"]) for c in r.claim_history
        ),
        kongs=tuple(
            Kong(k["seat"], k["kind"], k.get("fed_by"), k.get("as")) for k in r.kong_history
        ),
        seats=tuple(_seat(r, seat, st) for seat, st in enumerate(r.seats)),
        wall=WallView(
            drawable=wall.drawable,
            dice=tuple(wall.dice),
            start=wall.start,
            tiles=_texts(wall.tiles[wall.head : wall.tail + 1]),
            reserved=_texts(wall.tiles[len(wall.tiles) - wall.reserved :][::-1]),
        ),
        deal_wins=tuple(DealWinShown(d["seat"], tuple(d["wins"]), d["hand"]) for d in r.deal_wins),
        declared=tuple(tuple(sorted(r.declared.get(s, {}).items())) for s in range(r.players))
        if r.declared and r.phase != "declare"
        else (),
        win_events=tuple(_win_shown(e) for e in r.win_events),
        exchange=_exchange(r),
        ready_declarations=tuple(
            ReadyShown(d["seat"], d["discard"], d["tile"], d.get("deposit", 0))
            for d in r.ready.declared.values()
        ),
        table_deposits=r.ready.table(),
        dora_indicators=r.dead.dora_texts() if r.dead is not None else (),
        ura_indicators=r.dead.ura_texts() if r.dead is not None and r.phase == "over" else (),
        honba=r.honba,
        points=r.points,
    )


def _exchange(r: Round) -> ExchangeShown | None:
    """The exchange before play once the tiles are passed (换三张), else None."""
    for event in r.events:
        if event["type"] == "exchange":
            return ExchangeShown(event["id"], event["direction"], tuple(event.get("dice", ())))
    return None


def _win_shown(event: dict[str, Any]) -> WinShown:
    winners = event["winners"]
    return WinShown(
        seats=tuple(w["seat"] for w in winners),
        hands=tuple(w["hand"] for w in winners),
        tile=winners[0]["win_tile"],
        self_drawn=winners[0]["self_drawn"],
        discarder=event.get("discarder"),
        robbed_from=event.get("robbed_from"),
    )
