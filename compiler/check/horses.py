"""Checks of the `horses` section (买马, 罚马, 奖马, 抓马): its tables and its lines.

Input: the tables and lines of the `horses` section and the player counts from the
`Declarations` table (`mjc.compiler.resolve.declarations`), with the lines' typed counts and
guards (`mjc.compiler.resolve.typecheck`); rows are read into tiles by
`mjc.compiler.lower.horsetables`.

- Tables (中马规定): each is for a supported player count and written once; each row names a
  seat that exists at that count; its ranks and tiles are real, and each tile points at one
  seat. A tile of the tile set the table does not mention hits no one: a warning, unless a
  `nobody` row says so.
- Lines: a line names a kind of horse mjc knows, says `per player` only for horses every
  player draws, and draws a whole number of at least one horse under every setting of the
  options where it applies. The count check runs only on a rulebook without errors so far: it
  evaluates the options, which must have typed."""

from __future__ import annotations

from mjc.compiler import ir
from mjc.compiler.check.common import ir_options, not_a_tile, unknown_word
from mjc.compiler.diagnostics import Diagnostic, Label, Span, error, warning
from mjc.compiler.diagnostics.suggest import did_you_mean
from mjc.compiler.ir import consteval
from mjc.compiler.language.vocabulary import (
    HORSE_ANCHORS,
    HORSE_KINDS,
    HORSE_PER_WORDS,
    HORSE_SEAT_NAMES,
    HORSE_SEATS,
    anchor_seat,
    horse_seat_offset,
    horse_seats_at,
)
from mjc.compiler.lower.horsetables import compact, rank_tiles, row_tiles
from mjc.compiler.lower.rulebook import tiles_ever_in_play
from mjc.compiler.resolve.declarations import Declarations
from mjc.compiler.resolve.typed import Typed
from mjc.compiler.syntax import ast


def _horse_tables(decls: Declarations) -> tuple[ast.HorseTable, ...]:
    return decls.horses.tables if decls.horses is not None else ()


def _supported(decls: Declarations) -> list[int]:
    return [c.value for c in decls.players.counts] if decls.players is not None else []


def _players_words(counts: list[int]) -> str:
    if not counts:
        return "no player count"
    words = [str(c) for c in counts]
    listed = words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]
    return f"{listed} players"


def check_horse_table_players(decls: Declarations) -> list[Diagnostic]:
    """Each horse table is for a player count the rulebook supports, and only one table is
    written per count: a table for a game nobody plays is a mistake in the count."""
    problems: list[Diagnostic] = []
    supported = _supported(decls)
    first: dict[int, ast.HorseTable] = {}
    for table in _horse_tables(decls):
        count = table.players
        if count.value not in supported:
            problems.append(
                error(
                    "E0507",
                    f"a horse table for {count.value} players, but the rulebook is played by "
                    f"{_players_words(supported)}",
                    count.span,
                    label="no game of this many players",
                    help=(
                        f"add {count.value} to the `players` section, or remove this table"
                        if 2 <= count.value <= 4
                        else "mahjong is played by 2, 3 or 4 players"
                    ),
                )
            )
            continue
        if count.value in first:
            problems.append(
                error(
                    "E0102",
                    f"the horse table for {count.value} players is written twice",
                    count.span,
                    label="second table here",
                    labels=(Label(first[count.value].players.span, "first table here"),),
                    help="merge the two tables into one",
                )
            )
            continue
        first[count.value] = table
    return problems


def _counted_from(table: ast.HorseTable) -> str:
    return table.counted_from.text if table.counted_from is not None else "dealer"


def _wrong_first_seat(seat: ast.Ident, counted_from: str) -> Diagnostic:
    """E0119 for `dealer` in a table counted from another seat, or `self` in the dealer's."""
    first = anchor_seat(counted_from)
    return error(
        "E0119",
        f"a horse table counted from the {counted_from} has no `{seat.text}` row",
        seat.span,
        label=f"the seat counted from is `{first}` here",
        help=f"write `{first}` for the {counted_from}'s own seat"
        + ("" if counted_from == "dealer" else "; `next`, `opposite`, `previous` count on from it"),
    )


