"""Docs generation: the IR to Markdown pages, with tile pictures, for the mkdocs site.

`docgen` renders a page per rulebook (with `fans`, `play`, `settlement` and the shared
`words`), `comparison` the pages about all bundled rulebooks together, `refdocs` the
reference pages made from the compiler's own tables; `prose` says conditions in plain
English, `mdtext` escapes rulebook text for Markdown, `pagetemplates` is the jinja2
environment, `tilesvg` draws tiles, `highlight` is the Pygments lexer of the language. Reads
only the IR and the language's tables.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mjc.lazyimport import lazy_exports

if TYPE_CHECKING:
    from mjc.compiler.docs.comparison import (
        Change,
        generate_comparison_page,
        generate_rulebooks_index,
        generate_rulebooks_snippet,
        generate_variants_page,
        variant_changes,
    )
    from mjc.compiler.docs.docgen import (
        generate_diagnostics_page,
        generate_page,
    )
    from mjc.compiler.docs.highlight import (
        KEYWORDS,
        MjcLexer,
    )
    from mjc.compiler.docs.mdtext import (
        Md,
        anchor,
        code,
        page_title,
        text,
        verbatim,
    )
    from mjc.compiler.docs.pagetemplates import (
        md_cell,
        reference_cell,
        render,
        render_reference,
    )
    from mjc.compiler.docs.play import (
        play_context,
        play_summary,
        rule_words,
    )
    from mjc.compiler.docs.prose import (
        condition_words,
        per_words,
        value_words,
    )
    from mjc.compiler.docs.refdocs import (
        generate_cli_page,
        generate_tiles_page,
        generate_words_snippet,
    )
    from mjc.compiler.docs.settlement import (
        horse_context,
        payments_context,
    )
    from mjc.compiler.docs.tilesvg import (
        TILE_HEIGHT,
        TILE_WIDTH,
        HandPicture,
        all_tile_files,
        back_svg,
        hand_markdown,
        tile_label,
        tile_markdown,
        tile_svg,
    )
    from mjc.compiler.docs.words import (
        TILES_FOLDER,
        cap_words,
        claim_rules,
        inherited_badge,
        minimum_words,
        option_choices,
        origin_badges,
        tile_pictures,
        when_words,
        wild_context,
    )

# Each public name, and the module that defines it (imported on first use).
_EXPORTS = {
    "Change": "mjc.compiler.docs.comparison",
    "HandPicture": "mjc.compiler.docs.tilesvg",
    "KEYWORDS": "mjc.compiler.docs.highlight",
    "Md": "mjc.compiler.docs.mdtext",
    "MjcLexer": "mjc.compiler.docs.highlight",
    "TILES_FOLDER": "mjc.compiler.docs.words",
    "TILE_HEIGHT": "mjc.compiler.docs.tilesvg",
    "TILE_WIDTH": "mjc.compiler.docs.tilesvg",
    "all_tile_files": "mjc.compiler.docs.tilesvg",
    "anchor": "mjc.compiler.docs.mdtext",
    "back_svg": "mjc.compiler.docs.tilesvg",
    "cap_words": "mjc.compiler.docs.words",
    "claim_rules": "mjc.compiler.docs.words",
    "code": "mjc.compiler.docs.mdtext",
    "condition_words": "mjc.compiler.docs.prose",
    "generate_cli_page": "mjc.compiler.docs.refdocs",
    "generate_comparison_page": "mjc.compiler.docs.comparison",
    "generate_diagnostics_page": "mjc.compiler.docs.docgen",
    "generate_page": "mjc.compiler.docs.docgen",
    "generate_rulebooks_index": "mjc.compiler.docs.comparison",
    "generate_rulebooks_snippet": "mjc.compiler.docs.comparison",
    "generate_tiles_page": "mjc.compiler.docs.refdocs",
    "generate_variants_page": "mjc.compiler.docs.comparison",
    "generate_words_snippet": "mjc.compiler.docs.refdocs",
    "hand_markdown": "mjc.compiler.docs.tilesvg",
    "horse_context": "mjc.compiler.docs.settlement",
    "inherited_badge": "mjc.compiler.docs.words",
    "md_cell": "mjc.compiler.docs.pagetemplates",
    "minimum_words": "mjc.compiler.docs.words",
    "option_choices": "mjc.compiler.docs.words",
    "origin_badges": "mjc.compiler.docs.words",
    "page_title": "mjc.compiler.docs.mdtext",
    "payments_context": "mjc.compiler.docs.settlement",
    "per_words": "mjc.compiler.docs.prose",
    "play_context": "mjc.compiler.docs.play",
    "play_summary": "mjc.compiler.docs.play",
    "reference_cell": "mjc.compiler.docs.pagetemplates",
    "render": "mjc.compiler.docs.pagetemplates",
    "render_reference": "mjc.compiler.docs.pagetemplates",
    "rule_words": "mjc.compiler.docs.play",
    "text": "mjc.compiler.docs.mdtext",
    "tile_label": "mjc.compiler.docs.tilesvg",
    "tile_markdown": "mjc.compiler.docs.tilesvg",
    "tile_pictures": "mjc.compiler.docs.words",
    "tile_svg": "mjc.compiler.docs.tilesvg",
    "value_words": "mjc.compiler.docs.prose",
    "variant_changes": "mjc.compiler.docs.comparison",
    "verbatim": "mjc.compiler.docs.mdtext",
    "when_words": "mjc.compiler.docs.words",
    "wild_context": "mjc.compiler.docs.words",
}

__getattr__, __dir__ = lazy_exports(__name__, globals(), _EXPORTS)

__all__ = [
    "KEYWORDS",
    "TILES_FOLDER",
    "TILE_HEIGHT",
    "TILE_WIDTH",
    "Change",
    "HandPicture",
    "Md",
    "MjcLexer",
    "all_tile_files",
    "anchor",
    "back_svg",
    "cap_words",
    "claim_rules",
    "code",
    "condition_words",
    "generate_cli_page",
    "generate_comparison_page",
    "generate_diagnostics_page",
    "generate_page",
    "generate_rulebooks_index",
    "generate_rulebooks_snippet",
    "generate_tiles_page",
    "generate_variants_page",
    "generate_words_snippet",
    "hand_markdown",
    "horse_context",
    "inherited_badge",
    "md_cell",
    "minimum_words",
    "option_choices",
    "origin_badges",
    "page_title",
    "payments_context",
    "per_words",
    "play_context",
    "play_summary",
    "reference_cell",
    "render",
    "render_reference",
    "rule_words",
    "text",
    "tile_label",
    "tile_markdown",
    "tile_pictures",
    "tile_svg",
    "value_words",
    "variant_changes",
    "verbatim",
    "when_words",
    "wild_context",
]
