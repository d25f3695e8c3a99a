"""Typed IR expressions in plain English, for the "condition" column of the docs.

Input is an `ir.Expr` (a fan condition, a `per` count, a floor or a shape guard) and the
`ir.Rulebook` it belongs to, so fans, shapes and options are named as the rulebook names them
(混一色, 基本胡牌, 七对胡牌). Output is a phrase a player can read: `all m in melds: m.is_chow`
becomes "every meld is a chow". `mjc.compiler.ir.pretty.pretty` gives the rulebook syntax instead;
anything this module has no words for falls back to that syntax, so the text is never wrong,
only sometimes technical.

The phrase is Markdown for a docs page (`mdtext.Md`): every name and label the rulebook
gives is escaped as text where it enters (`_book`, `_option`, `_choice`), code is a code span
(`mdtext.code`), and everything else is this module's own words.
"""

from __future__ import annotations

from dataclasses import dataclass

from mjc.compiler import ir
from mjc.compiler.docs.mdtext import Md, code, text
from mjc.compiler.ir.pretty import pretty
from mjc.compiler.language import types
from mjc.compiler.language.vocabulary import RELATION_FACTS, SITUATION_FACTS, TILE_LIST_CONSTANTS
from mjc.runtime.tiles.tile import tile_name_en, tile_name_zh

# The quantifiers that make a test (`count` and `sum` make numbers).
_BOOL_QUANTIFIERS = ("all", "any", "none")

__all__ = ["condition_words", "per_words", "value_words"]

# Attributes that are facts, as (singular, plural) verb phrases: "a meld is a chow",
# "melds are chows".
_TILE_FACTS: dict[str, tuple[str, str]] = {
    "is_suited": ("is a suited tile", "are suited tiles"),
    "is_honour": ("is an honour", "are honours"),
    "is_wind": ("is a wind", "are winds"),
    "is_dragon": ("is a dragon", "are dragons"),
    "is_terminal": ("is a terminal (a suited 1 or 9)", "are terminals (suited 1s and 9s)"),
    "is_outside": ("is a terminal or an honour", "are terminals or honours"),
    "is_simple": ("is a simple (a suited 2 to 8)", "are simples (suited 2 to 8)"),
    "is_flower": ("is a flower", "are flowers"),
    "is_green": ("is green (2s 3s 4s 6s 8s 发)", "are green (2s 3s 4s 6s 8s 发)"),
}
_MELD_FACTS: dict[str, tuple[str, str]] = {
    "is_chow": ("is a chow", "are chows"),
    "is_pung": ("is a pung or kong", "are pungs or kongs"),
    "is_kong": ("is a kong", "are kongs"),
    "is_pair": ("is a pair", "are pairs"),
    "concealed": ("is concealed", "are concealed"),
    "exposed": ("is exposed (claimed)", "are exposed (claimed)"),
    "is_honour": ("is of honours", "are of honours"),
    "is_wind": ("is of winds", "are of winds"),
    "is_dragon": ("is of dragons", "are of dragons"),
    "is_terminal": ("is of a terminal (1 or 9)", "are of terminals (1s or 9s)"),
    "has_terminal": ("contains a 1 or a 9", "contain a 1 or a 9"),
    "is_outside": ("contains a terminal or an honour", "contain a terminal or an honour"),
    "is_simple": ("is all simples (2 to 8)", "are all simples (2 to 8)"),
}

# Nouns for lists of the arrangement: (singular, plural).
_LIST_NOUNS: dict[str, tuple[str, str]] = {
    "tiles": ("tile", "tiles"),
    "melds": ("meld", "melds"),
    "chows": ("chow", "chows"),
    "pungs": ("pung (or kong)", "pungs (kongs included)"),
    "kongs": ("kong", "kongs"),
    "pairs": ("pair", "pairs"),
    "flowers": ("flower", "flowers"),
    "waits": ("tile the hand waited on", "tiles the hand waited on"),
    "declared": ("declared meld", "declared melds"),
    "standing": ("standing tile", "standing tiles"),
    "dora_indicators": ("dora indicator", "dora indicators"),
    "ura_indicators": ("ura-dora indicator", "ura-dora indicators"),
}

