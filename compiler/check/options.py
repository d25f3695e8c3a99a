"""Checks of the options (可选玩法), the presets that set them and the constraints on them.

Input: option, preset and constraint declarations from the `Declarations` table
(`mjc.compiler.resolve.declarations`) and, for constraints, their typed conditions
(`mjc.compiler.resolve.typecheck`).
A toggle's default is `on` or `off`, a choice lists each choice once and defaults to one of
them, a number's range is not empty and holds its default; a preset sets declared options to
values they offer; and the default options and every preset satisfy every constraint at
every player count, so that no game the rulebook offers out of the box is one it forbids.
"""

from __future__ import annotations

from mjc.compiler import ir
from mjc.compiler.check.common import ir_options
from mjc.compiler.diagnostics import Diagnostic, Label, Span, error
from mjc.compiler.diagnostics.suggest import did_you_mean
from mjc.compiler.ir import consteval
from mjc.compiler.resolve.declarations import Declarations
from mjc.compiler.resolve.typed import Typed
from mjc.compiler.syntax import ast


def check_options(decls: Declarations) -> list[Diagnostic]:
    problems: list[Diagnostic] = []
    for option in decls.options.values():
        default = option.default
        match option.type:
            case ast.ToggleType():
                if default is not None and default.text not in ("on", "off"):
                    problems.append(
                        error(
                            "E0501",
                            f"the default of toggle `{option.id.text}` must be `on` or `off`",
                            default.span,
                            label=f"`{default.text}` is not on or off",
                        )
                    )
            case ast.ChoiceType(choices=choices):
                ids: dict[str, ast.Choice] = {}
                for choice in choices:
                    if choice.id.text in ids:
                        problems.append(
                            error(
                                "E0102",
                                f"option `{option.id.text}` lists the choice "
                                f"`{choice.id.text}` twice",
                                choice.id.span,
                                labels=(Label(ids[choice.id.text].id.span, "first listed here"),),
                            )
                        )
                    ids[choice.id.text] = choice
                if default is not None and default.text not in ids:
                    problems.append(
                        error(
                            "E0501",
                            f"the default `{default.text}` is not a choice of option "
                            f"`{option.id.text}`",
                            default.span,
                            label="not among the choices",
                            help=did_you_mean(default.text, ids)
                            or "its choices are " + ", ".join(f"`{c}`" for c in ids),
                        )
                    )
            case ast.NumberType(low=low, high=high):
                if low > high:
                    problems.append(
                        error("E0501", f"the range {low}..{high} is empty", option.type.span)
                    )
                elif default is not None and (
                    not default.text.isdigit() or not low <= int(default.text) <= high
                ):
                    problems.append(
                        error(
                            "E0501",
                            f"the default of `{option.id.text}` must be a number "
                            f"from {low} to {high}",
                            default.span,
                        )
                    )
    return problems


def check_presets(decls: Declarations) -> list[Diagnostic]:
    """Presets name declared options and choices they have."""
    problems: list[Diagnostic] = []
    for preset in decls.presets.values():
        for key, value in preset.settings:
            option = decls.options.get(key.text)
            if option is None:
                problems.append(
                    error(
                        "E0104",
                        f"preset `{preset.id.text}` sets an unknown option `{key.text}`",
                        key.span,
                        help=did_you_mean(key.text, decls.options),
                    )
                )
                continue
            if not _valid_value(option, value.text):
                problems.append(
                    error(
                        "E0105",
                        f"preset `{preset.id.text}` sets option `{key.text}` to `{value.text}`, "
                        "which it does not offer",
                        value.span,
                        help="its values: " + ", ".join(_values_text(option)),
                    )
                )
    return problems


def _valid_value(option: ast.OptionDecl, text: str) -> bool:
    match option.type:
        case ast.ToggleType():
            return text in ("on", "off")
        case ast.ChoiceType(choices=choices):
            return text in {c.id.text for c in choices}
        case ast.NumberType(low=low, high=high):
            return text.isdigit() and low <= int(text) <= high
    return False


def _values_text(option: ast.OptionDecl) -> list[str]:
    match option.type:
        case ast.ToggleType():
            return ["on", "off"]
        case ast.ChoiceType(choices=choices):
            return [c.id.text for c in choices]
        case ast.NumberType(low=low, high=high):
            return [f"{low}..{high}"]
    return []


def check_constraints(decls: Declarations, typed: Typed) -> list[Diagnostic]:
    """The default options, and every preset, satisfy every constraint (for every player
    count the rulebook supports)."""
    problems: list[Diagnostic] = []
    options = ir_options(decls)
    default = next(consteval.settings(options, []))
    counts = [c.value for c in decls.players.counts] if decls.players else [4]
    candidates: list[tuple[str, dict[str, consteval.OptionValue], Span | None]] = [
        ("the default options", dict(default), None)
    ]
    for preset in decls.presets.values():
        setting = dict(default)
        for key, value in preset.settings:
            if key.text in options and _valid_value(decls.options[key.text], value.text):
                setting[key.text] = _parse_value(options[key.text], value.text)
        candidates.append((f"preset `{preset.id.text}`", setting, preset.id.span))
    for constraint in decls.constraints:
        condition = typed.get(constraint.condition)
        if condition is None:
            continue
        for what, setting, span in candidates:
            for players in counts:
                if consteval.evaluate(condition, {**setting, "players": players}):
                    problems.append(
                        error(
                            "E0501",
                            f"{what} break the constraint: {constraint.reason}",
                            span or constraint.span.head(),
                            labels=(Label(constraint.span.head(), "the constraint"),),
                            help="change the defaults (or the preset) so the constraint holds",
                        )
                    )
                    break
    return problems


def _parse_value(option: ir.Option, text: str) -> consteval.OptionValue:
    if option.kind == "toggle":
        return text == "on"
    if option.kind == "number":
        return int(text)
    return text
