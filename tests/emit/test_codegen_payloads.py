"""Nothing from a rulebook or its path becomes code (issue 11): hostile strings in every
string slot of a rulebook, in its file name and in the name of the file it `extends`, give
a module whose syntax tree is the plain rulebook's with other data in its strings; no
comment breaks its line, and nothing the payloads ask for runs."""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

import pytest

from mjc.compiler.driver import Compilation, compile_file, compile_source
from mjc.compiler.emit.codegen import checked_module
from mjc.compiler.loader import bundled_rulebooks, import_source

# Each payload would, if it ever became code, create the file `pwned` in the working folder.
PAYLOADS = (
    "line\nbreak",
    '"quote',
    "'single",
    '"""triple',
    "'''triple",
    "back\\slash\\",
    "__import__('os').system('touch pwned')",
    "open('pwned', 'w')",
    "{{ open('pwned', 'w') }} {% raw %}",
    "{% for x in y %}",
    "u2028\u2028sep\u2029",
    "nel\u0085next",
    "ctl\x01\x1bbyte\x7f",
    "cr\rreturn\x0b\x0c",
    "\")\n    __import__('os').system('touch pwned')\n    #",
    '\\"""\n__import__("os").system("touch pwned")\n"""',
)
_MARK = re.compile(r" #[0-9]+")
_BREAKS = "\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029\x00"
_STRING = re.compile(r'"([^"\\\n]|\\.)*"')
# Lines whose strings are read, not shown: example hands and the like.
_READ = ("example", "counterexample")
_EXTRA = '\nsituation odd "{0}"\npreset p1 "{1}" {{\n  {2}\n}}\n'
# The rulebooks whose every string slot is filled: chaozhou's (wilds, horses, presets) and
# riichi's (the fu and points sections' labels, fu items and limits), each with a preset
# setting one of its options.
_SLOTS = {"chaozhou": "cap = 16", "riichi": "kuitan = off"}


def _quoted(text: str) -> str:
    """`text` as a rulebook string literal."""
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return f'"{escaped.replace(chr(9), chr(92) + "t")}"'


def _with_strings(source: str, strings: list[str]) -> tuple[str, list[str]]:
    """`source` with every shown string replaced, in order, by the next of `strings`."""
    used: list[str] = []
    out: list[str] = []
    for line in source.splitlines(keepends=True):
        if line.lstrip().startswith(_READ) or line.lstrip().startswith("#"):
            out.append(line)
            continue

        def replace(match: re.Match[str]) -> str:
            text = strings[len(used) % len(strings)] + f" #{len(used)}"
            used.append(text)
            return _quoted(text)

        out.append(_STRING.sub(replace, line))
    return "".join(out), used


def _normalized(tree: ast.AST) -> str:
    """The syntax tree with every string constant blanked: what the module does."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            node.value = ""
    return ast.dump(tree, include_attributes=False)


def _strings(tree: ast.Module) -> set[str]:
    body = tree.body[1:]  # the module docstring is checked on its own
    return {
        n.value
        for stmt in body
        for n in ast.walk(stmt)
        if isinstance(n, ast.Constant) and isinstance(n.value, str)
    }


def _module(compilation: Compilation) -> str:
    assert compilation.ok, [d.message for d in compilation.diagnostics]
    assert compilation.rulebook is not None
    source, problem = checked_module(compilation.rulebook)
    assert problem is None and source is not None
    return source


def _assert_only_data(hostile: str, plain: str, allowed: set[str]) -> None:
    tree, reference = ast.parse(hostile), ast.parse(plain)
    added = _strings(tree) - _strings(reference)
    # A string the module composes from several slots (a refusal naming two situations, a
    # docstring naming a section) holds their marks `#n` where the plain module's holds none.
    composed = {a for a in added - allowed if _MARK.search(a)}
    assert added - composed <= allowed, sorted(added - allowed)[:5]
    assert _normalized(ast.parse(hostile)) == _normalized(ast.parse(plain))
    names = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
    assert not names & {"__import__", "eval", "exec", "compile", "open", "system"}
    docstring = ast.get_docstring(tree, clean=False) or ""
    assert not set(docstring) & set(_BREAKS.replace("\n", ""))
    assert not set(hostile) & set(_BREAKS.replace("\n", ""))
    for token in tokenize.generate_tokens(io.StringIO(hostile).readline):
        if token.type == tokenize.COMMENT:
            assert not set(token.string) & set(_BREAKS)


@pytest.mark.parametrize("name", sorted(_SLOTS))
def test_payloads_in_every_string_slot_stay_data(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    original = bundled_rulebooks()[name].read_text(encoding="utf-8")
    extra = _EXTRA.format("奇", "预设", _SLOTS[name])
    plain_source, plain_used = _with_strings(original + extra, ["plain"])
    hostile_source, used = _with_strings(original + extra, list(PAYLOADS))
    assert len(used) == len(plain_used) > 100  # every string slot of the rulebook
    plain = _module(compile_source(plain_source, f"{name}.mjr"))
    compilation = compile_source(hostile_source, f"{name}.mjr")
    hostile = _module(compilation)
    assert compilation.rulebook is not None
    _assert_only_data(hostile, plain, {*used, compilation.rulebook.source_sha256})
    # A NUL is refused by `mjc check` itself (a diagnostic, so no module at all).
    assert not compile_source(hostile_source.replace("ctl\x01", "nul\x00"), "c.mjr").ok
    module = import_source(hostile, "mjc_payloads", f"{name}.py")
    ruleset = module.RULESET
    assert ruleset.title in used and {f.name for f in ruleset.fans} <= set(used)
    assert ruleset.score("123m456p789s111z22z", self_drawn=True).win
    assert not (tmp_path / "pwned").exists()


def test_payload_file_and_extends_names_stay_data(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    parent = bundled_rulebooks()["guangdong"].read_text(encoding="utf-8")
    results: list[str] = []
    hashes: list[str] = []
    for parent_name, child_name in (
        ("parent.mjr", "child.mjr"),
        (
            "p\n    __import__('os').system('touch pwned')\n    #.mjr",
            "c\u2028\"\"\"\n__import__('os').system('touch pwned')\n{{ x }}\x85.mjr",
        ),
    ):
        (tmp_path / parent_name).write_text(parent, encoding="utf-8")
        child = tmp_path / child_name
        child.write_text(
            f'rulebook mine extends {_quoted(parent_name)} {{ title "我的" version "1" }}\n',
            encoding="utf-8",
        )
        compilation = compile_file(child, child_name)
        results.append(_module(compilation))
        assert compilation.rulebook is not None
        hashes.append(compilation.rulebook.source_sha256)
        module = import_source(results[-1], "mjc_payload_names", "child.py")
        assert module.RULESET.score("123m456p999m22z [789s]").win
        # The names did reach the module: as data.
        assert module.EXTENDS == "guangdong" and child_name == module.SOURCE_FILE
        assert module.RULESET.fans[0].where.startswith(str(tmp_path / parent_name))
    plain, hostile = results
    hostile_names = "p\n    __import__('os').system('touch pwned')\n    #.mjr"
    allowed = {
        s.replace("parent.mjr", hostile_names).replace("child.mjr", child_name)
        for s in _strings(ast.parse(plain))
    } | {hashes[1], hostile_names}
    _assert_only_data(hostile, plain, allowed)
    assert not (tmp_path / "pwned").exists()