_FACT_NOUNS: dict[str, str] = {
    "pair": "the pair",
    "shape": "the win shape",
    "winning_tile": "the winning tile",
    "seat_wind": "the seat wind",
    "round_wind": "the round wind",
    "players": "the number of players",
    "wilds": "the number of wild tiles in the hand",
    "hand_size": "the number of tiles in the hand (a declared meld counted as three)",
    "wilds_substituted": "the number of wild tiles standing for another tile",
    "total": "the hand's value",
    "winners": "the number of winners",
    "winning_meld": "the set or pair the winning tile completes",
    "red_fives": "the number of red fives in the hand",
    "set_aside": "the number of tiles the winner set aside",
    "dealer_streak": "the dealer's streak",
}
_SENTENCE_FACTS: dict[str, str] = {
    "concealed": "the hand is concealed (no meld claimed from a discard)",
    "self_drawn": "won by self-draw (自摸)",
    "dealer": "the winner is the dealer (庄家)",
    "kong_bloom": "won on the replacement tile after a kong (杠上开花)",
    "robbing_kong": "won by robbing a kong (抢杠)",
    "last_tile": "won on the last tile of the wall (海底)",
    "heavenly": "the dealer wins on the initial deal (天胡)",
    "earthly": "a non-dealer wins on the first draw (地胡)",
    "human": "a non-dealer wins on the dealer's first discard (人胡)",
    "triple_win": "three players win on the same discard (一炮三响)",
    "kong_discard": "won on the discard made right after a kong's replacement (杠上炮)",
    "flower_robbed": "won on the flower another player drew, before its replacement (搶花)",
    "won": "somebody won the round",
    "drawn": "the round ended in an exhaustive draw (荒庄)",
    "edge_wait": "the winning tile completes an edge wait (边张: 12 waiting on 3, 89 on 7)",
    "closed_wait": "the winning tile completes a closed wait (嵌张: the middle of a chow)",
    "open_wait": "the winning tile completes an open wait (两面: a chow's end, not an edge)",
    "pair_wait": "the winning tile completes the pair (单钓将)",
}
# A situation flag the rulebook declares is the fact `situation:<id>`.
SITUATION_PREFIX = "situation:"

_SUIT_WORDS = {"m": "characters (万)", "p": "dots (筒)", "s": "bamboo (条)", "z": "honours",
               "f": "flowers"}  # fmt: skip

_COUNT_OPS = {
    "==": "exactly",
    ">=": "at least",
    ">": "more than",
    "<=": "at most",
    "<": "fewer than",
}
_COMPARE_WORDS = {
    "==": "is",
    "!=": "is not",
    ">=": "is at least",
    ">": "is more than",
    "<=": "is at most",
    "<": "is less than",
    "in": "is one of",
}


@dataclass(frozen=True, slots=True)
class _Book:
    fans: dict[str, str]
    shapes: dict[str, str]
    options: dict[str, ir.Option]
    situations: dict[str, str]


def _book(book: ir.Rulebook) -> _Book:
    # The rulebook's names, escaped once here: every phrase below joins them as Markdown.
    return _Book(
        fans={f.id: text(f.name) for f in book.fans},
        shapes={s.id: text(s.name or s.id) for s in book.shapes},
        options={o.id: o for o in book.options},
        situations={s.id: text(s.label) for s in book.situations},
    )


def condition_words(expr: ir.Expr, book: ir.Rulebook, sep: str = "; ") -> Md:
    """A true/false condition in words; the parts of a top-level `and` are joined by `sep`."""
    return Md(_condition_words(expr, book, sep))


