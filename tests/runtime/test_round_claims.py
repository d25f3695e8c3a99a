"""A round's claim history against the winners' hands and the kongs (`RoundOutcome`): claims
are optional, and when given a winner's exposed melds must be exactly his claims; refusals
are one `RoundError` line naming the claim or the hand."""

from __future__ import annotations

from typing import Any

import pytest

from runtime import RoundError
from runtime.round import parse_round

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
