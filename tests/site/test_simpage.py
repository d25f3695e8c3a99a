"""The report's page and charts (`mjc.compiler.site.simpage`, `mjc.compiler.site.simcharts`): SVG
that is byte-stable, rulebook text that stays text in the page and in the charts, and the docs'
balance page. Rounds come from the test double `sim_double.fake_round`."""

from __future__ import annotations

from functools import cache

import pytest
from sim_double import fake_round, load_ruleset

from mjc.compiler.site import simpage
from mjc.compiler.site.simcharts import charts, fan_chart
from mjc.compiler.site.simpage import balance_page, report_markdown, report_page
from mjc.runtime.sim.report import BalanceReport, CompareReport
from mjc.runtime.sim.run import Job, Variant
from mjc.runtime.sim.simulation import simulate


@cache
def _report() -> BalanceReport:
    job = Job((Variant("base", "guangdong"),), 4, 1, 150, ("random",), load_ruleset, fake_round)
    report = simulate(job)
    assert isinstance(report, BalanceReport)
    return report


def _hostile(report: BalanceReport) -> BalanceReport:
    """The report with a fan named like markup, mathtext and a table cell break."""
    first = report.fans[0].model_copy(update={"name": "<script>x</script> $\\alpha$ | **b**"})
    return report.model_copy(update={"fans": [first, *report.fans[1:]]})


def test_charts_are_byte_identical_when_drawn_again() -> None:
    first = charts(_report())
    assert set(first) == {"fans.svg", "values.svg", "seats.svg"}
    assert charts(_report()) == first


def test_charts_carry_no_date() -> None:
    assert all("<dc:date>" not in svg for svg in charts(_report()).values())


def test_a_fan_name_is_text_in_the_chart_not_markup_or_mathtext() -> None:
    svg = fan_chart(_hostile(_report()))
    assert "<script>" not in svg
    assert "&lt;script&gt;x&lt;/script&gt; $\\alpha$" in svg


def test_a_fan_name_is_text_on_the_page() -> None:
    page = report_markdown(_hostile(_report()), None)
    row = next(line for line in page.splitlines() if "script" in line)
    assert "<script>" not in row and "**b**" not in row
    assert row.count(" | ") == 5  # the name's `|` does not split its cell


def test_report_page_links_the_charts_it_returns() -> None:
    page, svgs = report_page(_report(), charts_dir="img/")
    assert svgs and all(f"](img/{name})" in page for name in svgs)


def test_comparison_page_has_a_chart_of_differences() -> None:
    variants = (Variant("base", "chaozhou"), Variant("guangdong", "guangdong"))
    report = simulate(Job(variants, 4, 1, 80, ("random",), load_ruleset, fake_round))
    assert isinstance(report, CompareReport)
    page, svgs = report_page(report)
    assert "v1-differences.svg" in svgs and "](charts/v1-differences.svg)" in page
    assert "## guangdong beside base" in page


def test_balance_page_simulates_the_rulebook_defaults(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(simpage, "engine_play_round", lambda: fake_round)
    ruleset = load_ruleset("shanghai")
    page, svgs = balance_page(ruleset, 60, 3)
    assert page.startswith("# Balance of ")
    # A game is one round: counted once, not "60 rounds of 60 games".
    assert ": 60 games (one round each), seed" in page and "rounds of" not in page
    assert set(svgs) == {"fans.svg", "values.svg", "seats.svg"}
    assert balance_page(ruleset, 60, 3) == (page, svgs)
    assert "Whole matches" not in page  # 上海's matches have no length


def test_balance_page_of_a_rulebook_with_a_match_length_plays_whole_matches(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Riichi's 半荘: one match for every ten games, played by the game engine, reported as
    `mjc simulate --matches` reports them; the same page every time."""
    monkeypatch.setattr(simpage, "engine_play_round", lambda: fake_round)
    ruleset = load_ruleset("riichi")
    page, _ = balance_page(ruleset, 20, 3)
    matches = page[page.index("## Whole matches") :]
    assert "2 matches of the defaults, as `mjc simulate riichi --matches 2` plays" in matches
    assert "```text\n" in matches and matches.rstrip().endswith("```")
    assert (
        "rounds per match" in matches
        and "seat from dealer" in matches
        and "by its length" in matches
    )
    assert balance_page(ruleset, 20, 3)[0] == page


def test_a_report_line_cannot_close_the_page_fence() -> None:
    block = simpage._text_block("fan ```\n</pre><script>x</script>\n~~~ end")
    assert block.count("```") == 2 and "~~~" not in block


def test_balance_files_put_each_page_beside_its_charts(monkeypatch: pytest.MonkeyPatch) -> None:
    from mjc.compiler.site.simpage import balance_files

    monkeypatch.setattr(simpage, "engine_play_round", lambda: fake_round)
    files = balance_files([load_ruleset("guangdong")], 30, 1)
    page = files["rulebooks/guangdong-balance.md"]
    charts_of = [p for p in files if p.startswith("rulebooks/balance/")]
    names = ("fans.svg", "values.svg", "seats.svg")
    assert charts_of == [f"rulebooks/balance/guangdong-{n}" for n in names]
    assert all(f"](balance/{p.rsplit('/', 1)[1]})" in page for p in charts_of)


def test_the_report_schema_is_published_in_the_docs() -> None:
    import argparse
    import json

    from mjc.compiler.site.build import site_files
    from mjc.runtime.sim.report import report_json_schema

    files = site_files([], argparse.ArgumentParser())
    assert json.loads(files["reference/simulate.schema.json"]) == report_json_schema()
