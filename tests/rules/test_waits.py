"""`Ruleset.waits` (`mjc.runtime.rules.waits`): every tile that completes a 13-tile hand, each with
the score its win makes, and the decisions the module docstring records (wilds, copies the
hand holds, dead tiles, refused wins, flowers)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings, strategies as st

from mjc.runtime import parse_hand
from mjc.runtime.rules.waits import Waits
from mjc.runtime.score.options import OptionError
from mjc.runtime.tiles.hand import HandError
from mjc.runtime.tiles.tile import NUM_PLAYING, tile_index, tile_text

from ..conftest import ruleset  # type: ignore[import-not-found]


def _tiles(waits: Waits) -> list[str]:
    return [w.text for w in waits.waits]


def test_a_flush_wait_lists_every_winning_tile_with_its_fans() -> None:
    """222m345m666m789m + 5m: 2m, 4m, 5m and 7m complete it, each a 清一色."""
    waits = ruleset("guangdong").waits("222m345m666m789m5m")
    assert _tiles(waits) == ["2m", "4m", "5m", "7m"]
    assert all([f.name for f in w.score.fans] == ["清一色"] for w in waits.waits)
    assert waits.shanten == 0 and waits.ready


@settings(max_examples=40, deadline=None)
@given(
    picks=st.lists(st.sampled_from(range(36)), min_size=13, max_size=13, unique=True),
    self_drawn=st.booleans(),
)
def test_each_wait_carries_the_score_of_the_hand_it_completes(
    picks: list[int], self_drawn: bool
) -> None:
    """Over hands of the m suit: the listed tiles are those `is_win` accepts, and each score
    is `score` of the completed hand in the same situation."""
    guangdong = ruleset("guangdong")
    tiles = sorted(p // 4 for p in picks)
    text = "".join(tile_text(t) for t in tiles)
    waits = guangdong.waits(text, self_drawn=self_drawn, seat_wind="S")
    expected = [
        tile_text(t)
        for t in range(NUM_PLAYING)
        if tiles.count(t) < 4 and guangdong.is_win(text + tile_text(t))
    ]
    assert _tiles(waits) == expected
    for wait in waits.waits:
        score = guangdong.score(text + wait.text, self_drawn=self_drawn, seat_wind="S")
        assert wait.score.total == score.total and wait.score.fans == score.fans


def test_a_tile_the_hand_holds_every_copy_of_is_not_a_wait() -> None:
    """1111m + 23m: 1m would be a fifth copy, so only 4m is listed (and 2m3m's other side)."""
    waits = ruleset("guangdong").waits("1111m23m456p789s5z")
    assert "1m" not in _tiles(waits)


def test_remaining_counts_the_hand_the_visible_tiles_and_the_indicator() -> None:
    baise = ruleset("baise")
    waits = baise.waits(
        "123m456m789p13s1s2s", options={"王牌": "大转"}, indicator="1s", visible="3s3s"
    )
    remaining = {w.text: w.remaining for w in waits.waits}
    assert remaining["1s"] == 4 - 2 - 1  # two in the hand, one flipped as the indicator
    assert remaining["3s"] == 4 - 1 - 2  # one in the hand, two seen
    assert remaining["4s"] == 4


def test_a_tile_whose_copies_are_all_seen_is_listed_dead() -> None:
    waits = ruleset("guangdong").waits("222m345m666m789m5m", visible="4m4m4m")
    dead = {w.text: w.remaining for w in waits.waits}
    assert dead["4m"] == 0 and waits.live == 1 + 0 + 2 + 3


def test_baise_a_wild_won_off_a_discard_is_listed_but_refused() -> None:
    """百色: 王牌可打出，但是不可以…胡别人打出的王牌 — the wild 2s completes the hand, but only
    a self-drawn one wins."""
    baise = ruleset("baise")
    args = {"options": {"王牌": "大转"}, "indicator": "1s"}
    claimed = {w.text: w for w in baise.waits("123m456m789p13s1s2s", **args).waits}
    drawn = {w.text: w for w in baise.waits("123m456m789p13s1s2s", self_drawn=True, **args).waits}
    assert claimed["2s"].wild and not claimed["2s"].score.win
    assert "won on when discarded" in (claimed["2s"].score.reason or "")
    assert drawn["2s"].score.win


def test_chaozhou_two_ghosts_wait_on_every_tile_in_play() -> None:
    """潮州 白板做鬼: four sets and two 白板 are ready on any tile, the 白板 itself included."""
    chaozhou = ruleset("chaozhou")
    waits = chaozhou.waits("123m456m789m13s5z5z", options={"鬼牌": "白板做鬼"})
    assert len(waits.waits) == NUM_PLAYING
    assert [w.text for w in waits.waits if w.wild] == ["5z"]


def test_shanghai_the_eighth_flower_is_a_wait() -> None:
    """上海 八花: 如果這8個花抓起即可胡牌 — with seven flowers set aside, the eighth wins."""
    waits = ruleset("shanghai").waits("123m456m789m1234z1f2f3f4f5f6f7f")
    assert _tiles(waits) == ["8f"]
    assert waits.waits[0].score.shape == "eight_flowers"


def test_a_hand_not_ready_has_no_waits_and_its_shanten() -> None:
    waits = ruleset("guangdong").waits("147m258p369s1234z")
    assert waits.waits == () and not waits.ready and waits.shanten > 0
    assert waits.shanten == ruleset("guangdong").shanten("147m258p369s1234z")


def test_declared_melds_are_part_of_the_hand() -> None:
    waits = ruleset("guangdong").waits("45m99p [123s] [777z] (2222p)")
    assert _tiles(waits) == ["3m", "6m"]


def test_as_dict_is_json() -> None:
    waits = ruleset("guangdong").waits("222m345m666m789m5m")
    data = json.loads(json.dumps(waits.as_dict(), ensure_ascii=False))
    assert data["ready"] and data["shanten"] == 0
    assert [w["tile"] for w in data["waits"]] == ["2m", "4m", "5m", "7m"]
    assert data["waits"][0]["score"]["total"] == data["waits"][0]["total"]


def test_a_hand_of_another_size_is_refused() -> None:
    with pytest.raises(HandError, match="13 tiles"):
        ruleset("guangdong").waits("222m345m666m789m55m")


def test_a_tile_not_in_play_is_refused() -> None:
    """百色 不带风: the honours are out of the game."""
    with pytest.raises(HandError, match="not in play"):
        ruleset("baise").waits("123m456m789p13s1s5z", options={"带风": False})


def test_bad_options_and_bad_visible_tiles_are_refused() -> None:
    with pytest.raises(OptionError):
        ruleset("guangdong").waits("222m345m666m789m5m", options={"no_such": 1})
    with pytest.raises(HandError):
        ruleset("guangdong").waits("222m345m666m789m5m", visible="44")
    with pytest.raises(ValueError, match="visible counts"):
        ruleset("guangdong").waits("222m345m666m789m5m", visible=[1, 2])


def test_the_wait_tile_is_the_winning_tile_of_its_score() -> None:
    for wait in ruleset("guangdong").waits("222m345m666m789m5m").waits:
        assert wait.score.hand is not None and wait.score.hand.win_tile == wait.tile
        assert wait.tile == tile_index(wait.text)
        assert parse_hand("222m345m666m789m5m" + wait.text).counts == wait.score.hand.counts


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ({"options": 5}, "options must be a mapping or None, not int"),
        ({"visible": 5}, "visible must be"),
        ({"seat_wind": 3}, "seat_wind must be a str, not int"),
    ],
)
def test_an_argument_of_the_wrong_type_is_a_plain_type_error(
    args: dict[str, object], message: str
) -> None:
    with pytest.raises(TypeError, match=message):
        ruleset("guangdong").waits("222m345m666m789m5m", **args)
    with pytest.raises(TypeError, match="hand must be a Hand or a notation string, not None"):
        ruleset("guangdong").shanten(None)  # type: ignore[arg-type]
