"""Checks a round's claims, kongs and robbed kong against what its rulebook allows.

`RoundOutcome` checks what holds in every game (a chow from one's 上家, four sets a seat); what
depends on the rulebook and the round's options is checked here, when the round is settled: the
kinds of claim and kong the rulebook declares, which kongs it lets a player rob, and what its wilds
may do. How many copies of a claimed tile the round shows, and whether the tile is in play, is
counted with every other tile of the round by `mjc.runtime.settle.tilecount`, which `settle` asks
next. All of that comes in as one `RoundRules` (made by `Ruleset.round_rules` from the generated
module's functions under the round's options), so nothing here calls back into the `Ruleset`. Each
check returns its problems as one-line messages naming the field; `mjc.runtime.settle.settlement`
refuses the round with the first (`RoundError`)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from mjc.frozen import Frozen, frozen_fast
from mjc.runtime.tiles.hand import Hand, HandError
from mjc.runtime.tiles.tile import NotationError, tile_index, tile_text

if TYPE_CHECKING:
    from mjc.runtime.settle.round import Claim, RoundOutcome
    from mjc.runtime.tiles.melds import Meld

__all__ = ["RoundRules", "match_claims", "round_problems", "wild_win_refusal"]

# The rulebook's claim word each kind of claim in a round needs (`RoundRules.claims`).
CLAIM_WORDS = {"chow": "chow", "pong": "pong", "kong": "kong exposed"}
# The exposed melds of a hand, and the claim that made them: an exposed kong is a kong claim,
# or a pong claim that a kong was added to later.
MELD_CLAIMS = {"chow": ("chow",), "pung": ("pong",), "kong": ("kong exposed", "pong")}
# What a wild tile in a claimed meld was used for (`RoundRules.permissions`).
MELD_ACTIONS = {"chow": ("chow",), "pung": ("pong",), "kong": ("kong", "pong")}


@frozen_fast
class RoundRules(Frozen):
    """What a rulebook allows of a round under the round's options: its claim words (`chow`,
    `kong exposed`, `rob added` ...), the copies of each tile kind in play, the wild kinds
    (empty when the wild comes from an indicator the round does not name), what a wild may
    do (`mjc.runtime.rules.spec.WILD_ACTIONS`), and whether the rulebook has wilds at all."""

    rulebook: str
    claims: frozenset[str]
    copies: tuple[int, ...]
    wilds: frozenset[int]
    permissions: frozenset[str]
    has_wilds: bool
    # The kinds of kong (`kongs` section) by id, each with whether kong payments pay it;
    # empty: one plain kind.
    kong_kinds: tuple[tuple[str, bool], ...] = ()
    # The declarations whose chosen suit its seat may not claim (`no_claims`, 定缺:
    # 缺门的牌不能碰、杠), those the options switch on.
    barred_claims: frozenset[str] = frozenset()


Check = Callable[[RoundRules, "RoundOutcome"], list[str]]


def round_problems(rules: RoundRules, outcome: RoundOutcome) -> list[str]:
    """Everything about the round's claims, kongs and robbed kong that the rulebook does not
    allow (`rules`); empty when it allows them all."""
    problems: list[str] = []
    for check in CHECKS:
        problems += check(rules, outcome)
    return problems


def allows(words: frozenset[str], word: str) -> bool:
    """Whether the rulebook's claim words allow `word` (`kong exposed`, `rob added` ...): a
    bare `kong` or `rob` allows every kind."""
    return word in words or word.split(" ", 1)[0] in words


def _names(words: frozenset[str]) -> str:
    return ", ".join(sorted(words)) or "none"


def claim_kinds(rules: RoundRules, outcome: RoundOutcome) -> list[str]:
    """Each claim's kind, each kong's kind, and each winner's exposed melds are claims the
    rulebook declares under these options: 潮州 and 梅州 have no chow, 百色 none with 不可吃."""
    words = rules.claims
    problems: list[str] = []
    for i, c in enumerate(outcome.claims):
        if not allows(words, CLAIM_WORDS[c.kind]):
            problems.append(
                f"claims.{i}.kind: {rules.rulebook} allows no {c.kind} claim under these options "
                f"(its claims: {_names(words)})"
            )
    kinds = {kind for kind, _ in rules.kong_kinds}
    for i, k in enumerate(outcome.kongs):
        if not allows(words, f"kong {k.kind}"):
            problems.append(
                f"kongs.{i}.kind: {rules.rulebook} allows no {k.kind} kong under these options "
                f"(its claims: {_names(words)})"
            )
        if k.as_ is not None and k.as_ not in kinds:
            its = f"its kinds: {_names(frozenset(kinds))}" if kinds else "it has none"
            problems.append(f"kongs.{i}.as: {rules.rulebook} has no kind of kong {k.as_!r} ({its})")
    for i, hand in _hands(outcome):
        for meld in hand.melds:
            if meld.exposed and not any(allows(words, w) for w in MELD_CLAIMS[meld.kind]):
                problems.append(
                    f"winners.{i}.hand: the exposed meld {meld} needs a "
                    f"{' or '.join(MELD_CLAIMS[meld.kind])} claim, which {rules.rulebook} does not "
                    f"allow under these options (its claims: {_names(words)})"
                )
    return problems


def robbed_kong(rules: RoundRules, outcome: RoundOutcome) -> list[str]:
    """A robbed kong is of a kind the rulebook lets a player rob (`rob <kind>`): 上海 robs
    only an added kong (搶杠只應用在蓄杠上), and so do the other four bundled rulebooks."""
    robbers = [i for i, w in enumerate(outcome.winners) if "robbing_kong" in w.situations]
    if not robbers:
        return []
    words = rules.claims
    kinds = sorted(w.split(" ", 1)[1] for w in words if w.startswith("rob "))
    if "rob" in words or f"rob {outcome.robbed_kong}" in words:
        return []
    if not kinds:
        return [
            f"winners.{robbers[0]}.situations: {rules.rulebook} allows no robbing of a kong "
            "(robbing_kong) under these options"
        ]
    return [
        f"robbed_kong: {rules.rulebook} robs only {' or '.join(f'an {k}' for k in kinds)} kong, "
        f"not {'an' if outcome.robbed_kong[0] in 'ae' else 'a'} {outcome.robbed_kong} kong"
    ]


def wild_claims(rules: RoundRules, outcome: RoundOutcome) -> list[str]:
    """What the wilds may do (`wild_permissions`), where the round shows the tiles: a claimed
    wild (`claimed`, and the claim's `chow` / `pong` / `kong`); a wild in a winner's exposed
    meld (`chow`, `pong`, `kong` or `pong` for an exposed kong, which may be added to a pong);
    a win on a discarded wild (`claimed` and `win_on_discard`) or on a robbed one (`robbed`);
    a kong of the flipped indicator's kind (`indicator_kong`). A game whose wild comes from
    an indicator the round does not name shows no wild here."""
    wild = rules.wilds  # no indicator given: none, nothing to decide (scoring names it)
    allowed = rules.permissions
    book = rules.rulebook
    problems: list[str] = []

    def missing(*actions: str) -> str | None:
        lacking = [a for a in actions if a not in allowed]
        return " and ".join(lacking) if lacking else None

    for i, c in enumerate(outcome.claims):
        if c.tile is None or tile_index(c.tile) not in wild:
            continue
        lacking = missing("claimed", c.kind)  # the wild action of each claim has its name
        if lacking:
            problems.append(
                f"claims.{i}.tile: {c.tile} is a wild in this game, and {book}'s wilds may "
                f"not be {_done(lacking)}"
            )
    for i, hand in _hands(outcome):
        winner = outcome.winners[i]
        for meld in hand.melds:
            if not meld.exposed or not wild.intersection(meld.tiles):
                continue
            if all(a not in allowed for a in MELD_ACTIONS[meld.kind]):
                used = " or ".join(MELD_ACTIONS[meld.kind])
                problems.append(
                    f"winners.{i}.hand: the exposed meld {meld} holds a wild, and {book}'s "
                    f"wilds may not be used to {used} a discard"
                )
        if winner.self_drawn:
            continue
        refused = wild_win_refusal(
            book, hand.win_tile, wild, allowed, "robbing_kong" in winner.situations
        )
        if refused:
            problems.append(f"winners.{i}.win_tile: {refused}")
    problems += _indicator_kongs(rules, outcome)
    return problems


def wild_win_refusal(
    book: str, win_tile: int | None, wild: Iterable[int], allowed: frozenset[str], robbed: bool
) -> str | None:
    """Why a win on another seat's tile (a discard, or a kong robbed when `robbed`) is refused
    because that tile is a wild its rulebook forbids winning on, or None. The tile is refused
    whatever it stands for in the hand, itself included (百色: 不可以…胡别人打出的王牌).
    Scoring (`Ruleset.score`) and settlement (`wild_claims`) give the same reason."""
    if win_tile is None or win_tile not in wild:
        return None
    needed = ("robbed",) if robbed else ("claimed", "win_on_discard")
    lacking = " and ".join(a for a in needed if a not in allowed)
    if not lacking:
        return None
    return (
        f"{tile_text(win_tile)} is a wild in this game, and {book}'s wilds may not be "
        f"{_done(lacking)}"
    )


def _indicator_kongs(rules: RoundRules, outcome: RoundOutcome) -> list[str]:
    """No kong of the flipped indicator's kind where the rulebook forbids it (潮州 翻鬼: 翻开
    的牌张数：3张，该种牌没有杠): a kong claim of that tile, or a kong in a winner's hand."""
    if outcome.indicator is None or "indicator_kong" in rules.permissions or not rules.has_wilds:
        return []
    try:
        shown = tile_index(outcome.indicator)
    except NotationError as exc:
        return [f"indicator: {exc}"]
    name = tile_text(shown)
    problems = [
        f"claims.{i}.tile: {name} is the flipped indicator's kind, which {rules.rulebook} does "
        "not let anyone kong"
        for i, c in enumerate(outcome.claims)
        if c.kind == "kong" and c.tile is not None and tile_index(c.tile) == shown
    ]
    for i, hand in _hands(outcome):
        if any(m.kind == "kong" and m.tile == shown for m in hand.melds):
            problems.append(
                f"winners.{i}.hand: a kong of {name}, the flipped indicator's kind, which "
                f"{rules.rulebook} does not let anyone kong"
            )
    return problems


