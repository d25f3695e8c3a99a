"""What a user expects of a command line: a rulebook named without its `.mjr` is found in the
current folder, a mistyped command, choice or flag gets "did you mean", and `mjc --completion SHELL`
prints a completion script (made by shtab from the parser, so every command is in it)."""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from mjc.compiler.cli.commands import build_parser, main

HAND = "222m345m666m789m55m"  # 清一色 under guangdong and its variants


def _variant(folder: Path, name: str = "my_variant") -> Path:
    path = folder / f"{name}.mjr"
    assert main(["new", name, "--from", "guangdong", "-o", str(path)]) == 0
    return path


def test_score_finds_a_rulebook_of_the_current_folder_by_its_name_without_mjr(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _variant(tmp_path)
    monkeypatch.chdir(tmp_path)
    capsys.readouterr()
    assert main(["score", "my_variant", HAND, "--json"]) == 0
    out, err = capsys.readouterr()
    assert '"rulebook": "my_variant"' in out and err == ""


def test_every_command_taking_a_rulebook_finds_name_mjr_in_the_current_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _variant(tmp_path)
    monkeypatch.chdir(tmp_path)
    assert main(["check", "my_variant"]) == 0
    assert main(["options", "my_variant"]) == 0
    assert main(["dump-ir", "my_variant"]) == 0
    assert main(["new", "grandchild", "--from", "my_variant"]) == 0
    assert str(tmp_path / "my_variant.mjr") in (tmp_path / "grandchild.mjr").read_text(
        encoding="utf-8"
    )


def test_a_bundled_name_wins_over_a_file_of_that_name_here_and_mjc_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _variant(tmp_path, "guangdong_copy").rename(tmp_path / "guangdong.mjr")
    monkeypatch.chdir(tmp_path)
    capsys.readouterr()
    assert main(["score", "guangdong", HAND, "--json"]) == 0
    out, err = capsys.readouterr()
    assert '"rulebook": "guangdong"' in out
    assert "guangdong is the bundled rulebook" in err and "./guangdong.mjr" in err
    # The file is still one ./ away, and then no note is needed.
    assert main(["score", "./guangdong.mjr", HAND, "--json"]) == 0
    out, err = capsys.readouterr()
    assert '"rulebook": "guangdong_copy"' in out and err == ""


def test_a_name_found_nowhere_is_still_a_usage_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["score", "my_variant", HAND]) == 2
    assert "no rulebook named 'my_variant'" in capsys.readouterr().err


def test_a_mistyped_command_gets_did_you_mean(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["scroe", "guangdong", HAND]) == 2
    assert "did you mean `score`?" in capsys.readouterr().err


def test_a_mistyped_choice_of_an_option_gets_did_you_mean(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["check", "--format", "jsn", "guangdong"]) == 2
    assert "did you mean `json`?" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("argv", "hint"),
    [
        (["score", "guangdong", HAND, "--explian"], "did you mean `--explain`?"),
        (["simulate", "guangdong", "--gmes", "5"], "did you mean `--games`?"),
        (["check", "guangdong", "--fromat=json"], "did you mean `--format`?"),
        (["--verison"], "did you mean `--version`?"),
    ],
)
def test_a_mistyped_flag_gets_did_you_mean_from_its_own_command(
    argv: list[str], hint: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "unrecognized arguments" in err and hint in err


def test_a_flag_like_no_flag_of_the_command_gets_no_suggestion(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["score", "guangdong", HAND, "--zzzzzz"]) == 2
    err = capsys.readouterr().err
    assert "unrecognized arguments: --zzzzzz" in err and "did you mean" not in err


def test_a_word_like_no_command_gets_no_suggestion(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["zzzz"]) == 2
    err = capsys.readouterr().err
    assert "invalid choice: 'zzzz'" in err and "did you mean" not in err


def _with_extra_command(name: str) -> argparse.ArgumentParser:
    """The real parser with one more command, as another part of mjc would add one."""
    parser = build_parser()
    (commands,) = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    commands.add_parser(name, help="a command added after the fact")
    return parser


def test_did_you_mean_covers_a_command_added_to_the_parser_later() -> None:
    parser = _with_extra_command("tournament")
    with pytest.raises(Exception, match="did you mean `tournament`"):
        parser.parse_args(["tournamnet"])


def _completion(shell: str, capsys: pytest.CaptureFixture[str]) -> str:
    with pytest.raises(SystemExit) as exit_:
        main(["--completion", shell])
    assert exit_.value.code in (0, None)
    return capsys.readouterr().out


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_completion_prints_a_script_naming_every_command(
    shell: str, capsys: pytest.CaptureFixture[str]
) -> None:
    script = _completion(shell, capsys)
    (commands,) = [a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction)]
    assert "mjc" in script
    for name in commands.choices:
        assert name in script, (shell, name)


