"""A round's claim history against the winners' hands and the kongs (`RoundOutcome`): claims
are optional, and when given a winner's exposed melds must be exactly his claims; refusals
are one `RoundError` line naming the claim or the hand."""

from __future__ import annotations

from typing import Any

import pytest

from mjc.runtime import RoundError
from mjc.runtime.settle.round import parse_round

PLAIN = "123m456p789s345s22z"
THREE_PONGS = "123m22z [555p] [777s] [999m]"


def _round(hand: str, claims: list[dict[str, Any]], **more: Any) -> dict[str, Any]:
    return {"winners": [{"seat": 1, "hand": hand, "self_drawn": True}], "claims": claims, **more}


def _pongs(seat: int, from_seat: int, *tiles: str | None) -> list[dict[str, Any]]:
    return [
        {"seat": seat, "from_seat": from_seat, "kind": "pong", **({"tile": t} if t else {})}
        for t in tiles
    ]


def test_claims_an_empty_history_stays_valid_for_a_round_with_exposed_melds() -> None:
    outcome = parse_round(_round(THREE_PONGS, []))
    assert outcome.claims == ()


def test_claims_that_agree_with_the_winners_exposed_melds_are_accepted() -> None:
    outcome = parse_round(_round(THREE_PONGS, _pongs(1, 3, "5p", "7s", None)))
    assert [c.tile for c in outcome.claims] == ["5p", "7s", None]


def test_claims_a_pong_by_a_winner_whose_hand_shows_no_such_meld_is_refused() -> None:
    with pytest.raises(
        RoundError,
        match=r"^claims\.0: seat 1 claimed a pong from seat 2, but "
        r"winner 1's hand shows no such exposed meld \(winners\.0\.hand\)$",
    ):
        parse_round(_round(PLAIN, _pongs(1, 2, None)))


def test_claims_an_exposed_meld_without_a_claim_is_refused_when_claims_are_given() -> None:
    with pytest.raises(
        RoundError,
        match=r"^winners\.0\.hand: the exposed meld \[999m\] has no "
        r"claim by seat 1 in claims$",
    ):
        parse_round(_round(THREE_PONGS, _pongs(1, 3, "5p", "7s")))


def test_claims_a_claimed_tile_must_be_in_the_meld() -> None:
    with pytest.raises(RoundError, match=r"^claims\.2: seat 1 claimed a pong of 1z from seat 3"):
        parse_round(_round(THREE_PONGS, _pongs(1, 3, "5p", "7s", "1z")))


def test_claims_a_chow_claim_is_not_an_exposed_pung() -> None:
    claims = [*_pongs(1, 0, "5p", "7s"), {"seat": 1, "from_seat": 0, "kind": "chow"}]
    with pytest.raises(RoundError, match=r"^claims\.2: seat 1 claimed a chow from seat 0"):
        parse_round(_round(THREE_PONGS, claims))


def test_claims_a_pong_may_show_as_the_kong_added_to_it_later() -> None:
    outcome = parse_round(
        _round(
            "123m22z [555p] [777s] [9999m]",
            _pongs(1, 3, "5p", "7s", "9m"),
            kongs=[{"seat": 1, "kind": "added"}],
        )
    )
    assert outcome.kongs[0].kind == "added"


def test_claims_a_kong_claim_needs_an_exposed_kong_not_a_pung() -> None:
    claims = [*_pongs(1, 3, "5p", "7s"), {"seat": 1, "from_seat": 3, "kind": "kong"}]
    with pytest.raises(RoundError, match=r"^claims\.2: seat 1 claimed a kong from seat 3"):
        parse_round(_round(THREE_PONGS, claims))


def test_claims_a_concealed_kong_is_no_claim() -> None:
    outcome = parse_round(_round("123m22z [555p] [777s] (9999m)", _pongs(1, 3, "5p", "7s")))
    assert len(outcome.claims) == 2


def test_claims_of_seats_that_did_not_win_are_taken_as_given() -> None:
    outcome = parse_round(_round(PLAIN, _pongs(2, 3, None, None, None)))
    assert {c.seat for c in outcome.claims} == {2}


def test_claims_every_winner_of_one_discard_is_checked() -> None:
    winners = [{"seat": 1, "hand": THREE_PONGS}, {"seat": 3, "hand": THREE_PONGS}]
    data = {"winners": winners, "discarder": 2, "claims": _pongs(1, 0, None, None, None)}
    with pytest.raises(
        RoundError,
        match=r"^winners\.1\.hand: the exposed meld \[555p\] has no "
        r"claim by seat 3",
    ):
        parse_round(data)


