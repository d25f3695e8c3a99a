"""What one seat may see of a `Round`: the JSON-serialisable `observation(round, seat)`.

A seat sees its own concealed tiles and the tile it just drew; of the others only how many
concealed tiles they hold, their declared melds (a concealed kong as one shown tile when
`TurnRules.concealed_kong_shows_tile`, 暗杠亮上方一张, else as a hidden kong, 暗杠不显示),
their flowers and rivers; of the wall only how many tiles may still be drawn (never its
order), the dice, the flipped indicator and the wilds. No seat sees a bought horse, its own
included, while the round is on (潮州: 启动买马牌放在手牌边上，背面向上所有玩家不可见); they
are turned up with the settlement (对局结束后买马牌才会翻开), in `result`. A hand shown for
a win at the deal (起手胡) is seen by every seat, as it was shown (`deal_wins`); a seat asked
whether to show one sees what it would win (`deal_offer`). What each seat declared before
the first discard (定缺) is seen by every seat once all have chosen (`declared`), and the
tiles each seat set aside in play (北抜き) by every seat (`set_aside`). Of the
exchange before play (换三张) a seat sees the tiles it picked (`exchange.picked`), and once
the tiles are passed the direction (and dice) every seat sees and what it received
(`exchange.received`); no seat sees another's pick. Where play
goes on after a win (`TurnRules.after_win` leave or stay) every seat sees the win events so
far (`win_events`, the hands shown as they won) and, of each seat, how many times it won
(`won`) and whether it left the round (`left`). In a rulebook with a ready declaration (立直,
报听) every seat sees the declarations made (`ready_declarations`) and the deposits on the
table (`table_deposits`). Tiles are in the docs' notation.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mjc.runtime.tableplay.redfives import red_text
from mjc.runtime.tiles.tile import tile_text
from mjc.runtime.wins.seats import MeldRecord, SeatState

if TYPE_CHECKING:
    from mjc.runtime.game.engine import Round

__all__ = ["observation"]


def _meld(m: MeldRecord, own: bool, shows_tile: bool) -> dict[str, Any]:
    data: dict[str, Any] = {"kind": m.kind}
    if m.kong_kind is not None:
        data["kong"] = m.kong_kind
    if m.concealed and not own and not shows_tile:
        return data  # 暗杠不显示: a kong, and nothing of its tile
    if m.concealed and not own:
        data["shown"] = tile_text(m.tile)  # 暗杠亮上方一张
        return data
    data["tiles"] = [tile_text(t) for t in m.tiles()]
    if m.from_seat is not None:
        data["from"] = m.from_seat
        data["claimed"] = tile_text(m.claimed)
    return data


def _seat(r: Round, seat: int, st: SeatState, own: bool) -> dict[str, Any]:
    shows = r.rules.concealed_kong_shows_tile
    data: dict[str, Any] = {
        "seat": seat,
        "wind": r.seat_wind(seat),
        "concealed_count": sum(st.counts),
        "melds": [_meld(m, own, shows) for m in st.melds],
        "flowers": [tile_text(t) for t in st.flowers],
        "river": [tile_text(t) for t in st.river],
    }
    if r.reds is not None:  # 赤ドラ: what every seat sees, the red discards and melded fives
        river, melded = r.reds.shown(seat)
        data["red_river"], data["red_melded"] = list(river), list(melded)
    if own:
        data["concealed"] = [tile_text(t) for t in st.concealed()]
        if r.reds is not None:  # 赤ドラ: the red fives it holds, concealed or in its melds
            data["red_fives"] = [red_text(t) for t in r.reds.held(seat)]
    if r.aside is not None:  # 北抜き: the tiles the seat set aside, seen by every seat
        data["set_aside"] = list(r.aside.texts(seat))
    if r.rules.after_win != "end":
        data["won"] = sum(1 for e in r.win_events for w in e["winners"] if w["seat"] == seat)
        data["left"] = seat in r.left_seats
    return data


def _exchange(r: Round, seat: int) -> dict[str, Any]:
    """What `seat` sees of the exchange before play (换三张): its own pick, then the pass."""
    turn = r.exchange
    data: dict[str, Any] = {}
    if seat in turn.picks:
        data["picked"] = [tile_text(t) for t in turn.picks[seat]]
    if turn.done:
        data["direction"] = turn.direction
        if turn.dice:
            data["dice"] = list(turn.dice)
        data["received"] = [tile_text(t) for t in turn.received.get(seat, ())]
    return data


def observation(r: Round, seat: int) -> dict[str, Any]:
    """Everything `seat` may see now (see the module docstring); plain JSON data."""
    if type(seat) is not int:
        raise TypeError(f"seat must be a seat number, not {type(seat).__name__}")
    if not 0 <= seat < r.players:
        raise ValueError(f"seat {seat} does not exist at {r.players} players")
    data: dict[str, Any] = {
        "rulebook": r.ruleset.id,
        "seat": seat,
        "players": r.players,
        "dealer": r.dealer,
        "round_wind": r.round_wind,
        "streak": r.streak,
        "phase": r.phase,
        "to_act": r.to_act(),
        "turn": r.turn,
        "wall_drawable": r.wall.drawable,
        "dice": list(r.wall.dice),
        "indicator": tile_text(r.indicator) if r.indicator >= 0 else None,
        "wilds": [tile_text(t) for t in sorted(r.wilds)],
        "seats": [_seat(r, s, st, s == seat) for s, st in enumerate(r.seats)],
        "legal": [a.to_json() for a in r.legal_actions(seat)],
    }
    if r.honba:
        data["honba"] = r.honba  # 本場, as the table shows it
    if r.points is not None:
        data["points"] = list(r.points)  # every seat's points: public at the table
    if r.phase == "turn" and r.turn == seat and r.drew >= 0:
        data["drawn"] = tile_text(r.drew)
    if r.phase in ("claim", "rob", "set_aside", "flower", "kong"):
        data["question"] = tile_text(r.question)  # the discard, the kong's or set-aside tile
    offered = r.deal_offers.get(seat) if r.phase == "deal" else None
    if offered:  # what showing the hand would win, before the seat decides
        data["deal_offer"] = [{"id": w.id, "name": w.name, "pays": w.pays} for w in offered]
    if r.deal_wins:
        data["deal_wins"] = [dict(shown) for shown in r.deal_wins]  # shown hands are public
    if r.declared and r.phase != "declare":  # 定缺 is announced once every seat has chosen
        data["declared"] = {str(s): dict(d) for s, d in sorted(r.declared.items())}
    if r.ready.active or r.ready.carried:  # 立直 are announced, and the table is seen
        data["ready_declarations"] = [dict(d) for d in r.ready.declared.values()]
        data["table_deposits"] = r.ready.table()
    exchanged = _exchange(r, seat)
    if exchanged:
        data["exchange"] = exchanged
    if r.dead is not None:  # the indicators turned up are public; the ura are in the result
        data["dora_indicators"] = list(r.dead.dora_texts())
    if r.win_events and r.rules.after_win != "end":
        data["win_events"] = [dict(event) for event in r.win_events]  # wins are shown
    if r.result is not None:
        data["result"] = r.result  # the bought horses, turned up at the end, among the rest
    return data
