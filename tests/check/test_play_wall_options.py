"""The play section's `reserved` against a wall whose size depends on an option: the check
counts the tiles in play under each setting it examines (language.md, "play": a line that
keeps more tiles back than the deal leaves is E0411, "with" the setting where it does)."""

from __future__ import annotations

from pathlib import Path

from mjc.compiler.driver import compile_file

RULEBOOK = """\
rulebook mini {
  title "迷你麻将"
}

players 4

tiles {
  characters copies 4
  dots copies 4
  bamboo copies 4
  winds copies 4 if option.honours
  dragons copies 4 if option.honours
}

shapes {
  standard
}

claims {
  pong
}

play {
  reserved RESERVED
}

scoring {
  unit "番"
  tier base "番内" add
}

fan chicken "鸡胡" {
  value 1
}

option honours "带字牌": toggle = on
"""


def _errors(tmp_path: Path, reserved: int) -> list[str]:
    path = tmp_path / "mini.mjr"
    path.write_text(RULEBOOK.replace("RESERVED", str(reserved)), encoding="utf-8")
    found = compile_file(path, "mini.mjr").diagnostics
    return [f"{d.code} {d.message}" for d in found if d.severity == "error"]


def test_reserved_that_fits_the_wall_with_honours_but_not_without_is_e0411_without(
    tmp_path: Path,
) -> None:
    # 136 tiles with the honours, 108 without: the deal takes 53, leaving 83 or 55.
    [problem] = _errors(tmp_path, 60)
    assert problem.startswith("E0411 `reserved` contradicts the rulebook with 带字牌 (honours=off)")
    assert "a wall of 108 has only 55 left" in problem


def test_reserved_that_fits_both_walls_is_no_problem(tmp_path: Path) -> None:
    assert _errors(tmp_path, 50) == []


def test_reserved_over_both_walls_is_reported_once_under_the_default(tmp_path: Path) -> None:
    [problem] = _errors(tmp_path, 90)
    assert "with the default options" in problem and "a wall of 136 has only 83 left" in problem