def _condition_words(expr: ir.Expr, book: ir.Rulebook, sep: str) -> str:
    words = _Words(_book(book))
    if isinstance(expr, ir.BoolE) and expr.value:
        return "any winning hand"
    if isinstance(expr, ir.BoolOpE) and expr.op == "and":
        parts: list[str] = []
        fans: list[str] = []  # consecutive references to fans read as one clause
        for operand in (*expr.operands, None):
            if isinstance(operand, ir.FanRefE):
                fans.append(words.book.fans.get(operand.fan, text(operand.fan)))
                continue
            if fans:
                parts.append(f"the hand also qualifies for {_join(fans, 'and')}")
                fans = []
            if operand is not None:
                parts.append(words.clause(operand))
        return sep.join(parts)
    return words.clause(expr)


def per_words(expr: ir.Expr, book: ir.Rulebook) -> Md:
    """How many times a fan counts (`per`), in words: "once for each meld that …"."""
    words = _Words(_book(book))
    if isinstance(expr, ir.QuantE) and expr.kind == "count":
        noun = words.domain(expr.domain)
        phrase = words.phrase(expr.body, expr.var, plural=False)
        if noun is not None and phrase is not None:
            return Md(f"once for each {words.subject(noun[0], expr.var, phrase)} that {phrase[0]}")
    return Md(f"as many times as {words.number(expr)}")


def value_words(expr: ir.Expr, book: ir.Rulebook) -> Md:
    """A number (a floor's or a multiplier's value) as a noun phrase: "4", "option 封顶"."""
    return Md(_Words(_book(book)).noun(expr))


