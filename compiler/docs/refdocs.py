"""Reference pages generated from the compiler's own tables, so they never drift.

Input is `mjc.compiler.language.vocabulary` (the builtin words of conditions),
`mjc.compiler.resolve.slots` (the clauses that hold expressions),
`mjc.compiler.language.vocabulary_play` (the rules of the play section), `mjc.runtime.tiles.tile`
(the tile notation and names) and the CLI's argparse parser
(`mjc.compiler.cli.commands.build_parser()`, passed in). Output is Markdown: the builtin-words
tables the language reference includes, the tiles and hand-notation page (with the tile pictures of
`mjc.compiler.docs.tilesvg`), and the CLI reference."""

from __future__ import annotations

import argparse
from collections.abc import Mapping
from dataclasses import dataclass

from mjc.compiler.docs.docgen import TILES_FOLDER
from mjc.compiler.docs.pagetemplates import render_reference
from mjc.compiler.docs.tilesvg import hand_markdown, tile_markdown
from mjc.compiler.language import vocabulary
from mjc.compiler.language.playtext import default_text, takes
from mjc.compiler.language.types import describe
from mjc.compiler.language.vocabulary_play import PLAY_PARTS, PLAY_WORDS
from mjc.compiler.resolve.slots import SLOTS
from mjc.runtime.tiles.tile import NUM_TILES, tile_name_en, tile_name_zh, tile_text

__all__ = ["generate_cli_page", "generate_tiles_page", "generate_words_snippet"]


def generate_words_snippet() -> str:
    """The builtin words of conditions, as tables, from `mjc.compiler.language.vocabulary`: included
    in the language reference so that it can never drift from what the type checker accepts."""

    def rows(table: Mapping[str, vocabulary.Word]) -> list[dict[str, str]]:
        return [
            {"name": n, "type": describe(w.type), "meaning": w.meaning} for n, w in table.items()
        ]

    functions = [
        {
            "name": name,
            "takes": " or ".join(
                ", ".join(describe(t) for t in overload) for overload in f.overloads
            ),
            "result": describe(f.result),
            "meaning": f.meaning,
        }
        for name, f in vocabulary.FUNCTIONS.items()
    ]
    return render_reference(
        "words.md.j2",
        arrangement=rows(vocabulary.ARRANGEMENT_FACTS),
        whole_hand=rows({**vocabulary.HAND_FACTS, **vocabulary.HELD_FACTS}),
        situation=rows(vocabulary.SITUATION_FACTS),
        points=rows({**vocabulary.RESULT_FACTS, **vocabulary.POINTS_FACTS}),
        tile_attributes=rows(vocabulary.TILE_ATTRIBUTES),
        meld_attributes=rows(vocabulary.MELD_ATTRIBUTES),
        functions=functions,
        suits=vocabulary.SUIT_CONSTANTS,
        tile_lists=vocabulary.TILE_LIST_CONSTANTS,
        shapes=vocabulary.BUILTIN_SHAPES,
        groups=vocabulary.TILE_GROUPS,
        settings=vocabulary.EXAMPLE_SETTINGS,
        slots=[
            {"section": s.section, "clause": s.clause, "type": s.type_words, "reads": s.reads}
            for s in SLOTS
        ],
        play=_play_rules(),
    )


def _play_rules() -> list[dict[str, str]]:
    """Each rule of the play section: what it takes, its default and what it means."""
    rows = []
    for key, word in PLAY_WORDS.items():
        meaning = word.says if word.kind == "toggle" else word.says.replace("{}", "…")
        if word.values:
            meaning += " — " + "; ".join(f"`{v}`: {m}" for v, m in word.values.items())
        rows.append(
            {
                "name": key,
                "part": PLAY_PARTS[word.part].split(" (")[0],
                "takes": takes(key),
                "default": default_text(key),
                "meaning": meaning,
            }
        )
    return rows


