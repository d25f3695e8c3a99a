"""A finished round, as settlement reads it: the input of `Ruleset.settle` and `mjc settle`.

Plain pydantic models, so a game server can build, validate and serialise a round without the
compiler; `round_json_schema()` is the published JSON Schema. Seats are 0..players-1 in turn
order (seat i+1 is i's 下家). List only kongs that were completed: a robbed kong never was.

The checks here need no rulebook; those that do (which claims and robbed kongs a rulebook allows,
its wilds) are `mjc.runtime.settle.claimcheck`'s, and the copies of each tile the whole round shows,
against the rulebook's, `mjc.runtime.settle.tilecount`'s: both made when a round is settled. Every
field is strict about its type (`"4"` is not 4; see `_Model`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from pydantic import (
    Field,
    PrivateAttr,
    StrictBool,
    StrictInt,
    StrictStr,
    ValidationError,
    ValidationInfo,
    model_validator,
)

from mjc.runtime.settle.claimcheck import match_claims
from mjc.runtime.settle.jsoninput import JSONInputError, load_json
from mjc.runtime.settle.roundparts import (
    Claim,
    DealWinShown,
    GoAround,
    KongRecord,
    Opening,
    ReadyDeclaration,
)
from mjc.runtime.settle.roundtypes import (
    HandAtDraw,
    OptionValue,
    RoundError,
    RoundTypeError,
    SeatKey,
    round_error,
)
from mjc.runtime.settle.winevents import (
    Model as _Model,
    WinEvent,
    Winner,
    check_sizes,
    event_views,
    win_size,
)
from mjc.runtime.tiles.argcheck import plain_type_errors
from mjc.runtime.tiles.tile import FLOWER_BASE, HONOUR_BASE, NotationError, tile_index, tile_text

__all__ = [
    "MAX_SETS",
    "Claim",
    "DealWinShown",
    "GoAround",
    "KongRecord",
    "Opening",
    "ReadyDeclaration",
    "RoundError",
    "RoundOutcome",
    "RoundTypeError",
    "WinEvent",
    "Winner",
    "parse_round",
    "parse_round_json",
    "round_json_schema",
]


_WINDS = ("E", "S", "W", "N")  # seat winds from the dealer on, in turn order
MAX_SETS = 4  # a hand holds at most four sets, so a seat claims at most four times


class RoundOutcome(_Model):
    """A finished round. `winners` is empty on an exhaustive draw (`exhaustive_draw`);
    `discarder` is who discarded the winning tile of a discard win; `robbed_from` whose
    kong a winner robbed, and `robbed_kong` which kind it was (`added` unless said: the 补杠
    whose fourth tile the robber won on; `exposed` or `concealed` where a rulebook robs
    those); `kong_fed_by` who fed the kong whose replacement tile a winner drew (kong bloom):
    the discarder of an exposed kong's fourth tile, or of the pong an added kong grew from;
    `bloom_kong` which of those two it was (`exposed` 明杠 or `added` 补杠; `fed_kong` reads
    it, or when unset the claims and kongs: 广东 makes only a 明杠's feeder pay for all);
    `claims` the claim history; `kongs` the completed kongs;
    `bought_horses` the horse tiles each seat was dealt before play (买马, 罚马: seat → tiles),
    `horse_tiles` the tiles turned up from the end of the wall at the end (奖马, 抓马: fewer
    than the rulebook's count when fewer were left), `follow_dealer_rounds` how many 跟庄
    rounds in a row succeeded as the caller counted them — or `opening`, the opening discards,
    from which they are counted (`Opening`; both may be given only when they agree) —,
    `streak` the dealer's 连庄 count, `honba` the round's 本場 (paid by `honba N`),
    `dora_indicators` and `ura_indicators` the indicators turned up (Riichi: every winner is
    scored with them, read by the rulebook's fans), `ready`
    the seats ready (聽牌) at the end (上海 承包), `deal_wins` the wins at the deal shown (起手胡),
    each seat at most once; `later_wins` the win events after the first (`after_win` leave or stay,
    血战到底 / 血流成河: `mjc.runtime.settle.winevents.WinEvent`), each checked as a round of
    that one win. `exhaustive_draw` says that the wall ran out (流局): with no winners, or, where
    play went on after a win, after the wins listed (a rulebook whose `after_win` is `end`
    refuses that when the round is settled). `abortive_draw` names an abortive draw
    (途中流局: `nine_terminals`, `four_winds`, `four_kongs`, `all_ready`): the round ended before
    the wall ran out, with no winners and nobody paid (deposits on the table stay there).
    `hands` gives, at an exhaustive draw, the hand of every seat still playing (seat →
    notation: concealed tiles and declared melds, 13 tiles a meld counting 3), which the
    rulebook's draw lines pay on (`mjc.runtime.settle.drawlines`). `declarations` what each
    seat declared before the first discard (the rulebook's `declarations`, 定缺: seat →
    {declaration id: word}); each winner is scored with its own. `ready_declarations` the
    ready declarations made in play (立直, 报听: `ReadyDeclaration`, each seat at most once)
    with the deposits they put on the table, and `deposits_carried` the deposits (供託) on the
    table before the round: the settlement's `deposit` lines move them
    (`mjc.runtime.ready.deposits`). `set_aside` the tiles each seat set aside in play (北抜き:
    seat → tiles); each winner is scored with its count (`set_aside`).

    The claim history is optional: with `claims` empty nothing is checked against it (a simple
    round needs none). When it is given, it must agree with the winners' hands, whose exposed
    melds are exactly their claims — each claim by a winner is one exposed meld of his hand
    (a chow claim an exposed chow, a pong claim an exposed pung or a kong added to it later,
    a kong claim an exposed kong), holding the claimed tile when the claim names it, and each
    exposed meld is one of his claims; concealed kongs are no claims. An exposed kong in
    `kongs` fed by a seat needs its kong claim from that seat, and an added kong a pong claim
    by the konger, one claim per kong. Seats that did not win show no hand, so their claims
    are taken as given, but every claim, a winner's or not, must be possible at all:

    - a chow is claimed only from one's 上家, the seat before in turn order: seat i chows
      only seat i-1's discard (mod `players`);
    - nobody claims his own discard, and both seats exist at this player count;
    - a seat claims at most four times, and its claims and concealed kongs together make at
      most four sets (a hand holds four sets and a pair); no seat has more than four kongs;
    - a claimed tile is a tile that is discarded: no flower; a chow's tile is a suited tile;
      a win on a flower not self-drawn is one robbed from its drawer, the `discarder`
      (`flower_robbed`, 七搶一);
    - `kong_fed_by` names the feeder of a kong bloom: a winner drew a kong's replacement
      tile (`kong_bloom`), and the feeder is not that winner; with claims given, the winner
      has a kong claim from that seat, or a pong claim from it that his hand shows as an
      exposed kong (the pong the added kong grew from);
    - several winners won on one event (一炮多响): all on the one discard or all by robbing
      the one kong, so all on the same winning tile;
    - `robbed_kong` is given only with `robbed_from`; with claims given, a robbed added kong
      needs a pong claim by the robbed seat — of the robbed (winning) tile when the claim
      names one — beside those its completed added kongs grew from.

    A round that disagrees is refused (`RoundError`) naming the claim, the hand or the field.
    What the rulebook allows is checked when the round is settled (`mjc.runtime.settle.claimcheck`):
    the kinds of claim and kong under the round's options (`Ruleset.claims`), which kongs
    may be robbed, what its wilds may do (`Ruleset.wild_permissions`), and how many copies of
    a claimed tile are in play; and how many copies of each tile the whole round shows
    (`mjc.runtime.settle.tilecount`: hands, claims, horses, the indicator, the opening discards)."""

    players: StrictInt = Field(default=4, ge=2, le=4)
    dealer: StrictInt = Field(default=0, ge=0)
    streak: StrictInt = Field(default=0, ge=0)
    honba: StrictInt = Field(default=0, ge=0, le=10_000)
    dora_indicators: tuple[StrictStr, ...] = Field(default=(), max_length=10)
    ura_indicators: tuple[StrictStr, ...] = Field(default=(), max_length=10)
    round_wind: Literal["E", "S", "W", "N"] = "E"
    options: dict[StrictStr, OptionValue] = Field(default_factory=dict)
    indicator: StrictStr | None = None
    winners: tuple[Winner, ...] = ()
    discarder: StrictInt | None = Field(default=None, ge=0)
    robbed_from: StrictInt | None = Field(default=None, ge=0)
    robbed_kong: Literal["exposed", "concealed", "added"] = "added"
    kong_fed_by: StrictInt | None = Field(default=None, ge=0)
    bloom_kong: Literal["exposed", "added"] | None = None
    claims: tuple[Claim, ...] = ()
    kongs: tuple[KongRecord, ...] = ()
    exhaustive_draw: StrictBool = False
    # 途中流局: the round ended drawn before the wall ran out (nobody wins or is paid)
    abortive_draw: Literal["nine_terminals", "four_winds", "four_kongs", "all_ready"] | None = None
    bought_horses: dict[SeatKey, tuple[StrictStr, ...]] = Field(
        default_factory=dict, json_schema_extra={"propertyNames": {"pattern": "^[0-9]+$"}}
    )
    horse_tiles: tuple[StrictStr, ...] = ()
    follow_dealer_rounds: StrictInt = Field(default=0, ge=0)
    ready: tuple[StrictInt, ...] = ()
    opening: Opening | None = None
    deal_wins: tuple[DealWinShown, ...] = ()
    later_wins: tuple[WinEvent, ...] = ()
    hands: dict[SeatKey, HandAtDraw] = Field(
        default_factory=dict, json_schema_extra={"propertyNames": {"pattern": "^[0-9]+$"}}
    )
    declarations: dict[SeatKey, dict[StrictStr, StrictStr]] = Field(
        default_factory=dict, json_schema_extra={"propertyNames": {"pattern": "^[0-9]+$"}}
    )
    ready_declarations: tuple[ReadyDeclaration, ...] = ()
    set_aside: dict[SeatKey, tuple[StrictStr, ...]] = Field(
        default_factory=dict, json_schema_extra={"propertyNames": {"pattern": "^[0-9]+$"}}
    )
    deposits_carried: StrictInt = Field(default=0, ge=0, le=100_000_000)
    _tiles: int = PrivateAttr(default=MAX_SETS * 3 + 2)  # a win's, by the parse's context

    @property
    def win_tiles(self) -> int:
        """The tiles of a win of the rulebook the round was parsed for (`_tiles`), read from
        pydantic's store of private values: `_tiles` itself is found only after a failed
        lookup of the name, which costs as much as a draw's line."""
        tiles: int = self.__pydantic_private__["_tiles"]  # type: ignore[index]
        return tiles

    @property
    def fed_kong(self) -> Literal["exposed", "added"] | None:
        """The kind of the kong `kong_fed_by` fed (None without a feeder): `bloom_kong` when
        given; else `added` where the bloom winner's only kong from the feeder grew from a
        pong claim (claims) or where he has an added kong and no exposed kong fed by him
        (kongs); else `exposed`, the kong made on the feeder's discard (点杠)."""
        if self.kong_fed_by is None:
            return None
        if self.bloom_kong is not None:
            return self.bloom_kong
        feeder = self.kong_fed_by
        for w in self.winners:
            if "kong_bloom" not in w.situations:
                continue
            kinds = {c.kind for c in self.claims if c.seat == w.seat and c.from_seat == feeder}
            if "kong" not in kinds and "pong" in kinds:
                return "added"
            mine = [k for k in self.kongs if k.seat == w.seat]
            if any(k.kind == "added" for k in mine) and not any(
                k.kind == "exposed" and k.fed_by == feeder for k in mine
            ):
                return "added"
        return "exposed"

    def seat_facts(self, seat: int) -> dict[str, Any]:
        """What the rulebook's functions take of `seat` in this round (`Ruleset.score`,
        `deal_wins`, `draw_seat`): its wind, the round's wind, whether it deals, the players,
        the options and the indicator."""
        return {
            "seat_wind": _WINDS[(seat - self.dealer) % self.players],
            "round_wind": self.round_wind,
            "dealer": seat == self.dealer,
            "players": self.players,
            "options": self.options or None,
            "indicator": self.indicator,
        }

    def set_aside_count(self, seat: int) -> int:
        """How many tiles `seat` set aside in play (北抜き), which its score reads as
        `set_aside` (抜きドラ)."""
        return len(self.set_aside.get(seat, ()))

    @property
    def follow_rounds(self) -> int:
        """The 跟庄 rounds that succeeded in a row: counted from `opening` when it is given,
        else `follow_dealer_rounds` as the caller counted them."""
        if self.opening is not None:
            return self.opening.followed(self.players)
        return self.follow_dealer_rounds

    @model_validator(mode="after")
    def _consistent(self, info: ValidationInfo) -> RoundOutcome:
        self._tiles = win_size(info.context)  # the rulebook's, as `Ruleset.settle` gives it
        if isinstance(info.context, dict) and info.context.get("played") is True:
            return self  # the game engine's own round (`parse_round(played=True)`)
        n = self.players
        seats: list[tuple[str, int | None]] = [
            ("dealer", self.dealer),
            ("discarder", self.discarder),
            ("robbed_from", self.robbed_from),
            ("kong_fed_by", self.kong_fed_by),
        ]
        seats += [(f"winners.{i}.seat", w.seat) for i, w in enumerate(self.winners)]
        seats += [(f"claims.{i}.seat", c.seat) for i, c in enumerate(self.claims)]
        seats += [(f"claims.{i}.from_seat", c.from_seat) for i, c in enumerate(self.claims)]
        seats += [(f"kongs.{i}.seat", k.seat) for i, k in enumerate(self.kongs)]
        seats += [(f"kongs.{i}.fed_by", k.fed_by) for i, k in enumerate(self.kongs)]
        seats += [(f"bought_horses.{seat}", seat) for seat in self.bought_horses]
        seats += [(f"ready.{i}", seat) for i, seat in enumerate(self.ready)]
        seats += [(f"deal_wins.{i}.seat", d.seat) for i, d in enumerate(self.deal_wins)]
        seats += [(f"hands.{seat}", seat) for seat in self.hands]
        seats += [(f"declarations.{seat}", seat) for seat in self.declarations]
        seats += [
            (f"ready_declarations.{i}.seat", d.seat) for i, d in enumerate(self.ready_declarations)
        ]
        for name, seat in seats:
            if seat is not None and seat >= n:
                raise ValueError(f"{name}: seat {seat} does not exist at {n} players (0..{n - 1})")
        if len({d.seat for d in self.ready_declarations}) != len(self.ready_declarations):
            raise ValueError("ready_declarations: a seat declares ready once")
        if len({d.seat for d in self.deal_wins}) != len(self.deal_wins):
            raise ValueError("deal_wins: a seat shows its hand at the deal once")
        if self.later_wins and not self.winners:
            raise ValueError("later_wins: a round's first win event is `winners`: name it")
        if self.abortive_draw is not None and (self.exhaustive_draw or self.winners):
            raise ValueError(
                "abortive_draw: an abortive draw has no winners and no exhaustive draw"
            )
        if not self.exhaustive_draw and not self.winners and self.abortive_draw is None:
            raise ValueError("winners: name the winners, or set exhaustive_draw")
        if len({w.seat for w in self.winners}) != len(self.winners):
            raise ValueError("winners: a seat wins at most once")
        if len(self.winners) > 1 and any(w.self_drawn for w in self.winners):
            raise ValueError("winners: several winners must all have won on one discard")
        for i, w in enumerate(self.winners):
            robbed = "robbing_kong" in w.situations
            if w.self_drawn and (robbed or self.discarder is not None):
                what = "robbing_kong" if robbed else "a discarder"
                raise ValueError(f"winners.{i}.self_drawn: a self-drawn win has no {what}")
            if not w.self_drawn and robbed and self.robbed_from is None:
                raise ValueError(f"robbed_from: winner {w.seat} robbed a kong: say whose")
            on_flower = (w.win_tile or "").endswith("f")  # 七搶一: the drawer pays as a discarder
            if not w.self_drawn and on_flower and "flower_robbed" not in w.situations:
                raise ValueError(
                    f"winners.{i}.situations: a win on another seat's flower robs it: "
                    "name flower_robbed"
                )
            if not w.self_drawn and not robbed and self.discarder is None:
                raise ValueError(f"discarder: winner {w.seat} won on a discard: say whose")
            if w.seat in (self.discarder, self.robbed_from):
                raise ValueError(f"winners.{i}.seat: seat {w.seat} cannot pay its own win")
        if len(self.winners) > 1:
            self._one_event_one_tile()
        for i, k in enumerate(self.kongs):
            if k.fed_by is not None and (k.kind != "exposed" or k.fed_by == k.seat):
                raise ValueError(
                    f"kongs.{i}.fed_by: only an exposed kong is fed, by another player"
                )
        tiles = [(f"horse_tiles.{i}", t) for i, t in enumerate(self.horse_tiles)]
        tiles += [(f"claims.{i}.tile", c.tile) for i, c in enumerate(self.claims) if c.tile]
        for seat, drawn in self.bought_horses.items():
            tiles += [(f"bought_horses.{seat}.{i}", t) for i, t in enumerate(drawn)]
        for name, tile in tiles:
            try:
                tile_index(tile)
            except NotationError as exc:
                raise ValueError(f"{name}: {exc}") from None
        for i, c in enumerate(self.claims):
            if c.seat == c.from_seat:
                raise ValueError(f"claims.{i}.from_seat: a player claims another's discard")
        self._claims_possible()
        self._kong_feeder_and_robbed_kong()
        if self.opening is not None:
            self._opening_agrees()
        if self.claims:
            self._claims_match_hands()
            self._claims_match_kongs()
            self._kong_feeder_claimed()
        if self.later_wins:
            event_views(self)  # each later event checked as a one-win round
        return self

    def _one_event_one_tile(self) -> None:
        """Several winners won on one event (一炮多响): all on the one discard, or all by
        robbing the one kong, so all on the same tile."""
        robbers = {"robbing_kong" in w.situations for w in self.winners}
        if len(robbers) > 1:
            raise ValueError(
                "winners: several winners won on one event: all on the discard, or all by "
                "robbing the kong (robbing_kong), not some of each"
            )
        first: tuple[int, int] | None = None
        for i, winner in enumerate(self.winners):
            try:
                tile = winner.parsed.win_tile
            except NotationError as exc:
                raise ValueError(f"winners.{i}.hand: {exc}") from None
            if tile is None:
                continue  # no concealed tile: the hand's own check reports it
            if first is None:
                first = (i, tile)
            elif tile != first[1]:
                raise ValueError(
                    f"winners.{i}.win_tile: winner {winner.seat} wins on {tile_text(tile)}, but "
                    f"winner {self.winners[first[0]].seat} on {tile_text(first[1])}: several "
                    "winners all win on the one discarded or robbed tile"
                )

    def _claims_possible(self) -> None:
        """Every claim is possible without the claimer's hand: a chow only from one's 上家; a
        claimed tile that is discarded (no flower; a suited tile for a chow); at most four
        sets a seat, counting its claims and concealed kongs, and at most four kongs."""
        n = self.players
        for i, c in enumerate(self.claims):
            if c.kind == "chow" and c.from_seat != (c.seat - 1) % n:
                raise ValueError(
                    f"claims.{i}.from_seat: seat {c.seat} chows only from its 上家 (the seat "
                    f"before it), seat {(c.seat - 1) % n}, not seat {c.from_seat}"
                )
            if c.tile is None:
                continue
            tile = tile_index(c.tile)
            if tile >= FLOWER_BASE:
                raise ValueError(
                    f"claims.{i}.tile: {c.tile} is a flower, which is never discarded or claimed"
                )
            if c.kind == "chow" and tile >= HONOUR_BASE:
                raise ValueError(
                    f"claims.{i}.tile: a chow is a run of suited tiles; {c.tile} is an honour"
                )
        check_sizes(self)  # the hands and the sets a seat declares, by the rulebook's hand

    def _kong_feeder_and_robbed_kong(self) -> None:
        """`kong_fed_by` belongs to a kong bloom, fed by another player than the winner;
        `robbed_kong` to a robbed kong (`robbed_from`)."""
        if self.kong_fed_by is not None:
            bloomers = [w for w in self.winners if "kong_bloom" in w.situations]
            if not bloomers:
                raise ValueError(
                    "kong_fed_by: no winner drew a kong's replacement tile (kong_bloom), so "
                    "no kong feeder pays"
                )
            if any(w.seat == self.kong_fed_by for w in bloomers):
                raise ValueError(
                    f"kong_fed_by: seat {self.kong_fed_by} cannot feed its own kong bloom"
                )
        if self.bloom_kong is not None and self.kong_fed_by is None:
            raise ValueError("bloom_kong: no kong feeder is named (kong_fed_by is not set)")
        if "robbed_kong" in self.model_fields_set and self.robbed_from is None:
            raise ValueError("robbed_kong: no kong was robbed (robbed_from is not set)")

    def _opening_agrees(self) -> None:
        """The opening's discards are tiles, at most one per player a go-around; a
        `follow_dealer_rounds` given beside it must be the count it makes."""
        assert self.opening is not None
        for i, go in enumerate(self.opening.go_arounds):
            where = f"opening.go_arounds.{i}.discards"
            if len(go.discards) > self.players:
                raise ValueError(
                    f"{where}: {len(go.discards)} discards in one go-around of "
                    f"{self.players} players"
                )
            for j, tile in enumerate(go.discards):
                try:
                    tile_index(tile)
                except NotationError as exc:
                    raise ValueError(f"{where}.{j}: {exc}") from None
        counted = self.opening.followed(self.players)
        if "follow_dealer_rounds" in self.model_fields_set and (
            self.follow_dealer_rounds != counted
        ):
            raise ValueError(
                f"follow_dealer_rounds: {self.follow_dealer_rounds} 跟庄 rounds given, but the "
                f"opening's discards make {counted}; give one of the two, or make them agree"
            )

    def _claims_match_hands(self) -> None:
        """With a claim history given, each winner's exposed melds are exactly his claims: a
        chow claim is an exposed chow, a pong claim an exposed pung or kong (a kong added to
        the pong later, 补杠), a kong claim an exposed kong, each holding the claimed tile when
        the claim names it. Concealed kongs are no claims."""
        for i, winner in enumerate(self.winners):
            try:
                hand = winner.parsed
            except NotationError as exc:
                raise ValueError(f"winners.{i}.hand: {exc}") from None
            exposed = [m for m in hand.melds if m.exposed]
            mine = [(j, c) for j, c in enumerate(self.claims) if c.seat == winner.seat]
            match = match_claims([c for _, c in mine], exposed)
            for (j, c), place in zip(mine, match, strict=True):
                if place is None:
                    what = f"a {c.kind}" + (f" of {c.tile}" if c.tile else "")
                    raise ValueError(
                        f"claims.{j}: seat {c.seat} claimed {what} from seat {c.from_seat}, "
                        f"but winner {winner.seat}'s hand shows no such exposed meld "
                        f"(winners.{i}.hand)"
                    )
            for place, meld in enumerate(exposed):
                if place not in match:
                    raise ValueError(
                        f"winners.{i}.hand: the exposed meld {meld} has no claim by seat "
                        f"{winner.seat} in claims"
                    )

    def _claims_match_kongs(self) -> None:
        """With a claim history given, an exposed kong in `kongs` fed by a seat needs a kong
        claim of that seat's discard, and an added kong a pong claim by the konger, one claim
        for each kong."""
        left: dict[tuple[str, int, int | None], int] = {}
        key: tuple[str, int, int | None]
        for c in self.claims:
            if c.kind == "kong":
                key = ("exposed", c.seat, c.from_seat)
                left[key] = left.get(key, 0) + 1
            elif c.kind == "pong":
                key = ("added", c.seat, None)
                left[key] = left.get(key, 0) + 1
        for i, k in enumerate(self.kongs):
            if k.kind == "concealed" or (k.kind == "exposed" and k.fed_by is None):
                continue
            key = (k.kind, k.seat, k.fed_by if k.kind == "exposed" else None)
            if not left.get(key):
                need = (
                    f"a kong claim by seat {k.seat} from seat {k.fed_by}"
                    if k.kind == "exposed"
                    else f"a pong claim by seat {k.seat} to add the kong to"
                )
                raise ValueError(f"kongs.{i}: the {k.kind} kong of seat {k.seat} needs {need}")
            left[key] -= 1
        robbers = [w for w in self.winners if "robbing_kong" in w.situations]
        if self.robbed_from is None or self.robbed_kong != "added" or not robbers:
            return
        seat = self.robbed_from
        robbed = robbers[0].parsed.win_tile
        fitting = [
            c
            for c in self.claims
            if c.seat == seat
            and c.kind == "pong"
            and (c.tile is None or robbed is None or tile_index(c.tile) == robbed)
        ]
        if not left.get(("added", seat, None)) or not fitting:
            of = f" of {tile_text(robbed)}" if robbed is not None else ""
            spare = " beside those its added kongs in kongs grew from" if fitting else ""
            raise ValueError(
                f"robbed_from: seat {seat}'s added kong{of} was robbed, but claims hold no "
                f"pong claim{of} by seat {seat} to add it to{spare}"
            )

    def _kong_feeder_claimed(self) -> None:
        """With a claim history given, the kong bloom's feeder fed a kong of the winner: a
        kong claim from that seat, or a pong claim from it that the winner's hand shows as
        an exposed kong (an added kong grows from a pong)."""
        if self.kong_fed_by is None:
            return
        for i, winner in enumerate(self.winners):
            if "kong_bloom" not in winner.situations:
                continue
            kongs = [m for m in winner.parsed.melds if m.exposed]
            kongs = [m for m in kongs if m.kind == "kong"]
            kinds = {"exposed": ("kong",), "added": ("pong",)}.get(
                self.bloom_kong or "", ("kong", "pong")
            )
            fed = [
                c
                for c in self.claims
                if c.seat == winner.seat
                and c.from_seat == self.kong_fed_by
                and c.kind in kinds
                and any(c.tile is None or tile_index(c.tile) in m.tiles for m in kongs)
            ]
            if not fed and self.bloom_kong is not None:
                claim = "kong" if self.bloom_kong == "exposed" else "pong"
                raise ValueError(
                    f"bloom_kong: an {self.bloom_kong} kong fed by seat {self.kong_fed_by} "
                    f"needs a {claim} claim by seat {winner.seat} from it that winners.{i}.hand "
                    "shows as an exposed kong"
                )
            if not fed:
                raise ValueError(
                    f"kong_fed_by: seat {self.kong_fed_by} fed no kong of winner "
                    f"{winner.seat}: claims hold no kong claim by seat {winner.seat} from seat "
                    f"{self.kong_fed_by}, nor a pong claim from it that winners.{i}.hand shows "
                    "as an exposed kong"
                )


def parse_round(
    data: object,
    tiles: int = MAX_SETS * 3 + 2,
    *,
    played: bool = False,
    players: int | None = None,
) -> RoundOutcome:
    """Validate JSON-like data as a round of a rulebook whose wins hold `tiles` tiles (17 in
    one of `hand 16`); a `RoundError` names the first bad field. `played`: the round the
    game engine wrote of its own play, whose fields are typed but not checked again for how
    they agree (never for a round read from outside: `Ruleset.settle`). `players`: how many
    play in a round that does not say (`Ruleset.round_players`; None: the field's 4)."""
    if players is not None and isinstance(data, Mapping) and "players" not in data:
        data = {**data, "players": players}
    context: dict[str, object] = {"tiles": tiles}
    if played:
        context["played"] = True
    try:
        return RoundOutcome.model_validate(data, context=context)
    except ValidationError as exc:
        raise round_error(exc.errors()[0], RoundOutcome.model_fields) from None


@plain_type_errors  # text that is neither str nor bytes: a TypeError naming `text`
def parse_round_json(
    text: str | bytes, tiles: int = MAX_SETS * 3 + 2, players: int | None = None
) -> RoundOutcome:
    """A round from JSON text, read within `mjc.runtime.settle.jsoninput`'s limits, of a
    rulebook whose wins hold `tiles` tiles (`players`: as `parse_round`'s); a `RoundError`
    says what is wrong in one line."""
    try:
        data = load_json(text)
    except JSONInputError as exc:
        raise RoundError(str(exc)) from None
    return parse_round(data, tiles, players=players)


def round_json_schema() -> dict[str, object]:
    """The JSON Schema of a round (`mjc settle --schema`)."""
    return RoundOutcome.model_json_schema()
