"""Hands, rounds and command lines for the fuzz tests: hypothesis strategies.

* notation: random strings over the hand alphabet, any text, and near-valid hands (the
  bundled rulebooks' example hands and a few standard ones under small mutations);
* score settings: winds, winning tiles, situations, options, wilds, player counts, right
  and wrong (but always of the types the API documents: `KNOWN_OPEN` below);
* rounds: random JSON values, and mutations of valid rounds -- `examples/*.json` and the
  rounds the settlement tests settle (read from their source by `harvested_rounds`);
* command lines: `mjc score` / `mjc settle` (the round on stdin) / `mjc explain` with such
  arguments, and argument lists of any words.
"""

from __future__ import annotations

import ast
import copy
import json
import os
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

from mjc.compiler.loader import bundled_rulebooks, load
from mjc.runtime import RoundError, Ruleset, parse_round
from mjc.runtime.round import Claim, GoAround, KongRecord, Opening, RoundOutcome, Winner

ROOT = Path(__file__).resolve().parents[2]

# Crash classes that other changes of issue 11 fix; their generators stay off until those
# land. `MJC_FUZZ_OPEN_INPUTS=` (empty) switches them all on.
#   json-depth: a round nested thousands deep ends in RecursionError in `json.loads` and
#               pydantic (helper "limits": a depth and size limit for JSON input);
#   api-types:  `Ruleset.score(None)`, an int or bytes raise AttributeError deep inside,
#               and so do wrongly typed keyword arguments (helper "copies": a plain
#               TypeError from every public function).
KNOWN_OPEN: frozenset[str] = frozenset(
    os.environ.get("MJC_FUZZ_OPEN_INPUTS", "json-depth api-types").replace(",", " ").split()
)


def is_open(name: str) -> bool:
    return name in KNOWN_OPEN


@cache
def bundled_rulesets() -> dict[str, Ruleset]:
    found: dict[str, Ruleset] = {}
    for name in sorted(bundled_rulebooks()):
        loaded = load(name)
        assert loaded.ruleset is not None, name
        found[name] = loaded.ruleset
    return found


RULEBOOK_NAMES = st.sampled_from(sorted(bundled_rulebooks()))

# ------------------------------------------------------------------------------ notation

STANDARD_HANDS = (
    "123m456p789s345s22z",
    "123m456p999m22z [789s]",
    "111m222m333m444z55z",
    "11123455678999m",
    "19m19p19s1234567z1m",
    "1122m3344p5566s77z",
    "123m456m789m234m55m",
    "234m [567p] (9999m) 11z 1f",
    "5z5z5z 6z6z6z 7z7z 123m 11p",
)


@cache
def example_hands() -> tuple[str, ...]:
    hands = {ex.hand for book in bundled_rulesets().values() for ex in book.examples}
    return tuple(sorted(hands | set(STANDARD_HANDS)))


HAND_ALPHABET = "0123456789mpszf[]() ,.-+#*\t\n东中ｍ１\u200f\u0301\x00"
ODD_PIECES = st.sampled_from(
    [
        "[",
        "]",
        "(",
        ")",
        "[]",
        "()",
        "0m",
        "10m",
        "8z",
        "9f",
        "5z" * 5,
        "1" * 40 + "m",
        "9" * 400,
        "１２３m",
        "\ufeff",
        "\u2028",
        "\u0301",
        "\x00",
        " ",
        "[1111m]",
        "(123m)",
        "[11m]",
        "m",
        "p1",
        "-",
    ]
)


def _splice(text: str, at: int, delete: int, piece: str) -> str:
    i = at % (len(text) + 1)
    return text[:i] + piece + text[i + delete :]


NEAR_VALID_HANDS = st.builds(
    lambda base, edits: _apply_edits(base, edits),
    st.sampled_from(STANDARD_HANDS) | st.deferred(lambda: st.sampled_from(example_hands())),
    st.lists(
        st.tuples(
            st.integers(0, 200), st.integers(0, 3), ODD_PIECES | st.text(HAND_ALPHABET, max_size=3)
        ),
        min_size=1,
        max_size=3,
    ),
)


def _apply_edits(base: str, edits: list[tuple[int, int, str]]) -> str:
    for at, delete, piece in edits:
        base = _splice(base, at, delete, piece)
    return base


NOTATION = st.one_of(
    NEAR_VALID_HANDS,
    NEAR_VALID_HANDS,
    st.text(HAND_ALPHABET, max_size=40),
    st.text(max_size=20),
    st.sampled_from(STANDARD_HANDS),
)
TILES = st.sampled_from([f"{r}{s}" for r in range(1, 10) for s in "mps"] + ["1z", "5z", "7z", "1f"])
ODD_TILES = TILES | st.sampled_from(["", "0m", "8z", "m", "11m", "1M", "１m", "5z ", "x", "9f"])

# ------------------------------------------------------------------------------ scoring