def _done(actions: str) -> str:
    words = {
        "claimed": "claimed",
        "chow": "chowed",
        "pong": "ponged",
        "kong": "konged",
        "robbed": "robbed from a kong",
        "win_on_discard": "won on when discarded",
    }
    return " or ".join(words.get(a, a) for a in actions.split(" and "))


def _hands(outcome: RoundOutcome) -> list[tuple[int, Hand]]:
    """The winners' hands that parse (a hand that does not is named when it is scored)."""
    found: list[tuple[int, Hand]] = []
    for i, w in enumerate(outcome.winners):
        try:
            found.append((i, w.parsed))
        except (HandError, NotationError):
            continue
    return found


def declared_suit_claims(rules: RoundRules, outcome: RoundOutcome) -> list[str]:
    """No seat claimed a tile of a suit it declared under `no_claims` (四川 定缺: 缺门的牌不能
    碰、杠), as the engine never offers it; a claim that names no tile is not checked."""
    problems: list[str] = []
    for i, c in enumerate(outcome.claims):
        declared = outcome.declarations.get(c.seat, {})
        for ident in sorted(rules.barred_claims & declared.keys()):
            if c.tile is not None and c.tile[-1:] == declared[ident]:
                problems.append(
                    f"claims.{i}.tile: seat {c.seat} declared {ident} {declared[ident]} and may "
                    f"claim no tile of it ({rules.rulebook}: no_claims), not {c.tile}"
                )
    return problems


CHECKS: tuple[Check, ...] = (claim_kinds, robbed_kong, wild_claims, declared_suit_claims)


_CLAIM_FITS = {"chow": ("chow",), "pong": ("pung", "kong"), "kong": ("kong",)}


def _fits(claim: Claim, meld: Meld) -> bool:
    if meld.kind not in _CLAIM_FITS[claim.kind]:
        return False
    return claim.tile is None or tile_index(claim.tile) in meld.tiles


def match_claims(claims: list[Claim], melds: list[Meld]) -> list[int | None]:
    """A largest matching of claims to melds they fit (augmenting paths; a hand has at most
    four exposed melds): for each claim the position of its meld, or None."""
    owner: dict[int, int] = {}  # meld position -> claim position

    def place(c: int, seen: set[int]) -> bool:
        for m, meld in enumerate(melds):
            if m in seen or not _fits(claims[c], meld):
                continue
            seen.add(m)
            if m not in owner or place(owner[m], seen):
                owner[m] = c
                return True
        return False

    for c in range(len(claims)):
        place(c, set())
    found: list[int | None] = [None] * len(claims)
    for m, c in owner.items():
        found[c] = m
    return found
