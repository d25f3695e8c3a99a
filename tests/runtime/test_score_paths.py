"""The scorer's short paths (default options, one reading, shared fan lists) give exactly the
scores of its general path, and every score lists its fans in table order."""

from __future__ import annotations

import pytest

from runtime import parse_hand

from ..conftest import ruleset  # type: ignore[import-not-found]
from .test_win_checker import BUNDLED, HANDS, games  # type: ignore[import-not-found]

SITUATIONS = (
    {},
    {"self_drawn": True, "seat_wind": "S"},
    {"situations": ("kong_bloom",), "self_drawn": True},
    {"dealer": True, "round_wind": "S"},
)


def _explicit_defaults(name: str) -> dict[str, object]:
    """Every option at its default, written out: the same game, but not the default dict."""
    book = ruleset(name)
    return dict(book.resolve_options(None))


@pytest.mark.parametrize("name", BUNDLED)
def test_default_game_short_path_matches_the_general_path(name: str) -> None:
    book = ruleset(name)
    explicit = _explicit_defaults(name)
    assert book.resolve_options(explicit) is not book.resolve_options(None)
    wins = 0
    for text in HANDS:
        for situation in SITUATIONS:
            try:
                short = book.score(text, **situation)  # type: ignore[arg-type]
            except ValueError:
                continue  # an indicator is needed, or a tile is not in play
            general = book.score(text, options=explicit, **situation)  # type: ignore[arg-type]
            assert short.as_dict() == general.as_dict(), (name, text, situation)
            wins += short.win
    assert wins, name


@pytest.mark.parametrize("name", BUNDLED)
def test_fans_are_listed_in_table_order(name: str) -> None:
    book = ruleset(name)
    order = {fan.id: i for i, fan in enumerate(book.fans)}
    scored = 0
    for options, indicator in games(book):
        for text in HANDS:
            try:
                score = book.score(
                    parse_hand(text), options=options, indicator=indicator, self_drawn=True
                )
            except ValueError:
                continue
            indexes = [order[fan.id] for fan in score.fans]
            assert indexes == sorted(indexes), (name, options, text)
            scored += score.win
    assert scored


def test_a_win_keeps_the_situation_it_was_scored_in() -> None:
    book = ruleset("guangdong")
    hand = parse_hand("123m456p789s222z55z")  # 南 pung: the seat wind's fan reads the situation
    score = book.score(hand, self_drawn=True, seat_wind="S")
    situation = score.situation
    assert situation is not None and situation.seat_wind == 28 and situation.self_drawn
    assert score.best is not None
    _, kept, _ = book._score_fans(score.best, situation, book.resolve_options(None))
    assert "seat_wind_pung" in {f.id for f in score.fans}
    assert [book.fans[i].id for i, _, _ in kept] == [f.id for f in score.fans]
    assert book.score("123m456p789s222z5z").situation is None  # not a win