SITUATIONS = st.sampled_from(
    [
        *("kong_bloom", "robbing_kong", "last_tile", "heavenly", "earthly", "human"),
        *("huangfan", "self_drawn", "", "no_such_thing", "dealer"),
    ]
)
OPTION_VALUES = st.sampled_from(["on", "off", "true", "0", "1", "16", "999", "", "x"]) | st.text(
    max_size=4
)


@st.composite
def score_settings(draw: st.DrawFn, book: Ruleset) -> dict[str, Any]:
    """Keyword arguments for `Ruleset.score`, of the documented types."""
    option_ids = [o.id for o in book.options] + ["no_such_option"]
    kwargs: dict[str, Any] = {}
    if draw(st.booleans()):
        kwargs["win"] = draw(ODD_TILES)
    if draw(st.booleans()):
        kwargs["self_drawn"] = True
    if draw(st.booleans()):
        kwargs["seat_wind"] = draw(st.sampled_from(["E", "S", "W", "N", "X", "", "e", "东"]))
    if draw(st.booleans()):
        kwargs["round_wind"] = draw(st.sampled_from(["E", "S", "N", "west"]))
    if draw(st.booleans()):
        kwargs["dealer"] = True
    if draw(st.booleans()):
        kwargs["situations"] = draw(st.lists(SITUATIONS, max_size=3))
    if draw(st.booleans()):
        kwargs["players"] = draw(st.sampled_from([2, 3, 4, 0, 1, 5, -1, 10**12]))
    if draw(st.booleans()):
        kwargs["options"] = draw(
            st.dictionaries(
                st.sampled_from(option_ids), OPTION_VALUES | st.integers(-5, 99), max_size=3
            )
        )
    if draw(st.integers(0, 3)) == 0:
        kwargs["wilds"] = draw(st.lists(ODD_TILES, max_size=3))
    if draw(st.integers(0, 3)) == 0:
        kwargs["indicator"] = draw(ODD_TILES)
    if draw(st.integers(0, 5)) == 0:
        kwargs["preset"] = draw(st.sampled_from(["", "x", *[p.id for p in book.presets]]))
    return kwargs


def score_argv(rulebook: str, hand: str, kwargs: dict[str, Any]) -> list[str]:
    """The `mjc score` command line for the same settings."""
    argv = ["score", rulebook, hand]
    for name in ("win", "seat_wind", "round_wind", "players", "indicator", "preset"):
        if name in kwargs:
            argv += [f"--{name.replace('_', '-')}", str(kwargs[name])]
    for flag in ("self_drawn", "dealer"):
        if kwargs.get(flag):
            argv.append(f"--{flag.replace('_', '-')}")
    for situation in kwargs.get("situations", ()):
        argv += ["--situation", situation]
    for key, value in kwargs.get("options", {}).items():
        argv += ["--option", f"{key}={value}"]
    for wild in kwargs.get("wilds", ()):
        argv += ["--wild", wild]
    return argv


WORDS = st.sampled_from(
    [
        *("score", "settle", "explain", "options", "--json", "--help", "-", "--schema"),
        *("--win", "--option", "--players", "--wild", "--indicator", "--self-drawn", "--"),
        *("guangdong", "meizhou", "no_such_book", "E0001", "E9999", "e0101", "=", "x=1"),
        *("123m456p789s345s22z", "", " ", "-x", "--option=", "--players=-1", "\x00"),
    ]
) | st.text(max_size=6)
# Commands never drawn at random: they write files or start servers.
UNSAFE_COMMANDS = frozenset({"build", "new", "docs", "check", "dump-ir", "options"})

# ------------------------------------------------------------------------------ rounds


def _round_fields() -> dict[str, Any]:
    names: set[str] = set()
    for model in (RoundOutcome, Winner, Claim, KongRecord, GoAround, Opening):
        names |= set(model.model_fields)
    return {"fields": sorted(names)}


FIELD_NAMES = st.sampled_from(_round_fields()["fields"])
JSON_SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 6),
    st.integers(),
    st.sampled_from([10**20, -(10**20), 2**63, 4.0, -0.0, 1.5, 1e308]),
    st.floats(allow_nan=False, allow_infinity=False),
    TILES,
    st.sampled_from(["4", "0", "E", "added", "pong", "", "-1", *STANDARD_HANDS]),
    st.text(max_size=8),
)
JSON_VALUES = st.recursive(
    JSON_SCALARS,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(FIELD_NAMES | st.text(max_size=4), inner, max_size=4)
    ),
    max_leaves=12,
)


def deep_json(depth: int, kind: str) -> Any:
    value: Any = 1
    for _ in range(depth):
        value = [value] if kind == "list" else {"winners": value}
    return value


def json_depths() -> st.SearchStrategy[int]:
    if is_open("json-depth"):
        return st.integers(1, 60)
    return st.integers(1, 60) | st.sampled_from([500, 999, 1000, 3000, 100_000])


