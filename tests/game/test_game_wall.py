"""The wall: shuffled by the seed alone, broken where the dice say (`TurnRules.break_start`),
dealt 14 to the dealer and 13 to the others, and the flipped indicator of 翻鬼 out of play."""

from __future__ import annotations

import random

import pytest

from mjc.runtime.game.engine import GameSetupError, Round
from mjc.runtime.game.wall import build_wall, shuffle
from mjc.runtime.rules.turnrules import TurnRules
from tests.conftest import ruleset

COPIES = tuple([4] * 34)


@pytest.mark.parametrize(
    ("break_start", "stacks"),
    [("smaller_die", lambda d: min(d)), ("sum", sum)],
)
def test_the_break_counts_from_the_wall_the_dice_reach(break_start: str, stacks: object) -> None:
    """百色: 根据两粒骰子之和从庄家逆时针数起 (the broken wall), 根据两个骰子中最小的点数顺时针
    数起 (where drawing starts); 上海: the dice sum again."""
    rules = TurnRules(break_start=break_start)  # type: ignore[arg-type]
    wall = build_wall(COPIES, rules, random.Random(5), 4, 1)
    owner = (1 + sum(wall.dice) - 1) % 4
    assert wall.start == (owner * 17 + stacks(wall.dice)) % 68  # type: ignore[operator]


def test_the_second_roll_overflows_into_the_next_wall() -> None:
    """梅州: 第 10+5=15 墩后面开始起牌 — the owner rolls again and the start is past both sums."""
    wall = build_wall(COPIES, TurnRules(break_start="sum_and_second"), random.Random(2), 4, 0)
    first, second = wall.dice[:2], wall.dice[2:]
    owner = (sum(first) - 1) % 4
    assert len(second) == 2
    assert wall.start == (owner * 17 + sum(first) + sum(second)) % 68


def test_without_dice_drawing_starts_at_the_dealer() -> None:
    wall = build_wall(COPIES, TurnRules(dice=0), random.Random(1), 4, 2)
    assert wall.dice == () and wall.start == 2 * 17


def test_the_same_seed_deals_the_same_round() -> None:
    one = Round(ruleset("guangdong"), seed=123)
    two = Round(ruleset("guangdong"), seed=123)
    other = Round(ruleset("guangdong"), seed=124)
    assert one.events == two.events and one.events != other.events


def test_the_dealer_gets_fourteen_and_the_others_thirteen() -> None:
    game = Round(ruleset("guangdong"), seed=8, dealer=2)
    sizes = [len(seat.concealed) for seat in game.state().seats]
    assert sizes == [13, 13, 14, 13] and game.to_act() == [2]


def test_flip_indicator_is_out_of_play_and_names_the_wild() -> None:
    """潮州 翻鬼: a tile is turned up; its successor is the ghost, the flipped one out of play."""
    game = Round(ruleset("chaozhou"), seed=3, options={"ghost": "flip"})
    state = game.state()
    assert state.indicator is not None and len(state.wilds) == 1
    assert game.census() == list(game.copies)
    assert game.events[5] == {"type": "indicator", "tile": game.observation(0)["indicator"]}


def test_a_flower_set_is_set_aside_and_replaced() -> None:
    """上海 補花: flowers dealt or drawn are set aside and replaced; no hand holds one."""
    game = Round(ruleset("shanghai"), seed=4)
    seats = game.state().seats
    flowers = sum(len(seat.flowers) for seat in seats)
    assert flowers == sum(1 for e in game.events if e["type"] == "flower") > 0
    assert [len(seat.concealed) for seat in seats] == [
        14 if s == game.dealer else 13 for s in range(4)
    ]


def test_a_round_that_cannot_be_set_up_is_refused() -> None:
    rs = ruleset("guangdong")
    for bad in (
        {"seed": -1},
        {"seed": 1, "players": 3},
        {"seed": 1, "dealer": 4},
        {"seed": 1, "round_wind": "X"},
        {"seed": 1, "rules": TurnRules(reserved=200)},
    ):
        with pytest.raises(GameSetupError):
            Round(rs, **bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("size", [0, 1, 2, 108, 136, 144])
def test_the_wall_is_shuffled_as_random_shuffle_shuffles_it(size: int) -> None:
    """A seed's wall never changes: the wall's own shuffle makes `random.Random.shuffle`'s
    swaps from the same draws, and leaves the generator where it leaves it (the dice and the
    horses are drawn from it next)."""
    for seed in range(200):
        ours, theirs = list(range(size)), list(range(size))
        mine, reference = random.Random(seed), random.Random(seed)
        shuffle(ours, mine)
        reference.shuffle(theirs)
        assert ours == theirs
        assert mine.random() == reference.random()


@pytest.mark.parametrize("start", ["sum", "sum_and_second"])
def test_the_dice_are_rolled_as_randint_rolls_them_after_the_shuffle(start: str) -> None:
    """The dice come from the same draws as `randint(1, 6)` each (both rolls under
    `sum_and_second`), and leave the generator where it leaves it (the horses come next)."""
    rules = TurnRules(break_start=start)  # type: ignore[arg-type]
    copies = tuple([4] * 34)
    for seed in range(300):
        mine, reference = random.Random(seed), random.Random(seed)
        wall = build_wall(copies, rules, mine, 4, 0)
        reference.shuffle(list(range(136)))
        rolls = 2 if start == "sum_and_second" else 1
        thrown = tuple(reference.randint(1, 6) for _ in range(rules.dice * rolls))
        assert wall.dice == thrown
        assert mine.random() == reference.random()


def test_a_generator_of_its_own_class_shuffles_as_it_defines() -> None:
    class Reversing(random.Random):
        def shuffle(self, x: list[int]) -> None:  # type: ignore[override]
            x.reverse()

    tiles = [1, 2, 3]
    shuffle(tiles, Reversing(1))
    assert tiles == [3, 2, 1]
