"""No test reads what the engine keeps for itself: a test sees a round through its documented
surface (docs/game-log.md, docs/api.md) — `Round.state()`, `legal_actions`, `events`,
`result` and the set-up it was made with — and a match through its own, so the engine may
change its attributes without touching a test.

Two checks over every file of tests/ (the white-box tests listed in `WHITE_BOX` excepted):

- typed: each name a test binds to a `Round`, `Match` or `Wall` (a parameter annotated so, a
  call of the class, of `Match.next_round`, `replay`, `build_wall` or of any function of
  tests/ annotated to return one) is read only through that class's documented attributes
  (`ROUND_PUBLIC`, `MATCH_PUBLIC`; a wall's private names never);
- by name, whatever the receiver: the engine's undocumented attributes that nothing public
  shares a name with (`drew`, `claim_history`, `from_kong` ...), and no `._name` of a round,
  match or wall object however reached (`game.wall._x`, `match._rng`).
"""

from __future__ import annotations

import ast
import dataclasses
import re
from pathlib import Path

import pytest

import mjc.runtime
from mjc.runtime.game import roundstate
from mjc.runtime.game.engine import Round
from mjc.runtime.game.match import Match
from mjc.runtime.game.wall import Wall
from tests.conftest import ruleset

TESTS = Path(__file__).resolve().parents[1]
DOCS = TESTS.parent / "docs"

# What docs/game-log.md documents of a round: its set-up, what happened, and its methods.
ROUND_PUBLIC = frozenset({
    "ruleset", "seed", "players", "dealer", "round_wind", "streak", "rules", "values",
    "copies", "scenario", "events", "result", "settlement", "over", "state", "to_act",
    "legal_actions", "apply", "observation", "census", "set_auto", "abandon", "seat_wind",
})  # fmt: skip
MATCH_PUBLIC = frozenset({
    "ruleset", "options", "players", "rules", "seed", "dealer", "streak", "round_wind",
    "scores", "results", "auto", "situations", "scenarios", "next_round", "finish", "play",
    "over", "placement", "first_dealer", "honba", "deposits", "deposits_awarded", "final_scores",
    "ended_by", "extra_rounds",
})  # fmt: skip
# The wall is a documented class of its own (`mjc.runtime.game.wall.Wall`): only its
# underscore names are its own.
WALL_PUBLIC = frozenset(n for n in (*dir(Wall), *Wall.__slots__) if not n.startswith("_"))
PUBLIC = {"Round": ROUND_PUBLIC, "Match": MATCH_PUBLIC, "Wall": WALL_PUBLIC}

# Tests that test an engine mechanism from inside, on purpose, and why.
WHITE_BOX = {
    "wins/test_waitsets.py": "the engine's cached wait sets (SeatState.waits) against fresh ones",
}

# Calls that make an engine object, by the name called.
MAKERS = {"Round": "Round", "Match": "Match", "replay": "Round", "build_wall": "Wall",
          "next_round": "Round"}  # fmt: skip
_CLASS = re.compile(r"^(Round|Match|Wall)(\s*\|\s*None)?$")


def _test_files() -> list[Path]:
    return sorted(
        p
        for p in TESTS.rglob("*.py")
        if p.relative_to(TESTS).as_posix() not in WHITE_BOX and "golden" not in p.parts
    )


def _annotated(node: ast.expr | None) -> str | None:
    """`Round`, `Match` or `Wall` when the annotation is that class (or it or None)."""
    if node is None:
        return None
    found = _CLASS.match(ast.unparse(node).replace('"', ""))
    return found.group(1) if found else None


def _returns(trees: dict[Path, ast.Module]) -> dict[str, object]:
    """Every function of tests/ annotated to return an engine object (or a tuple holding
    some): its name, and the class (or the tuple's classes, None where not one)."""
    found: dict[str, object] = {}
    for tree in trees.values():
        for node in ast.walk(tree):
            if not isinstance(node, ast.FunctionDef) or node.returns is None:
                continue
            one = _annotated(node.returns)
            if one is not None:
                found[node.name] = one
            elif (
                isinstance(node.returns, ast.Subscript)
                and ast.unparse(node.returns.value) == "tuple"
            ):
                parts = node.returns.slice
                items = parts.elts if isinstance(parts, ast.Tuple) else [parts]
                kinds = tuple(_annotated(item) for item in items)
                if any(kinds):
                    found[node.name] = kinds
    return found


def _callee(call: ast.Call) -> str:
    func = call.func
    if isinstance(func, ast.Attribute):
        return func.attr
    return func.id if isinstance(func, ast.Name) else ""


