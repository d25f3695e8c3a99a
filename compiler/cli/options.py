"""What `mjc options RULEBOOK` prints: a rulebook's options, constraints and presets, as text
lines or as one JSON document. The rulebook is the checked IR (`mjc.compiler.ir.Rulebook`) that
`mjc.compiler.cli.commands` compiled from the user's rulebook argument.
"""

from __future__ import annotations

from typing import Any

from mjc.compiler import ir

__all__ = ["options_document", "options_lines"]


def options_document(book: ir.Rulebook) -> dict[str, Any]:
    """The `--json` document: every option with its choices and provenance, the constraints'
    reasons and the presets' settings."""
    return {
        "rulebook": book.id,
        "options": [_option_json(o) for o in book.options],
        "constraints": [c.reason for c in book.constraints],
        "presets": [
            {"id": p.id, "label": p.label, "settings": dict(p.settings)} for p in book.presets
        ],
    }


def options_lines(book: ir.Rulebook) -> list[str]:
    """One line per option (its values and default), constraint and preset."""
    lines = [] if book.options else [f"{book.id} has no options"]
    for option in book.options:
        if option.kind == "choice":
            kinds = " | ".join(
                f"{c.id} ({c.label})" if c.label and c.label != c.id else c.id
                for c in option.choices
            )
        elif option.kind == "number":
            kinds = f"{option.low}..{option.high}"
        else:
            kinds = "on | off"
        lines.append(f"{option.id} ({option.label}): {kinds}; default {option.default}")
    lines += [f"constraint: {constraint.reason}" for constraint in book.constraints]
    for preset in book.presets:
        settings = ", ".join(f"{k}={v}" for k, v in preset.settings)
        lines.append(f"preset {preset.id} ({preset.label}): {settings}")
    return lines


def _option_json(option: ir.Option) -> dict[str, Any]:
    row: dict[str, Any] = {
        "id": option.id,
        "label": option.label,
        "kind": option.kind,
        "default": option.default,
        "choices": [{"id": c.id, "label": c.label} for c in option.choices],
        "source": [p.text for p in option.provenance if p.kind == "source"],
        "convention": [p.text for p in option.provenance if p.kind == "convention"],
    }
    if option.kind == "number":
        row |= {"low": option.low, "high": option.high}
    return row
