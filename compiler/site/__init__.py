"""The documentation site: `mjc docs`, with balance pages simulated from the runtime.

`build` writes the generated pages beside the hand-written ones and runs mkdocs (or serves
the site); `balance` and `simpage` make each rulebook's balance page from a simulation, with
`simcharts`' SVG charts; `mkdocs_hooks` is loaded by path from the mkdocs configuration.
Reads the docs pages, the driver's compilations and the runtime's simulator.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mjc.lazyimport import lazy_exports

if TYPE_CHECKING:
    from mjc.compiler.site.balance import (
        BALANCE_GAMES,
        BALANCE_SEED,
        GAMES_ENV,
        balance_link,
        balance_path,
        balance_site_files,
        page_key,
    )
    from mjc.compiler.site.build import (
        BUNDLED,
        GENERATED,
        RULEBOOKS_ENV,
        Result,
        SiteError,
        SiteUsageError,
        balance_pages,
        build_docs,
        build_folder_site,
        build_site,
        compile_bundled,
        compile_rulesets,
        compile_source,
        regenerate,
        site_files,
        watched_folder,
        write_generated,
    )
    from mjc.compiler.site.simcharts import (
        CHARTS_MISSING,
        charts,
        charts_available,
    )
    from mjc.compiler.site.simpage import (
        BALANCE_BOTS,
        balance_files,
        balance_page,
        report_markdown,
        report_page,
    )

# Each public name, and the module that defines it (imported on first use).
_EXPORTS = {
    "BALANCE_BOTS": "mjc.compiler.site.simpage",
    "BALANCE_GAMES": "mjc.compiler.site.balance",
    "BALANCE_SEED": "mjc.compiler.site.balance",
    "BUNDLED": "mjc.compiler.site.build",
    "CHARTS_MISSING": "mjc.compiler.site.simcharts",
    "GAMES_ENV": "mjc.compiler.site.balance",
    "GENERATED": "mjc.compiler.site.build",
    "RULEBOOKS_ENV": "mjc.compiler.site.build",
    "Result": "mjc.compiler.site.build",
    "SiteError": "mjc.compiler.site.build",
    "SiteUsageError": "mjc.compiler.site.build",
    "balance_files": "mjc.compiler.site.simpage",
    "balance_link": "mjc.compiler.site.balance",
    "balance_page": "mjc.compiler.site.simpage",
    "balance_pages": "mjc.compiler.site.build",
    "balance_path": "mjc.compiler.site.balance",
    "balance_site_files": "mjc.compiler.site.balance",
    "build_docs": "mjc.compiler.site.build",
    "build_folder_site": "mjc.compiler.site.build",
    "build_site": "mjc.compiler.site.build",
    "charts": "mjc.compiler.site.simcharts",
    "charts_available": "mjc.compiler.site.simcharts",
    "compile_bundled": "mjc.compiler.site.build",
    "compile_rulesets": "mjc.compiler.site.build",
    "compile_source": "mjc.compiler.site.build",
    "page_key": "mjc.compiler.site.balance",
    "regenerate": "mjc.compiler.site.build",
    "report_markdown": "mjc.compiler.site.simpage",
    "report_page": "mjc.compiler.site.simpage",
    "site_files": "mjc.compiler.site.build",
    "watched_folder": "mjc.compiler.site.build",
    "write_generated": "mjc.compiler.site.build",
}

__getattr__, __dir__ = lazy_exports(__name__, globals(), _EXPORTS)

__all__ = [
    "BALANCE_BOTS",
    "BALANCE_GAMES",
    "BALANCE_SEED",
    "BUNDLED",
    "CHARTS_MISSING",
    "GAMES_ENV",
    "GENERATED",
    "RULEBOOKS_ENV",
    "Result",
    "SiteError",
    "SiteUsageError",
    "balance_files",
    "balance_link",
    "balance_page",
    "balance_pages",
    "balance_path",
    "balance_site_files",
    "build_docs",
    "build_folder_site",
    "build_site",
    "charts",
    "charts_available",
    "compile_bundled",
    "compile_rulesets",
    "compile_source",
    "page_key",
    "regenerate",
    "report_markdown",
    "report_page",
    "site_files",
    "watched_folder",
    "write_generated",
]
