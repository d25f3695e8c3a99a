"""`mjc score`: one hand as text or JSON, or many hands as JSON lines.

`compiler/cli/commands.py` parses the command line and loads the rulebook; this module scores and
prints. A single hand prints the fans (a repeated fan as value each × count = subtotal), the steps
from the fans to the total (`mjc.runtime.score.explain`), the wilds as the tiles they stand for and
the winning tile marked; `--explain` adds the fans that held but were dropped. `--batch FILE` (`-`
for standard input) reads one JSON object per line (`hand` and the optional fields of
`BATCH_FIELDS`) and prints one JSON result per line; a bad line prints an error object on its own
line and the batch goes on. The winning tile (`--win`, a line's `"win"`) follows one rule,
`mjc.runtime.tiles.hand.hand_won_on`: added to a hand of 13 tiles, one of a whole hand's."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import IO, Any

from mjc.runtime import Ruleset, Score
from mjc.runtime.score.explain import substitution_text
from mjc.runtime.settle.jsoninput import JSONInputError, load_json
from mjc.runtime.tiles.hand import hand_won_on
from mjc.runtime.tiles.tile import RANK_OF, tile_text

__all__ = [
    "BATCH_FIELDS",
    "BatchLineError",
    "score_json",
    "score_record",
    "score_text",
    "win_payments",
    "write_batch",
]

# The fields a batch line may carry besides `hand`, with the type each must have; they mean
# what the flags of `mjc score` mean (`wild` is one tile or a list of tiles).
BATCH_FIELDS: dict[str, tuple[type, ...]] = {
    "win": (str,),
    "self_drawn": (bool,),
    "seat_wind": (str,),
    "round_wind": (str,),
    "dealer": (bool,),
    "dealer_streak": (int,),
    "set_aside": (int,),
    "players": (int,),
    "wild": (str, list),
    "indicator": (str,),
    "situations": (list,),
    "options": (dict,),
    "preset": (str,),
    "declared": (dict,),
    "dora_indicators": (list,),
    "ura_indicators": (list,),
}

ScoreRequest = dict[str, Any]  # the keyword arguments of `Ruleset.score`, `hand` included


class BatchLineError(ValueError):
    """A batch line that is not a scoring request; the message names the field."""


def request_from_line(text: str, defaults: Mapping[str, Any]) -> ScoreRequest:
    """The `Ruleset.score` arguments of one batch line: `defaults` (from the command line's
    flags), then the line's own fields."""
    try:  # within the limits of untrusted JSON: a line nested thousands deep is refused
        data = load_json(text)
    except JSONInputError as exc:
        raise BatchLineError(str(exc)) from None
    if not isinstance(data, dict):
        raise BatchLineError('a line is a JSON object with a "hand"')
    hand = data.get("hand")
    if not isinstance(hand, str):
        raise BatchLineError('"hand" is missing or not a string of tile notation')
    request: ScoreRequest = {**defaults, "hand": hand}
    for key, value in data.items():
        if key == "hand":
            continue
        kinds = BATCH_FIELDS.get(key)
        if kinds is None:
            known = ", ".join(["hand", *BATCH_FIELDS])
            raise BatchLineError(f"unknown field {key!r}; the fields are {known}")
        if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds):
            names = " or ".join(_JSON_TYPES[k] for k in kinds)
            raise BatchLineError(f'"{key}" must be {names}')
        _put(request, key, value)
    return request


_JSON_TYPES = {
    str: "a string",
    bool: "true or false",
    int: "a whole number",
    list: "a list",
    dict: "an object",
}


def _put(request: ScoreRequest, key: str, value: Any) -> None:
    if key == "wild":
        wilds = [value] if isinstance(value, str) else value
        if not all(isinstance(w, str) for w in wilds):
            raise BatchLineError('"wild" must be a tile or a list of tiles')
        request["wilds"] = wilds or None
    elif key == "situations":
        if not all(isinstance(s, str) for s in value):
            raise BatchLineError('"situations" must be a list of names')
        request["situations"] = tuple(value)
    elif key in ("dora_indicators", "ura_indicators"):
        if not all(isinstance(t, str) for t in value):
            raise BatchLineError(f'"{key}" must be a list of tiles')
        request[key] = tuple(value)
    elif key == "options":
        request["options"] = {**(request.get("options") or {}), **value}
    else:
        request[key] = value


