"""The balance report as a Markdown page with its charts, and the docs' balance page.

Input is the report models of `mjc.runtime.sim.report` (and for `balance_page`, a ruleset to
simulate). Output is Markdown whose every string from a rulebook (fan names, rule ids, option
values, labels) goes through `mjc.compiler.docs.mdtext.text`, so it shows as written and never
becomes markup; and the charts of `mjc.compiler.site.simcharts` as SVG files the page links to.
`mjc simulate --out DIR` writes `report_page`; `mjc docs` is to put `balance_page` beside
each rulebook's page, simulated by the game engine (`engine_play_round`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from mjc.compiler.docs.mdtext import Md, code, text, verbatim
from mjc.compiler.site.simcharts import CHARTS_MISSING, charts, charts_available
from mjc.runtime import Ruleset
from mjc.runtime.sim.matches import PlayMatch
from mjc.runtime.sim.matchreport import MatchCompareReport, MatchReport, SimReport
from mjc.runtime.sim.report import BalanceReport, CompareReport, Mean, Rate, SeatRow
from mjc.runtime.sim.rounds import PlayRound
from mjc.runtime.sim.text import games_played, sim_text

__all__ = [
    "BALANCE_BOTS",
    "balance_files",
    "balance_page",
    "engine_play_round",
    "report_markdown",
    "report_page",
]

# Greedy bots play the docs' balance simulations: random ones seldom win (about 1 round in
# 50), which would tell a designer nothing about how the fans are reached.
BALANCE_BOTS = ("greedy",)


def _pct(value: float | None) -> str:
    return "–" if value is None else f"{100 * value:.2f}%"


def _num(value: float | None, digits: int = 2) -> str:
    return "–" if value is None else f"{value:.{digits}f}"


def _rate(r: Rate) -> list[str]:
    return [f"{r.count}/{r.of}", _pct(r.rate), f"{_pct(r.low)} – {_pct(r.high)}"]


def _mean(m: Mean) -> list[str]:
    return [_num(m.mean), f"{_num(m.low)} – {_num(m.high)}"]


def _table(header: Sequence[str], rows: Sequence[Sequence[object]]) -> list[Md]:
    """A Markdown table; every cell is escaped text unless it is `Md` already."""
    line = Md("| ") + Md(" | ").join(text(h) for h in header) + Md(" |")
    rule = Md("|" + "|".join("---" for _ in header) + "|")
    body = [Md("| ") + Md(" | ").join(text(c) for c in row) + Md(" |") for row in rows]
    return [line, rule, *body]


def _seat_rows(rows: Sequence[SeatRow]) -> list[list[object]]:
    return [
        [
            f"seat {r.seat}" if r.seat is not None else r.bot,
            r.rounds,
            *_mean(r.delta),
            *_mean(r.gain),
            *_mean(r.loss),
        ]
        for r in rows
    ]


def report_markdown(report: BalanceReport, charts_dir: str | None, prefix: str = "") -> str:
    """One variant's report as Markdown; with `charts_dir`, its charts (`prefix` + name)
    are shown from there."""
    run = report.run
    options = ", ".join(f"{k}={v}" for k, v in sorted(run.options.items())) or "defaults"
    out: list[Md] = [
        Md("{} ({}) {}: {}, seed {}, {} players, bots {}, options {}.").format(
            code(run.rulebook.id),
            run.rulebook.title,
            run.rulebook.version,
            games_played(report.rounds, run.games),
            run.seed,
            run.players,
            ", ".join(run.bots),
            options,
        ),
        Md(""),
        Md("Each figure has its 95 % interval (Wilson for rates, Student's t for means)."),
        Md(""),
        Md("### How rounds end"),
        Md(""),
    ]
    o = report.outcomes
    out += _table(
        ["outcome", "rounds", "rate", "95 % interval"],
        [[name, *_rate(r)] for name, r in o.named()],
    )
    v = report.values
    quantiles = ", ".join(f"{k} {'–' if q is None else q}" for k, q in v.quantiles.items())
    out += [
        Md(""),
        Md("### Value of a winning hand"),
        Md(""),
        Md("Mean {} {} (95 %: {} – {}), standard deviation {}; quantiles {}.").format(
            _num(v.mean.mean),
            v.unit,
            _num(v.mean.low),
            _num(v.mean.high),
            _num(v.mean.sd),
            quantiles,
        ),
        Md(""),
    ]
    if charts_dir is not None:
        out += [_image(charts_dir, prefix + "values.svg", "value histogram"), Md("")]
    out += _table(
        ["total", "hands"],
        [[str(b.low) if b.low == b.high else f"{b.low}–{b.high}", b.count] for b in v.histogram],
    )
    out += [Md(""), Md("### Fans"), Md("")]
    if charts_dir is not None:
        out += [_image(charts_dir, prefix + "fans.svg", "fan frequencies"), Md("")]
    out += _table(
        ["fan", "id", "value", "hands", "share", "95 % interval"],
        [[f.name, code(f.id), f.value, *_rate(f.hands)] for f in report.fans],
    )
    out += [Md(""), Md("### Scoring steps that fire"), Md("")]
    out += _table(
        ["step", "rule", "hands", "share", "95 % interval"],
        [[s.kind, code(s.rule), *_rate(s.hands)] for s in report.steps],
    )
    out += [Md(""), Md("### Gains and losses"), Md("")]
    if charts_dir is not None:
        out += [_image(charts_dir, prefix + "seats.svg", "gains by seat"), Md("")]
    header = ["rounds", "delta", "95 %", "gain", "95 %", "loss", "95 %"]
    out += _table(["seat", *header], _seat_rows(report.seats))
    out.append(Md(""))
    out += _table(["bot", *header], _seat_rows(report.bots))
    out += [Md(""), Md("### Payments by kind (horses, liability, …)"), Md("")]
    out += _table(
        ["payment", "rounds", "rate", "95 % interval", "per round", "95 % interval"],
        [[p.kind, *_rate(p.rounds), *_mean(p.amount)] for p in report.payments],
    )
    if report.failed:
        out += [Md(""), Md("### Games that failed"), Md("")]
        failures = [[f.index, f.seed, f.error] for f in report.failures]
        out += _table(["game", "seed", "error"], failures)
    return "\n".join(out) + "\n"


def _image(folder: str, name: str, alt: str) -> Md:
    return Md("![{}]({}{})").format(alt, Md(folder), Md(name))


def _compare_markdown(report: CompareReport, charts_dir: str | None) -> str:
    base = report.variants[0]
    out: list[Md] = [
        Md("{} settings played on the same {} games (seed {}); the baseline is {}.").format(
            len(report.variants), report.games, report.seed, code(base.label)
        ),
        Md(""),
        Md("**supported**: the 95 % interval of the difference excludes 0."),
    ]
    for number, variant in enumerate(report.variants[1:], start=1):
        out += [Md(""), Md("## {} beside {}").format(variant.label, base.label), Md("")]
        if charts_dir is not None:
            out += [_image(charts_dir, f"v{number}-differences.svg", "differences"), Md("")]
        out += _table(
            ["figure", "base", "variant", "difference", "95 % interval", "paired", "supported"],
            [
                [
                    d.label,
                    _num(d.base, 3),
                    _num(d.value, 3),
                    _num(d.difference, 3),
                    f"{_num(d.low, 3)} – {_num(d.high, 3)}",
                    "yes" if d.paired else "no",
                    Md("**yes**") if d.supported else "no",
                ]
                for d in variant.differences
            ],
        )
    text_out = "\n".join(out) + "\n"
    for number, variant in enumerate(report.variants):
        text_out += "\n" + str(Md("## {}").format(variant.label)) + "\n\n"
        text_out += report_markdown(variant.report, charts_dir, f"v{number}-")
    return text_out


def report_page(report: SimReport, charts_dir: str = "charts/") -> tuple[str, dict[str, str]]:
    """The report as a Markdown page and its charts (file name -> SVG) to put in
    `charts_dir`; without matplotlib, no charts and a line saying how to get them. A report
    of whole matches shows its text, then (one setting) its rounds' report with their charts."""
    if isinstance(report, MatchReport | MatchCompareReport):
        return _match_page(report, charts_dir)
    svgs = charts(report) if charts_available() else {}
    where = charts_dir if svgs else None
    title = "Simulation" if isinstance(report, CompareReport) else "Balance"
    head = f"# {title} report\n\n" + ("" if svgs else f"({CHARTS_MISSING})\n\n")
    if isinstance(report, CompareReport):
        return head + _compare_markdown(report, where), svgs
    return head + report_markdown(report, where), svgs


