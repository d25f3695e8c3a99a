"""The Riichi rulebook's `payments` section against `mahjong`'s score calculator, round by round
(issue 24, item 2: "compares han, fu, yaku and points").

`test_riichi_mahjong.py` compares the scores: han, fu, yaku, limit, and the payments that
`bench.riichi_reference.payments` makes of the rulebook's base points by the usual formula.
Here the rulebook's own settlement pays them: each winning case of the agreement corpus
(`bench.riichi_hands.riichi_case`) is settled as a round of one win (`Ruleset.settle`, what
`mjc settle` and the game engine run), by the rulebook's `payments` section (ロン, ツモ, the
dealer's factor, rounding up to 100, 本場 and 供託), and every seat's delta must be what
`mahjong` says it pays or is paid: the discarder (or the robbed player of 槍槓) pays `main`
and its bonus; on a ツモ the dealer pays `main`, the others `additional`, each with its bonus;
the winner takes the total, 供託 included.

The round puts the dealer at seat 0 and the winner at the case's seat (East = 0), the
discarder one seat after the winner; the winning tile of a win on a red five is written as
its five (round JSON writes red fives only in hands, and the hand holds the red one).
`MJC_RIICHI_HANDS` sets the corpus's size as in `test_riichi_mahjong.py` (a tenth of it is
settled here: 2,000 cases by default, 10,000 under `make oracle`).
"""

from __future__ import annotations

import os
import random
from typing import Any

import pytest

from mjc.compiler.syntax.sources import bundled_rulebooks
from mjc.runtime import Ruleset

from ..conftest import ruleset  # type: ignore[import-not-found]

pytest.importorskip("mahjong", reason="the `mahjong` package is a bench dependency")

from bench.riichi_agreement import rulebook_ids
from bench.riichi_hands import WINDS, RiichiCase, riichi_case
from bench.riichi_reference import Payments, reference

CASES = int(os.environ.get("MJC_RIICHI_HANDS", "20000")) // 10
SEED = 20261207

pytestmark = pytest.mark.skipif(
    "riichi" not in bundled_rulebooks(), reason="rulebooks/riichi.mjr is not bundled"
)


def one_win_round(case: RiichiCase, ids: dict[str, str]) -> dict[str, Any]:
    """The case as the round JSON of `mjc settle`: four players, the dealer at seat 0, the
    winner at the case's seat, a discarder (and the robbed player of 槍槓) one seat after."""
    args = case.score_args(ids)
    situations = list(case.situation_names(ids))
    winner = case.seat
    outcome: dict[str, Any] = {
        "players": 4,
        "dealer": 0,
        "honba": case.honba,
        "deposits_carried": 1000 * case.sticks,
        "round_wind": WINDS[case.round],
        "dora_indicators": list(args["dora_indicators"]),
        "ura_indicators": list(args["ura_indicators"]),
        "winners": [
            {
                "seat": winner,
                "hand": case.notation(),
                "win_tile": str(args["win"]).replace("0", "5"),
                "self_drawn": case.self_drawn,
                "situations": situations,
            }
        ],
    }
    if "options" in args:
        outcome["options"] = args["options"]
    if not case.self_drawn:
        outcome["discarder"] = (winner + 1) % 4
        if ids.get("robbing_kong", "robbing_kong") in situations:
            outcome["robbed_from"] = (winner + 1) % 4
    return outcome


def mahjongs_deltas(case: RiichiCase, paid: Payments) -> list[int]:
    """Each seat's gain or loss by `mahjong`'s payments of the case's win."""
    winner = case.seat
    deltas = [0, 0, 0, 0]
    if case.self_drawn:
        for seat in range(4):
            if seat != winner:
                pays_main = seat == 0 or winner == 0  # the dealer pays, or is paid, main
                deltas[seat] = -(
                    paid.main + paid.main_bonus
                    if pays_main
                    else paid.additional + paid.additional_bonus
                )
    else:
        deltas[(winner + 1) % 4] = -(paid.main + paid.main_bonus)
    deltas[winner] = paid.total
    return deltas


def test_the_payments_section_settles_each_win_as_mahjong_pays_it() -> None:
    book: Ruleset = ruleset("riichi")
    ids = rulebook_ids(book)
    rng = random.Random(SEED)
    settled = 0
    kinds = {"ron": 0, "tsumo": 0, "dealer": 0, "honba": 0, "sticks": 0, "chankan": 0}
    problems: list[str] = []
    for _ in range(CASES):
        case = riichi_case(rng)
        answer = reference(case)
        if not answer.wins or answer.paid is None:
            continue  # 役なし: nothing to settle (test_riichi_mahjong: it must not win)
        outcome = one_win_round(case, ids)
        deltas = book.settle(outcome).deltas
        settled += 1
        kinds["tsumo" if case.self_drawn else "ron"] += 1
        kinds["dealer"] += case.dealer
        kinds["honba"] += case.honba > 0
        kinds["sticks"] += case.sticks > 0
        kinds["chankan"] += "robbed_from" in outcome
        expected = mahjongs_deltas(case, answer.paid)
        if deltas != expected and len(problems) < 10:
            problems.append(f"{case.describe()}: mjc {deltas}, mahjong {expected}")
    assert not problems, "\n".join(problems)
    # the corpus reaches every way of paying: the test is not vacuous
    assert settled >= CASES * 3 // 4
    assert all(n > 0 for n in kinds.values()), kinds
