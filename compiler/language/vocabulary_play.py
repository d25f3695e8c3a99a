"""The words of the `play` section: each keyword, the `TurnRules` field it sets, its values.

The language's dictionary of turn flow, read by the play checks (known keywords and values,
with "did you mean"), the lowering (`mjc.compiler.lower.play`: keyword and values to field
settings), the docs (each rule in plain words) and the highlighters. The fields and their
defaults are `mjc.runtime.rules.turnrules.TurnRules`; the words of a field with a fixed set of
values are read from its `Literal` type there, so the two cannot drift apart.
"""

from __future__ import annotations

import dataclasses
import sys
import typing
from typing import Literal, cast

from mjc.frozen import Frozen, frozen
from mjc.runtime.rules.turnrules import TurnRules

# What a keyword takes: `on`/`off`; one whole number; a count of tiles (a number or an
# option, typed like a horse count); one word; a list of words; two numbers (the deal); two
# numbers of points (a pair); the id of a situation the rulebook declares.
PlayKind = Literal[
    "toggle", "number", "count", "word", "words", "deal", "pair", "situation", "tiles"
]
PlayPart = Literal["wall", "dealer", "match", "claims", "restrictions", "ready", "abortive"]

PLAY_PARTS: dict[PlayPart, str] = {
    "wall": "The wall (牌墙): dice, dealing, the dead wall",
    "dealer": "The dealer (庄家) and the winds",
    "match": "The match (東風戦, 半荘戦) and its final score",
    "claims": "Claims on a discard (吃碰杠胡)",
    "restrictions": "Restrictions (限制)",
    "ready": "The ready declaration (立直, 报听) and 振聴",
    "abortive": "Abortive draws (途中流局): nobody wins or is paid, and the dealer deals again",
}

TOGGLE_WORDS = {"on": True, "off": False}


@frozen
class PlayWord(Frozen):
    """One keyword of the `play` section: the `TurnRules` fields it sets, what it takes,
    the part of the rules it belongs to, and its meaning in words: `says` for a toggle that
    is on (and `off` for it off), or for a keyword whose values `values` explains."""

    fields: tuple[str, ...]
    kind: PlayKind
    part: PlayPart
    says: str
    off: str = ""
    values: dict[str, str] = dataclasses.field(default_factory=dict)
    low: int = 0
    high: int = 0


def _words(field: str, hints: dict[str, object]) -> tuple[str, ...]:
    """The words a `Literal` field of `TurnRules` takes (`hints`: its fields' types)."""
    hint = hints[field]
    if typing.get_origin(hint) is tuple:
        hint = typing.get_args(hint)[0]
    return tuple(str(a) for a in typing.get_args(hint))


