"""Settlement is zero-sum for every bundled rulebook and option set (DESIGN.md, Reliability):
hypothesis generates thousands of finished rounds per rulebook — winners among the
rulebook's own winning example hands, self-draws and discards, robbed kongs and kong blooms,
kongs of every kind, claim histories that agree with the winners' hands and the kongs (with
the claimed tiles, and sometimes none at all), ready seats, horse tiles as the options deal
them, 跟庄 rounds (counted, or from the opening discards) and 连庄 counts, random options —
and checks that the deltas sum to zero, that every line has a payer other than its payee,
and that a seat the rules exempt never pays: nobody but the discarder (and, in a relation of
repeated claims, the partner) pays a plain discard win, nobody but the robbed seat a robbed
kong. Every round drawn is possible: its fields take their tiles from one pool of the game's
tile copies (`_Pool`), so no round shows more copies of a tile than the game has
(`mjc.runtime.settle.tilecount`) — the test checks that too."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st
from settlement_helpers import ruleset

from mjc.runtime import RoundError, Ruleset, parse_hand, parse_round
from mjc.runtime.settle.claimcheck import CLAIM_WORDS, allows
from mjc.runtime.settle.round import MAX_SETS, Opening
from mjc.runtime.settle.tilecount import CLAIM_COPIES, copy_problems
from mjc.runtime.tiles.tile import tile_index, tile_text

BOOKS = ("guangdong", "meizhou", "chaozhou", "baise", "shanghai")
GENERIC = ("123m456p789s345s22z", "123m456m789m345m22m", "111m555p999s333s22z")


def _hands(book: Ruleset) -> list[str]:
    found = [e.hand for e in book.examples if e.positive and not e.situation and e.win is None]
    return sorted(set(found) | set(GENERIC))


def _option_value(spec: Any) -> st.SearchStrategy[object]:
    if spec.kind == "toggle":
        return st.sampled_from(["on", "off"])
    if spec.kind == "choice":
        return st.sampled_from([c.id for c in spec.choices])
    return st.integers(spec.low, spec.high)


HORSE_TILES = [f"{r}{s}" for s in "mps" for r in range(1, 10)] + [f"{r}z" for r in range(1, 8)]


class _Pool:
    """The copies of each tile the round being drawn has not used yet: every field of the
    round takes its tiles from here, so the round is possible (`mjc.runtime.settle.tilecount`). A
    winner's tile that the options leave out is not counted (scoring refuses that hand)."""

    def __init__(self, copies: tuple[int, ...]) -> None:
        self.copies = copies
        self.left = list(copies)

    def take(self, tiles: Iterable[int], *, hand: bool = False) -> bool:
        """Take these tiles, if they are all left (a hand's tiles not in play are let by)."""
        need = Counter(tiles)
        if not hand and any(not self.copies[t] for t in need):
            return False
        need = Counter({t: k for t, k in need.items() if self.copies[t]})
        if any(self.left[t] < k for t, k in need.items()):
            return False
        for t, k in need.items():
            self.left[t] -= k
        return True

    def fits(self, tiles: Iterable[int]) -> bool:
        need = Counter(t for t in tiles if self.copies[t])
        return all(self.left[t] >= k for t, k in need.items())

    def left_of(self, names: list[str], count: int = 1) -> list[str]:
        """The names of the tiles of which at least `count` copies are left."""
        return [x for x in names if self.left[tile_index(x)] >= count]


def _hand_tiles(hand: str, win_tile: str | None = None) -> list[int]:
    parsed = parse_hand(hand, win_tile)
    return [*parsed.concealed, *parsed.flowers, *(t for m in parsed.melds for t in m.tiles)]


def _robbable(hand: str) -> list[str]:
    """The tiles `hand` could have been won on by robbing a kong: those it holds one copy of
    (the robbed seat holds the other three), such as a chow's tile; none for a hand of pungs
    and pairs only."""
    parsed = parse_hand(hand)
    held = [*parsed.concealed, *(t for m in parsed.melds for t in m.tiles)]
    return sorted({tile_text(t) for t in parsed.concealed if held.count(t) == 1})


