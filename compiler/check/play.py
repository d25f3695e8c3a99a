"""Checks of the play section (行牌): known rules and values, and no rule against the rulebook.

Input: the `play` and `claims` sections and the tile set from the `Declarations` table
(`mjc.compiler.resolve.declarations`), and for the second check their typed guards and counts.
The words of the section (`mjc.compiler.language.vocabulary_play`) are checked first: each
keyword is a rule mjc knows and takes the values it is given, and a rule is stated once without
a guard. The hand size (`hand`, 台湾十六张's 16) is 3k + 1 tiles (E0540) and one for the whole
rulebook (E0543); with another size than 13 no shape of fourteen tiles is declared (E0541) and a
`deal` deals that hand (E0542). Then, under every setting of the options that matters, the rules
agree with the rest of the rulebook: a restriction on a claim needs that claim, the claim order
names exactly the claims the game has, the dealer after several winners needs several winners,
and the reserved tiles or the dead wall fit in the wall left after the deal. The dead wall is
kept instead of reserved tiles (E0575) and holds what the round may take from it: the
indicators and their ura, and a replacement for each kong (E0576). What happens before the first
discard (wins at the deal, the exchange, the declarations) is `mjc.compiler.check.beforeplay`'s.
"""

from __future__ import annotations

import functools

from mjc.compiler import ir
from mjc.compiler.check.common import ir_options, unknown_word
from mjc.compiler.diagnostics import Diagnostic, Label, error
from mjc.compiler.diagnostics.suggest import did_you_mean
from mjc.compiler.ir import consteval
from mjc.compiler.language.playtext import rules_listing, takes
from mjc.compiler.language.vocabulary_play import (
    PLAY_VALUES,
    PLAY_WORDS,
    TOGGLE_WORDS,
    PlayWord,
)
from mjc.compiler.lower.play import effective, lower_play, win_tiles
from mjc.compiler.lower.rulebook import copies_in_play, lower_tiles
from mjc.compiler.resolve.declarations import Declarations
from mjc.compiler.resolve.typed import Typed
from mjc.compiler.syntax import ast
from mjc.runtime.rules.turnrules import HAND_SIZES, TurnRules

EXPLAIN_LISTINGS = {"E0122": rules_listing}
"""What `mjc explain` (and the diagnostics reference) list under a code's page: the help of
E0122 sends the reader there for every rule and its values."""


def check_play_words(decls: Declarations) -> list[Diagnostic]:
    """Every line names a known rule with values it takes; no rule is stated twice
    without a guard (the second would silently override the first)."""
    problems: list[Diagnostic] = []
    if decls.play is None:
        return problems
    unguarded: dict[str, ast.PlayItem] = {}
    hand = win_tiles(decls.play) - 1  # the rulebook's hand, 13 unless it says another
    for item in decls.play.items:
        key = item.keyword.text
        word = PLAY_WORDS.get(key)
        if word is None:
            problems.append(
                unknown_word(
                    "E0122",
                    "play rule",
                    item.keyword,
                    PLAY_WORDS,
                    "the rules are listed by `mjc explain E0122` and the language reference",
                    label="not a rule of play",
                )
            )
            continue
        problems += _values(key, word, item, hand)
        if word.kind == "situation" and isinstance(item.values[0], ast.Ident):
            problems += _situation(key, item.values[0], decls)
        first = unguarded.get(key)
        if item.guard is not None:
            continue
        if first is not None:
            problems.append(
                error(
                    "E0503",
                    f"the play section states `{key}` twice",
                    item.keyword.span,
                    label="second one here",
                    labels=(Label(first.keyword.span, "first one here"),),
                    help="keep one, or give the later one an `if` saying when it applies",
                )
            )
        unguarded[key] = item
    return problems + _hand_size(decls)


