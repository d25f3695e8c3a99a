"""`mjc waits RULEBOOK HAND`: the winning tiles with their scores, the shanten of a hand not
ready, JSON, and one-line errors (exit 2) for bad input."""

from __future__ import annotations

import json

import pytest

from mjc.compiler.cli.commands import main


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_prints_each_winning_tile_with_its_total_and_fans(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(capsys, "waits", "guangdong", "222m345m666m789m5m")
    assert code == 0
    lines = out.splitlines()
    assert "ready on 4 tiles" in lines[0]
    assert [line.split()[0] for line in lines[1:]] == ["2m", "4m", "5m", "7m"]
    assert all("16 番" in line and "清一色" in line for line in lines[1:])


def test_a_hand_not_ready_prints_its_shanten(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "waits", "guangdong", "147m258p369s1234z")
    assert code == 0 and "not ready: shanten" in out


def test_json_is_waits_as_dict(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "waits", "guangdong", "222m345m666m789m5m", "--json")
    data = json.loads(out)
    assert code == 0 and data["shanten"] == 0
    assert [w["tile"] for w in data["waits"]] == ["2m", "4m", "5m", "7m"]


def test_wilds_from_the_indicator_and_a_refused_win(capsys: pytest.CaptureFixture[str]) -> None:
    """百色 大转: the indicator 1s makes 2s the wild, which may not be won off a discard."""
    args = ["waits", "baise", "123m456m789p13s1s2s", "--option", "王牌=大转", "--indicator", "1s"]
    code, out, _ = run(capsys, *args)
    assert code == 0
    line = next(line for line in out.splitlines() if line.strip().startswith("2s"))
    assert "(wild)" in line and "no win here" in line
    code, out, _ = run(capsys, *args, "--self-drawn")
    line = next(line for line in out.splitlines() if line.strip().startswith("2s"))
    assert "no win here" not in line


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("guangdong", "12x"), "bad tile '2x'"),
        (("guangdong", "222m345m666m789m55m"), "13 tiles"),
        (("guangdong", "222m345m666m789m5m", "--option", "no_such=1"), "no_such"),
        (("guangdong", "222m345m666m789m5m", "--wild", "5z"), "has no wild tiles"),
        (("baise", "123m456m789p13s1s2s", "--option", "王牌=大转"), "indicator"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], args: tuple[str, ...], message: str
) -> None:
    code, out, err = run(capsys, "waits", *args)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and message in err


def test_waits_score_each_win_in_the_situation_named(capsys: pytest.CaptureFixture[str]) -> None:
    """人胡 on the dealer's first discard: each wait scores as that win (64 番 in 广东)."""
    code, out, _ = run(capsys, "waits", "guangdong", "123m456p789s2z111m", "--situation", "human")
    assert code == 0 and "64 番" in out and "人胡" in out


def test_waits_refuse_a_situation_that_cannot_hold(capsys: pytest.CaptureFixture[str]) -> None:
    """人胡 is won before any meld: a hand with a declared pung cannot be waiting for one."""
    code, out, err = run(
        capsys, "waits", "guangdong", "123m456p789s2z [111m]", "--situation", "human"
    )
    assert code == 2 and out == ""
    assert err.startswith("mjc: error[E0601]: 人胡 (human) presumes `len(declared) == 0`")


def test_discards_say_the_hand_is_furiten_when_a_wait_is_among_them(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(capsys, "waits", "riichi", "23p456p789s234s55s", "--discards", "9m4p")
    assert code == 0 and out.splitlines()[-1].startswith("振聴 (furiten): 4p among the discards")
    code, out, _ = run(
        capsys, "waits", "riichi", "23p456p789s234s55s", "--discards", "9m1z", "--json"
    )
    assert json.loads(out)["furiten"] == {
        "discards": ["9m", "1z"],
        "waits_discarded": [],
        "furiten": False,
    }


def test_discards_that_are_no_tiles_are_refused_in_one_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, _, err = run(capsys, "waits", "riichi", "23p456p789s234s55s", "--discards", "4x")
    assert code == 2 and err.count("\n") == 1 and "--discards" in err


def test_discards_are_seen_tiles_and_a_red_five_among_them_is_its_five(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # 23456p waits on 1p, 4p and 7p; two 4p and a red 5p discarded: one 4p left, 振聴 on 4p
    code, out, _ = run(
        capsys, "waits", "riichi", "23p456p789s234s55s", "--discards", "44p0p", "--json"
    )
    document = json.loads(out)
    remaining = {w["tile"]: w["remaining"] for w in document["waits"]}
    assert code == 0 and remaining == {"1p": 4, "4p": 1, "7p": 4}
    assert document["furiten"]["discards"] == ["4p", "4p", "5p"]
    assert document["furiten"]["waits_discarded"] == ["4p"]
