"""The engine's `PlayRound` (`mjc.runtime.sim.play`): what `mjc simulate` plays with. A round
summary agrees with the round it summarises, and the same arguments give the same summary."""

from __future__ import annotations

import pytest

from mjc.runtime.sim.play import play_round
from tests.conftest import ruleset


@pytest.mark.parametrize("name", ["guangdong", "shanghai"])
def test_the_same_arguments_give_the_same_summary(name: str) -> None:
    rs = ruleset(name)
    options = rs.resolve_options(None)
    one = play_round(rs, options, 4, 12345, ("random",) * 4)
    two = play_round(rs, options, 4, 12345, ("random",) * 4)
    assert one == two and sum(one.deltas) == 0
    assert one.info.dealer == 12345 % 4 and one.info.turns > 0
    assert one.info.drawn is (not one.winners)


def test_an_unknown_bot_is_refused() -> None:
    rs = ruleset("guangdong")
    with pytest.raises(ValueError, match="no 'clever' bot"):
        play_round(rs, rs.resolve_options(None), 4, 1, ("clever",) * 4)


@pytest.mark.parametrize("seed", [0, 1, 7, 12345, 2**64 - 1])
def test_each_random_bot_is_seeded_by_randrange_of_the_game_seed(seed: int) -> None:
    # The seats' generators are `Random(randrange(2**63))` of `Random(seed)`, in seat order,
    # as every recorded game was played with: the same picks from the same seeds.
    import random

    from mjc.runtime.bots.simple import RandomBot
    from mjc.runtime.sim.play import _seats

    rs = ruleset("guangdong")
    bots = _seats(rs, rs.resolve_options(None), seed, ("random",) * 4)
    rng = random.Random(seed)
    for bot in bots:
        assert isinstance(bot, RandomBot)
        expected = random.Random(rng.randrange(2**63))
        assert [bot.pick([None] * 13) for _ in range(20)] == [
            expected.randrange(13) for _ in range(20)
        ]
