"""Checks that the fans' inline examples and counterexamples agree with the rulebook.

Input: the `Declarations` table (`mjc.compiler.resolve.declarations`), for each example's hand,
situation and span, and the `Ruleset` of the module generated from the checked IR, imported in
memory by the driver (`mjc.compiler.driver`). Each `example` hand must score its fan in its
stated situation and each `counterexample` must not; where the rulebook disagrees, the
diagnostic stands at the example and says what the hand scores instead. Without this a wrong
example would pass `mjc check` and reach the docs page, where the same hand could be drawn
both as scoring a fan and as not scoring it. The examples' notation and settings were checked
before (`checks.examples`); anything the runtime still refuses is reported, not raised.
"""

from __future__ import annotations

from typing import Any

from mjc.compiler.diagnostics import Diagnostic, error
from mjc.compiler.resolve.declarations import Declarations
from mjc.compiler.syntax import ast
from mjc.runtime import SITUATION_FLAGS, Ruleset, SituationError
from mjc.runtime.score.scoring import Score


def example_settings(situation: tuple[tuple[str, str], ...], ruleset: Ruleset) -> dict[str, Any]:
    """The keyword arguments of `Ruleset.score` an example's `with` items stand for."""
    kwargs: dict[str, Any] = {"situations": [], "options": {}}
    option_ids = {o.id for o in ruleset.options}
    for name, value in situation:
        if name in option_ids:
            kwargs["options"][name] = value
        elif name in ("self_drawn", "dealer"):
            kwargs[name] = True
        elif name in ("seat_wind", "round_wind", "indicator"):
            kwargs[name] = value
        elif name in ("players", "set_aside"):
            kwargs[name] = int(value)
        elif name == "wild":
            kwargs.setdefault("wilds", []).append(value)
        elif name in ("dora", "ura"):
            kwargs.setdefault(f"{name}_indicators", []).append(value)
        elif name in SITUATION_FLAGS or name in ruleset.situation_flags:
            kwargs["situations"].append(name)
    return kwargs


def score_example(example: ast.Example, ruleset: Ruleset) -> Score:
    """The score of an example hand in its situation (raises what `Ruleset.score` raises)."""
    situation = tuple(
        (item.name.text, item.value.text if item.value is not None else "")
        for item in example.situation
    )
    return ruleset.score(example.hand, win=example.win, **example_settings(situation, ruleset))


def check_example_scores(decls: Declarations, ruleset: Ruleset) -> list[Diagnostic]:
    """Every example scores its fan and no counterexample does."""
    problems: list[Diagnostic] = []
    for fan in decls.fans.values():
        for example in fan.examples:
            problem = _disagreement(fan, example, ruleset)
            if problem is not None:
                problems.append(problem)
    return problems


def _disagreement(fan: ast.FanDecl, example: ast.Example, ruleset: Ruleset) -> Diagnostic | None:
    kind = "example" if example.positive else "counterexample"
    try:
        score = score_example(example, ruleset)
    except SituationError as exc:
        return error(
            "E0601",
            f"the {kind} of `{fan.id.text}` names a situation that cannot hold: {exc}",
            example.span,
            label="no win holds this situation with this hand",
            help="correct the hand or its `with` settings",
        )
    except ValueError as exc:  # HandError and OptionError are ValueErrors
        return error(
            "E0510",
            f"the {kind} of `{fan.id.text}` cannot be scored: {exc}",
            example.span,
            label="the rulebook refuses this hand or situation",
            help="correct the hand or its `with` settings",
        )
    except Exception as exc:  # a runtime bug: still a diagnostic at the example, not a crash
        return error(
            "E0510",
            f"scoring the {kind} of `{fan.id.text}` failed: {type(exc).__name__}: {exc}",
            example.span,
            label="the generated module failed on this example",
            help="this is a bug in mjc; please report it with the rulebook",
        )
    scored = any(f.id == fan.id.text for f in score.fans)
    if scored == example.positive:
        return None
    if example.positive:
        return error(
            "E0510",
            f"the example does not score {fan.name} (`{fan.id.text}`): it scores "
            + _what_it_scores(score),
            example.span,
            label=f"expected to score {fan.name}",
            help=f"correct the hand, make it a `counterexample`, or correct the rule of "
            f"`{fan.id.text}` if the document says this hand scores it",
        )
    return error(
        "E0510",
        f"the counterexample scores {fan.name} (`{fan.id.text}`): it scores "
        + _what_it_scores(score),
        example.span,
        label=f"expected not to score {fan.name}",
        help=f"correct the hand, make it an `example`, or correct the rule of "
        f"`{fan.id.text}` if the document says this hand does not score it",
    )


def _what_it_scores(score: Score) -> str:
    """The fans and total of a score, in words (or why the hand is not a win)."""
    if not score.win:
        return f"nothing, it is not a win ({score.reason or 'no arrangement'})"
    if not score.fans:
        return f"no fan, {score.total} {score.unit}"
    fans = ", ".join(f"{f.name} {f.value}" for f in score.fans)
    return f"{fans} (total {score.total} {score.unit})"
