"""`mahjong`'s answer for a Riichi case (`bench.riichi_hands`), in the rulebook's words.

`reference(case)` runs `mahjong`'s `HandCalculator` on the case's 136-tile hand under the
`HandConfig` its situation and options make (`config`; all its inputs: `reference_args`, which
the benchmark's Riichi row times, `bench.riichi`), and returns an `Answer`: han, fu, the
fu's parts, the yaku by the rulebook's fan ids (`YAKU_IDS`; dora, red dora and ura dora with
their counts), the payments and `mahjong`'s name of the limit, or its error (`no_yaku` for a
hand with no yaku, which must not win).

`payments(base, ...)` turns base points (the rulebook's `Score.points`, after limits) into
the payments `mahjong` reports, by the usual rules (ron: the discarder pays 4 × base, 6 × a
dealer's, rounded up to 100, + 300 per 本場; tsumo: each pays 1 × base, 2 × to or from the
dealer, rounded up, + 100 per 本場; + 1,000 per 供託 stick to the winner).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
from mahjong.meld import Meld as MahjongMeld

from bench.riichi_hands import RiichiCase

# `mahjong`'s yaku (their classes) and the rulebook's fan ids (spec).
YAKU_IDS: dict[str, str] = {
    "Tsumo": "menzen_tsumo",
    "Riichi": "riichi",
    "DaburuRiichi": "double_riichi",
    "Ippatsu": "ippatsu",
    "Chankan": "chankan",
    "Rinshan": "rinshan",
    "Haitei": "haitei",
    "Houtei": "houtei",
    "Pinfu": "pinfu",
    "Tanyao": "tanyao",
    "Iipeiko": "iipeikou",
    "SeatWindEast": "seat_wind",
    "SeatWindSouth": "seat_wind",
    "SeatWindWest": "seat_wind",
    "SeatWindNorth": "seat_wind",
    "RoundWindEast": "round_wind",
    "RoundWindSouth": "round_wind",
    "RoundWindWest": "round_wind",
    "RoundWindNorth": "round_wind",
    "Haku": "haku",
    "Hatsu": "hatsu",
    "Chun": "chun",
    "Chiitoitsu": "chiitoitsu",
    "Chantai": "chanta",
    "Ittsu": "ittsu",
    "Sanshoku": "sanshoku",
    "SanshokuDoukou": "sanshoku_doukou",
    "SanKantsu": "sankantsu",
    "Toitoi": "toitoi",
    "Sanankou": "sanankou",
    "Shosangen": "shousangen",
    "Honroto": "honroutou",
    "Ryanpeikou": "ryanpeikou",
    "Junchan": "junchan",
    "Honitsu": "honitsu",
    "Chinitsu": "chinitsu",
    "Renhou": "renhou",
    "RenhouYakuman": "renhou_yakuman",
    "Tenhou": "tenhou",
    "Chiihou": "chiihou",
    "Daisangen": "daisangen",
    "Suuankou": "suuankou",
    "SuuankouTanki": "suuankou_tanki",
    "Tsuuiisou": "tsuuiisou",
    "Ryuuiisou": "ryuuiisou",
    "Chinroutou": "chinroutou",
    "ChuurenPoutou": "chuuren",
    "DaburuChuurenPoutou": "junsei_chuuren",
    "KokushiMusou": "kokushi",
    "DaburuKokushiMusou": "kokushi_13",
    "DaiSuushii": "daisuushii",
    "Shousuushii": "shousuushii",
    "Suukantsu": "suukantsu",
    "Dora": "dora",
    "AkaDora": "red_dora",
    "UraDora": "ura_dora",
}
COUNTED = frozenset({"dora", "red_dora", "ura_dora"})  # a count of tiles, not of yaku

_KAZOE = {
    "yakuman": HandConstants.KAZOE_LIMITED,
    "sanbaiman": HandConstants.KAZOE_SANBAIMAN,
    "none": HandConstants.KAZOE_NO_LIMIT,
}


@dataclass(frozen=True, slots=True)
class Payments:
    """What a win is paid, as `mahjong`'s `ScoresResult`: `main` is the discarder's payment
    (ron) or the dealer's (a non-dealer's tsumo), `additional` each non-dealer's (tsumo),
    `main_bonus` / `additional_bonus` their 本場, `sticks` the 供託 taken, `total` all."""

    main: int
    additional: int
    main_bonus: int
    additional_bonus: int
    sticks: int
    total: int

    def __str__(self) -> str:
        bonus = f" +{self.main_bonus}/{self.additional_bonus}" if self.main_bonus else ""
        sticks = f" +{self.sticks}" if self.sticks else ""
        return f"{self.main}/{self.additional}{bonus}{sticks} = {self.total}"


@dataclass(frozen=True, slots=True)
class Answer:
    error: str | None
    han: int = 0
    fu: int = 0
    fu_parts: tuple[tuple[str, int], ...] = ()  # (mahjong's reason, fu), as it lists them
    yaku: tuple[tuple[str, tuple[int, int]], ...] = ()  # (fan id, (count, han)), sorted
    paid: Payments | None = None
    level: str = ""  # mahjong's yaku_level: "", "mangan", ..., "kazoe yakuman"

    @property
    def wins(self) -> bool:
        return self.error is None


def config(case: RiichiCase) -> HandConfig:
    """`mahjong`'s configuration for the case: its situation, winds, 本場, 供託, options."""
    s = set(case.situations)
    options = OptionalRules(
        has_open_tanyao=bool(case.option("kuitan")),
        has_aka_dora=bool(case.option("red_fives")),
        has_double_yakuman=bool(case.option("double_yakuman")),
        kazoe_limit=_KAZOE[str(case.option("kazoe"))],
        kiriage=bool(case.option("kiriage")),
        fu_for_open_pinfu=bool(case.option("open_pinfu_fu")),
        fu_for_pinfu_tsumo=bool(case.option("pinfu_tsumo_fu")),
        renhou_as_yakuman=bool(case.option("renhou_yakuman")),
    )
    return HandConfig(
        is_tsumo=case.self_drawn,
        is_riichi="riichi" in s,
        is_daburu_riichi="double_riichi" in s,
        is_ippatsu="ippatsu" in s,
        is_rinshan="kong_bloom" in s,
        is_chankan="robbing_kong" in s,
        is_haitei="last_tile" in s and case.self_drawn,
        is_houtei="last_tile" in s and not case.self_drawn,
        is_tenhou="heavenly" in s,
        is_chiihou="earthly" in s,
        is_renhou="human" in s,
        player_wind=27 + case.seat,
        round_wind=27 + case.round,
        tsumi_number=case.honba,
        kyoutaku_number=case.sticks,
        options=options,
    )