def _pool_tiles(draw: st.DrawFn, pool: _Pool, count: int) -> list[str]:
    """`count` tiles drawn one by one from what is left of the pool (fewer when it runs out)."""
    found: list[str] = []
    for _ in range(count):
        left = pool.left_of(HORSE_TILES)
        if not left:
            break
        tile = draw(st.sampled_from(left))
        pool.take([tile_index(tile)])
        found.append(tile)
    return found


@st.composite
def _horses(
    draw: st.DrawFn, book: Ruleset, n: int, dealer: int, options: dict[str, Any], pool: _Pool
) -> dict[str, Any]:
    """Horse tiles as the options deal them, from the tiles left: each drawing seat's bought
    (or the dealer's penalty) horses, and up to the count of tiles turned up at the end."""
    horses = book.payments.horses
    try:
        o = book.resolve_options(options, players=n)
    except Exception:
        return {}
    if horses is None:
        return {}
    dealt = {kind.kind: count for kind, count in horses.draws(o, None)}
    found: dict[str, Any] = {}
    for kind, seats in (("bought", range(n)), ("penalty", [dealer])):
        if kind in dealt:
            count = dealt[kind]
            found["bought_horses"] = {seat: _pool_tiles(draw, pool, count) for seat in seats}
            break
    end = [dealt[k] for k in ("bonus", "grabbed") if k in dealt]
    if end:
        found["horse_tiles"] = _pool_tiles(draw, pool, draw(st.integers(0, min(end))))
    return found


SUITED_TILES = [f"{r}{s}" for s in "mps" for r in range(1, 10)]


@st.composite
def _claims(
    draw: st.DrawFn,
    book: Ruleset,
    n: int,
    options: dict[str, Any],
    winners: list[dict[str, Any]],
    robbed_from: int | None,
    pool: _Pool,
) -> list[dict[str, Any]]:
    """A claim history that agrees with the winners' hands (the round refuses one that does
    not): each winner's exposed melds are his claims, mostly from one favourite seat so that
    relations (承包, 三包) form; other seats claim at random, honours often, so that 大四喜 /
    大三元 包自摸 arise, and a pair of non-winners often claims from each other. Every claim is
    possible (`mjc.runtime.settle.claimcheck`, `RoundOutcome`): a chow only from the 上家 and
    of suited tiles, only kinds of claim the rulebook allows under the options, at most four
    claims a seat, a claimed tile of another seat than a winner named only while its copies
    are left in the pool (a winner's claims are his hand's melds), and a robbed (added)
    kong's pong by the robbed seat."""
    try:
        o = book.resolve_options(options, players=n)
    except Exception:
        o = book.resolve_options(None)
    kinds = [k for k in ("chow", "pong", "kong") if allows(book.claims(o), CLAIM_WORDS[k])]
    won = {w["seat"] for w in winners}
    claims: list[dict[str, Any]] = []
    for w in winners:
        others = [s for s in range(n) if s != w["seat"]]
        favourite = draw(st.sampled_from(others))
        for m in parse_hand(w["hand"], w.get("win_tile")).melds:
            if not m.exposed:
                continue
            kind = {"chow": "chow", "pung": "pong"}.get(m.kind) or draw(
                st.sampled_from(["kong", "pong"])  # an exposed kong, or a pong added to later
            )
            source = favourite if draw(st.integers(0, 3)) else draw(st.sampled_from(others))
            if kind == "chow":
                source = (w["seat"] - 1) % n  # a chow only from the 上家
            tile = draw(st.one_of(st.none(), st.sampled_from([tile_text(t) for t in m.tiles])))
            named = {"tile": tile} if tile else {}
            claims.append({"seat": w["seat"], "from_seat": source, "kind": kind, **named})
    if robbed_from is not None:
        # the robbed added kong grew from a pong of the robbed seat (搶杠只應用在蓄杠上)
        claims.append({"seat": robbed_from, "from_seat": (robbed_from + 1) % n, "kind": "pong"})
    free = [s for s in range(n) if s not in won]
    if not free or not kinds:
        return _possible(claims, pool, won)
    seat, step = draw(st.sampled_from(free)), draw(st.integers(1, n - 1))
    for times, (a, b) in zip(
        draw(st.lists(st.integers(0, 4), min_size=2, max_size=2)),
        ((seat, (seat + step) % n), ((seat + step) % n, seat)),
        strict=True,
    ):
        if a not in won and "pong" in kinds:
            claims += [{"seat": a, "from_seat": b, "kind": "pong"}] * times
    found = draw(
        st.lists(
            st.tuples(st.sampled_from(free), st.integers(1, n - 1), st.sampled_from(kinds),
                      st.one_of(st.none(), st.sampled_from([f"{r}z" for r in range(1, 8)]),
                                st.sampled_from(HORSE_TILES)),
                      st.sampled_from(SUITED_TILES)),
            max_size=12,
        )
    )  # fmt: skip
    for s, d, k, t, run in found:
        if k == "chow":
            claims.append({"seat": s, "from_seat": (s - 1) % n, "kind": k,
                           **({"tile": run} if t else {})})  # fmt: skip
        else:
            claims.append({"seat": s, "from_seat": (s + d) % n, "kind": k,
                           **({"tile": t} if t else {})})  # fmt: skip
    return _possible(claims, pool, won)


