"""What a round starts from is worked out once per setting (`mjc.runtime.tableplay.setting`):
the rounds of one setting share it, it is what working the setting out again gives, and a
round with rules of its own works out what those decide itself, refused as before."""

from __future__ import annotations

import dataclasses

import pytest

from mjc.runtime.game.engine import Round
from mjc.runtime.game.tablefacts import GameSetupError
from mjc.runtime.rules.turnrules import TurnRules
from mjc.runtime.tableplay.setting import made, setting
from tests.conftest import ruleset

BOOKS = ["guangdong", "riichi", "shanghai", "chaozhou", "mcr", "sichuan", "taiwan"]


def _fields(value: object) -> dict[str, object]:
    """A setting's fields by name, the dead wall's places by theirs (a layout has no ==)."""
    found = {f.name: getattr(value, f.name) for f in dataclasses.fields(value)}  # type: ignore[arg-type]
    layout = found.pop("dead_layout")
    if layout is not None:
        found["dead_layout"] = {name: getattr(layout, name) for name in layout.__slots__}
    return found


@pytest.mark.parametrize("name", BOOKS)
def test_a_kept_setting_is_the_one_worked_out_again(name: str) -> None:
    rs = ruleset(name)
    n = max(rs.players)
    values = rs.resolve_options(None, players=n)
    kept = setting(rs, None, values, n)
    assert kept is setting(rs, dict(values), values, n)  # one setting, however it is asked
    assert _fields(kept) == _fields(made(rs, values, n, rs.turn_rules(values)))
    assert kept.claims == rs.claims(values) and kept.copies == rs.tile_copies(values)
    assert (kept.wild is None) is kept.flips  # an indicator's wilds are the round's own
    assert rs.setting(None, n).settings[n] is kept  # kept with the ruleset's game, dropped with it


def test_each_player_count_and_option_setting_has_its_own() -> None:
    rs = ruleset("baise")  # played by 2, 3 or 4
    kept = {n: setting(rs, None, rs.resolve_options(None, players=n), n) for n in (2, 3, 4)}
    assert len({id(s) for s in kept.values()}) == 3
    assert all(Round(rs, seed=1, players=n).rules is kept[n].rules for n in kept)
    riichi = ruleset("riichi")
    options = {"kuitan": False}
    other = setting(riichi, options, riichi.resolve_options(options, players=4), 4)
    assert other is not setting(riichi, None, riichi.resolve_options(None, players=4), 4)
    assert riichi.setting(options, 4).settings[4] is other


@pytest.mark.parametrize("name", BOOKS)
def test_rounds_of_one_setting_play_under_its_rules(name: str) -> None:
    rs = ruleset(name)
    n = max(rs.players)
    game = Round(rs, seed=5, players=n)
    assert game.rules is setting(rs, None, game.values, n).rules
    assert Round(rs, seed=6, players=n).rules is game.rules


def test_a_round_with_rules_of_its_own_plays_under_them() -> None:
    rs = ruleset("guangdong")
    rules = TurnRules(must_win=True)
    game = Round(rs, seed=3, rules=rules)
    assert game.rules is rules
    assert setting(rs, None, game.values, 4).rules is not rules


def test_rules_that_cannot_be_played_are_refused_as_before() -> None:
    rs = ruleset("guangdong")
    with pytest.raises(GameSetupError, match="the dealer is dealt one tile more"):
        Round(rs, seed=3, rules=TurnRules(deal_others=40))