def _values(key: str, word: PlayWord, item: ast.PlayItem, hand: int) -> list[Diagnostic]:
    """The values of one line, against what its rule takes."""
    values = item.values
    counts = {"deal": 2, "pair": 2, "words": len(values), "tiles": len(values)}
    wanted = counts.get(word.kind, 1)
    if len(values) != wanted:
        return [
            _bad(
                item.values[0] if values else item.keyword,
                f"`{key}` takes {takes(key)}, not {len(values)} value"
                + ("s" if len(values) != 1 else ""),
                takes(key),
            )
        ]
    problems: list[Diagnostic] = []
    if word.kind == "toggle":
        problems += _one_of(key, values[0], tuple(TOGGLE_WORDS))
    elif word.kind in ("word", "words"):
        seen: set[str] = set()
        for value in values:
            problems += _one_of(key, value, PLAY_VALUES[key])
            if isinstance(value, ast.Ident) and value.text in seen:
                problems.append(_bad(value, f"`{value.text}` is listed twice", "list it once"))
            seen.add(value.text if isinstance(value, ast.Ident) else "")
    elif word.kind == "tiles":
        written: list[str] = []
        for value in values:
            if not isinstance(value, ast.TileLit):
                problems.append(_bad(value, f"`{key}` takes tiles", takes(key)))
            elif value.text in written:
                problems.append(_bad(value, f"`{value.text}` is listed twice", "list it once"))
            else:
                written.append(value.text)
    elif word.kind == "situation":
        if not isinstance(values[0], ast.Ident):
            problems.append(_bad(values[0], f"`{key}` takes {takes(key)}", takes(key)))
    elif word.kind in ("number", "deal", "pair"):
        for value in values:
            if not isinstance(value, ast.IntLit):
                problems.append(_bad(value, f"`{key}` takes whole numbers", takes(key)))
            elif key == "hand":
                problems += _hand_value(value)
            elif word.kind != "deal" and not word.low <= value.value <= word.high:
                problems.append(_bad(value, f"`{key}` is {word.low} to {word.high}", takes(key)))
        if word.kind == "deal" and not problems:
            problems += _deal(values, hand)
    elif isinstance(values[0], ast.Ident):  # a count: a word is no number of tiles
        problems.append(_bad(values[0], f"`{key}` takes {takes(key)}", takes(key)))
    return problems


def _situation(key: str, name: ast.Ident, decls: Declarations) -> list[Diagnostic]:
    """E0570: a ready declaration's rule names a situation the rulebook declares (the engine
    sets it on the declarer's wins, and the fans read it)."""
    known = {**decls.prelude, **decls.situations}
    if name.text in known:
        return []
    return [
        unknown_word(
            "E0570",
            "situation",
            name,
            known,
            f'declare the situation (`situation {name.text} "…"`) for `{key}` to set',
            label="no situation of this rulebook",
        )
    ]


def _deal(values: tuple[ast.Expr | ast.Ident, ...], hand: int) -> list[Diagnostic]:
    """A deal of one more to the dealer than to the others, who get 1 to 13; with another
    `hand`, a deal of that hand is no E0122 (whether it agrees with the hand is E0542)."""
    dealer, others = (v.value if isinstance(v, ast.IntLit) else 0 for v in values)
    if dealer == others + 1 and (1 <= others <= 13 or (others in HAND_SIZES and hand != 13)):
        return []
    return [
        _bad(
            values[0],
            f"a deal of {dealer} to the dealer and {others} to the others is not a deal",
            "the dealer gets one tile more than the others (he discards first), who get 1 to "
            "13: `deal 14, 13`",
        )
    ]


# --------------------------------------------------------------------------- the hand size

# The built-in shapes of fourteen tiles, which no other size of hand can hold.
_THIRTEEN_ONLY = ("seven_pairs", "thirteen_orphans", "knitted_straight", "honours_and_knitted")


def _hand_value(value: ast.IntLit) -> list[Diagnostic]:
    """E0540: a hand of 3k + 1 tiles, for k sets (one to five)."""
    if value.value in HAND_SIZES:
        return []
    sizes = ", ".join(str(n) for n in HAND_SIZES[:-1]) + f" or {HAND_SIZES[-1]}"
    return [
        error(
            "E0540",
            f"a hand of {value.value} tiles cannot be played",
            value.span,
            label="not 3k + 1 tiles for k sets",
            help=f"a hand holds {sizes} tiles: the win, one tile more, is sets and a pair "
            "(`hand 16` for 台湾十六张)",
        )
    ]


