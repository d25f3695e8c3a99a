"""Smoke test of the benchmark command (`python -m bench`): its corpora, its conversions and its
agreement checks on tiny corpora (the wild-tile group's too). Nothing here asserts a timing:
speed is measured by the benchmark, never by tests."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

pytest.importorskip("mahjong")  # the `bench` extra

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # `bench/` sits at the repo root and is not installed
    sys.path.insert(0, str(ROOT))

from mahjong.agari import Agari  # noqa: E402

from bench.__main__ import main  # noqa: E402
from bench.corpus import (  # noqa: E402
    build_corpus,
    check_win_agreement,
    is_special_shape,
    notation,
)
from bench.recursive import recursive_win_with_wilds  # noqa: E402
from bench.rounds import OTHER_RULEBOOKS  # noqa: E402
from bench.suites import rulebook_wilds, scoring_check  # noqa: E402
from bench.wilds import (  # noqa: E402
    WILD,
    WILD_COUNTS,
    build_wild_corpus,
    check_wild_agreement,
)
from mjc.runtime import Hand, Ruleset, parse_hand  # noqa: E402
from mjc.runtime.wins.arrange import STANDARD  # noqa: E402
from mjc.runtime.wins.wilds import _is_win_general, make_wild_checker  # noqa: E402

SEED = 7
SIZE = 60


def test_corpus_is_fixed_by_its_seed_and_half_built_to_win() -> None:
    first, second = build_corpus(SIZE, SEED), build_corpus(SIZE, SEED)
    assert [notation(c.deal) for c in first.win_cases] == [
        notation(c.deal) for c in second.win_cases
    ]
    assert len(first.win_cases) == SIZE
    assert sum(c.deal.built_to_win for c in first.win_cases) == SIZE // 2
    assert len(first.scoring_cases) == SIZE // 2
    other = build_corpus(SIZE, SEED + 1)
    assert [notation(c.deal) for c in other.win_cases] != [
        notation(c.deal) for c in first.win_cases
    ]


def test_both_representations_hold_the_same_tiles() -> None:
    corpus = build_corpus(SIZE, SEED, open_share=0.5)
    for case in corpus.win_cases:
        assert case.tiles34 == case.deal.counts()
        assert sum(case.tiles34) == 14
        assert list(case.hand.counts) == case.deal.counts()
    assert any(scored.deal.exposed for scored in corpus.scoring_cases)
    for scored in corpus.scoring_cases:
        counts = [0] * 34
        for tile in scored.tiles136:
            counts[tile // 4] += 1
        assert counts == scored.deal.counts()
        assert scored.win136 in scored.tiles136
        assert scored.win136 // 4 == scored.deal.win_tile == scored.hand.win_tile
        assert len(scored.hand.melds) == len(scored.melds) == len(scored.deal.exposed)
        assert len(set(scored.tiles136)) == 14  # no 136-format tile used twice


def test_special_shapes_are_recognised() -> None:
    seven_pairs = [0] * 34
    for t in (0, 3, 10, 12, 20, 27, 33):
        seven_pairs[t] = 2
    orphans = [0] * 34
    for t in (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33):
        orphans[t] = 1
    orphans[33] = 2
    plain = [0] * 34
    for t in (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11):
        plain[t] = 1
    plain[27] = 2
    assert is_special_shape(seven_pairs)
    assert is_special_shape(orphans)
    assert not is_special_shape(plain)


def test_win_checks_agree_on_a_tiny_corpus(guangdong: Ruleset) -> None:
    corpus = build_corpus(SIZE, SEED)
    agreement = check_win_agreement(corpus.win_cases, guangdong.is_win, Agari().is_agari)
    assert agreement.ok, agreement.disagreements
    assert agreement.agree == SIZE
    assert agreement.ours_win >= SIZE // 2  # every hand built to win wins


def test_both_sides_score_every_winning_hand(guangdong: Ruleset) -> None:
    corpus = build_corpus(SIZE, SEED, open_share=0.5)
    check = scoring_check(corpus, guangdong)
    assert check.ok, check.problems
    assert check.ours_scored == check.hands == SIZE // 2
    # `mahjong` may find no yaku in an open hand, but it never calls a hand not winning.
    assert check.theirs_scored + sum(check.theirs_errors.values()) == check.hands
    assert set(check.theirs_errors) <= {"no_yaku"}


def test_command_prints_one_json_document(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["--hands", "20", "--repeats", "1", "--seed", str(SEED), "--rounds", "2", "--json"]
    assert main(args) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["corpus"]["hands"] == 20
    assert doc["corpus"]["seed"] == SEED
    assert doc["agreement"]["agree"] == 20
    names = [row["name"] for row in doc["results"]]
    assert "win checks / s" in names
    assert "scored hands / s" in names
    # the other four seed rulebooks score the same hands beside mahjong, row by row
    assert {"meizhou", "chaozhou", "baise", "shanghai"} <= set(names)
    assert "compile guangdong" in names
    assert "cold start: mjc score guangdong" in names and "cold start: import module" in names
    assert doc["wilds"]["agreement"]["agree"] == doc["wilds"]["corpus"]["hands"] == 20
    wild_rows = [row for row in doc["results"] if row["baseline"] == "recursive"]
    assert [row["name"] for row in wild_rows][:5] == [
        "win checks with wilds / s",
        "1 wild",
        "2 wilds",
        "3 wilds",
        "4 wilds",
    ]
    assert all(row["recursive"] > 0 and row["mjc"] > 0 for row in wild_rows)
    assert "shanten (13 tiles, standard)" in names
    assert doc["play"]["shanten_agreement"]["ok"]
    engines = {e["name"]: e for e in doc["play"]["rounds"]["engines"]}
    ours = {"mjc", *(f"mjc {name}" for name in OTHER_RULEBOOKS)}
    assert set(engines) == {*ours, "RLCard", "riichienv"}
    # A peer either has its figure or says exactly why not; ours waits for the engine.
    for engine in engines.values():
        assert (engine["rounds_per_s"] is None) == (engine["error"] is not None)
    if doc["mcr"] is not None:  # PyMahjongGB installed (a dev dependency)
        assert doc["mcr"]["hands"] == 10  # half the corpus: each fresh pass has its slice
        assert "MCR scored hands / s" in names and "MCR win checks / s" in names
        agreement = doc["mcr"]["agreement"]
        assert agreement["score_agree"] == agreement["scored"] == 10
        assert agreement["win_agree"] == agreement["checked"] == 20
    # Riichi beside mahjong's HandCalculator, on as many hands as the corpus, all agreeing
    assert doc["riichi"]["hands"] == 20
    assert doc["riichi"]["agreement"]["agree"] == 20
    riichi = next(row for row in doc["results"] if row["name"] == "Riichi scored hands / s")
    assert riichi["baseline"] == "mahjong" and riichi["ratio"] > 0 and riichi["target_ratio"] == 20


# --------------------------------------------------------------------------- wilds

STANDARD_ONLY = frozenset({STANDARD})


def _ours(hand: Hand) -> bool:
    prepared = make_wild_checker(WILD, STANDARD_ONLY)(hand)
    assert prepared is _is_win_general(hand, (WILD,), STANDARD_ONLY)
    return prepared


def _recursive(counts: list[int]) -> bool:
    return recursive_win_with_wilds(counts, WILD)


def test_wild_corpus_is_fixed_by_its_seed_and_holds_k_wilds() -> None:
    first, second = build_wild_corpus(SIZE, SEED), build_wild_corpus(SIZE, SEED)
    assert [notation(c.deal) for c in first.all_cases] == [
        notation(c.deal) for c in second.all_cases
    ]
    assert first.size == len(first.all_cases) == SIZE
    for k in WILD_COUNTS:
        cases = first.cases[k]
        assert len(cases) == SIZE // len(WILD_COUNTS)
        assert sum(c.deal.built_to_win for c in cases) == (len(cases) + 1) // 2
        for case in cases:
            assert case.wilds == k
            assert case.tiles34[WILD] == case.hand.counts[WILD] == k
            assert list(case.hand.counts) == case.tiles34
            assert sum(case.tiles34) == 14 and max(case.tiles34) <= 4
    other = build_wild_corpus(SIZE, SEED + 1)
    assert [notation(c.deal) for c in other.all_cases] != [
        notation(c.deal) for c in first.all_cases
    ]


def test_wild_checks_agree_on_a_tiny_corpus() -> None:
    corpus = build_wild_corpus(SIZE, SEED)
    before = [list(c.tiles34) for c in corpus.all_cases]
    agreement = check_wild_agreement(corpus.all_cases, _ours, _recursive)
    assert agreement.ok, agreement.disagreements
    assert agreement.agree == SIZE
    assert agreement.built_to_win == sum((len(corpus.cases[k]) + 1) // 2 for k in WILD_COUNTS)
    assert agreement.built_lost == 0  # every hand built to win wins
    assert agreement.ours_win >= agreement.built_to_win
    assert [c.tiles34 for c in corpus.all_cases] == before  # the search restores its counts


@pytest.mark.parametrize(
    ("text", "wins"),
    [
        ("123m456m789p13s11s5z", True),  # the wild is 2s
        ("123m456m789p1s5z5z5z5z", True),  # 1s + wild pair, three wilds as a set
        ("123m456m789p11s5z5z5z", True),  # 555z standing for itself
        ("89m456m789p111s22z5z", True),  # 7m from the wild
        ("19m456m789p111s22z5z", False),
        ("13579m2468p1357s5z", False),
    ],
)
def test_recursive_search_on_known_hands(text: str, wins: bool) -> None:
    hand = parse_hand(text)
    counts = list(hand.counts)
    assert recursive_win_with_wilds(counts, WILD) is wins
    assert _ours(hand) is wins
    assert counts == list(hand.counts)


def test_a_missing_rulebook_skips_its_row() -> None:
    skipped = rulebook_wilds(build_wild_corpus(8, SEED), "no_such_rulebook")
    assert skipped.options is None and skipped.ruleset is None
    assert "not bundled" in skipped.note


@pytest.mark.slow  # the whole bench; --only wilds below checks the same in a second
def test_a_wild_disagreement_fails_the_command(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import bench.suites

    monkeypatch.setattr(bench.suites, "_recursive_check", lambda counts: False)
    assert main(["--hands", "8", "--repeats", "1", "--seed", str(SEED), "--rounds", "2"]) == 1
    out = capsys.readouterr().out
    assert "DISAGREEMENT:" in out and "recursive False" in out


# --------------------------------------------------------------------------- whole rounds


@pytest.mark.parametrize("package", ["rlcard", "riichienv"])
def test_a_peer_plays_whole_rounds_with_random_bots(package: str) -> None:
    """Each peer's round function plays a round to its end (installed by the bench extra)."""
    pytest.importorskip(package)
    from bench.rounds import riichienv_rounds, rlcard_rounds

    play = rlcard_rounds(SEED) if package == "rlcard" else riichienv_rounds(SEED)
    assert play(0) is not None and play(1) is not None


