"""What a rulebook allows of a round's claims, kongs and robbed kong
(`mjc.runtime.settle.claimcheck`): claim and kong kinds under the round's options, which kongs may
be robbed, what the wilds may do, and (counted with the round's other tiles by
`mjc.runtime.settle.tilecount`) the copies of a claimed tile. Each refusal is one `RoundError` line
naming the field; each test names the rule or the source document's clause."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from settlement_helpers import ruleset, settle

from mjc.compiler.loader import load
from mjc.runtime import RoundError, Ruleset

PLAIN = "123m456p789s345s22z"
SELF = {"seat": 1, "hand": PLAIN, "self_drawn": True}
# a robbed tile completes no pair: the robbed seat holds its other three
ROBBER = {"seat": 1, "hand": PLAIN, "win_tile": "4p", "situations": ["robbing_kong"]}
BOOKS = ("chaozhou", "baise", "meizhou", "shanghai", "guangdong")


def _claim(seat: int, from_seat: int, kind: str, tile: str | None = None) -> dict[str, Any]:
    return {"seat": seat, "from_seat": from_seat, "kind": kind, **({"tile": tile} if tile else {})}


def _refused(name: str, **round: Any) -> str:
    with pytest.raises(RoundError) as caught:
        ruleset(name).settle(round)
    message = str(caught.value)
    assert "\n" not in message
    return message


# ---------------------------------------------------------------- claim kinds


@pytest.mark.parametrize("name", ["chaozhou", "meizhou"])
def test_claims_chaozhou_chi_pai_wu_and_meizhou_have_no_chow(name: str) -> None:
    # 潮州: 吃牌：无; 梅州: only 碰 and 杠 (a convention of the rulebook)
    message = _refused(name, winners=[SELF], claims=[_claim(3, 2, "chow")])
    assert message.startswith(f"claims.0.kind: {name} allows no chow claim under these options")
    assert settle(name, winners=[SELF], claims=[_claim(3, 2, "pong")]).deltas[1] > 0


def test_claims_baise_bu_ke_chi_a_chow_is_refused_only_with_the_option() -> None:
    # 百色: 不可吃：勾选后不能吃牌
    claims = [_claim(3, 2, "chow")]
    message = _refused("baise", options={"不可吃": "on"}, winners=[SELF], claims=claims)
    assert message.startswith("claims.0.kind: baise allows no chow claim under these options")
    assert settle("baise", winners=[SELF], claims=claims).deltas[1] > 0


@pytest.mark.parametrize("name", ["shanghai", "guangdong", "baise"])
def test_claims_chi_shang_jia_the_rulebooks_with_chow_accept_one_from_the_left(name: str) -> None:
    # 广东: 允许吃上家; 上海: 莊家的下家…有權力吃; 百色: 下一家…可以吃该牌
    hand = "123m456p789s22z [345s]"
    result = settle(name, winners=[{"seat": 1, "hand": hand, "self_drawn": True}],
                    claims=[_claim(1, 0, "chow", "4s")])  # fmt: skip
    assert result.deltas[1] > 0


def test_claims_a_winners_exposed_chow_needs_the_chow_claim_even_without_claims() -> None:
    # 潮州 吃牌：无 — an exposed chow can only have been claimed
    winner = {"seat": 1, "hand": "123m456p789s22z [345s]", "self_drawn": True}
    message = _refused("chaozhou", winners=[winner])
    assert message.startswith(
        "winners.0.hand: the exposed meld [345s] needs a chow claim, which chaozhou does not allow"
    )


# ---------------------------------------------------------------- kong kinds and robbing


TINY = """
rulebook tiny {{ title "小麻将" }}
players 4
tiles {{ characters copies 4 dots copies 4 bamboo copies 4 winds copies 4 dragons copies 4 }}
shapes {{ standard }}
claims {{
  pong
  {kongs}
}}
scoring {{ unit "番" tier base "番" add }}
fan plain "鸡胡" {{ value 1 when true }}
"""


def _tiny(tmp_path: Path, kongs: str) -> Ruleset:
    path = tmp_path / "tiny.mjr"
    path.write_text(TINY.format(kongs=kongs), encoding="utf-8")
    loaded = load(str(path))
    assert loaded.ruleset is not None, loaded.compilation.diagnostics
    return loaded.ruleset


def test_kongs_a_kind_of_kong_the_rulebook_does_not_declare_is_refused(tmp_path: Path) -> None:
    book = _tiny(tmp_path, "kong (exposed, added)")
    with pytest.raises(
        RoundError, match=r"^kongs\.0\.kind: tiny allows no concealed kong under these options"
    ):
        book.settle({"winners": [SELF], "kongs": [{"seat": 2, "kind": "concealed"}]})
    assert book.settle({"winners": [SELF], "kongs": [{"seat": 2, "kind": "added"}]}).deltas[1] > 0


def test_rob_a_rulebook_without_rob_refuses_a_robbed_kong(tmp_path: Path) -> None:
    book = _tiny(tmp_path, "kong (exposed, concealed, added)")
    with pytest.raises(
        RoundError, match=r"^winners\.0\.situations: tiny allows no robbing of a kong"
    ):
        book.settle({"winners": [ROBBER], "robbed_from": 2})


def test_rob_a_bare_rob_lets_every_kind_of_kong_be_robbed(tmp_path: Path) -> None:
    book = _tiny(tmp_path, "kong (exposed, concealed, added)\n  rob")
    for kind in ("exposed", "concealed", "added"):
        result = book.settle({"winners": [ROBBER], "robbed_from": 2, "robbed_kong": kind})
        assert result.deltas[1] > 0


@pytest.mark.parametrize("name", ["chaozhou", "baise"])
def test_qiang_gang_chaozhou_baise_rob_only_an_added_kong(name: str) -> None:
    # 潮州, 百色: the seeds do not say which kongs: the research convention, 碰杠 / 碰后杠 only.
    # 上海 and 广东 say it themselves: their settlement tests hold those clauses.
    for kind in ("exposed", "concealed"):
        message = _refused(name, winners=[ROBBER], robbed_from=2, robbed_kong=kind)
        assert message.startswith(f"robbed_kong: {name} robs only an added kong, not")
    assert settle(name, winners=[ROBBER], robbed_from=2).deltas[1] > 0


def test_qiang_gang_meizhou_robs_both_kinds_of_明杠_never_a_暗杠() -> None:
    # 梅州: 抢杠：明杠时… — 明杠 ① (on a discard) and ② (碰后摸到), as written; a 暗杠 never.
    for kind in ("exposed", "added"):
        result = settle("meizhou", winners=[ROBBER], robbed_from=2, robbed_kong=kind)
        assert result.deltas[1] > 0
    message = _refused("meizhou", winners=[ROBBER], robbed_from=2, robbed_kong="concealed")
    assert message.startswith("robbed_kong: meizhou robs")


def test_rob_every_bundled_rulebook_declares_which_kongs_may_be_robbed() -> None:
    robbed = {"meizhou": {"rob added", "rob exposed"}}
    for name in BOOKS:
        book = ruleset(name)
        words = book.claims(book.resolve_options(None))
        wanted = robbed.get(name, {"rob added"})
        assert {w for w in words if w.startswith("rob")} == wanted, name


# ---------------------------------------------------------------- claimed copies


def test_claims_two_pongs_of_one_tile_need_more_copies_than_the_game_has() -> None:
    claims = [_claim(2, 3, "pong", "5z"), _claim(3, 0, "pong", "5z")]
    message = _refused("guangdong", winners=[SELF], claims=claims)
    assert message == (
        "5z: the round shows 6 copies (claims.0.tile 3, claims.1.tile 3), and the game has 4"
    )


def test_claims_wu_zi_a_claimed_tile_must_be_in_play_under_the_options() -> None:
    # 潮州 无字: the honours are out of play
    message = _refused("chaozhou", options={"无字": "on"}, winners=[SELF],
                       claims=[_claim(2, 3, "pong", "5z")])  # fmt: skip
    assert message == "claims.0.tile: 5z is not in play under these options"


# ---------------------------------------------------------------- wilds


BIG = {"王牌": "大转"}  # 百色 大转: the indicator's successor is the 王牌 (1m → 2m)


def test_wilds_baise_bu_ke_yi_chi_peng_gang_bie_ren_da_chu_de_wang_pai() -> None:
    # 百色: 王牌可打出，但是不可以吃、碰、杠、胡别人打出的王牌
    message = _refused("baise", options=BIG, indicator="1m", winners=[SELF],
                       claims=[_claim(3, 2, "pong", "2m")])  # fmt: skip
    assert message == (
        "claims.0.tile: 2m is a wild in this game, and baise's wilds may not be claimed or ponged"
    )
    fine = settle("baise", options=BIG, indicator="1m", winners=[SELF],
                  claims=[_claim(3, 2, "pong", "3m")])  # fmt: skip
    assert fine.deltas[1] > 0


def test_wilds_baise_wang_pai_dang_ben_shen_bu_ke_yi_chi_peng_gang() -> None:
    # 百色: 王牌当本身或代替其他牌，都不可以吃、碰、杠别人打出的牌 — a 王牌 in an exposed pung
    winner = {"seat": 1, "hand": "123m456p789s22z [222m]", "self_drawn": True}
    message = _refused("baise", options=BIG, indicator="1m", winners=[winner])
    assert message == (
        "winners.0.hand: the exposed meld [222m] holds a wild, and baise's wilds may not be "
        "used to pong a discard"
    )


def test_wilds_baise_bu_ke_yi_hu_bie_ren_da_chu_de_wang_pai() -> None:
    # 百色: …不可以…胡别人打出的王牌 — a discard win on a 王牌
    winner = {"seat": 1, "hand": "345m456p789s345s22m", "win_tile": "2m"}
    message = _refused("baise", options=BIG, indicator="1m", winners=[winner], discarder=2)
    assert message == (
        "winners.0.win_tile: 2m is a wild in this game, and baise's wilds may not be claimed "
        "or won on when discarded"
    )
    drawn = settle("baise", options=BIG, indicator="1m", winners=[winner | {"self_drawn": True}])
    assert drawn.deltas[1] > 0


def test_wilds_baise_a_wang_pai_is_never_robbed_from_a_kong() -> None:
    # 百色 (convention): a 王牌 is never in a kong, so none is robbed
    winner = {"seat": 1, "hand": "345m456p789s345s22m", "win_tile": "2m",
              "situations": ["robbing_kong"]}  # fmt: skip
    message = _refused("baise", options=BIG, indicator="1m", winners=[winner], robbed_from=2)
    assert message.startswith("winners.0.win_tile: 2m is a wild in this game, and baise's wilds")
    assert message.endswith("may not be robbed from a kong")


def test_wilds_chaozhou_gui_pai_neng_da_chu_neng_peng_gang() -> None:
    # 潮州: 鬼牌能打出，能碰、杠 — a 白板 ghost may be ponged
    result = settle("chaozhou", options={"鬼牌": "白板做鬼"}, winners=[SELF],
                    claims=[_claim(3, 2, "pong", "5z")])  # fmt: skip
    assert result.deltas[1] > 0


def test_wilds_chaozhou_fan_kai_de_pai_gai_zhong_pai_mei_you_gang() -> None:
    # 潮州 翻鬼: 翻开的牌张数：3张，该种牌没有杠
    message = _refused("chaozhou", options={"鬼牌": "翻鬼"}, indicator="9p", winners=[SELF],
                       claims=[_claim(3, 2, "kong", "9p")])  # fmt: skip
    assert message == (
        "claims.0.tile: 9p is the flipped indicator's kind, which chaozhou does not let anyone kong"
    )


def test_wilds_an_indicator_the_round_does_not_name_leaves_the_wild_claims_unchecked() -> None:
    # no indicator: which tile is the 王牌 is unknown, so a claimed tile is taken as given
    result = settle("baise", options=BIG, exhaustive_draw=True, claims=[_claim(3, 2, "pong", "2m")])
    assert result.deltas == [0, 0, 0, 0]