def _made(value: ast.expr, returns: dict[str, object]) -> object:
    """The class (or classes, for a tuple) an expression makes, if it makes an engine object."""
    if not isinstance(value, ast.Call):
        return None
    name = _callee(value)
    return MAKERS.get(name) or returns.get(name)


def _bind(target: ast.expr, made: object, names: dict[str, str]) -> None:
    if isinstance(made, str) and isinstance(target, ast.Name):
        names[target.id] = made
    elif isinstance(made, tuple) and isinstance(target, ast.Tuple):
        for item, kind in zip(target.elts, made, strict=False):
            if isinstance(kind, str) and isinstance(item, ast.Name):
                names[item.id] = kind


def _own_nodes(scope: ast.AST) -> list[ast.AST]:
    """The nodes of a module or function, not those of the functions defined in it."""
    found: list[ast.AST] = []
    todo = list(ast.iter_child_nodes(scope))
    while todo:
        node = todo.pop()
        found.append(node)
        if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            todo.extend(ast.iter_child_nodes(node))
    return found


def _typed_names(
    scope: ast.AST, returns: dict[str, object], outer: dict[str, str]
) -> dict[str, str]:
    """The names a module or function binds to engine objects (with the enclosing scopes'),
    with their class."""
    names = dict(outer)
    if isinstance(scope, ast.FunctionDef | ast.AsyncFunctionDef):
        for arg in (*scope.args.posonlyargs, *scope.args.args, *scope.args.kwonlyargs):
            kind = _annotated(arg.annotation)
            if kind is not None:
                names[arg.arg] = kind
    for node in sorted(_own_nodes(scope), key=lambda n: getattr(n, "lineno", 0)):
        if isinstance(node, ast.Assign):
            for target in node.targets:
                _bind(target, _made(node.value, returns), names)
        elif isinstance(node, ast.AnnAssign):
            made = _made(node.value, returns) if node.value is not None else None
            _bind(node.target, _annotated(node.annotation) or made, names)
        elif isinstance(node, ast.For) and isinstance(node.iter, ast.Tuple | ast.List):
            kinds = {names.get(e.id) for e in node.iter.elts if isinstance(e, ast.Name)}
            if len(kinds) == 1 and None not in kinds:
                _bind(node.target, kinds.pop(), names)
    return names


def _receiver(value: ast.expr, names: dict[str, str], returns: dict[str, object]) -> object:
    if isinstance(value, ast.Name):
        return names.get(value.id)
    return _made(value, returns)


def _scopes(
    scope: ast.AST, returns: dict[str, object], outer: dict[str, str]
) -> list[tuple[ast.AST, dict[str, str]]]:
    """Each module or function with the engine names it sees."""
    names = _typed_names(scope, returns, outer)
    found = [(scope, names)]
    for node in _own_nodes(scope):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            found += _scopes(node, returns, names)
    return found


def typed_reads(path: Path, tree: ast.Module, returns: dict[str, object]) -> list[str]:
    """Attributes of engine objects a file reads beyond their documented surface, in the
    order written."""
    found = []
    for scope, names in _scopes(tree, returns, {}):
        for node in _own_nodes(scope):
            if not isinstance(node, ast.Attribute):
                continue
            kind = _receiver(node.value, names, returns)
            if isinstance(kind, str) and node.attr not in PUBLIC[kind]:
                at = (node.lineno, node.col_offset)
                found.append(
                    (
                        at,
                        f"{path.relative_to(TESTS)}:{node.lineno}: "
                        f"{ast.unparse(node)} ({kind}.{node.attr})",
                    )
                )
    return [line for _, line in sorted(found)]


def _public_fields() -> set[str]:
    """Every attribute name the runtime's public classes use: the round's view, the round
    JSON (`RoundOutcome`), scores ... (a test reading one of those reads no engine)."""
    classes = [getattr(roundstate, name) for name in roundstate.__all__]
    classes += [getattr(mjc.runtime, name) for name in mjc.runtime.__all__]
    fields: set[str] = set()
    for cls in classes:
        # Round's are ROUND_PUBLIC (a compiled Round, the native build, lists every attribute)
        if not isinstance(cls, type) or cls is Round:
            continue
        fields |= set(dir(cls)) | set(getattr(cls, "model_fields", ()))
        if dataclasses.is_dataclass(cls):
            fields |= {f.name for f in dataclasses.fields(cls)}
    return fields | ROUND_PUBLIC | MATCH_PUBLIC | WALL_PUBLIC


