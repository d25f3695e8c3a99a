"""The lean parser (`compiler/lalr/`): Lark's tables run without Lark build the tree Lark
builds, spans included, for every text Lark accepts, and give up on every text Lark refuses
(which Lark then parses again for its diagnostic); its tables come from mjc's cache and are
built again when the cache file is missing, broken or for another grammar."""

from __future__ import annotations

import marshal
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import lark
import pytest

from mjc.compiler import caches
from mjc.compiler.lalr import LeanParser, Meta, Token, Tree, cached_tables, from_lark
from mjc.compiler.syntax.parse import grammar_text, lean_parser, parser

ROOT = Path(__file__).resolve().parents[2]
RULEBOOKS = sorted(
    p for p in ROOT.glob("**/*.mjr") if ".git" not in p.parts and "node_modules" not in p.parts
)


def _lark_tree(text: str) -> Tree | None:
    try:
        tree: Tree = from_lark(parser().parse(text))
        return tree
    except lark.exceptions.UnexpectedInput:
        return None


def _assert_same(ours: Any, larks: Any, path: str = "start") -> None:
    """The same tree: rule names, children, every token's text, type and place, and every
    tree's span (and the span of the rule that made it)."""
    if isinstance(larks, Tree):
        assert isinstance(ours, Tree), path
        assert ours.data == larks.data, path
        for name in Meta.__slots__:
            assert hasattr(ours.meta, name) == hasattr(larks.meta, name), (path, name)
            assert getattr(ours.meta, name, None) == getattr(larks.meta, name, None), (path, name)
        assert len(ours.children) == len(larks.children), path
        for index, (mine, theirs) in enumerate(zip(ours.children, larks.children, strict=True)):
            _assert_same(mine, theirs, f"{path}/{larks.data}[{index}]")
        return
    assert isinstance(ours, Token) and isinstance(larks, Token), path
    for name in Token.__slots__:
        assert getattr(ours, name) == getattr(larks, name), (path, name)
    assert str(ours) == str(larks), path


def _lean(text: str) -> Tree | None:
    lean = lean_parser()
    assert lean is not None
    return lean.parse(text, lambda token: True)


