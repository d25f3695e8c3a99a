"""Checks of the fans' inline examples and counterexamples: valid hands and settable situations.

Input: the fans from the `Declarations` table (`mjc.compiler.resolve.declarations`), with the
situation flags the rulebook declares. Each example hand is valid mpsz notation, and each item of
its situation sets an option to one of its values, or a situation (built in or declared) to a value
it takes. The examples are run against the generated module (an example must score its fan, a
counterexample must not), which needs a hand it can parse and a situation it can set: a malformed
one is reported here, at its line, rather than when it is run."""

from __future__ import annotations

from mjc.compiler.diagnostics import Diagnostic, error
from mjc.compiler.diagnostics.suggest import did_you_mean
from mjc.compiler.language.types import BOOL
from mjc.compiler.language.vocabulary import EXAMPLE_SETTINGS, SITUATION_FACTS, WIND_LETTERS
from mjc.compiler.lower.play import win_tiles
from mjc.compiler.resolve.declarations import Declarations
from mjc.compiler.syntax import ast
from mjc.runtime.tiles.hand import LARGEST_TILES, MAX_TILES, parse_hand
from mjc.runtime.tiles.tile import NotationError, tile_index


def check_examples(decls: Declarations) -> list[Diagnostic]:
    problems: list[Diagnostic] = []
    # The true/false facts of a win are flags; the others an example sets are EXAMPLE_SETTINGS
    # (a count, a list or a tile such as `red_fives` or `dora_indicators` is no flag).
    flags = {name for name, word in SITUATION_FACTS.items() if word.type == BOOL}
    settable = flags | set(EXAMPLE_SETTINGS) | set(decls.situations)
    tiles = min(max(win_tiles(decls.play), MAX_TILES), LARGEST_TILES)  # the rulebook's hand
    for fan in decls.fans.values():
        for example in fan.examples:
            try:
                parse_hand(example.hand, example.win, tiles=tiles)
            except NotationError as exc:
                problems.append(
                    error(
                        "E0505",
                        f"the example hand of `{fan.id.text}` is not valid notation",
                        example.span,
                        label=str(exc),
                        help='hands are written in mpsz notation, e.g. "123m456p789s11122z"',
                    )
                )
            for item in example.situation:
                problems.extend(_check_situation_item(item, decls, settable))
    return problems


def _check_situation_item(
    item: ast.SituationItem, decls: Declarations, settable: set[str]
) -> list[Diagnostic]:
    name = item.name.text
    value = item.value.text if item.value is not None else None
    if name in decls.options:
        option = decls.options[name]
        allowed: list[str] | None = None
        if isinstance(option.type, ast.ToggleType):
            allowed = ["on", "off"]
        elif isinstance(option.type, ast.ChoiceType):
            allowed = [c.id.text for c in option.type.choices]
        if value is None or (allowed is not None and value not in allowed):
            return [
                error(
                    "E0506",
                    f"the example sets option `{name}` to "
                    f"{'nothing' if value is None else f'`{value}`'}",
                    item.span,
                    help="write `" + name + "=" + (allowed[0] if allowed else "N") + "`",
                )
            ]
        return []
    if name not in settable:
        return [
            error(
                "E0111",
                f"an example cannot set `{name}`",
                item.name.span,
                label="not a situation or an option",
                help=did_you_mean(name, sorted(settable | set(decls.options))),
            )
        ]
    if name in ("seat_wind", "round_wind"):
        if value not in WIND_LETTERS:
            return [
                error(
                    "E0506",
                    f"`{name}` is one of E, S, W, N",
                    item.span,
                    help=f"write `{name}=E`",
                )
            ]
    elif name == "players":
        if value not in ("2", "3", "4"):
            return [error("E0506", "`players` is 2, 3 or 4", item.span)]
    elif name == "set_aside":
        if value not in [str(n) for n in range(1, 17)]:
            return [error("E0506", "`set_aside` is a count of tiles, 1 to 16", item.span)]
    elif name in ("wild", "indicator", "dora", "ura"):
        try:
            tile_index(value or "")
        except NotationError:
            return [
                error(
                    "E0506",
                    f"`{name}` names a tile, such as `{name}=5z`",
                    item.span,
                )
            ]
    elif value is not None:
        return [
            error(
                "E0506",
                f"`{name}` is a flag and takes no value",
                item.span,
                help=f"write just `{name}`",
            )
        ]
    return []
