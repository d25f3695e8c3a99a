"""The compiler pipeline, pass by pass: text → AST → declarations (on top of the parent's, for
a rulebook that `extends` another) → typed expressions → checks → IR. Input is a rulebook's
text and file name; output is the IR (when there are no errors), every diagnostic found, and
the text of every file involved (so diagnostics in a parent can be shown). Passes run in
order and the pipeline stops only where going on would produce noise. After syntax errors the
checks still run, on the sections that parsed (`compiler/syntax/recovery.py`), less an
unknown-name error on an id whose declaration did not parse (the syntax error's echo);
nothing is lowered when anything is wrong. The last pass generates the module from the IR,
imports it in memory and scores the fans' inline examples with it (`checks.example_scores`):
the compiler may use the runtime, never the other way round.
"""

from __future__ import annotations

import sys
import types
from dataclasses import field
from pathlib import Path

from mjc.compiler import check as checks, ir
from mjc.compiler.check.example_scores import check_example_scores
from mjc.compiler.diagnostics import Diagnostic, Span, error, has_errors, sort_diagnostics
from mjc.compiler.diagnostics.suggest import did_you_mean
from mjc.compiler.emit.codegen import compiled_module, not_loaded
from mjc.compiler.language.types import INT, ChoiceType, describe
from mjc.compiler.lower.rulebook import lower
from mjc.compiler.resolve.declarations import Declarations, collect
from mjc.compiler.resolve.slots import SLOTS
from mjc.compiler.resolve.typecheck import ExprChecker
from mjc.compiler.resolve.typed import Typed
from mjc.compiler.syntax import ast
from mjc.compiler.syntax.layout import provenance_layout
from mjc.compiler.syntax.limits import MAX_EXTENDS_DEPTH, quantifier_nesting
from mjc.compiler.syntax.parse import parse
from mjc.compiler.syntax.sources import (
    RulebookNotFound,
    bundled_rulebooks,
    read_rulebook,
    resolve_rulebook,
    rulebook_text,
)
from mjc.frozen import slotted
from mjc.runtime import Ruleset


@slotted
class Compilation:
    """What compiling one rulebook produced."""

    file: str
    source: str
    rulebook: ir.Rulebook | None
    diagnostics: list[Diagnostic] = field(default_factory=list)
    sources: dict[str, str] = field(default_factory=dict)
    # The generated module's source and its ruleset, imported in memory to run the examples.
    module_source: str | None = None
    ruleset: Ruleset | None = None

    @property
    def ok(self) -> bool:
        return self.rulebook is not None and not has_errors(self.diagnostics)

    def __post_init__(self) -> None:
        self.sources.setdefault(self.file, self.source)


def compile_source(source: str, file: str, *, directory: Path | None = None) -> Compilation:
    """Compile rulebook text; `directory` is where a relative `extends` path is looked up."""
    if not isinstance(source, str):
        raise TypeError(f"compile_source reads the text of a rulebook (str), not {type(source)}")
    source = rulebook_text(source)
    sources = {file: source}
    decls, problems = _declarations(source, file, directory, sources, stack=())
    if decls is None:
        return Compilation(file, source, None, sort_diagnostics(problems), sources)
    typed = _type_expressions(decls)
    problems += typed.problems
    problems += checks.run_all(decls, typed)
    problems = sort_diagnostics(_without_cascades(problems, decls, source))
    if has_errors(problems):
        return Compilation(file, source, None, problems, sources)
    book = lower(decls, typed, source)
    # A module Python refuses, or one that fails as it loads, is a bug of mjc's code generator;
    # `mjc check` says so (E0901) rather than passing a rulebook no one can build.
    # Compiled once, for the check and for the import both.
    compiled, broken = compiled_module(book, _generated_from(file))
    if compiled is None or broken is not None:
        found = [*problems, broken] if broken is not None else problems
        return Compilation(file, source, None, sort_diagnostics(found), sources)
    module_source, code = compiled
    try:
        ruleset = run_module(code, f"mjc_rulebook_{book.id}").RULESET
    except Exception as exc:
        failed = not_loaded(book, exc)
        return Compilation(file, source, None, sort_diagnostics([*problems, failed]), sources)
    assert isinstance(ruleset, Ruleset)
    problems = sort_diagnostics(problems + check_example_scores(decls, ruleset))
    if has_errors(problems):
        return Compilation(file, source, None, problems, sources)
    return Compilation(file, source, book, problems, sources, module_source, ruleset)