def _possible(claims: list[dict[str, Any]], pool: _Pool, won: set[int]) -> list[dict[str, Any]]:
    """The claims a round can hold, in order: at most four a seat (a winner's come first and
    are all kept: their tiles are his hand's), and another seat's claimed tile named only
    while its copies are left in the pool (three for a pong, four for a kong, one a chow)."""
    made: dict[int, int] = {}
    kept: list[dict[str, Any]] = []
    for claim in claims:
        if made.get(claim["seat"], 0) == MAX_SETS:
            continue
        made[claim["seat"]] = made.get(claim["seat"], 0) + 1
        if "tile" in claim and claim["seat"] not in won:
            tiles = [tile_index(claim["tile"])] * CLAIM_COPIES[claim["kind"]]
            if not pool.take(tiles):
                claim = {k: v for k, v in claim.items() if k != "tile"}
        kept.append(claim)
    return kept


def _kongs_for(
    claims: list[dict[str, Any]], kongs: list[tuple[int, str, int]], n: int
) -> list[dict[str, Any]]:
    """Kong records that agree with the claims: without a claim history any kongs; with one,
    an exposed kong is one of the kong claims and an added kong is added to one of the pong
    claims (a concealed kong needs no claim)."""
    records: list[dict[str, Any]] = []
    pools = {
        "exposed": [c for c in claims if c["kind"] == "kong"],
        "added": [c for c in claims if c["kind"] == "pong"],
    }
    sets = {c["seat"]: sum(1 for x in claims if x["seat"] == c["seat"]) for c in claims}
    for seat, kind, step in kongs:
        if kind == "concealed" and sets.get(seat, 0) == MAX_SETS:
            continue  # a concealed kong is a set too: four a hand at most
        if kind == "concealed":
            sets[seat] = sets.get(seat, 0) + 1
        if kind == "concealed" or not claims:
            fed = {"fed_by": (seat + step) % n} if kind == "exposed" else {}
            records.append({"seat": seat, "kind": kind, **fed})
        elif pools[kind]:
            claim = pools[kind].pop(step % len(pools[kind]))
            fed = {"fed_by": claim["from_seat"]} if kind == "exposed" else {}
            records.append({"seat": claim["seat"], "kind": kind, **fed})
    return records


@st.composite
def _follow(draw: st.DrawFn, n: int, pool: _Pool) -> dict[str, Any]:
    """跟庄 as the caller counts it (`follow_dealer_rounds`), or as the opening discards show
    it (`opening`: go-arounds that mostly follow the dealer, some broken, interrupted or
    unfinished, sometimes after the dealer's opening concealed kong; their tiles from the
    pool), or both — which the round refuses unless they agree."""
    how = draw(st.sampled_from(["count", "opening", "both"]))
    found: dict[str, Any] = {}
    if how in ("count", "both"):
        found["follow_dealer_rounds"] = draw(st.integers(0, 3))
    if how in ("opening", "both"):
        go_arounds = []
        for _ in range(draw(st.integers(0, 4)) or 1):
            size = n if draw(st.integers(0, 7)) else draw(st.integers(1, n))
            left = pool.left_of(HORSE_TILES, size)
            if not left:
                continue
            tile = draw(st.sampled_from(left))
            pool.take([tile_index(tile)] * size)
            discards = [tile] * size
            if draw(st.integers(0, 7)) == 0 and pool.left_of(HORSE_TILES):
                discards[-1] = draw(st.sampled_from(pool.left_of(HORSE_TILES)))
                pool.take([tile_index(discards[-1])])
                pool.left[tile_index(tile)] += 1  # the one it replaced goes back
            go_arounds.append({"discards": discards, "interrupted": draw(st.integers(0, 7)) == 0})
        found["opening"] = {
            "dealer_concealed_kong": draw(st.integers(0, 7)) == 0,
            "go_arounds": go_arounds,
        }
        if how == "both" and draw(st.integers(0, 3)):  # mostly agreeing, sometimes not
            counted = Opening.model_validate(found["opening"]).followed(n)
            found["follow_dealer_rounds"] = counted
    return found