def _hand_size(decls: Declarations) -> list[Diagnostic]:
    """The hand size is one number for the whole rulebook (E0543); with another size than 13
    no shape of fourteen tiles is declared (E0541) and a `deal` deals that hand (E0542)."""
    assert decls.play is not None
    items = [item for item in decls.play.items if item.keyword.text == "hand"]
    sized = [
        (item, item.values[0])
        for item in items
        if len(item.values) == 1 and isinstance(item.values[0], ast.IntLit)
    ]
    if not sized:
        return []
    value = sized[0][1]
    held = value.value
    problems: list[Diagnostic] = [
        error(
            "E0543",
            "the hand size depends on a condition",
            other.guard.span,
            label="one size for every game of the rulebook",
            help="write `hand` once without an `if`: the win check's tables, the deal and the "
            "checks of hands are made for one size",
        )
        for other in items
        if other.guard is not None
    ]
    if held not in HAND_SIZES:
        return problems
    if held != 13:
        problems += [
            error(
                "E0541",
                f"the shape `{shape.id.text}` needs a hand of 13 tiles, and this one has {held}",
                shape.id.span,
                label="a shape of fourteen tiles",
                labels=(Label(value.span, "the hand size"),),
                help="remove the shape (a custom shape may read the tiles of any hand), or "
                "play a hand of 13",
            )
            for shape in decls.shapes.values()
            if shape.custom is None and shape.id.text in _THIRTEEN_ONLY
        ]
    for deal in decls.play.items:
        numbers = [v.value for v in deal.values if isinstance(v, ast.IntLit)]
        if deal.keyword.text != "deal" or len(numbers) != 2 or numbers == [held + 1, held]:
            continue
        problems.append(
            error(
                "E0542",
                f"a deal of {numbers[0]} and {numbers[1]} tiles disagrees with a hand of {held}",
                deal.values[0].span,
                label="not the hand",
                labels=(Label(value.span, "the hand size"),),
                help=f"deal {held + 1} to the dealer and {held} to the others, or leave the "
                "`deal` line out: it follows the hand",
            )
        )
    return problems


def _one_of(key: str, value: ast.Expr | ast.Ident, words: tuple[str, ...]) -> list[Diagnostic]:
    if isinstance(value, ast.Ident) and value.text in words:
        return []
    written = (
        value.text
        if isinstance(value, ast.Ident)
        else str(value.value)
        if isinstance(value, ast.IntLit)
        else None
    )
    hint = did_you_mean(value.text, words) if isinstance(value, ast.Ident) else None
    return [
        _bad(
            value,
            f"`{key}` takes {_list(words)}" + (f", not `{written}`" if written else ""),
            hint or f"write one of {_list(words)}",
        )
    ]


def _list(words: tuple[str, ...]) -> str:
    return ", ".join(f"`{w}`" for w in words)


def _bad(node: ast.Expr | ast.Ident, message: str, help: str) -> Diagnostic:
    return error("E0122", message, node.span, help=help)


# --------------------------------------------------------------------------- contradictions


