"""The `mjc` command line as DESIGN.md specifies it: JSON shapes, exit codes (0 ok, 1 rule or
check failure, 2 usage or input error with one line on stderr), options by id or label."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mjc.compiler import ir
from mjc.compiler.cli.commands import main
from mjc.compiler.ir.jsonio import from_json
from mjc.compiler.loader import bundled_rulebooks


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_score_json_reports_pure_one_suit_16(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "score", "guangdong", "222m345m666m789m55m", "--json")
    assert code == 0
    result = json.loads(out)
    assert {"rulebook", "win", "shape", "fans", "total"} <= result.keys()
    assert result["rulebook"] == "guangdong" and result["win"] is True
    assert result["fans"] == [
        {
            "id": "pure_one_suit",
            "name": "清一色",
            "english": "Pure One Suit",
            "value": 16,
            "count": 1,
            "tier": "limit",
            "each": 16,
        }
    ]
    assert result["total"] == 16


def test_score_text_output(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "score", "guangdong", "222m345m666m789m55m")
    assert code == 0 and "清一色" in out and "total: 16 番" in out


def test_score_non_winning_hand_is_exit_0_with_reason(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "score", "guangdong", "123m456p789s1357z", "--json")
    result = json.loads(out)
    assert code == 0 and result["win"] is False and result["reason"]


@pytest.mark.parametrize(
    "hand", ["0z", "8z", "123m456p789s22z5555m", "[124m]", "123", "123m456p[789s"]
)
def test_bad_hand_notation_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], hand: str
) -> None:
    code, out, err = run(capsys, "score", "guangdong", hand)
    assert code == 2 and out == ""
    assert err.startswith("mjc: error: ") and err.count("\n") == 1


def test_situations_and_winds(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys,
        "score",
        "guangdong",
        "123m456p22z [789s] [9999m]",
        "--situation",
        "kong_bloom",
        "--json",
    )
    assert code == 0 and json.loads(out)["total"] == 4
    code, out, _ = run(
        capsys, "score", "guangdong", "123m456p999m77z [222z]", "--seat-wind", "S", "--json"
    )
    assert json.loads(out)["total"] == 2


@pytest.mark.parametrize(
    "args",
    [
        ["--situation", "blooming"],
        ["--seat-wind", "Q"],
        ["--option", "nonsense=1"],
        ["--option", "seven_pairs=maybe"],
        ["--option", "novalue"],
        ["--players", "3"],
        ["--wild", "5z"],
        ["--win", "9p"],
    ],
)
def test_bad_score_arguments_are_exit_2(
    capsys: pytest.CaptureFixture[str], args: list[str]
) -> None:
    code, _, err = run(capsys, "score", "guangdong", "123m456p789s345s22z", *args)
    assert code == 2 and err.startswith("mjc: error: ")


def test_option_by_id_and_by_chinese_label(capsys: pytest.CaptureFixture[str]) -> None:
    hand = "1122m3344p5566s77z"
    for option in ("seven_pairs=on", "七对胡牌=on"):
        code, out, _ = run(capsys, "score", "guangdong", hand, "--option", option, "--json")
        assert code == 0 and json.loads(out)["shape"] == "seven_pairs"


def test_unknown_rulebook_is_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "score", "nowhere", "123m")
    assert code == 2 and "no rulebook named" in err


def test_check_bundled_rulebooks_pass(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "check", *[str(p) for p in bundled_rulebooks().values()])
    assert code == 0 and out.count("ok: ") == len(bundled_rulebooks())


def test_check_broken_rulebook_is_exit_1(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    broken = tmp_path / "broken.mjr"
    broken.write_text("rulebook x { }\nplayers 4\n", encoding="utf-8")
    code, _, err = run(capsys, "check", str(broken))
    assert code == 1 and "error[E0502]" in err


def test_build_writes_modules_and_pages(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, _ = run(capsys, "build", "-o", str(tmp_path))
    assert code == 0
    for name in bundled_rulebooks():
        assert (tmp_path / "modules" / f"{name}.py").is_file()
        assert (tmp_path / "docs" / "rulebooks" / f"{name}.md").is_file()


def test_dump_ir_round_trips_through_the_model(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "dump-ir", "guangdong")
    assert code == 0
    book = from_json(ir.Rulebook, out)
    assert book.id == "guangdong" and len(book.fans) >= 25


def test_dump_ir_schema(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "dump-ir", "--schema")
    schema = json.loads(out)
    assert code == 0 and schema["title"] == "Rulebook"


def test_options_lists_ids_and_labels(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "options", "guangdong", "--json")
    options = json.loads(out)["options"]
    assert code == 0 and {"id": "seven_pairs", "label": "七对胡牌"}.items() <= options[0].items()


def test_explain_known_and_unknown_codes(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "explain", "E0101")
    assert code == 0 and "unknown name" in out
    code, _, err = run(capsys, "explain", "E9999")
    assert code == 2 and err.count("\n") == 1


def test_no_command_and_bad_usage(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys)[0] == 2
    code, _, err = run(capsys, "score")
    assert code == 2 and "mjc: error:" in err


@pytest.mark.parametrize(
    "args",
    [
        ("settle", "guangdong", "round\x00.json"),
        ("build", "-o", "out\x00put", "guangdong"),
        ("new", "variant", "--from", "guangdong", "-o", "v\x00.mjr"),
        ("docs", "--config", "mk\x00docs.yml"),
        ("check", "rule\x00book.mjr"),
    ],
    ids=["settle-round", "build-output", "new-output", "docs-config", "check-path"],
)
def test_a_file_name_holding_nul_is_a_usage_error_not_a_traceback(
    capsys: pytest.CaptureFixture[str], args: tuple[str, ...]
) -> None:
    # Found by the fuzzer (tests/fuzz/regressions/): Path("\0").read_text() raises ValueError.
    code, _, err = run(capsys, *args)
    assert code == 2
    assert "a file name cannot hold a NUL character" in err and "Traceback" not in err
