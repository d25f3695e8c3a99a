"""The Riichi rulebook against `mahjong`'s HandCalculator, hand by hand (issue 24, item 2).

    python -m bench.riichi_agreement [--hands N] [--seed S] [--rulebook riichi|PATH]
                                     [--examples K] [--field F]

scores N cases of `bench.riichi_hands` (20,000 by default) with the rulebook and with `mahjong`
(`bench.riichi_reference`) and prints how many agree, then the disagreements by field — win
(a hand one side refuses), yaku (a fan found on one side only, or counted otherwise), value
(a fan worth other han), han, fu (by the fu part whose sum differs), limit, points (the
payments made of `Score.points`), error (mjc raised) — each grouped by fan id or fu part with
the count, and up to K examples of each field (the hand, its situation, both answers).

`compare(book, case)` is the comparison itself, which tests/differential/test_riichi_mahjong.py
shares: `mahjong`'s answer is read through `by_the_rules` (the rulebook's documented
conventions, each with its reason) before it is compared.
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import sys
import time
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass

from bench.riichi_hands import OPTION_DEFAULTS, RED_FIVES, RiichiCase, riichi_case
from bench.riichi_reference import COUNTED, YAKU_IDS, Answer, Payments, payments, reference
from bench.riichi_shapes import AIM_NAMES
from mjc.runtime import Ruleset

# `mahjong`'s yaku_level and the rulebook's limit names (spec: `limit "NAME" N when ...`).
LIMIT_NAMES: dict[str, str | None] = {
    "": None,
    "mangan": "満貫",
    "kiriage mangan": "切り上げ満貫",
    "haneman": "跳満",
    "baiman": "倍満",
    "sanbaiman": "三倍満",
    "kazoe sanbaiman": "数え三倍満",
    "yakuman": "役満",
    "kazoe yakuman": "数え役満",
    "2x yakuman": "二倍役満",
    "3x yakuman": "三倍役満",
    "4x yakuman": "四倍役満",
    "5x yakuman": "五倍役満",
    "6x yakuman": "六倍役満",
}

# `mahjong`'s fu reasons and the rulebook's fu labels (spec: `add N "LABEL"`, the labels of the
# fu work's test rulebook, tests/helpers/rulebooks/riichi_points.mjr); a closed ron's base of
# 30 is the rulebook's 副底 20 and 門前加符 10, 七対子's 25 its own line. Labels only group
# the fu differences: the fu compared is the total.
FU_LABELS: dict[str, str] = {
    "base": "副底",
    "menzen": "門前加符",
    "chiitoitsu": "七対子",
    "tsumo": "自摸",
    "hand_without_fu": "喰い平和",
    "penchan": "辺張",
    "kanchan": "嵌張",
    "pair_wait": "単騎",
    "valued_pair": "役牌雀頭",
    "double_valued_pair": "役牌雀頭",
    "open_pon": "中張明刻",
    "closed_pon": "中張暗刻",
    "open_terminal_pon": "幺九明刻",
    "closed_terminal_pon": "幺九暗刻",
    "open_kan": "中張明槓",
    "closed_kan": "中張暗槓",
    "open_terminal_kan": "幺九明槓",
    "closed_terminal_kan": "幺九暗槓",
}

YAKUMAN = frozenset(
    {
        "kokushi",
        "kokushi_13",
        "suuankou",
        "suuankou_tanki",
        "daisangen",
        "shousuushii",
        "daisuushii",
        "tsuuiisou",
        "ryuuiisou",
        "chinroutou",
        "chuuren",
        "junsei_chuuren",
        "suukantsu",
        "tenhou",
        "chiihou",
        "renhou_yakuman",
    }
)


@dataclass(frozen=True, slots=True)
class Expected:
    """What the rulebook must answer for a case: `mahjong`'s answer read by the rules."""

    wins: bool
    han: int
    fu: int | None  # None: not compared (a yakuman is paid without its fu)
    fu_parts: dict[str, int]  # by the rulebook's label, summed
    fans: dict[str, tuple[int, int]]  # fan id: (count, han)
    limit: str | None
    paid: Payments | None


def _fu_parts(answer: Answer, case: RiichiCase) -> dict[str, int]:
    parts: dict[str, int] = {}
    for reason, fu in answer.fu_parts:
        if reason == "base" and fu == 25:
            reason = "chiitoitsu"
        elif reason == "base" and fu == 30:  # closed ron: 20 and 門前加符 10
            parts[FU_LABELS["menzen"]] = 10
            fu = 20
        label = FU_LABELS[reason]
        parts[label] = parts.get(label, 0) + fu
    return parts


