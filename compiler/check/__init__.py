"""Semantic checks of a rulebook whose names and expressions have been resolved and typed.

Input: the `Declarations` table (`mjc.compiler.resolve.declarations`) and the typed conditions of
fans (`mjc.compiler.resolve.typecheck`); the driver (`mjc.compiler.driver`) calls `run_all` and
sorts what it returns. Each check is one function that returns its problems; none raises. The checks
live one group to a module:

* `tiles` -- player counts are 2, 3 or 4, each listed once; tile groups, copies and `keep`
  tiles are real; the total adds up;
* `options` -- option defaults and choices, presets, and constraints the defaults and presets meet;
* `scoring` -- the unit, tiers, caps and overrides; each fan's tier, no fan above its cap, no
  fan worth less than zero, and one minimum at most, of zero or more; the fu and points
  sections' amounts and `round up`s (the payments' too), and the points section's one `base`;
* `relations` -- fan relations (and a limit, prefer or minimum) name fans, imply nothing into
  an exclusion, form no cycle; fan references in conditions form no circle;
* `examples` -- inline example hands are valid notation and set only what can be set;
* `example_scores` -- examples score their fan and counterexamples do not, run by the driver
  on the module generated from the IR (so not from `run_all`);
* `wilds` -- indicator kinds, wild actions, wild tiles, and fixed wilds in the tile set;
* `claims` -- claims and their kinds are known; wild permissions agree with the claims; the
  kinds of kong have ids of their own, a replacement count of 1 to 4 and a kong to apply to;
* `play` -- the play section's rules and values are known, and agree with the claims and
  the wall under every setting of the options; each win at the deal pays and reads the hand;
* `horses` -- each horse table's player count, seats and tiles, and tiles it gives nobody;
  each horse line's kind, `per player`, and count;
* `payments` -- the payments section's words, lines that would not sum to zero, and a
  dealer bonus below zero;
* `reachability` -- every fan can score with the tiles in play (warnings);
* `situations` -- no fan or payment asks for a situation and a fact it denies;
* `cost` -- scoring a hand stays within a bound on its steps and on its numbers (the
  model of what an expression costs is `mjc.compiler.ir.costs`);
* `common` -- what several of them share.

The checks that evaluate option guards (the tile total, wild tiles in play, reachability,
constraints, horse counts, fan values) run only on a rulebook without errors so far: on a
guard that did not type they would only add noise. The cost check runs just before them,
under the same condition, and they run only if it passes: the compiler's own evaluation of
a guard (`in 1..999999999`) must not be what hangs.
"""

from __future__ import annotations

from collections.abc import Callable

from mjc.compiler.check.beforeplay import check_deal_wins, check_declares
from mjc.compiler.check.claims import check_claims, check_kongs
from mjc.compiler.check.cost import check_cost
from mjc.compiler.check.examples import check_examples
from mjc.compiler.check.horses import (
    check_horse_counts,
    check_horse_kinds,
    check_horse_seats,
    check_horse_table_players,
    check_horse_tiles,
    check_horse_tiles_unassigned,
)
from mjc.compiler.check.options import check_constraints, check_options, check_presets
from mjc.compiler.check.payments import (
    check_dealer_bonus,
    check_draw_payments,
    check_kong_transfer,
    check_payment_words,
    check_payments_zero_sum,
    check_split_evenness,
)
from mjc.compiler.check.play import EXPLAIN_LISTINGS, check_play_agrees, check_play_words
from mjc.compiler.check.reachability import check_reachable
from mjc.compiler.check.relations import check_fan_references, check_relations
from mjc.compiler.check.scoring import (
    check_fan_tiers_and_caps,
    check_fan_values,
    check_minimum_value,
    check_points,
    check_scoring,
)
from mjc.compiler.check.situations import check_situation_contradictions
from mjc.compiler.check.tiles import (
    check_players,
    check_set_aside_tiles,
    check_tile_totals,
    check_tiles,
    check_wild_tiles_in_play,
    check_wilds,
)
from mjc.compiler.diagnostics import Diagnostic
from mjc.compiler.resolve.declarations import Declarations
from mjc.compiler.resolve.typed import Typed

__all__ = ["explain_listing", "run_all"]


def explain_listing(code: str) -> str:
    """The words a code's explain page lists after its fix (the play rules for E0122), or
    nothing: read from the tables the checks themselves read, so the page cannot drift."""
    make = EXPLAIN_LISTINGS.get(code)
    return make() if make is not None else ""


# The checks that read only the declarations, in the order they run; the check of the fan
# references, which reads what the type checker collected, runs between the two groups.
_BEFORE_FAN_REFERENCES: tuple[Callable[[Declarations], list[Diagnostic]], ...] = (
    check_tiles,
    check_players,
    check_options,
    check_scoring,
    check_fan_tiers_and_caps,
    check_relations,
)
_AFTER_FAN_REFERENCES: tuple[Callable[[Declarations], list[Diagnostic]], ...] = (
    check_examples,
    check_wilds,
    check_claims,
    check_kongs,
    check_play_words,
    check_presets,
    check_horse_table_players,
    check_horse_seats,
    check_horse_tiles,
    check_horse_tiles_unassigned,
    check_horse_kinds,
    check_payment_words,
    check_payments_zero_sum,
    check_draw_payments,
    check_split_evenness,
    check_kong_transfer,
)
# The checks that evaluate option guards, which must have typed.
_EVALUATING_GUARDS: tuple[Callable[[Declarations, Typed], list[Diagnostic]], ...] = (
    check_tile_totals,
    check_wild_tiles_in_play,
    check_set_aside_tiles,
    check_reachable,
    check_constraints,
    check_horse_counts,
    check_dealer_bonus,
    check_fan_values,
    check_minimum_value,
    check_points,
    check_play_agrees,
)


def run_all(decls: Declarations, typed: Typed) -> list[Diagnostic]:
    """Every check, in order; the cost check, then the checks that evaluate option guards,
    only run on a rulebook without errors so far (on a guard that did not type they would
    only add noise, and a costly one must not be evaluated)."""
    problems: list[Diagnostic] = []
    for check in _BEFORE_FAN_REFERENCES:
        problems += check(decls)
    problems += check_fan_references(decls, typed.fan_refs)
    for check in _AFTER_FAN_REFERENCES:
        problems += check(decls)
    problems += check_situation_contradictions(decls, typed)
    problems += check_deal_wins(decls, typed)
    problems += check_declares(decls)
    if _no_errors(problems, typed):
        problems += check_cost(decls, typed)
    if _no_errors(problems, typed):
        for evaluate in _EVALUATING_GUARDS:
            problems += evaluate(decls, typed)
    return problems


def _no_errors(problems: list[Diagnostic], typed: Typed) -> bool:
    return not any(p.severity == "error" for p in (*problems, *typed.problems))
