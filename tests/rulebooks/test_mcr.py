"""The Chinese Official rulebook: a few clauses of the 2006 rules, each named by its words."""

from __future__ import annotations

from ..conftest import ruleset  # type: ignore[import-not-found]


def _fans(hand: str, **kwargs: object) -> dict[str, int]:
    score = ruleset("mcr").score(hand, **kwargs)  # type: ignore[arg-type]
    assert score.win, score.reason
    return {f.name: f.count for f in score.fans}


def test_8番起和_flowers_do_not_count_toward_the_minimum() -> None:
    """8 番起和，花牌不计在起和分内: 平和 with eight flowers is still not a win."""
    score = ruleset("mcr").score("123m123p567s345s22m1f2f3f4f5f6f7f8f", win="3s")
    assert not score.win


def test_套算一次_the_fourth_chow_combines_once_more_at_most() -> None:
    """234567s234567p: 喜相逢 twice and 连六 once (or the other way), not twice each."""
    fans = _fans("234567s234567p55m", win="7p")
    assert fans.get("喜相逢", 0) + fans.get("连六", 0) == 3


def test_独听_边张_only_when_the_hand_waits_on_that_tile_alone() -> None:
    """边张: 单和123的3 … 12345和3 不算边张."""
    assert "边张" in _fans("12m3m456p789s111z55z", win="3m", self_drawn=True)
    assert "边张" not in _fans("12345m3m789s111z55z", win="3m", self_drawn=True)


def test_a_pung_completed_by_a_discard_is_not_concealed() -> None:
    """暗刻: a pung won on another player's discard counts as exposed: 四暗刻 on the pair,
    三暗刻 when the discard completes a pung."""
    assert "四暗刻" in _fans("111m333p555s777z99p", win="9p")
    on_pung = _fans("111m333p555s777z99p", win="5s")
    assert "三暗刻" in on_pung and "四暗刻" not in on_pung


def test_a_rulebook_that_reads_no_wait_pays_nothing_for_it() -> None:
    assert ruleset("guangdong").spec.reads == frozenset()
    assert "waits" in ruleset("mcr").spec.reads