def by_the_rules(case: RiichiCase, answer: Answer) -> Expected:
    """`mahjong`'s answer read through the rulebook's conventions, each with its reason:

    - 数え役満: `mahjong` names a hand of 13 han or more with no yakuman "yakuman" (its
      `calculate_scores` sets "kazoe yakuman", then the han table overwrites it); the
      rulebook names it 数え役満, and 数え三倍満 the "kazoe sanbaiman" left as "sanbaiman"
      (option kazoe sanbaiman).
    - 満貫 under 切り上げ: with `kiriage` on, `mahjong` names no limit for a hand of under 5 han
      whose base points pass 2,000 (it names them only with `kiriage` off), yet pays it a
      満貫; the rulebook names the 満貫 it pays.
    - fu of a yakuman: a yakuman is paid without its fu, which `mahjong` reports from the
      reading it chose (0 for 国士無双); they are not compared.
    """
    if not answer.wins:
        return Expected(False, 0, None, {}, {}, None, None)
    fans = dict(answer.yaku)
    yakuman = bool(YAKUMAN & set(fans))
    level = answer.level
    counted = answer.han >= 13 and not yakuman
    if counted and level == "yakuman" and case.option("kazoe") == "yakuman":
        level = "kazoe yakuman"
    if counted and level == "sanbaiman" and case.option("kazoe") == "sanbaiman":
        level = "kazoe sanbaiman"
    if level == "" and answer.han < 5 and answer.fu * 2 ** (answer.han + 2) > 2000:
        level = "mangan"
    return Expected(
        wins=True,
        han=answer.han,
        fu=None if yakuman else answer.fu,
        fu_parts={} if yakuman else _fu_parts(answer, case),
        fans=fans,
        limit=LIMIT_NAMES[level],
        paid=answer.paid,
    )


@dataclass(frozen=True, slots=True)
class Difference:
    field: str  # win, yaku, value, han, fu, limit, points, error
    key: str  # what to group by: a fan id, a fu label, a limit
    case: RiichiCase
    ours: str
    theirs: str
    ids: tuple[tuple[str, str], ...] = ()  # the rulebook's ids where they differ (rulebook_ids)

    def __str__(self) -> str:
        return (
            f"{self.field} [{self.key}] {self.case.describe()}\n"
            f"    mjc:     {self.ours}\n    mahjong: {self.theirs}\n"
            f"    $ {self.case.command(ids=dict(self.ids))}"
        )


def rulebook_ids(book: Ruleset) -> dict[str, str]:
    """The rulebook's ids of the case's situations and options where they differ from the
    case's (`riichi`, `double_riichi`, `ippatsu`; `OPTION_DEFAULTS`). A situation or an option
    may not share a fan's id (E0102), and the fans are `riichi`, `renhou_yakuman` ... (spec),
    so the rulebook may name them otherwise: its one situation (option) whose id holds the
    case's word is taken — `riichi_declared` for `riichi`, the words of ダブル立直 not counting
    as 立直's; `renhou_limit` for `renhou_yakuman`, by its first word."""
    spec = getattr(book, "spec", None)
    flags = tuple(getattr(spec, "situation_flags", ()))
    options = tuple(o.id for o in getattr(book, "options", ()))
    found: dict[str, str] = {}
    for name in ("riichi", "double_riichi", "ippatsu"):
        like = [f for f in flags if name in f and (name != "riichi" or "double" not in f)]
        if name not in flags and len(like) == 1:
            found[name] = like[0]
    for name in OPTION_DEFAULTS:
        like = [o for o in options if o.split("_")[0] == name.split("_")[0]]
        if options and name not in options and len(like) == 1:
            found[name] = like[0]
    return found


def spec_fan(fan: str) -> str:
    """The spec's id of a rulebook's fan: its own, or the spec's id it begins with
    (`riichi_fan`, `seat_wind_pung`: a fan may not take a situation's or a builtin's name)."""
    if fan in SPEC_FANS:
        return fan
    heads = [f for f in SPEC_FANS if fan.startswith(f + "_")]
    return max(heads, key=len) if heads else fan


SPEC_FANS = frozenset(YAKU_IDS.values())


def score(book: Ruleset, case: RiichiCase, ids: Mapping[str, str] | None = None) -> object:
    """The rulebook's `Score` for the case (raises what `Ruleset.score` raises); `ids` the
    rulebook's ids of its situations and options (`rulebook_ids`)."""
    return book.score(case.notation(), **case.score_args(ids))  # type: ignore[arg-type]


def _ours_text(s: object, case: RiichiCase) -> str:
    if not getattr(s, "win", False):
        return f"no win: {getattr(s, 'reason', None)}"
    fans = " ".join(f"{f.id}×{f.count}={f.value}" for f in getattr(s, "fans", ()))
    parts = " ".join(f"{label} {fu}" for label, fu in getattr(s, "fu_parts", ()) or ())
    return (
        f"{getattr(s, 'total', None)} han {getattr(s, 'fu', None)} fu ({parts}) [{fans}] "
        f"limit {getattr(s, 'limit', None)} points {getattr(s, 'points', None)} "
        f"paid {paid(s, case)}"
    )


