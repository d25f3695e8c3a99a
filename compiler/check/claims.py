"""Checks of the claims section (吃, 碰, 杠, 抢杠): known claims and kinds, and the wilds agree.

Input: the `claims` and `wilds` sections from the `Declarations` table
(`mjc.compiler.resolve.declarations`). Each claim is one mjc knows, with kinds it has; a wild
permission (`allow chow`, …) needs the claim it permits, since a wild may not be used for a claim
the game does not have. The kinds of kong (`kongs` section) have ids of their own, a replacement
count of 1 to 4, each clause once, and a kong claim to apply to."""

from __future__ import annotations

from mjc.compiler.check.common import unknown_word
from mjc.compiler.diagnostics import Diagnostic, Label, error
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


def check_kongs(decls: Declarations) -> list[Diagnostic]:
    """The kinds of kong: each id once (E0102), each clause once (E0503), a replacement count
    of 1 to 4 (E0598), and a kong in the claims section for them to be kinds of (E0599)."""
    section = decls.kongs
    if section is None:
        return []
    problems: list[Diagnostic] = []
    kongs = decls.claims is not None and any(
        rule.words[0].text == "kong" for rule in decls.claims.rules
    )
    if not kongs or not section.kinds:
        problems.append(
            error(
                "E0599",
                "the kongs section declares kinds of kong, but the claims allow no kong"
                if section.kinds
                else "the kongs section declares no kind of kong",
                section.span.head(),
                label="no kind of this section can be made",
                help="allow `kong` in the claims section, or remove the `kongs` section"
                if section.kinds
                else 'declare a kind such as `kind supplement "补张" unscored`, or remove it',
            )
        )
    seen: dict[str, ast.KongKind] = {}
    for kind in section.kinds:
        first = seen.setdefault(kind.id.text, kind)
        if first is not kind:
            problems.append(
                error(
                    "E0102",
                    f"the kind of kong `{kind.id.text}` is declared twice",
                    kind.id.span,
                    label="second one here",
                    labels=(Label(first.id.span, "first one here"),),
                    help="rename one of them or delete the duplicate",
                )
            )
        count = kind.replacement
        if count is not None and not 1 <= count.value <= 4:
            problems.append(
                error(
                    "E0598",
                    f"a kong turns up 1 to 4 replacement tiles, not {count.value}",
                    count.span,
                    label="out of range",
                    help="write a count from 1 to 4 (1 is an ordinary kong's replacement)",
                )
            )
        problems += [
            error(
                "E0503",
                f"the kind of kong `{kind.id.text}` states a clause twice",
                span,
                label="stated again here",
                help="keep one",
            )
            for span in kind.repeated
        ]
    return problems