def _bash() -> str:
    found = shutil.which("bash")
    assert found is not None, "bash is part of every machine mjc is tested on"
    return found


def test_the_bash_completion_script_parses_with_bash_n(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = tmp_path / "mjc.bash"
    script.write_text(_completion("bash", capsys), encoding="utf-8")
    done = subprocess.run([_bash(), "-n", str(script)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


@pytest.mark.parametrize("shell", ["zsh", "fish"])
def test_the_zsh_and_fish_completion_scripts_parse_with_their_shell_n(
    shell: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # `.ci/run` installs both shells; elsewhere a machine without them skips this check.
    found = shutil.which(shell)
    if found is None:
        if os.environ.get("CI"):
            pytest.fail(f"{shell} is not installed, and CI must check its completion script")
        pytest.skip(f"{shell} is not installed (apt-get install {shell}); CI runs this test")
    script = tmp_path / f"mjc.{shell}"
    script.write_text(_completion(shell, capsys), encoding="utf-8")
    done = subprocess.run([found, "-n", str(script)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def _complete_in_bash(script: Path, words: list[str]) -> list[str]:
    """What bash offers for the last of `words`, running the script's completion function as
    bash's `complete -F` would (COMP_WORDS, COMP_CWORD, and the function's three arguments)."""
    line = " ".join(words)
    program = (
        f'source "{script}"; COMP_WORDS=({" ".join(words)}); COMP_CWORD={len(words) - 1}; '
        f'COMP_LINE="{line}"; COMP_POINT={len(line)}; '
        f'_shtab_mjc mjc "{words[-1]}" "{words[-2]}"; printf "%s\\n" "${{COMPREPLY[@]}}"'
    )
    done = subprocess.run(
        [_bash(), "-c", program], capture_output=True, text=True, cwd=script.parent
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.split()


def test_bash_completes_commands_and_choices(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = tmp_path / "mjc.bash"
    script.write_text(_completion("bash", capsys), encoding="utf-8")
    assert _complete_in_bash(script, ["mjc", "sc"]) == ["score"]
    assert _complete_in_bash(script, ["mjc", "check", "--format", "j"]) == ["json"]


def test_bash_completes_file_names_where_a_rulebook_goes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = tmp_path / "mjc.bash"
    script.write_text(_completion("bash", capsys), encoding="utf-8")
    (tmp_path / "my_variant.mjr").write_text("", encoding="utf-8")
    assert _complete_in_bash(script, ["mjc", "check", "my_v"]) == ["my_variant.mjr"]


def test_a_command_added_to_the_parser_later_is_completed_too() -> None:
    import shtab

    assert "tournament" in shtab.complete(_with_extra_command("tournament"), shell="bash")


def test_simulate_hands_its_workers_the_rulebook_of_the_current_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The workers load each rulebook again by name: they get the name of the file here.
    from mjc.compiler.cli import simulate as cli_simulate

    _variant(tmp_path)
    monkeypatch.chdir(tmp_path)
    handed: list[list[str]] = []
    monkeypatch.setattr(cli_simulate, "run", lambda args: handed.append(args.rulebooks) or 0)
    assert main(["simulate", "my_variant", "--games", "2"]) == 0
    assert handed == [["my_variant.mjr"]]
