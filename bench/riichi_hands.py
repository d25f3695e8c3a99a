"""Winning Riichi (日本麻将) hands of every form and situation, for the agreement with `mahjong`.

`riichi_case(rng)` draws one case from a `random.Random` (the agreement test feeds it seeds
from hypothesis, `python -m bench.riichi_agreement` a fixed seed): first the options (mostly the
rulebook's defaults), the seat and the round wind, then a hand aimed at one yaku or yakuman
(`AIMS`: every yaku of the standard rules has an aim that reaches it, so each appears often),
regular hands with chi / pon / open kan / closed kan or closed, 七対子, 国士無双 (13-sided too),
九蓮宝燈 (純正 too), and hands aimed at no yaku at all (役なし, which must not win); then the
winning tile among the concealed ones (any tile: ambiguous waits come with it), the
situation (tsumo, 立直 / ダブル立直 / 一発, 嶺上開花 with a kong, 槍槓 on a tile held once, 海底 /
河底, 天和 / 地和 / 人和 on a closed hand with no meld at the right seat), red fives, dora and
ura-dora indicators (from the tiles left), 本場 and 供託.

A case is written two ways: `notation()` and `score_args()` for mjc's `Ruleset.score`
(spec: the contract of issue 24), and `tiles136()` for `mahjong`'s
`HandCalculator` (`bench.riichi_reference`). Tiles are 34-indices: 0-8 man, 9-17 pin,
18-26 sou, 27-30 E S W N, 31-33 白 發 中 (the same order in both).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass

from bench.riichi_shapes import (
    AIM_NAMES,
    AIM_WEIGHTS,
    Meld,
    Redraw,
    chuuren,
    declare,
    kokushi,
    regular,
    seven_pairs,
    win_tile,
)

WINDS = ("E", "S", "W", "N")

# Red fives: with `riichi_case(rng, red_fives=...)` "concealed" (the default) a red five is
# always among the concealed tiles, and a hand whose four fives of a suit are all declared is
# drawn again; "melds" lets a declared meld hold one too (`[0555m]`); "none" draws no red
# five at all (for a runtime that does not read `0m` yet: a hand with four fives of a suit,
# one of which must be red, is drawn again).
RED_FIVES = ("concealed", "melds", "none")

# The rulebook's options (spec) and their defaults; a case lists only those it changes.
OPTION_DEFAULTS: dict[str, object] = {
    "kuitan": True,
    "red_fives": True,
    "double_yakuman": True,
    "kazoe": "yakuman",
    "kiriage": False,
    "open_pinfu_fu": True,
    "pinfu_tsumo_fu": False,
    "renhou_yakuman": False,
}
_OPTION_CHOICES: dict[str, tuple[object, ...]] = {
    "kazoe": ("sanbaiman", "none"),
}

# The situations a case may hold, by the names `Ruleset.score` takes (spec): ダブル立直 is
# `double_riichi` alone (not with `riichi`); `last_tile` is 海底 on a tsumo, 河底 on a ron.
SITUATIONS = (
    "riichi",
    "double_riichi",
    "ippatsu",
    "kong_bloom",
    "robbing_kong",
    "last_tile",
    "heavenly",
    "earthly",
    "human",
)


@dataclass(frozen=True, slots=True)
class RiichiCase:
    aim: str  # what the hand was drawn for (AIMS)
    form: str  # regular, chiitoitsu, kokushi, chuuren
    concealed: tuple[int, ...]  # sorted, with the winning tile
    melds: tuple[Meld, ...]
    win: int
    red: tuple[int, ...]  # suits whose red five is among the concealed tiles
    win_red: bool  # the winning tile is that red five
    self_drawn: bool
    seat: int  # 0 East (the dealer) .. 3 North
    round: int
    situations: tuple[str, ...]
    dora: tuple[int, ...]  # indicators
    ura: tuple[int, ...]
    honba: int
    sticks: int  # 供託: riichi deposits on the table
    options: tuple[tuple[str, object], ...]  # those that differ from OPTION_DEFAULTS

    @property
    def dealer(self) -> bool:
        return self.seat == 0

    @property
    def closed(self) -> bool:
        return not any(m.exposed for m in self.melds)

    def option(self, name: str) -> object:
        return dict(self.options).get(name, OPTION_DEFAULTS[name])

    def notation(self) -> str:
        """The hand in mjc's notation: the concealed tiles (winning tile included), then the
        declared melds; a red five is written 0."""
        groups: list[str] = []
        for suit in range(4):
            ranks = [t % 9 + 1 for t in self.concealed if t // 9 == suit]
            if not ranks:
                continue
            digits = [str(r) for r in ranks]
            if suit in self.red:
                digits[digits.index("5")] = "0"
            groups.append("".join(sorted(digits)) + "mpsz"[suit])
        return " ".join(["".join(groups), *(m.notation() for m in self.melds)])

    def win_text(self) -> str:
        return _text(self.win, self.win_red)

    def situation_names(self, ids: Mapping[str, str] | None = None) -> tuple[str, ...]:
        """The situations by the rulebook's ids: `ids` maps the case's own names (of
        `SITUATIONS` and `OPTION_DEFAULTS`) to the rulebook's where they differ
        (`bench.riichi_agreement.rulebook_ids`)."""
        return tuple((ids or {}).get(s, s) for s in self.situations)

    def option_names(self, ids: Mapping[str, str] | None = None) -> dict[str, object]:
        """The options the case changes, by the rulebook's ids (`ids` as above)."""
        return {(ids or {}).get(k, k): v for k, v in self.options}

    def score_args(self, ids: Mapping[str, str] | None = None) -> dict[str, object]:
        """Keyword arguments of `Ruleset.score` for this case (the hand is `notation()`);
        `ids` as in `situation_names`."""
        args: dict[str, object] = {
            "win": self.win_text(),
            "self_drawn": self.self_drawn,
            "seat_wind": WINDS[self.seat],
            "round_wind": WINDS[self.round],
            "dealer": self.dealer,
            "situations": self.situation_names(ids),
            "dora_indicators": tuple(_text(t) for t in self.dora),
            "ura_indicators": tuple(_text(t) for t in self.ura),
        }
        if self.options:
            args["options"] = self.option_names(ids)
        return args

    def describe(self) -> str:
        """One line for a failure or a report: the hand and its whole situation."""
        parts = [
            f"{self.notation()} win {self.win_text()}",
            "tsumo" if self.self_drawn else "ron",
            f"seat {WINDS[self.seat]} round {WINDS[self.round]}",
        ]
        if self.situations:
            parts.append("+".join(self.situations))
        if self.dora:
            parts.append("dora " + " ".join(_text(t) for t in self.dora))
        if self.ura:
            parts.append("ura " + " ".join(_text(t) for t in self.ura))
        if self.honba or self.sticks:
            parts.append(f"honba {self.honba} sticks {self.sticks}")
        if self.options:
            parts.append(" ".join(f"{k}={v}" for k, v in self.options))
        return f"[{self.aim}] " + ", ".join(parts)

    def command(self, rulebook: str = "riichi", ids: Mapping[str, str] | None = None) -> str:
        """The `mjc score` command line that scores the case (spec: --dora, --ura)."""
        words = ["mjc score", rulebook, f"'{self.notation()}'", "--win", self.win_text()]
        if self.self_drawn:
            words.append("--self-drawn")
        words += ["--seat-wind", WINDS[self.seat], "--round-wind", WINDS[self.round]]
        words += ["--dealer"] if self.dealer else []
        words += [f"--situation {s}" for s in self.situation_names(ids)]
        words += [f"--dora {_text(t)}" for t in self.dora]
        words += [f"--ura {_text(t)}" for t in self.ura]
        words += [f"--option {k}={str(v).lower()}" for k, v in self.option_names(ids).items()]
        return " ".join(words)

    def tiles136(self) -> tuple[list[int], int, list[list[int]]]:
        """The hand in `mahjong`'s 136-tile indices: (every tile, the winning tile, each
        declared meld's tiles). Copy 0 of a five is its red five (index 16, 52, 88): a red five
        held is that copy, a five that is not red is never it."""
        taken: dict[int, int] = {}

        def take(t: int, red: bool) -> int:
            if red:
                return 4 * t
            copy = taken.get(t, 1 if t in (4, 13, 22) else 0)
            taken[t] = copy + 1
            return 4 * t + copy

        win = take(self.win, self.win_red)
        rest = list(self.concealed)
        rest.remove(self.win)
        reds = set(self.red) - ({self.win // 9} if self.win_red else set())
        hand = [win]
        for t in rest:
            red = t % 9 == 4 and t < 27 and t // 9 in reds
            if red:
                reds.discard(t // 9)
            hand.append(take(t, red))
        melds = []
        for m in self.melds:
            tiles = m.tiles
            first_five = tiles.index(m.low + (4 - m.low % 9)) if m.red else -1
            melds.append([take(t, i == first_five) for i, t in enumerate(tiles)])
        return hand + [t for m in melds for t in m], win, melds


def _text(t: int, red: bool = False) -> str:
    return f"{0 if red else t % 9 + 1}{'mpsz'[t // 9]}"


def _situations(
    rng: random.Random,
    closed: bool,
    has_kong: bool,
    held: int,
    seat: int,
    blessing: bool,
    tsumo: bool,
) -> tuple[bool, tuple[str, ...]]:
    """Whether the hand was self-drawn and the situations of its win, as they can hold."""
    if blessing:
        if seat == 0:
            return True, ("heavenly",)
        return (True, ("earthly",)) if rng.random() < 0.5 else (False, ("human",))
    self_drawn = tsumo or rng.random() < 0.45
    found: list[str] = []
    roll = rng.random()
    riichi = closed and roll < 0.47
    if riichi:
        found.append("riichi" if roll < 0.4 else "double_riichi")
    if self_drawn and has_kong and rng.random() < 0.35:
        found.append("kong_bloom")
    elif not self_drawn and held == 1 and rng.random() < 0.12:
        found.append("robbing_kong")
    elif rng.random() < 0.08:
        found.append("last_tile")
    if riichi and "kong_bloom" not in found and rng.random() < 0.3:
        found.append("ippatsu")  # a kong of one's own breaks 一発: never with 嶺上開花
    return self_drawn, tuple(found)


def _reds(
    rng: random.Random, concealed: list[int], melds: list[Meld], win: int, red_fives: str
) -> tuple[tuple[int, ...], bool, list[Meld]]:
    """The suits whose red five is among the concealed tiles, whether the winning tile is it,
    and the melds (one may hold a red five when `red_fives` is "melds")."""
    reds: list[int] = []
    win_red = False
    for suit in range(3):
        five = 9 * suit + 4
        held = concealed.count(five)
        declared = [i for i, m in enumerate(melds) if five in m.tiles]
        total = held + sum(melds[i].tiles.count(five) for i in declared)
        if total == 0:
            continue
        # Four fives hold the red one; otherwise a red five now and then.
        if total < 4 and (red_fives == "none" or rng.random() >= 0.35):
            continue
        if red_fives == "none":
            raise Redraw
        # -1: the concealed tiles; i >= 0: declared meld i.
        places = [-1] * held + (declared if red_fives == "melds" else [])
        if not places:
            raise Redraw
        where = rng.choice(places)
        if where < 0:
            reds.append(suit)
            win_red = win_red or (win == five and rng.random() < 1 / held)
        else:
            m = melds[where]
            melds = [*melds[:where], Meld(m.kind, m.low, m.exposed, True), *melds[where + 1 :]]
    return tuple(reds), win_red, melds


def _indicators(rng: random.Random, used: list[int], n: int) -> tuple[int, ...]:
    """`n` indicators drawn from the copies of each tile the hand and those before leave."""
    counts = [0] * 34
    for t in used:
        counts[t] += 1
    found = []
    for _ in range(n):
        t = rng.choices(range(34), [4 - c for c in counts])[0]
        counts[t] += 1
        found.append(t)
    return tuple(found)


def _pointing(rng: random.Random, hand: list[int], n: int) -> tuple[int, ...]:
    """`n` indicators of tiles the hand holds (each the tile before one held), where copies
    are left."""
    found: list[int] = []
    for _ in range(n):
        t = rng.choice(hand)
        indicator = _PREDECESSOR[t]
        if hand.count(indicator) + found.count(indicator) < 4:
            found.append(indicator)
    return tuple(found)


def _before(t: int) -> int:
    if t < 27:
        return t - 1 if t % 9 else t + 8
    if t < 31:
        return 30 if t == 27 else t - 1
    return 33 if t == 31 else t - 1


_PREDECESSOR = tuple(_before(t) for t in range(34))


def _options(rng: random.Random, renhou: bool) -> tuple[tuple[str, object], ...]:
    """Mostly the defaults; else one or two options changed (renhou_yakuman often with 人和)."""
    changed: dict[str, object] = {}
    if rng.random() < 0.3:
        for name in rng.sample(sorted(OPTION_DEFAULTS), rng.choice((1, 1, 2))):
            default = OPTION_DEFAULTS[name]
            changed[name] = (
                rng.choice(_OPTION_CHOICES[name]) if name in _OPTION_CHOICES else not default
            )
    if renhou and rng.random() < 0.4:
        changed["renhou_yakuman"] = True
    return tuple(sorted(changed.items()))


def _weighted(rng: random.Random, weights: tuple[int, ...]) -> int:
    return rng.choices(range(len(weights)), weights)[0]


def riichi_case(
    rng: random.Random, red_fives: str = "concealed", aim: str | None = None
) -> RiichiCase:
    """One case of a random aim (or of `aim`), its situation as it can hold (see the
    module's doc); `red_fives` is where red fives may be (`RED_FIVES`)."""
    if red_fives not in RED_FIVES:
        raise ValueError(f"red_fives is one of {', '.join(RED_FIVES)}, not {red_fives!r}")
    if aim is not None and aim not in AIM_NAMES:
        raise ValueError(f"aim is one of {', '.join(AIM_NAMES)}, not {aim!r}")
    aim = aim or rng.choices(AIM_NAMES, AIM_WEIGHTS)[0]
    while True:  # the same aim until a hand of it holds: each aim keeps its share
        try:
            return _draw(rng, aim, red_fives)
        except Redraw:
            continue


def _draw(rng: random.Random, aim: str, red_fives: str) -> RiichiCase:
    seat, round_ = rng.randrange(4), rng.randrange(4)
    tsumo = False
    melds: list[Meld] = []
    if aim in ("chiitoitsu", "kokushi", "chuuren"):
        form = aim
        if aim == "chiitoitsu":
            concealed = seven_pairs(rng)
            win = rng.choice(concealed)
        else:
            concealed, win = kokushi(rng) if aim == "kokushi" else chuuren(rng)
        blessing = rng.random() < 0.06
    else:
        form = "regular"
        draft = regular(rng, aim, seat, round_)
        blessing = aim != "no_yaku" and rng.random() < 0.04
        concealed, melds = declare(rng, draft, blessing)
        win = win_tile(rng, draft, concealed)
        tsumo = draft.win_on == "tsumo"
    closed = not any(m.exposed for m in melds)
    has_kong = any(m.kind == "kong" for m in melds)
    everything = concealed + [t for m in melds for t in m.tiles]
    held = everything.count(win)
    situations: tuple[str, ...]
    if aim == "no_yaku":
        self_drawn, situations = (False, ()) if closed else (rng.random() < 0.3, ())
    else:
        self_drawn, situations = _situations(rng, closed, has_kong, held, seat, blessing, tsumo)
    reds, win_red, melds = _reds(rng, concealed, melds, win, red_fives)
    n_dora = _weighted(rng, (25, 40, 15, 10, 5, 5))
    if aim == "kazoe" and not blessing:
        if not {"riichi", "double_riichi"} & set(situations):
            situations = ("riichi", *situations)
        dora = _pointing(rng, everything, rng.randint(2, 5))
    else:
        dora = _indicators(rng, everything, n_dora)
    riichi = "riichi" in situations or "double_riichi" in situations
    ura = (
        _indicators(rng, everything + list(dora), len(dora))
        if riichi or rng.random() < 0.05
        else ()
    )
    return RiichiCase(
        aim=aim,
        form=form,
        concealed=tuple(sorted(concealed)),
        melds=tuple(melds),
        win=win,
        red=reds,
        win_red=win_red,
        self_drawn=self_drawn,
        seat=seat,
        round=round_,
        situations=situations,
        dora=dora,
        ura=ura,
        honba=_weighted(rng, (60, 15, 10, 5, 5, 5)),
        sticks=_weighted(rng, (60, 20, 10, 10)),
        options=_options(rng, "human" in situations),
    )
