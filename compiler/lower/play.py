"""Lowering of the play section (行牌) and the wins at the deal to the IR, and what the play
rules come to under one setting.

Input is the `play` and `deal_wins` sections of the `Declarations` table and the typed
guards, counts and conditions of a rulebook that passed the checks (`mjc.compiler.check.play`);
output is `ir.Play`, one `ir.PlayRule` per line with the `TurnRules` fields it sets
(`mjc.compiler.language.vocabulary_play` says which), and one `ir.DealWin` per win at the deal.
`effective` works out the fields under one setting of the options, the way the generated
`turn_rules(options)` does: the checks use it to find contradictions, the tests to compare
with the module. Nothing here can fail on a checked rulebook.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from mjc.compiler import ir
from mjc.compiler.ir import consteval
from mjc.compiler.ir.pretty import pretty
from mjc.compiler.language.vocabulary_play import PLAY_WORDS, TOGGLE_WORDS, default_value
from mjc.compiler.lower.sources import at, lowered, provenance
from mjc.compiler.resolve.typed import Typed
from mjc.compiler.syntax import ast
from mjc.runtime.tiles.hand import MAX_TILES


def lower_deal_wins(wins: Iterable[ast.DealWin], typed: Typed) -> tuple[ir.DealWin, ...]:
    """Each win at the deal, its condition and guard typed."""
    return tuple(
        ir.DealWin(
            id=w.id.text,
            name=w.name,
            pays=w.pays.value,
            **lowered(w, typed),
            provenance=provenance(w.provenance),
            at=at(w.span),
        )
        for w in wins
    )


# The word lists a declaration may choose from (`choose suit`), each word as the runtime has it.
CHOICE_LISTS: dict[str, tuple[str, ...]] = {"suit": ("m", "p", "s")}


def lower_declares(declares: Iterable[ast.Declare], typed: Typed) -> tuple[ir.Declare, ...]:
    """Each seat declaration; one of an unknown list (reported by the checks) is left out."""
    return tuple(
        ir.Declare(
            id=d.id.text,
            name=d.name,
            choices=d.choices.text,
            words=CHOICE_LISTS[d.choices.text],
            discard_first=any(f.text == "discard_first" for f in d.flags),
            no_claims=any(f.text == "no_claims" for f in d.flags),
            **lowered(d, typed),
            provenance=provenance(d.provenance),
            at=at(d.span),
        )
        for d in declares
        if d.choices.text in CHOICE_LISTS
    )


# The directions an exchange passes its tiles in (`direction`), as the runtime has them.
DIRECTIONS = ("next", "previous", "opposite", "dice")


def lower_exchanges(exchanges: Iterable[ast.Exchange], typed: Typed) -> tuple[ir.Exchange, ...]:
    """Each exchange of tiles before play (换三张); without `direction`, the dice decide."""
    return tuple(
        ir.Exchange(
            id=e.id.text,
            name=e.name,
            count=e.count.value,
            same_suit=e.same_suit,
            direction=e.direction.text if e.direction is not None else "dice",
            **lowered(e, typed),
            provenance=provenance(e.provenance),
            at=at(e.span),
        )
        for e in exchanges
    )


def lower_play(play: ast.Play | None, typed: Typed) -> ir.Play:
    """Each line of the section as a rule; lines of unknown keywords (reported by the checks)
    are left out, so the checks may lower a section that still has errors."""
    if play is None:
        return ir.Play()
    return ir.Play(
        rules=tuple(_rule(item, typed) for item in play.items if item.keyword.text in PLAY_WORDS)
    )


def lower_kongs(kongs: ast.Kongs | None, typed: Typed) -> tuple[ir.KongKind, ...]:
    """The kinds of kong, in rulebook order (none without the section: one plain kind)."""
    if kongs is None:
        return ()
    return tuple(_kong_kind(kind, typed) for kind in kongs.kinds)


def _kong_kind(kind: ast.KongKind, typed: Typed) -> ir.KongKind:
    condition = lowered(kind, typed)["condition"] if kind.whens else None
    return ir.KongKind(
        id=kind.id.text,
        label=kind.label,
        replacement=kind.replacement.value if kind.replacement is not None else 1,
        scored=not kind.unscored,
        condition=condition,
        text=pretty(condition) if condition is not None else "",
        provenance=provenance(kind.provenance),
        at=at(kind.span),
    )


def _rule(item: ast.PlayItem, typed: Typed) -> ir.PlayRule:
    word = PLAY_WORDS[item.keyword.text]
    words = tuple(_word(v) for v in item.values)
    count: ir.Expr | None = None
    settings: tuple[tuple[str, ir.PlayValue], ...] = ()
    match word.kind:
        case "count":
            count = lowered(item, typed)["count"]
        case "toggle":
            settings = ((word.fields[0], TOGGLE_WORDS.get(words[0], True)),)
        case "number" | "deal" | "pair":
            settings = tuple(zip(word.fields, (_int(v) for v in item.values), strict=False))
            if item.keyword.text == "hand":  # the deal follows the hand: dealer one more
                held = _int(item.values[0])
                settings += (("deal_dealer", held + 1), ("deal_others", held))
        case "word" | "situation":
            settings = ((word.fields[0], words[0]),)
        case "words" | "tiles":
            settings = ((word.fields[0], words),)
    return ir.PlayRule(
        key=item.keyword.text,
        part=word.part,
        words=words,
        settings=settings,
        count=count,
        guard=lowered(item, typed)["guard"],
        provenance=provenance(item.provenance),
        at=at(item.span),
    )


def _word(value: ast.Expr | ast.Ident) -> str:
    """A value as written: a word, a number, or (for a count) the option it reads."""
    match value:
        case ast.Ident(text=name):
            return name
        case ast.IntLit(value=number):
            return str(number)
        case ast.OptionRef(option=option):
            return f"option.{option.text}"
        case ast.BoolLit(value=flag):
            return "on" if flag else "off"
        case ast.TileLit(text=tile):
            return tile
    return "…"


def _int(value: ast.Expr | ast.Ident) -> int:
    return value.value if isinstance(value, ast.IntLit) else 0


def win_tiles(play: ast.Play | None) -> int:
    """The tiles of a win under this play section: its `hand` (3k + 1, checked by
    `mjc.compiler.check.play`) and one more; 14 without one, or before it is checked."""
    for item in play.items if play is not None else ():
        if item.keyword.text == "hand" and item.values and isinstance(item.values[0], ast.IntLit):
            return item.values[0].value + 1
    return MAX_TILES


def effective(
    play: ir.Play, setting: consteval.Setting, holding: Sequence[bool] | None = None
) -> dict[str, object]:
    """Every `TurnRules` field the section sets under `setting`, with its value: rules read
    in order, a later one whose guard holds overriding an earlier one. Fields no rule sets
    keep `TurnRules()`'s default and are not in the result. `holding`, when given, says for
    each rule whether its guard holds under `setting` (a caller that has worked it out)."""
    found: dict[str, object] = {}
    for i, rule in enumerate(play.rules):
        if not (consteval.holds(rule.guard, setting) if holding is None else holding[i]):
            continue
        if rule.count is not None:
            value = consteval.evaluate(rule.count, setting)
            found[PLAY_WORDS[rule.key].fields[0]] = int(str(value))
        for field, setting_value in rule.settings:
            found[field] = setting_value
    return found


def field_value(play: ir.Play, setting: consteval.Setting, field: str) -> object:
    """One field under `setting`: the section's value, else the `TurnRules()` default."""
    return effective(play, setting).get(field, default_value(field))