def _match_page(
    report: MatchReport | MatchCompareReport, charts_dir: str
) -> tuple[str, dict[str, str]]:
    """A report of whole matches as a page: its text as it is printed, and for one setting the
    balance report of its rounds with their charts."""
    rounds = report.rounds if isinstance(report, MatchReport) else None
    svgs = charts(rounds) if rounds is not None and charts_available() else {}
    page = "# Match report\n\n" + _text_block(sim_text(report))
    if rounds is not None:
        page += "\n## The rounds of these matches\n\n"
        page += ("" if svgs else f"({CHARTS_MISSING})\n\n") + report_markdown(
            rounds, charts_dir if svgs else None
        )
    return page, svgs


def _text_block(report: str) -> str:
    """A report's text as a fenced block: no line of it (fan names, labels: rulebook text)
    can close the fence."""
    return "```text\n" + "\n".join(verbatim(line) for line in report.splitlines()) + "\n```\n"


def engine_play_match() -> PlayMatch:
    """The game engine's match player (`mjc.runtime.sim.play.play_match`), imported when a
    page is made."""
    from mjc.runtime.sim.play import play_match

    return play_match


def engine_play_round() -> PlayRound:
    """The game engine's round player (`mjc.runtime.sim.play.play_round`), which the balance
    pages are simulated with; imported when a page is made, since `mjc build` makes none."""
    from mjc.runtime.sim.play import play_round

    return play_round