class _Words:
    def __init__(self, book: _Book) -> None:
        self.book = book

    # ------------------------------------------------------------------ clauses

    def clause(self, expr: ir.Expr) -> str:
        """A condition as a clause that can stand in a list."""
        match expr:
            case ir.BoolE(value=value):
                return "always" if value else "never"
            case ir.FactE(fact=fact) if fact in _SENTENCE_FACTS:
                return _SENTENCE_FACTS[fact]
            case ir.FactE(fact=fact) if fact in SITUATION_FACTS:
                return SITUATION_FACTS[fact].meaning
            case ir.FactE(fact=fact) if fact in RELATION_FACTS:
                return RELATION_FACTS[fact].meaning
            case ir.FactE(fact=fact) if fact.startswith(SITUATION_PREFIX):
                flag = fact[len(SITUATION_PREFIX) :]
                label = self.book.situations.get(flag, text(flag))
                return f"the situation {label} ({code(flag)}) holds"
            case ir.FanRefE(fan=fan):
                return f"the hand also qualifies for {self.book.fans.get(fan, text(fan))}"
            case ir.OptionE(option=option):
                return f"option {self._option(option)} is on"
            case ir.NotE(operand=operand):
                return self._negated(operand)
            case ir.BoolOpE(op=op, operands=operands) if all(
                isinstance(o, ir.FanRefE) for o in operands
            ):
                names = [
                    self.book.fans.get(o.fan, text(o.fan))
                    for o in operands
                    if isinstance(o, ir.FanRefE)
                ]
                return f"the hand also qualifies for {_join(names, op)}"
            case ir.BoolOpE(op=op, operands=operands):
                parts = [self._nested(o) for o in operands]
                if op == "and":
                    return _join(parts, "and")
                return "either " + _join(parts, "or") if len(parts) == 2 else _join(parts, "or")
            case ir.QuantE(kind=kind, var=var, domain=domain, body=body) if (
                kind in _BOOL_QUANTIFIERS
            ):
                return self._quantified(kind, var, domain, body)
            case ir.CompareE(op=op, left=left, right=right):
                return self._compare(op, left, right)
            case ir.AttrE(obj=obj, attr=attr, on=on, type=types.BOOL):
                facts = _TILE_FACTS if on == "tile" else _MELD_FACTS
                if attr in facts:
                    return f"{self.noun(obj)} {facts[attr][0]}"
        return code(pretty(expr))

    def _nested(self, expr: ir.Expr) -> str:
        text = self.clause(expr)
        if isinstance(expr, ir.BoolOpE):
            return f"({text})"
        return text

    def _negated(self, operand: ir.Expr) -> str:
        match operand:
            case ir.FactE(fact="concealed"):
                return "the hand is not concealed (a meld was claimed)"
            case ir.FactE(fact="self_drawn"):
                return "won on a discard"
            case ir.OptionE(option=option):
                return f"option {self._option(option)} is off"
            case ir.FanRefE(fan=fan):
                return f"the hand does not qualify for {self.book.fans.get(fan, text(fan))}"
            case ir.QuantE(kind="any", var=var, domain=domain, body=body):
                return self._quantified("none", var, domain, body)
        return f"not ({self.clause(operand)})"

    def _option(self, option: str) -> str:
        spec = self.book.options.get(option)
        return f"{text(spec.label)} ({code(option)})" if spec is not None else code(option)

    def _choice(self, option: str, value: str) -> str:
        spec = self.book.options.get(option)
        labels = {c.id: c.label for c in spec.choices} if spec is not None else {}
        label = labels.get(value)
        return f"{text(label)} ({code(value)})" if label and label != value else text(value)

    def _quantified(self, kind: str, var: str, domain: ir.Expr, body: ir.Expr) -> str:
        if isinstance(domain, ir.RangeE):
            inner = self.clause(body)
            if kind == "all":
                return f"for every {text(var)} from {domain.low} to {domain.high}, {inner}"
            if kind == "any":
                return f"for some {text(var)} from {domain.low} to {domain.high}, {inner}"
            return f"for no {text(var)} from {domain.low} to {domain.high}, {inner}"
        noun = self.domain(domain)
        phrase = self.phrase(body, var, plural=False)
        if noun is None or phrase is None:
            return code(f"{kind} {var} in {pretty(domain)}: {pretty(body)}")
        lead = {"all": "every", "any": "at least one", "none": "no"}[kind]
        return f"{lead} {self.subject(noun[0], var, phrase)} {phrase[0]}"

    def _compare(self, op: str, left: ir.Expr, right: ir.Expr) -> str:
        # (count x in xs: P) OP n  ->  "at least n xs are P"
        if isinstance(left, ir.QuantE) and left.kind == "count" and isinstance(right, ir.IntE):
            counted = self._counted(op, left, right.value)
            if counted is not None:
                return counted
        if isinstance(left, ir.CallE) and left.func == "len" and isinstance(right, ir.IntE):
            noun = self.domain(left.args[0])
            if noun is not None and op == "==" and right.value == 0:
                return f"there are no {noun[1]}"
            if noun is not None and op in _COUNT_OPS:
                n = right.value
                return (
                    f"there {'is' if n == 1 and op == '==' else 'are'} {_COUNT_OPS[op]} {n} "
                    f"{noun[0] if n == 1 else noun[1]}"
                )
        if isinstance(left, ir.CallE) and left.func == "suits" and isinstance(right, ir.IntE):
            noun = self.domain(left.args[0])
            n = right.value
            if noun is not None and op in _COUNT_OPS:
                return (
                    f"the {noun[1]} use {_COUNT_OPS[op]} {n} of the three suits 万 筒 条 "
                    "(honours aside)"
                )
        if isinstance(left, ir.FactE) and left.fact == "shape" and isinstance(right, ir.ShapeE):
            name = self.book.shapes.get(right.shape, text(right.shape))
            verb = "is" if op == "==" else "is not"
            return f"the win shape {verb} {name} ({code(right.shape)})"
        if isinstance(left, ir.OptionE) and isinstance(right, ir.ChoiceE):
            choice = self._choice(right.option, right.value)
            return f"option {self._option(left.option)} {_COMPARE_WORDS[op]} {choice}"
        return f"{self.noun(left)} {_COMPARE_WORDS[op]} {self.noun(right)}"

    def _counted(self, op: str, quant: ir.QuantE, n: int) -> str | None:
        if isinstance(quant.domain, ir.RangeE):
            return None
        noun = self.domain(quant.domain)
        var = quant.var
        plural = self.phrase(quant.body, var, plural=True)
        single = self.phrase(quant.body, var, plural=False)
        if noun is None or plural is None or single is None:
            return None
        if op == "!=":
            return f"the number of {self.subject(noun[1], var, plural)} that {plural[0]} is not {n}"
        if n == 0 and op == "==":
            return f"no {self.subject(noun[0], var, single)} {single[0]}"
        phrase = single if n == 1 else plural
        items = self.subject(noun[0] if n == 1 else noun[1], var, phrase)
        return f"{_COUNT_OPS[op]} {n} {items} {phrase[0]}"

    # ------------------------------------------------------------------ predicates of a variable

    def phrase(self, body: ir.Expr, var: str, plural: bool) -> tuple[str, bool] | None:
        """`body` as a verb phrase about `var`, and whether the phrase names `var` (then the
        noun it follows must name it too: "pairs p such that … p …")."""
        predicate = self.predicate(body, var, plural)
        if predicate is not None:
            return predicate, False
        clause = self.clause(body)
        if "`" in clause.replace("``", ""):
            for code in clause.split("`")[1::2]:
                if any(c in code for c in " =<>(:"):
                    return None
        return f"{'are' if plural else 'is'} such that {clause}", True

    @staticmethod
    def subject(noun: str, var: str, phrase: tuple[str, bool]) -> str:
        return f"{noun} {text(var)}" if phrase[1] else noun

    def predicate(self, body: ir.Expr, var: str, plural: bool) -> str | None:
        """`body` as a verb phrase about the variable `var` ("is a chow"), or None."""
        index = 1 if plural else 0
        match body:
            case ir.AttrE(obj=ir.VarE(name=name), attr=attr, on=on, type=types.BOOL) if name == var:
                facts = _TILE_FACTS if on == "tile" else _MELD_FACTS
                return facts[attr][index] if attr in facts else None
            case ir.NotE(operand=operand):
                inner = self.predicate(operand, var, plural)
                if inner is None:
                    return None
                for verb in ("is ", "are "):
                    if inner.startswith(verb):
                        return f"{verb}not {inner[len(verb) :]}"
                return f"{'do' if plural else 'does'} not ({inner})"
            case ir.BoolOpE(op=op, operands=operands):
                parts = [self.predicate(o, var, plural) for o in operands]
                if any(p is None for p in parts):
                    return None
                return _join([p for p in parts if p is not None], op)
            case ir.CompareE(
                op=op, left=ir.AttrE(obj=ir.VarE(name=name), attr=attr), right=right
            ) if name == var and not _mentions(right, var):
                return self._attribute_compare(attr, op, right, plural)
        return None

    def _attribute_compare(self, attr: str, op: str, right: ir.Expr, plural: bool) -> str | None:
        value = self.noun(right)
        verb_is = "are" if plural else "is"
        verb_has = "have" if plural else "has"
        if attr in ("tile", "suit") and op == "==":
            return f"{verb_is} of {value}"
        if attr in ("tile", "suit") and op == "!=":
            return f"{verb_is} not of {value}"
        if attr in ("tile", "suit") and op == "in":
            return f"{verb_is} of one of {value}"
        if attr == "rank":
            words = {"==": "", "!=": "other than ", ">=": "at least ", ">": "above ",
                     "<=": "at most ", "<": "below ", "in": "in "}  # fmt: skip
            return f"{verb_has} rank {words[op]}{value}"
        return None

    # ------------------------------------------------------------------ nouns

    def domain(self, expr: ir.Expr) -> tuple[str, str] | None:
        """What a quantifier ranges over, as (singular, plural) nouns."""
        match expr:
            case ir.FactE(fact=fact) if fact in _LIST_NOUNS:
                return _LIST_NOUNS[fact]
            case ir.AttrE(obj=obj, attr="tiles"):
                return (f"tile of {self.noun(obj)}", f"tiles of {self.noun(obj)}")
            case ir.ListE():
                return ("of " + self.noun(expr), "of " + self.noun(expr))
            case ir.RangeE(low=low, high=high):
                return (f"number from {low} to {high}", f"numbers from {low} to {high}")
        return None

    def noun(self, expr: ir.Expr) -> str:
        """A value as a noun phrase: "the seat wind", "2", "东 East Wind"."""
        match expr:
            case ir.IntE(value=value):
                return str(value)
            case ir.TileE(tile=tile):
                return f"{tile_name_zh(tile)} ({tile_name_en(tile)})"
            case ir.SuitE(suit=suit):
                return _SUIT_WORDS[suit]
            case ir.ShapeE(shape=shape):
                return f"{self.book.shapes.get(shape, text(shape))} ({code(shape)})"
            case ir.ChoiceE(option=option, value=value):
                return self._choice(option, value)
            case ir.FactE(fact=fact) if fact in _FACT_NOUNS:
                return _FACT_NOUNS[fact]
            case ir.FactE(fact=fact) if fact.startswith("declare:"):
                return f"the suit the winner declared ({code(fact[8:])})"
            case ir.FactE(fact=fact) if fact in _LIST_NOUNS:
                return f"the {_LIST_NOUNS[fact][1]}"
            case ir.VarE(name=name):
                return text(name)
            case ir.OptionE(option=option):
                spec = self.book.options.get(option)
                if spec is not None:
                    return f"{text(spec.label)} (option {code(option)})"
                return f"option {code(option)}"
            case ir.ListE(items=items):
                named = _named_list(items)
                if named is not None:
                    return f"the {named}"
                return ", ".join(self.noun(i) for i in items)
            case ir.CallE(func="len", args=(arg,)):
                noun = self.domain(arg)
                if noun is not None:
                    return f"the number of {noun[1]}"
            case ir.CallE(func="suits", args=(arg,)):
                noun = self.domain(arg)
                if noun is not None:
                    return f"the number of suits among the {noun[1]}"
            case ir.CallE(func="copies", args=(arg,)):
                return f"the number of copies of {self.noun(arg)} in the hand"
            case ir.CallE(func="successor", args=(arg,)):
                return f"the tile {self.noun(arg)} points to"
            case ir.QuantE(kind="sum", domain=domain, var=var, body=body):
                noun = self.domain(domain)
                if noun is not None:
                    return f"the sum, over each {noun[0]} {text(var)}, of {self.noun(body)}"
            case ir.QuantE(kind="count", domain=domain, var=var, body=body):
                noun = self.domain(domain)
                phrase = self.phrase(body, var, plural=True)
                if noun is not None and phrase is not None:
                    return f"the number of {self.subject(noun[1], var, phrase)} that {phrase[0]}"
            case ir.AttrE(obj=obj, attr=attr):
                return f"the {attr.replace('_', ' ')} of {self.noun(obj)}"
            case ir.ArithE(op=op, left=left, right=right):
                word = {"+": "plus", "-": "minus", "*": "times"}[op]
                return f"{self.noun(left)} {word} {self.noun(right)}"
        return code(pretty(expr))

    def number(self, expr: ir.Expr) -> str:
        return self.noun(expr)


def _named_list(items: tuple[ir.Expr, ...]) -> str | None:
    """`winds` for the list 1z..4z, and so on: the name a designer wrote."""
    texts = tuple(i.text for i in items if isinstance(i, ir.TileE))
    if len(texts) != len(items):
        return None
    for name, tiles in TILE_LIST_CONSTANTS.items():
        if tiles == texts:
            return name
    return None


def _mentions(node: object, var: str) -> bool:
    """Whether the expression `node` uses the quantifier variable `var`."""
    if isinstance(node, ir.VarE):
        return node.name == var
    if isinstance(node, tuple):
        return any(_mentions(item, var) for item in node)
    if isinstance(node, ir.Model):
        return any(_mentions(getattr(node, name), var) for name in ir.field_names(type(node)))
    return False


def _join(parts: list[str], word: str) -> str:
    if len(parts) <= 2:
        return f" {word} ".join(parts)
    return ", ".join(parts[:-1]) + f" {word} " + parts[-1]
