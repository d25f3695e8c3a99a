"""IR to a Python module: the rulebook's rules engine, rendered with jinja2.

Input is a checked `ir.Rulebook`; output is the source of one module that imports only the
public names of `runtime` and exports `RULESET`. The plan (`codeplan.py`) decides what each
function reads and how each fan is evaluated; the emitters (`emit_scoring.py`: the one
scoring path `score_fans`; `emit_valuing.py`: `adjust`, `reject`, fu and points;
`emit_rules.py`: shapes, tiles, wilds, claims, constraints; `emit_play.py`: the turn rules;
`emit_payments.py`: horses and payments) write the function bodies; this module lays out
the module's tables and fills the template. No tree walking or eval at scoring time, no
line over 100 columns, and every rulebook string reaches the output through `pysafe.lit` or
`pysafe.safe_text` only. Output is deterministic: the same IR always gives byte-identical
source.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from pathlib import Path
from types import CodeType
from typing import Any

import jinja2

from mjc.compiler import ir, templates
from mjc.compiler.caches import compiled_code, template_cache
from mjc.compiler.conditions.facts import tile_constant
from mjc.compiler.diagnostics import Diagnostic, error
from mjc.compiler.emit import (
    payments as emit_payments,
    play as emit_play,
    rules as emit_rules,
    scoring as emit_scoring,
    situations as emit_situations,
    valuing as emit_valuing,
)
from mjc.compiler.emit.emitbase import (
    SUMMARY_LINES,
    ModuleState,
    fill_summary,
    summary_parts_of,
    summary_walk,
)
from mjc.compiler.emit.shapeneeds import shape_needs
from mjc.compiler.pysource.layout import Doc, Group, bracketed, call_lines, render, tuple_of
from mjc.compiler.pysource.pysafe import ident, lit, safe_text
from mjc.compiler.pysource.pywriter import wrapped
from mjc.compiler.version import MJC_VERSION
from mjc.runtime import API_VERSION, exported
from mjc.runtime.wins.readings import WAIT_FACTS
from mjc.runtime.wins.summaries import summary_layout

# Facts that cost work per hand, which the runtime does only for rulebooks whose fans read them.
COSTLY_FACTS = frozenset({"waits", *WAIT_FACTS})


__all__ = [
    "checked_module",
    "compiled_module",
    "generate_module",
    "lit",
    "not_loaded",
    "safe_text",
]

_ROW_INDENT = 4
_DOC_WIDTH = 96


@functools.cache
def _environment() -> jinja2.Environment:
    return jinja2.Environment(
        loader=jinja2.FunctionLoader(
            lambda name: (
                # beside the package's module (`importlib.resources` imports tempfile and more)
                Path(templates.__file__).with_name(name).read_text(encoding="utf-8")
            )
        ),
        autoescape=False,
        keep_trailing_newline=True,
        undefined=jinja2.StrictUndefined,
        # the module template's compiled code, kept in mjc's cache (`compiler/caches.py`):
        # compiling the template costs every `mjc check` more than rendering it
        bytecode_cache=template_cache(jinja2.__version__),
    )


_NOT_COMPILED = (SyntaxError, RecursionError, MemoryError, ValueError, OverflowError)


def checked_module(book: ir.Rulebook) -> tuple[str | None, Diagnostic | None]:
    """The module's source, compiled by Python once before anyone writes or imports it; a
    module Python refuses (a bug of mjc: whatever passes `mjc check` must compile) is a coded
    diagnostic, never a traceback."""
    compiled, problem = compiled_module(book, f"{book.id}.py")
    return (None if compiled is None else compiled[0]), problem


def compiled_module(
    book: ir.Rulebook, filename: str
) -> tuple[tuple[str, CodeType] | None, Diagnostic | None]:
    """`checked_module`, with the code Python compiled (its tracebacks naming `filename`), for
    a caller that runs the module to keep instead of compiling it again."""
    source = generate_module(book)
    try:
        # from mjc's cache when the very same source was compiled before (`caches.compiled_code`)
        return (source, compiled_code(source, filename)), None
    except _NOT_COMPILED as exc:
        problem = exc
    if filename != f"{book.id}.py":  # the message names the module as `checked_module`'s does
        try:
            compile(source, f"{book.id}.py", "exec", dont_inherit=True)
        except _NOT_COMPILED as exc:
            problem = exc
    reason = safe_text(f"{type(problem).__name__}: {problem}")[:200]
    return None, error(
        "E0901",
        f"the module generated for `{book.id}` does not compile ({reason})",
        None,
        help="this is a bug in mjc, not in the rulebook: please report it with the rulebook",
    )


def not_loaded(book: ir.Rulebook, exc: BaseException) -> Diagnostic:
    """E0901 for a generated module that compiled but failed as it was loaded."""
    reason = safe_text(f"{type(exc).__name__}: {exc}")[:200]
    return error(
        "E0901",
        f"the module generated for `{book.id}` does not load ({reason})",
        None,
        help="this is a bug in mjc, not in the rulebook: please report it with the rulebook",
    )


def generate_module(book: ir.Rulebook) -> str:
    state = ModuleState(book)
    bodies = _bodies(state)
    # Whether some function reads the one-pass summary, `summarize_arrangement`'s fields.
    walk = any(line.strip() in SUMMARY_LINES for body in bodies.values() for line in body)
    blocks = {name: fill_summary(body, state.predicates) for name, body in bodies.items()}
    return _environment().get_template("module.py.j2").render(_context(state, blocks, walk))


def _bodies(state: ModuleState) -> dict[str, list[str]]:
    """Every function body, in the order they are emitted (so tile constants and predicate
    bits are numbered the same way on every build)."""
    payments = state.book.payments
    return {
        "score_fans_body": emit_scoring.score_fans_body(state),
        "keyed_body": state.keyed_lines,  # (written by score_fans_body)
        "adjust_body": emit_valuing.adjust_body(state),
        "reject_body": emit_valuing.reject_body(state),
        "shapes_body": emit_rules.shapes_body(state),
        "custom_shapes_body": emit_rules.custom_shapes_body(state),
        "custom_shapes_on_body": emit_rules.custom_shapes_on_body(state),
        "tile_copies_body": emit_rules.tile_copies_body(state),
        "wild_tiles_body": emit_rules.wild_tiles_body(state),
        "permissions_body": emit_rules.permissions_body(state),
        "wild_copies_body": emit_rules.wild_copies_body(state),
        "claims_body": emit_rules.claims_body(state),
        "turn_rules_body": emit_play.turn_rules_body(state),
        "constraints_body": emit_rules.constraints_body(state),
        "horses_body": emit_payments.horses_body(state),
        "payment_wins_body": emit_payments.payment_wins_body(state),
        "payment_kongs_body": emit_payments.payment_kongs_body(state),
        "payment_bonuses_body": emit_payments.payment_bonuses_body(state),
        "payment_relations_body": emit_payments.payment_relations_body(state),
        "payment_kong_transfers_body": (
            emit_payments.payment_kong_transfers_body(state) if payments.transfers else []
        ),
        "payment_draws_body": (
            emit_payments.payment_draws_body(state) if state.book.payments.draws else []
        ),
        "payment_relation_body": emit_payments.first_value(
            state, payments.relations, "None", "claim_relation"
        ),
        "payment_stake_body": emit_payments.first_value(
            state, payments.stakes, "(1, None)", "stake"
        ),
        "payment_cap_body": emit_payments.first_value(state, payments.caps, "None", "cap"),
        "payment_loss_cap_body": emit_payments.payment_loss_cap_body(state),
        # last: a rulebook without wins at the deal numbers its constants as before
        "deal_wins_body": emit_rules.deal_wins_body(state) if state.book.deal_wins else [],
        "payment_dealer_body": emit_payments.first_value(
            state, payments.dealer_factors, "(1, None)", "dealer_factor"
        ),
        "situation_problems_body": emit_situations.situation_problems_body(state),
        # Emitted only for a rulebook that adds to the dealer's share, so that modules of
        # rulebooks without one stay as they were.
        "payment_dealer_bonus_body": emit_payments.first_value(
            state, payments.dealer_bonuses, "(0, None)", "dealer_bonus"
        )
        if payments.dealer_bonuses
        else [],
        # Likewise only for a rulebook with kinds of kong.
        "kong_allowed_body": emit_play.kong_allowed_body(state) if state.book.kongs else [],
        # Likewise only for a rulebook whose declarations or exchange an option switches.
        "declarations_on_body": emit_play.declarations_on_body(state)
        if emit_play.declarations_guarded(state)
        else [],
        # Likewise only for a rulebook with a fu or a points section (Riichi).
        "fu_body": emit_valuing.fu_body(state) if state.book.fu is not None else [],
        "points_body": emit_valuing.points_body(state) if state.book.points is not None else [],
        "payment_round_up_body": emit_payments.first_value(state, payments.rounds, "None", "round")
        if payments.rounds
        else [],
        "payment_honba_body": emit_payments.first_value(state, payments.honbas, "None", "honba")
        if payments.honbas
        else [],
    }


def _row(func: str, *args: Doc, indent: int = _ROW_INDENT) -> list[str]:
    """One row of a table: `func(args...),` within the width."""
    texts = [arg for arg in args if isinstance(arg, str)]
    if len(texts) == len(args):  # (most rows: laid out without a document)
        return call_lines(func, texts, indent)
    return render(Group((bracketed(f"{func}(", list(args), ")"), ",")), indent)


def _numbers(values: Sequence[int], indent: int = _ROW_INDENT) -> list[str]:
    """A tuple of numbers as lines of the tuple's items (the caller writes the brackets)."""
    lines: list[str] = []
    line = ""
    for value in values:
        item = f"{value},"
        if line and len(line) + 1 + len(item) + indent > 100:
            lines.append(" " * indent + line)
            line = item
        else:
            line = f"{line} {item}" if line else item
    if line:
        lines.append(" " * indent + line)
    return lines


