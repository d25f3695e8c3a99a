"""The prelude (`compiler/language/prelude.mjr`): the builtin situations every rulebook shares,
declared in the rulebook language with what each presumes."""

from __future__ import annotations

from pathlib import Path

from mjc.compiler.driver import compile_source
from mjc.compiler.fmt import format_text
from mjc.compiler.language.types import BOOL
from mjc.compiler.language.vocabulary import SITUATION_FACTS
from mjc.compiler.loader import load
from mjc.compiler.resolve.prelude import PRELUDE_FILE, prelude_situations, prelude_text

# The true/false facts of a win that are not situations a caller names: how it was won.
_FACTS_NOT_SITUATIONS = {"self_drawn", "dealer"}

MINI = """
rulebook mini { title "迷你" }
players 4
tiles { characters copies 4 dots copies 4 bamboo copies 4 winds copies 4 dragons copies 4 }
shapes { standard }
scoring { unit "番" tier base "番" add }
fan base "底" { value 1 }
"""


def test_the_prelude_declares_each_builtin_situation_once() -> None:
    declared = [s.id.text for s in prelude_situations()]
    builtin = {
        name
        for name, word in SITUATION_FACTS.items()
        if word.type == BOOL and name not in _FACTS_NOT_SITUATIONS
    }
    assert sorted(declared) == sorted(builtin) and len(declared) == len(set(declared))


def test_the_prelude_is_in_the_formatters_layout() -> None:
    assert format_text(prelude_text(), PRELUDE_FILE) == prelude_text()


def test_every_prelude_situation_says_where_it_comes_from() -> None:
    for situation in prelude_situations():
        assert situation.provenance, situation.id.text
        for presumption in situation.presumes:
            assert presumption.because, (situation.id.text, presumption)


def test_every_rulebook_carries_the_prelude_typed_and_lowered() -> None:
    compiled = compile_source(MINI, "mini.mjr")
    assert compiled.ok, compiled.diagnostics
    assert compiled.rulebook is not None
    flags = {f.id: f for f in compiled.rulebook.builtin_situations}
    assert set(flags) == {s.id.text for s in prelude_situations()}
    assert all(f.builtin for f in flags.values())
    assert [p.text for p in flags["robbing_kong"].presumes] == [
        "not self_drawn",
        "copies(winning_tile) == 1",
    ]
    assert flags["kong_bloom"].excludes == ("robbing_kong",)
    assert compiled.rulebook.situations == ()


def test_no_diagnostic_of_any_bundled_rulebook_points_into_the_prelude() -> None:
    for name in ("guangdong", "mcr", "shanghai"):
        compilation = load(name).compilation
        assert all(d.span.file != PRELUDE_FILE for d in compilation.diagnostics)


def test_a_rulebook_may_not_declare_a_builtin_situation_again() -> None:
    compiled = compile_source(MINI + 'situation robbing_kong "抢杠"\n', "mini.mjr")
    assert [d.code for d in compiled.diagnostics] == ["E0102"]


def test_a_rulebooks_own_situation_presumes_and_excludes() -> None:
    text = MINI + (
        'situation bao "包牌"\n'
        '  presumes not self_drawn because "paid on a discard"\n'
        "  presumes len(declared) >= 3\n"
        "  excludes robbing_kong\n"
    )
    compiled = compile_source(text, "mini.mjr")
    assert compiled.ok and compiled.ruleset is not None, compiled.diagnostics
    (bao,) = compiled.rulebook.situations if compiled.rulebook else ()
    assert [p.text for p in bao.presumes] == ["not self_drawn", "len(declared) >= 3"]
    assert [p.because for p in bao.presumes] == ["paid on a discard", ""]
    rules = compiled.ruleset
    melded = "456p22z [789s] [111m] [234s]"
    assert rules.score(melded, situations=["bao"]).win
    for hand, kwargs, says in (
        (melded, {"self_drawn": True}, "包牌 (bao) presumes `not self_drawn`: paid on a discard"),
        ("123m456p789s111m22z", {}, "包牌 (bao) presumes `len(declared) >= 3`; here declared"),
        (melded, {"situations": ["bao", "robbing_kong"], "win": "4p"}, "cannot both hold"),
    ):
        kwargs.setdefault("situations", ["bao"])
        try:
            rules.score(hand, **kwargs)
        except ValueError as exc:
            assert says in str(exc)
        else:
            raise AssertionError(f"{hand} {kwargs} was scored")


def test_a_presumption_reads_only_the_situation_and_the_whole_hand() -> None:
    compiled = compile_source(MINI + 'situation bao "包牌"\n  presumes len(melds) >= 3\n', "m.mjr")
    assert [d.code for d in compiled.diagnostics] == ["E0204"]
    assert "a situation's `presumes`" in compiled.diagnostics[0].message


def test_the_prelude_ships_with_the_package() -> None:
    assert (
        Path(__file__)
        .resolve()
        .parents[2]
        .joinpath("compiler", "language", "prelude.mjr")
        .read_text(encoding="utf-8")
        == prelude_text()
    )
