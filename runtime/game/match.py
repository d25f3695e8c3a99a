"""`Match`: several rounds in a row, carrying scores, the dealer, streaks and winds forward.

Each round is a `mjc.runtime.game.engine.Round` whose end says who deals next (`TurnRules`:
连庄, 谁胡谁坐庄, 一炮多响 ...). The match adds what lasts between rounds: each seat's total
score (the settlements' deltas), the dealer's streak (连庄: rounds in a row he keeps the
deal by a win or a draw, 0 when the deal passes or only others won) and the round wind
(圈风), which moves on once every seat has dealt in it and the deal passes on (广东
连庄时圈数稳定). Round seeds come from the match's own
seeded generator, so a match is as reproducible as a round.

The match also carries the facts of the table (`mjc.runtime.game.tablefacts`): its first dealer
(seat 0, or under `first_dealer random` a seat drawn from the match's seed, 上海
第一局系統隨機選擇莊家; an explicit dealer wins), the seats under 托管 (a seat put under it in one
round stays under it in the next, until taken back) and the situations every win of a round
is scored under: those the caller names (開寶, a game server's word) and 荒番, which the match
sets after a drawn round when the rules say `huangfan_after_draw` and clears when a round is
won.

A match of fixed length (`match_winds`: 東風戦, 半荘戦) starts each seat at `start_points`
and is `over` once its last wind's last dealer lost the deal (or, under `end_on_negative`,
飛び, once a seat's points fell below zero; `extra_winds`, 西入, and `last_dealer_stops`,
和了止め, move the end; `ended_by` says which ended it, `extra_rounds` how many rounds the
extra winds dealt); `placement()` ranks the seats by points, and `final_scores()` gives
the result in points after 返し点, ウマ and オカ. The
match carries the 本場 count (`honba`, by `honba_rises`) into each round it deals, and, when
it has starting points, each seat's points (`Round.points`: what a ready declaration's
`ready_needs` reads): `mjc.runtime.table.standing`. After an abortive draw (途中流局) the
dealer deals again, so 本場 rises as after any round the dealer keeps.

The deposits on the table (供託, `ready_deposit`) a round leaves (its `result["deposits"]
["after"]`) are carried into the next round (`Round.deposits`); the points move by the
settlement's deltas, which count the deposits made and taken, so the seats' points and the
table always add up to the start. Deposits still on the table when the match is over go to
the first-placed seat (`deposits_awarded`: the seat and the points), the common online rule.

A match may set each round up (`mjc.runtime.game.scenario`): `scenarios[i]` is the
scenario of the i-th round `next_round` deals, or `next_round(scenario=...)` names one. A
scenario that names the dealer or his streak moves the match's to them (a new dealer's streak
starts at 0), and the match goes on from there.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from mjc.runtime.game.engine import WINDS, Round
from mjc.runtime.game.players import Bot, play_round
from mjc.runtime.game.scenario import Scenario, ScenarioError
from mjc.runtime.game.tablefacts import (
    GameSetupError,
    carry_huangfan,
    check_players,
    check_seed,
    first_dealer,
    table_situations,
)
from mjc.runtime.rules.ruleset import Ruleset
from mjc.runtime.rules.turnrules import TurnRules
from mjc.runtime.table.standing import (
    award_deposits,
    dealer_stops,
    final_scores,
    knocked_out,
    match_over,
    next_honba,
    placement,
    starting_points,
)

__all__ = ["Match"]


class Match:
    """Rounds of one table: `next_round()` sets the next one up, `finish(round)` carries its
    result forward; `play(bots, rounds)` does both with bots.

    `dealer` None lets the rules choose the first dealer (`first_dealer`, from the match's
    seed); an explicit seat wins. `auto` are the seats under 托管 from the first round;
    `situations` the rulebook situations every round is played under (開寶); both may be
    changed between rounds (`auto`, `situations` are plain sets). `scenarios` set up the
    rounds in the order they are dealt (None: a round as the seed deals it)."""

    def __init__(
        self,
        ruleset: Ruleset,
        *,
        seed: int,
        options: Mapping[str, object] | None = None,
        players: int | None = None,
        rules: TurnRules | None = None,
        dealer: int | None = None,
        auto: Iterable[int] = (),
        situations: Iterable[str] = (),
        scenarios: Iterable[Scenario | None] = (),
    ) -> None:
        check_seed(seed)
        self.ruleset, self.options, self.rules = ruleset, dict(options or {}), rules
        self.players = players if players is not None else max(ruleset.players)
        # Checked here as each round checks them: else the first round would refuse them.
        check_players(ruleset, self.players)
        if dealer is not None and (type(dealer) is not int or not 0 <= dealer < self.players):
            raise GameSetupError(f"the dealer is seat 0 to {self.players - 1}, not {dealer!r}")
        played = rules or ruleset.turn_rules(
            ruleset.resolve_options(self.options, players=self.players)
        )
        self.played_rules = played
        self._rng = random.Random(seed)
        self.seed = seed
        self.dealer = first_dealer(played, seed, self.players) if dealer is None else dealer
        self.streak = 0
        self.wind_index = 0
        self.dealt = {self.dealer}  # seats that have dealt in this round wind
        self.first_dealer = self.dealer
        self.scores = starting_points(played, self.players)  # start_points (25,000), else 0
        self.honba = 0  # 本場 of the next round (honba_rises)
        self.deposits = 0  # 供託 on the table, carried into the next round
        self.deposits_awarded: tuple[int, int] | None = None  # at the end: (seat, points)
        self.stopped = False  # 和了止め: the last round's dealer ended the match
        self.extra_rounds = 0  # rounds dealt in the extra winds (西入), finished
        self.results: list[dict[str, Any]] = []
        for name, given in (("auto", auto), ("scenarios", scenarios)):
            if not isinstance(given, Iterable) or isinstance(given, str):
                raise TypeError(f"{name} must be a list, not {type(given).__name__}")
        self.auto = set(auto)
        if self.auto and not played.auto_play:
            raise ValueError(f"{ruleset.id} has no 托管 (auto_play is off in its play rules)")
        self.situations = set(table_situations(ruleset, situations))
        self.scenarios = list(scenarios)
        for i, scenario in enumerate(self.scenarios):
            if scenario is not None and not isinstance(scenario, Scenario):
                raise ScenarioError(f"scenarios[{i}] is a Scenario or None, not {scenario!r}")
        self.dealt_rounds = 0  # rounds `next_round` has set up: the index of the next scenario

    @property
    def round_wind(self) -> str:
        return WINDS[self.wind_index % 4]

    def next_round(self, scenario: Scenario | None = None) -> Round:
        """The next round, dealt by the current dealer under the current round wind, with the
        seats under 托管 and the situations the match holds; set up by `scenario`, else by
        the match's next one in `scenarios`."""
        index, self.dealt_rounds = self.dealt_rounds, self.dealt_rounds + 1
        if scenario is None and index < len(self.scenarios):
            scenario = self.scenarios[index]
        if scenario is not None:
            self._take_table(scenario)
        game = Round(
            self.ruleset,
            seed=self._rng.randrange(2**31),
            options=self.options,
            players=self.players,
            dealer=self.dealer,
            round_wind=self.round_wind,
            streak=self.streak,
            rules=self.rules,
            situations=sorted(self.situations),
            scenario=scenario,
            honba=self.honba,
            points=self.scores if self.played_rules.start_points else None,
            deposits=self.deposits,
        )
        for seat in sorted(self.auto):
            game.set_auto(seat)
        return game

    def _take_table(self, scenario: Scenario) -> None:
        """The dealer and streak a scenario names become the match's (checked first)."""
        if not isinstance(scenario, Scenario):
            raise ScenarioError(f"a scenario is a Scenario, not {type(scenario).__name__}")
        dealer = scenario.dealer
        if dealer is not None and dealer != self.dealer:
            if dealer >= self.players:
                raise ScenarioError(
                    f"dealer: seat {dealer} does not exist at {self.players} players"
                )
            self.dealer, self.streak = dealer, 0
            self.dealt.add(dealer)
        if scenario.streak is not None:
            self.streak = scenario.streak

    def finish(self, game: Round) -> None:
        """Carry a finished round forward: scores, the deposits on the table, the next dealer,
        the streak, the wind, the seats under 托管 and 荒番; once the match is over, the
        deposits left on the table go to the first-placed seat."""
        if not isinstance(game, Round):
            raise TypeError(f"game must be a Round, not {type(game).__name__}")
        result = game.result
        if result is None:
            raise ValueError("the round is not over")
        for seat, delta in enumerate(result["deltas"]):
            self.scores[seat] += delta
        if "deposits" in result:  # 供託: what the round left on the table
            self.deposits = result["deposits"]["after"]
        self.results.append(result)
        winds = self.played_rules.match_winds
        self.extra_rounds += 0 < winds <= self.wind_index  # a round of 西入
        self.auto = set(game.auto.seats)
        carry_huangfan(self.played_rules, result, self.situations)  # 荒番 after a draw
        last = self._last_round
        dealer = self.dealer
        self._pass_deal(result)
        if last and self.dealer == dealer and not result.get("abortive_draw"):
            self.stopped = dealer_stops(self.played_rules, self.scores, dealer, self.first_dealer)
        if self.deposits and self.over:
            self.deposits_awarded = award_deposits(self.scores, self.deposits, self.first_dealer)
            self.deposits = 0

    def _pass_deal(self, result: dict[str, Any]) -> None:
        """The next dealer, 本場, the streak and the round wind after `result`."""
        dealer = result["next_dealer"]
        drawn = bool(result["exhaustive_draw"])
        kept = dealer == self.dealer  # a win, a draw, or an abortive draw (the dealer again)
        self.honba = next_honba(self.played_rules, self.honba, dealer_kept=kept, drawn=drawn)
        if kept:
            # 连庄 counts the dealer's wins and draws; keeping the deal as the discarder of
            # several winners is none (潮州: 其他玩家胡牌，则该局无连庄).
            # Where play went on after a win (after_win), the first win event decides.
            first = result.get("win_events", [result["winners"]])[0] if result["winners"] else []
            counts = not result["winners"] or dealer in first
            self.streak = self.streak + 1 if counts else 0
            return
        self.streak = 0
        if len(self.dealt) == self.players:
            self.wind_index += 1  # every seat dealt in this wind: 圈风 moves on
            self.dealt = set()
        self.dealer = dealer
        self.dealt.add(dealer)

    @property
    def _last_round(self) -> bool:
        """Whether the round being played is the match's last by its length: the last
        wind's last dealer deals it (オーラス)."""
        winds = self.played_rules.match_winds
        return self.wind_index == winds - 1 and len(self.dealt) == self.players

    @property
    def over(self) -> bool:
        """Whether a match of fixed length (`match_winds`) is over: its last wind's last
        dealer lost the deal (with `extra_winds`, 西入, once a seat has the target points),
        its last dealer ended it (和了止め, `last_dealer_stops`), or (飛び,
        `end_on_negative`) a seat's points fell below zero. Never for a match without a
        length: the caller says how many rounds."""
        return self.stopped or match_over(self.played_rules, self.wind_index, self.scores)

    @property
    def ended_by(self) -> str | None:
        """How a match of fixed length ended, once `over` (None before): `negative` (飛び, a
        seat's points fell below zero), `dealer_stops` (和了止め: its last dealer ended it),
        `extra_winds` (it went into its extra winds, 西入, and ended there: a seat reached
        the target, or the extra winds ran out) or `length` (its last wind's last dealer lost
        the deal). In that order where two hold at once."""
        if not self.over:
            return None
        if knocked_out(self.played_rules, self.scores):
            return "negative"
        if self.stopped:
            return "dealer_stops"
        return "extra_winds" if self.extra_rounds else "length"

    def final_scores(self) -> list[int] | None:
        """Each seat's final score in points: its points less the target (返し点), with
        順位ウマ and オカ (`target_points`, `uma`); None for rules without a final score."""
        return final_scores(self.played_rules, self.scores, self.first_dealer)

    def placement(self) -> list[int]:
        """The seats by points, most first (a tie to the seat nearer the first dealer)."""
        return placement(self.scores, self.first_dealer)

    def play(self, bots: Sequence[Bot], rounds: int | None = None) -> list[int]:
        """Play `rounds` rounds (None: until the match is over, for a match of fixed length)
        with `bots[seat]` in each seat, stopping when the match is over; the total scores."""
        if rounds is None and not self.played_rules.match_winds:
            raise ValueError("a match without match_winds has no end: say how many rounds")
        played = 0
        while not self.over and (rounds is None or played < rounds):
            game = self.next_round()
            play_round(game, bots)
            self.finish(game)
            played += 1
        return list(self.scores)