def _imports(names: set[str]) -> list[str]:
    """The import list of a module: `names`, sorted, each one `mjc.runtime.exported` lists."""
    unknown = names - set(exported.__all__)
    if unknown:
        raise AssertionError(f"not in mjc.runtime.exported: {', '.join(sorted(unknown))}")
    return sorted(names)


def _docstring(text: str, first: bool = False) -> list[str]:
    """Rulebook text for the module docstring, made safe and wrapped."""
    width = _DOC_WIDTH - (3 if first else 0)
    return wrapped(safe_text(text), width)


def _context(state: ModuleState, blocks: dict[str, list[str]], walk: bool) -> dict[str, Any]:
    book = state.book
    summary = bool(state.predicates.tile or state.predicates.members or state.predicates.boards)
    if state.predicates.boards:
        state.runtime_names.add("COUNT_BITS")
    if book.deal_wins:
        state.runtime_names.add("DealWinInfo")
    if book.payments.draws:
        state.runtime_names.add("DrawRule")
    if book.declares:
        state.runtime_names.add("DeclareSpec")
    if book.exchanges:
        state.runtime_names.add("ExchangeSpec")
    if summary:
        state.runtime_names |= {
            "meld_masks",
            "summarize_tiles",
            "summary_tables",
            "tile_masks",
        }
    if walk:
        state.runtime_names.add("MELD_SHAPES")
    if walk and state.shared_summary:  # summarize_hand folds the suits' words
        state.runtime_names.add("SuitWords")
    if state.predicates.meld or state.predicates.members:
        state.runtime_names |= {"Meld", "meld_masks", "summarize_melds"}
    title = f"{book.title} ({book.english})" if book.english else book.title
    where = f"Generated by mjc {MJC_VERSION} from {book.source_file}"
    return {
        **blocks,
        "lit": lit,
        "safe_text": safe_text,
        # turn_rules annotates the words it sets with their `Literal` types
        "uses_literal": any("Literal[" in line for line in blocks["turn_rules_body"]),
        "title_lines": _docstring(f"{title} — rules engine", first=True),
        "source_lines": _docstring(f"{where} (sha256 {book.source_sha256[:16]})."),
        "api_version": API_VERSION,
        "rulebook_id": book.id,
        "extends": book.extends,
        "source_file": book.source_file,
        "source_sha256": book.source_sha256,
        "imports": _imports(state.runtime_names),
        "tile_constants": [(tile_constant(t), i) for t, i in sorted(state.tiles.items())],
        "tile_set_lines": [
            line
            for names, n in state.predicates.tile_sets.items()
            for line in render((f"TILE_SET_{n}: Final = frozenset(", tuple_of(list(names)), ")"))
        ],
        "successor_lines": _numbers(book.wilds.successor),
        **_predicate_tables(state, summary),
        "summary_words": summary_layout(summary_parts_of(state.predicates)) if walk else (),
        "summary_walk_lines": (
            summary_walk(state.predicates, state.shared_summary, book.fu is not None)
            if walk
            else []
        ),
        **_tables(state),
        "options": book.options,
        "has_custom_shapes": any(state.slots.held(s).when is not None for s in book.shapes),
        "custom_need_rows": shape_needs(book),
        # Named in the reason a hand does not win, beside the built-in shapes.
        "custom_shape_names": tuple(
            (s.id, s.name or "") for s in book.shapes if state.slots.held(s).when is not None
        ),
        "has_wilds": bool(book.wilds.modes),
        "deal_win_rows": tuple(
            (
                w.id,
                w.name or w.id,
                w.pays,
                ir.line_id("deal_win", w.at, [d.at for d in book.deal_wins]),
            )
            for w in book.deal_wins
        ),
        "situation_flags": tuple(f.id for f in book.situations),
        "has_rejects": bool(book.scoring.rejects) or book.scoring.minimum is not None,
        "has_adjustments": bool(book.scoring.adjustments),
        "reads": tuple(sorted(state.facts & COSTLY_FACTS)),
        "prefer": tuple(
            state.fan_index[fan] for prefer in book.scoring.prefers for fan in prefer.fans
        ),
        "horse_tables": emit_payments.horse_tables(book),
        "kong_kind_rows": emit_play.kong_kind_rows(book),
        "declare_rows": emit_play.declare_rows(book),
        "exchange_rows": emit_play.exchange_rows(book),
        # only tables counted from the winner or discarder: dealer tables emit as before
        "horse_counted_from": ", ".join(
            f"{lit(t.players)}: {lit(t.counted_from)}"
            for t in book.horses.tables
            if t.counted_from != "dealer"
        ),
        "payments": book.payments,
        "stake_streak": emit_payments.reads_streak(book.payments.stakes),
        "dealer_bonus_streak": emit_payments.reads_streak(book.payments.dealer_bonuses),
        # Draw lines that read only the options: `Payments.draws_by_options`.
        "draws_by_options": emit_payments.draws_by_options(state),
        "title": book.title,
        "english": book.english,
        "version": book.version,
        "unit": book.scoring.unit,
        "fu_label": book.fu.label if book.fu is not None else None,
        "shared_summary": state.shared_summary,
        "points_label": book.points.label if book.points is not None else None,
        "players": book.players,
    }


