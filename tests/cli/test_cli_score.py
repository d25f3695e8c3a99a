"""`mjc score` explaining itself (steps, repeated fans, wilds, the winning tile, `--explain`),
refusing situations that cannot hold, and scoring many hands as JSON lines (`--batch`)."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest

from mjc.compiler.cli.commands import main


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_done_when_explain_shows_zi_yi_se_drops_da_si_xi(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """字一色 + 大四喜: `mjc score --explain` shows which fans were dropped and by what."""
    code, out, _ = run(capsys, "score", "guangdong", "111z222z333z444z55z", "--explain")
    assert code == 0
    assert "dropped:" in out
    assert "大四喜 (big_four_winds) — outranked by 字一色 (all_honours)" in out
    assert "碰碰胡 (all_pungs) — its tier overridden by 字一色 (all_honours)" in out


def test_explain_json_lists_the_suppressed_fans(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "score", "guangdong", "111z222z333z444z55z", "--explain", "--json")
    result = json.loads(out)
    assert code == 0 and result["total"] == 64
    by = {s["id"]: s["by"] for s in result["suppressed"]}
    assert by["big_four_winds"] == "all_honours"


def test_text_golden_steps_repeated_fan_and_winning_tile(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(capsys, "score", "guangdong", "555z666z123m456m11m")
    assert code == 0
    assert out == (
        "广东鸡平胡 (guangdong): standard — 1*23m 456m 555z 666z 11m\n"
        "  混一色    4  [within]  Mixed One Suit\n"
        "  三元牌  1 each × 2 = 2  [within]  Dragon Pung\n"
        "  门前清    1  [within]  Concealed Hand\n"
        "steps:\n"
        "  sum         7  → 7     within\n"
        "  ceiling     4  → 4     within\n"
        "total: 4 番 (capped)\n"
    )


def test_text_shows_the_floor_step_by_its_scoring_line(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, "score", "guangdong", "123m456p22z [789s] [9999m]", "--situation", "kong_bloom"
    )
    assert code == 0 and re.search(r"floor       4  → 4     floor@guangdong\.mjr#1\n", out)


def test_text_shows_a_wild_as_the_tile_it_stands_for(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, "score", "chaozhou", "123m456m789m5z55m12m", "--option", "鬼牌=白板做鬼"
    )
    assert code == 0 and "wilds: 5z→3m" in out and "2*" in out


def test_json_has_the_winning_tile_and_the_substitutions(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(
        capsys, "score", "chaozhou", "123m456m789m55m12m5z", "--option", "鬼牌=白板做鬼", "--json"
    )
    result = json.loads(out)
    assert code == 0
    assert result["win_tile"] == "5z" and result["substitutions"] == [{"wild": "5z", "as": "3m"}]


@pytest.mark.parametrize(
    "args",
    [
        ["--situation", "heavenly"],
        ["--situation", "earthly", "--dealer"],
        ["--situation", "kong_bloom"],
        ["--situation", "robbing_kong", "--self-drawn"],
    ],
)
def test_situations_that_cannot_hold_are_exit_2_with_one_line(
    capsys: pytest.CaptureFixture[str], args: list[str]
) -> None:
    """天胡 without the dealer, 地胡 for the dealer, 杠上开花 with no kong, 抢杠 self-drawn."""
    code, out, err = run(capsys, "score", "guangdong", "123m456p789s999m22z", *args)
    assert code == 2 and out == ""
    assert err.startswith("mjc: error[E0601]: ") and err.count("\n") == 1


@pytest.mark.parametrize(
    ("rulebook", "hand", "situation", "says"),
    [
        ("guangdong", "123m456p789s22z [111m]", "human", "before any meld is declared; here"),
        (
            "mcr",
            "2p3p3p4p4p5p5p5p6p7p8p1f2f3f [789p]",
            "robbing_kong",
            "presumes `copies(winning_tile) == 1`",
        ),
    ],
)
def test_situations_whose_hand_cannot_have_been_won_so_are_exit_2(
    capsys: pytest.CaptureFixture[str], rulebook: str, hand: str, situation: str, says: str
) -> None:
    """人胡 (a win on the dealer's first discard) with a declared meld, or 抢杠 on a tile the
    hand also holds in a meld (the robbed seat held the other three): impossible, not
    scored."""
    win = "7p" if rulebook == "mcr" else "2z"
    code, out, err = run(capsys, "score", rulebook, hand, "--win", win, "--situation", situation)
    assert code == 2 and out == "" and says in err and err.count("\n") == 1


BATCH = [
    '{"hand": "222m345m666m789m55m"}',
    "not json",
    '{"hand": "123m456p789s999m22z", "situations": ["heavenly"]}',
    "",
    '{"hand": "1122m3344p5566s77z", "options": {"seven_pairs": "on"}, "self_drawn": true}',
    '{"hand": "123m456p789s345s22z", "colour": "red"}',
    '{"hand": "123m456p789s345s22z", "dealer": "yes"}',
    '["hand"]',
    '{"hand": "123m456p789s345s22z", "seat_wind": "S", "round_wind": "S", "win": "2z"}',
]


def _batch(capsys: pytest.CaptureFixture[str], path: Path, *extra: str) -> tuple[int, list[str]]:
    path.write_text("\n".join(BATCH) + "\n", encoding="utf-8")
    code, out, err = run(capsys, "score", "guangdong", "--batch", str(path), *extra)
    assert err == ""
    return code, out.splitlines()


def test_batch_prints_one_result_per_line_and_errors_in_place(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, lines = _batch(capsys, tmp_path / "hands.jsonl")
    results = [json.loads(line) for line in lines]
    assert code == 1  # some lines could not be scored
    assert len(results) == len([line for line in BATCH if line])
    assert results[0]["total"] == 16 and results[0]["fans"][0]["name"] == "清一色"
    assert results[1]["line"] == 2 and results[1]["error"].startswith("not JSON")
    assert results[2]["line"] == 3 and "dealer" in results[2]["error"]
    assert results[3]["shape"] == "seven_pairs"
    assert results[4]["line"] == 6 and "unknown field 'colour'" in results[4]["error"]
    assert results[5]["line"] == 7 and '"dealer" must be true or false' in results[5]["error"]
    assert results[6]["line"] == 8 and "JSON object" in results[6]["error"]
    assert results[7]["win_tile"] == "2z" and results[7]["win"] is True


def test_batch_results_equal_single_hand_results(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    _, lines = _batch(capsys, tmp_path / "hands.jsonl")
    code, out, _ = run(capsys, "score", "guangdong", "222m345m666m789m55m", "--json")
    assert code == 0 and json.loads(lines[0]) == json.loads(out)


def test_batch_flags_are_every_lines_defaults(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "one.jsonl"
    path.write_text('{"hand": "123m456p789s345s22z"}\n', encoding="utf-8")
    _, out, _ = run(capsys, "score", "guangdong", "--batch", str(path), "--self-drawn")
    assert "self_drawn_fan" in {f["id"] for f in json.loads(out)["fans"]}


def test_batch_reads_standard_input(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO('{"hand": "222m345m666m789m55m"}\n'))
    code, out, _ = run(capsys, "score", "guangdong", "--batch", "-", "--explain")
    result = json.loads(out)
    assert code == 0 and result["total"] == 16 and "suppressed" in result


@pytest.mark.parametrize(
    "args",
    [
        ["score", "guangdong"],
        ["score", "guangdong", "123m456p789s345s22z", "--batch", "-"],
        ["score", "guangdong", "--batch", "-", "--win", "2z"],
        ["score", "guangdong", "--batch", "/nowhere/hands.jsonl"],
    ],
)
def test_batch_usage_errors_are_exit_2(capsys: pytest.CaptureFixture[str], args: list[str]) -> None:
    code, out, err = run(capsys, *args)
    assert code == 2 and out == "" and err.startswith("mjc: error: ")
