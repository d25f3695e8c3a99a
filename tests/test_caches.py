"""mjc's on-disk caches (`compiler/caches.py`): Lark's parse tables and jinja2's compiled
templates are kept in the user's cache folder, each under the hash of what it was built from,
and a cache that is off, cannot be created or cannot be written changes nothing but the time."""

from __future__ import annotations

from pathlib import Path

import jinja2
import lark
import pytest

from mjc.compiler import caches
from mjc.compiler.syntax.parse import grammar_text

RULEBOOK = Path(__file__).resolve().parents[1] / "rulebooks" / "guangdong.mjr"


def test_the_cache_lives_where_mjc_cache_dir_says(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(caches.CACHE_ENV, str(tmp_path / "cache"))
    folder = caches.cache_folder("lark")
    assert folder == tmp_path / "cache" / "lark"
    assert folder.is_dir()


def test_without_mjc_cache_dir_the_cache_is_the_users(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(caches.CACHE_ENV, raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert caches.cache_folder("lark") == tmp_path / "xdg" / "mjc" / "lark"


def test_an_empty_mjc_cache_dir_turns_the_caches_off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(caches.CACHE_ENV, "")
    assert caches.cache_folder("lark") is None
    assert caches.lark_cache("grammar", "1.0") is False
    assert caches.template_cache("3.1") is None


def test_a_cache_folder_that_cannot_be_made_is_no_cache(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "a file"
    blocker.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv(caches.CACHE_ENV, str(blocker / "cache"))
    assert caches.cache_folder("lark") is None
    assert caches.lark_cache("grammar", "1.0") is False
    assert caches.template_cache("3.1") is None


def test_the_lark_cache_file_is_named_by_the_grammar_and_larks_version(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(caches.CACHE_ENV, str(tmp_path))
    one = caches.lark_cache("start: NAME", "1.3.1")
    assert isinstance(one, str)
    assert Path(one).parent == tmp_path / "lark"
    assert caches.lark_cache("start: NAME", "1.3.1") == one
    assert caches.lark_cache("start: INT", "1.3.1") != one
    assert caches.lark_cache("start: NAME", "1.4.0") != one


def _parser(cache: str | bool) -> lark.Lark:
    return lark.Lark(
        grammar_text(),
        parser="lalr",
        propagate_positions=True,
        maybe_placeholders=False,
        cache=cache,
    )


def test_a_parser_loaded_from_the_cache_parses_as_one_built_anew(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(caches.CACHE_ENV, str(tmp_path))
    cache = caches.lark_cache(grammar_text(), lark.__version__)
    assert isinstance(cache, str)
    text = RULEBOOK.read_text(encoding="utf-8")
    built = _parser(cache).parse(text)  # builds the tables and writes them
    assert Path(cache).is_file()
    assert _parser(cache).parse(text) == built  # loads them
    Path(cache).write_bytes(b"not a cache")  # a broken file is rebuilt, not an error
    assert _parser(cache).parse(text) == built


def test_a_lark_cache_that_cannot_be_written_is_no_error(tmp_path: Path) -> None:
    missing = tmp_path / "gone" / "rulebook.lark"  # its folder does not exist
    parsed = _parser(str(missing)).parse(RULEBOOK.read_text(encoding="utf-8"))
    assert parsed.data == "start"
    assert not missing.exists()


def _environment(cache: jinja2.BytecodeCache | None) -> jinja2.Environment:
    templates = {"page.j2": "{% for x in items %}{{ x }};{% endfor %}\n"}
    return jinja2.Environment(
        loader=jinja2.DictLoader(templates),
        keep_trailing_newline=True,
        bytecode_cache=cache,
    )


def test_a_template_renders_the_same_from_the_bytecode_cache(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(caches.CACHE_ENV, str(tmp_path))
    cache = caches.template_cache(jinja2.__version__)
    assert cache is not None
    first = _environment(cache).get_template("page.j2").render(items=[1, 2])
    assert list((tmp_path / f"jinja2-{jinja2.__version__}").iterdir())  # the code was kept
    again = _environment(cache).get_template("page.j2").render(items=[1, 2])
    assert first == again == "1;2;\n"


def test_a_template_cache_whose_folder_went_away_still_renders(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(caches.CACHE_ENV, str(tmp_path / "cache"))
    cache = caches.template_cache(jinja2.__version__)
    assert cache is not None
    (tmp_path / "cache" / f"jinja2-{jinja2.__version__}").rmdir()  # jinja2's own would raise
    assert _environment(cache).get_template("page.j2").render(items=[3]) == "3;\n"
