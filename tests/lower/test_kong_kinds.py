"""The kinds of kong (`kongs` section, issue 31 item 5) through the compiler's stages: the
parse keeps each kind's clauses, the IR holds each kind with its typed condition, the checks
refuse what cannot be made, and the generated module carries `KONG_KINDS` and
`kong_allowed` only when the rulebook has the section (a bundled rulebook's module is as it
was: tests/test_build_golden.py)."""

from __future__ import annotations

from mjc.compiler import ir
from mjc.compiler.docs.docgen import generate_page
from mjc.compiler.docs.highlight import KEYWORDS
from mjc.compiler.driver import compile_source
from mjc.compiler.emit.codegen import generate_module
from mjc.compiler.language.types import BOOL
from mjc.compiler.loader import import_source
from mjc.compiler.lsp.hover import word_hover
from mjc.compiler.syntax import ast
from mjc.compiler.syntax.parse import keywords, parse
from mjc.runtime.rules.spec import KongKindSpec
from mjc.runtime.score.scoring import Situation
from mjc.runtime.tiles.hand import parse_hand
from tests.helpers.engine_helpers import scenario_round
from tests.helpers.small_rulebooks import KONG_KINDS_RULEBOOK

BOOK = KONG_KINDS_RULEBOOK.read_text(encoding="utf-8")
# Seat 0 deals four 5m and a hand that, after the kong, waits on 1z; the others wait on
# nothing seat 0 could kong into.
DEALER = "5555m123p456p789s1z"
OTHERS = ("78m777p222s333s44z", "147m189p14s23567z", "258p258s2367z369m")


def _kongs(text: str) -> ast.Kongs:
    book, problems = parse(text, "k.mjr")
    assert book is not None and not problems
    return next(s for s in book.sections if isinstance(s, ast.Kongs))


def _codes(text: str) -> list[str]:
    return [d.code for d in compile_source(text, "k.mjr").diagnostics]


def test_the_parse_keeps_each_kind_with_its_clauses_in_order() -> None:
    open_, supplement = _kongs(BOOK).kinds
    assert (open_.id.text, open_.label, open_.unscored) == ("open", "开杠", False)
    assert open_.replacement is not None and open_.replacement.value == 2
    assert open_.whens == (ast.Name("ready"),)
    assert [p.kind for p in open_.provenance] == ["source"]
    assert (supplement.id.text, supplement.replacement, supplement.unscored) == (
        "supplement",
        None,
        True,
    )


def test_the_ir_holds_each_kind_its_count_score_and_typed_condition() -> None:
    compilation = compile_source(BOOK, "k.mjr")
    assert compilation.ok and compilation.rulebook is not None
    open_, supplement = compilation.rulebook.kongs
    assert (open_.id, open_.replacement, open_.scored, open_.text) == ("open", 2, True, "ready")
    assert open_.condition == ir.FactE(type=BOOL, fact="ready")
    assert (supplement.replacement, supplement.scored, supplement.condition) == (1, False, None)


def test_a_rulebook_without_the_section_has_no_kinds_and_no_kong_table() -> None:
    text = BOOK.replace(BOOK[BOOK.index("kongs {") : BOOK.index("play {")], "")
    compilation = compile_source(text, "k.mjr")
    assert compilation.ok and compilation.rulebook is not None
    assert compilation.rulebook.kongs == ()
    module = generate_module(compilation.rulebook)
    assert "KONG_KINDS" not in module and "kong_allowed" not in module


def test_the_checks_refuse_a_kind_that_cannot_be_made() -> None:
    two = 'kind open "开杠" replacement 2 when ready'
    assert _codes(BOOK.replace(two, two.replace("2", "0"))) == ["E0598"]
    assert _codes(BOOK.replace(two, two.replace("2", "5"))) == ["E0598"]
    assert _codes(BOOK.replace("kind supplement", "kind open")) == ["E0102"]
    assert _codes(BOOK.replace("  kong (exposed, concealed, added)\n", "")) == ["E0599"]
    assert _codes(BOOK.replace("when ready", "when ready and self_drawn")) == ["E0204"]
    assert _codes(BOOK.replace("when ready", "when ready and len(declared) >= 1")) == []


def test_the_generated_module_tests_each_kinds_condition_on_the_hand_after_the_kong() -> None:
    compilation = compile_source(BOOK, "k.mjr")
    assert compilation.rulebook is not None
    module = import_source(generate_module(compilation.rulebook), "mjc_kong_kinds_test", "k.mjr")
    spec = module.RULESET.spec
    assert spec.kong_kinds == (
        KongKindSpec("open", "开杠", 2, True, True),
        KongKindSpec("supplement", "补张", 1, False, False),
    )
    hand = parse_hand("123m456p789s1z [5555m]")
    ready = Situation(winning_tile=27, waits=(27,))
    assert spec.kong_allowed(0, hand, ready, {})
    assert not spec.kong_allowed(0, hand, Situation(winning_tile=27), {})
    assert spec.kong_allowed(1, hand, Situation(winning_tile=27), {})


def test_the_rulebook_page_lists_the_kinds_of_kong() -> None:
    compilation = compile_source(BOOK, "k.mjr")
    assert compilation.rulebook is not None
    page = generate_page(compilation.rulebook)
    section = page[page.index("## Kinds of kong") : page.index("## Play")]
    assert "**开杠** (`open`): 2 tiles are turned up" in section
    assert "only when `ready`; kong payments pay it." in section
    assert "**补张** (`supplement`): the konger draws one replacement tile" in section
    assert "it earns no kong payment." in section


def test_the_editor_tools_know_the_new_words() -> None:
    assert {"kongs", "kind", "replacement", "unscored"} <= keywords() <= set(KEYWORDS)
    hover = word_hover("ready")
    assert hover is not None and "听牌" in hover


def test_a_long_condition_over_the_options_and_the_hand_compiles_and_is_read_in_play() -> None:
    """A condition that breaks over lines is returned in parentheses, and reads the options,
    the konger's seat wind and the hand after the kong (`copies`, `standing`)."""
    text = BOOK.replace(
        'kind open "开杠" replacement 2 when ready',
        'kind open "开杠" replacement 2 when ready and option.kaigang and copies(1z) <= 1'
        " and len(standing) >= 1 and seat_wind == 1z",
    ).replace("players 4\n", 'players 4\n\noption kaigang "开杠": toggle = on\n')
    compilation = compile_source(text, "k.mjr")
    assert compilation.ok and compilation.rulebook is not None
    source = generate_module(compilation.rulebook)
    assert "        return (\n            bool(s.waits)\n            and o['kaigang']" in source
    rules = import_source(source, "mjc_kong_kinds_long", "k.mjr").RULESET
    hands = [DEALER, *OTHERS]
    offered = {
        flag: [
            a.kong_kind
            for a in scenario_round(rules, hands, options={"kaigang": flag}).legal_actions(0)
            if a.kind == "concealed_kong"
        ]
        for flag in ("on", "off")
    }
    assert offered == {"on": ["open", "supplement"], "off": ["supplement"]}