PLAY_WORDS: dict[str, PlayWord] = {
    # ---- the wall
    "dice": PlayWord(("dice",), "number", "wall", "the wall is broken with {} dice", high=3),
    "break_start": PlayWord(
        ("break_start",),
        "word",
        "wall",
        "the wall is broken at the seat the dice sum reaches, counted from the dealer in "
        "turn order; drawing starts {}",
        values={
            "smaller_die": "after as many stacks as the smaller die shows",
            "sum": "after as many stacks as the dice sum",
            "sum_and_second": "after the first sum plus a second roll by that wall's owner",
        },
    ),
    "hand": PlayWord(
        ("hand",),
        "number",
        "wall",
        "each player holds {} tiles between turns (a declared meld counting three), and a win "
        "one tile more: sets and a pair",
        low=4,
        high=16,
    ),
    "deal": PlayWord(
        ("deal_dealer", "deal_others"),
        "deal",
        "wall",
        "the dealer is dealt {} tiles (he discards first), the others {}",
        low=1,
        high=14,
    ),
    "flowers_replaced": PlayWord(
        ("flowers_replaced",),
        "toggle",
        "wall",
        "flowers drawn or dealt are set aside and replaced",
        off="flowers are not set aside",
    ),
    "set_aside": PlayWord(
        ("set_aside",),
        "tiles",
        "wall",
        "on his own turn after a draw a player may set aside {} from his concealed hand, "
        "replaced from the dead wall (三麻 北抜き); another player may win on it as it is set "
        "aside, and fans read how many the winner set aside as `set_aside`",
    ),
    "set_aside_bloom": PlayWord(
        ("set_aside_bloom",),
        "situation",
        "wall",
        "a win on the tile drawn to replace a tile set aside is under {} (嶺上開花 after 北抜き)",
    ),
    "set_aside_win": PlayWord(
        ("set_aside_win",),
        "situation",
        "wall",
        "a win on a tile as another player sets it aside is under {} (a ron on 北抜き), which "
        "fans and `reject` rules may read",
    ),
    "set_aside_furiten": PlayWord(
        ("set_aside_furiten",),
        "toggle",
        "ready",
        "the tiles a player set aside count among his own discards for 振聴",
        off="the tiles a player set aside are no discards of his for 振聴",
    ),
    "set_aside_is_call": PlayWord(
        ("set_aside_is_call",),
        "toggle",
        "ready",
        "setting a tile aside is a call: it ends every 一発 (a win on the tile itself breaks none)",
        off="setting a tile aside ends no 一発",
    ),
    "reserved": PlayWord(
        ("reserved",),
        "count",
        "wall",
        "the last {} tiles of the wall are kept back, never drawn (the round is exhausted when "
        "only they remain)",
    ),
    "replacement": PlayWord(
        ("replacement",),
        "word",
        "wall",
        "kong and flower replacements are drawn from {}",
        values={"tail": "the tail of the wall (牌尾)", "head": "the next tile in drawing order"},
    ),
    "dead_wall": PlayWord(
        ("dead_wall",),
        "number",
        "wall",
        "the last {} tiles are the dead wall (王牌), never drawn in turn: kong replacements "
        "(嶺上牌) come from it, and after each the live wall's last tile joins it, so it keeps "
        "its size",
        low=1,
        high=40,
    ),
    "indicators": PlayWord(
        ("indicators",),
        "number",
        "wall",
        "indicators turned up on the dead wall at the deal (ドラ表示牌), which the rulebook's "
        "fans read as `dora_indicators`: {}",
        low=1,
        high=5,
    ),
    "kong_indicators": PlayWord(
        ("kong_indicators",),
        "word",
        "wall",
        "each kong turns one more indicator up (槓ドラ): {}",
        values={
            "none": "no kong turns an indicator up",
            "at_once": "as soon as it is made, before its replacement",
            "after_discard": "when the konger discards after his replacement",
            "concealed_at_once": "a concealed kong at once, an exposed or added kong when the "
            "konger discards after his replacement",
        },
    ),
    "ura_indicators": PlayWord(
        ("ura_indicators",),
        "toggle",
        "wall",
        "the tile under each indicator turned up is an ura indicator (裏ドラ表示牌), read when "
        "a win is scored",
        off="no ura indicators are read",
    ),
    "red_fives": PlayWord(
        ("red_fives",),
        "number",
        "wall",
        "of each suit's fives, {} copy is red (赤ドラ): the hands holding them are scored with "
        "them (`red_fives`)",
        low=1,
        high=4,
    ),
    "kong_needs_tile": PlayWord(
        ("kong_needs_tile",),
        "toggle",
        "wall",
        "no kong when no tile is left to draw as its replacement",
        off="a kong may be made when no tile is left to draw",
    ),
    # ---- the dealer and the winds
    "first_dealer": PlayWord(
        ("first_dealer",),
        "word",
        "dealer",
        "the first round is dealt by {}",
        values={"first_seat": "the first seat (房主, 东)", "random": "a seat chosen at random"},
    ),
    "dealer_after_other_win": PlayWord(
        ("dealer_after_other_win",),
        "word",
        "dealer",
        "when another player than the dealer wins alone, the next round is dealt by {}; the "
        "dealer who wins deals again",
        values={"winner": "the winner (谁胡谁坐庄)", "next": "the dealer's next player (下家)"},
    ),
    "dealer_after_draw": PlayWord(
        ("dealer_after_draw",),
        "word",
        "dealer",
        "after an exhaustive draw {}",
        values={
            "stay": "the dealer deals again (流局连庄)",
            "next": "the dealer's next player deals",
        },
    ),
    "dealer_stays_when_ready": PlayWord(
        ("dealer_stays_when_ready",),
        "toggle",
        "dealer",
        "聴牌連荘: after an exhaustive draw the dealer deals again when his hand is ready "
        "(some tile completes it, a scoring hand or not)",
        off="the dealer's hand at a draw does not decide who deals next",
    ),
    "dealer_after_several": PlayWord(
        ("dealer_after_several",),
        "word",
        "dealer",
        "when several players win on one discard, the next round is dealt by {}",
        values={
            "discarder": "the discarder (点炮者)",
            "after_nearest_winner": "the next player of the winner nearest the discarder",
            "dealer_or_next": "the dealer when he is among the winners, else his next player",
            "nearest_winner": "the winner nearest the discarder in turn order",
        },
    ),
    "dealer_after_robbed_kong": PlayWord(
        ("dealer_after_robbed_kong",),
        "word",
        "dealer",
        "after a win by robbing a kong {}",
        values={
            "as_win": "the dealer changes as after any other win",
            "robbed": "the robbed player deals the next round",
        },
    ),
    "seat_winds_follow_dealer": PlayWord(
        ("seat_winds_follow_dealer",),
        "toggle",
        "dealer",
        "seat winds move with the deal (the dealer is 东); the round wind moves on once every "
        "seat has dealt, and stays while the dealer deals again",
        off="seat winds stay where the first round put them",
    ),
    "huangfan_after_draw": PlayWord(
        ("huangfan_after_draw",),
        "toggle",
        "dealer",
        "荒番: after an exhaustive draw (荒庄) the next rounds are played under the situation "
        "`huangfan` until one of them is won",
        off="a drawn round changes nothing in the next",
    ),
    "honba_rises": PlayWord(
        ("honba_rises",),
        "word",
        "dealer",
        "本場: the count the next round is played with (its `honba`) rises by one {}",
        values={
            "never": "never (there is no count)",
            "dealer_keeps": "when the dealer keeps the deal (by a win or a draw), and is 0 "
            "when the deal passes",
            "dealer_keeps_or_draw": "when the dealer keeps the deal and after every "
            "exhaustive draw, and is 0 when another player wins",
        },
    ),
    "match_winds": PlayWord(
        ("match_winds",),
        "number",
        "match",
        "round winds a match lasts (東風戦 1, 半荘戦 2): {}; it ends when the last dealer of "
        "the last wind loses the deal, and the seats are placed by their points, a tie going "
        "to the seat nearer the first dealer in turn order",
        high=4,
    ),
    "start_points": PlayWord(
        ("start_points",),
        "number",
        "match",
        "each seat starts a match with {} points",
        high=1_000_000,
    ),
    "end_on_negative": PlayWord(
        ("end_on_negative",),
        "toggle",
        "match",
        "飛び: the match ends as soon as a seat's points fall below zero",
        off="a match goes on when a seat's points fall below zero",
    ),
    "target_points": PlayWord(
        ("target_points",),
        "number",
        "match",
        "返し点: the final scores count from {} points, and the first-placed seat takes the "
        "difference from the start points of every seat (オカ)",
        high=1_000_000,
    ),
    "uma": PlayWord(
        ("uma_inner", "uma_outer"),
        "pair",
        "match",
        "順位ウマ, added to the final scores by place: the first +{1}, the second +{0}, the "
        "third -{0}, the last -{1} (with 3 players: +{1}, nothing, -{1})",
        high=1_000_000,
    ),
    "extra_winds": PlayWord(
        ("extra_winds",),
        "number",
        "match",
        "西入: when no seat has reached the target points as the last wind ends, the match "
        "goes on for up to {} more round winds, and ends after the first round that leaves a "
        "seat with the target",
        high=3,
    ),
    "last_dealer_stops": PlayWord(
        ("last_dealer_stops",),
        "toggle",
        "match",
        "和了止め: the match ends when the dealer of its last round keeps the deal (a win, or "
        "ready at a draw) and is placed first",
        off="the dealer of the last round who keeps the deal deals again",
    ),
    # ---- claims on a discard
    "priority": PlayWord(
        ("priority",),
        "words",
        "claims",
        "claims on one discard are served in the order {}",
        values={"win": "胡", "kong": "杠", "pong": "碰", "chow": "吃"},
    ),
    "several_winners": PlayWord(
        ("several_winners",),
        "toggle",
        "claims",
        "several players may win on one discard (一炮多响)",
        off="only the player nearest the discarder wins on a discard",
    ),
    "after_win": PlayWord(
        ("after_win",),
        "word",
        "claims",
        "after a win (a self-draw, the winners on one discard, or the robbers of one kong) {}",
        values={
            "end": "the round ends",
            "leave": "the winners leave the round and the others play on until all but one "
            "have won or the wall is exhausted (血战到底)",
            "stay": "the winners stay and may win again, and play goes on until the wall is "
            "exhausted (血流成河)",
        },
    ),
    "chow_only_from_previous": PlayWord(
        ("chow_only_from_previous",),
        "toggle",
        "claims",
        "only the discarder's next player (whose 上家 discarded) may chow",
        off="any player may chow a discard",
    ),
    "concealed_kong_shows_tile": PlayWord(
        ("concealed_kong_shows_tile",),
        "toggle",
        "claims",
        "a concealed kong shows one of its tiles to everyone (暗杠亮一张)",
        off="a concealed kong shows nothing: all four tiles face down",
    ),
    # ---- restrictions
    "missed_pong": PlayWord(
        ("missed_pong",),
        "toggle",
        "restrictions",
        "漏碰: a player who passes a pong may not pong that same tile until his own next "
        "draw or claim",
        off="a passed pong may be made on the next discard of the tile",
    ),
    "missed_win": PlayWord(
        ("missed_win",),
        "toggle",
        "restrictions",
        "漏胡: a player who passes a win may not win on that same tile from anyone until his "
        "own next draw or claim (his other waits stay open)",
        off="a passed win may be taken on the next discard of the tile",
    ),
    "no_chow_to_rebuild": PlayWord(
        ("no_chow_to_rebuild",),
        "toggle",
        "restrictions",
        "过吃不吃: a player who broke a run he held by discarding one of its tiles may not "
        "chow that tile back into the same run for the rest of the round",
        off="a discarded tile of a broken run may be chowed back",
    ),
    "discard_after_chow_same_tile": PlayWord(
        ("discard_after_chow_same_tile",),
        "toggle",
        "restrictions",
        "上吃下吐: after a chow the player may at once discard a tile like the one he chowed",
        off="after a chow the player may not discard a tile like the one he chowed",
    ),
    "kong_right_after_claim": PlayWord(
        ("kong_right_after_claim",),
        "toggle",
        "restrictions",
        "after a chow or pong the player may kong before he discards",
        off="吃、碰后不能马上杠: after a chow or pong the player discards; he may kong only "
        "after his next draw",
    ),
    "must_win": PlayWord(
        ("must_win",),
        "toggle",
        "restrictions",
        "必胡: a possible win must be taken: no pass, and no kong instead",
        off="a player may pass a win",
    ),
    "no_claims_while_following": PlayWord(
        ("no_claims_while_following",),
        "toggle",
        "restrictions",
        "跟庄 不能碰、杠: from the dealer's first discard until the go-arounds stop following "
        "the dealer (a player discards another tile), no discard may be ponged or konged",
        off="a discard may be ponged or konged during the opening go-arounds",
    ),
    "auto_play": PlayWord(
        ("auto_play",),
        "toggle",
        "restrictions",
        "托管: a player may hand his seat to the system, which discards what it draws, "
        "claims nothing and wins whenever it may",
        off="no 托管",
    ),
    # ---- the ready declaration
    "ready_declaration": PlayWord(
        ("ready_declaration",),
        "situation",
        "ready",
        "a player whose closed hand is ready may declare it with a discard (立直, 报听); his "
        "hand is then locked (he discards what he draws, or wins, or makes a concealed kong "
        "of the tile drawn that keeps his waits), he claims nothing but a win, and his wins "
        "are under the situation {}",
    ),
    "ready_first": PlayWord(
        ("ready_first",),
        "situation",
        "ready",
        "a declaration made with the player's first discard, before any claim or kong of the "
        "round, wins under {} instead (ダブル立直)",
    ),
    "ready_one_go_around": PlayWord(
        ("ready_one_go_around",),
        "situation",
        "ready",
        "a declarer's win before his next discard, with no claim or kong by anyone in "
        "between, is also under {} (一発)",
    ),
    "ready_deposit": PlayWord(
        ("ready_deposit",),
        "number",
        "ready",
        "the declarer puts {} on the table (供託) once his declaration's discard is not won "
        "on; the next winner takes what the table holds, and after a draw it stays there",
        high=1_000_000,
    ),
    "ready_needs": PlayWord(
        ("ready_needs",),
        "number",
        "ready",
        "a player needs {} points to declare",
        high=1_000_000,
    ),
    "ready_tiles_left": PlayWord(
        ("ready_tiles_left",),
        "number",
        "ready",
        "a player declares only while the wall holds {} tiles to draw or more",
        high=40,
    ),
    "furiten": PlayWord(
        ("furiten",),
        "toggle",
        "ready",
        "振聴: a player may not win on another's tile while one of his waits is among his own "
        "discards, after passing a win until his own next discard, and, once he declared "
        "ready, after passing a win for the rest of the round; he may still win on a tile he "
        "draws",
        off="a player may win on any tile that completes his hand",
    ),
    "all_ready_draw": PlayWord(
        ("all_ready_draw",),
        "toggle",
        "ready",
        "四家立直: once every player has declared ready and the last declaration's discard is "
        "not won on, the round is drawn there",
        off="every player may declare ready and play goes on",
    ),
    # ---- abortive draws
    "nine_terminals_draw": PlayWord(
        ("nine_terminals_draw",),
        "toggle",
        "abortive",
        "九種九牌: in his first turn, before any call or kong, a player holding nine different "
        "terminals and honours may declare an abortive draw",
        off="no abortive draw for nine terminals and honours",
    ),
    "four_winds_draw": PlayWord(
        ("four_winds_draw",),
        "toggle",
        "abortive",
        "四風連打: when the first four discards are the same wind, with no call or kong "
        "before, the round ends in an abortive draw",
        off="four first discards of one wind end nothing",
    ),
    "four_kongs_draw": PlayWord(
        ("four_kongs_draw",),
        "toggle",
        "abortive",
        "四槓散了: after a fourth kong, when the four are not one player's, the round ends in "
        "an abortive draw once the next discard passes",
        off="four kongs end nothing",
    ),
}


