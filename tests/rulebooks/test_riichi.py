"""日本麻将 (rulebooks/riichi.mjr, issue 24 §1): one test per yaku of the standard rules, named
after it, with its han closed and open (食い下がり), the yakuman and their double forms, dora
from indicators, red fives and ura dora, and 役なし: a hand needs one yaku, dora are none.

Hand by hand agreement with the `mahjong` package on random hands is
tests/differential/test_riichi_mahjong.py; here each yaku has its own readable case.
"""

from __future__ import annotations

from typing import Any

import pytest

from mjc.runtime import Ruleset, Score

from ..conftest import ruleset  # type: ignore[import-not-found]


@pytest.fixture(scope="module")
def riichi() -> Ruleset:
    return ruleset("riichi")


def yaku(score: Score) -> dict[str, int]:
    assert score.win, score.reason
    return {f.id: f.value for f in score.fans}


# (yaku, hand, keyword arguments of `score`, its han in this hand)
CLOSED_AND_OPEN: list[tuple[str, str, dict[str, Any], int]] = [
    # 1 han
    ("riichi_fan", "234m567p234s678s55p", {"win": "2m", "situations": ["riichi"]}, 1),
    ("double_riichi_fan", "234m567p234s678s55p", {"win": "2m", "situations": ["double_riichi"]}, 2),
    ("ippatsu_fan", "234m567p234s678s55p", {"win": "2m", "situations": ["riichi", "ippatsu"]}, 1),
    ("menzen_tsumo", "234m567p234s678s55p", {"win": "2m", "self_drawn": True}, 1),
    ("pinfu", "234m567p234s678s55p", {"win": "8s"}, 1),
    ("tanyao", "234m567p234s678s55p", {"win": "2m"}, 1),
    ("tanyao", "234m567p55p678s [234s]", {"win": "2m"}, 1),
    ("iipeikou", "223344m567p789s11z", {"win": "2m"}, 1),
    ("haku", "234m567p555z789s11p", {"win": "2m"}, 1),
    ("hatsu", "234m567p666z789s11p", {"win": "2m"}, 1),
    ("chun", "234m567p789s11p [777z]", {"win": "2m"}, 1),
    ("seat_wind_pung", "234m567p222z789s11p", {"win": "2m", "seat_wind": "S"}, 1),
    ("round_wind_pung", "234m567p111z789s11p", {"win": "2m", "round_wind": "E"}, 1),
    (
        "rinshan",
        "234m567p678s55p (2222s)",
        {"win": "2m", "self_drawn": True, "situations": ["kong_bloom"]},
        1,
    ),
    ("chankan", "234m567p234s678s55p", {"win": "2m", "situations": ["robbing_kong"]}, 1),
    (
        "haitei",
        "234m567p234s678s55p",
        {"win": "2m", "self_drawn": True, "situations": ["last_tile"]},
        1,
    ),
    ("houtei", "234m567p234s678s55p", {"win": "2m", "situations": ["last_tile"]}, 1),
    ("renhou", "234m567p234s678s55p", {"win": "2m", "seat_wind": "S", "situations": ["human"]}, 5),
    # 2 han, 1 open
    ("sanshoku", "234m234p234s678s55p", {"win": "2m"}, 2),
    ("sanshoku", "234m234p678s55p [234s]", {"win": "2m"}, 1),
    ("ittsu", "123456789m678s55p", {"win": "1m"}, 2),
    ("ittsu", "123456m678s55p [789m]", {"win": "1m"}, 1),
    ("chanta", "123m789p111z789s99p", {"win": "1m"}, 2),
    ("chanta", "123m789p111z99p [789s]", {"win": "1m"}, 1),
    ("chiitoitsu", "1133m5577p2244s66z", {"win": "6z"}, 2),
    ("toitoi", "222m888s777z66p [555p]", {"win": "2m"}, 2),
    ("sanankou", "222m555p888s345m66p", {"win": "3m"}, 2),
    ("sanshoku_doukou", "222m222p345m66p [222s]", {"win": "2m"}, 2),
    ("sankantsu", "345m66p (2222m) (5555p) [8888s]", {"win": "3m"}, 2),
    ("shousangen", "555z666z77z345m678p", {"win": "3m"}, 2),
    ("honroutou", "111m999p222z99m [111s]", {"win": "1m"}, 2),
    # 3 han and more
    ("ryanpeikou", "223344m667788p55s", {"win": "2m"}, 3),
    ("junchan", "123m789p111s789s99p", {"win": "1m"}, 3),
    ("junchan", "123m789p111s99p [789s]", {"win": "1m"}, 2),
    ("honitsu", "123456m789m111z55z", {"win": "1m"}, 3),
    ("honitsu", "123456m111z55z [789m]", {"win": "1m"}, 2),
    ("chinitsu", "123456789m11122m", {"win": "1m"}, 6),
    ("chinitsu", "123456m11122m [789m]", {"win": "1m"}, 5),
]


@pytest.mark.parametrize(
    ("name", "hand", "kw", "han"), CLOSED_AND_OPEN, ids=[f"{c[0]}-{c[1]}" for c in CLOSED_AND_OPEN]
)
def test_each_yaku_counts_its_han_closed_and_open(
    riichi: Ruleset, name: str, hand: str, kw: dict[str, Any], han: int
) -> None:
    assert yaku(riichi.score(hand, **kw))[name] == han


