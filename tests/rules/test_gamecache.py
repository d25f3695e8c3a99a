"""`mjc.runtime.rules.gamecache`: what a Ruleset prepares once per option setting is found again
for the same setting, prepared anew for another, bounded in size, and keyed by content, so
an option dict that is changed or freed after a call never makes a later call read another
setting's tables (no `id()` reuse)."""

from __future__ import annotations

import gc
from collections.abc import Mapping

import pytest

from mjc.runtime import parse_hand
from mjc.runtime.rules.gamecache import Bounded, Game, GameCache, Memo, options_key
from mjc.runtime.rules.spec import Options
from mjc.runtime.score.options import OptionError

from ..conftest import ruleset  # type: ignore[import-not-found]

DEFAULTS: Options = {"k": 0, "label": "plain"}


def _resolve(
    options: Mapping[str, object] | None, preset: str | None, players: int | None
) -> Options:
    """A stand-in for a rulebook's resolver: defaults, then the given values; `bad` refused."""
    values = dict(DEFAULTS)
    values.update(options or {})
    if values.get("bad"):
        raise OptionError("bad is not allowed")
    if preset is not None:
        values["label"] = preset
    return values


def _prepare(values: Options) -> Game:
    """A game whose tables record the value of `k` they were made from."""
    k = values["k"]
    assert isinstance(k, int)
    return Game(values, frozenset({f"shape{k}"}), (k,), ())


def _cache(size: int = 8) -> GameCache:
    return GameCache(_resolve, _prepare, dict(DEFAULTS), size=size)


def test_bounded_drops_the_oldest_entry_when_full() -> None:
    table: Bounded[str, int] = Bounded(2)
    table.put("a", 1)
    table.put("b", 2)
    table.put("c", 3)
    assert dict(table) == {"b": 2, "c": 3}
    table.put("b", 20)  # replacing a key keeps the others
    assert dict(table) == {"b": 20, "c": 3}


def test_a_memo_empties_itself_when_full() -> None:
    """The hot memos start again rather than look for their oldest entry."""
    table: Memo[str, int] = Memo(2)
    table.put("a", 1)
    table.put("b", 2)
    table.put("b", 20)  # replacing a key of a full memo keeps the others
    assert dict(table) == {"a": 1, "b": 20}
    table.put("c", 3)
    assert dict(table) == {"c": 3}


def test_an_options_key_is_the_sorted_items_whatever_their_number() -> None:
    assert options_key({}) == ()
    assert options_key({"kuitan": False}) == (("kuitan", False),)
    assert options_key({"b": 1, "a": [2]}) == (("a", [2]), ("b", 1))
    assert options_key({2: "x"}) == ((2, "x"),)  # one key: nothing to compare it with
    assert options_key({2: "x", "a": "y"}) is None  # keys that do not order


def test_bounded_refuses_a_size_below_one() -> None:
    with pytest.raises(ValueError):
        Bounded(0)


def test_no_options_is_the_default_game_prepared_once() -> None:
    cache = _cache()
    assert cache.game(None) is cache.default and cache.game({}) is cache.default
    assert cache.built == 1


def test_the_same_setting_is_a_hit_and_another_a_miss() -> None:
    cache = _cache()
    first = cache.game({"k": 1})
    assert cache.game({"k": 1}) is first and cache.built == 2
    other = cache.game({"k": 2})
    assert other is not first and other.copies == (2,) and cache.built == 3


def test_requests_that_resolve_alike_share_one_game() -> None:
    cache = _cache()
    explicit = cache.game({"k": 0, "label": "plain"})
    assert explicit is cache.default  # the defaults written out: the same values
    assert cache.game_of(dict(DEFAULTS)) is cache.default
    assert cache.game(None, preset="plain") is cache.default
    assert cache.built == 1


def test_preset_and_player_count_are_part_of_the_request() -> None:
    cache = _cache()
    assert cache.game({"k": 1}, preset="fast").values["label"] == "fast"
    assert cache.game({"k": 1}).values["label"] == "plain"


def test_the_cache_holds_at_most_its_size_and_forgets_the_oldest() -> None:
    cache = _cache(size=2)
    for k in (1, 2, 3):
        assert cache.game({"k": k}).copies == (k,)
    built = cache.built
    assert cache.game({"k": 3}).copies == (3,) and cache.built == built  # still kept
    assert cache.game({"k": 1}).copies == (1,) and cache.built == built + 1  # forgotten


