"""The greedy bot's policy (`mjc.runtime.bots.greedy`): discards that keep the lowest shanten and
the most effective tiles, claims only when they bring the hand nearer, wins whenever
allowed."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from mjc.runtime import parse_hand
from mjc.runtime.bots.greedy import (
    Claim,
    choose_discard,
    claim_improves,
    claim_of,
    game_view,
    outlook,
    wants_win,
)
from mjc.runtime.tiles.hand import HandError
from mjc.runtime.tiles.tile import NUM_PLAYING, tile_index, tile_text

from ..conftest import ruleset  # type: ignore[import-not-found]


def _without(text: str, tile: int) -> str:
    tiles = sorted(parse_hand(text).concealed)
    tiles.remove(tile)
    return "".join(tile_text(t) for t in tiles)


@settings(max_examples=40, deadline=None)
@given(
    picks=st.lists(st.sampled_from(range(4 * NUM_PLAYING)), min_size=14, max_size=14, unique=True)
)
def test_the_discard_leaves_the_lowest_shanten_and_the_most_effective_tiles(
    picks: list[int],
) -> None:
    guangdong = ruleset("guangdong")
    view = game_view(guangdong)
    text = "".join(tile_text(p // 4) for p in sorted(picks))
    chosen = choose_discard(guangdong, text, view=view)
    options = {t: outlook(_without(text, t), view) for t in set(parse_hand(text).concealed)}
    best = min((o.shanten, -o.effective) for o in options.values())
    assert (options[chosen].shanten, -options[chosen].effective) == best


def test_a_lone_honour_goes_before_a_tile_that_makes_a_set() -> None:
    """Three sets, a pair, 23s and a lone 7z: the 7z goes (keeping 23s keeps the hand ready)."""
    guangdong = ruleset("guangdong")
    assert tile_text(choose_discard(guangdong, "123m456m789m11p23s7z")) == "7z"


def test_a_tie_goes_to_the_honour_then_the_terminal() -> None:
    """Four sets and two singles: either single is a wait on three copies; the honour goes
    first, and of 1m and 5m the terminal."""
    guangdong = ruleset("guangdong")
    assert tile_text(choose_discard(guangdong, "123p456p789p111s1m5z")) == "5z"
    assert tile_text(choose_discard(guangdong, "123p456p789p111s1m5m")) == "1m"


def test_seen_copies_change_the_discard() -> None:
    """With every other 5m seen, waiting on 5m waits on nothing: 5m goes and 1m stays."""
    guangdong = ruleset("guangdong")
    assert tile_text(choose_discard(guangdong, "123p456p789p111s1m5m", visible="5m5m5m")) == "5m"


def test_the_same_hand_gives_the_same_discard() -> None:
    guangdong = ruleset("guangdong")
    first = choose_discard(guangdong, "147m258p369s1234z5z")
    assert all(choose_discard(guangdong, "147m258p369s1234z5z") == first for _ in range(3))


def test_a_wild_is_kept_when_another_tile_does_as_well() -> None:
    """潮州 白板做鬼: the 白板 stands for any tile, so it is discarded last."""
    chaozhou = ruleset("chaozhou")
    chosen = choose_discard(chaozhou, "123m456m789m12s9p5z7z", options={"鬼牌": "白板做鬼"})
    assert tile_text(chosen) != "5z"


def test_a_pung_that_makes_the_hand_ready_is_claimed() -> None:
    guangdong = ruleset("guangdong")
    assert claim_improves(guangdong, "123m456m78m13p5z5z9s", Claim("pong", tile_index("5z")))


def test_a_pung_that_breaks_a_ready_hand_is_not_claimed() -> None:
    """Ready on 2p with the 5z pair: a pung of 5z leaves no pair and one more tile to draw."""
    guangdong = ruleset("guangdong")
    assert not claim_improves(guangdong, "123m456m789m13p5z5z", claim_of("pong 5z"))


def test_a_chow_that_completes_a_set_is_claimed() -> None:
    guangdong = ruleset("guangdong")
    hand = "123m456m79m13p5z5z9s"
    assert claim_improves(guangdong, hand, claim_of("chow 2p 123p"))


def test_a_claim_of_tiles_the_hand_lacks_is_refused() -> None:
    guangdong = ruleset("guangdong")
    with pytest.raises(HandError, match="no 4p"):
        claim_improves(guangdong, "123m456m789m13p5z5z", claim_of("chow 2p 234p"))
    with pytest.raises(ValueError, match="does not hold"):
        claim_improves(guangdong, "123m456m789m13p5z5z", Claim("chow", tile_index("9p"), 9))
    with pytest.raises(ValueError, match="a claim is"):
        claim_of("steal 5z")


def test_wins_whenever_the_rulebook_allows() -> None:
    guangdong = ruleset("guangdong")
    assert wants_win(guangdong, "222m345m666m789m55m")
    assert not wants_win(guangdong, "222m345m666m789m56m")


def test_a_discard_needs_fourteen_tiles() -> None:
    with pytest.raises(HandError, match="14-tile"):
        choose_discard(ruleset("guangdong"), "222m345m666m789m5m")


@pytest.mark.parametrize(
    ("name", "options", "wilds"),
    [
        ("guangdong", {"seven_pairs": True}, None),
        ("chaozhou", {"鬼牌": "白板做鬼"}, None),
        ("baise", {"王牌": "大转"}, ["3m"]),
    ],
)
@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_effective_tiles_are_the_draws_that_lower_the_rulebooks_shanten(
    name: str, options: dict[str, object], wilds: list[str] | None, data: st.DataObject
) -> None:
    rules = ruleset(name)
    pool = [0, 1, 2, 3, 4, 8, 9, 10, 11, 26, 27, 31, 33]  # 5z and 3m (the wilds) among them
    picks = data.draw(
        st.lists(st.sampled_from(range(4 * len(pool))), min_size=13, max_size=13, unique=True)
    )
    text = "".join(tile_text(pool[p // 4]) for p in sorted(picks))
    view = game_view(rules, options, wilds=wilds)
    seen = outlook(text, view)
    now = rules.shanten(text, options=options, wilds=wilds)
    assert seen.shanten == now
    hand = parse_hand(text)
    lower = [
        t
        for t in range(NUM_PLAYING)
        if hand.counts[t] < 4
        and rules.shanten(text + tile_text(t), options=options, wilds=wilds) < now
    ]
    assert list(seen.tiles) == lower
