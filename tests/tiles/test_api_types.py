"""Every public function of `mjc.runtime` (and of `mjc.runtime.exported`, what generated
modules call), and `Ruleset.score`, `is_win`, `win_checker`, `settle`, `resolve_options`,
`waits` and `shanten`, answer an argument of the wrong type with a plain
`TypeError` naming it ("hand must be a Hand or a notation string, not NoneType"), never an
`AttributeError` from deep inside (issue 11). Each parameter is given None, an int, bytes and
a list in turn: a value its type does not allow must give that `TypeError`; a value it does
allow (a tile int is an int, bytes are ints, a list of names is an iterable of str; a flag
is read by its truth, as Python reads one) may give a result or a `ValueError` (a lookup
error for a tile int that does not exist, a version error for another API version), never
a `TypeError` or an `AttributeError`."""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from typing import Any

import pytest
from settlement_helpers import ruleset

from mjc import runtime
from mjc.compiler.emit.native import is_native
from mjc.runtime import (
    API_VERSION,
    arrangements,
    exported as generated_api,
    format_hand,
    is_win,
    is_win_with_wilds,
    meld,
    parse_hand,
    parse_round,
    parse_round_json,
    tile_index,
    tile_text,
    wild_arrangements,
)
from mjc.runtime.exported import (
    count_suits,
    count_suits_of_melds,
    limit_counts,
    meld_masks,
    refusal,
    require_api,
    summarize_melds,
    summarize_tiles,
    summary_tables,
    tile_masks,
)
from mjc.runtime.wins.meldboards import meld_boards
from mjc.runtime.wins.summaries import summarize

BAD: tuple[object, ...] = (None, 5, b"1m", ["1m"])
NONE, INT, BYTES, LIST = BAD
HAND = parse_hand("123m456p789s345s22z")
SHAPES = frozenset({"standard"})
ARRANGEMENT = arrangements(HAND, SHAPES)[0]
TILE_MASKS, TILE_COUNTS = tile_masks([lambda t: t < 27])
MELD_MASKS, MELD_COUNTS = meld_masks([lambda m: m.is_pung])
TABLES = summary_tables(TILE_MASKS, TILE_COUNTS, MELD_MASKS, MELD_COUNTS, 1)
BOOK = ruleset("guangdong")
ROUND = {"winners": [{"seat": 1, "hand": "123m456p789s345s22z", "self_drawn": True}]}
FLAG = frozenset({0, 1, 2})  # a flag is read by its truth (a list, unhashable, is refused)

# function, its valid arguments by name, and for each parameter the values of BAD its type
# allows (the positions in BAD); every other value must give the plain TypeError.
Case = tuple[str, Callable[..., object], dict[str, object], dict[str, frozenset[int]]]
CASES: list[Case] = [
    ("parse_hand", parse_hand, {"text": "123m", "win": "3m"}, {"win": frozenset({0})}),
    ("format_hand", format_hand, {"hand": HAND}, {}),
    ("parse_round_json", parse_round_json, {"text": '{"exhaustive_draw": true}'},
     {"text": frozenset({2})}),
    ("tile_index", tile_index, {"text": "5m"}, {}),
    ("tile_text", tile_text, {"t": 4}, {"t": frozenset({1})}),
    ("meld", meld, {"kind": "chow", "tile": 0, "concealed": False}, {"tile": frozenset({1})}),
    ("is_win", is_win, {"hand": HAND, "shapes": SHAPES}, {"shapes": frozenset({3})}),
    ("arrangements", arrangements, {"hand": HAND, "shapes": SHAPES}, {"shapes": frozenset({3})}),
    ("count_suits", count_suits, {"tiles": HAND.tiles}, {"tiles": frozenset({2})}),
    ("refusal", refusal, {"message": "抢杠 (robbing_kong) presumes `not self_drawn`"}, {}),
    ("count_suits_of_melds", count_suits_of_melds, {"melds": ARRANGEMENT.melds}, {}),
    (
        "limit_counts", limit_counts, {"counts": (1, 2), "most": 2},
        {"counts": frozenset({2}), "most": frozenset({1})},
    ),
    ("summarize", summarize, {"a": ARRANGEMENT, "tables": TABLES}, {}),
    ("meld_boards", meld_boards, {"melds": ARRANGEMENT.melds}, {}),
    (
        "summarize_tiles", summarize_tiles,
        {"tiles": HAND.tiles, "masks": TILE_MASKS, "packs": TILE_COUNTS},
        {"tiles": frozenset({2})},
    ),
    (
        "summarize_melds", summarize_melds,
        {"melds": ARRANGEMENT.melds, "masks": MELD_MASKS, "packs": MELD_COUNTS}, {},
    ),
    ("tile_masks", tile_masks, {"predicates": (), "counted": None},
     {"counted": frozenset({0, 2, 3})}),
    ("meld_masks", meld_masks, {"predicates": (), "counted": None},
     {"counted": frozenset({0, 2, 3})}),
    (
        "summary_tables", summary_tables,
        {"tile_masks": TILE_MASKS, "tile_counts": TILE_COUNTS, "meld_masks": MELD_MASKS,
         "meld_counts": MELD_COUNTS, "tile_bits": 1},
        {"tile_bits": frozenset({1})},
    ),
    (
        "is_win_with_wilds", is_win_with_wilds,
        {"hand": HAND, "wilds": (33,), "shapes": SHAPES},
        {"wilds": frozenset({2}), "shapes": frozenset({2, 3})},
    ),
    (
        "wild_arrangements", wild_arrangements,
        {"hand": HAND, "wilds": (33,), "shapes": SHAPES},
        {"wilds": frozenset({2}), "shapes": frozenset({3})},
    ),
    ("require_api", require_api, {"version": API_VERSION, "rulebook": "x"},
     {"version": frozenset({1})}),
    (
        "Ruleset.score", BOOK.score,
        {"hand": "123m456p789s345s22z", "win": None, "self_drawn": False, "seat_wind": "E",
         "round_wind": "E", "dealer": False, "situations": (), "indicator": None,
         "players": None, "options": None, "wilds": None, "preset": None},
        {"win": frozenset({0}), "self_drawn": FLAG, "dealer": FLAG, "situations": frozenset({3}),
         "indicator": frozenset({0}), "players": frozenset({0, 1}), "options": frozenset({0}),
         "wilds": frozenset({0, 3}), "preset": frozenset({0})},
    ),
    (
        "Ruleset.is_win", BOOK.is_win,
        {"hand": "123m456p789s345s22z", "options": None, "indicator": None, "wilds": None},
        {"options": frozenset({0}), "indicator": frozenset({0}), "wilds": frozenset({0, 3})},
    ),
    (
        "Ruleset.win_checker", BOOK.win_checker,
        {"options": None, "preset": None, "players": None, "indicator": None, "wilds": None},
        {"options": frozenset({0}), "preset": frozenset({0}), "players": frozenset({0, 1}),
         "indicator": frozenset({0}), "wilds": frozenset({0, 3})},
    ),
    (
        "Ruleset.resolve_options", BOOK.resolve_options,
        {"options": None, "preset": None, "players": None},
        {"options": frozenset({0}), "preset": frozenset({0}), "players": frozenset({0, 1})},
    ),
    (
        "Ruleset.waits", BOOK.waits,
        {"hand": "123m456p789s345s2z", "options": None, "preset": None, "players": None,
         "indicator": None, "wilds": None, "self_drawn": False, "seat_wind": "E",
         "round_wind": "E", "dealer": False, "situations": (), "visible": None},
        {"options": frozenset({0}), "preset": frozenset({0}), "players": frozenset({0, 1}),
         "indicator": frozenset({0}), "wilds": frozenset({0, 3}), "self_drawn": FLAG,
         "dealer": FLAG, "situations": frozenset({3}), "visible": frozenset({0, 2})},
    ),
    (
        "Ruleset.shanten", BOOK.shanten,
        {"hand": "123m456p789s345s2z", "options": None, "preset": None, "players": None,
         "indicator": None, "wilds": None},
        {"options": frozenset({0}), "preset": frozenset({0}), "players": frozenset({0, 1}),
         "indicator": frozenset({0}), "wilds": frozenset({0, 3})},
    ),
]  # fmt: skip