def test_claims_an_exposed_kong_record_needs_its_kong_claim_from_the_feeder() -> None:
    data = _round(PLAIN, _pongs(2, 3, None), kongs=[{"seat": 0, "kind": "exposed", "fed_by": 3}])
    with pytest.raises(
        RoundError,
        match=r"^kongs\.0: the exposed kong of seat 0 needs a kong "
        r"claim by seat 0 from seat 3$",
    ):
        parse_round(data)
    agreed = data | {"claims": [{"seat": 0, "from_seat": 3, "kind": "kong"}]}
    assert parse_round(agreed).kongs[0].fed_by == 3


def test_claims_an_added_kong_record_needs_a_pong_claim_by_the_konger() -> None:
    data = _round(PLAIN, _pongs(2, 3, None), kongs=[{"seat": 0, "kind": "added"}] * 2)
    data["claims"] += _pongs(0, 2, None)
    with pytest.raises(
        RoundError,
        match=r"^kongs\.1: the added kong of seat 0 needs a pong "
        r"claim by seat 0 to add the kong to$",
    ):
        parse_round(data)


def test_claims_a_winners_hand_in_bad_notation_is_named_when_claims_are_checked() -> None:
    with pytest.raises(RoundError, match=r"^winners\.0\.hand: "):
        parse_round(_round("123m45", _pongs(2, 3, None)))


# ---------------------------------------------------------------- claims possible in any game


def _claim(seat: int, from_seat: int, kind: str, tile: str | None = None) -> dict[str, Any]:
    return {"seat": seat, "from_seat": from_seat, "kind": kind, **({"tile": tile} if tile else {})}


def test_claims_chi_only_from_the_shang_jia_a_chow_from_another_seat_is_refused() -> None:
    # DESIGN.md: seat i+1 is i's 下家, so seat i chows only seat i-1's discard
    with pytest.raises(
        RoundError,
        match=r"^claims\.0\.from_seat: seat 2 chows only from its 上家 \(the seat before it\), "
        r"seat 1, not seat 3$",
    ):
        parse_round(_round(PLAIN, [_claim(2, 3, "chow")]))
    assert parse_round(_round(PLAIN, [_claim(2, 1, "chow")])).claims[0].from_seat == 1


def test_claims_chi_only_from_the_shang_jia_wraps_around_the_table() -> None:
    four = parse_round(_round(PLAIN, [_claim(0, 3, "chow")]))
    three = parse_round(_round(PLAIN, [_claim(0, 2, "chow")], players=3))
    assert (four.claims[0].from_seat, three.claims[0].from_seat) == (3, 2)
    with pytest.raises(RoundError, match=r"^claims\.0\.from_seat: seat 0 chows only .* seat 2,"):
        parse_round(_round(PLAIN, [_claim(0, 1, "chow")], players=3))


def test_claims_a_pong_or_kong_may_come_from_any_other_seat() -> None:
    claims = [_claim(2, 3, "pong"), _claim(2, 0, "kong"), _claim(2, 1, "pong")]
    assert [c.from_seat for c in parse_round(_round(PLAIN, claims)).claims] == [3, 0, 1]


def test_claims_a_seat_cannot_claim_its_own_discard() -> None:
    with pytest.raises(RoundError, match=r"^claims\.0\.from_seat: a player claims another's"):
        parse_round(_round(PLAIN, [_claim(2, 2, "pong")]))


def test_claims_a_seat_cannot_claim_from_a_seat_not_in_the_game() -> None:
    with pytest.raises(
        RoundError, match=r"^claims\.0\.from_seat: seat 3 does not exist at 3 players \(0\.\.2\)$"
    ):
        parse_round(_round(PLAIN, [_claim(2, 3, "pong")], players=3))


def test_claims_a_seat_claims_at_most_four_times() -> None:
    with pytest.raises(
        RoundError,
        match=r"^claims\.4: seat 2's claim number 5 makes more than 4 sets, and a hand holds "
        r"at most 4$",
    ):
        parse_round(_round(PLAIN, [_claim(2, 3, "pong")] * 5))
    assert len(parse_round(_round(PLAIN, [_claim(2, 3, "pong")] * 4)).claims) == 4


def test_claims_and_concealed_kongs_of_a_seat_make_at_most_four_sets() -> None:
    kongs = [{"seat": 2, "kind": "concealed"}] * 2
    with pytest.raises(
        RoundError,
        match=r"^claims\.2: seat 2's claim number 3 beside 2 concealed kong\(s\) in kongs makes "
        r"more than 4 sets",
    ):
        parse_round(_round(PLAIN, [_claim(2, 3, "pong")] * 3, kongs=kongs))
    assert len(parse_round(_round(PLAIN, [_claim(2, 3, "pong")] * 2, kongs=kongs)).kongs) == 2