@st.composite
def _winners(draw: st.DrawFn, book: Ruleset, n: int, pool: _Pool) -> dict[str, Any]:
    """How the round was won: self-draw, discard, robbed kong, kong bloom, several winners of
    one discard; or (one round in ten) an exhaustive draw. The hands take their tiles from
    the pool; several winners share the one discarded tile, and a winner whose hand needs
    more copies than are left does not win."""
    if draw(st.integers(0, 9)) == 0:
        return {"exhaustive_draw": True}
    hands = _hands(book)
    how = draw(st.sampled_from(["self", "discard", "robbed", "bloom", "several"]))
    first = draw(st.integers(0, n - 1))
    other = (first + draw(st.integers(1, n - 1))) % n
    robbable = {h: _robbable(h) for h in hands} if how == "robbed" else {}
    if how == "robbed":  # a robbed tile completes no pair or pung: only hands with a lone tile
        hands = [h for h in hands if robbable[h]] or hands
    hand = draw(st.sampled_from(hands))
    pool.take(_hand_tiles(hand), hand=True)  # the first hand: a fresh pool holds it
    if how in ("self", "bloom"):
        winner: dict[str, Any] = {"seat": first, "hand": hand, "self_drawn": True}
        found: dict[str, Any] = {}
        if how == "bloom":
            winner["situations"] = ["kong_bloom"]
            if draw(st.booleans()):
                found["kong_fed_by"] = other
        return found | {"winners": [winner]}
    if how == "robbed":
        winner = {"seat": first, "hand": hand, "situations": ["robbing_kong"]}
        if robbable[hand]:
            winner["win_tile"] = draw(st.sampled_from(robbable[hand]))
        return {"winners": [winner], "robbed_from": other}
    seats = [first] if how == "discard" else sorted(
        {first, *draw(st.lists(st.integers(0, n - 1), min_size=1, max_size=2))} - {other}
    )  # fmt: skip
    if not seats:
        seats = [first]
    # Several winners all win on the one discard: each hand holds that tile and names it,
    # and the others' hands fit in what the first left, the shared tile counted once.
    tile = parse_hand(hand).win_tile
    assert tile is not None
    win = tile_text(tile)
    holding = [h for h in hands if tile in parse_hand(h).concealed]
    winners = [{"seat": seats[0], "hand": hand, "win_tile": win}]
    for seat in seats[1:]:
        fitting = [h for h in holding if pool.fits(_others(h, win))]
        if not fitting:
            continue
        chosen = draw(st.sampled_from(fitting))
        pool.take(_others(chosen, win), hand=True)
        winners.append({"seat": seat, "hand": chosen, "win_tile": win})
    return {"winners": winners, "discarder": other}


def _others(hand: str, win: str) -> list[int]:
    """A later winner's tiles beside the one winning tile all the winners share."""
    tiles = _hand_tiles(hand, win)
    tiles.remove(tile_index(win))
    return tiles


