"""A round's ready declarations (立直, 报听) as the engine plays them (`ReadyTable`).

A seat declares ready with the discard it makes (the action `declare_ready` with that tile)
when the rulebook's play section names a situation for it (`TurnRules.ready_declaration`)
and:

- its hand is closed: no meld claimed (a concealed kong is no claim);
- the hand after that discard is ready: some tile completes its shape, a copy of which the
  seat does not hold all of;
- it has the points the declaration needs (`ready_needs`; a round made without `points`
  takes every seat to have them);
- the wall still holds `ready_tiles_left` drawable tiles (4: the declarer draws again).

Once declared the hand is locked: the seat wins, discards the tile it drew, or makes a
concealed kong of that tile when the kong leaves its waits as they were; it claims nothing
but a win. Its wins are under the declaration's situation: `ready_first` instead when it
declared on its first discard before any call or kong of the round (ダブル立直), and
`ready_one_go_around` added on a win before its next discard with no call or kong by anyone
in between (一発). The deposit (`ready_deposit`, 供託) goes to the table once the
declaration's discard is not won on (the next draw, or a claim of it); won on, the
declaration stands and no deposit is made. With `all_ready_draw`, the round is drawn once
every seat has declared and the last declaration's discard is not won on (四家立直).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from mjc.runtime.ready.furiten import waits_of
from mjc.runtime.tiles.tile import NUM_PLAYING, TEXTS
from mjc.runtime.wins.seats import MeldRecord
from mjc.runtime.wins.waitsets import ready_candidates

if TYPE_CHECKING:
    from mjc.runtime.game.actions import Action
    from mjc.runtime.game.engine import Round
    from mjc.runtime.rules.turnrules import TurnRules

__all__ = ["ReadyTable"]

_ALL = frozenset(range(NUM_PLAYING))
_NONE: frozenset[int] = frozenset()


class ReadyTable:
    """The declarations of one round, its deposits and its furiten seats."""

    __slots__ = (
        "active",
        "candidates",
        "carried",
        "declared",
        "first",
        "furiten",
        "go_around",
        "hint",
        "looked",
        "on",
        "opened",
        "passed_wins",
        "pending",
        "points",
        "riichi_furiten",
    )

    def __init__(self, rules: TurnRules, points: Sequence[int] | None, carried: int) -> None:
        self.active = bool(rules.ready_declaration)  # seats may declare
        self.furiten = rules.furiten
        # Whether the engine tells this table of the next discard (`discarded`): only while
        # a seat has declared or is in temporary furiten, as nothing else reads a discard.
        self.on = False
        self.points = None if points is None else list(points)
        self.carried = carried  # the deposits on the table before the round
        self.declared: dict[int, dict[str, Any]] = {}  # seat -> its declaration, in order
        self.first: set[int] = set()  # declared on the first discard (ダブル立直)
        self.go_around: set[int] = set()  # may still win in one go-around (一発)
        self.pending = -1  # the declarer whose declaration's discard is being answered
        self.passed_wins: set[int] = set()  # temporary furiten, until the seat's next discard
        self.riichi_furiten: set[int] = set()  # for the rest of the round
        # The kinds whose discard may leave a hand ready (`ready_candidates`), made on the
        # first turn that may declare: None for a game without a plain wait set.
        self.candidates: Callable[[Sequence[int]], frozenset[int]] | None = None
        self.looked = False  # `candidates` made
        self.opened: set[int] = set()  # seats seen with a claimed meld: they never declare
        # The turn's seat, the discards made before it and its `candidates`: a discard of
        # another kind leaves that seat's hand an empty wait set.
        self.hint: tuple[int, int, frozenset[int]] | None = None

    # ---------------------------------------------------------------- the turn

    def turn_actions(self, r: Round, seat: int, acts: list[Action]) -> list[Action]:
        """The turn's actions of `seat` with its declarations added, or locked after one."""
        self.hint = None
        if seat in self.declared:
            return _locked(r, seat, acts)
        # A declaration's conditions but the hand's (closed, the wall, the points), the
        # cheapest refusals first: this is the path of every turn of a round.
        st = r.seats[seat]
        melds = st.melds
        if melds:
            if seat not in self.opened:
                for m in melds:  # (a loop: a generator is a frame made and resumed)
                    if not m.concealed:
                        self.opened.add(seat)  # a claimed meld stays
                        break
            if seat in self.opened:
                return acts
        rules = r.rules
        wall = r.wall
        if (
            not self.active
            or wall.tail - wall.head + 1 < rules.ready_tiles_left  # `Wall.drawable`
            or (self.points is not None and self.points[seat] < rules.ready_needs)
        ):
            return acts
        counts = st.counts
        if not self.looked:
            self.candidates, self.looked = _candidates_of(r), True
        candidates = self.candidates
        if candidates is None:
            maybe = _ALL
        else:
            maybe = candidates(counts)
            # A discard outside `maybe` leaves a hand that waits on nothing: its wait set,
            # told to the engine with the discard (`discarded`) instead of searched again.
            self.hint, self.on = (seat, r.discards, maybe), True
        if not maybe:
            return acts
        declares = []
        copies = r.copies
        for act in acts:
            if act.kind != "discard" or act.tile not in maybe:
                continue
            counts[act.tile] -= 1
            saved, st.waits = st.waits, None
            ready = False  # some wait of which the hand holds a copy fewer than all
            for t in waits_of(r, seat):  # (a loop: no generator made per discard asked)
                if counts[t] < copies[t]:
                    ready = True
                    break
            counts[act.tile] += 1
            st.waits = saved
            if ready:
                declares.append(act._replace(kind="declare_ready"))
        return acts + declares

    def declare(self, r: Round, seat: int, tile: int) -> None:
        """`seat` declares ready with its discard `tile` (before the discard is made)."""
        self.declared[seat] = {"seat": seat, "discard": r.discards + 1, "tile": TEXTS[tile]}
        if r.quiet and not r.seats[seat].river:
            self.first.add(seat)
        self.go_around.add(seat)
        self.pending = seat
        self.on = True

    def discarded(self, r: Round, seat: int, tile: int) -> None:
        """`seat` discards `tile` (its declaration's, or a later discard)."""
        hint = self.hint
        if hint is not None:
            self.hint = None
            if hint[0] == seat and hint[1] == r.discards and tile not in hint[2]:
                r.seats[seat].waits = _NONE
        passed = self.passed_wins
        passed.discard(seat)
        self.on = bool(passed or self.declared)
        if seat in self.declared and self.pending != seat:
            self.go_around.discard(seat)  # the go-around after the declaration is over
            if self.furiten and tile == r.drew and tile in waits_of(r, seat):
                self.riichi_furiten.add(seat)  # it passed a win on the tile it drew

    def set_aside(self, r: Round, seat: int, tile: int) -> None:
        """`seat` set aside `tile` (北抜き), its hand of 13 held again: a declarer that set
        aside the tile it drew, when that tile won, passed the win (立直後振聴), as a
        discard of it would."""
        declared = self.furiten and seat in self.declared
        if declared and tile == r.drew and tile in waits_of(r, seat):
            self.riichi_furiten.add(seat)

    def passed(self, r: Round) -> bool:
        """The pending declaration's discard was not won on: its deposit goes to the table.
        True when that ends the round (四家立直, `all_ready_draw`)."""
        seat, self.pending = self.pending, -1
        self.declared[seat]["deposit"] = r.rules.ready_deposit
        return r.rules.all_ready_draw and len(self.declared) == r.players

    def called(self) -> None:
        """A claim or a kong: no declarer wins in one go-around any more (一発)."""
        self.go_around.clear()

    # ---------------------------------------------------------------- wins

    def situations(self, r: Round, seat: int) -> tuple[str, ...]:
        """The situations the declaration adds to a win of `seat`."""
        if seat not in self.declared:
            return ()
        rules = r.rules
        found = rules.ready_first if seat in self.first and rules.ready_first else ""
        names = [found or rules.ready_declaration]
        if seat in self.go_around and rules.ready_one_go_around:
            names.append(rules.ready_one_go_around)
        return tuple(names)

    def passed_win(self, seat: int) -> None:
        """`seat` passed a win it was offered on another's tile (振聴)."""
        if self.furiten:
            self.passed_wins.add(seat)
            self.on = True
            if seat in self.declared:
                self.riichi_furiten.add(seat)

    # ---------------------------------------------------------------- the end

    def outcome(self) -> dict[str, Any]:
        """The round JSON's fields: each declaration (seat, the round's discard number it
        was made with, its tile, the deposit made) and the deposits carried in."""
        data: dict[str, Any] = {}
        if self.declared:
            data["ready_declarations"] = [
                {"deposit": 0, **d} for d in sorted(self.declared.values(), key=_order)
            ]
        if self.carried:
            data["deposits_carried"] = self.carried
        return data

    def table(self) -> int:
        """The deposits on the table now: those carried in and this round's."""
        return self.carried + sum(int(d.get("deposit", 0)) for d in self.declared.values())


