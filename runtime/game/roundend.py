"""The end of a round: the round JSON `Ruleset.settle` reads, its settlement, the next dealer.

`mjc.runtime.game.engine` calls `finish_win` at each win event and `finish_draw` when the
wall runs out. A win event ends the round, or, where play goes on after a win
(`TurnRules.after_win` leave or stay, 血战到底 / 血流成河), is recorded (a `win` line of the
log), its winners leave or lay the winning tile aside, and the next seat plays on; the round
JSON then holds every event (`later_wins`). At the end this module writes the `RoundOutcome`
data (`mjc.runtime.settle.round`) exactly as the round was played —
the winners' hands and situations, the discarder or the robbed kong, the claim history, the
completed kongs with their feeders, the kong bloom's feeder, the horses (bought at the deal,
turned up from the end of the wall), the opening discards (跟庄), the wins shown at the deal
(起手胡) — settles it through the rulebook and says who deals next by `TurnRules` (连庄,
谁胡谁坐庄, 一炮多响 ...). `Opening` follows the opening discards while they can still follow
the dealer.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mjc.runtime.game.actions import IllegalAction
from mjc.runtime.game.claimwindow import self_draw_situations
from mjc.runtime.game.tablefacts import next_playing
from mjc.runtime.ready.furiten import waits_of
from mjc.runtime.rules.ruleset import Ruleset
from mjc.runtime.settle.payments import HeldAtDraw
from mjc.runtime.tableplay.abortive import AbortiveDraw, after_discard, may_follow
from mjc.runtime.tiles.hand import format_hand
from mjc.runtime.tiles.tile import NUM_PLAYING, tile_text
from mjc.runtime.wins.seats import hand_of, hand_text

if TYPE_CHECKING:
    from mjc.runtime.game.engine import Round

__all__ = [
    "Opening",
    "abortive_after",
    "finish_abortive",
    "finish_draw",
    "finish_win",
    "next_dealer",
]


class Opening:
    """The opening go-arounds as `RoundOutcome.opening` reads them, recorded only for a
    rulebook that pays 跟庄 and only while the chain can still hold."""

    __slots__ = ("active", "dealer", "dealer_kong", "goes", "interrupted", "players", "wanted")

    def __init__(self, ruleset: Ruleset, players: int, dealer: int) -> None:
        self.wanted = any(b.item == "follow" for b in ruleset.payments.bonus_rules)
        self.active = self.wanted
        self.players, self.dealer = players, dealer
        self.goes: list[list[int]] = []
        self.interrupted: list[bool] = []
        self.dealer_kong = False

    def discard(self, seat: int, tile: int) -> None:
        if not self.active:
            return
        if not self.goes or len(self.goes[-1]) == self.players:
            self.goes.append([])
            self.interrupted.append(False)
        go = self.goes[-1]
        go.append(tile)
        if len(go) == self.players and len(set(go)) != 1:
            self.active = False  # this go-around did not follow: the chain ends here

    def following(self) -> bool:
        """Whether the go-arounds may still follow the dealer: the chain holds, and every
        discard of the go-around under way so far is the dealer's tile (跟庄 until it breaks)."""
        return self.active and bool(self.goes) and len(set(self.goes[-1])) == 1

    def claim(self) -> None:
        if self.active:
            if self.goes:
                self.goes[-1].pop()  # the claimed discard: counted by the claim instead
                self.interrupted[-1] = True
            self.active = False

    def kong(self, seat: int, discards: int, concealed: bool) -> None:
        if not self.active:
            return
        if concealed and seat == self.dealer and discards == 0:
            self.dealer_kong = True  # 起手暗杠: nothing follows
        elif self.goes:
            self.interrupted[-1] = True
        self.active = False

    def to_json(self) -> dict[str, Any] | None:
        if not self.wanted:
            return None
        return {
            "dealer_concealed_kong": self.dealer_kong,
            "go_arounds": [
                {"discards": [tile_text(t) for t in go], "interrupted": cut}
                for go, cut in zip(self.goes, self.interrupted, strict=True)
                if go or cut
            ],
        }