def score_record(
    ruleset: Ruleset, text: str, number: int, defaults: Mapping[str, Any], explain: bool
) -> dict[str, Any]:
    """The output of batch line `number`: the score's JSON object, or `{"line": number,
    "error": message}` for a line that cannot be scored (never an exception)."""
    try:
        request = request_from_line(text, defaults)
        hand = hand_won_on(
            request.pop("hand"), request.pop("win", None), tiles=ruleset.hand_size + 1
        )
        score = ruleset.score(hand, explain=explain, **request)
    except (ValueError, TypeError) as exc:  # every input error of the runtime is a ValueError
        code = getattr(exc, "code", None)
        return {"line": number, "error": str(exc), **({"code": code} if code else {})}
    # Without `win_payments`: settling each line's win would cost several times its score,
    # and a batch is read by programs, which settle rounds with `mjc settle`.
    return score.as_dict()


def score_json(score: Score, paid: list[tuple[str, int]] | None) -> dict[str, Any]:
    """The JSON object of a score, with what the win is paid (`win_payments`) when known."""
    record = score.as_dict()
    if paid is not None:
        record["paid"] = [{"by": who, "amount": amount} for who, amount in paid]
    return record


def write_batch(
    ruleset: Ruleset,
    source: Iterable[str],
    sink: IO[str],
    defaults: Mapping[str, Any],
    explain: bool,
) -> int:
    """Score every line of `source` onto `sink`, one JSON object per line (blank lines are
    skipped); the number of lines that were errors."""
    errors = 0
    for number, text in enumerate(source, 1):
        if not text.strip():
            continue
        record = score_record(ruleset, text, number, defaults, explain)
        errors += "error" in record
        sink.write(json.dumps(record, ensure_ascii=False) + "\n")
    return errors


# --------------------------------------------------------------------------- text


def score_text(
    ruleset: Ruleset,
    score: Score,
    explain: bool,
    paid: list[tuple[str, int]] | None = None,
) -> str:
    """The text of one score: the arrangement with the winning tile marked, the wilds, the
    fans, the steps and the total, and what the win is paid (`paid`, of `win_payments`);
    with `explain`, the fans that were dropped."""
    title = f"{ruleset.title} ({ruleset.id})"
    if not score.win:
        return f"{title}: not a win — {score.reason}"
    lines = [f"{title}: {score.shape} — {_marked_arrangement(score)}"]
    if score.substitutions:
        lines.append(f"  wilds: {', '.join(substitution_text(score.substitutions))}")
    width = max((len(f.name) for f in score.fans), default=0)
    for fan in score.fans:
        english = f"  {fan.english}" if fan.english else ""
        worth = f"{fan.value:>3}"
        if fan.count > 1:
            each = fan.value if fan.each is None else fan.each
            sign = "^" if fan.combine == "multiply" and each**fan.count == fan.value else "×"
            worth = f"{each} each {sign} {fan.count} = {fan.value}"
        pad = "　" * (width - len(fan.name))
        lines.append(f"  {fan.name}{pad}  {worth}  [{fan.tier}]{english}")
    steps = score.steps
    if len(steps) > 1 or explain:
        lines.append("steps:")
        for step in steps:
            lines.append(f"  {step.kind:<8} {step.value:>4}  → {step.total:<4}  {step.rule}")
    notes = []
    if score.capped:
        notes.append("capped")
    if score.floor:
        notes.append(f"raised to the floor of {score.floor}")
    extra = f" ({', '.join(notes)})" if notes else ""
    lines.append(f"total: {score.total} {score.unit}{extra}")
    lines += _points_text(ruleset, score, explain)
    lines += _paid_text(paid, ruleset.spec.points_label or "")
    if explain:
        lines += _suppressed_text(score)
    return "\n".join(lines)


def _points_text(ruleset: Ruleset, score: Score, explain: bool) -> list[str]:
    """The fu with its parts and the points with their limit, for a rulebook with a fu or a
    points section (Riichi): `fu: 40 符 (副底 20, 門前加符 10, …)`, `points: 2000 点 (満貫)`;
    with `explain`, a part a line and what the rounding added."""
    lines: list[str] = []
    spec = ruleset.spec
    if score.fu is not None:
        label = f" {spec.fu_label}" if spec.fu_label else ""
        counted = sum(fu for _, fu in score.fu_parts)
        rounded = f"; rounded up from {counted}" if counted != score.fu else ""
        if explain:
            lines.append(f"fu: {score.fu}{label}{rounded.replace(';', ',')}")
            lines += [f"  {name}  {fu}" for name, fu in score.fu_parts]
        else:
            parts = ", ".join(f"{name} {fu}" for name, fu in score.fu_parts)
            lines.append(f"fu: {score.fu}{label} ({parts}{rounded})")
    if score.points is not None:
        label = f" {spec.points_label}" if spec.points_label else ""
        limit = f" ({score.limit})" if score.limit else ""
        lines.append(f"points: {score.points}{label}{limit}")
    return lines


_WINDS = "ESWN"


