"""The Pygments lexer of the rulebook language: registered, complete, and error-free."""

from __future__ import annotations

from pygments.lexers import get_lexer_by_name, get_lexer_for_filename
from pygments.token import Error, Keyword, Name, Operator

from mjc.compiler.docs.highlight import KEYWORDS, MjcLexer
from mjc.compiler.loader import bundled_rulebooks
from mjc.compiler.syntax.parse import keywords


def test_the_lexer_knows_exactly_the_grammars_keywords() -> None:
    assert keywords() == KEYWORDS, (
        f"add to compiler/docs/highlight.py: {sorted(keywords() - KEYWORDS)}; "
        f"remove: {sorted(KEYWORDS - keywords())}"
    )


def test_pygments_finds_the_lexer_through_its_entry_point() -> None:
    # mkdocs-material's code blocks (pymdownx.highlight) look lexers up exactly like this.
    assert isinstance(get_lexer_by_name("mjc"), MjcLexer)
    assert isinstance(get_lexer_for_filename("guangdong.mjr"), MjcLexer)


def test_every_bundled_rulebook_lexes_without_an_error_token() -> None:
    for name, path in bundled_rulebooks().items():
        text = path.read_text(encoding="utf-8")
        errors = [v for t, v in MjcLexer().get_tokens(text) if t in Error]
        assert not errors, f"{name}: {errors[:5]}"


def test_keywords_names_and_tiles_get_their_own_tokens() -> None:
    text = 'fan pure "清一色" { value 16 when all t in tiles: t.is_honour or 5z in winds }'
    tokens = [(t, v) for t, v in MjcLexer().get_tokens(text) if v.strip()]
    kinds = dict((v, t) for t, v in tokens)
    assert kinds["fan"] in Keyword
    assert kinds["pure"] in Name.Class
    assert kinds["all"] in Operator.Word
    assert kinds["is_honour"] in Name.Attribute
    assert kinds["winds"] in Name.Builtin
    assert str(kinds["5z"]).startswith("Token.Literal.Number")