@pytest.mark.parametrize("path", RULEBOOKS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_rulebook_of_the_repository_parses_to_the_tree_lark_builds(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    expected = _lark_tree(text)
    if expected is None:
        assert _lean(text) is None
    else:
        _assert_same(_lean(text), expected)


def test_the_tokens_and_trees_made_in_the_parsers_loop_have_every_slot_their_classes_set() -> None:
    """The loop writes out `Token(...)`, `Tree(...)` and `Meta()`: a slot either class gains
    must be set there too."""
    tree = _lean((ROOT / "rulebooks" / "guangdong.mjr").read_text(encoding="utf-8"))
    assert tree is not None
    made = {Token: Token("NAME", "x", 0, 1, 1, 1, 2, 1), Tree: Tree("start", [])}
    seen: set[type] = set()
    stack: list[Any] = [tree]
    while stack:
        node = stack.pop()
        seen.add(type(node))
        for name in type(node).__slots__:
            assert hasattr(node, name) == hasattr(made[type(node)], name), (type(node), name)
        if type(node) is Tree:
            assert type(node.meta) is Meta and hasattr(node.meta, "empty")
            stack += node.children
    assert seen == {Token, Tree}


def test_mangled_rulebooks_parse_as_lark_parses_them_or_are_refused_as_lark_refuses_them() -> None:
    rng = random.Random(26)
    texts = [p.read_text(encoding="utf-8") for p in (ROOT / "rulebooks").glob("*.mjr")]
    pieces = ["on", "one", "fan", " ", "\n", "#x\n", '"a"', "5m", "5mm", "12", "(", ")", "{"]
    pieces += ["}", "and", "not", "option.x", "_x", "all ", "\t", '"', "é", "x.y", "==", "-"]
    refused = accepted = 0
    for _ in range(150):
        text = rng.choice(texts)
        for _ in range(rng.randint(1, 3)):
            at = rng.randrange(len(text) + 1)
            if rng.random() < 0.5:
                text = text[:at] + rng.choice(pieces) + text[at:]
            else:
                text = text[:at] + text[at + rng.randint(1, 5) :]
        expected = _lark_tree(text)
        if expected is None:
            assert _lean(text) is None, text
            refused += 1
        else:
            _assert_same(_lean(text), expected)
            accepted += 1
    assert refused and accepted


def test_the_parse_stops_where_the_caller_says_so() -> None:
    text = (ROOT / "rulebooks" / "guangdong.mjr").read_text(encoding="utf-8")
    seen: list[str] = []
    lean = lean_parser()
    assert lean is not None
    assert lean.parse(text, lambda token: len(seen) < 10 and not seen.append(token.type)) is None
    assert len(seen) == 10


def _tables_file(folder: Path) -> Path:
    (found,) = (folder / "lalr").glob("rulebook-*.marshal")
    return found


def test_the_tables_are_kept_in_the_cache_and_read_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(caches.CACHE_ENV, str(tmp_path))
    built = cached_tables(grammar_text(), parser)
    assert built is not None
    stored = _tables_file(tmp_path)

    def no_lark() -> lark.Lark:
        raise AssertionError("the tables were built again")

    assert cached_tables(grammar_text(), no_lark) == built
    assert stored.stat().st_mode & 0o077 == 0 or os.name == "nt"


@pytest.mark.parametrize("damage", [b"", b"\x00garbage", b"{"])
def test_a_broken_tables_file_is_built_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, damage: bytes
) -> None:
    monkeypatch.setenv(caches.CACHE_ENV, str(tmp_path))
    built = cached_tables(grammar_text(), parser)
    _tables_file(tmp_path).write_bytes(damage)
    assert cached_tables(grammar_text(), parser) == built
    assert cached_tables(grammar_text(), parser) == built  # and written whole again


def test_a_tables_file_of_this_grammar_but_not_whole_is_built_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(caches.CACHE_ENV, str(tmp_path))
    built = cached_tables(grammar_text(), parser)
    assert built is not None
    stored = _tables_file(tmp_path)
    key = marshal.loads(stored.read_bytes())["key"]
    cut = {**built, "lexer_of": built["lexer_of"][:10]}
    for tables in ({"format": built["format"]}, cut, {**built, "format": -1}, [1, 2]):
        stored.write_bytes(marshal.dumps({"key": key, "tables": tables}))
        assert cached_tables(grammar_text(), parser) == built


def test_another_grammar_has_tables_of_its_own(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(caches.CACHE_ENV, str(tmp_path))
    cached_tables(grammar_text(), parser)
    changed = grammar_text() + "\n// another grammar\n"
    cached_tables(changed, parser)
    assert len(list((tmp_path / "lalr").glob("rulebook-*.marshal"))) == 2


def test_without_a_cache_the_tables_are_read_out_of_lark(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(caches.CACHE_ENV, "")
    tables = cached_tables(grammar_text(), parser)
    assert tables is not None
    text = (ROOT / "rulebooks" / "guangdong.mjr").read_text(encoding="utf-8")
    _assert_same(LeanParser(tables).parse(text, lambda token: True), _lark_tree(text))


def test_a_lark_parser_the_lean_parser_cannot_reproduce_has_no_tables() -> None:
    from mjc.compiler.lalr import tables_from_lark

    placeholders = lark.Lark(grammar_text(), parser="lalr", maybe_placeholders=True)
    assert tables_from_lark(placeholders) is None


def test_mjc_check_of_a_rulebook_without_errors_does_not_import_lark(tmp_path: Path) -> None:
    """Lark's import and its parser's loading are a fifth of `mjc check`'s start."""
    program = (
        "import sys\n"
        "from mjc.compiler.cli.commands import main\n"
        "code = main(['check', 'guangdong'])\n"
        "assert code == 0, code\n"
        "assert 'lark' not in sys.modules, 'lark was imported'\n"
    )
    env = {**os.environ, caches.CACHE_ENV: str(tmp_path)}
    for _ in range(2):  # the first builds the tables (with Lark), the second reads them
        done = subprocess.run(
            [sys.executable, "-c", program], env=env, capture_output=True, text=True, check=False
        )
    assert done.returncode == 0, done.stderr


@pytest.mark.parametrize(
    "numbers", [("1234567890",), ("99", "12345678901"), ("1234567890", "98765432109")]
)
def test_a_number_too_long_is_found_as_when_lark_parses(numbers: tuple[str, ...]) -> None:
    # The lean parser notes the long numbers it reads, so a tree without one is not searched:
    # the diagnostic is the one a search of the whole tree gives (Lark's path searches).
    from mjc.compiler.syntax import parse as parsing
    from mjc.compiler.syntax.limits import TokenLimits

    text = (ROOT / "rulebooks" / "guangdong.mjr").read_text(encoding="utf-8")
    for number in numbers:
        text = text.replace(" 1\n", f" {number}\n", 1)
    assert all(number in text for number in numbers)
    lean = parsing.parse_piece(text, "g.mjr", TokenLimits("g.mjr"))
    tree = _lark_tree(text)
    assert tree is not None
    searched = parsing._transformed(tree, "g.mjr")
    assert isinstance(lean, parsing.Failure) and isinstance(searched, parsing.Failure)
    assert lean.diagnostic == searched.diagnostic
    assert lean.diagnostic.code == "E0001"
