"""What every round of one game setting starts from, worked out once per setting (`Setting`).

Input: a `Ruleset`, its resolved option values, the player count and the rules of play. A
round asked the ruleset for a dozen facts as it was set up (its rules of play and whether
they hold at this player count, its claims, kongs and robbed kongs, the wilds' permissions,
the tile copies, whether the wild waits for an indicator, the win check, the shapes and the
wait sets of the quick test, the places of the dead wall), each from the ruleset's caches
but each found again, for every round: some 2 % of a whole round's instructions in a
simulation. They depend on the setting alone (the ruleset, its `Game` of these options, the
player count), so `setting` keeps them with the ruleset's `Game`, per player count (the
game's `settings`, dropped with it), and the engine (`mjc.runtime.game.engine.Round`) reads
them from there. A round given rules of its own (`Round(rules=...)`) works them out for
itself (`made`), as one whose wild comes from an indicator turned up in the round works out
its wilds (`wild_facts`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from mjc.runtime.rules.ruleset import Ruleset
from mjc.runtime.rules.spec import Options
from mjc.runtime.rules.turnrules import TurnRules
from mjc.runtime.tableplay.deadwall import Slots, slots
from mjc.runtime.tiles.hand import Hand
from mjc.runtime.tiles.tile import tile_text
from mjc.runtime.wins.arrange import SHAPES
from mjc.runtime.wins.waitsets import WaitFinder, wait_finder
from mjc.runtime.wins.wilds import WildIndicatorMissing
from mjc.runtime.wins.wildwaits import wild_wait_finder

__all__ = [
    "Setting",
    "WildFacts",
    "made",
    "setting",
    "turns_indicator",
    "wild_facts",
]

# Each kind of kong with the claims that allow it and robbing it.
_KONG_CLAIMS = tuple((k, f"kong {k}", f"rob {k}") for k in ("exposed", "concealed", "added"))


@dataclass(frozen=True, slots=True)
class WildFacts:
    """What the round's wilds decide: the wild kinds, whether a wild may be discarded, the
    win check, whether every shape in play is built in with no wild (then no flower can
    complete a hand: no 八花 window, no flower-free re-check of a win), and the wait sets of
    the quick test (None where the win check decides every tile)."""

    wilds: frozenset[int]
    any_discard: bool
    checker: Callable[[Hand], bool]
    plain_shapes: bool
    finder: WaitFinder | None


@dataclass(frozen=True, slots=True)
class Setting:
    """What a round of one setting starts from (see the module docstring): `refusal` why its
    rules cannot be played at its player count (None: they can), `too_few` why its tiles
    cannot deal the hands and the reserve (None: they can), `wild` what its wilds decide when
    no indicator is needed for them (`flips` False), else None."""

    rules: TurnRules
    refusal: str | None
    claims: frozenset[str]
    can_chow: bool
    can_pong: bool
    kong_kinds: frozenset[str]
    rob_kinds: frozenset[str]
    perms: frozenset[str]
    copies: tuple[int, ...]
    too_few: str | None
    flips: bool
    ready_needed: bool
    wild: WildFacts | None
    dead_layout: Slots | None  # the dead wall's places (王牌), where the rules keep one


def wild_facts(
    ruleset: Ruleset,
    values: Options,
    players: int,
    rules: TurnRules,
    perms: frozenset[str],
    shown: str | None,
) -> WildFacts:
    """What the wilds decide with the indicator `shown` (None when none is turned up), under
    the wilds' permissions `perms` (the setting's)."""
    wilds = ruleset.wilds_for(values, shown)
    checker = ruleset.win_checker(
        values, players=players, wilds=[tile_text(t) for t in wilds] or None
    )
    custom = ruleset.spec.has_custom_shapes and ruleset.custom_shapes_on(values)
    shapes = ruleset.shapes(values)
    # The same test as a whole wait set per seat (`SeatState.waits`, kept by the engine),
    # custom shapes included where the rulebook says what they need; with wilds, the wild
    # check's own wait set (`mjc.runtime.wins.wildwaits`).
    needs = ruleset.custom_needs if custom else ()
    finder = (
        None
        if needs is None or (wilds and rules.hand != 13)  # another hand: the check
        else wild_wait_finder(shapes, tuple(wilds), needs)
        if wilds
        else wait_finder(shapes, needs, rules.hand + 1)
    )
    return WildFacts(
        wilds=frozenset(wilds),
        any_discard=not wilds or "discard" in perms,
        checker=checker,
        plain_shapes=not custom and not wilds and shapes <= SHAPES,
        finder=finder,
    )


def made(ruleset: Ruleset, values: Options, players: int, rules: TurnRules) -> Setting:
    """The setting of these option values and rules of play, worked out."""
    claims = ruleset.claims(values)
    copies = ruleset.tile_copies(values)
    too_few = None
    if rules.kept + players * rules.deal_others + 1 >= sum(copies):
        too_few = f"{sum(copies)} tiles cannot deal {players} hands and the reserve"
    flips = turns_indicator(ruleset, values)
    perms = frozenset(ruleset.wild_permissions(values))
    return Setting(
        rules=rules,
        refusal=rules.validate(players),
        claims=frozenset(claims),
        can_chow="chow" in claims,
        can_pong="pong" in claims,
        kong_kinds=frozenset(k for k, kong, _ in _KONG_CLAIMS if kong in claims),
        rob_kinds=frozenset(k for k, _, rob in _KONG_CLAIMS if rob in claims),
        perms=perms,
        copies=tuple(copies),
        too_few=too_few,
        flips=flips,
        ready_needed=bool(ruleset.payments.relation_rules),
        wild=None if flips else wild_facts(ruleset, values, players, rules, perms, None),
        dead_layout=slots(rules) if rules.dead_wall else None,
    )


def turns_indicator(ruleset: Ruleset, values: Options) -> bool:
    """Whether the wilds wait for an indicator turned up after the deal (翻鬼)."""
    try:
        ruleset.wilds_for(values)
        return False
    except (WildIndicatorMissing, ValueError):
        return True


def setting(
    ruleset: Ruleset, options: Mapping[str, object] | None, values: Options, n: int
) -> Setting:
    """The setting of a round of `ruleset` under `options` (resolved: `values`) at `n`
    players and the ruleset's own rules of play, kept with the ruleset's game of `options`."""
    kept = ruleset.setting(options, n).settings
    found = kept.get(n)
    if found is None:
        found = kept.put(n, made(ruleset, values, n, ruleset.turn_rules(values)))
    return found
