"""Code generation: the IR to a Python module per rulebook, and the native build of it.

`codegen` renders the module with jinja2 (`templates/module.py.j2`) from the parts the
emitters write: `codeplan` (with `fangroups`, `needguards`, `onepass`, `slotreader`) plans
the scoring code before any is written, `scoring`, `rules`, `payments` and `play` emit their
sections on the shared `emitbase`, `shapeneeds` the custom shapes' cheap tests. `native`
compiles the modules and the runtime's scoring path with mypyc. Reads only the IR.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mjc.lazyimport import lazy_exports

if TYPE_CHECKING:
    from mjc.compiler.emit.codegen import (
        checked_module,
        generate_module,
        lit,
        safe_text,
    )
    from mjc.compiler.emit.codeplan import (
        FanPlan,
        ScoringPlan,
        TierPlan,
        ValuePlan,
        need_runs,
        plan_scoring,
        reads,
        shared_loops,
    )
    from mjc.compiler.emit.emitbase import (
        BASE_IMPORTS,
        ModuleState,
        prelude,
    )
    from mjc.compiler.emit.fangroups import (
        CHOWS,
        PUNGS,
        SITUATION,
        TILES,
        WAIT,
        Guarded,
        facts_read,
        group_of,
        grouped_order,
        how_compiled,
        split_guard,
    )
    from mjc.compiler.emit.native import (
        MANIFEST,
        NATIVE_PACKAGE,
        NATIVE_RUNTIME,
        NativeBuild,
        NativeError,
        build_in_use,
        build_native,
        is_native,
        native_ruleset_module,
        native_unavailable,
    )
    from mjc.compiler.emit.needguards import (
        Need,
        need_of,
        need_of_count,
    )
    from mjc.compiler.emit.onepass import (
        MOST_ORDER_TESTS,
        FanStep,
        LimitStep,
        OnePass,
        plan_one_pass,
    )
    from mjc.compiler.emit.payments import (
        first_value,
        horse_tables,
        horses_body,
        payment_bonuses_body,
        payment_kongs_body,
        payment_loss_cap_body,
        payment_relations_body,
        payment_wins_body,
    )
    from mjc.compiler.emit.play import (
        turn_rules_body,
    )
    from mjc.compiler.emit.rules import (
        claims_body,
        constraints_body,
        custom_shapes_body,
        custom_shapes_on_body,
        permissions_body,
        shapes_body,
        tile_copies_body,
        wild_copies_body,
        wild_tiles_body,
    )
    from mjc.compiler.emit.scoring import score_fans_body
    from mjc.compiler.emit.shapeneeds import (
        ShapeNeeds,
        shape_needs,
        tiles_notation,
    )
    from mjc.compiler.emit.situations import (
        shown_parts,
        situation_problems_body,
    )
    from mjc.compiler.emit.slotreader import (
        Held,
        SlotReader,
    )
    from mjc.compiler.emit.valuing import adjust_body, reject_body, rule_id

# Each public name, and the module that defines it (imported on first use).
_EXPORTS = {
    "BASE_IMPORTS": "mjc.compiler.emit.emitbase",
    "CHOWS": "mjc.compiler.emit.fangroups",
    "FanPlan": "mjc.compiler.emit.codeplan",
    "FanStep": "mjc.compiler.emit.onepass",
    "Guarded": "mjc.compiler.emit.fangroups",
    "Held": "mjc.compiler.emit.slotreader",
    "LimitStep": "mjc.compiler.emit.onepass",
    "MANIFEST": "mjc.compiler.emit.native",
    "MOST_ORDER_TESTS": "mjc.compiler.emit.onepass",
    "ModuleState": "mjc.compiler.emit.emitbase",
    "NATIVE_PACKAGE": "mjc.compiler.emit.native",
    "NATIVE_RUNTIME": "mjc.compiler.emit.native",
    "NativeBuild": "mjc.compiler.emit.native",
    "NativeError": "mjc.compiler.emit.native",
    "Need": "mjc.compiler.emit.needguards",
    "OnePass": "mjc.compiler.emit.onepass",
    "PUNGS": "mjc.compiler.emit.fangroups",
    "SITUATION": "mjc.compiler.emit.fangroups",
    "ScoringPlan": "mjc.compiler.emit.codeplan",
    "ShapeNeeds": "mjc.compiler.emit.shapeneeds",
    "SlotReader": "mjc.compiler.emit.slotreader",
    "TILES": "mjc.compiler.emit.fangroups",
    "TierPlan": "mjc.compiler.emit.codeplan",
    "ValuePlan": "mjc.compiler.emit.codeplan",
    "WAIT": "mjc.compiler.emit.fangroups",
    "adjust_body": "mjc.compiler.emit.valuing",
    "build_in_use": "mjc.compiler.emit.native",
    "build_native": "mjc.compiler.emit.native",
    "checked_module": "mjc.compiler.emit.codegen",
    "claims_body": "mjc.compiler.emit.rules",
    "constraints_body": "mjc.compiler.emit.rules",
    "custom_shapes_body": "mjc.compiler.emit.rules",
    "custom_shapes_on_body": "mjc.compiler.emit.rules",
    "facts_read": "mjc.compiler.emit.fangroups",
    "first_value": "mjc.compiler.emit.payments",
    "generate_module": "mjc.compiler.emit.codegen",
    "group_of": "mjc.compiler.emit.fangroups",
    "grouped_order": "mjc.compiler.emit.fangroups",
    "horse_tables": "mjc.compiler.emit.payments",
    "horses_body": "mjc.compiler.emit.payments",
    "how_compiled": "mjc.compiler.emit.fangroups",
    "is_native": "mjc.compiler.emit.native",
    "lit": "mjc.compiler.emit.codegen",
    "native_ruleset_module": "mjc.compiler.emit.native",
    "native_unavailable": "mjc.compiler.emit.native",
    "need_of": "mjc.compiler.emit.needguards",
    "need_of_count": "mjc.compiler.emit.needguards",
    "need_runs": "mjc.compiler.emit.codeplan",
    "payment_bonuses_body": "mjc.compiler.emit.payments",
    "payment_kongs_body": "mjc.compiler.emit.payments",
    "payment_loss_cap_body": "mjc.compiler.emit.payments",
    "payment_relations_body": "mjc.compiler.emit.payments",
    "payment_wins_body": "mjc.compiler.emit.payments",
    "permissions_body": "mjc.compiler.emit.rules",
    "plan_one_pass": "mjc.compiler.emit.onepass",
    "plan_scoring": "mjc.compiler.emit.codeplan",
    "prelude": "mjc.compiler.emit.emitbase",
    "reads": "mjc.compiler.emit.codeplan",
    "reject_body": "mjc.compiler.emit.valuing",
    "rule_id": "mjc.compiler.emit.valuing",
    "safe_text": "mjc.compiler.emit.codegen",
    "score_fans_body": "mjc.compiler.emit.scoring",
    "shape_needs": "mjc.compiler.emit.shapeneeds",
    "shapes_body": "mjc.compiler.emit.rules",
    "shown_parts": "mjc.compiler.emit.situations",
    "situation_problems_body": "mjc.compiler.emit.situations",
    "shared_loops": "mjc.compiler.emit.codeplan",
    "split_guard": "mjc.compiler.emit.fangroups",
    "tile_copies_body": "mjc.compiler.emit.rules",
    "tiles_notation": "mjc.compiler.emit.shapeneeds",
    "turn_rules_body": "mjc.compiler.emit.play",
    "wild_copies_body": "mjc.compiler.emit.rules",
    "wild_tiles_body": "mjc.compiler.emit.rules",
}

__getattr__, __dir__ = lazy_exports(__name__, globals(), _EXPORTS)

__all__ = [
    "BASE_IMPORTS",
    "CHOWS",
    "MANIFEST",
    "MOST_ORDER_TESTS",
    "NATIVE_PACKAGE",
    "NATIVE_RUNTIME",
    "PUNGS",
    "SITUATION",
    "TILES",
    "WAIT",
    "FanPlan",
    "FanStep",
    "Guarded",
    "Held",
    "LimitStep",
    "ModuleState",
    "NativeBuild",
    "NativeError",
    "Need",
    "OnePass",
    "ScoringPlan",
    "ShapeNeeds",
    "SlotReader",
    "TierPlan",
    "ValuePlan",
    "adjust_body",
    "build_in_use",
    "build_native",
    "checked_module",
    "claims_body",
    "constraints_body",
    "custom_shapes_body",
    "custom_shapes_on_body",
    "facts_read",
    "first_value",
    "generate_module",
    "group_of",
    "grouped_order",
    "horse_tables",
    "horses_body",
    "how_compiled",
    "is_native",
    "lit",
    "native_ruleset_module",
    "native_unavailable",
    "need_of",
    "need_of_count",
    "need_runs",
    "payment_bonuses_body",
    "payment_kongs_body",
    "payment_loss_cap_body",
    "payment_relations_body",
    "payment_wins_body",
    "permissions_body",
    "plan_one_pass",
    "plan_scoring",
    "prelude",
    "reads",
    "reject_body",
    "rule_id",
    "safe_text",
    "score_fans_body",
    "shape_needs",
    "shapes_body",
    "shared_loops",
    "shown_parts",
    "situation_problems_body",
    "split_guard",
    "tile_copies_body",
    "tiles_notation",
    "turn_rules_body",
    "wild_copies_body",
    "wild_tiles_body",
]