def next_dealer(r: Round, winners: list[int], origin: int | None, robbed_from: int | None) -> int:
    """Who deals the next round (`TurnRules`: dealer_after_*); `origin` is the discarder or
    the robbed seat of a win on another's tile."""
    rules, d, n = r.rules, r.dealer, r.players
    if not winners:
        stays = rules.dealer_after_draw == "stay"
        if not stays and rules.dealer_stays_when_ready:
            stays = _dealer_ready(r)  # 聴牌連荘
        return d if stays else (d + 1) % n
    if robbed_from is not None and rules.dealer_after_robbed_kong == "robbed":
        return robbed_from  # 梅州: 被抢玩家即为下盘庄家
    if len(winners) > 1 and origin is not None:
        nearest = min(winners, key=lambda s: (s - origin) % n)
        how = rules.dealer_after_several
        if how == "discarder":
            return origin
        if how == "after_nearest_winner":
            return (nearest + 1) % n
        if how == "dealer_or_next":
            return d if d in winners else (d + 1) % n
        return nearest
    if d in winners:
        return d  # 连庄: the dealer won
    return winners[0] if rules.dealer_after_other_win == "winner" else (d + 1) % n


def _dealer_ready(r: Round) -> bool:
    """Whether the dealer's hand is ready at the draw (`dealer_stays_when_ready`, 聴牌連荘):
    ready as the draw lines read it (形式聴牌: some tile completes a winning shape, scoring or
    not), from the wait set the engine keeps, not a scored wait list. A tile of which the hand
    holds every copy is no wait."""
    st = r.seats[r.dealer]
    if st.size() != r.rules.hand:
        return False
    counts, copies = st.counts, r.copies
    ready = False
    for t in waits_of(r, r.dealer):  # (a loop: a generator is a frame made and resumed)
        if counts[t] < copies[t]:
            ready = True
            break
    return ready


def _base(r: Round) -> dict[str, Any]:
    data: dict[str, Any] = {
        "players": r.players,
        "dealer": r.dealer,
        "streak": r.streak,
        "round_wind": r.round_wind,
        "options": dict(r.values),
        "claims": list(r.claim_history),
        "kongs": list(r.kong_history),
    }
    if r.honba:
        data["honba"] = r.honba
    if r.indicator >= 0:
        data["indicator"] = tile_text(r.indicator)
    if r.dead is not None:  # ドラ表示牌 turned up, and the ura under them: scoring reads them
        data["dora_indicators"] = list(r.dead.dora_texts())
        if r.rules.ura_indicators:
            data["ura_indicators"] = list(r.dead.ura_texts())
    if r.bought_horses:
        data["bought_horses"] = {
            str(s): [tile_text(t) for t in tiles] for s, tiles in r.bought_horses.items()
        }
    opening = r.opening.to_json()
    if opening is not None:
        data["opening"] = opening
    if r.deal_wins:
        data["deal_wins"] = [dict(shown) for shown in r.deal_wins]
    if r.aside is not None and any(r.aside.held):  # 北抜き: each winner scored with its own
        data["set_aside"] = {str(s): list(r.aside.texts(s)) for s in range(r.players)}
    if r.declared:  # 定缺: each winner is scored with its own
        data["declarations"] = {str(s): dict(d) for s, d in sorted(r.declared.items())}
    if r.ready.active or r.ready.carried:  # 立直 and the deposits on the table (供託)
        data.update(r.ready.outcome())
    return data


def _ready(r: Round, winners: list[int]) -> list[int]:
    """The seats ready (聽牌) at the end: some tile in play would complete the hand (上海
    承包: an unrelated discarder's share depends on it); the winners are not listed."""
    found = []
    finder, copies = r.finder, r.copies  # the quick test's waits: every tile the check takes
    for seat, st in enumerate(r.seats):
        if seat in winners or st.size() != r.rules.hand:
            continue
        tiles = range(NUM_PLAYING) if finder is None else sorted(finder(st))
        if any(copies[t] and r.checker(hand_of(st, t, t)) for t in tiles):
            found.append(seat)
    return found


def _unrob(r: Round, seat: int, kind: str, tile: int) -> None:
    """A robbed concealed or exposed kong never was: its tiles go back to what they were."""
    st = r.seats[seat]
    st.waits = None
    for i, m in enumerate(st.melds):
        if m.kind != "kong" or m.tile != tile:
            continue
        if kind == "concealed":
            del st.melds[i]
            st.counts[tile] += 3
        else:
            from mjc.runtime.wins.seats import MeldRecord

            st.melds[i] = MeldRecord("pung", tile, False, m.from_seat, m.claimed)
            for claim in reversed(r.claim_history):
                if claim["seat"] == seat and claim["kind"] == "kong":
                    claim["kind"] = "pong"  # the fourth tile went to the robber
                    break
        return


