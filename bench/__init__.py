"""mjc's benchmark command, `python -m bench` (the Makefile's `bench` target).

In one run it measures our rules engine beside the `mahjong` package on the same fixed-seed corpus
of hands and prints both figures with their ratio and DESIGN.md's target: win checks per second
(`bench.suites.win_benchmark`), scored hands per second (`scoring_benchmark`) and the compile time
of every bundled rulebook (`compile_benchmark`), and the cold start of `mjc check`, of `mjc score`
and of importing a generated module (`bench.startup`). A second group, win checks with 1-4 wild
tiles (`wild_benchmark`, run and described by `bench.wildreport`; `--only wilds` alone), compares
the prepared check of `mjc.runtime.wins.wilds.make_wild_checker` with the recursive search of
`bench.recursive` on the wild corpus of `bench.wilds`, since no peer library supports wilds. The
Chinese Official rulebook (MCR) is scored and win-checked beside PyMahjongGB on hands of the
differential test's generator (`bench.mcr`, `bench.mcr_hands`), and the Riichi rulebook beside
`mahjong`'s HandCalculator on the agreement harness's hands, checked to agree before they are timed
(`bench.riichi`; goal: 20 times its hands a second). The corpora are built by `bench.corpus` and
`bench.wilds`, timed by `bench.timing` and rendered by `bench.report` as one table, the machine and
the runs above it, and as JSON (`--json PATH`). Performance is measured here, never by timed tests.

Beside the benchmark, the Riichi rulebook's agreement with `mahjong` (issue 24) lives here too,
shared by tests/differential/test_riichi_mahjong.py and its script `python -m
bench.riichi_agreement`: the cases of `bench.riichi_hands` (their shapes in
`bench.riichi_shapes`), `mahjong`'s answer in the rulebook's words (`bench.riichi_reference`)
and the comparison (`bench.riichi_agreement`)."""

from __future__ import annotations

__all__ = ["DEFAULT_HANDS", "DEFAULT_SEED", "QUICK_HANDS"]

DEFAULT_SEED = 20240601
DEFAULT_HANDS = 20_000
QUICK_HANDS = 2_000