def _theirs_text(answer: Answer, expected: Expected) -> str:
    if not answer.wins:
        return f"error {answer.error}"
    fans = " ".join(f"{f}×{c}={h}" for f, (c, h) in expected.fans.items())
    parts = " ".join(f"{label} {fu}" for label, fu in expected.fu_parts.items())
    return (
        f"{answer.han} han {answer.fu} fu ({parts}) [{fans}] limit {expected.limit} "
        f"({answer.level or 'none'}) paid {expected.paid}"
    )


def _summed(parts: object) -> dict[str, int]:
    """The fu parts summed by label, 么 read as 幺 (both are written for 么九 / 幺九)."""
    found: dict[str, int] = {}
    for label, fu in parts or ():  # type: ignore[attr-defined]
        label = label.replace("么", "幺")
        found[label] = found.get(label, 0) + fu
    return found


def paid(s: object, case: RiichiCase) -> Payments | None:
    """What the rulebook's score pays for the case: its `points` made payments."""
    points = getattr(s, "points", None)
    if points is None:
        return None
    return payments(
        points, dealer=case.dealer, self_drawn=case.self_drawn, honba=case.honba, sticks=case.sticks
    )


def compare(
    book: Ruleset,
    case: RiichiCase,
    answer: Answer | None = None,
    ids: Mapping[str, str] | None = None,
) -> list[Difference]:
    """Every way the rulebook's answer for the case differs from `mahjong`'s (`answer`, when
    the caller has it), read by the rules (empty when they agree); `ids` the rulebook's
    situation ids (`rulebook_ids(book)` unless given)."""
    answer = answer or reference(case)
    ids = rulebook_ids(book) if ids is None else ids
    named = tuple(ids.items())
    expected = by_the_rules(case, answer)
    theirs = _theirs_text(answer, expected)
    try:
        s = score(book, case, ids)
    except Exception as exc:  # reported, whatever it is: the comparison goes on
        key = f"{type(exc).__name__}: {str(exc)[:60]}"
        return [Difference("error", key, case, f"{type(exc).__name__}: {exc}", theirs, named)]
    ours = _ours_text(s, case)

    def diff(field: str, key: str) -> Difference:
        return Difference(field, key, case, ours, theirs, named)

    wins = bool(getattr(s, "win", False))
    if not expected.wins or not wins:
        if wins:
            fans = sorted(spec_fan(f.id) for f in s.fans if f.id not in COUNTED)  # type: ignore[attr-defined]
            return [diff("win", f"役なし wins with {'+'.join(fans) or 'nothing'}")]
        if expected.wins:
            return [diff("win", f"no win: {str(getattr(s, 'reason', None))[:60]}")]
        return []
    found: list[Difference] = []
    mine = {spec_fan(f.id): (f.count, f.value) for f in s.fans}  # type: ignore[attr-defined]
    for fan in sorted(set(mine) | set(expected.fans)):
        a, b = mine.get(fan), expected.fans.get(fan)
        if a is None:
            found.append(diff("yaku", f"-{fan}"))
        elif b is None:
            found.append(diff("yaku", f"+{fan}"))
        elif a[0] != b[0]:
            found.append(diff("yaku", f"{fan} ×{a[0]} not ×{b[0]}"))
        elif a[1] != b[1]:
            found.append(diff("value", f"{fan} {a[1]} not {b[1]}"))
    fans_agree = not found
    total = getattr(s, "total", None)
    if total != expected.han:
        by = f"{total - expected.han:+d}" if isinstance(total, int) else str(total)
        found.append(diff("han", f"{by}, {'fans agree' if fans_agree else 'as the fans'}"))
    fu = getattr(s, "fu", None)
    if expected.fu is not None and fu != expected.fu:
        parts = _summed(getattr(s, "fu_parts", ()))
        labels = sorted(set(parts) | set(expected.fu_parts))
        odd = [
            f"{x} {parts.get(x, 0)} not {expected.fu_parts.get(x, 0)}"
            for x in labels
            if parts.get(x, 0) != expected.fu_parts.get(x, 0)
        ]
        found.append(diff("fu", "; ".join(odd) or f"rounding {fu} not {expected.fu}"))
    limit = getattr(s, "limit", None)
    if limit != expected.limit:
        found.append(diff("limit", f"{limit} not {expected.limit}"))
    if paid(s, case) != expected.paid:
        rest = "han, fu and limit agree" if not found else "as the rest"
        found.append(diff("points", f"{limit or 'no limit'}, {rest}"))
    return found