def test_kongs_a_seat_has_at_most_four_kongs() -> None:
    data = {"exhaustive_draw": True, "kongs": [{"seat": 1, "kind": "concealed"}] * 5}
    with pytest.raises(RoundError, match=r"^kongs\.4: seat 1's kong number 5: a hand holds at"):
        parse_round(data)


def test_claims_a_flower_is_never_discarded_so_never_claimed() -> None:
    with pytest.raises(RoundError, match=r"^claims\.0\.tile: 1f is a flower, which is never"):
        parse_round(_round(PLAIN, [_claim(2, 3, "pong", "1f")]))


def test_claims_a_chow_of_an_honour_is_refused() -> None:
    with pytest.raises(
        RoundError, match=r"^claims\.0\.tile: a chow is a run of suited tiles; 5z is an honour$"
    ):
        parse_round(_round(PLAIN, [_claim(2, 1, "chow", "5z")]))
    assert parse_round(_round(PLAIN, [_claim(2, 1, "pong", "5z")])).claims[0].tile == "5z"


# ---------------------------------------------------------------- the kong feeder


BLOOM_KONG = "123m456p789s22z [5555z]"


def _bloom(hand: str, claims: list[dict[str, Any]], fed_by: int | None = 3) -> dict[str, Any]:
    winner = {"seat": 1, "hand": hand, "self_drawn": True, "situations": ["kong_bloom"]}
    return {"winners": [winner], "claims": claims, "kong_fed_by": fed_by}


def test_kong_fed_by_names_the_feeder_of_a_kong_bloom_only() -> None:
    with pytest.raises(
        RoundError, match=r"^kong_fed_by: no winner drew a kong's replacement tile \(kong_bloom\)"
    ):
        parse_round(_round(PLAIN, [], kong_fed_by=3))


def test_kong_fed_by_the_winner_cannot_feed_his_own_kong_bloom() -> None:
    with pytest.raises(RoundError, match=r"^kong_fed_by: seat 1 cannot feed its own kong bloom$"):
        parse_round(_bloom(PLAIN, [], fed_by=1))


def test_kong_fed_by_without_claims_is_taken_as_given() -> None:
    assert parse_round(_bloom(PLAIN, [])).kong_fed_by == 3


def test_kong_fed_by_agrees_with_the_winners_kong_claim() -> None:
    assert parse_round(_bloom(BLOOM_KONG, [_claim(1, 3, "kong", "5z")])).kong_fed_by == 3
    with pytest.raises(
        RoundError,
        match=r"^kong_fed_by: seat 3 fed no kong of winner 1: claims hold no kong claim by seat "
        r"1 from seat 3, nor a pong claim from it that winners\.0\.hand shows as an exposed kong$",
    ):
        parse_round(_bloom(BLOOM_KONG, [_claim(1, 2, "kong", "5z")]))


def test_kong_fed_by_may_be_the_feeder_of_the_pong_an_added_kong_grew_from() -> None:
    # 百色 杠上花全包: 由点杠（或点碰后杠）的玩家 … — the pong's feeder fed the added kong
    data = _bloom(BLOOM_KONG, [_claim(1, 3, "pong", "5z")]) | {
        "kongs": [{"seat": 1, "kind": "added"}]
    }
    assert parse_round(data).kong_fed_by == 3


def test_fed_kong_is_read_from_the_claims_kong_or_pong() -> None:
    # 广东 杠上开花包杠（明杠） against 杠上开花（补杠）: which kind the feeder fed
    assert parse_round(_bloom(BLOOM_KONG, [_claim(1, 3, "kong", "5z")])).fed_kong == "exposed"
    assert parse_round(_bloom(BLOOM_KONG, [_claim(1, 3, "pong", "5z")])).fed_kong == "added"


def test_fed_kong_is_read_from_the_kongs_and_is_exposed_otherwise() -> None:
    added = _bloom(BLOOM_KONG, []) | {"kongs": [{"seat": 1, "kind": "added"}]}
    assert parse_round(added).fed_kong == "added"
    assert parse_round(_bloom(PLAIN, [])).fed_kong == "exposed"
    assert parse_round(_bloom(PLAIN, []) | {"bloom_kong": "added"}).fed_kong == "added"
    assert parse_round(_round(PLAIN, [])).fed_kong is None


