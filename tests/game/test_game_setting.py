"""What a round starts from is worked out once per setting (`mjc.runtime.game.setting`): the
rounds of one setting share it, it holds what the ruleset says of that setting, and a round
with rules of its own or a wild from an indicator works out what those decide itself."""

from __future__ import annotations

import pytest

from mjc.runtime.game.engine import Round
from mjc.runtime.game.setting import made, setting
from mjc.runtime.rules.turnrules import TurnRules
from tests.conftest import ruleset

BOOKS = ["guangdong", "riichi", "shanghai", "chaozhou", "mcr", "sichuan", "taiwan"]


@pytest.mark.parametrize("name", BOOKS)
def test_a_kept_setting_is_the_one_worked_out(name: str) -> None:
    rs = ruleset(name)
    n = max(rs.players)
    values = rs.resolve_options(None, players=n)
    kept = setting(rs, None, values, n)
    assert kept is setting(rs, dict(values), values, n)  # one setting, however it is asked
    fresh = made(rs, values, n, rs.turn_rules(values))
    assert kept.rules == fresh.rules and kept.refusal == fresh.refusal
    assert (kept.claims, kept.kong_kinds, kept.rob_kinds, kept.perms, kept.copies) == (
        fresh.claims,
        fresh.kong_kinds,
        fresh.rob_kinds,
        fresh.perms,
        fresh.copies,
    )
    assert kept.claims == rs.claims(values) and kept.copies == rs.tile_copies(values)
    assert (kept.wild is None) is kept.flips
    if kept.wild is not None and fresh.wild is not None:
        assert kept.wild.wilds == fresh.wild.wilds
        assert kept.wild.plain_shapes == fresh.wild.plain_shapes


@pytest.mark.parametrize("name", BOOKS)
def test_a_round_reads_its_setting(name: str) -> None:
    rs = ruleset(name)
    n = max(rs.players)
    game = Round(rs, seed=5, players=n)
    kept = setting(rs, None, game.values, n)
    assert game.rules is kept.rules and game.copies is kept.copies
    assert game.kong_kinds is kept.kong_kinds and game.perms is kept.perms
    if kept.wild is not None:  # no indicator: the setting's wilds, check and wait sets
        assert game.checker is kept.wild.checker and game.finder is kept.wild.finder
        assert game.wilds == kept.wild.wilds


def test_a_round_with_rules_of_its_own_works_them_out() -> None:
    rs = ruleset("guangdong")
    rules = TurnRules(must_win=True)
    game = Round(rs, seed=3, rules=rules)
    assert game.rules is rules
    assert game.rules is not setting(rs, None, game.values, 4).rules


def test_rules_that_cannot_be_played_are_refused_as_before() -> None:
    from mjc.runtime.game.tablefacts import GameSetupError

    rs = ruleset("guangdong")
    with pytest.raises(GameSetupError, match="the dealer is dealt one tile more"):
        Round(rs, seed=3, rules=TurnRules(deal_others=40))