def _candidates_of(r: Round) -> Callable[[Sequence[int]], frozenset[int]] | None:
    """The ready candidates of the round's wait sets, when they are `wait_finder`'s for a hand
    of 13 with built-in shapes only (else None: every discard is asked)."""
    if r.finder is None or not r.plain_shapes or r.rules.hand != 13:
        return None
    return ready_candidates(r.ruleset.shapes(r.values))


def _order(declaration: dict[str, Any]) -> int:
    return int(declaration["discard"])


def _locked(r: Round, seat: int, acts: list[Action]) -> list[Action]:
    """A declarer's turn: a win, the discard of the tile drawn, and a concealed kong of that
    tile that leaves the waits as they were (the hand is locked)."""
    drew = r.drew
    kept = []
    for act in acts:
        kind = act.kind
        if (
            kind == "win"
            or (kind == "discard" and act.tile == drew)
            or (kind == "concealed_kong" and act.tile == drew and _same_waits(r, seat, drew))
        ):
            kept.append(act)
    return kept


def _same_waits(r: Round, seat: int, tile: int) -> bool:
    """Whether a concealed kong of `tile` (the tile drawn) leaves the waits of `seat` as they
    were before the draw."""
    st = r.seats[seat]
    saved = st.waits
    st.counts[tile] -= 1
    st.waits = None
    before = waits_of(r, seat)
    st.counts[tile] -= 3
    st.melds.append(MeldRecord("kong", tile, True, None, -1, "concealed"))
    st.waits = None
    after = waits_of(r, seat)
    st.melds.pop()
    st.counts[tile] += 4
    st.waits = saved
    return before == after and bool(after)