def engine_only_names() -> frozenset[str]:
    """Undocumented attributes of a round or a match that no public object shares a name
    with: a test reading one of them, on whatever receiver, reads the engine's own."""
    game = Round(ruleset("guangdong"), seed=1)
    match = Match(ruleset("guangdong"), seed=1)
    # (a compiled Round, the native build, has no __dict__: its attributes are on its type)
    names = {n for obj in (game, match) for n in (*getattr(obj, "__dict__", ()), *dir(type(obj)))}
    return frozenset(n for n in names if not n.startswith("_") and n not in _public_fields())


def named_reads(path: Path, tree: ast.Module, engine_only: frozenset[str]) -> list[str]:
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr in engine_only:
            where = f"{path.relative_to(TESTS)}:{node.lineno}"
            found.append(f"{where}: {ast.unparse(node)} (an engine attribute)")
    return found


# The names tests give rounds, matches and walls they reach without a typed binding.
ENGINE_NAMES = frozenset({"game", "round", "rnd", "r", "g", "match", "wall"})


def private_reads(path: Path, tree: ast.Module) -> list[str]:
    """`._name` read off a round, a match or a wall (`game.wall._x`, `match._rng`), by the
    names tests give them."""
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Attribute) or not re.match(r"_[a-z]", node.attr):
            continue
        root = node.value
        while isinstance(root, ast.Attribute | ast.Call | ast.Subscript):
            root = root.func if isinstance(root, ast.Call) else root.value
        if isinstance(root, ast.Name) and root.id in ENGINE_NAMES:
            found.append(f"{path.relative_to(TESTS)}:{node.lineno}: {ast.unparse(node)}")
    return found


@pytest.fixture(scope="module")
def trees() -> dict[Path, ast.Module]:
    return {p: ast.parse(p.read_text(encoding="utf-8")) for p in _test_files()}


def test_no_test_reads_an_undocumented_attribute_of_a_round_a_match_or_a_wall(
    trees: dict[Path, ast.Module],
) -> None:
    returns = _returns(trees)
    found = [line for p, tree in trees.items() for line in typed_reads(p, tree, returns)]
    assert not found, "read Round.state() or the documented surface instead:\n" + "\n".join(found)


def test_no_test_reads_an_engine_only_attribute_or_a_private_one(
    trees: dict[Path, ast.Module],
) -> None:
    engine_only = engine_only_names()
    assert {"drew", "claim_history", "kong_history", "from_kong"} <= engine_only
    found = [line for p, tree in trees.items() for line in named_reads(p, tree, engine_only)]
    found += [line for p, tree in trees.items() for line in private_reads(p, tree)]
    assert not found, "read Round.state() instead:\n" + "\n".join(found)


def test_the_checks_catch_what_they_are_for(tmp_path: Path) -> None:
    """The checks flag the reads this file forbids (and not the documented ones)."""
    text = (
        "def check(game: Round, match: Match) -> None:\n"
        "    game.phase\n"
        "    game.state().phase\n"
        "    match.dealer\n"
        "    match.wind_index\n"
        "    played = Round(book, seed=1)\n"
        "    played.seats[0]\n"
        "    played.events\n"
        "    match.next_round().turn\n"
        "    game.drew\n"
        "    game.wall._x\n"
    )
    path = TESTS / "example_check.py"
    tree = ast.parse(text)
    typed = typed_reads(path, tree, {})
    assert [line.split(": ", 1)[1] for line in typed] == [
        "game.phase (Round.phase)", "match.wind_index (Match.wind_index)",
        "played.seats (Round.seats)", "match.next_round().turn (Round.turn)",
        "game.drew (Round.drew)", "game.wall (Round.wall)",
    ]  # fmt: skip
    named = named_reads(path, tree, engine_only_names())
    assert [line.split(": ", 1)[1] for line in named] == [
        "match.wind_index (an engine attribute)",
        "game.drew (an engine attribute)",
    ]
    assert [line.split(": ", 1)[1] for line in private_reads(path, tree)] == ["game.wall._x"]


def test_the_documented_surface_is_documented() -> None:
    """Each public attribute the checks allow is named in the docs' engine page, and is one
    the classes have."""
    page = (DOCS / "game-log.md").read_text(encoding="utf-8")
    game = Round(ruleset("guangdong"), seed=1)
    match = Match(ruleset("guangdong"), seed=1)
    for obj, names, prefix in ((game, ROUND_PUBLIC, "round"), (match, MATCH_PUBLIC, "match")):
        for name in names:
            assert hasattr(obj, name), f"{prefix}.{name} does not exist"
            assert re.search(rf"`{prefix}\.{name}\b", page), f"docs/game-log.md: `{prefix}.{name}`"
