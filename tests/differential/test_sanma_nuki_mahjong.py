"""抜きドラ agree with the `mahjong` package (`HandConfig.num_nuki_dora`, three-player rules):
for each count of 北 set aside and each dora and ura indicator, the ドラ and 裏ドラ sanma.mjr
scores (its `dora` and `ura_dora`, which read `set_aside`) are the package's `Dora` and
`Ura Dora` han: one per 北 set aside, one more per indicator pointing at 北, the ura only for
a riichi winner."""

from __future__ import annotations

import itertools

import pytest

from tests.helpers.settlement_helpers import ruleset

pytest.importorskip("mahjong", reason="the `mahjong` package is a bench dependency")

from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules
from mahjong.tile import TilesConverter

# (our notation, the winning tile, the package's tiles by suit)
HANDS = [
    ("234567p234678s55p", "8s", {"pin": "23456755", "sou": "234678"}),
    ("123p789p111s999s22z", "2z", {"pin": "123789", "sou": "111999", "honors": "22"}),
]
INDICATORS = ["3z", "4z", "1p", "9m"]


def _theirs(parts: dict[str, str], win: str, nuki: int, dora: str, ura: str) -> dict[str, int]:
    tiles = TilesConverter.string_to_136_array(**parts)  # type: ignore[arg-type]
    win_tile = TilesConverter.one_line_string_to_136_array(win)[0]
    win_tile = next(t for t in tiles if t // 4 == win_tile // 4)
    config = HandConfig(
        is_riichi=True,
        num_nuki_dora=nuki,
        options=OptionalRules(is_three_player=True, has_aka_dora=False),
    )
    result = HandCalculator().estimate_hand_value(
        tiles,
        win_tile,
        dora_indicators=TilesConverter.one_line_string_to_136_array(dora),
        ura_dora_indicators=TilesConverter.one_line_string_to_136_array(ura),
        config=config,
    )
    assert result.error is None, result.error
    return {y.name: y.han_closed for y in result.yaku if y.name in ("Dora", "Ura Dora")}


@pytest.mark.parametrize(
    ("hand", "nuki", "dora", "ura"),
    [
        (hand, nuki, dora, ura)
        for hand, nuki, (dora, ura) in itertools.product(
            HANDS, range(5), itertools.product(INDICATORS, INDICATORS)
        )
        if nuki in (0, 1, 4) or dora == ura
    ],
)
def test_nuki_dora_and_their_ura_agree_with_the_mahjong_package(
    hand: tuple[str, str, dict[str, str]], nuki: int, dora: str, ura: str
) -> None:
    text, win, parts = hand
    score = ruleset("sanma").score(
        text,
        win=win,
        self_drawn=False,
        situations=["riichi"],
        dora_indicators=[dora],
        ura_indicators=[ura],
        set_aside=nuki,
    )
    ours = {
        {"dora": "Dora", "ura_dora": "Ura Dora"}[f.id]: f.value
        for f in score.fans
        if f.id in ("dora", "ura_dora")
    }
    assert ours == _theirs(parts, win, nuki, dora, ura)