def _cases() -> list[Any]:
    found = []
    for name, func, valid, allowed in CASES:
        for param in valid:
            for i, value in enumerate(BAD):
                ok = i in allowed.get(param, frozenset())
                found.append(pytest.param(func, valid, param, value, ok,
                                          id=f"{name}-{param}-{type(value).__name__}"))  # fmt: skip
    return found


def test_every_case_s_valid_arguments_work() -> None:
    for _name, func, valid, _ in CASES:
        func(**valid)


def test_every_public_function_of_mjc_runtime_is_tested() -> None:
    tested = {name for name, *_ in CASES}
    public = {
        name
        for module in (runtime, generated_api)
        for name in module.__all__
        if callable(getattr(module, name)) and not isinstance(getattr(module, name), type)
    }
    # parse_round is tested below (a RoundError that is a TypeError); round_json_schema has
    # no arguments
    assert public - tested == {"parse_round", "round_json_schema"}


@pytest.mark.parametrize(("func", "valid", "param", "value", "ok"), _cases())
def test_an_argument_of_the_wrong_type_is_a_plain_type_error(
    func: Callable[..., object], valid: dict[str, object], param: str, value: object, ok: bool
) -> None:
    args = valid | {param: value}
    if ok:
        try:
            func(**args)
        except ValueError:
            pass  # a value of the right type that the function refuses
        except LookupError:
            pass  # bytes are ints: a tile int that does not exist
        except runtime.RuntimeVersionError:
            pass  # an int, but another API version
        except TypeError:
            if not _compiled(func):
                raise
        return
    with pytest.raises(TypeError) as caught:
        func(**args)
    if _compiled(func):
        return  # mypyc's own wording ("str object expected; got int"): docs/native.md
    message = str(caught.value)
    assert re.fullmatch(rf"{param} must be .+, not {type(value).__name__}s?", message), message


def _compiled(func: Callable[..., object]) -> bool:
    """Whether `func` runs compiled: a runtime function of the native build (`mjc build
    --native`), which checks its arguments' types itself, stricter and in mypyc's words."""
    module = sys.modules.get(getattr(func, "__module__", "") or "")
    return module is not None and is_native(module)


@pytest.mark.parametrize("value", BAD, ids=lambda v: type(v).__name__)
def test_parse_round_and_settle_of_what_is_no_mapping_are_a_type_error(value: object) -> None:
    for call in (parse_round, BOOK.settle):
        with pytest.raises(TypeError, match=r"^a round should be an object, not "):
            call(value)  # type: ignore[operator]


def test_the_message_of_the_issue() -> None:
    message = r"^hand must be a Hand or a notation string, not NoneType$"
    with pytest.raises(TypeError, match=message):
        BOOK.score(None)  # type: ignore[arg-type]


def test_a_bad_value_of_the_right_type_keeps_its_own_error() -> None:
    with pytest.raises(ValueError, match="bad tile"):
        BOOK.score("123m456p789s345s22x")
    with pytest.raises(ValueError, match="not 5"):
        BOOK.score("123m456p789s345s22z", players=5)
    with pytest.raises(ValueError, match="players: should be an integer"):
        BOOK.settle(ROUND | {"players": "4"})  # a field's type: a RoundError, not a TypeError