def generate_tiles_page() -> str:
    """The tile notation (`reference/tiles.md`): every tile's picture, notation and names,
    and a few hands drawn the way rulebook pages draw them."""
    tiles = f"../{TILES_FOLDER}"
    suits = []
    for letter, name in (
        ("m", "万 characters"),
        ("p", "筒 dots"),
        ("s", "条 bamboo"),
        ("z", "字 honours"),
        ("f", "花 flowers and seasons"),
    ):
        suits.append(
            {
                "letter": letter,
                "name": name,
                "tiles": [
                    {
                        "text": tile_text(t),
                        "picture": tile_markdown(t, tiles),
                        "zh": tile_name_zh(t),
                        "en": tile_name_en(t),
                    }
                    for t in range(NUM_TILES)
                    if tile_text(t).endswith(letter)
                ],
            }
        )
    hands = [
        ("234m567p55s [888s] (9999m)", None),
        ("123m456p789s345s22z", "3s"),
        ("19m19p19s12345677z", None),
    ]
    return render_reference(
        "tiles.md.j2",
        suits=suits,
        hands=[
            {"hand": h, "win": w or "", "picture": hand_markdown(h, tiles, w)} for h, w in hands
        ],
    )


# What an argument means when the parser gives it no help of its own.
_METAVAR_MEANINGS = {
    "RULEBOOK": "a bundled rulebook name (guangdong) or a rulebook file",
    "PATH": "a rulebook file or a bundled rulebook name",
    "CODE": "a diagnostic code, e.g. E0101",
}


@dataclass(frozen=True, slots=True)
class _Argument:
    names: str
    meaning: str
    default: str


def _arguments(parser: argparse.ArgumentParser) -> list[_Argument]:
    found = []
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction | argparse._HelpAction):
            continue
        if action.option_strings:
            metavar = action.metavar or (action.dest.upper() if action.nargs != 0 else "")
            if action.choices is not None and not action.metavar:
                metavar = "{" + ",".join(str(c) for c in action.choices) + "}"
            names = ", ".join(f"`{o}`" for o in action.option_strings)
            if metavar and action.nargs != 0:
                names += f" `{metavar}`"
        else:
            names = f"`{action.metavar or action.dest}`"
        extra = []
        if action.nargs in ("*", "+") or isinstance(action, argparse._AppendAction):
            extra.append("repeatable" if action.option_strings else "one or more")
        default = action.default
        shown = (
            ""
            if default in (None, False, [], argparse.SUPPRESS) or action.nargs == 0
            else f"`{default}`"
        )
        metavar = action.metavar if isinstance(action.metavar, str) else ""
        meaning = action.help or _METAVAR_MEANINGS.get(metavar, "")
        if action.choices is not None and action.metavar:
            meaning += f" (one of {', '.join(str(c) for c in action.choices)})"
        if extra and action.option_strings:
            meaning += f" ({extra[0]})"
        found.append(_Argument(names, meaning, shown))
    return found


def _usage(parser: argparse.ArgumentParser) -> str:
    formatter = argparse.HelpFormatter(parser.prog, width=76)
    formatter.add_usage(parser.usage, parser._actions, parser._mutually_exclusive_groups)
    return formatter.format_help().strip()


def generate_cli_page(parser: argparse.ArgumentParser) -> str:
    """The CLI reference, read from the CLI's own argparse parser (`mjc.compiler.cli.commands`)."""
    commands = []
    for action in parser._actions:
        if not isinstance(action, argparse._SubParsersAction):
            continue
        helps = {a.dest: a.help or "" for a in action._choices_actions}
        for name, sub in action.choices.items():
            commands.append(
                {
                    "name": name,
                    "help": helps.get(name, ""),
                    "description": sub.description or "",
                    "usage": _usage(sub),
                    "arguments": _arguments(sub),
                }
            )
    return render_reference(
        "cli.md.j2",
        description=parser.description or "",
        usage=_usage(parser),
        arguments=_arguments(parser),
        commands=commands,
    )
