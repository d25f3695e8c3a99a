"""Every win holds the hand size plus one tile (`MAX_TILES`, a kong counted as three), whatever
its shape (issue 31): the built-in ones and a rulebook's custom shapes alike, in `is_win`,
`win_checker`, `score` and `waits`, and custom shapes may read `kongs` and `hand_size`."""

from __future__ import annotations

import pytest

from mjc.compiler.driver import compile_source
from mjc.compiler.emit.codegen import checked_module
from mjc.compiler.loader import import_source
from mjc.runtime import Ruleset
from mjc.runtime.tiles.hand import MAX_TILES, hand_won_on, is_win_size, parse_hand
from tests.helpers.small_rulebooks import opening

_SHAPES = """  standard "基本胡"
  seven_pairs "七对"
  thirteen_orphans "十三幺"
  knitted_straight "组合龙"
  honours_and_knitted "全不靠"
  custom c258 "二五八" when (all t in tiles: t.rank in [2, 5, 8])
  custom kongs4 "四杠" when len(kongs) == 4 and hand_size == 14"""

_SCORING = """
scoring {
  unit "番"
  tier base "番" add
}

fan chicken "鸡胡" {
  value 1
}
"""
_SOURCE = opening("sizes", "大小", _SHAPES) + _SCORING


@pytest.fixture(scope="module")
def ruleset() -> Ruleset:
    compilation = compile_source(_SOURCE, "sizes.mjr")
    assert compilation.rulebook is not None and compilation.ok, compilation.diagnostics
    source, problem = checked_module(compilation.rulebook)
    assert source is not None, problem
    found = import_source(source, "mjc_sizes_test", "sizes.py").RULESET
    assert isinstance(found, Ruleset)
    return found


# Per shape: a 14-tile win, and the same hand cut to 13 and to 5 tiles (each still of the
# shape's kind of tiles, so only the size refuses it).
_WINS = {
    "standard": ("123m456m789m123p55p", "123m456m789m123p5p", "123m55p"),
    "seven_pairs": ("1122m3344p5566s77z", "1122m3344p5566s7z", "11223m"),
    "thirteen_orphans": ("19m19p19s12345677z", "19m19p19s1234567z", "19m19p1z"),
    "knitted_straight": ("147m258p369s55566z", "147m258p369s5556z", "147m25p"),
    "honours_and_knitted": ("147m258p369s12345z", "147m258p369s1234z", "147m2p1z"),
    "c258": ("258m258p258s222m55z", "258m258p258s222m5z", "22m55m8s"),
}


@pytest.mark.parametrize("shape", sorted(_WINS))
def test_every_shape_wins_with_fourteen_tiles_only(ruleset: Ruleset, shape: str) -> None:
    whole, thirteen, five = _WINS[shape]
    check = ruleset.win_checker()
    score = ruleset.score(whole)
    assert score.win and score.shape == shape, (shape, score.reason)
    assert ruleset.is_win(whole) and check(parse_hand(whole))
    for short in (thirteen, five):
        hand = parse_hand(short)
        assert not ruleset.is_win(short) and not ruleset.is_win(hand) and not check(hand)
        assert not ruleset.is_win(short, options={})  # the general path too
        score = ruleset.score(short)
        assert not score.win and f"this one has {hand.size}" in (score.reason or ""), shape


def test_the_issue_hand_of_five_tiles_is_no_custom_win(ruleset: Ruleset) -> None:
    # `mjc score RULEBOOK '22m55m8s' --win 8s` scored the custom shape: five tiles.
    score = ruleset.score(hand_won_on("22m55m8s", "8s"))
    assert not score.win and score.reason == (
        f"a winning hand has {MAX_TILES} tiles (a kong counts as 3); this one has 5"
    )


def test_a_kong_counts_as_three(ruleset: Ruleset) -> None:
    # Four kongs and a pair: 18 tiles, size 14, a win of the standard shape and of `kongs4`.
    score = ruleset.score("55m [2222p] [5555p] [8888s] (2222m)")
    assert score.win and score.shape == "standard"
    # Without a pair only the custom shape completes, read off `kongs` and `hand_size`.
    only_kongs = ruleset.score("19m [2222p] [5555p] [8888s] (9999s)", win="9m")
    assert only_kongs.win and only_kongs.shape == "kongs4"
    # The same kongs, one tile short: size 13.
    short = ruleset.score("9m [2222p] [5555p] [8888s] (9999s)")
    assert not short.win and "this one has 13" in (short.reason or "")
    # The 二五八 shape with a kong: 2 + 4 * 3 = 14.
    kong_258 = ruleset.score("22m [2222p] [5555p] [8888s] (5555m)")
    assert kong_258.win
    assert not ruleset.score("2m [2222p] [5555p] [8888s] (5555m)").win


def test_waits_of_a_ready_custom_hand_are_its_fourteenth_tiles(ruleset: Ruleset) -> None:
    # Thirteen tiles of ranks 2, 5, 8: every tile of those ranks makes the 14-tile win (but
    # 2m, held four times).
    found = ruleset.waits("258m258p258s222m5z")
    assert found.ready and all(w.score.win for w in found.waits)
    ranks = {"5m", "8m", "2p", "5p", "8p", "2s", "5s", "8s", "2z", "5z"}
    assert {w.text for w in found.waits} == ranks


def test_is_win_size_counts_a_flower_won_on_as_the_one_more() -> None:
    assert is_win_size(parse_hand("123m456p789s345s22z"))
    assert not is_win_size(parse_hand("123m456p789s345s2z"))
    # 上海 八花: thirteen tiles and the eighth flower, drawn as the winning tile.
    assert is_win_size(parse_hand("123m456p789s345s2z12345678f", "8f"))
    assert not is_win_size(parse_hand("123m456p789s345s2z12345678f"))


def test_the_no_win_reason_names_the_custom_shapes(ruleset: Ruleset) -> None:
    score = ruleset.score("123m456m789m123p56p")
    assert not score.win
    reason = score.reason or ""
    assert "standard" in reason and "c258 二五八" in reason and "kongs4 四杠" in reason
