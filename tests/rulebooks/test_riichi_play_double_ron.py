"""日本麻将 in play (rulebooks/riichi.mjr, issue 24): several players who may win on one
discard — each wins (ダブロン, the online rules and riichi's default) or, under the option
頭ハネ (atamahane, EMA 2016), only the nearest after the discarder. Each test sets the hands
up with a `Scenario` and reads only Round's documented surface."""

from __future__ import annotations

import pytest

from mjc.runtime import Round, Scenario
from mjc.runtime.game.actions import Action
from mjc.runtime.tiles.tile import tile_index
from tests.conftest import ruleset

DEALER = "147s258p369m1234z7z"  # discards 7z first
SHANPON = "77z55z234p567p345s"  # seat 1: ready on 7z or 5z, 役牌 中 on 7z
SEVEN_PAIRS = "11m22m33p44p55s66s7z"  # seat 2: 七対子, 単騎 on 7z
JUNK = "129m19p19s258s123z"


def _double_ron_round(options: dict[str, object]) -> Round:
    scenario = Scenario(hands={0: DEALER, 1: SHANPON, 2: SEVEN_PAIRS, 3: JUNK}, dealer=0)
    return Round(ruleset("riichi"), seed=1, scenario=scenario, options=options)


def _everyone_who_may_win_wins(game: Round) -> list[int]:
    """Each seat offered a win on the discard takes it; the winners of the round."""
    for seat in game.to_act():
        if game.result is None and Action(seat, "win") in game.legal_actions(seat):
            game.apply(Action(seat, "win"))
    assert game.result is not None
    return [w["seat"] for w in game.result["outcome"]["winners"]]


@pytest.mark.parametrize(
    ("atamahane", "winners"), [("off", [1, 2]), ("on", [1])], ids=["ダブロン", "頭ハネ"]
)
def test_several_may_win_on_one_discard_unless_atamahane_gives_it_to_the_nearest(
    atamahane: str, winners: list[int]
) -> None:
    game = _double_ron_round({"atamahane": atamahane})
    game.apply(Action(0, "discard", tile_index("7z")))
    assert sorted(_everyone_who_may_win_wins(game)) == winners


def test_atamahane_is_off_by_default_as_online_rules_play() -> None:
    assert ruleset("riichi").turn_rules({}).several_winners is True
    assert ruleset("riichi").turn_rules({"atamahane": "on"}).several_winners is False
