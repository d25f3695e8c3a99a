"""The Riichi rulebook (`rulebooks/riichi.mjr`) against `mahjong`'s HandCalculator, hand by
hand (issue 24, item 2).

Hypothesis draws seeds, each for a batch of cases of `bench.riichi_hands.riichi_case`:
regular hands open and closed (chi, pon, open and closed kan, ambiguous waits), 七対子,
国士無双 (13-sided too), 九蓮宝燈 (純正 too), hands aimed at each yaku and yakuman and at
none (役なし), every seat and round wind, 立直 / ダブル立直 / 一発, tsumo, 嶺上開花, 槍槓,
海底 / 河底, 天和 / 地和 / 人和, dora and ura-dora indicators, red fives, 本場 and 供託, and
the rulebook's options. Each must score the same han (`Score.total`), fu, fans with their
counts (dora `per` tile), limit and payments (made of `Score.points` by
`bench.riichi_reference.payments`) as `mahjong`, whose answer is read through the
rulebook's conventions (`bench.riichi_agreement.by_the_rules`, each with its reason); a
hand `mahjong` refuses for want of a yaku must not win. `MJC_RIICHI_HANDS` sets how many
(20,000 by default, 100,000 under `make oracle` and `make differential`);
`MJC_RIICHI_RED_FIVES` where red fives are drawn (concealed, the default; melds; none).

Until the rulebook exists, the tests that score with it are skipped; those of the
generator, of the payments and of the comparison itself run.
"""

from __future__ import annotations

import os
import random
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from mjc.compiler.syntax.sources import bundled_rulebooks
from mjc.runtime import parse_hand

from ..conftest import ruleset  # type: ignore[import-not-found]

pytest.importorskip("mahjong", reason="the `mahjong` package is a bench dependency")

from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules
from mahjong.hand_calculating.scores import ScoresCalculator

from bench.riichi_agreement import (
    YAKUMAN,
    Difference,
    by_the_rules,
    compare,
    report,
    rulebook_ids,
    run,
    spec_fan,
)
from bench.riichi_hands import OPTION_DEFAULTS, SITUATIONS, RiichiCase, riichi_case
from bench.riichi_reference import YAKU_IDS, Payments, payments, reference

HANDS = int(os.environ.get("MJC_RIICHI_HANDS", "20000"))
# Where red fives (`0m`) are drawn (`bench.riichi_hands.RED_FIVES`): among the concealed tiles
# by default; MJC_RIICHI_RED_FIVES=none leaves them out, =melds puts some in declared melds.
RED_FIVES = os.environ.get("MJC_RIICHI_RED_FIVES", "concealed")
# Hands per hypothesis example: each example seeds a batch, so that the hands cost what
# scoring them costs, not hypothesis's bookkeeping per example (a failure names the hand).
BATCH = 100

needs_riichi = pytest.mark.skipif(
    "riichi" not in bundled_rulebooks(),
    reason="rulebooks/riichi.mjr is not written yet (issue 24): nothing to compare",
)


def _failure(found: list[Difference], shown: int = 10) -> str:
    more = f"\n... and {len(found) - shown} more" if len(found) > shown else ""
    return "\n".join(str(d) for d in found[:shown]) + more