@cache
def harvested_rounds() -> tuple[tuple[str, dict[str, Any]], ...]:
    """Valid rounds to mutate: `examples/*.json` (settled by meizhou, whose example it is)
    and every `settle("book", **round)` call of the settlement tests whose arguments are
    literals or the test module's literal constants, read with `ast` (never imported)."""
    found: list[tuple[str, dict[str, Any]]] = []
    for path in sorted((ROOT / "examples").glob("*.json")):
        found.append(("meizhou", json.loads(path.read_text(encoding="utf-8"))))
    for path in sorted((ROOT / "tests" / "rulebooks").glob("test_*settlement*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        constants: dict[str, Any] = {}
        for node in tree.body:
            if isinstance(node, ast.Assign) and len(node.targets) == 1:
                target = node.targets[0]
                if isinstance(target, ast.Name):
                    value = _evaluate(node.value, constants)
                    if value is not None:
                        constants[target.id] = value
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "settle"
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)
            ):
                data = {k.arg: _evaluate(k.value, constants) for k in node.keywords if k.arg}
                if None not in data.values() and data:
                    found.append((node.args[0].value, data))
    return tuple(found)


def _evaluate(node: ast.expr, constants: dict[str, Any]) -> Any:
    """A literal, or a comprehension over literals and constants: evaluated with no
    builtins; None when it is anything else."""
    allowed = (
        ast.Constant, ast.List, ast.Tuple, ast.Dict, ast.Name, ast.Load, ast.Store,
        ast.ListComp, ast.comprehension, ast.UnaryOp, ast.USub, ast.BinOp, ast.Add, ast.Mult,
        ast.Set,
    )  # fmt: skip
    if not all(isinstance(n, allowed) for n in ast.walk(node)):
        return None
    try:
        value = eval(  # our own test files' literals: names resolve only to constants
            compile(ast.Expression(node), "<fixture>", "eval"),
            {"__builtins__": {}},
            dict(constants),
        )
    except Exception:
        return None
    try:
        return json.loads(json.dumps(value))
    except (TypeError, ValueError):
        return None


@cache
def seed_rounds() -> tuple[tuple[str, dict[str, Any]], ...]:
    """The harvested rounds that parse (the settlement tests also settle refused rounds)."""
    kept = []
    for book, data in harvested_rounds():
        try:
            parse_round(data)
        except RoundError:
            continue
        kept.append((book, data))
    return tuple(kept)


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            found += _paths(item, (*prefix, i))
    return found


JsonEdit = Callable[[Any], Any]


def _at(data: Any, path: tuple[Any, ...], change: Callable[[Any, Any], None]) -> Any:
    """Apply `change(container, key)` at `path` in a copy of `data`."""
    data = copy.deepcopy(data)
    if not path:
        holder = [data]
        change(holder, 0)
        return holder[0]
    container = data
    for key in path[:-1]:
        container = container[key]
    change(container, path[-1])
    return data


def _delete(container: Any, key: Any) -> None:
    del container[key]


def _shift_type(value: Any) -> Any:
    """The same value as another JSON type: `4` as `"4"`, `4.0`, `true`; a string as a list."""
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int):
        return [str(value), float(value), value != 0, -value - 1, value + 4, 10**20][value % 6]
    if isinstance(value, str):
        return [value] if value else None
    if isinstance(value, list):
        return value[0] if value else {}
    if isinstance(value, dict):
        return list(value.values())
    return 0


@st.composite
def mutated_rounds(draw: st.DrawFn) -> tuple[str, Any]:
    """A valid round from the seeds with one to three edits somewhere inside it."""
    book, data = draw(st.sampled_from(seed_rounds()))
    for _ in range(draw(st.integers(1, 3))):
        paths = _paths(data)
        path = paths[draw(st.integers(0, len(paths) - 1))]
        action = draw(st.sampled_from(["replace", "shift", "delete", "duplicate", "hand", "add"]))
        if action == "replace":
            new = draw(JSON_VALUES)
            data = _at(data, path, lambda c, k, new=new: c.__setitem__(k, new))
        elif action == "shift":
            data = _at(data, path, lambda c, k: c.__setitem__(k, _shift_type(c[k])))
        elif action == "delete" and path:
            data = _at(data, path, _delete)
        elif action == "duplicate":
            data = _at(data, path, lambda c, k: c.__setitem__(k, _duplicate(c[k])))
        elif action == "hand":
            hand = draw(NEAR_VALID_HANDS)
            data = _at(data, path, lambda c, k, hand=hand: c.__setitem__(k, hand))
        elif action == "add" and isinstance(data, dict):
            key, value = draw(FIELD_NAMES), draw(JSON_VALUES)
            data = {**data, key: value}
    if draw(st.integers(0, 19)) == 0:
        data = (
            {
                **data,
                "winners": deep_json(draw(json_depths()), draw(st.sampled_from(["list", "dict"]))),
            }
            if isinstance(data, dict)
            else data
        )
    return book, data


def _duplicate(value: Any) -> Any:
    if isinstance(value, list):
        return value + value
    if isinstance(value, str):
        return value + value
    return value