def _field_types(cls: type) -> dict[str, object]:
    """The type of each field of `cls`, its annotation text evaluated in its module's names,
    as `typing.get_type_hints` evaluates it: all in one expression, where `get_type_hints`
    compiles each text apart (a millisecond of every start for `TurnRules`' sixty fields).
    A field of a base class, or one whose annotation is not text, is read by
    `get_type_hints`."""
    names = [f.name for f in dataclasses.fields(cls)]
    own = vars(cls).get("__annotations__", {})
    texts = [own.get(name) for name in names]
    if not all(isinstance(text, str) for text in texts):
        hints = typing.get_type_hints(cls)
        return {name: hints[name] for name in names}
    namespace = vars(sys.modules[cls.__module__])
    values = eval(f"({', '.join(cast(list[str], texts))},)", namespace)  # our own text
    return dict(zip(names, values, strict=True))


# The type of each field of `TurnRules`, read once (the emitter reads them too,
# `mjc.compiler.emit.play`): only the fields, not `Frozen`'s class variables.
TURN_RULES_TYPES: dict[str, object] = _field_types(TurnRules)
# The words each `word` / `words` keyword takes, from its field's `Literal` type.
PLAY_VALUES: dict[str, tuple[str, ...]] = {
    key: _words(word.fields[0], TURN_RULES_TYPES)
    for key, word in PLAY_WORDS.items()
    if word.kind in ("word", "words")
}


def default_value(field: str) -> object:
    """The value `TurnRules()` gives a field: what a rulebook without the line plays by."""
    return getattr(TurnRules(), field)
