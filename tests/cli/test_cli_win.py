"""The winning tile named apart means one thing in `mjc score --win`, a `--batch` line's
`"win"` and `mjc waits --win`: added to a hand of 13 tiles (whatever copies it holds already),
one of the concealed tiles of a whole hand of 14 (the one that came last). The same hand and
tile give the same score, or the same one-line error, through all three."""

from __future__ import annotations

import io
import json

import pytest

from mjc.compiler.cli.commands import main
from mjc.runtime.tiles.hand import HandError, hand_won_on, parse_hand

THIRTEEN = "123m456m789m123p5s"  # waits on 5s alone
WHOLE = "123m456m789m123p55s"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def score_json(capsys: pytest.CaptureFixture[str], hand: str, win: str) -> dict[str, object]:
    code, out, err = run(capsys, "score", "guangdong", hand, "--win", win, "--json")
    assert code == 0, err
    document: dict[str, object] = json.loads(out)
    return document


def batch(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, *lines: dict[str, str]
) -> list[dict[str, object]]:
    text = "".join(json.dumps(line) + "\n" for line in lines)
    monkeypatch.setattr("sys.stdin", io.StringIO(text))
    main(["score", "guangdong", "--batch", "-"])
    return [json.loads(line) for line in capsys.readouterr().out.splitlines()]


def test_a_hand_of_thirteen_has_the_tile_added_even_when_it_holds_a_copy(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    added = score_json(capsys, THIRTEEN, "5s")  # 5s is among the 13 tiles: added all the same
    whole = score_json(capsys, WHOLE, "5s")
    assert added["win"] is True and added == whole
    [line] = batch(capsys, monkeypatch, {"hand": THIRTEEN, "win": "5s"})
    assert line == whole
    code, out, _ = run(capsys, "waits", "guangdong", THIRTEEN, "--win", "5s", "--json")
    assert code == 0 and json.loads(out)["win"]["wait"]["score"] == whole


def test_a_tile_the_thirteen_do_not_hold_is_added_too(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    hand = "123m456m789m123p5s".replace("5s", "4s")  # waits on 4s: 4s added makes the pair
    added = score_json(capsys, hand, "4s")
    assert added["win"] is True and added["win_tile"] == "4s"
    assert batch(capsys, monkeypatch, {"hand": hand, "win": "4s"}) == [added]
    code, out, _ = run(capsys, "waits", "guangdong", hand, "--win", "4s")
    assert code == 0 and "won on 4s" in out and "平胡" in out


def test_a_whole_hand_names_one_of_its_own_tiles(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    marked = score_json(capsys, WHOLE, "1m")
    assert marked["win"] is True and marked["win_tile"] == "1m"
    code, _, err = run(capsys, "score", "guangdong", WHOLE, "--win", "6s")
    assert code == 2 and "not among the concealed tiles of this whole hand" in err
    [line] = batch(capsys, monkeypatch, {"hand": WHOLE, "win": "6s"})
    assert line["error"] == err.removeprefix("mjc: error: ").strip()
    code, _, err = run(capsys, "waits", "guangdong", WHOLE, "--win", "5s")
    assert code == 2 and "waits are for a hand of 13 tiles" in err


def test_a_fifth_copy_is_refused_alike(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    hand = "1111m456m789m555s"
    code, _, score_err = run(capsys, "score", "guangdong", hand, "--win", "1m")
    assert code == 2 and "already holds every copy of 1m" in score_err
    code, _, waits_err = run(capsys, "waits", "guangdong", hand, "--win", "1m")
    assert code == 2 and waits_err == score_err
    [line] = batch(capsys, monkeypatch, {"hand": hand, "win": "1m"})
    assert line["error"] == score_err.removeprefix("mjc: error: ").strip()


def test_waits_win_on_a_tile_that_completes_nothing_says_what_does(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(capsys, "waits", "guangdong", THIRTEEN, "--win", "6s")
    assert code == 0 and out.rstrip().endswith("6s does not complete it; it waits on 5s")
    code, out, _ = run(capsys, "waits", "guangdong", THIRTEEN, "--win", "6s", "--json")
    assert json.loads(out)["win"] == {"tile": "6s", "wait": None}


def test_without_win_the_last_tile_written_wins_a_whole_hand() -> None:
    assert hand_won_on(WHOLE, None) == parse_hand(WHOLE)
    assert hand_won_on(THIRTEEN, None).size == 13  # not completed: it does not win
    with pytest.raises(HandError, match="winning tile: bad tile"):
        hand_won_on(THIRTEEN, "0z")


def test_each_commands_help_says_it(capsys: pytest.CaptureFixture[str]) -> None:
    for command in ("score", "waits"):
        with pytest.raises(SystemExit):
            main([command, "--help"])
        text = " ".join(capsys.readouterr().out.split())
        assert "--win TILE" in text and "13 tiles" in text, command
    with pytest.raises(SystemExit):
        main(["score", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "a line's win, is added to a hand one tile short of a win (13 tiles; 16" in text


def test_a_flower_is_added_among_the_flowers() -> None:
    """上海 八花: the eighth flower drawn wins; a hand of 13 with seven flowers, won on 8f."""
    hand = hand_won_on(THIRTEEN + "1234567f", "8f")
    assert hand.size == 13 and len(hand.flowers) == 8
    assert hand.win_tile == parse_hand("8f").flowers[0]


def test_a_whole_hand_holding_its_winning_flower_is_won_on_it() -> None:
    """八花 and 七搶一: thirteen tiles and eight flowers, won on 8f, are the whole hand (a win on
    a flower holds one tile fewer beside it), not a hand short of 8f that already holds it."""
    hand = hand_won_on(THIRTEEN + "12345678f", "8f")
    assert hand == hand_won_on(THIRTEEN + "1234567f", "8f")
    assert hand == parse_hand(THIRTEEN + "12345678f", "8f")