def _predicate_tables(state: ModuleState, summary: bool) -> dict[str, Any]:
    predicates = state.predicates

    def rows(table: dict[str, int], what: str) -> list[str]:
        lines: list[str] = []
        for source, number in table.items():
            doc = predicates.layout.get(source, source)
            lines += render(Group((doc, f",  # {what} {number}")), _ROW_INDENT)
        return lines

    return {
        "summary": summary,
        "tile_predicate_lines": rows(predicates.tile, "bit"),
        "meld_predicate_lines": rows(predicates.meld, "bit"),
        "member_predicate_lines": rows(predicates.members, "field"),
        "has_meld_predicates": bool(predicates.meld),
        "has_member_predicates": bool(predicates.members),
        "boards": tuple(predicates.boards),
        # Counter fields, in field order: the bit of the predicate each counts.
        "tile_counted": tuple(predicates.tile_counted),
        "meld_counted": tuple(predicates.meld_counted),
    }


def _tables(state: ModuleState) -> dict[str, list[str]]:
    """The module's tables of rulebook data, one row per item, every string through `lit`."""
    book = state.book
    index = state.fan_index
    tier_index = {tier.id: i for i, tier in enumerate(book.scoring.tiers)}
    tiers = [
        _row(
            "TierInfo",
            lit(t.id),
            lit(t.name),
            lit(t.combine),
            f"cap={lit(next((n for n, g in t.caps if g is None), None))}",
            f"overrides={lit(tuple(tier_index[o] for o in t.overrides))}",
        )
        for t in book.scoring.tiers
    ]
    fans = [
        _row(
            "FanInfo",
            lit(fan.id),
            lit(fan.name),
            lit(fan.english),
            f"value={lit(fan.value)}",
            f"tier={tier_index[fan.tier]}",
            f"where={lit(f'{fan.at.file}:{fan.at.line}')}",
        )
        for fan in book.fans
    ]
    excludes = [
        f"    {lit(tuple(sorted(index[f] for f in (*fan.excludes, *fan.replaces))))},"
        f"  # {ident('', fan.id)}"
        for fan in book.fans
    ]
    examples = [
        _row(
            "ExampleSpec",
            lit(fan.id),
            lit(ex.hand),
            lit(ex.positive),
            lit(ex.win),
            lit(ex.situation),
            lit(f"{ex.at.file}:{ex.at.line}"),
        )
        for fan in book.fans
        for ex in fan.examples
    ]
    return {
        "tier_rows": _flat(tiers),
        "fan_rows": _flat(fans),
        "exclude_rows": excludes,
        "relation_order_lines": _numbers([index[f] for f in book.relation_order]),
        "example_rows": _flat(examples),
        "preset_rows": _flat([_preset(p) for p in book.presets]),
        "option_rows": _flat([_option(o) for o in book.options]),
        **_payment_tables(book),
    }