# ---------------------------------------------------------------------------- the report

FIELDS = ("error", "win", "yaku", "value", "han", "fu", "limit", "points")


@dataclass
class Tally:
    """The counts of a run, and up to `keep` examples of each field: one of each key first
    (the most kinds of difference), then more of those seen."""

    keep: int = 10
    cases: int = 0
    agreed: int = 0
    refused: int = 0  # cases `mahjong` refuses (役なし)
    fields: dict[str, Counter[str]] = dataclasses.field(default_factory=dict)
    firsts: dict[str, list[Difference]] = dataclasses.field(default_factory=dict)  # one of each key
    spares: dict[str, list[Difference]] = dataclasses.field(default_factory=dict)

    def add(self, refused: bool, found: list[Difference]) -> None:
        self.cases += 1
        self.refused += refused
        self.agreed += not found
        for d in found:
            self.fields.setdefault(d.field, Counter())[d.key] += 1
            firsts = self.firsts.setdefault(d.field, [])
            if all(e.key != d.key for e in firsts):
                if len(firsts) < self.keep:
                    firsts.append(d)
            elif len(spares := self.spares.setdefault(d.field, [])) < self.keep:
                spares.append(d)

    def examples(self, field: str) -> list[Difference]:
        firsts = self.firsts.get(field, [])
        return firsts + self.spares.get(field, [])[: self.keep - len(firsts)]


def run(
    book: Ruleset,
    hands: int,
    seed: int,
    keep: int = 10,
    red_fives: str = "concealed",
    aim: str | None = None,
) -> Tally:
    """Compare `hands` cases drawn from `seed` (all of `aim`, when given), keeping `keep`
    examples of each field."""
    rng = random.Random(seed)
    tally = Tally(keep)
    ids = rulebook_ids(book)
    for _ in range(hands):
        case = riichi_case(rng, red_fives, aim)
        answer = reference(case)
        tally.add(not answer.wins, compare(book, case, answer, ids))
    return tally


def report(tally: Tally, groups: int = 8, only: str | None = None) -> str:
    share = 100 * tally.agreed / max(1, tally.cases)
    lines = [
        f"cases {tally.cases} (役なし {tally.refused})  agree {tally.agreed} ({share:.2f} %)"
        f"  differ {tally.cases - tally.agreed}"
    ]
    for field in FIELDS:
        counts = tally.fields.get(field)
        if not counts or (only and field != only):
            continue
        top = ", ".join(f"{key} ({n})" for key, n in counts.most_common(groups))
        more = len(counts) - groups
        lines.append(
            f"  {field:<7}{sum(counts.values()):>7}  {top}{f', +{more} more' if more > 0 else ''}"
        )
    for field in FIELDS:
        examples = tally.examples(field)
        if not examples or (only and field != only):
            continue
        lines.append(f"\n-- {field}: {len(examples)} example(s)")
        lines.extend(str(d) for d in examples)
    return "\n".join(lines)


def _load(name: str) -> Ruleset | str:
    """The rulebook, or why it cannot be had."""
    from mjc.compiler.loader import RulebookNotFound, load

    try:
        loaded = load(name)
    except RulebookNotFound as exc:
        return str(exc)
    if loaded.ruleset is None:
        problems = [d.message for d in loaded.compilation.diagnostics][:5]
        return f"{name} does not compile: " + " | ".join(problems)
    return loaded.ruleset


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.riichi_agreement", description=__doc__)
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=24)
    parser.add_argument("--rulebook", default="riichi", help="a bundled name or a .mjr path")
    parser.add_argument("--examples", type=int, default=10, help="examples kept per field")
    parser.add_argument("--field", choices=FIELDS, help="report this field only")
    parser.add_argument(
        "--red-fives",
        choices=RED_FIVES,
        default="concealed",
        help="where red fives (0m) may be: among the concealed tiles (default), in melds "
        "too, or nowhere",
    )
    parser.add_argument("--aim", choices=AIM_NAMES, help="draw only hands of this aim")
    args = parser.parse_args(argv)
    book = _load(args.rulebook)
    if isinstance(book, str):
        print(f"riichi agreement: {book}", file=sys.stderr)
        return 2
    start = time.perf_counter()
    tally = run(book, args.hands, args.seed, args.examples, args.red_fives, args.aim)
    took = time.perf_counter() - start
    print(f"{args.rulebook} against mahjong's HandCalculator, seed {args.seed}, {took:.1f} s")
    if ids := rulebook_ids(book):
        print("named: " + ", ".join(f"{a} as {b}" for a, b in ids.items()))
    print(report(tally, only=args.field))
    return 0 if tally.agreed == tally.cases else 1


if __name__ == "__main__":
    sys.exit(main())
