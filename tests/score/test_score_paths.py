"""The scorer's short paths (default options, one reading, shared fan lists) give exactly the
scores of its general path, and every score lists its fans in table order."""

from __future__ import annotations

from dataclasses import fields

import pytest
from hypothesis import given, settings, strategies as st

from mjc.runtime import parse_hand
from mjc.runtime.rules.scorepieces import refused_score
from mjc.runtime.score.scoring import SITUATION_FLAGS, Score, Situation, build_situation

from ..conftest import ruleset  # type: ignore[import-not-found]
from ..wins.test_win_checker import BUNDLED, HANDS, games  # type: ignore[import-not-found]

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


def test_a_win_keeps_the_first_ceiling_that_held_even_when_it_did_not_cut() -> None:
    guangdong = ruleset("guangdong")  # no ceilings: caps are per tier
    assert guangdong.score("123m456p789s222z55z").ceiling is None
    shanghai = ruleset("shanghai")
    lezi = shanghai.resolve_options(None)["lezi"]
    plain = shanghai.score("123m456p789s11z [345s]", self_drawn=True)  # 底花 alone: 1 勒子
    assert plain.win and not plain.capped and plain.ceiling == lezi
    pure = shanghai.score("123m456m789m111m55m", self_drawn=True)  # 清一色 門清: 雙勒
    assert pure.capped and pure.ceiling == pure.total == 2 * lezi
    assert shanghai.score("123m456m789m111m5m").ceiling is None  # not a win


@settings(max_examples=200, deadline=None)
@given(
    tile=st.integers(-1, 41),
    drawn=st.booleans(),
    winds=st.tuples(st.integers(27, 30), st.integers(27, 30)),
    flags=st.sets(st.sampled_from(SITUATION_FLAGS)),
    flowers=st.lists(st.integers(34, 41), max_size=8, unique=True),
    extra=st.frozensets(st.sampled_from(["last_of_kind", "wall_last"])),
)
def test_a_situation_built_slot_by_slot_is_the_one_the_class_makes(
    tile: int,
    drawn: bool,
    winds: tuple[int, int],
    flags: set[str],
    flowers: list[int],
    extra: frozenset[str],
) -> None:
    """`build_situation` (scoring's fast constructor) equals `Situation(**values)`, field for
    field, the fields left out at their defaults."""
    values: dict[str, object] = {
        "winning_tile": tile,
        "self_drawn": drawn,
        "seat_wind": winds[0],
        "round_wind": winds[1],
        "flowers": tuple(flowers),
        "extra": extra,
        **dict.fromkeys(flags, True),
    }
    made = build_situation(values)
    assert made == Situation(**values)  # type: ignore[arg-type]
    assert {f.name: getattr(made, f.name) for f in fields(Situation)} == {
        f.name: getattr(Situation(**values), f.name)
        for f in fields(Situation)  # type: ignore[arg-type]
    }


def test_a_refused_score_is_the_score_made_by_its_keywords() -> None:
    hand = parse_hand("123m456m789m123p55p")
    for wilds, held in (((), hand), ((31, 32), None)):
        made = refused_score("mcr", "番", "worth less", wilds, held)
        assert made == Score(
            "mcr", False, None, (), 0, "番", None, "worth less", wilds=wilds, hand=held
        )
        assert type(made) is Score and made._asdict() == Score._make(made)._asdict()
    # A hand under MCR's minimum (一般高, 喜相逢 and the rest come to less than 8) is
    # refused with that score, its fields in place.
    low = ruleset("mcr").score("234m234m567p678s99s")
    assert not low.win and low.reason == "worth less than the minimum of 8 番, not counting 花牌"
    assert low.hand is not None and low.fans == () and low.total == 0 and low.unit == "番"
    assert low.wilds == () and low.fu is None and low.best is None and low.notes == ()
