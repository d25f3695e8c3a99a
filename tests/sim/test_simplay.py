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