def check_horse_seats(decls: Declarations) -> list[Diagnostic]:
    """Every horse table counts from a seat mjc knows (`dealer`, or `from winner`, `from
    discarder`), and every row names a seat (`dealer` or, counted from another seat, `self`;
    `next`, `opposite`, `previous` or `nobody`) that exists at the table's player count: 3
    players have no `opposite`, and at 2 players the first seat's only opponent is `next`."""
    problems: list[Diagnostic] = []
    for table in _horse_tables(decls):
        players = table.players.value
        counted_from = _counted_from(table)
        if table.counted_from is not None and counted_from not in HORSE_ANCHORS:
            problems.append(
                unknown_word(
                    "E0119",
                    "seat to count from",
                    table.counted_from,
                    HORSE_ANCHORS,
                    "a table counts from `dealer`, `winner` or `discarder`",
                    label="not a seat a horse table counts from",
                    describe=lambda s: HORSE_ANCHORS[s],
                )
            )
            continue
        for row in table.rows:
            seat = row.seat
            if seat.text in ("dealer", "self") and seat.text != anchor_seat(counted_from):
                problems.append(_wrong_first_seat(seat, counted_from))
                continue
            if seat.text not in HORSE_SEATS:
                problems.append(
                    unknown_word(
                        "E0119",
                        "seat",
                        seat,
                        HORSE_SEATS,
                        "the seats are " + ", ".join(f"`{s}`" for s in HORSE_SEATS),
                        label="not a seat of a horse table",
                        describe=lambda s: HORSE_SEAT_NAMES[s],
                    )
                )
                continue
            if not 2 <= players <= 4 or horse_seat_offset(seat.text, players) is not None:
                continue
            seats = horse_seats_at(players, counted_from)
            names = ", ".join(HORSE_SEAT_NAMES[s] for s in seats)
            if players == 2:
                help = (
                    "at 2 players the dealer's only opponent is `next` (the seat after the "
                    "dealer, whom 潮州 calls 庄对 and 百色 庄家下家)"
                )
            else:
                listed = [f"`{s}`" for s in seats]
                help = (
                    f"the seats at {players} players are {', '.join(listed[:-1])} and "
                    f"{listed[-1]} ({names})"
                )
            problems.append(
                error(
                    "E0508",
                    f"a {players}-player game has no `{seat.text}` seat",
                    seat.span,
                    label=f"no such seat at {players} players",
                    help=help,
                )
            )
    return problems


def _seat_ok(row: ast.HorseRow, players: int, counted_from: str) -> bool:
    wrong_first = row.seat.text in ("dealer", "self") and row.seat.text != anchor_seat(counted_from)
    return (
        not wrong_first
        and row.seat.text in HORSE_SEATS
        and 2 <= players <= 4
        and horse_seat_offset(row.seat.text, players) is not None
    )


def check_horse_tiles(decls: Declarations) -> list[Diagnostic]:
    """The ranks and tiles of a horse table are real, and each tile points at one seat: a
    tile given to two seats (or to a seat and to `nobody`) makes the table ambiguous."""
    problems: list[Diagnostic] = []
    for table in _horse_tables(decls):
        players = table.players.value
        for row in table.rows:
            for rank in row.ranks:
                if not rank_tiles(rank.value):
                    problems.append(
                        error(
                            "E0203",
                            f"rank {rank.value} names no tile",
                            rank.span,
                            label="ranks are 1 to 9",
                            help="write honours and flowers as tiles: `tiles 1z, 5z`",
                        )
                    )
            for tile in row.tiles:
                if (problem := not_a_tile(tile)) is not None:
                    problems.append(problem)
        # tile -> the seat of the first row that names it, and where it does
        owner: dict[int, tuple[str, Span]] = {}
        for row in table.rows:
            if not _seat_ok(row, players, _counted_from(table)):
                continue
            seat = row.seat.text
            twice: dict[int, Span] = {}
            clashes: dict[str, list[tuple[int, Span, Span]]] = {}
            for t, span in row_tiles(row):
                if t not in owner:
                    owner[t] = (seat, span)
                elif owner[t][0] == seat:
                    twice.setdefault(t, span)
                else:
                    clashes.setdefault(owner[t][0], []).append((t, span, owner[t][1]))
            if twice:
                problems.append(
                    error(
                        "E0102",
                        f"the {players}-player horse table gives `{compact(twice)}` to "
                        f"`{seat}` twice",
                        next(iter(twice.values())),
                        label="given again here",
                        help="list each tile once",
                    )
                )
            for other, found in clashes.items():
                tiles = [t for t, _, _ in found]
                _, span, earlier = found[0]
                problems.append(
                    error(
                        "E0406",
                        f"the {players}-player horse table gives `{compact(tiles)}` to two "
                        f"seats, `{other}` and `{seat}`",
                        span,
                        label=f"given to `{seat}` here",
                        labels=(Label(earlier, f"already given to `{other}`"),),
                        help="a horse tile points at one seat: keep it in one row",
                    )
                )
    return problems


