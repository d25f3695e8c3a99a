"""The per-suit tables are read whole only when a process needs them whole
(`mjc.runtime.tiles.tables`): until then a key a hand or a split meets is worked out one by
one. Each test that needs a process whose tables are not whole yet runs in a new interpreter
(this one's may have filled them already); the working out itself is checked here against
the built tables, on every key they hold and on keys they do not."""

from __future__ import annotations

import os
import random
import subprocess
import sys
import textwrap
from itertools import product

import pytest

from mjc.runtime.tiles import tables
from mjc.usercache import CACHE_ENV


def _run(code: str) -> None:
    """Run `code` in a new interpreter without a cache folder; fail with its error."""
    env = {**os.environ, CACHE_ENV: ""}
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        capture_output=True,
        text=True,
        env=env,
        check=False,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr


@pytest.fixture(scope="module")
def built() -> tuple[tables.Entries, tables.Entries]:
    return tables._entries()


def test_a_key_worked_out_has_the_value_the_built_tables_give_it(
    built: tuple[tables.Entries, tables.Entries],
) -> None:
    suits, honours = built
    for entries, chows in ((suits, True), (honours, False)):
        for key, (_, value) in entries.items():
            assert tables._value(key, chows) == value, key
    # Every honour key of counts 0-4, and suit keys near the table's and at random.
    for counts in product(range(5), repeat=7):
        key = bytes(counts)
        assert tables._value(key, False) == honours.get(key, (key, 0))[1], key
    rng = random.Random(26)
    near = [
        key[:rank] + bytes((key[rank] + step,)) + key[rank + 1 :]
        for key in list(suits)[::5]
        for rank in range(9)
        for step in (-1, 1)
        if 0 <= key[rank] + step <= 5
    ]
    drawn = [bytes(rng.choice((0, 0, 0, 1, 1, 2, 3, 4)) for _ in range(9)) for _ in range(20_000)]
    for key in near + drawn:
        assert tables._value(key, True) == suits.get(key, (key, 0))[1], key


def test_scoring_hands_reads_only_the_keys_it_meets_and_scores_as_the_whole_tables() -> None:
    _run(
        """
        from mjc.runtime.tiles import tables
        from mjc.runtime.tiles.hand import parse_hand
        from mjc.runtime.wins.arrange import is_standard_win

        texts = ["222m345m666m789m55m", "123m456p789s11122z", "19m19p19s1234567z1m"]
        texts.append("1112345678999m")

        def read(hand):
            rows = tables.split_rows(hand.suit_keys[0], True)
            return hand.split_value, is_standard_win(hand), rows

        hands = [parse_hand(text) for text in texts]
        found = [read(h) for h in hands]
        assert not tables.READING.whole and 0 < len(tables.SUIT_TABLE) < 50
        keys = [h.suit_keys for h in hands]
        tables.fill_tables()
        assert len(tables.SUIT_TABLE) == 21743 and len(tables.HONOUR_TABLE) == 498
        again = [parse_hand(text) for text in texts]
        assert [read(h) for h in again] == found
        # A key met before the tables were whole stays the one object hands hold.
        of_suit = (tables.SUIT_ENTRIES,) * 3 + (tables.HONOUR_ENTRIES,)
        for before, after in zip(keys, again):
            for old, new, entries in zip(before, after.suit_keys, of_suit):
                if old in entries:
                    assert new is old and entries[old][0] is old
        assert all(tables.SUIT_ENTRIES[key][0] is key for key in tables.SUIT_TABLE)
        assert tables.table_of(tables.SUIT_ENTRIES) == tables.SUIT_TABLE
        """
    )


def test_a_reader_that_takes_absence_for_no_split_fills_the_tables_first() -> None:
    _run(
        """
        from mjc.runtime.tiles import tables
        from mjc.runtime.tiles.hand import parse_hand
        from mjc.runtime.wins.waitsets import standard_waits

        hand = parse_hand("123m456m789m1234p")
        assert not tables.READING.whole
        assert sorted(standard_waits(hand.counts)) == [9, 9 + 3]  # 1p 4p
        assert tables.READING.whole
        """
    )


def test_a_process_that_meets_many_keys_reads_the_tables_whole() -> None:
    _run(
        """
        from itertools import product
        from mjc.runtime.tiles import tables

        for n, counts in enumerate(product(range(3), repeat=9)):
            tables.suit_entry(bytes(counts))
            if n == tables.MET_AT_MOST - 1:
                assert not tables.READING.whole
        assert tables.READING.whole and len(tables.SUIT_TABLE) == 21743
        """
    )


def test_the_packages_public_tables_are_whole() -> None:
    """`mjc.runtime.tiles.SUIT_TABLE` (a public name) is the whole table, in a process that
    met only a few keys before reading it."""
    import subprocess
    import sys

    code = (
        "import mjc.runtime.tiles as t\n"
        "from mjc.runtime import parse_hand\n"
        "parse_hand('123m456p789s11z', '1z')\n"
        "print(len(t.SUIT_TABLE), len(t.HONOUR_TABLE))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    from mjc.runtime.tiles.tables import HONOUR_TABLE, SUIT_TABLE, fill_tables

    fill_tables()
    assert done.stdout.split() == [str(len(SUIT_TABLE)), str(len(HONOUR_TABLE))]
    assert len(SUIT_TABLE) > 20_000