def _payment_tables(book: ir.Rulebook) -> dict[str, list[str]]:
    """The horse kinds and the payment lines, one row each; a payment line carries the id
    settlement lines cite it by (`ir.line_id`)."""
    payments = book.payments
    wins = [w.at for w in payments.wins]
    kongs = [k.at for k in payments.kongs]
    relations = [r.at for r in payments.relation_lines]
    transfers = [t.at for t in payments.transfers]
    return {
        "kong_transfer_rows": [
            f"{_id('kong_transfer', t.at, transfers)}," for t in payments.transfers
        ],
        "horse_kind_rows": _flat(
            [
                _row(
                    "HorseKind",
                    lit(k.kind),
                    lit(k.name),
                    lit(k.drawn_by),
                    lit(k.drawn_from),
                    lit(f"{k.at.file}:{k.at.line}"),
                )
                for k in book.horses.kinds
            ]
        ),
        "win_rule_rows": _flat(
            [
                _row("WinRule", lit(w.payer), lit(w.for_all), _id("win", w.at, wins))
                for w in payments.wins
            ]
        ),
        "kong_rule_rows": _flat(
            [
                _row("KongRule", lit(k.kind), lit(k.payer), _id("kong_payment", k.at, kongs))
                for k in payments.kongs
            ]
        ),
        "bonus_rule_rows": _flat(
            [
                _row("BonusRule", lit(b.item), lit(b.kind), _bonus_id(b, payments.bonuses))
                for b in payments.bonuses
            ]
        ),
        "relation_rule_rows": _flat(
            [
                _row(
                    "RelationRule",
                    lit(r.payer),
                    lit(r.for_others),
                    _id("relation_payment", r.at, relations),
                )
                for r in payments.relation_lines
            ]
        ),
        "draw_rule_rows": _flat(
            [
                _row(
                    "DrawRule",
                    lit(d.item),
                    lit(d.payer),
                    lit(d.payee),
                    lit(d.amount_word),
                    lit(emit_payments.draw_rule_id(d, payments.draws)),
                )
                for d in payments.draws
            ]
        ),
    }