def import_source(source: str, module_name: str, filename: str) -> types.ModuleType:
    """Execute generated source as a module (the source is ours: rulebook text only ever
    appears in it as literals)."""
    return run_module(compile(source, _generated_from(filename), "exec"), module_name)


def _generated_from(filename: str) -> str:
    """The file name of a module generated from rulebook `filename`, in its tracebacks."""
    return f"<generated from {filename}>"


def run_module(code: types.CodeType, module_name: str) -> types.ModuleType:
    """Execute the compiled code of a generated module as module `module_name`."""
    module = types.ModuleType(module_name)
    module.__file__ = code.co_filename
    sys.modules[module_name] = module
    try:
        exec(code, module.__dict__)
    finally:
        sys.modules.pop(module_name, None)
    return module


def compile_file(path: Path, display_name: str | None = None) -> Compilation:
    """Compile a rulebook file; an unreadable file is a diagnostic, not an exception."""
    name = display_name or str(path)
    source, problem = read_rulebook(path, name)
    if problem is not None:
        return Compilation(name, source, None, [problem])
    return compile_source(source, name, directory=path.parent)


def _declarations(
    source: str,
    file: str,
    directory: Path | None,
    sources: dict[str, str],
    stack: tuple[str, ...],
) -> tuple[Declarations | None, list[Diagnostic]]:
    """Parse one file and collect its declarations, its parents' first."""
    book, problems = parse(source, file, recover=True)
    if book is None:
        return None, problems
    problems += provenance_layout(book, source)
    header = next((s for s in book.sections if isinstance(s, ast.Header)), None)
    parent: Declarations | None = None
    if header is not None and header.extends is not None:
        parent, parent_problems = _parent(header.extends, file, directory, sources, stack)
        problems += parent_problems
        if parent is None:
            return None, problems
    decls, more = collect(book, parent)
    return decls, problems + more


def _parent(
    name: ast.Ident,
    child: str,
    directory: Path | None,
    sources: dict[str, str],
    stack: tuple[str, ...],
) -> tuple[Declarations | None, list[Diagnostic]]:
    try:
        path, display = resolve_rulebook(name.text, directory)
    except RulebookNotFound:
        bundled = bundled_rulebooks()
        return None, [
            error(
                "E0115",
                f"cannot find the parent rulebook `{name.text}`",
                name.span,
                label="not a bundled rulebook nor a file",
                help=did_you_mean(name.text, bundled)
                or "name a bundled rulebook (" + ", ".join(bundled) + ") or a path to a .mjr file",
            )
        ]
    if display in (*stack, child):
        chain = " → ".join((*stack, child, display))
        return None, [
            error(
                "E0115",
                f"rulebooks extend each other in a circle: {chain}",
                name.span,
                help="a rulebook cannot be its own ancestor; remove one `extends`",
            )
        ]
    if len(stack) + 2 > MAX_EXTENDS_DEPTH:
        return None, [
            error(
                "E0115",
                f"more than {MAX_EXTENDS_DEPTH} rulebooks extend each other in a chain",
                name.span,
                help=f"a chain of `extends` holds at most {MAX_EXTENDS_DEPTH} rulebooks; "
                "extend a rulebook nearer the root",
            )
        ]
    text, problem = read_rulebook(path, display)
    if problem is not None:
        return None, [
            error(
                "E0115",
                f"cannot read the parent rulebook `{name.text}`",
                name.span,
                label=problem.message,
            )
        ]
    sources[display] = text
    decls, problems = _declarations(text, display, path.parent, sources, (*stack, child))
    if has_errors(problems):
        return None, [
            error(
                "E0115",
                f"the parent rulebook `{name.text}` has errors",
                name.span,
                help=f"run `mjc check {display}` and fix them first",
            ),
            *problems,
        ]
    return decls, problems


# --------------------------------------------------------------------------- recovery

