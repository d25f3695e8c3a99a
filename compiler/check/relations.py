"""Checks of how fans relate: `excludes`, `implies` and `replaces`, and fans named in conditions.

Input: the fans from the `Declarations` table (`mjc.compiler.resolve.declarations`) and the fan
references the type checker collected from their conditions (`mjc.compiler.resolve.typecheck`). A
relation names another fan that exists and was not removed; no fan implies a fan that
excludes or replaces it (it could never be counted); the relations and the references each
form no cycle, since scoring orders fans by them. The relation check stops at the first stage
with problems: a cycle through an unknown fan, or one made of an implied exclusion already
reported, would only repeat what was said.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from mjc.compiler.diagnostics import Diagnostic, Label, Span, error
from mjc.compiler.diagnostics.suggest import did_you_mean
from mjc.compiler.ir.graphs import find_cycle
from mjc.compiler.resolve.declarations import Declarations
from mjc.compiler.resolve.typecheck import removed_but_used
from mjc.compiler.syntax import ast


def _limit_targets(decls: Declarations) -> list[Diagnostic]:
    """Every fan a scoring `limit`, `prefer` or `minimum … without` names exists (E0103),
    and is named once in it (E0306)."""
    problems: list[Diagnostic] = []
    named: list[tuple[str, tuple[ast.Ident, ...]]] = []
    if decls.scoring is not None:
        named += [("limit", limit.fans) for limit in decls.scoring.limits]
        named += [("prefer", prefer.fans) for prefer in decls.scoring.prefers]
        named += [("minimum", m.without) for m in decls.scoring.minimums]
    for clause, fans in named:
        seen: set[str] = set()
        for target in fans:
            name = target.text
            if name in decls.removed:
                problems.append(removed_but_used(decls.removed[name], target.span))
            elif name not in decls.fans:
                problems.append(
                    error(
                        "E0103",
                        f"`{clause}` names an unknown fan `{name}`",
                        target.span,
                        label="no fan has this id",
                        help=did_you_mean(name, decls.fans, describe=lambda f: decls.fans[f].name),
                    )
                )
            elif name in seen:
                problems.append(
                    error(
                        "E0306",
                        f"`{clause}` names the fan `{name}` twice",
                        target.span,
                        label="named again here",
                        help="name each fan once: the order says which gives way first",
                    )
                )
            seen.add(name)
    return problems


def check_relations(decls: Declarations) -> list[Diagnostic]:
    problems: list[Diagnostic] = []
    for fan in decls.fans.values():
        for relation in fan.relations:
            target = relation.target.text
            if target == fan.id.text:
                problems.append(
                    error(
                        "E0301",
                        f"the fan `{target}` {relation.kind} itself",
                        relation.target.span,
                        help="delete this relation",
                    )
                )
            elif target in decls.removed:
                problems.append(removed_but_used(decls.removed[target], relation.target.span))
            elif target not in decls.fans:
                problems.append(
                    error(
                        "E0103",
                        f"`{fan.id.text}` {relation.kind} an unknown fan `{target}`",
                        relation.target.span,
                        label="no fan has this id",
                        help=did_you_mean(
                            target, decls.fans, describe=lambda f: decls.fans[f].name
                        ),
                    )
                )
    problems += _limit_targets(decls)
    if problems:
        return problems

    # A fan implied by a fan that excludes it is also a two-fan cycle: say what is wrong
    # with it (E0303) rather than only that the relations form a cycle.
    for fan in decls.fans.values():
        for implied in (r for r in fan.relations if r.kind == "implies"):
            other = decls.fans[implied.target.text]
            back = next(
                (
                    r
                    for r in other.relations
                    if r.target.text == fan.id.text and r.kind in ("excludes", "replaces")
                ),
                None,
            )
            if back is not None:
                problems.append(
                    error(
                        "E0303",
                        f"the fan `{fan.id.text}` can never be counted: it implies "
                        f"`{other.id.text}`, which {back.kind} it",
                        implied.target.span,
                        labels=(Label(back.target.span, f"`{other.id.text}` {back.kind} it here"),),
                        help=f"perhaps `{fan.id.text}` should exclude `{other.id.text}` instead",
                    )
                )
    if problems:
        return problems

    edges = {fan_id: [r.target.text for r in fan.relations] for fan_id, fan in decls.fans.items()}
    cycle = find_cycle(edges)
    if cycle:
        first = decls.fans[cycle[0]]
        relation = next(r for r in first.relations if r.target.text == cycle[1])
        path = " → ".join(f"`{f}`" for f in cycle)
        problems.append(
            error(
                "E0301",
                f"the fan relations form a cycle: {path}",
                relation.target.span,
                label="this relation closes the cycle",
                help="a fan can exclude, imply or replace only fans below it; remove one link",
            )
        )
    return problems


def check_fan_references(
    decls: Declarations, refs: Mapping[str, Iterable[tuple[str, Span]]]
) -> list[Diagnostic]:
    """Fans whose conditions refer to each other in a circle could never be evaluated."""
    edges = {fan: [name for name, _ in uses] for fan, uses in refs.items()}
    cycle = find_cycle(edges)
    if not cycle:
        return []
    span = next(s for name, s in refs[cycle[0]] if name == cycle[1])
    path = " → ".join(f"`{f}`" for f in cycle)
    return [
        error(
            "E0302",
            f"fan conditions refer to each other in a circle: {path}",
            span,
            label="this reference closes the circle",
            help="write one of the conditions out in full instead of referring to the fan",
        )
    ]