def check_play_agrees(decls: Declarations, typed: Typed) -> list[Diagnostic]:
    """Under each setting of the options the play section and the claims read, the rules
    agree with the claims, with themselves and with the wall (see the module docstring)."""
    if decls.play is None:
        return []
    play = lower_play(decls.play, typed)
    items = {id(rule): item for rule, item in zip(play.rules, _known(decls.play), strict=True)}
    claims = decls.claims.rules if decls.claims is not None else ()
    guards = [r.guard for r in play.rules] + [typed.get(c.guard) for c in claims]
    counts = [r.count for r in play.rules]
    options = ir_options(decls)
    players = max((c.value for c in decls.players.counts), default=4) if decls.players else 4
    fewest = min((c.value for c in decls.players.counts), default=4) if decls.players else 4
    # Only the rules `_contradiction` or `_dead_wall` has something to say about are asked,
    # under each of up to 4,096 settings (a variant with many options meets them all).
    checked = [(i, r) for i, r in enumerate(play.rules) if r.key in _CHECKED or r.key in _DEAD_WALL]
    walls = _Walls(decls, typed, options)
    reported: set[int] = set()
    problems: list[Diagnostic] = []
    relevant = consteval.options_read([*guards, *counts])
    if any(r.key in ("reserved", "dead_wall") for _, r in checked):
        # The tiles kept back are weighed against the wall under the options it depends on.
        relevant += [name for name in walls.read if name not in relevant]
    for setting in consteval.settings(options, relevant):
        verbs = {
            c.words[0].text
            for c in claims
            if c.words and consteval.holds(typed.get(c.guard), setting)
        }
        bad_count = _bad_count(play, setting, options)
        if bad_count is not None:
            counted, why = bad_count
            item = items[id(counted)]
            if id(item) not in reported:
                reported.add(id(item))
                problems.append(
                    error(
                        "E0411",
                        f"`{counted.key}` is not a number of tiles {why}",
                        item.keyword.span,
                        label="must be 0 or more wherever the line applies",
                        help="guard the line so it applies only where the count is a number, "
                        f"e.g. `if {counted.words[0]} != none`",
                    )
                )
            continue
        holding = [consteval.holds(r.guard, setting) for r in play.rules]
        facts = effective(play, setting, holding)
        for i, rule in checked:
            item = items[id(rule)]
            if id(item) in reported or not holding[i]:
                continue
            reason = _contradiction(
                rule.key, rule.words, verbs, facts, decls, walls, setting, (fewest, players)
            )
            dead = _dead_wall(rule.key, facts, verbs) if reason is None else None
            if dead is not None:
                reported.add(id(item))
                where = consteval.describe(setting, options)
                problems.append(
                    error(
                        dead[0],
                        f"`{rule.key}` {dead[1]} (with {where})",
                        item.keyword.span,
                        label="the dead wall cannot be laid out so",
                        help=dead[2],
                    )
                )
            if reason is not None:
                reported.add(id(item))
                where = consteval.describe(setting, options)
                problems.append(
                    error(
                        "E0411",
                        f"`{rule.key}` contradicts the rulebook with {where}: {reason}",
                        item.keyword.span,
                        label="contradicts the rest of the rulebook",
                        help="add what it needs, give the line an `if` saying when it "
                        "applies, or drop it",
                    )
                )
    return problems


def _bad_count(
    play: ir.Play, setting: consteval.Setting, options: dict[str, ir.Option]
) -> tuple[ir.PlayRule, str] | None:
    """A count (`reserved`) that is no whole number of 0 or more where its line applies: a
    choice option whose chosen id is not a number, or arithmetic below zero."""
    for rule in play.rules:
        if rule.count is None or not consteval.holds(rule.guard, setting):
            continue
        value = consteval.evaluate(rule.count, setting)
        if isinstance(value, str) and value.isdigit():
            continue
        if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
            continue
        shown = f"`{value}`" if isinstance(value, str) else str(value)
        return rule, f"with {consteval.describe(setting, options)}: it is {shown}"
    return None


def _known(play: ast.Play) -> list[ast.PlayItem]:
    return [item for item in play.items if item.keyword.text in PLAY_WORDS]


# The claim each restriction is about.
_NEEDS_CLAIM = {
    "missed_pong": "pong",
    "no_chow_to_rebuild": "chow",
    "discard_after_chow_same_tile": "chow",
    "chow_only_from_previous": "chow",
    "kong_right_after_claim": "kong",
    "four_kongs_draw": "kong",
}


