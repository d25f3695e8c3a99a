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
and the reserved tiles fit in the wall left after the deal. The wins at the deal (`deal_wins`,
起手胡) each pay something and read the hand dealt. Each seat declaration (`declarations`, 定缺)
chooses from a list mjc knows, under an id no other word of the language already means, and
states each flag once.
"""

from __future__ import annotations

from mjc.compiler import ir
from mjc.compiler.check.common import ir_options, unknown_word
from mjc.compiler.diagnostics import Diagnostic, Label, error
from mjc.compiler.diagnostics.suggest import did_you_mean
from mjc.compiler.ir import consteval
from mjc.compiler.language.vocabulary import SUIT_CONSTANTS, TILE_LIST_CONSTANTS
from mjc.compiler.language.vocabulary_play import (
    PLAY_VALUES,
    PLAY_WORDS,
    TOGGLE_WORDS,
    PlayWord,
    rules_listing,
    takes,
)
from mjc.compiler.lower.play import CHOICE_LISTS, DIRECTIONS, effective, lower_play, win_tiles
from mjc.compiler.lower.rulebook import lower_tiles
from mjc.compiler.resolve.declarations import Declarations
from mjc.compiler.resolve.typed import Typed
from mjc.compiler.syntax import ast
from mjc.runtime.rules.turnrules import HAND_SIZES

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
    counts = {"deal": 2, "words": len(values)}
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
    elif word.kind in ("number", "deal"):
        for value in values:
            if not isinstance(value, ast.IntLit):
                problems.append(_bad(value, f"`{key}` takes whole numbers", takes(key)))
            elif key == "hand":
                problems += _hand_value(value)
            elif word.kind == "number" and not word.low <= value.value <= word.high:
                problems.append(_bad(value, f"`{key}` is {word.low} to {word.high}", takes(key)))
        if word.kind == "deal" and not problems:
            problems += _deal(values, hand)
    elif isinstance(values[0], ast.Ident):  # a count: a word is no number of tiles
        problems.append(_bad(values[0], f"`{key}` takes {takes(key)}", takes(key)))
    return problems


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
    reported: set[int] = set()
    problems: list[Diagnostic] = []
    for setting in consteval.settings(options, consteval.options_read([*guards, *counts])):
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
        facts = effective(play, setting)
        for rule in play.rules:
            item = items[id(rule)]
            if id(item) in reported or not consteval.holds(rule.guard, setting):
                continue
            reason = _contradiction(
                rule.key, rule.words, verbs, facts, decls, typed, setting, players
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
}


def _contradiction(
    key: str,
    words: tuple[str, ...],
    verbs: set[str],
    facts: dict[str, object],
    decls: Declarations,
    typed: Typed,
    setting: consteval.Setting,
    players: int,
) -> str | None:
    """Why the rule `key` disagrees with the rulebook under `setting`, or None."""
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
    fewest = min((c.value for c in decls.players.counts), default=4) if decls.players else 4
    if key == "after_win" and facts.get(key) == "leave" and fewest < 3:
        return (
            f"the winners leave the round (血战到底), but it may be played by {fewest} players: "
            "the first win leaves one player, and the round ends there"
        )
    if key == "dealer_after_several" and facts.get("several_winners") is False:
        return "several winners on one discard are not allowed (`several_winners off`)"
    if key == "reserved" and decls.tiles is not None:
        wall = lower_tiles(decls.tiles, typed, setting).total
        dealt = int(str(facts.get("deal_dealer", 14))) + (players - 1) * int(
            str(facts.get("deal_others", 13))
        )
        reserved = int(str(facts.get("reserved", 0)))
        if reserved >= wall - dealt:
            return (
                f"it keeps {reserved} tiles back, but a wall of {wall} has only "
                f"{wall - dealt} left after dealing {players} players"
            )
    return None


# What a win at the deal reads of the dealt hand itself (the rest of its facts are the seat's).
_DEALT_HAND = frozenset({"tiles", "flowers", "wilds", "standing"})


def check_deal_wins(decls: Declarations, typed: Typed) -> list[Diagnostic]:
    """Each win at the deal pays something (E0512) and reads the dealt hand (E0513): one
    that reads only the options and the seat would be won by every hand dealt."""
    problems: list[Diagnostic] = []
    for win in decls.deal_wins.values():
        name = f"`{win.id.text}`"
        if win.pays.value == 0:
            problems.append(
                error(
                    "E0512",
                    f"the win at the deal {name} pays nothing",
                    win.pays.span,
                    label="every other seat pays this much",
                    help="write what each other seat pays the seat that shows the hand "
                    "(1 or more), or delete the line",
                )
            )
        condition = typed.get(win.condition)
        if condition is not None and not _reads_dealt_hand(condition):
            problems.append(
                error(
                    "E0513",
                    f"the win at the deal {name} does not read the hand",
                    win.condition.span,
                    label="true of every hand dealt",
                    help="test the tiles dealt, for example "
                    "`(any t in tiles: copies(t) == 4)`; an option belongs after `if`",
                )
            )
    return problems


def check_declares(decls: Declarations) -> list[Diagnostic]:
    """Each seat declaration chooses from a known list (E0520), has an id that no fact, fan,
    shape, situation, option or constant of the rulebook already means (E0521: conditions
    read the declaration by its id) and states `discard_first` once (E0522)."""
    problems: list[Diagnostic] = []
    taken = _taken_names(decls)
    for declare in decls.declares.values():
        lists = declare.choices
        if lists.text not in CHOICE_LISTS:
            problems.append(
                error(
                    "E0520",
                    f"unknown list of choices `{lists.text}`",
                    lists.span,
                    label="a seat cannot choose from this",
                    help=did_you_mean(lists.text, CHOICE_LISTS)
                    or "the lists are: " + ", ".join(CHOICE_LISTS),
                )
            )
        what = taken.get(declare.id.text)
        if what is not None:
            problems.append(
                error(
                    "E0521",
                    f"the declaration `{declare.id.text}` has the name of {what}",
                    declare.id.span,
                    label="conditions could not tell the two apart",
                    help=f"give the declaration another id, such as `declared_{declare.id.text}`",
                )
            )
        texts = [flag.text for flag in declare.flags]
        problems.extend(
            error(
                "E0522",
                f"`{flag.text}` is written twice in the declaration `{declare.id.text}`",
                flag.span,
                label="said again here",
                help="delete the second one",
            )
            for i, flag in enumerate(declare.flags)
            if flag.text in texts[:i]
        )
    for exchange in decls.exchanges.values():
        problems += _check_exchange(decls, exchange, taken)
    for extra in list(decls.exchanges.values())[1:]:
        problems.append(
            error(
                "E0527",
                f"a second exchange `{extra.id.text}`: the seats exchange tiles once before play",
                extra.id.span,
                label="another exchange",
                help="keep one exchange line",
            )
        )
    return problems


# The fewest and most tiles an exchange passes (换三张, 换四张).
EXCHANGE_COUNTS = (1, 4)
_SUIT_GROUPS = frozenset({"characters", "dots", "bamboo"})


def _check_exchange(
    decls: Declarations, exchange: ast.Exchange, taken: dict[str, str]
) -> list[Diagnostic]:
    """An exchange passes 1 to 4 tiles (E0523) in a known direction (E0524), `opposite` only
    where every table has a seat opposite (E0525), `same_suit` only with suited tiles (E0526),
    each word once (E0522) and under an id of its own (E0521)."""
    problems: list[Diagnostic] = []
    name = exchange.id.text
    low, high = EXCHANGE_COUNTS
    if not low <= exchange.count.value <= high:
        problems.append(
            error(
                "E0523",
                f"the exchange `{name}` passes {exchange.count.value} tiles",
                exchange.count.span,
                label=f"not from {low} to {high}",
                help="换三张 passes 3 tiles, 换四张 4",
            )
        )
    direction = exchange.direction
    if direction is not None and direction.text not in DIRECTIONS:
        problems.append(
            error(
                "E0524",
                f"unknown direction `{direction.text}`",
                direction.span,
                label="the tiles cannot go this way",
                help=did_you_mean(direction.text, DIRECTIONS)
                or "the directions are: " + ", ".join(DIRECTIONS),
            )
        )
    counts = [c.value for c in decls.players.counts] if decls.players is not None else [4]
    if direction is not None and direction.text == "opposite" and any(c == 3 for c in counts):
        problems.append(
            error(
                "E0525",
                f"the exchange `{name}` passes to the seat opposite, but the rulebook is "
                "played by 3 players",
                direction.span,
                label="three seats have no seat opposite",
                help="pass to `next` or `previous`, or let the `dice` decide",
            )
        )
    groups = {g.name.text for g in decls.tiles.groups} if decls.tiles is not None else set()
    if exchange.same_suit and decls.tiles is not None and not groups & _SUIT_GROUPS:
        flag = next(f for f in exchange.flags if f.text == "same_suit")
        problems.append(
            error(
                "E0526",
                f"the exchange `{name}` passes tiles of one suit, but the tile set has none",
                flag.span,
                label="no characters, dots or bamboo",
                help="delete `same_suit`, or add a suit to the tiles section",
            )
        )
    what = taken.get(name)
    if what is not None:
        problems.append(
            error(
                "E0521",
                f"the exchange `{name}` has the name of {what}",
                exchange.id.span,
                label="conditions could not tell the two apart",
                help=f"give the exchange another id, such as `exchange_{name}`",
            )
        )
    texts = [flag.text for flag in exchange.flags]
    problems.extend(
        error(
            "E0522",
            f"`{flag.text}` is written twice in the exchange `{name}`",
            flag.span,
            label="said again here",
            help="delete the second one",
        )
        for i, flag in enumerate(exchange.flags)
        if flag.text in texts[:i]
    )
    return problems


def _taken_names(decls: Declarations) -> dict[str, str]:
    """The names a declaration's id would clash with, each with what it is."""
    # Imported here: the vocabulary's fact tables are only needed by this check.
    from mjc.compiler.language import vocabulary as v

    facts = {
        **v.ARRANGEMENT_FACTS,
        **v.SITUATION_FACTS,
        **v.HAND_FACTS,
        **v.HELD_FACTS,
        **v.RESULT_FACTS,
        **v.ROUND_FACTS,
        **v.RELATION_FACTS,
        **v.LOSS_FACTS,
    }
    taken = {name: "a fact" for name in facts}
    taken.update({name: "a constant" for name in (*SUIT_CONSTANTS, *TILE_LIST_CONSTANTS)})
    taken.update({name: "a fan" for name in decls.fans})
    taken.update({name: "a win shape" for name in decls.shapes})
    taken.update({name: "a situation" for name in decls.situations})
    taken.update({name: "an option" for name in decls.options})
    return taken


def _reads_dealt_hand(node: object) -> bool:
    """Whether an IR expression reads a fact of the dealt hand or counts its copies."""
    if isinstance(node, ir.FactE):
        return node.fact in _DEALT_HAND
    if isinstance(node, ir.CallE) and node.func == "copies":
        return True
    if isinstance(node, tuple):
        return any(_reads_dealt_hand(item) for item in node)
    if isinstance(node, ir.Model):
        return any(_reads_dealt_hand(getattr(node, f)) for f in type(node).model_fields)
    return False