@needs_riichi
@settings(
    max_examples=max(1, HANDS // BATCH),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(st.integers(min_value=0, max_value=2**64 - 1))
def test_riichi_scores_every_hand_as_mahjong_does(seed: int) -> None:
    book = ruleset("riichi")
    rng = random.Random(seed)
    found: list[Difference] = []
    ids = rulebook_ids(book)
    for _ in range(BATCH):
        found += compare(book, riichi_case(rng, RED_FIVES), ids=ids)
    assert not found, _failure(found)


def _round(case: RiichiCase, ids: dict[str, str] | None = None) -> dict[str, object]:
    """The case as the round JSON of `Ruleset.settle`: one winner, the dealer seat 0, the
    discarder (or the kong's owner) the seat after the winner; `ids` the rulebook's
    ids of its situations and options where they differ (`rulebook_ids`)."""
    other = (case.seat + 1) % 4
    winner = {
        "seat": case.seat,
        "hand": case.notation(),
        # A round's winning tile is a tile kind: the red five is written in the hand alone.
        "win_tile": f"{case.win % 9 + 1}{'mpsz'[case.win // 9]}",
        "self_drawn": case.self_drawn,
        "situations": list(case.situation_names(ids)),
    }
    data: dict[str, object] = {
        "players": 4,
        "dealer": 0,
        "round_wind": "ESWN"[case.round],
        "options": case.option_names(ids),
        "winners": [winner],
        "honba": case.honba,
    }
    scored = case.score_args(ids)
    data["dora_indicators"] = list(scored["dora_indicators"])  # type: ignore[call-overload]
    data["ura_indicators"] = list(scored["ura_indicators"])  # type: ignore[call-overload]
    if "robbing_kong" in case.situations:
        data["robbed_from"] = other
    elif not case.self_drawn:
        data["discarder"] = other
    return data


def _deltas(case: RiichiCase, paid: Payments) -> list[int]:
    """Each seat's gain under `mahjong`'s payments (no 供託 in a settled round)."""
    deltas = [0] * 4
    for seat in range(4):
        if seat == case.seat:
            continue
        if not case.self_drawn:
            owes = paid.main + paid.main_bonus if seat == (case.seat + 1) % 4 else 0
        elif seat == 0:
            owes = paid.main + paid.main_bonus
        else:
            owes = paid.additional + paid.additional_bonus
        deltas[seat] -= owes
        deltas[case.seat] += owes
    return deltas


@needs_riichi
def test_riichi_settles_a_sample_of_wins_as_mahjong_pays() -> None:
    """A round of one win settles to `mahjong`'s payments, its 本場 (`honba 100`) and the
    dora and ura indicators the round turned up included: the cases with no 供託 (a round's
    JSON carries none yet)."""
    book, rng, settled = ruleset("riichi"), random.Random(7), 0
    ids = rulebook_ids(book)
    for _ in range(2000):
        case = riichi_case(rng, RED_FIVES)
        answer = reference(case)
        if case.sticks or answer.paid is None:
            continue
        try:
            deltas = book.settle(_round(case, ids)).deltas
        except ValueError as exc:  # RoundError: the round's JSON, refused
            pytest.fail(f"{case.describe()}: {exc}\n{_round(case, ids)}")
        assert deltas == _deltas(case, answer.paid), f"{case.describe()}: paid {answer.paid}"
        settled += 1
    assert settled >= 100


# ------------------------------------------------------------------ the generator, now


def _cases(n: int = 2000, seed: int = 0) -> list[RiichiCase]:
    rng = random.Random(seed)
    return [riichi_case(rng) for _ in range(n)]


def test_mahjong_accepts_every_case_and_refuses_only_hands_without_a_yaku() -> None:
    errors = Counter(reference(case).error for case in _cases())
    assert set(errors) == {None, "no_yaku"}, errors
    assert 100 <= errors["no_yaku"] <= 400  # 役なし hands are drawn, not too many


def test_every_yaku_and_yakuman_of_the_rulebook_is_drawn() -> None:
    cases = _cases()
    seen = Counter(fan for case in cases for fan, _ in reference(case).yaku)
    missing = set(YAKU_IDS.values()) - set(seen)
    assert not missing, f"never drawn: {sorted(missing)}"
    assert set(seen) >= YAKUMAN


def test_every_situation_form_wind_option_and_bonus_is_drawn() -> None:
    cases = _cases()
    assert {s for c in cases for s in c.situations} == set(SITUATIONS)
    assert {c.form for c in cases} == {"regular", "chiitoitsu", "kokushi", "chuuren"}
    assert {(c.seat, c.round) for c in cases} == {(s, r) for s in range(4) for r in range(4)}
    changed = {name for c in cases for name, _ in c.options}
    assert changed == set(OPTION_DEFAULTS)
    assert {v for c in cases for k, v in c.options if k == "kazoe"} == {"sanbaiman", "none"}
    assert {len(c.dora) for c in cases} == set(range(6))
    assert {c.honba for c in cases} == set(range(6)) and {c.sticks for c in cases} == set(range(4))
    assert any(c.ura and not {"riichi", "double_riichi"} & set(c.situations) for c in cases)
    assert any(c.red for c in cases) and any(c.win_red for c in cases)
    kinds = Counter((m.kind, m.exposed) for c in cases for m in c.melds)
    assert set(kinds) == {("chow", True), ("pung", True), ("kong", True), ("kong", False)}
    assert any(c.closed and c.melds for c in cases)  # closed kongs keep a hand closed
    assert 0.3 < sum(c.self_drawn for c in cases) / len(cases) < 0.6


def test_the_blessings_hold_only_where_they_can() -> None:
    """天和 for the dealer's tsumo, 地和 a non-dealer's tsumo, 人和 a non-dealer's ron; all on a
    hand with no meld; 一発 only after 立直; 嶺上開花 with a kong and tsumo; 槍槓 on a ron of a
    tile held once."""
    for c in _cases():
        s = set(c.situations)
        if s & {"heavenly", "earthly", "human"}:
            assert not c.melds and len(s) == 1
            assert c.dealer == ("heavenly" in s)
            assert c.self_drawn == ("human" not in s)
        if "ippatsu" in s:
            assert s & {"riichi", "double_riichi"}
        if s & {"riichi", "double_riichi"}:
            assert c.closed
        if "kong_bloom" in s:
            assert c.self_drawn and any(m.kind == "kong" for m in c.melds)
        if "robbing_kong" in s:
            held = [*c.concealed, *(t for m in c.melds for t in m.tiles)].count(c.win)
            assert not c.self_drawn and held == 1


@pytest.mark.parametrize("where", ["concealed", "melds"])
def test_every_case_parses_in_mjc_notation_as_the_tiles_drawn(where: str) -> None:
    """The notation parses to the case's tiles, melds, winning tile and red fives (`0m`)."""
    rng = random.Random(1)
    for case in (riichi_case(rng, where) for _ in range(2000)):
        hand = parse_hand(case.notation(), case.win_text())
        assert hand.concealed == case.concealed, case.describe()
        assert hand.win_tile == case.win
        declared = [(m.kind, m.tile, m.concealed) for m in hand.melds]
        assert declared == [(m.kind, m.low, not m.exposed) for m in case.melds]
        reds = [9 * s + 4 for s in case.red] + [m.low // 9 * 9 + 4 for m in case.melds if m.red]
        assert hand.red_fives == tuple(sorted(reds)), case.describe()


@pytest.mark.parametrize("where", ["concealed", "melds", "none"])
def test_the_136_tiles_hold_a_red_five_exactly_where_the_notation_writes_0(where: str) -> None:
    rng = random.Random(2)
    for case in (riichi_case(rng, where) for _ in range(1000)):
        tiles, win, _ = case.tiles136()
        assert len(set(tiles)) == len(tiles) and win in tiles
        red = {t // 36 for t in tiles if t in (16, 52, 88)}
        assert red == set(case.red) | {m.low // 9 for m in case.melds if m.red}
        assert case.notation().count("0") == len(red)
        assert (win in (16, 52, 88)) == case.win_red
        assert where != "none" or not red
        assert where == "melds" or not any(m.red for m in case.melds)


def test_the_round_of_a_case_is_a_round_json_with_its_one_win() -> None:
    """The round `Ruleset.settle` is given for a case."""
    from mjc.runtime import parse_round

    rng = random.Random(3)
    for case in (riichi_case(rng) for _ in range(300)):
        outcome = parse_round(_round(case))
        assert [w.seat for w in outcome.winners] == [case.seat]
        assert (outcome.discarder is None) == (case.self_drawn or "robbing_kong" in case.situations)


def test_cases_are_fixed_by_their_seed() -> None:
    assert _cases(200, 3) == _cases(200, 3) != _cases(200, 4)


# ------------------------------------------------------------------ payments and comparison


def _base(
    han: int, fu: int, yakuman: bool = False, kiriage: bool = False, kazoe: object = "yakuman"
) -> int:
    """Base points by the usual table: 8,000 a yakuman (13 han each, six at most); a hand
    of 13 han or more with no yakuman a 数え役満 (`kazoe` yakuman), a 三倍満 (sanbaiman) or
    13 han each (none); 切り上げ満貫 at 4 han 30 fu and 3 han 60 fu with `kiriage`."""
    if yakuman or (han >= 13 and kazoe == "none"):
        return 8000 * min(6, han // 13)
    if han >= 13:
        return 8000 if kazoe == "yakuman" else 6000
    for least, points in ((11, 6000), (8, 4000), (6, 3000), (5, 2000)):
        if han >= least:
            return points
    if kiriage and (han, fu) in ((4, 30), (3, 60)):
        return 2000
    return min(2000, fu << (han + 2))  # fu × 2 ** (han + 2)


@pytest.mark.parametrize("dealer", [False, True])
@pytest.mark.parametrize("self_drawn", [False, True])
def test_payments_of_base_points_are_mahjongs_on_a_grid(dealer: bool, self_drawn: bool) -> None:
    for han in (1, 2, 3, 4, 5, 6, 7, 8, 10, 11, 12, 13, 26):
        for fu in (20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110):
            for honba in (0, 1, 3):
                for sticks in (0, 2):
                    config = HandConfig(
                        is_tsumo=self_drawn,
                        player_wind=27 if dealer else 28,
                        tsumi_number=honba,
                        kyoutaku_number=sticks,
                        options=OptionalRules(),
                    )
                    cost = ScoresCalculator.calculate_scores(han, fu, config, han >= 26)
                    ours = payments(
                        _base(han, fu, han >= 26),
                        dealer=dealer,
                        self_drawn=self_drawn,
                        honba=honba,
                        sticks=sticks,
                    )
                    theirs = Payments(
                        cost["main"],
                        cost["additional"],
                        cost["main_bonus"],
                        cost["additional_bonus"],
                        cost["kyoutaku_bonus"],
                        cost["total"],
                    )
                    assert ours == theirs, (han, fu, honba, sticks)


@dataclass(frozen=True)
class _Fan:
    id: str
    count: int
    value: int


@dataclass(frozen=True)
class _Score:
    win: bool
    fans: tuple[_Fan, ...] = ()
    total: int = 0
    fu: int | None = None
    fu_parts: tuple[tuple[str, int], ...] = ()
    limit: str | None = None
    points: int | None = None
    reason: str | None = None


class _Calculator:
    """A stand-in for the rulebook that answers what `mahjong` answers, read by the rules,
    or `spoil`ed: what the comparison must then find."""

    def __init__(self, cases: list[RiichiCase], spoil: str | None = None) -> None:
        self.answers = {(c.notation(), c.win_text(), c.situations, c.dora, c.ura): c for c in cases}
        self.spoil = spoil

    def score(self, hand: str, **args: object) -> _Score:
        key = (hand, args["win"], args["situations"], *self._indicators(args))
        case = self.answers[key]  # type: ignore[index]
        expected = by_the_rules(case, reference(case))
        if not expected.wins:
            return _Score(False, reason="no yaku")
        fans = tuple(_Fan(f, c, h) for f, (c, h) in expected.fans.items())
        fu = expected.fu
        if self.spoil == "fu" and fu is not None:
            fu += 10
        han = expected.han + (self.spoil == "han")
        if self.spoil == "yaku":
            fans += (_Fan("chun", 1, 0),)
        yakuman = bool(YAKUMAN & set(expected.fans))
        kiriage, kazoe = case.option("kiriage"), case.option("kazoe")
        points = _base(expected.han, expected.fu or 0, yakuman, bool(kiriage), kazoe)
        return _Score(
            True,
            fans,
            han,
            fu,
            tuple(expected.fu_parts.items()),
            expected.limit,
            points,
        )

    @staticmethod
    def _indicators(args: dict[str, object]) -> tuple[tuple[int, ...], tuple[int, ...]]:
        def tiles(texts: object) -> tuple[int, ...]:
            return tuple(9 * "mpsz".index(t[1]) + int(t[0]) - 1 for t in texts)  # type: ignore[attr-defined]

        return tiles(args["dora_indicators"]), tiles(args["ura_indicators"])


def test_the_comparison_agrees_with_an_answer_read_by_the_rules() -> None:
    cases = _cases(1000, 11)
    book = _Calculator(cases)
    found = [d for c in cases for d in compare(book, c)]  # type: ignore[arg-type]
    assert not found, _failure(found[:5])


@pytest.mark.parametrize("spoil", ["fu", "han", "yaku"])
def test_the_comparison_finds_a_spoiled_answer_by_its_field(spoil: str) -> None:
    cases = _cases(300, 11)
    book = _Calculator(cases, spoil)
    fields = Counter(d.field for c in cases for d in compare(book, c))  # type: ignore[arg-type]
    assert fields[spoil] > 0


def test_the_agreement_report_counts_the_cases_and_groups_each_field_by_fan() -> None:
    cases = _cases(300, 5)
    text = report(run(_Calculator(cases, "yaku"), 300, 5, keep=2))  # type: ignore[arg-type]
    head, yaku = text.splitlines()[:2]
    assert head.startswith("cases 300 (役なし ") and "agree " in head
    assert yaku.split()[0] == "yaku" and "+chun (" in yaku
    assert "-- yaku: 2 example(s)" in text
    assert text.count("    mahjong: ") == 2 * text.count("\n-- ")  # two of each field


class _Book:
    def __init__(self, flags: tuple[str, ...], options: tuple[str, ...] = ()) -> None:
        self.spec = type("Spec", (), {"situation_flags": flags})()
        self.options = tuple(type("Option", (), {"id": o})() for o in options)


def test_the_rulebooks_situations_and_options_are_found_by_their_word() -> None:
    """A situation or an option may not share a fan's id (E0102): 立直 may be
    `riichi_declared`, ダブル立直 `double_riichi_declared` (not 立直's), 一発 `ippatsu_chance`,
    the option renhou_yakuman `renhou_limit`; ids that are the case's own need no name."""
    named = _Book(
        ("riichi_declared", "double_riichi_declared", "ippatsu_chance", "kong_bloom"),
        ("kuitan", "renhou_limit", "red_fives"),
    )
    assert rulebook_ids(named) == {  # type: ignore[arg-type]
        "riichi": "riichi_declared",
        "double_riichi": "double_riichi_declared",
        "ippatsu": "ippatsu_chance",
        "renhou_yakuman": "renhou_limit",
    }
    assert rulebook_ids(_Book(("riichi", "double_riichi", "ippatsu"))) == {}  # type: ignore[arg-type]
    case = next(c for c in _cases() if "double_riichi" in c.situations)
    args = case.score_args(rulebook_ids(named))  # type: ignore[arg-type]
    assert "double_riichi_declared" in args["situations"]  # type: ignore[operator]
    case = next(c for c in _cases() if dict(c.options).get("renhou_yakuman"))
    assert case.score_args(rulebook_ids(named))["options"]["renhou_limit"] is True  # type: ignore[arg-type,index]


def test_a_rulebooks_fan_is_read_by_the_spec_id_it_begins_with() -> None:
    """A fan may not take a situation's or a builtin's name: `riichi_fan` is 立直,
    `double_riichi_fan` ダブル立直 (the longest id it begins with), `seat_wind_pung` 自風;
    the spec's own ids (`kokushi_13`, `renhou_yakuman`) are themselves."""
    assert spec_fan("riichi_fan") == "riichi"
    assert spec_fan("double_riichi_fan") == "double_riichi"
    assert spec_fan("seat_wind_pung") == "seat_wind"
    assert spec_fan("kokushi_13") == "kokushi_13" and spec_fan("renhou_yakuman") == "renhou_yakuman"
    assert spec_fan("mystery") == "mystery"


CHECKED = ("riichi", "double_riichi", "ippatsu", "menzen_tsumo", "tanyao")
COUNTED_HERE = ("dora", "red_dora", "ura_dora")


@pytest.mark.parametrize("where", ["concealed", "melds"])
def test_indicators_red_fives_and_riichi_reach_mjc_as_mahjong_reads_them(where: str) -> None:
    """The harness's own plumbing, before the rulebook: scored by a rulebook of these fans
    alone (riichi_dora.mjr), every winning case without a yakuman counts the dora, red dora
    and ura dora `mahjong` counts — indicators, red fives anywhere in the hand, ura only
    after 立直 — and finds 立直, ダブル立直, 一発, 門前清自摸和 and 断么九 (喰いタン) as it does;
    no situation is refused."""
    from mjc.compiler.loader import load

    book = load(str(Path(__file__).with_name("riichi_dora.mjr"))).ruleset
    assert book is not None
    ids = rulebook_ids(book)
    rng, compared = random.Random(6), 0
    for case in (riichi_case(rng, where) for _ in range(1600)):
        answer = reference(case)
        theirs = {fan: count for fan, (count, _) in answer.yaku}
        if not answer.wins or set(theirs) & YAKUMAN:
            continue
        score = book.score(case.notation(), **case.score_args(ids))  # type: ignore[arg-type]
        ours = {f.id: f.count for f in score.fans}
        wanted = {f: c for f, c in theirs.items() if f in CHECKED + COUNTED_HERE}
        assert ours == wanted, case.describe()
        compared += 1
    assert compared >= 1000