class _Walls:
    """The number of tiles in play under a setting, for the rules that keep tiles back: the
    tile set lowered once, and each total remembered by the options its lines read (most
    tile sets read none, and then one total serves every setting)."""

    def __init__(self, decls: Declarations, typed: Typed, options: dict[str, ir.Option]) -> None:
        default = {o.id: consteval.default_value(o) for o in options.values()}
        self._tiles = lower_tiles(decls.tiles, typed, default) if decls.tiles is not None else None
        guards = (
            [g.guard for g in self._tiles.groups] + [k.guard for k in self._tiles.keeps]
            if self._tiles is not None
            else []
        )
        self.read = consteval.options_read(guards)
        self._totals: dict[tuple[object, ...], int] = {}

    def total(self, setting: consteval.Setting) -> int | None:
        """The tiles in play under `setting`; None without a `tiles` section."""
        if self._tiles is None:
            return None
        key = tuple(setting.get(name) for name in self.read)
        found = self._totals.get(key)
        if found is None:
            found = self._totals[key] = sum(copies_in_play(self._tiles, setting))
        return found


# Every rule `_contradiction` may find against (the others it passes without a word).
_CHECKED = frozenset(
    {
        "priority",
        "huangfan_after_draw",
        "after_win",
        "dealer_stays_when_ready",
        "end_on_negative",
        "target_points",
        "uma",
        "extra_winds",
        "last_dealer_stops",
        "set_aside_bloom",
        "set_aside_win",
        "dealer_after_several",
        "dead_wall",
        "reserved",
        *_NEEDS_CLAIM,
    }
)


def _contradiction(
    key: str,
    words: tuple[str, ...],
    verbs: set[str],
    facts: dict[str, object],
    decls: Declarations,
    walls: _Walls,
    setting: consteval.Setting,
    seats: tuple[int, int],
) -> str | None:
    """Why the rule `key` disagrees with the rulebook under `setting`, or None (`seats`: the
    fewest and the most players the rulebook may be played by)."""
    fewest, players = seats
    needed = _NEEDS_CLAIM.get(key)
    if needed is not None and needed not in verbs:
        return f"it is about `{needed}`, but the claims allow no `{needed}`"
    if key == "priority":
        has = {"win"} | (verbs & {"chow", "pong", "kong"})
        if set(words) != has:
            return f"it orders {', '.join(words)}, but the claims on a discard are " + ", ".join(
                w for w in ("win", "kong", "pong", "chow") if w in has
            )
    if (
        key == "huangfan_after_draw"
        and facts.get(key) is True
        and ("huangfan" not in decls.situations)
    ):
        return "it plays rounds under the situation `huangfan`, which is not declared"
    if key == "after_win" and facts.get(key) == "leave" and fewest < 3:
        return (
            f"the winners leave the round (血战到底), but it may be played by {fewest} players: "
            "the first win leaves one player, and the round ends there"
        )
    if (
        key == "dealer_stays_when_ready"
        and facts.get(key) is True
        and facts.get("dealer_after_draw", "stay") == "stay"
    ):
        return "the dealer deals again after every draw (`dealer_after_draw stay`), ready or not"
    unfunded = str(facts.get("start_points", 0)) == "0"
    if key == "end_on_negative" and facts.get(key) is True and unfunded:
        return "the seats start at 0 points (no `start_points`): the first payment ends the match"
    if problem := _match_end(key, facts, unfunded):
        return problem
    if key == "set_aside_bloom" and facts.get("set_aside") in (None, (), "none"):
        return "no tile is set aside (no `set_aside` line), so none is replaced to win on"
    if key == "set_aside_win" and facts.get("set_aside") in (None, (), "none"):
        return "no tile is set aside (no `set_aside` line), so none is won on as it is"
    if key == "dealer_after_several" and facts.get("several_winners") is False:
        return "several winners on one discard are not allowed (`several_winners off`)"
    if key == "dead_wall" and facts.get("flowers_replaced") is True:
        return "flowers are replaced, and a dead wall's replacements are for kongs alone"
    wall = walls.total(setting) if key in ("reserved", "dead_wall") else None
    if wall is not None:
        dealt = int(str(facts.get("deal_dealer", 14))) + (players - 1) * int(
            str(facts.get("deal_others", 13))
        )
        reserved = int(str(facts.get("reserved", 0))) + int(str(facts.get("dead_wall", 0)))
        if reserved >= wall - dealt:
            return (
                f"it keeps {reserved} tiles back, but a wall of {wall} has only "
                f"{wall - dealt} left after dealing {players} players"
            )
    return None