def win_payments(
    ruleset: Ruleset,
    score: Score,
    request: Mapping[str, Any],
    *,
    honba: int = 0,
    deposits: int = 0,
) -> list[tuple[str, int]] | None:
    """What a win worth `score` is paid, for a rulebook with a points section (Riichi: its
    points are base points, not what changes hands): the rulebook's own settlement of a round
    of this one win, the dealer at seat 0, the winner at `request`'s seat wind (the seat after
    the dealer for a winner who is not the dealer but gave East, the default), and on a
    discard a discarder (or the robbed player of a kong) who is not the dealer. Each payer
    by its part (`the dealer`, `the discarder`, `seat W`) with what it pays; None where it
    cannot be told (no points or payments section, a dealer not at East, a round the
    settlement refuses) or where the settlement scores the hand otherwise than `score`."""
    hand = score.hand
    if not score.win or score.points is None or hand is None or hand.win_tile is None:
        return None
    players = request.get("players") or ruleset.round_players or 4
    winner = _WINDS.find(request.get("seat_wind") or "E")
    dealer = bool(request.get("dealer"))
    if dealer != (winner == 0):
        if dealer or winner != 0:
            return None  # the dealer sits East
        winner = 1
    if winner >= players:
        return None
    self_drawn = bool(request.get("self_drawn"))
    situations = list(request.get("situations") or ())
    outcome: dict[str, Any] = {
        "players": players,
        "dealer": 0,
        "streak": request.get("dealer_streak") or 0,
        "honba": honba,
        "deposits_carried": deposits,
        "round_wind": request.get("round_wind") or "E",
        "dora_indicators": list(request.get("dora_indicators") or ()),
        "ura_indicators": list(request.get("ura_indicators") or ()),
        "options": dict(request.get("options") or {}),
        "winners": [
            {
                "seat": winner,
                "hand": str(hand),
                "win_tile": tile_text(hand.win_tile),
                "self_drawn": self_drawn,
                "situations": situations,
            }
        ],
    }
    if not self_drawn:
        discarder = next(s for s in range(1, players) if s != winner)
        outcome["discarder"] = discarder
        if "robbing_kong" in situations:
            outcome["robbed_from"] = discarder
    try:
        settlement = ruleset.settle(outcome)
    except (ValueError, TypeError):
        return None
    settled = settlement.scores.get(winner)
    if settled is None or (settled.total, settled.points) != (score.total, score.points):
        return None
    paid = [0] * (players + 1)  # the last: the table's deposits
    for line in settlement.lines:
        if line.payee == winner:
            paid[line.payer] += line.amount
    parts: list[tuple[str, int]] = []
    for seat, amount in enumerate(paid):
        if amount:
            if seat == players:
                part = "the table"
            elif not self_drawn:
                part = "the robbed player" if "robbed_from" in outcome else "the discarder"
            else:
                part = "the dealer" if seat == 0 else f"seat {_WINDS[seat]}"
            parts.append((part, amount))
    return parts


def _paid_text(payments: list[tuple[str, int]] | None, unit: str) -> list[str]:
    """`paid: 2700 点 (the dealer 1300, seat W 700, seat N 700)`: what `win_payments` found,
    when it found it."""
    if not payments:
        return []
    each = ", ".join(f"{who} {amount}" for who, amount in payments)
    total = sum(amount for _, amount in payments)
    return [f"paid: {total}{f' {unit}' if unit else ''} ({each})"]


def _suppressed_text(score: Score) -> list[str]:
    if not score.suppressed:
        return ["dropped: none"]
    how = {"excludes": "excluded by", "tier": "its tier overridden by", "max": "outranked by"}
    lines = ["dropped:"]
    for s in score.suppressed:
        lines.append(f"  {s.name} ({s.id}) — {how.get(s.how, s.how)} {s.by_name} ({s.by})")
    return lines


def _marked_arrangement(score: Score) -> str:
    """The arrangement with the winning tile marked by `*` in the first concealed set or pair
    that holds it (the set it completed, unless another reading of the wait is meant)."""
    best, hand = score.best, score.hand
    win = hand.win_tile if hand is not None else None
    text = score.arrangement or ""
    if best is None or win is None:
        return text
    if not best.melds and len(best.pairs) == 1:  # thirteen orphans: the tiles in one run
        return f"{text} (won on {tile_text(win)})"
    parts: list[str] = []
    marked = False
    for m, body in zip((*best.melds, *best.pairs), score.arrangement_parts, strict=True):
        if not marked and m.concealed and not m.is_kong and win in m.tiles:
            digit = str(RANK_OF[win])
            at = body.index(digit if digit in body else "0")  # a red five is written 0
            body = f"{body[: at + 1]}*{body[at + 1 :]}"
            marked = True
        parts.append(body)
    if not marked:
        parts.append(f"(won on {tile_text(win)})")
    return " ".join(parts)
