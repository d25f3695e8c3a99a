"""Checks of the claims section (吃, 碰, 杠, 抢杠): known claims and kinds, and the wilds agree.

Input: the `claims` and `wilds` sections from the `Declarations` table
(`mjc.compiler.resolve.declarations`). Each claim is one mjc knows, with kinds it has; a wild
permission (`allow chow`, …) needs the claim it permits, since a wild may not be used for a claim
the game does not have."""

from __future__ import annotations

from mjc.compiler.check.common import unknown_word
from mjc.compiler.diagnostics import Diagnostic, error
from mjc.compiler.language.vocabulary import CLAIM_VERBS
from mjc.compiler.resolve.declarations import Declarations
from mjc.compiler.syntax import ast


def check_claims(decls: Declarations) -> list[Diagnostic]:
    """Claim rules use known words; explicit wild permissions agree with them."""
    problems: list[Diagnostic] = []
    verbs: set[str] = set()
    if decls.claims is not None:
        for rule in decls.claims.rules:
            verb, *kinds = rule.words
            if verb.text not in CLAIM_VERBS:
                problems.append(
                    unknown_word(
                        "E0118",
                        "claim",
                        verb,
                        CLAIM_VERBS,
                        "the claims are " + ", ".join(CLAIM_VERBS),
                    )
                )
                continue
            verbs.add(verb.text)
            allowed = CLAIM_VERBS[verb.text]
            for kind in kinds:
                if kind.text not in allowed:
                    problems.append(
                        error(
                            "E0118",
                            f"`{verb.text}` has no kind `{kind.text}`",
                            kind.span,
                            help=(
                                f"its kinds are {', '.join(allowed)}"
                                if allowed
                                else f"`{verb.text}` takes no kinds"
                            ),
                        )
                    )
    if decls.wilds is None:
        return problems
    needs = {"chow": "chow", "pong": "pong", "kong": "kong", "robbed": "rob"}
    for item in decls.wilds.items:
        if not isinstance(item, ast.WildPermission) or not item.allow:
            continue
        for action in item.actions:
            needed = needs.get(action.text)
            if needed is not None and needed not in verbs:
                problems.append(
                    error(
                        "E0405",
                        f"the wilds may `{action.text}`, but the claims allow no `{needed}`",
                        action.span,
                        label="contradicts the claims section",
                        help=f"add `{needed}` to the claims section, or drop `{action.text}` here",
                    )
                )
    return problems