def _match_end(key: str, facts: dict[str, object], unfunded: bool) -> str | None:
    """A final score (返し点, ウマ) needs start points; an extra wind (西入) or 和了止め a
    match of fixed length, and the extra wind a target to reach."""
    endless = str(facts.get("match_winds", 0)) == "0"
    if key in ("target_points", "uma") and unfunded:
        return "the seats start at 0 points (no `start_points`): a final score needs them"
    if key == "extra_winds" and str(facts.get(key)) != "0":
        if endless:
            return "a match without `match_winds` has no last wind to go on after"
        if str(facts.get("target_points", 0)) == "0":
            return "no seat can reach a target: the rulebook sets no `target_points`"
    if key == "last_dealer_stops" and facts.get(key) is True and endless:
        return "a match without `match_winds` has no last round"
    return None


# The rules that lay the dead wall out, and what each is when it asks for nothing.
_DEAD_WALL = {"dead_wall": 0, "indicators": 0, "kong_indicators": "none", "ura_indicators": False}


@functools.lru_cache(maxsize=256)
def _indicator_places(rules: tuple[tuple[str, object], ...]) -> tuple[int, int]:
    """The tiles of the dead wall a round under these rules of it may turn up as indicators,
    and 2 when each has its ura beside it (else 1). A pure function's memo: a rulebook's
    every setting of its options (Riichi's thousand) asks it of the same few rules; bounded,
    as a language server checks rulebook after rulebook in one process."""
    # (imported here, as in `_dead_wall`: only a rulebook with a dead wall asks)
    from mjc.runtime.tableplay.deadwall import most_indicators

    turn = TurnRules(**dict(rules))  # type: ignore[arg-type]
    step = 2 if turn.ura_indicators else 1
    return most_indicators(turn) * step, step


def _dead_wall(key: str, facts: dict[str, object], verbs: set[str]) -> tuple[str, str, str] | None:
    """E0575 or E0576 for a rule of the dead wall under these facts: its code, what is wrong
    (after the rule's name) and the help; None when the dead wall can be laid out."""
    if key not in _DEAD_WALL:
        return None
    size = int(str(facts.get("dead_wall", 0)))
    reserved = int(str(facts.get("reserved", 0)))
    if key == "dead_wall" and size and reserved:
        return (
            "E0575",
            f"keeps a dead wall of {size} beside {reserved} reserved tiles",
            "keep one of them: the dead wall is the tiles at the tail that are never drawn "
            "in turn, which `reserved` says too",
        )
    if key != "dead_wall" and not size and facts.get(key, _DEAD_WALL[key]) != _DEAD_WALL[key]:
        return (
            "E0576",
            "turns indicators up in the dead wall, and the rulebook keeps none",
            "say how many tiles the dead wall holds: `dead_wall 14`",
        )
    if key != "dead_wall" or not size:
        return None
    # (imported here: only a rulebook with a dead wall gets this far, and the round's table
    # modules the dead wall's brings are no part of checking the others)
    from mjc.runtime.tableplay.deadwall import MAX_KONGS

    places, step = _indicator_places(tuple((f, facts[f]) for f in _DEAD_WALL if f in facts))
    kongs = MAX_KONGS if "kong" in verbs else 0
    if places + kongs <= size:
        return None
    return (
        "E0576",
        f"holds {size} tiles, and the round may need {places} for its indicators"
        + (" and their ura" if step == 2 else "")
        + (f" and {kongs} for the kongs' replacements" if kongs else ""),
        "make the dead wall larger, or turn fewer indicators up (`indicators`, "
        "`kong_indicators`, `ura_indicators`)",
    )
