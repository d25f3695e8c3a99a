"""The VS Code extension's TextMate grammar (editors/vscode/syntaxes/mjc.tmLanguage.json), run by
VS Code's own tokenizer (vscode-textmate with vscode-oniguruma, under Node.js) over every bundled
rulebook and compared with the tokens of our Lark lexer: keywords, comments and strings are
scoped as what the parser reads them as, and no line leaves a rule open.

`make test` installs the tokenizer (npm ci in tests/editors/tokenizer/); `.ci/run` makes sure
Node.js and npm are there. Outside CI the test is skipped when Node.js or the tokenizer is
missing; in CI (the `CI` variable is set) that fails the test.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import lark
import pytest
from lark import Token

from mjc.compiler.loader import bundled_rulebooks
from mjc.compiler.syntax.parse import grammar_text, keywords
from mjc.compiler.syntax.sources import rulebook_text

ROOT = Path(__file__).resolve().parents[2]
GRAMMAR = ROOT / "editors" / "vscode" / "syntaxes" / "mjc.tmLanguage.json"
TOKENIZER = Path(__file__).resolve().parent / "tokenizer"

Scopes = tuple[str, ...]


def _tokenize(texts: dict[str, str]) -> dict[str, list[dict[str, Any]]]:
    node = shutil.which("node")
    if node is None or not (TOKENIZER / "node_modules" / "vscode-textmate").is_dir():
        why = "Node.js or the TextMate tokenizer is missing (make test installs it: npm ci in "
        why += "tests/editors/tokenizer)"
        if os.environ.get("CI"):
            pytest.fail(f"{why}, and CI must run the TextMate grammar test")
        pytest.skip(why)
    request = json.dumps({"grammar": str(GRAMMAR), "texts": texts})
    done = subprocess.run(
        [node, str(TOKENIZER / "tokenize.js")],
        input=request,
        capture_output=True,
        text=True,
        encoding="utf-8",
        check=False,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    result: dict[str, list[dict[str, Any]]] = json.loads(done.stdout)
    return result


def _scopes_by_character(text: str, lines: list[dict[str, Any]]) -> list[Scopes]:
    """The TextMate scopes of every character of `text` (newlines get the line's last
    scopes' root only), by code point offset as Lark counts."""
    out: list[Scopes] = []
    for line_text, line in zip(text.split("\n"), lines, strict=True):
        # vscode-textmate counts UTF-16 code units: map each unit back to its code point.
        unit_to_char = [
            i for i, ch in enumerate(line_text) for _ in range(len(ch.encode("utf-16-le")) // 2)
        ]
        chars: list[Scopes] = [("source.mjc",)] * len(line_text)
        for start, end, scopes in line["tokens"]:
            for unit in range(start, end):
                chars[unit_to_char[unit]] = tuple(scopes)
        out.extend(chars)
        out.append(("source.mjc",))  # the newline
    return out[: len(text)]


class _Lexed:
    """A rulebook's tokens as the parser reads them (its contextual lexer), comments included."""

    def __init__(self, text: str) -> None:
        self.comments: list[Token] = []
        parser = lark.Lark(
            grammar_text(),
            parser="lalr",
            maybe_placeholders=False,
            lexer_callbacks={"COMMENT": self.comments.append},
        )
        self.tokens: list[Token] = list(parser.parse_interactive(text).iter_parse())


@pytest.fixture(scope="module")
def bundled() -> dict[str, tuple[str, list[Scopes], _Lexed]]:
    texts = {
        name: rulebook_text(path.read_text(encoding="utf-8"))
        for name, path in bundled_rulebooks().items()
    }
    tokenized = _tokenize(texts)
    return {
        name: (text, _scopes_by_character(text, tokenized[name]), _Lexed(text))
        for name, text in texts.items()
    }


def _characters(tokens: list[Token]) -> Iterator[int]:
    for token in tokens:
        assert token.start_pos is not None and token.end_pos is not None
        yield from range(token.start_pos, token.end_pos)


def _has(scopes: Scopes, prefix: str) -> bool:
    return any(s.startswith(prefix) for s in scopes)


def _keyword_scoped(word: str, scopes: Scopes) -> bool:
    if word in ("true", "false"):
        return _has(scopes, "constant.language.boolean")
    return _has(scopes, "keyword.")


def test_every_keyword_in_the_bundled_rulebooks_is_scoped_as_a_keyword(bundled: Any) -> None:
    words = keywords()
    wrong = []
    for name, (_text, scopes, lexed) in bundled.items():
        for token in lexed.tokens:
            if token.type == "NAME" or token.value not in words:
                continue
            span = range(token.start_pos, token.end_pos)
            if not all(_keyword_scoped(token.value, scopes[i]) for i in span):
                wrong.append(f"{name}:{token.line}:{token.column} {token.value} {scopes[span[0]]}")
    assert not wrong, wrong[:10]


def test_comments_and_only_comments_are_scoped_as_comments(bundled: Any) -> None:
    for name, (_text, scopes, lexed) in bundled.items():
        lark_comments = set(_characters(lexed.comments))
        textmate_comments = {i for i, s in enumerate(scopes) if _has(s, "comment.")}
        assert lark_comments, f"{name} has comments to check"
        assert textmate_comments == lark_comments, name


def test_strings_and_only_strings_are_scoped_as_strings(bundled: Any) -> None:
    for name, (text, scopes, lexed) in bundled.items():
        lark_strings = set(_characters([t for t in lexed.tokens if t.type == "STRING"]))
        textmate_strings = {i for i, s in enumerate(scopes) if _has(s, "string.")}
        assert textmate_strings == lark_strings, [
            f"{name}: {text[i - 20 : i + 20]!r}" for i in sorted(textmate_strings ^ lark_strings)
        ][:5]


def test_no_line_of_a_bundled_rulebook_leaves_a_rule_open() -> None:
    texts = {
        name: rulebook_text(path.read_text(encoding="utf-8"))
        for name, path in bundled_rulebooks().items()
    }
    for name, lines in _tokenize(texts).items():
        open_lines = [n for n, line in enumerate(lines, 1) if line["depth"] != 1]
        assert not open_lines, f"{name}: lines {open_lines[:10]} end inside a rule"


def test_an_unclosed_string_ends_with_its_line() -> None:
    lines = _tokenize({"open": 'title "no end\nfan x "名" { value 1 }\n'})["open"]
    assert [line["depth"] for line in lines] == [1, 1, 1]
    fan = lines[1]["tokens"][0]
    assert "keyword.other.declaration.mjc" in fan[2]


def _scope_of(text: str, word: str, nth: int = 0) -> Scopes:
    scopes = _scopes_by_character(text, _tokenize({"t": text})["t"])
    at = -1
    for _ in range(nth + 1):
        at = text.index(word, at + 1)
    return scopes[at]


SAMPLE = """\
rulebook variant extends guangdong {
  title "变体 \\"quoted\\""
}
option seven_pairs "七对": toggle = off
fan pure "清一色" "Pure One Suit" {
  value 6 if option.seven_pairs
  when all t in tiles: t.suit == 5z
  example "123m456m789m [555z] (1111p)" win "1m"
}
"""


def test_tile_notation_in_hands_and_expressions_is_scoped_as_tiles() -> None:
    for word, nth in (("123m", 0), ("555z", 0), ("1111p", 0), ('1m"', 0), ("5z", 0)):
        assert "constant.other.tile.mjc" in _scope_of(SAMPLE, word, nth), word
    assert "meta.meld.exposed.mjc" in _scope_of(SAMPLE, "[555z]")
    assert "meta.meld.concealed.mjc" in _scope_of(SAMPLE, "(1111p)")


def test_declarations_name_their_fan_option_and_rulebook() -> None:
    assert "entity.name.type.rulebook.mjc" in _scope_of(SAMPLE, "variant")
    assert "entity.other.inherited-class.mjc" in _scope_of(SAMPLE, "guangdong")
    assert "entity.name.function.fan.mjc" in _scope_of(SAMPLE, "pure")
    assert _has(_scope_of(SAMPLE, "清一色"), "entity.name.section.fan.chinese")
    assert _has(_scope_of(SAMPLE, "Pure One"), "entity.name.section.fan.english")
    assert "variable.other.option.declaration.mjc" in _scope_of(SAMPLE, "seven_pairs")
    assert "variable.other.option.mjc" in _scope_of(SAMPLE, "seven_pairs", 1)


def test_string_escapes_are_scoped_as_escapes() -> None:
    assert "constant.character.escape.mjc" in _scope_of(SAMPLE, '\\"')
    assert "invalid.illegal.unknown-escape.mjc" in _scope_of('note "a \\q"', "\\q")


def _grammar_keywords() -> set[str]:
    grammar = json.loads(GRAMMAR.read_text(encoding="utf-8"))
    found: set[str] = set()
    for rule in grammar["repository"]["keywords"]["patterns"]:
        match = re.fullmatch(r"\\b\(\?:([a-z_|]+)\)\\b", rule["match"])
        assert match, rule["match"]
        found |= set(match[1].split("|"))
    return found


def test_the_textmate_grammar_knows_exactly_the_languages_keywords() -> None:
    # Like the Pygments lexer's parity test (tests/docs/test_highlight.py).
    words = _grammar_keywords()
    assert words == keywords(), (
        f"add to editors/vscode/syntaxes/mjc.tmLanguage.json: {sorted(keywords() - words)}; "
        f"remove: {sorted(words - keywords())}"
    )


def test_the_extension_declares_the_language_grammar_and_server_setting() -> None:
    manifest = json.loads((ROOT / "editors" / "vscode" / "package.json").read_text("utf-8"))
    contributes = manifest["contributes"]
    assert contributes["languages"][0]["id"] == "mjc"
    assert contributes["languages"][0]["extensions"] == [".mjr"]
    assert (ROOT / "editors" / "vscode" / contributes["grammars"][0]["path"]).resolve() == GRAMMAR
    assert "onLanguage:mjc" in manifest["activationEvents"]
    assert contributes["configuration"]["properties"]["mjc.path"]["default"] == "mjc"
    client = (ROOT / "editors" / "vscode" / manifest["main"]).read_text("utf-8")
    assert 'args: ["lsp"]' in client
