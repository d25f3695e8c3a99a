"""`Round`: one round of play as a deterministic state machine, driven by a generated module.

Input: a `Ruleset` (what a win is and is worth, which claims exist, the tile set and wilds under the
options), its `TurnRules` (or an explicit override), a seed and, for a round set up by hand, a
`Scenario` (`mjc.runtime.game.scenario`: the hands, the wall's ends, the dice, the dealer). A round
runs through phases: `turn` (the seat to play has drawn or claimed: discard, kong or win), `claim`
(the other seats answer a discard: win, kong, pong, chow or pass, served by `TurnRules.priority`),
`rob` (the others may rob a kong, or win on a tile set aside: 北抜き), `flower` (a seat may win on a
flower drawn: its drawer, 上海 八花, else another robbing it, 七搶一), `deal` (before the first
discard, seats show their wins at the deal, 起手胡), `exchange` (every seat passes tiles, 换三张),
`declare` (then every seat declares, 定缺), `kong` (turned-up tiles may be won on; all:
`mjc.runtime.game.sidewins`) and `over`. Draws, replacements and flowers happen inside `apply`,
never as decisions; seats under 托管 are played by the engine itself (`mjc.runtime.game.autoplay`);
every decision and every draw is one event of `events` (`mjc.runtime.game.gamelog` writes them as
JSON lines). The first dealer, the winds and the table's situations are `game.tablefacts`'.

`legal_actions(seat)` lists what the seat may do now; `apply(action)` refuses anything else with
`IllegalAction` and leaves the round unchanged; `state()` is the documented read-only view of the
round (`mjc.runtime.game.roundstate`). Besides the set-up it was made with, `events`, `result` and
`settlement` (docs/game-log.md lists them), its attributes are the engine's own. Hot paths use small
ints: tiles are 0..41, each seat's concealed tiles 34 counts (`mjc.runtime.wins.seats`). What a seat
may claim and whether it may win is `game.claimwindow`'s; the end of a round is `game.roundend`'s.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from itertools import compress
from typing import Any, cast

from mjc.runtime.game.actions import Action, IllegalAction, checked, plain_turns
from mjc.runtime.game.autoplay import AutoSeats, run as run_auto, set_auto
from mjc.runtime.game.claimanswers import answer, open_claims, open_rob, set_aside
from mjc.runtime.game.claimwindow import (
    RUNS_THROUGH,
    can_win,
    self_draw_situations,
    wild_may,
)
from mjc.runtime.game.roundend import Opening, abortive_after, finish_abortive, finish_draw
from mjc.runtime.game.roundstate import RoundState, round_state
from mjc.runtime.game.scenario import Scenario, scenario_wall, table_of
from mjc.runtime.game.sidewins import (
    ExchangeTurn,
    KongTurn,
    before_play,
    deal_window,
    discard_first,
    turn_up,
    with_kinds,
)
from mjc.runtime.game.tablefacts import (
    WINDS,
    GameSetupError,
    check_players,
    check_seed,
    deal_flowers,
    deal_hands,
    deal_horses,
    flip_indicator,
    next_playing,
    seat_wind,
    table_counts,
    table_facts,
)
from mjc.runtime.game.wall import build_wall, take
from mjc.runtime.ready.declaration import ReadyTable
from mjc.runtime.rules.ruleset import Ruleset
from mjc.runtime.rules.turnrules import TurnRules
from mjc.runtime.settle.payments import DealWinInfo
from mjc.runtime.tableplay import setaside, table
from mjc.runtime.tableplay.setting import made, setting, wild_facts
from mjc.runtime.tiles.hand import Hand
from mjc.runtime.tiles.tile import IS_SUITED, NUM_PLAYING, TEXTS, tile_text
from mjc.runtime.wins.seats import MeldRecord, SeatState, census, hand_of
from mjc.runtime.wins.waitsets import WaitFinder

__all__ = ["WINDS", "GameSetupError", "Round"]

# The phases that ask seats.
_WINDOWS = ("claim", "rob", "set_aside", "flower", "deal", "exchange", "declare", "kong")


class Round:
    """One round (see the module docstring). Seats are 0..players-1 in turn order."""

    # Its attributes as slots: a round has some seventy five, past the thirty CPython keeps
    # in a class's shared keys, so that each `self.x` of a turn would be a dict lookup where
    # a slot is read at a fixed place (some 4 % of a whole round's instructions).
    # fmt: off
    __slots__ = (
        "_discard_actions", "_discard_lines", "_draw_lines", "_flips", "_legal",
        "_pending_feeder", "_pending_kong",
        "aborts", "after", "after_claim", "any_discard", "aside", "auto", "bought_horses",
        "can_chow", "can_pong", "checker", "claim_history", "claims", "copies", "dead",
        "deal_offers", "deal_wins", "dealer", "dealer_drawn", "declared", "declaring",
        "discards", "drew", "events", "exchange", "finder", "flower_resume", "from_kong",
        "given_options", "honba", "indicator", "kong_history", "kong_in_question",
        "kong_kinds", "kong_turn", "laid_aside", "last_kong", "left_seats", "opening",
        "pending", "perms", "phase", "plain_shapes", "players", "points", "question",
        "quiet", "ready", "ready_needed", "reds", "responses", "result", "rob_kinds",
        "round_wind", "rules", "ruleset", "scenario", "seats", "seed", "settlement",
        "situations", "stacked", "streak", "table_situations", "taken", "turn", "values",
        "wall", "wilds", "win_events", "won_seats",
    )
    # fmt: on

    def __init__(
        self,
        ruleset: Ruleset,
        *,
        seed: int,
        options: Mapping[str, object] | None = None,
        players: int | None = None,
        dealer: int | None = None,
        round_wind: str = "E",
        streak: int = 0,
        rules: TurnRules | None = None,
        stacked: Sequence[int] = (),
        situations: Sequence[str] = (),
        scenario: Scenario | None = None,
        honba: int = 0,
        points: Sequence[int] | None = None,
        deposits: int = 0,
    ) -> None:
        # Over 80 lines on purpose: the set-up reads as the seeds tell it, wall to first turn.
        n = players if players is not None else max(ruleset.players)
        check_seed(seed)
        check_players(ruleset, n)
        if scenario is not None or stacked:
            dealer, streak = table_of(scenario, bool(stacked), dealer, streak, n)
        if dealer is not None and (type(dealer) is not int or not 0 <= dealer < n):
            raise GameSetupError(f"the dealer is seat 0 to {n - 1}, not {dealer!r}")
        if round_wind not in WINDS:
            raise GameSetupError(f"the round wind is E, S, W or N, not {round_wind!r}")
        self.ruleset = ruleset
        self.values = ruleset.resolve_options(options, players=n)  # raises OptionError
        self.given_options = dict(options or {})
        values = self.values
        # What the setting decides, kept per setting (`mjc.runtime.tableplay.setting`)
        fixed = (
            setting(ruleset, options, values, n)
            if rules is None
            else made(ruleset, values, n, rules)
        )
        self.rules = fixed.rules
        if fixed.refusal is not None:
            raise GameSetupError(fixed.refusal)
        self.seed, self.players, self.round_wind, self.streak = seed, n, round_wind, streak
        self.honba, self.points, carried = table_counts(honba, points, deposits, n, streak)
        self.ready = ReadyTable(self.rules, self.points, carried)  # 立直, 振聴
        dealer, self.dealer_drawn, self.table_situations = table_facts(self, dealer, situations)
        self.dealer = dealer
        self.claims, self.can_chow, self.can_pong = fixed.claims, fixed.can_chow, fixed.can_pong
        self.kong_kinds, self.rob_kinds = fixed.kong_kinds, fixed.rob_kinds
        self.perms = fixed.perms
        copies = self.copies = fixed.copies
        if fixed.too_few is not None:
            raise GameSetupError(fixed.too_few)
        rng = random.Random(seed)
        self._flips = fixed.flips
        self.scenario = scenario
        if scenario is not None:
            self.wall = scenario_wall(
                scenario,
                copies=copies,
                rules=self.rules,
                rng=rng,
                players=n,
                dealer=dealer,
                flips=self._flips,
            )
        else:
            try:
                self.wall = build_wall(copies, self.rules, rng, n, dealer, tuple(stacked))
            except ValueError as exc:
                raise GameSetupError(str(exc)) from None
        self.stacked = tuple(stacked)
        # 赤ドラ, 王牌, and whether an abortive draw may follow a discard (途中流局)
        self.reds, self.dead, self.aborts = table.keep(self.wall, self.rules, n, fixed.dead_layout)
        self.seats = [SeatState() for _ in range(n)]
        # Per seat, who answers its discard, nearest first (read per discard): each other seat
        # in turn order, its state and its counts (a seat keeps its one counts object), and
        # whether it may chow the discard (吃 from the seat before it, or from anyone).
        nearest = self.can_chow  # the seat after the discarder
        others = nearest and not self.rules.chow_only_from_previous  # 吃 from anyone
        ring = [(seat, st, st.counts) for seat, st in enumerate(self.seats)] * 2
        self.after = [
            ((*ring[seat + 1], nearest), *[(*pair, others) for pair in ring[seat + 2 : seat + n]])
            for seat in range(n)
        ]
        self.events: list[dict[str, Any]] = []
        self.events.append({"type": "wall", "dice": list(self.wall.dice), "start": self.wall.start})
        self.phase = "turn"
        self.turn = dealer
        self.drew = -1  # the tile the seat to play drew (the winning tile of a self-draw)
        self.from_kong = False  # that tile was a kong's replacement (杠上开花)
        self.last_kong: tuple[str, int | None] = ("", None)  # kind, feeder of the last kong
        self.after_claim = False
        self.pending: dict[int, list[Action]] = {}
        self.responses: dict[int, Action] = {}
        self.situations: dict[int, tuple[str, ...]] = {}
        self.question = -1  # the discarded or konged tile the others answer
        self.kong_in_question: tuple[str, int] = ("", -1)  # kind, tile of a robbable kong
        self.quiet = True  # no claim and no kong yet (天胡, 地胡, 人胡)
        self.discards = 0
        self.claim_history: list[dict[str, Any]] = []
        self.kong_history: list[dict[str, Any]] = []
        self.kong_turn = KongTurn(ruleset.spec)  # the kinds of kong, and the kong being made
        self.bought_horses: dict[int, list[int]] = {}
        self.deal_wins: list[dict[str, Any]] = []  # the wins at the deal shown (起手胡)
        self.deal_offers: dict[int, tuple[DealWinInfo, ...]] = {}
        self.declared: dict[int, dict[str, str]] = {}  # 定缺
        self.declaring = 0  # the next seat to declare
        self.exchange = ExchangeTurn()  # 换三张: the tiles picked, passed and received
        # after_win: the win events, seats that won, left (leave), tiles laid aside (stay)
        self.win_events: list[dict[str, Any]] = []
        self.won_seats: set[int] = set()
        self.left_seats: set[int] = set()
        self.laid_aside: list[int] = []  # 血流成河: winning tiles laid aside (after_win stay)
        self.aside = setaside.set_aside_of(self.rules, n)  # 北抜き: the tiles each seat set aside
        self.result: dict[str, Any] | None = None
        self.auto, self.flower_resume = AutoSeats(), False  # 托管; a passed 八花's kong flag
        self.settlement: Any = None
        self._legal: dict[int, list[Action]] = {}
        # A plain discard and its log line, and a draw's, per seat and tile: made once
        self._discard_actions, self._discard_lines, self._draw_lines = plain_turns(n)
        self._pending_kong: dict[str, Any] = {}
        self._pending_feeder: int | None = None
        self.taken = [0] * NUM_PLAYING  # discards taken from the rivers (claimed or won on)
        self.opening = Opening(ruleset, n, dealer)
        deal_hands(self)
        table.after_deal(self, seed)  # the red fives dealt, the indicators turned up
        self.indicator = flip_indicator(self) if self._flips else -1  # 翻鬼
        # The wilds (from the indicator turned up: 翻鬼), the win check and the wait sets
        shown = tile_text(self.indicator) if self.indicator >= 0 else None
        wild = fixed.wild or wild_facts(ruleset, values, n, self.rules, fixed.perms, shown)
        self.wilds, self.any_discard = wild.wilds, wild.any_discard  # a wild may be discarded
        self.checker: Callable[[Hand], bool] = wild.checker
        self.plain_shapes = wild.plain_shapes  # no flower completes a hand (no 八花 window)
        self.finder: WaitFinder | None = wild.finder
        self.ready_needed = fixed.ready_needed
        deal_horses(self, rng)  # the generator goes on from the wall's shuffle and dice
        deal_flowers(self)
        if self.result is None and not deal_window(self) and not before_play(self):
            self._start_turn(dealer, self.drew, False)

    # ------------------------------------------------------------------ public API

    def state(self) -> RoundState:
        """What the round is now, seen from above (every seat's tiles, the wall, the claims
        offered and taken): a read-only value, `mjc.runtime.game.roundstate`."""
        return round_state(self)

    def census(self) -> list[int]:
        """How many copies of each tile (0..41) the round holds, wherever they are (tested
        equal to the tile set after every action): `mjc.runtime.wins.seats.census`."""
        return census(self)

    def observation(self, seat: int) -> dict[str, Any]:
        """What `seat` may see now (`mjc.runtime.game.observation`), as JSON data."""
        from mjc.runtime.game.observation import observation

        return observation(self, seat)

    def to_act(self) -> list[int]:
        """The seats whose decision the round waits for (none when it is over)."""
        if self.phase == "turn":
            return [self.turn]
        if self.phase in _WINDOWS:
            responses = self.responses  # none yet as a window opens (its driver asks then)
            return [s for s in self.pending if s not in responses] if responses else [*self.pending]
        return []

    @property
    def over(self) -> bool:
        return self.phase == "over"

    def legal_actions(self, seat: int) -> list[Action]:
        """What `seat` may do now, in a fixed order (empty when it is not asked)."""
        if type(seat) is not int:  # (1.0 would read seat 1's list and cache a wrong one)
            raise TypeError(f"seat must be a seat number, not {type(seat).__name__}")
        found = self._legal.get(seat)
        if found is not None:
            return found
        phase = self.phase
        if phase == "turn":
            found = self._turn_actions(seat) if seat == self.turn else []
        elif phase in _WINDOWS and seat in self.pending:
            found = [] if seat in self.responses else self.pending[seat]
        else:
            found = []
        self._legal[seat] = found
        return found

    def apply(self, action: Action) -> None:
        """Play `action`; `IllegalAction` (the round unchanged) when it is not legal now."""
        if not isinstance(action, Action):
            raise IllegalAction(f"an action is an Action, not {type(action).__name__}")
        seat = cast("tuple[object, ...]", action)[0]  # an object until checked (native build)
        legal = self._legal.get(seat) if type(seat) is int else None
        try:  # one of the very actions `legal_actions` listed (a bot's pick) is legal as is
            listed = legal is not None and legal[legal.index(action)] is action
        except ValueError:
            listed = False
        self._play(action if listed else checked(self, action), action.kong_kind)

    def _play(self, action: Action, named: str) -> None:
        """`apply` of an action `legal_actions` lists now; `named` its kind of kong as given."""
        seat, kind, tile, low, _, tiles = action
        self._legal = {}
        # The log's action line, as `Action.to_json` writes it (built here: it is per action).
        if low < 0 and not named and not tiles:
            event: dict[str, Any] = (
                self._discard_lines[seat][tile].copy()  # a plain discard's, made once
                if kind == "discard"
                else {"type": "action", "seat": seat, "kind": kind, "tile": TEXTS[tile]}
                if tile >= 0
                else {"type": "action", "seat": seat, "kind": kind}
            )
        else:
            event = {"type": "action", "seat": seat, "kind": kind}
            if tile >= 0:
                event["tile"] = TEXTS[tile]
            if low >= 0:
                event["low"] = TEXTS[low]
            if named:
                event["as"] = named
            if tiles:
                event["tiles"] = [TEXTS[t] for t in action.tiles]
        self.events.append(event)
        if self.phase != "turn":
            answer(self, action)
        elif kind != "discard" and kind != "declare_ready":
            self._play_turn(action)
        else:  # a discard (the path of nearly every action): the others are asked about it
            if kind == "declare_ready":
                self.ready.declare(self, seat, tile)  # 立直: made with this discard
            st = self.seats[seat]
            counts = st.counts
            if self.rules.no_chow_to_rebuild and IS_SUITED[tile]:
                # 过吃不吃: each run the discard breaks may not be chowed back with it.
                for low in RUNS_THROUGH[tile]:
                    if counts[low] and counts[low + 1] and counts[low + 2]:
                        st.no_chow.add((tile, low))
            counts[tile] -= 1
            if tile != self.drew:  # the tile drawn thrown again leaves the hand, and its
                st.waits = None  # wait set (kept through the draw), as before the draw
            st.river.append(tile)
            if self.ready.on:
                self.ready.discarded(self, seat, tile)
            if st.no_discard:
                st.no_discard.clear()
            self.discards += 1
            if self.opening.active:
                self.opening.discard(seat, tile)
            reds, dead = self.reds, self.dead  # a five, a red discard to forget, an indicator
            if (reds and (tile in table.FIVES or reds.red_discard >= 0)) or (dead and dead.waiting):
                table.discarded(self, seat, tile, counts, event)
            self.question = tile
            open_claims(self, seat, tile)
        if self.auto.seats:
            run_auto(self)  # 托管: the system plays the seats under it

    def abandon(self) -> None:
        """End the round now, before its end: it counts as an exhaustive draw (潮州
        中途结束同流局; `mjc.runtime.game.roundend.abandon`). `IllegalAction` when it is over."""
        from mjc.runtime.game.roundend import abandon

        abandon(self)

    def set_auto(self, seat: object, on: object = True) -> None:
        """Put a seat under 托管 or take it back (`mjc.runtime.game.autoplay.set_auto`)."""
        set_auto(self, seat, on)

    def _take(self, seat: int, replacement: bool) -> int:  # these three are methods for mypyc
        return take(self, seat, replacement)

    def seat_wind(self, seat: int) -> str:  # a seat's wind this round (tablefacts.seat_wind)
        return seat_wind(self, seat)

    # ------------------------------------------------------------------ turns

    def _start_turn(self, seat: int, drew: int, from_kong: bool) -> None:
        self.phase, self.turn, self.drew, self.from_kong = "turn", seat, drew, from_kong
        self.after_claim = drew < 0
        reds = self.reds  # after a claim or a kong: red fives held may be in the new meld
        if reds is not None and any(reds.concealed[seat]):
            reds.settle(seat, self.seats[seat].counts)
        self._legal = {}

    def _turn_actions(self, seat: int) -> list[Action]:
        st = self.seats[seat]
        counts = st.counts
        acts: list[Action] = []
        drew, finder = self.drew, self.finder
        if drew >= 0 and finder is not None:
            # The quick test of the tile drawn, by the seat's wait set: that of its tiles
            # before the draw (a draw keeps it), made again after its own hand changed.
            waits = st.waits
            if waits is None:
                counts[drew] -= 1
                waits = st.waits = finder(st)
                counts[drew] += 1
            maybe = drew in waits
        else:
            maybe = drew >= 0  # no quick test: the real check decides every self-draw
        if maybe and can_win(
            self, seat, hand_of(st, -1, drew), True, self_draw_situations(self, seat)
        ):
            win = Action(seat, "win")
            if self.rules.must_win:
                return [win]
            acts.append(win)
        kongs = self.kong_kinds
        concealed = 4 in counts and "concealed" in kongs
        added = st.melds and "added" in kongs
        if concealed or added:
            # The kongs the tiles allow first: a seat with melds has none on most turns, and
            # then the turn's other conditions are not read.
            kong_acts = (
                [
                    Action(seat, "concealed_kong", t)
                    for t in range(NUM_PLAYING)
                    if counts[t] == 4 and wild_may(self, t, "kong")
                ]
                if concealed
                else []
            )
            for m in st.melds if added else ():  # a loop: no list made on most turns
                if counts[m.tile] and m.kind == "pung" and wild_may(self, m.tile, "kong"):
                    kong_acts.append(Action(seat, "added_kong", m.tile))
            wall = self.wall
            if (
                kong_acts
                and seat not in self.won_seats  # a winner's hand is locked
                and (not self.after_claim or self.rules.kong_right_after_claim)
                and (wall.tail >= wall.head or not self.rules.kong_needs_tile)  # drawable
                and (self.dead is None or self.dead.replacements_left > 0)  # 嶺上牌 left
            ):
                acts += with_kinds(self, seat, kong_acts)  # once per kind of kong that holds
        if (
            self.quiet
            and not st.river
            and self.rules.nine_terminals_draw
            and table.may_abort(self, seat)
        ):
            acts.append(Action(seat, "abortive_draw"))  # 九種九牌, in the seat's first turn
        made = self._discard_actions[seat]
        if self.won_seats and drew >= 0 and seat in self.won_seats:  # 血流成河: locked
            return [*acts, made[drew]]
        if st.no_discard or not self.any_discard:
            held = list(compress(range(NUM_PLAYING), counts))
            allowed = [
                t for t in held if t not in st.no_discard and wild_may(self, t, "discard")
            ] or held
            acts += [made[t] for t in allowed]
        else:
            acts += compress(made, counts)  # every tile held, lowest first
        if self.ready.active and seat not in self.ready.opened:  # (an open hand never declares)
            acts = self.ready.turn_actions(self, seat, acts)  # 立直: declared, or locked
        if self.aside is not None:  # 北抜き (mjc.runtime.tableplay.setaside)
            acts += [Action(seat, "set_aside", t) for t in self.aside.may(self, seat)]
        return discard_first(self, seat, acts) if self.declared else acts  # 定缺: 先打缺门

    def _play_turn(self, action: Action) -> None:
        seat, kind, tile = action.seat, action.kind, action.tile
        st = self.seats[seat]
        if kind == "win":
            from mjc.runtime.game.roundend import finish_win

            finish_win(self, [seat], self_drawn=True)
            return
        if kind == "abortive_draw":
            finish_abortive(self, "nine_terminals")
            return
        if kind == "set_aside":  # 北抜き: won on by another, or replaced (claimanswers)
            set_aside(self, seat, tile)
            return
        self.quiet = False  # a kong (`apply` plays a discard itself)
        st.waits = None
        self.kong_turn.named = action.kong_kind
        if kind == "concealed_kong":
            st.counts[tile] -= 4
            st.melds.append(MeldRecord("kong", tile, True, None, -1, "concealed"))
            self.opening.kong(seat, self.discards, concealed=True)
            self._after_kong(seat, "concealed", tile, None)
            return
        st.counts[tile] -= 1  # added kong: the pung grows once nobody robs it
        self.opening.kong(seat, self.discards, concealed=False)
        if not open_rob(self, seat, "added", tile):
            self._complete_added(seat, tile)

    def _complete_added(self, seat: int, tile: int) -> None:
        for m in self.seats[seat].melds:
            if m.kind == "pung" and m.tile == tile:
                m.grow()
                self._after_kong(seat, "added", tile, m.from_seat, rob_checked=True)
                return

    def _after_kong(
        self, seat: int, kind: str, tile: int, feeder: int | None, rob_checked: bool = False
    ) -> None:
        record: dict[str, Any] = {"seat": seat, "kind": kind}
        if kind == "exposed":
            record["fed_by"] = feeder
        if self.kong_turn.named:
            record["as"] = self.kong_turn.named
        if self.win_events:  # play went on after a win: the seats gone by then pay nothing
            record["wins_before"] = len(self.win_events)
        if not rob_checked and open_rob(self, seat, kind, tile):
            self.kong_in_question = (kind, tile)
            self._pending_kong = record
            self._pending_feeder = feeder
            return
        self.ready.called()  # the kong stands: no 一発 (a robbed one breaks none)
        self.kong_history.append(record)
        self.last_kong = (kind, feeder)
        self._replace(seat)

    def _replace(self, seat: int) -> None:
        if self.wall.drawable <= 0:
            finish_draw(self)  # kong_needs_tile off and nothing left to draw
            return
        if turn_up(self, seat):
            return  # a kind of kong that turns up several tiles (mjc.runtime.game.sidewins)
        dead = self.dead  # 嶺上牌 from the dead wall, after the kong's indicator
        got = self._take(seat, True) if dead is None else table.replacement(self, dead, seat)
        if got >= 0:
            self._start_turn(seat, got, True)

    def _draw_next(self, seat: int) -> None:
        """The next seat's ordinary draw, and its turn (the path of nearly every turn)."""
        if self.ready.pending >= 0 and self._ready_passed():
            return
        st = self.seats[seat]
        st.draws += 1
        if st.no_pong or st.no_win:
            st.clear_missed()
        wall = self.wall
        head = wall.head
        if head <= wall.tail and head != wall.last and wall.tiles[head] < NUM_PLAYING:
            # `_take(seat, False)` of a tile that is no flower, with no 海底 tile held back
            # in its place: nearly every draw, inlined.
            got = wall.tiles[head]
            wall.head = head + 1
            self.events.append(self._draw_lines[seat][got].copy())  # its line, made once
            st.counts[got] += 1
            if head in wall.red and self.reds is not None:  # 赤ドラ
                self.reds.gain(seat, got, self.events[-1])
        else:
            got = self._take(seat, False)
        if got >= 0:
            # `_start_turn(seat, got, False)`, inlined, with the turn's legal actions made
            # now: its seat asks for them next (`legal_actions`), and `apply` reads them.
            self.phase = "turn"
            self.turn, self.drew = seat, got
            self.from_kong = self.after_claim = False
            self._legal = {seat: self._turn_actions(seat)}

    def _ready_passed(self) -> bool:
        """The pending ready declaration's discard was not won on: its deposit is made; True
        when that ends the round (四家立直: `mjc.runtime.ready.declaration`)."""
        if not self.ready.passed(self):
            return False
        finish_abortive(self, "all_ready")
        return True

    # ------------------------------------------------------------------ after a window
    # (the windows themselves, their answers and which claim is served: claimanswers)

    def _after_window(self, discarder: int) -> None:
        if self.pending:
            self.pending, self.responses = {}, {}
        wall = self.wall
        if wall.tail < wall.head:  # nothing drawable
            finish_draw(self)
            return
        # 四風連打, 四槓散了: asked only where one may follow (`open_claims` reads it the same)
        aborts = self.aborts and (self.discards == 4 or len(self.kong_history) >= 4)
        if aborts and abortive_after(self):
            return
        n, out = self.players, self.left_seats  # 血战到底: the seats that left draw no more
        self._draw_next(next_playing(self, discarder) if out else (discarder + 1) % n)