def test_a_changed_option_dict_gives_the_game_of_its_new_values() -> None:
    cache = _cache()
    options: dict[str, object] = {"k": 1}
    assert cache.game(options).copies == (1,)
    options["k"] = 2
    assert cache.game(options).copies == (2,)
    values = dict(DEFAULTS, k=3)
    game = cache.game_of(values)
    values["k"] = 4  # the game keeps its own copy
    assert game.values["k"] == 3 and cache.game_of(values).copies == (4,)


def test_freed_option_dicts_never_lend_their_game_to_a_new_dict() -> None:
    """Temporary dicts are freed at once and their addresses reused: a cache keyed by `id()`
    would hand a new dict the game of an old one."""
    cache = _cache(size=4)
    for k in range(200):
        assert cache.game({"k": k % 7}).copies == (k % 7,)
        assert cache.game_of(dict(DEFAULTS, k=k % 5)).copies == (k % 5,)
        if k % 50 == 0:
            gc.collect()


def test_refused_and_unhashable_options_are_not_kept() -> None:
    cache = _cache()
    with pytest.raises(OptionError):
        cache.game({"bad": True})
    listed = cache.game({"k": 1, "extra": [1, 2]})
    assert listed.copies == (1,)
    assert cache.game({"k": 1, "extra": [1, 2]}) is not listed  # prepared again, not kept


# ---------------------------------------------------------------------- through a Ruleset


def test_resolved_options_are_the_callers_own_copy() -> None:
    book = ruleset("chaozhou")
    values = book.resolve_options(None)
    values["ghost"] = "white"
    assert book.resolve_options(None)["ghost"] == "none"
    assert book.wilds_for(book.resolve_options(None)) == ()


def test_wilds_follow_a_changed_values_dict() -> None:
    book = ruleset("chaozhou")
    values = book.resolve_options(None)
    assert book.wilds_for(values) == ()
    values["ghost"] = "white"  # 白板做鬼
    assert book.wilds_for(values) == (31,)
    values["ghost"] = "none"
    assert book.wilds_for(values) == ()


def test_scores_with_temporary_option_dicts_match_fresh_ones() -> None:
    """Alternating settings in freed dicts: each score is that of its own setting."""
    book = ruleset("chaozhou")
    hand = parse_hand("123m456m789m123p5z5z")
    expected = {
        ghost: book.score(hand, self_drawn=True, options={"ghost": ghost}).as_dict()
        for ghost in ("none", "white")
    }
    for i in range(100):
        ghost = ("none", "white")[i % 2]
        got = book.score(hand, self_drawn=True, options={"ghost": ghost}).as_dict()
        assert got == expected[ghost], (i, ghost)
    assert expected["none"] != expected["white"]


def test_the_last_request_is_found_again_only_with_the_same_preset_and_player_count() -> None:
    """The last request is kept and compared first: an equal dict finds its game again, but
    the same options under another preset or player count are another request."""
    cache = _cache()
    options: dict[str, object] = {"k": 1}
    first = cache.game(options, players=4)
    assert cache.game({"k": 1}, players=4) is first and cache.built == 2
    assert cache.game({"k": 1}, players=3) is first  # resolves alike: the same game
    assert cache.game(options, preset="fast", players=3).values["label"] == "fast"
    assert cache.game(options, players=4).values["label"] == "plain"
    assert cache.game({"k": True}, players=4) is first  # 1 == True, as in the key


def test_the_values_of_the_last_game_found_find_that_game() -> None:
    cache = _cache()
    game = cache.game({"k": 1})
    assert cache.game_of(dict(game.values)) is game
    assert cache.game_of(dict(game.values, k=5)).copies == (5,)


def test_requests_under_two_player_counts_in_turn_each_find_their_game_again() -> None:
    """A round asks with its player count and without it, in turn: each keeps its own."""
    cache = _cache()
    four = cache.game({"k": 1}, players=4)
    plain = cache.game({"k": 2})
    assert cache.game({"k": 1}, players=4) is four and cache.game({"k": 2}) is plain
    assert cache.built == 3