_UNKNOWN_NAME_CODES = frozenset({"E0101", "E0103", "E0104", "E0107", "E0110", "E0111"})
"""Unknown name, fan, option, tier, shape and example setting: what a use of an id whose
declaration did not parse would be reported as."""

_JUDGED_AGAINST = {
    "players": frozenset({"E0507"}),  # a horse table for a player count not played
    "claims": frozenset({"E0405", "E0411", "E0599"}),  # wilds, `priority`, kinds of kong
    "horses": frozenset({"E0123"}),  # a horse payment for a kind of horse never drawn
}
"""The checks that judge a section against another one, by the keyword of that other one:
when it did not parse, they would report it empty."""


def _without_cascades(
    problems: list[Diagnostic], decls: Declarations, source: str
) -> list[Diagnostic]:
    """`problems` but an unknown-name error on an id whose declaration is in a piece of this
    file that did not parse (on any id, when that piece is a header naming a parent), and a
    check against a section that did not parse: the syntax error there is the mistake to fix."""
    dropped = frozenset().union(*(_JUDGED_AGAINST.get(k, ()) for k in decls.unparsed_sections))
    if decls.parent_unparsed:
        dropped |= _UNKNOWN_NAME_CODES
    problems = [p for p in problems if p.code not in dropped]
    if not decls.unparsed:
        return problems
    lines = source.split("\n")

    def written(span: Span) -> str:
        if span.file != decls.file or span.line != span.end_line or span.line > len(lines):
            return ""
        return lines[span.line - 1][span.column - 1 : span.end_column - 1]

    return [
        p
        for p in problems
        if not (
            p.code in _UNKNOWN_NAME_CODES
            and p.span is not None
            and written(p.span) in decls.unparsed
        )
    ]


# --------------------------------------------------------------------------- typing


def _type_expressions(decls: Declarations) -> Typed:
    """Type every expression of the rulebook, each in the context its slot says
    (`mjc.compiler.resolve.slots`), and refuse one that nests too many quantifiers (E0007)."""
    checker = ExprChecker(decls)
    typed = Typed()
    typed.fan_refs = {fan_id: [] for fan_id in decls.fans}  # in the fans' order
    for slot in SLOTS:
        for owner, expr in slot.find(decls):
            if expr is None:
                continue
            too_nested = quantifier_nesting(expr)
            if too_nested is not None:
                checker.problems.append(too_nested)
            if slot.type is None:
                typed.exprs[id(expr)] = _horse_count(checker, expr, slot.where)
                continue
            typed.exprs[id(expr)] = checker.check(expr, slot.context, slot.type, where=slot.where)
            if slot.fan_refs:
                refs = [(r, _ref_span(expr, r)) for r in sorted(checker.fan_refs)]
                typed.fan_refs[owner] += refs
    typed.problems = checker.problems
    return typed


def _horse_count(checker: ExprChecker, count: ast.Expr, where: str | None = None) -> ir.Expr | None:
    """A horse line's count (or another count, `where`: a play line's reserved tiles): a
    number read from the options only, or a choice option whose choices are numbers where
    the line applies (`grabbed option.horse_count`; checked by
    `checks.horse_lines.check_horse_counts` and `checks.play`)."""
    result = checker.check(count, "guard", None)
    if result is None or result.type == INT:
        return result
    if isinstance(result, ir.OptionE) and isinstance(result.type, ChoiceType):
        return result
    checker.problems.append(
        error(
            "E0201",
            f"{where or 'a horse count'} must be a number, but this is {describe(result.type)}",
            count.span,
            label=f"this is {describe(result.type)}",
            help="write a number, a number option, or a choice option whose choices are "
            "numbers, e.g. `grabbed option.horse_count`",
        )
    )
    return None


def _ref_span(expr: ast.Expr, fan: str) -> Span:
    """Where `expr` names `fan` (for the cycle diagnostic)."""
    found: list[Span] = []

    def walk(node: object) -> None:
        if isinstance(node, ast.Name) and node.name == fan:
            found.append(node.span)
            return
        for child in getattr(node, "__slots__", ()):
            value = getattr(node, child, None)
            if isinstance(value, tuple):
                for item in value:
                    walk(item)
            elif hasattr(value, "__slots__") and not isinstance(value, Span):
                walk(value)

    walk(expr)
    return found[0] if found else expr.span