def finish_win(
    r: Round,
    winners: list[int],
    *,
    self_drawn: bool,
    discarder: int | None = None,
    robbed: tuple[int, str] | None = None,
) -> None:
    """A win event with these winners (nearest the discarder first): the round ends there,
    or, where play goes on after a win (`TurnRules.after_win`), goes on (`_play_on`)."""
    tile = r.drew if self_drawn else r.question
    on_flower = tile >= NUM_PLAYING  # 八花, or 七搶一: the flower is among the winner's flowers
    event: dict[str, Any] = {}
    if robbed is not None:
        event["robbed_from"], event["robbed_kong"] = robbed
        if robbed[1] != "added":
            _unrob(r, robbed[0], robbed[1], tile)
    if discarder is not None:
        event["discarder"] = discarder
        if not on_flower:
            r.taken[tile] += 1
    triple = not self_drawn and len(winners) == 3 and r.players == 4
    listed = []
    for seat in winners:
        st = r.seats[seat]
        if self_drawn or on_flower:
            situations = list(self_draw_situations(r, seat) if self_drawn else r.situations[seat])
            text = hand_text(st, -1, tile)
        else:
            situations = list(r.situations.get(seat, ()))
            text = hand_text(st, tile, tile)
        if r.reds is not None:  # 赤ドラ: the red fives held, the discard's when won on
            hand = hand_of(st, -1 if self_drawn or on_flower else tile, tile)
            text = format_hand(
                r.reds.on(hand, seat, discarder is not None and not robbed and not on_flower)
            )
        if triple:
            situations.append("triple_win")
        listed.append(
            {
                "seat": seat,
                "hand": text,
                "win_tile": tile_text(tile),
                "self_drawn": self_drawn,
                "situations": situations,
            }
        )
    event["winners"] = listed
    kind, feeder = r.last_kong
    if (
        self_drawn
        and r.from_kong
        and feeder is not None
        and feeder != winners[0]
        and feeder not in r.left_seats  # one who left (血战到底) pays nothing more
        and kind in ("exposed", "added")
    ):
        event["kong_fed_by"], event["bloom_kong"] = feeder, kind
    r.win_events.append(event)
    r.won_seats.update(winners)
    after = r.rules.after_win
    if after == "leave":
        r.left_seats.update(winners)
    if on_flower:
        pass  # the flower stays among the winner's flowers
    elif after == "stay":  # 血流成河: the winning tile is laid aside, the hand of 13 plays on
        r.laid_aside.append(tile)
        if self_drawn:
            r.seats[winners[0]].counts[tile] -= 1
            r.seats[winners[0]].waits = None
    elif not self_drawn:
        r.seats[winners[0]].counts[tile] += 1  # the winning tile, counted once (一炮多响)
    if after == "end" or len(r.left_seats) >= r.players - 1:
        _close(r, drawn=False)
        return
    r.events.append({"type": "win", **event})
    _play_on(r, winners)


def _play_on(r: Round, winners: list[int]) -> None:
    """Play goes on after a win event (`after_win` leave or stay): the seat after the event's
    last winner counted from its origin draws, the seats that left skipped (the winning tile
    stays in the hand of a winner who left, and is laid aside by one who stays). The round
    ends drawn when nothing is left to draw."""
    r.quiet = False  # no 天胡, 地胡 or 人胡 after a win
    r.pending, r.responses, r._legal, r.situations = {}, {}, {}, {}
    r.kong_turn.tiles, r.kong_turn.at = [], -1  # tiles a kind of kong turned up stay put
    r._draw_next(next_playing(r, winners[-1]))  # drawn (流局) when the wall is exhausted


def _close(
    r: Round, *, drawn: bool, hands: bool = False, abortive: AbortiveDraw | None = None
) -> None:
    """End the round: its win events (the first at the top of the round JSON, the others in
    `later_wins`), the wall run out or not, horses turned up when someone won, the seats
    ready, and (`hands`, where the rulebook pays the draw: 查大叫, 查花猪, 退税) the hands
    still playing; who deals next is the first win event's (or the drawn round's) rule."""
    data = _base(r)
    events = r.win_events
    if events:
        data.update(events[0])
    if len(events) > 1:
        data["later_wins"] = [dict(e) for e in events[1:]]
    if drawn:
        data["exhaustive_draw"] = True
    if abortive is not None:
        data["abortive_draw"] = abortive
    horses = r.ruleset.payments.horses
    if events and horses is not None:
        counts = [c for k, c in horses.draws(r.values, None) if k.drawn_from == "wall_end"]
        if counts and max(counts) > 0:
            data["horse_tiles"] = [tile_text(t) for t in r.wall.end_tiles(max(counts))]
    if r.ready_needed:
        data["ready"] = _ready(r, sorted(r.won_seats))
    held: dict[int, HeldAtDraw] = {}
    if hands and r.ruleset.payments.draw_rules:
        playing = _hands_at_draw(r, held)
        if playing is not None:
            data["hands"] = playing
    if events:
        first = [w["seat"] for w in events[0]["winners"]]
        robbed_from = events[0].get("robbed_from")
        origin = events[0].get("discarder", robbed_from)
        dealer = next_dealer(r, first, origin, robbed_from)
    else:  # after an abortive draw the dealer deals again
        dealer = r.dealer if abortive is not None else next_dealer(r, [], None, None)
    _settle(r, data, drawn, dealer, held)
    if abortive is not None:
        assert r.result is not None
        r.result["abortive_draw"] = r.events[-1]["abortive_draw"] = abortive