def test_bloom_kong_needs_a_feeder_and_agrees_with_the_claims() -> None:
    with pytest.raises(RoundError, match=r"^bloom_kong: no kong feeder is named"):
        parse_round(_bloom(PLAIN, [], fed_by=None) | {"bloom_kong": "added"})
    stated = _bloom(BLOOM_KONG, [_claim(1, 3, "kong", "5z")]) | {"bloom_kong": "added"}
    with pytest.raises(
        RoundError,
        match=r"^bloom_kong: an added kong fed by seat 3 needs a pong claim by seat 1 from it",
    ):
        parse_round(stated)


def test_kong_fed_by_a_pong_the_hand_shows_as_a_pung_fed_no_kong() -> None:
    hand = "123m456p22z [789s] [555z]"
    claims = [_claim(1, 0, "chow", "7s"), _claim(1, 3, "pong", "5z")]
    with pytest.raises(RoundError, match=r"^kong_fed_by: seat 3 fed no kong of winner 1"):
        parse_round(_bloom(hand, claims))


# ---------------------------------------------------------------- the robbed kong


ROBBED = {"seat": 1, "hand": "123m456p789s345s22z", "situations": ["robbing_kong"]}


def test_robbed_kong_is_an_added_kong_unless_the_round_says_otherwise() -> None:
    outcome = parse_round({"winners": [ROBBED], "robbed_from": 2})
    assert outcome.robbed_kong == "added"
    given = parse_round({"winners": [ROBBED], "robbed_from": 2, "robbed_kong": "concealed"})
    assert given.robbed_kong == "concealed"


def test_robbed_kong_is_given_only_with_robbed_from() -> None:
    with pytest.raises(RoundError, match=r"^robbed_kong: no kong was robbed \(robbed_from is"):
        parse_round(_round(PLAIN, [], robbed_kong="added"))


def test_robbed_kong_an_added_kong_needs_the_robbed_seats_pong_of_the_robbed_tile() -> None:
    data = {"winners": [ROBBED], "robbed_from": 2, "claims": [_claim(2, 3, "pong", "5z")]}
    with pytest.raises(
        RoundError,
        match=r"^robbed_from: seat 2's added kong of 2z was robbed, but claims hold no pong "
        r"claim of 2z by seat 2 to add it to$",
    ):
        parse_round(data)
    data["claims"] = [_claim(2, 3, "pong", "2z")]
    assert parse_round(data).claims[0].tile == "2z"
    data["claims"] = [_claim(2, 3, "pong")]  # a pong that names no tile may be it
    assert parse_round(data).robbed_from == 2


def test_robbed_kong_the_robbed_pong_is_not_one_a_completed_added_kong_grew_from() -> None:
    data = {
        "winners": [ROBBED],
        "robbed_from": 2,
        "claims": [_claim(2, 3, "pong")],
        "kongs": [{"seat": 2, "kind": "added"}],
    }
    with pytest.raises(RoundError, match=r"to add it to beside those its added kongs in kongs"):
        parse_round(data)
    data["claims"] = [_claim(2, 3, "pong")] * 2
    assert len(parse_round(data).kongs) == 1


def test_robbed_kong_of_another_kind_needs_no_pong_claim() -> None:
    data = {"winners": [ROBBED], "robbed_from": 2, "robbed_kong": "concealed"}
    assert parse_round(data | {"claims": [_claim(3, 0, "pong")]}).robbed_kong == "concealed"


def test_several_winners_all_win_on_the_one_discarded_tile() -> None:
    both = {"players": 4, "dealer": 0, "discarder": 0}
    same = [
        {"seat": 1, "hand": "123m456m789m123p55z"},
        {"seat": 2, "hand": "5z123m456m789p123s5z", "win_tile": "5z"},
    ]
    assert parse_round({**both, "winners": same}).winners[1].win_tile == "5z"
    other = [same[0], {"seat": 2, "hand": "123m456m789p123s55z", "win_tile": "1m"}]
    wrong = r"winners\.1\.win_tile: winner 2 wins on 1m, but winner 1 on 5z"
    with pytest.raises(RoundError, match=wrong):
        parse_round({**both, "winners": other})


def test_several_winners_are_all_robbers_or_none() -> None:
    winners = [
        {"seat": 1, "hand": "123m456m789m123p55z", "situations": ["robbing_kong"]},
        {"seat": 2, "hand": "123m456m789p123s55z"},
    ]
    with pytest.raises(RoundError, match="all on the discard, or all by robbing the kong"):
        parse_round({"players": 4, "winners": winners, "discarder": 0, "robbed_from": 0})