def check_horse_tiles_unassigned(decls: Declarations) -> list[Diagnostic]:
    """Every tile of the tile set appears in each horse table, given to a seat or to
    `nobody`. A tile the table does not mention hits no one, which is usually a row left
    out; a document whose small tables leave tiles to no one (百色's 3- and 2-player tables)
    says so with a `nobody` row, and then there is nothing to warn about."""
    problems: list[Diagnostic] = []
    in_play = tiles_ever_in_play(decls.tiles)
    supported = _supported(decls)
    seen: set[int] = set()
    for table in _horse_tables(decls):
        players = table.players.value
        if players not in supported or players in seen:
            continue  # reported by check_horse_table_players
        seen.add(players)
        named = {tile for row in table.rows for tile, _ in row_tiles(row)}
        missing = sorted(in_play - named)
        if not missing:
            continue
        words = compact(missing)
        problems.append(
            warning(
                "W0407",
                f"the {players}-player horse table gives {len(missing)} "
                f"tile{'s' if len(missing) > 1 else ''} to nobody: {words}",
                table.span.head(),
                label="these tiles hit no seat",
                help=f"give them to a seat, or, if the document leaves them to no one, say so "
                f"in the table: `nobody {words}`",
            )
        )
    return problems


# ---------------------------------------------------------------- the horse lines


def check_horse_kinds(decls: Declarations) -> list[Diagnostic]:
    """Horse lines name a kind of horse (`bought`, `penalty`, `bonus`, `grabbed`), and
    `per player` only where every player draws (`bought`)."""
    problems: list[Diagnostic] = []
    if decls.horses is None:
        return problems
    for kind in decls.horses.kinds:
        word = kind.kind.text
        if word not in HORSE_KINDS:
            problems.append(
                unknown_word(
                    "E0120",
                    "horse kind",
                    kind.kind,
                    HORSE_KINDS,
                    "the kinds are "
                    + ", ".join(f"`{k}` ({w.name})" for k, w in HORSE_KINDS.items()),
                    label="not a kind of horse",
                    describe=lambda k: HORSE_KINDS[k].name,
                )
            )
            continue
        per = kind.per
        if per is None:
            continue
        if per.text not in HORSE_PER_WORDS:
            problems.append(
                error(
                    "E0120",
                    f"horses are counted `per player`, not per `{per.text}`",
                    per.span,
                    help=did_you_mean(per.text, HORSE_PER_WORDS) or "write `per player`",
                )
            )
        elif word not in HORSE_PER_WORDS[per.text]:
            drawer = {"dealer": "the dealer alone", "winner": "the winner"}.get(
                HORSE_KINDS[word].drawn_by, "one player"
            )
            problems.append(
                error(
                    "E0120",
                    f"`{word}` horses are drawn by {drawer}, not per player",
                    per.span,
                    label="only bought horses (买马) are drawn by every player",
                    help=f"drop `per {per.text}`: the count is how many {drawer} draws",
                )
            )
    return problems


def check_horse_counts(decls: Declarations, typed: Typed) -> list[Diagnostic]:
    """Wherever a horse line applies (its `if` holds), its count is a whole number of at
    least one: a choice option read as a count must have a number chosen under that guard."""
    problems: list[Diagnostic] = []
    if decls.horses is None:
        return problems
    options = ir_options(decls)
    for kind in decls.horses.kinds:
        count = typed.get(kind.count)
        guard = typed.get(kind.guard)
        if count is None:
            continue
        relevant = consteval.options_read([count, guard])
        for setting in consteval.settings(options, relevant):
            if not consteval.holds(guard, setting):
                continue
            try:
                value = consteval.evaluate(count, setting)
            except consteval.NotConstant:
                problems.append(
                    error(
                        "E0409",
                        f"the count of `{kind.kind.text}` horses cannot be worked out from the "
                        "options",
                        kind.count.span,
                        label="not a number of the options",
                        help="write the count with numbers, number options, a choice option "
                        "whose choices are numbers, and + - *",
                    )
                )
                break
            if isinstance(value, str) and value.isdigit():
                value = int(value)
            if isinstance(value, int) and not isinstance(value, bool) and value >= 1:
                continue
            where = consteval.describe(setting, options)
            shown = f"`{value}`" if isinstance(value, str) else str(value)
            problems.append(
                error(
                    "E0409",
                    f"under {where} the count of `{kind.kind.text}` horses is {shown}, "
                    "not a number of horses",
                    kind.count.span,
                    label="must be at least 1 wherever the line applies",
                    help="guard the line so it applies only where the count is a number, "
                    f"e.g. `if {_option_text(count)} != {value}`"
                    if isinstance(value, str)
                    else "a horse line draws at least one horse",
                )
            )
            break
    return problems


def _option_text(expr: ir.Expr) -> str:
    """`option.x` for an option read as a count (for help lines)."""
    return f"option.{expr.option}" if isinstance(expr, ir.OptionE) else "…"
