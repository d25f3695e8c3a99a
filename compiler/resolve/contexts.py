"""Where an expression of a rulebook is read (its context) and the builtin facts it may read.

Each slot of the table of slots (`mjc.compiler.resolve.slots`) names a context; the type checker
(`mjc.compiler.resolve.typecheck`) looks a name up in the facts of its context and, when the
name is a fact of another context, says which facts this one reads. The facts themselves are the
vocabulary's (`mjc.compiler.language.vocabulary`).
"""

from __future__ import annotations

from typing import Literal

from mjc.compiler.language.vocabulary import (
    AMOUNT_FACTS,
    ARRANGEMENT_FACTS,
    DEAL_FACT_NAMES,
    HAND_FACTS,
    HELD_FACTS,
    HORSE_FACT_NAMES,
    KONG_KIND_FACT_NAMES,
    LOSS_FACTS,
    PAYMENT_FACT_NAMES,
    POINTS_FACTS,
    PRESUMPTION_FACT_NAMES,
    RELATION_FACT_NAMES,
    RELATION_FACTS,
    RESULT_FACTS,
    ROUND_FACT_NAMES,
    ROUND_FACTS,
    SHAPE_FACT_NAMES,
    SITUATION_FACTS,
    Word,
)

__all__ = [
    "CONTEXT_WORDS",
    "DECLARE_CONTEXTS",
    "DECLARE_PREFIX",
    "FAN_CONTEXTS",
    "Context",
    "declare_help",
    "facts_for",
    "unseen_help",
]

Context = Literal[
    "fan", "floor", "reject", "shape", "guard", "constraint", "horse", "payment", "round",
    "relation", "loss", "presumption", "deal", "kong", "draw", "amount", "fu", "points",
    "limit",
]  # fmt: skip

CONTEXT_WORDS = {
    "fan": "a fan condition",
    "floor": "a scoring adjustment",
    "reject": "a reject condition",
    "shape": "a custom shape's condition",
    "guard": "an option guard (`if …`)",
    "constraint": "a constraint on the options",
    "horse": "a horse line's `when`",
    "payment": "a payments `win` line's `when`",
    "round": "a payments `kong` line's `when`",
    "relation": "a payments `relation_payment` line's `when`",
    "loss": "a payments `loss_cap` value",
    "amount": "a payments `stake` or `dealer_bonus` value",
    "presumption": "a situation's `presumes`",
    "deal": "a win at the deal's `when`",
    "kong": "a kind of kong's `when`",
    "draw": "a payments `draw_payment` or `draw_refund` line's `when`",
    "fu": "a fu section's item",
    "points": "a points section's `base`",
    "limit": "a points section's `limit`",
}

# Where a fan's id reads whether the fan counts (scoring adjustments, rejects, the fu and the
# points sections) or whether its condition holds (another fan's condition, a limit).
FAN_CONTEXTS: frozenset[Context] = frozenset({"fan", "floor", "reject", "fu", "points", "limit"})


# A seat's declaration (the `declarations` section, 定缺) is read by its id, as the fact
# `declare:<id>` of the winner's choice, where a win is scored: fans, adjustments, rejects and
# custom shapes. Elsewhere (the deal, the payments, guards) no choice is known.
DECLARE_PREFIX = "declare:"
DECLARE_CONTEXTS: frozenset[Context] = frozenset({"fan", "floor", "reject", "shape", "draw"})


def declare_help(ctx: Context) -> str:
    """Why a seat's declaration cannot be read in `ctx`, and where it can."""
    return (
        f"a seat's declaration is read where a win is scored (fans, adjustments, `reject`, "
        f"custom shapes), not in {CONTEXT_WORDS[ctx]}"
    )


def facts_for(ctx: Context) -> dict[str, Word]:
    """The builtin facts visible in each kind of expression."""
    if ctx == "guard":
        return {}
    if ctx == "constraint":
        return {"players": SITUATION_FACTS["players"]}
    if ctx == "horse":
        return {name: SITUATION_FACTS[name] for name in HORSE_FACT_NAMES}
    if ctx == "loss":
        return dict(LOSS_FACTS)
    if ctx == "amount":
        return dict(AMOUNT_FACTS)
    if ctx == "relation":
        words = {**SITUATION_FACTS, **ROUND_FACTS, **RELATION_FACTS}
        return {name: words[name] for name in RELATION_FACT_NAMES}
    if ctx in ("payment", "round"):
        words = {**SITUATION_FACTS, **ROUND_FACTS}
        names = PAYMENT_FACT_NAMES if ctx == "payment" else ROUND_FACT_NAMES
        return {name: words[name] for name in names}
    everything = {**ARRANGEMENT_FACTS, **SITUATION_FACTS, **HAND_FACTS}
    if ctx == "shape":
        held = {**everything, **HELD_FACTS}
        return {name: w for name, w in held.items() if name in SHAPE_FACT_NAMES}
    if ctx == "deal":
        held = {**everything, **HELD_FACTS}
        return {name: w for name, w in held.items() if name in DEAL_FACT_NAMES}
    if ctx in ("presumption", "kong", "draw"):
        held = {**everything, **HELD_FACTS}
        allowed = PRESUMPTION_FACT_NAMES if ctx == "presumption" else KONG_KIND_FACT_NAMES
        return {name: w for name, w in held.items() if name in allowed}
    if ctx in ("reject", "floor"):
        return {**everything, **RESULT_FACTS}
    if ctx == "fu":
        return {**everything, "fu": POINTS_FACTS["fu"]}
    if ctx in ("points", "limit"):
        read = ("fu", "base") if ctx == "limit" else ("fu",)
        return {**RESULT_FACTS, **{name: POINTS_FACTS[name] for name in read}}
    return everything


def unseen_help(ctx: Context) -> str:
    """What an expression of `ctx` may read instead of a fact it cannot use."""
    return {
        "guard": "an option guard says which options enable something: use `option.<id>`",
        "shape": "a custom shape sees the hand as a whole: tiles, flowers, wilds, "
        "declared, standing, kongs, hand_size and the situation",
        "horse": "a horse line's `when` reads how the round was won: "
        + ", ".join(HORSE_FACT_NAMES),
        "payment": "a payments `win` line's `when` reads how the winner won: "
        + ", ".join(PAYMENT_FACT_NAMES),
        "round": "a payments `kong` line's `when` reads how the round ended: "
        + ", ".join(ROUND_FACT_NAMES),
        "relation": "a payments `relation_payment` line's `when` reads how the winner "
        "won: " + ", ".join(RELATION_FACT_NAMES),
        "loss": "a payments `loss_cap` value reads the options and `hand_ceiling`",
        "amount": "a payments `stake` or `dealer_bonus` value reads the options and "
        "`dealer_streak`",
        "deal": "a win at the deal sees the dealt hand and the seat: "
        + ", ".join(sorted(DEAL_FACT_NAMES)),
        "kong": "a kind of kong's `when` reads the hand after the kong: "
        + ", ".join(sorted(KONG_KIND_FACT_NAMES)),
        "draw": "a draw payment's `when` reads the paying seat's hand at the draw: "
        + ", ".join(sorted(KONG_KIND_FACT_NAMES)),
        "points": "a points section's `base` reads `total` (the hand's value), `fu`, the "
        "options, the fans that count and `tier_total(<tier>)`",
        "limit": "a points section's `limit` reads `total` (the hand's value), `fu`, `base`, "
        "the options, the fans that count and `tier_total(<tier>)`",
    }.get(
        ctx,
        "`total` can only be read by scoring adjustments, `reject` conditions and the points "
        "section; `fu` by the fu and points sections, `base` by a points `limit`",
    )