def _preset(preset: ir.Preset) -> list[str]:
    settings = tuple_of([lit(setting) for setting in preset.settings])
    row = tuple_of([lit(preset.id), lit(preset.label), settings])
    return render(Group((row, ",")), _ROW_INDENT)


def _option(option: ir.Option) -> list[str]:
    choices = tuple_of(
        [bracketed("ChoiceSpec(", [lit(c.id), lit(c.label)], ")") for c in option.choices]
    )
    return _row(
        "OptionSpec",
        lit(option.id),
        lit(option.label),
        lit(option.kind),
        f"default={lit(option.default)}",
        ("choices=", choices),
        f"low={lit(option.low)}",
        f"high={lit(option.high)}",
    )


def _id(keyword: str, at: ir.SourceRef, block: list[ir.SourceRef]) -> str:
    """A payments line's id as a literal: which `keyword` line of the section it is."""
    return lit(ir.line_id(keyword, at, block))


def _bonus_id(bonus: ir.BonusPayment, bonuses: tuple[ir.BonusPayment, ...]) -> str:
    """A `horse_payment`, `follow_payment` or `streak_payment` line's id: counted among the
    lines of its own keyword."""
    same = [b.at for b in bonuses if b.item == bonus.item]
    return _id(f"{bonus.item}_payment", bonus.at, same)


def _flat(rows: list[list[str]]) -> list[str]:
    return [line for row in rows for line in row]
