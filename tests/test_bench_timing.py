"""The benchmark's timing helper (`bench.timing`): fresh passes meet items no earlier pass met."""

from __future__ import annotations

from bench.timing import Contestant, time_interleaved


def test_fresh_passes_each_take_their_own_slice_warm_up_first() -> None:
    seen: list[int] = []
    items = list(range(12))
    timing = time_interleaved([Contestant(seen.append, items, fresh=True)], repeats=3, warmup=1)
    assert timing[0].items == 3  # 12 items, 4 passes
    assert seen == items  # the warm-up slice, then one new slice per timed pass
    assert len(timing[0].runs) == 3


def test_passes_that_are_not_fresh_repeat_every_item() -> None:
    seen: list[int] = []
    timing = time_interleaved([Contestant(seen.append, [1, 2], fresh=False)], repeats=2)
    assert seen == [1, 2] * 3 and timing[0].items == 2


def test_fewer_items_than_passes_repeat_rather_than_time_nothing() -> None:
    seen: list[int] = []
    timing = time_interleaved([Contestant(seen.append, [7, 8], fresh=True)], repeats=3)
    assert timing[0].items == 1 and len(seen) == 4 and set(seen) <= {7, 8}


def test_interleaved_fresh_contestants_meet_the_same_slice_in_a_pass() -> None:
    """Both sides of a comparison score the same hands in each pass."""
    ours: list[int] = []
    theirs: list[int] = []
    items = list(range(8))
    time_interleaved(
        [Contestant(ours.append, items, fresh=True), Contestant(theirs.append, items, fresh=True)],
        repeats=3,
    )
    assert sorted(ours) == sorted(theirs) == items