def finish_draw(r: Round) -> None:
    """End the round in an exhaustive draw (流局, 荒庄), after the wins of the round where
    play went on after them; the round JSON shows the hands still playing where the
    rulebook's draw lines pay on them."""
    if r.ready.pending >= 0:  # a declaration's discard, the last before the wall ran out
        r.ready.passed(r)
    _close(r, drawn=True, hands=True)


def finish_abortive(r: Round, kind: AbortiveDraw) -> None:
    """End the round in an abortive draw (途中流局, `mjc.runtime.tableplay.abortive`): nobody
    wins or is paid, and the dealer deals again."""
    _close(r, drawn=False, abortive=kind)


def abortive_after(r: Round) -> bool:
    """After a discard passed: end the round when it brings an abortive draw (四風連打,
    四槓散了), and say so."""
    if not may_follow(r.quiet, r.discards, len(r.kong_history)):
        return False
    firsts = [st.river[0] if st.river else -1 for st in r.seats]
    seats = [k["seat"] for k in r.kong_history]
    kind = after_discard(r.rules, firsts, r.quiet, r.discards, seats)
    if kind is not None:
        finish_abortive(r, kind)
    return kind is not None


def _hands_at_draw(r: Round, held: dict[int, HeldAtDraw]) -> dict[str, str] | None:
    """The hand of every seat still playing (under after_win leave the winners have left),
    by seat, in notation, and in `held` as the engine holds it (`HeldAtDraw`: its wait set
    where only a playing tile may complete it; no `Hand` made where nothing would read it);
    None when one is not a hand between turns (13 tiles, or the rulebook's `hand`, a meld
    counting 3)."""
    leave = r.rules.after_win == "leave"
    found: dict[str, str] = {}
    plain = r.plain_shapes and r.finder is not None  # no flower, no wild completes a hand
    # The draw lines read only the options (Riichi's 聴牌料): a seat that waits on nothing
    # and holds no flower is settled without its `Hand` (`HeldAtDraw`), in a game of no wilds.
    unmade = plain and r.ruleset.payments.draws_by_options and not r.ruleset.has_wilds
    for seat, st in enumerate(r.seats):
        if leave and seat in r.won_seats:
            continue
        if st.size() != r.rules.hand:
            return None
        waits = waits_of(r, seat) if plain else None
        # (between turns: no winning tile, and no red five is written)
        found[str(seat)] = hand_text(st)
        hand = None if unmade and not waits and not st.flowers else hand_of(st)
        held[seat] = HeldAtDraw(hand, waits)
    return found


def abandon(r: Round) -> None:
    """End the round before its end (a game server closes the table, a seat leaves): it
    counts as an exhaustive draw, 潮州's 中途结束同流局, which the engine applies to every
    rulebook (docs/game-log.md: the others are silent). `IllegalAction` when it is over."""
    if r.phase == "over":
        raise IllegalAction("the round is over")
    r.events.append({"type": "abandon"})
    _close(r, drawn=True)  # no hands: a round stopped short pays no draw lines
    assert r.result is not None  # set by finish_draw
    r.result["abandoned"] = True
    r.events[-1]["abandoned"] = True


def _settle(
    r: Round, outcome: dict[str, Any], drawn: bool, dealer: int, held: dict[int, HeldAtDraw]
) -> None:
    settlement = r.ruleset.settle_played(outcome, held)  # the round as the engine played it
    r.settlement = settlement
    r.phase = "over"
    r.pending, r.responses, r._legal = {}, {}, {}
    winners: list[int] = []
    for event in r.win_events:
        winners += [w["seat"] for w in event["winners"] if w["seat"] not in winners]
    r.result = {
        "winners": winners,
        "exhaustive_draw": drawn,
        "deltas": settlement.deltas,
        "next_dealer": dealer,
        "outcome": outcome,
    }
    if r.ready.active or r.ready.carried:  # the deposits on the table before and after
        r.result["deposits"] = {"before": settlement.table_before, "after": settlement.table_after}
    if r.rules.after_win != "end":  # where play goes on after a win: each event's winners
        r.result["win_events"] = [[w["seat"] for w in e["winners"]] for e in r.win_events]
    r.events.append({"type": "end", **r.result})
