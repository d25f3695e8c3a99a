"""Settlement and the claim checks take what they need as arguments: `mjc.runtime.settle.settlement`
and `mjc.runtime.settle.claimcheck` never import or call back into `Ruleset`; the claim checks read
one `RoundRules` (made by `Ruleset.round_rules`), and `settle` gets the option values, the rules,
the payments and a scoring function from `Ruleset.settle`, the public entry."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest

import mjc.runtime.settle.claimcheck
import mjc.runtime.settle.settlement
from mjc.runtime import Hand, Score, parse_round
from mjc.runtime.settle.claimcheck import RoundRules, round_problems
from mjc.runtime.settle.settlement import settle

from ..conftest import ruleset  # type: ignore[import-not-found]

PLAIN = "123m456p789s345s22z"
ALL_TILES = (4,) * 34 + (1,) * 8


def _imports(module: object) -> set[str]:
    path = Path(str(getattr(module, "__file__", "")))
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
    return found


@pytest.mark.parametrize("module", [mjc.runtime.settle.settlement, mjc.runtime.settle.claimcheck])
def test_settlement_modules_do_not_import_the_ruleset(module: object) -> None:
    assert "mjc.runtime.rules.ruleset" not in _imports(module)
    source = Path(str(getattr(module, "__file__", ""))).read_text(encoding="utf-8")
    assert "Ruleset(" not in source and "ruleset." not in source


def _rules(claims: frozenset[str], wilds: frozenset[int] = frozenset()) -> RoundRules:
    return RoundRules(
        rulebook="test",
        claims=claims,
        copies=ALL_TILES,
        wilds=wilds,
        permissions=frozenset(),
        has_wilds=bool(wilds),
    )


def _round(**extra: Any) -> Any:
    return parse_round({"winners": [{"seat": 1, "hand": PLAIN, "self_drawn": True}], **extra})


def test_claim_checks_read_only_the_rules_they_are_given() -> None:
    chow = _round(claims=[{"seat": 3, "from_seat": 2, "kind": "chow"}])
    assert round_problems(_rules(frozenset({"chow", "pong"})), chow) == []
    refused = round_problems(_rules(frozenset({"pong"})), chow)
    assert refused and refused[0].startswith("claims.0.kind: test allows no chow claim")


def test_claim_checks_refuse_a_claimed_wild_the_rules_do_not_let_be_claimed() -> None:
    claimed = _round(claims=[{"seat": 3, "from_seat": 2, "kind": "pong", "tile": "5z"}])
    assert round_problems(_rules(frozenset({"pong"})), claimed) == []
    problems = round_problems(_rules(frozenset({"pong"}), wilds=frozenset({31})), claimed)
    assert problems and "5z is a wild in this game" in problems[0]


def test_settle_scores_each_winner_with_the_function_it_is_given() -> None:
    book = ruleset("guangdong")
    seen: list[Hand] = []

    def score_hand(hand: Hand, **situation: Any) -> Score:
        seen.append(hand)
        return book.score(hand, **situation)

    outcome = _round()
    values = book.resolve_options(None, players=4)
    result = settle(
        outcome,
        options=values,
        rules=book.round_rules(values),
        payments=book.payments,
        unit=book.unit,
        score_hand=score_hand,
    )
    assert [str(h) for h in seen] == [str(outcome.winners[0].parsed)]
    assert result.as_dict() == book.settle(outcome).as_dict()
    assert sum(result.deltas) == 0 and result.deltas[1] > 0