def balance_page(
    ruleset: Ruleset, games: int, seed: int, charts_dir: str = "charts/"
) -> tuple[str, dict[str, str]]:
    """The docs' balance page of a rulebook: its defaults simulated for `games` games with
    `seed` in this process, as Markdown and its charts (file name -> SVG)."""
    from mjc.runtime.sim.run import Job, Variant
    from mjc.runtime.sim.simulation import simulate

    def same(_: str) -> Ruleset:
        return ruleset  # one process: the ruleset needs no loading by name

    players = 4 if 4 in ruleset.players else max(ruleset.players)
    variant = Variant("defaults", ruleset.id)
    job = Job((variant,), players, seed, games, BALANCE_BOTS, same, engine_play_round())
    report = simulate(job, workers=1)
    assert isinstance(report, BalanceReport)
    svgs = charts(report) if charts_available() else {}
    title = Md("# Balance of {}").format(ruleset.title)
    body = report_markdown(report, charts_dir if svgs else None)
    page = f"{title}\n\n{body}"
    matches = games // 10  # a 半荘 is some ten rounds: one match for every ten games
    if matches and ruleset.turn_rules(ruleset.resolve_options({}, players=players)).match_winds:
        played = simulate(
            replace(job, games=matches, play=engine_play_match(), matches=True), workers=1
        )
        assert isinstance(played, MatchReport)
        command = code(f"mjc simulate {ruleset.id} --matches {matches}")  # Markdown, not text
        page += f"\n## Whole matches\n\n{matches} matches of the defaults, as {command} plays "
        page += f"them:\n\n{_text_block(sim_text(played))}"
    return page, svgs


def balance_files(rulesets: Sequence[Ruleset], games: int, seed: int) -> dict[str, str]:
    """The docs' balance pages of the rulesets, by path below `docs/generated/`: each
    rulebook's `rulebooks/ID-balance.md` and its charts in `rulebooks/balance/`. For the docs
    build (`mjc.compiler.site.build`) once the game engine is there."""
    files: dict[str, str] = {}
    for ruleset in rulesets:
        page, svgs = balance_page(ruleset, games, seed, charts_dir=f"balance/{ruleset.id}-")
        files[f"rulebooks/{ruleset.id}-balance.md"] = page
        for name, svg in svgs.items():
            files[f"rulebooks/balance/{ruleset.id}-{name}"] = svg
    return files