YAKUMAN: list[tuple[str, str, dict[str, Any], int]] = [
    ("kokushi", "19m19p19s1234567z1m", {"win": "9m"}, 13),
    ("kokushi_13", "19m19p19s1234567z1m", {"win": "1m"}, 26),
    ("suuankou", "222m555p888s777z66p", {"win": "7z", "self_drawn": True}, 13),
    ("suuankou_tanki", "222m555p888s777z66p", {"win": "6p"}, 26),
    ("daisangen", "555z666z777z345m55p", {"win": "3m"}, 13),
    ("shousuushii", "111z222z333z44z345m", {"win": "3m"}, 13),
    ("daisuushii", "111z222z333z55m [444z]", {"win": "5m"}, 26),
    ("tsuuiisou", "111z222z333z66z [555z]", {"win": "6z"}, 13),
    ("ryuuiisou", "234s234s666s888s66z", {"win": "6z"}, 13),
    ("chinroutou", "111m999m111p99p [999s]", {"win": "1m"}, 13),
    ("chuuren", "11123455678999m", {"win": "6m"}, 13),
    ("junsei_chuuren", "11123455678999m", {"win": "5m"}, 26),
    ("suukantsu", "66p (2222m) (5555p) [8888s] [1111z]", {"win": "6p"}, 13),
    (
        "tenhou",
        "234m567p234s678s55p",
        {"win": "2m", "dealer": True, "self_drawn": True, "situations": ["heavenly"]},
        13,
    ),
    (
        "chiihou",
        "234m567p234s678s55p",
        {"win": "2m", "seat_wind": "S", "self_drawn": True, "situations": ["earthly"]},
        13,
    ),
]


@pytest.mark.parametrize(
    ("name", "hand", "kw", "han"), YAKUMAN, ids=[f"{c[0]}-{c[1]}" for c in YAKUMAN]
)
def test_each_yakuman_counts_13_and_a_double_one_26(
    riichi: Ruleset, name: str, hand: str, kw: dict[str, Any], han: int
) -> None:
    score = riichi.score(hand, **kw)
    assert yaku(score)[name] == han
    assert all(f.tier == "yakuman" for f in score.fans)  # a yakuman drops every other yaku


@pytest.mark.parametrize(
    ("name", "hand", "kw"),
    [(n, h, k) for n, h, k, han in YAKUMAN if han == 26],
)
def test_a_double_yakuman_counts_once_without_option_double_yakuman(
    riichi: Ruleset, name: str, hand: str, kw: dict[str, Any]
) -> None:
    score = riichi.score(hand, options={"double_yakuman": "off"}, **kw)
    assert yaku(score)[name] == 13


def test_renhou_is_a_yakuman_under_its_option(riichi: Ruleset) -> None:
    kw: dict[str, Any] = {"win": "2m", "seat_wind": "S", "situations": ["human"]}
    score = riichi.score("234m567p234s678s55p", options={"renhou_limit": "on"}, **kw)
    assert yaku(score) == {"renhou_yakuman": 13}


def test_tanyao_on_an_open_hand_needs_kuitan(riichi: Ruleset) -> None:
    hand = "234m567p55p678s [234s]"
    assert "tanyao" in yaku(riichi.score(hand, win="2m"))
    assert not riichi.score(hand, win="2m", options={"kuitan": "off"}).win  # 役なし


def test_a_hand_without_a_yaku_does_not_win_whatever_its_dora(riichi: Ruleset) -> None:
    hand = "234m567p55p678s [123s]"
    score = riichi.score(hand, win="2m", dora_indicators=["4p", "4p"])
    assert not score.win
    assert score.reason is not None and "ドラ" in score.reason


def test_dora_count_each_copy_of_the_tile_each_indicator_points_to(riichi: Ruleset) -> None:
    score = riichi.score("234m567p234s678s55p", win="8s", dora_indicators=["4p", "1m"])
    assert yaku(score) == {"pinfu": 1, "tanyao": 1, "dora": 4}


def test_red_fives_count_as_dora_under_option_red_fives(riichi: Ruleset) -> None:
    hand = "234m0p67p234s678s55p"
    assert yaku(riichi.score(hand, win="8s"))["red_dora"] == 1
    assert "red_dora" not in yaku(riichi.score(hand, win="8s", options={"red_fives": "off"}))


def test_ura_dora_count_for_a_riichi_winner_only(riichi: Ruleset) -> None:
    hand = "234m567p234s678s55p"
    with_riichi = riichi.score(hand, win="8s", situations=["riichi"], ura_indicators=["4p"])
    assert yaku(with_riichi)["ura_dora"] == 3
    assert "ura_dora" not in yaku(riichi.score(hand, win="8s", ura_indicators=["4p"]))


def test_riichi_needs_a_closed_hand(riichi: Ruleset) -> None:
    from mjc.runtime.score.situations import SituationError

    with pytest.raises(SituationError):
        riichi.score("234m567p55p678s [234s]", win="2m", situations=["riichi"])