@st.composite
def rounds(draw: st.DrawFn, name: str) -> dict[str, Any]:
    book = ruleset(name)
    n = draw(st.sampled_from(book.players))
    options = {spec.id: draw(_option_value(spec)) for spec in book.options if draw(st.booleans())}
    kongs = draw(
        st.lists(
            st.tuples(st.integers(0, n - 1), st.sampled_from(["exposed", "concealed", "added"]),
                      st.integers(1, n - 1)),
            max_size=3,
        )
    )  # fmt: skip
    dealer = draw(st.integers(0, n - 1))
    round: dict[str, Any] = {
        "players": n,
        "dealer": dealer,
        "options": options,
        "streak": draw(st.integers(0, 3)),
    }
    try:
        pool = _Pool(book.tile_copies(book.resolve_options(options, players=n)))
    except Exception:
        pool = _Pool(book.tile_copies(book.resolve_options(None)))
    round |= draw(_winners(book, n, pool))
    winners = round.get("winners", [])
    # one round in four without a claim history: nothing to agree with, any kongs
    claims = _claims(book, n, options, winners, round.get("robbed_from"), pool)
    round["claims"] = draw(claims) if draw(st.integers(0, 3)) else []
    round |= draw(_horses(book, n, dealer, options, pool))
    round |= draw(_follow(n, pool))
    round["kongs"] = _kongs_for(round["claims"], kongs, n)
    if round["claims"] and "kong_fed_by" in round:
        # the feeder of a kong bloom fed one of the winner's exposed kongs (or its pong)
        bloomer = winners[0]
        shown = [m for m in parse_hand(bloomer["hand"]).melds if m.exposed and m.kind == "kong"]
        feeders = [
            c["from_seat"]
            for c in round["claims"]
            if c["seat"] == bloomer["seat"] and c["kind"] in ("kong", "pong")
            and any("tile" not in c or tile_index(c["tile"]) in m.tiles for m in shown)
        ]  # fmt: skip
        if feeders:
            round["kong_fed_by"] = draw(st.sampled_from(feeders))
        else:
            del round["kong_fed_by"]
    round["ready"] = draw(st.lists(st.integers(0, n - 1), max_size=n, unique=True))
    return round


@pytest.mark.parametrize("name", BOOKS)
def test_every_round_settles_to_zero_and_exempt_seats_never_pay(name: str) -> None:
    book = ruleset(name)
    settled = []
    related_rounds: list[int] = []
    followed_rounds: list[int] = []
    several_rounds: list[int] = []

    @settings(
        max_examples=1500,
        deadline=None,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    @given(rounds(name))
    def check(round: dict[str, Any]) -> None:
        try:
            outcome = parse_round(round)
            o = book.resolve_options(outcome.options, players=outcome.players)
        except (RoundError, ValueError):
            return  # refused before settling: a clean refusal
        assert copy_problems(outcome, book.tile_copies(o)) == []  # only possible rounds
        try:
            result = book.settle(round)
        except RoundError:
            return  # a hand that is not a win under these options: a clean refusal
        settled.append(1)
        assert sum(result.deltas) == 0
        assert all(line.payer != line.payee and line.amount > 0 for line in result.lines)
        hand_payers = {line.payer for line in result.lines if line.reason.startswith("hand")}
        winner = round["winners"][0] if round.get("winners") else None
        if winner is None:
            assert hand_payers == set()
        elif "robbing_kong" in winner.get("situations", ()):
            assert hand_payers <= {round["robbed_from"]}
        elif not winner.get("self_drawn"):
            assert hand_payers <= {round["discarder"]}
        claimed: dict[tuple[int, int], int] = {}
        for c in round["claims"]:
            key = (c["seat"], c["from_seat"])
            claimed[key] = claimed.get(key, 0) + 1
        related = {s for key, times in claimed.items() if times >= 3 for s in key}
        allowed = related | {round.get("discarder"), round.get("robbed_from")}
        assert all(
            line.payer in allowed for line in result.lines if line.reason.startswith("relation")
        )
        if any(line.reason.startswith("relation") for line in result.lines):
            related_rounds.append(1)
        if any("from the opening discards" in line.reason for line in result.lines):
            followed_rounds.append(1)
        winners = {w["seat"] for w in round.get("winners", ())}
        assert not any(line.payer in winners and line.payee == line.payer for line in result.lines)
        if len(winners) > 1:
            several_rounds.append(1)

    check()
    assert len(settled) > 500
    if name != "meizhou":  # 梅州 wins only by self-draw (or robbing a kong): one winner
        assert len(several_rounds) > 5  # several winners of one discard settle, not only refuse
    if name in ("shanghai", "baise"):
        assert len(related_rounds) > 10  # relations are exercised, not just possible
    if name == "chaozhou":
        assert len(followed_rounds) > 3  # 跟庄 from the opening discards is exercised