def _meld(tiles: list[int], exposed: bool) -> MahjongMeld:
    if len(tiles) == 4:
        return MahjongMeld(MahjongMeld.KAN, tiles, opened=exposed)
    kind = MahjongMeld.PON if tiles[0] // 4 == tiles[1] // 4 else MahjongMeld.CHI
    return MahjongMeld(kind, tiles, opened=True)


def reference_args(case: RiichiCase) -> dict[str, Any]:
    """The keyword arguments of `HandCalculator.estimate_hand_value` for the case: its
    136-tile hand, winning tile and melds, the indicators and the `config`."""
    tiles, win, melds = case.tiles136()
    return {
        "tiles": tiles,
        "win_tile": win,
        "melds": [_meld(t, m.exposed) for t, m in zip(melds, case.melds, strict=True)],
        "dora_indicators": [4 * t for t in case.dora],
        "ura_dora_indicators": [4 * t for t in case.ura],
        "config": config(case),
    }


def reference(case: RiichiCase) -> Answer:
    """`mahjong`'s answer for the case."""
    result = HandCalculator.estimate_hand_value(**reference_args(case))
    if result.error is not None:
        return Answer(str(result.error))
    yaku: dict[str, tuple[int, int]] = {}
    for y in result.yaku or ():
        fan = YAKU_IDS[type(y).__name__]
        han = y.han_open if result.is_open_hand and y.han_open else y.han_closed
        count, before = yaku.get(fan, (0, 0))
        yaku[fan] = (count + (han if fan in COUNTED else 1), before + han)
    cost = result.cost
    assert cost is not None and result.han is not None and result.fu is not None
    return Answer(
        error=None,
        han=result.han,
        fu=result.fu,
        fu_parts=tuple((d["reason"], d["fu"]) for d in result.fu_details or ()),
        yaku=tuple(sorted(yaku.items())),
        paid=Payments(
            cost["main"],
            cost["additional"],
            cost["main_bonus"],
            cost["additional_bonus"],
            cost["kyoutaku_bonus"],
            cost["total"],
        ),
        level=cost["yaku_level"],
    )


def _up(points: int) -> int:
    return -(-points // 100) * 100


def payments(base: int, *, dealer: bool, self_drawn: bool, honba: int, sticks: int) -> Payments:
    """The payments of a win worth `base` points (after limits): see the module's doc."""
    if self_drawn:
        main = _up(2 * base)  # the dealer's payment, or each one's to a dealer
        additional = main if dealer else _up(base)
        main_bonus = additional_bonus = 100 * honba
    else:
        main, additional = _up((6 if dealer else 4) * base), 0
        main_bonus, additional_bonus = 300 * honba, 0
    total = main + main_bonus + 2 * (additional + additional_bonus) + 1000 * sticks
    return Payments(main, additional, main_bonus, additional_bonus, 1000 * sticks, total)