def test_only_rounds_runs_the_rounds_section_alone(capsys: pytest.CaptureFixture[str]) -> None:
    """`--only rounds`: every engine's row (figure or error), and no other section."""
    args = ["--only", "rounds", "--rounds", "2", "--repeats", "1", "--seed", str(SEED), "--json"]
    assert main(args) == 0
    doc = json.loads(capsys.readouterr().out)
    assert set(doc) == {"versions", "repeats", "rounds"}
    engines = {e["name"]: e for e in doc["rounds"]["engines"]}
    assert set(engines) == {
        "mjc",
        *(f"mjc {name}" for name in OTHER_RULEBOOKS),
        "RLCard",
        "riichienv",
    }
    for engine in engines.values():
        assert (engine["rounds_per_s"] is None) == (engine["error"] is not None)


def test_only_wilds_runs_the_wild_section_alone(capsys: pytest.CaptureFixture[str]) -> None:
    """`--only wilds`: the wild rows beside the recursive search, per wild count, with the
    agreement, and no other section."""
    assert main(["--only", "wilds", "--hands", "8", "--repeats", "1", "--seed", str(SEED)]) == 0
    text = capsys.readouterr().out
    assert "wild win/no-win agreement (mjc vs recursive search): 8/8 hands" in text
    assert "1 wild " in text and "4 wilds" in text and "scored hands" not in text
    assert main(["--only", "wilds", "--hands", "8", "--repeats", "1", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert set(doc) == {"machine", "versions", "repeats", "wilds", "results"}
    assert doc["wilds"]["agreement"]["agree"] == 8
    assert {row["baseline"] for row in doc["results"]} == {"recursive"}


def test_a_wild_disagreement_fails_the_wild_section_alone(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import bench.suites

    monkeypatch.setattr(bench.suites, "_recursive_check", lambda counts: False)
    assert main(["--only", "wilds", "--hands", "8", "--repeats", "1", "--seed", str(SEED)]) == 1
    assert "DISAGREEMENT:" in capsys.readouterr().out


def test_only_startup_runs_the_cold_start_section_alone(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """`--only startup`: the cold-start rows (here made up, not measured) with `mjc check`'s
    goal, and no other section."""
    import bench.__main__ as bench_main
    from bench.report import Row
    from bench.startup import CHECK_START_GOAL_S
    from bench.timing import Timing

    rows = [Row.seconds("cold start: mjc check", Timing((0.2,)), target_value=CHECK_START_GOAL_S)]
    monkeypatch.setattr(bench_main, "startup_benchmark", lambda runs: rows)
    assert main(["--only", "startup", "--repeats", "1", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert set(doc) == {"machine", "versions", "repeats", "results"}
    assert [row["name"] for row in doc["results"]] == ["cold start: mjc check"]


def test_an_engine_that_cannot_play_is_reported_not_fatal() -> None:
    """A peer that fails names its error; an engine with nothing to time says so."""
    from bench.rounds import _prepared

    def broken(seed: int) -> None:
        raise ImportError("No module named 'rlcard'")

    play, error = _prepared(broken, SEED)
    assert play is None and error == "ImportError: No module named 'rlcard'"
    play, error = _prepared(lambda seed: None, SEED)
    assert play is None and error is not None and "not measured yet" in error
    play, error = _prepared(lambda seed: lambda n: n, SEED)
    assert error is None and play is not None and play(3) == 3


def test_the_engines_passes_are_interleaved_and_one_failing_while_timed_stops_no_other(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Every engine plays one pass in turn, the order rotating; an engine that fails in its
    third pass (after its warm-up) is reported with its error, the others keep their figures."""
    import bench.rounds as bench_rounds

    order: list[str] = []

    def engine(name: str, fails_at: int | None = None) -> object:
        calls = [0]

        def build(seed: int) -> object:
            def play(n: int) -> object:
                calls[0] += 1
                if n == 0:
                    order.append(name)
                if fails_at is not None and calls[0] > fails_at:
                    raise RuntimeError("lost its table")
                return n

            return play

        return build

    engines = (
        ("mjc", "mjc", "ours", engine("mjc")),
        ("peer", "riichienv", "theirs", engine("peer")),
        ("flaky", "rlcard", "flaky", engine("flaky", fails_at=2 * 2)),
    )
    monkeypatch.setattr(bench_rounds, "_ENGINES", engines)
    results = bench_rounds.rounds_benchmark(10, 3, SEED)
    # flaky plays 2 rounds a pass (RLCard's share): it fails in the first round of its second
    # timed pass and is not called again
    assert order == [
        *("mjc", "peer", "flaky"),  # the warm-up passes, one engine after another
        *("mjc", "peer", "flaky"),  # timed, round 1
        *("peer", "flaky", "mjc"),  # round 2: the order rotates
        *("mjc", "peer"),  # round 3 (flaky's turn comes first, and it plays no more)
    ]
    by_name = {r.name: r for r in results}
    assert by_name["mjc"].timing is not None and len(by_name["mjc"].timing.runs) == 3
    assert by_name["peer"].timing is not None and by_name["peer"].error is None
    assert (
        by_name["flaky"].timing is None and by_name["flaky"].error == "RuntimeError: lost its table"
    )


def test_our_rounds_are_timed_through_the_engines_play_round(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With a `PlayRound` present (here the simulation tests' double), the mjc row is timed;
    without one it says the engine is not available."""
    import mjc.compiler.cli.simulate as cli_simulate
    from bench.rounds import mjc_rounds
    from mjc.compiler.cli.parser import UsageError

    def missing() -> object:
        raise UsageError("the game engine is not available")

    monkeypatch.setattr(cli_simulate, "engine_play_round", missing)
    assert mjc_rounds(SEED) is None
    import sim_double

    monkeypatch.setattr(cli_simulate, "engine_play_round", lambda: sim_double.fake_round)
    play = mjc_rounds(SEED)
    assert play is not None and play(0) is not None
