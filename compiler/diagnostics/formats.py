"""Diagnostics in machine-readable formats: JSON, GitHub Actions annotations and SARIF.

Input is the sorted `Diagnostic` list of `mjc check` (`mjc.compiler.diagnostics`):

* :func:`render_json` -- the ``mjc check --format json`` contract in DESIGN.md;
* :func:`render_github` -- GitHub Actions workflow commands (annotations on a pull request);
* :func:`render_sarif` -- a SARIF 2.1.0 log for code-scanning tools.

Each returns a complete document ending in a newline (GitHub's is ``""`` when there is nothing
to report) and none raises on odd input.
"""

from __future__ import annotations

import json
import os
import pathlib
import urllib.parse
from collections.abc import Mapping, Sequence
from typing import Any

from mjc.compiler.diagnostics import Diagnostic

__all__ = ["render_github", "render_json", "render_sarif"]

SARIF_SCHEMA = (
    "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
)


def render_json(diags: Sequence[Diagnostic], *, version: str) -> str:
    """The ``mjc check --format json`` document (see "Contracts" in DESIGN.md)."""
    items: list[dict[str, Any]] = []
    for d in diags:
        span = d.span
        items.append(
            {
                "code": d.code,
                "severity": d.severity,
                "message": d.message,
                "file": span.file if span else None,
                "line": span.line if span else None,
                "column": span.column if span else None,
                "end_line": span.end_line if span else None,
                "end_column": span.end_column if span else None,
                "help": d.help,
            }
        )
    return (
        json.dumps({"version": version, "diagnostics": items}, ensure_ascii=False, indent=2) + "\n"
    )


def _escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


_GITHUB_COMMAND: dict[str, str] = {"error": "error", "warning": "warning", "note": "notice"}


def render_github(diags: Sequence[Diagnostic]) -> str:
    """GitHub Actions workflow commands (``::error file=...::message``), one per line."""
    lines: list[str] = []
    for d in diags:
        properties: list[tuple[str, str]] = []
        if d.span is not None:
            s = d.span
            properties += [
                ("file", s.file),
                ("line", str(s.line)),
                ("col", str(s.column)),
                ("endLine", str(s.end_line)),
                ("endColumn", str(s.end_column)),
            ]
        properties.append(("title", d.code))
        message = d.message if d.help is None else f"{d.message} (help: {d.help})"
        joined = ",".join(f"{key}={_escape_property(value)}" for key, value in properties)
        command = _GITHUB_COMMAND.get(d.severity, "notice")
        lines.append(f"::{command} {joined}::{_escape_data(message)}")
    return "".join(line + "\n" for line in lines)


def _artifact_uri(file: str) -> str:
    """A URI reference for ``file``: relative paths stay relative, with ``/`` separators."""
    path = pathlib.PurePath(file)
    if path.is_absolute() and os.path.isabs(file):
        return pathlib.Path(file).as_uri()
    return urllib.parse.quote(path.as_posix(), safe="/")


def render_sarif(
    diags: Sequence[Diagnostic],
    *,
    tool_version: str,
    rules: Mapping[str, str] | None = None,
) -> str:
    """A SARIF 2.1.0 log with one run of mjc.

    ``rules`` maps a diagnostic code to a one-line summary, used as the rule's
    ``shortDescription``; the log lists a rule for every code that occurs in ``diags``.
    Columns are declared as ``unicodeCodePoints``, which is how spans count them.
    """
    summaries = rules or {}
    codes = sorted({d.code for d in diags})
    rule_index = {code: i for i, code in enumerate(codes)}
    descriptors: list[dict[str, Any]] = []
    for code in codes:
        descriptor: dict[str, Any] = {"id": code}
        if code in summaries:
            descriptor["shortDescription"] = {"text": summaries[code]}
        descriptors.append(descriptor)
    results: list[dict[str, Any]] = []
    for d in diags:
        text = d.message if d.help is None else f"{d.message} (help: {d.help})"
        result: dict[str, Any] = {
            "ruleId": d.code,
            "ruleIndex": rule_index[d.code],
            "level": d.severity if d.severity in ("error", "warning", "note") else "note",
            "message": {"text": text},
        }
        if d.span is not None:
            s = d.span
            result["locations"] = [
                {
                    "physicalLocation": {
                        "artifactLocation": {"uri": _artifact_uri(s.file)},
                        "region": {
                            "startLine": max(s.line, 1),
                            "startColumn": max(s.column, 1),
                            "endLine": max(s.end_line, s.line, 1),
                            "endColumn": (
                                max(s.end_column, 1)
                                if s.end_line > s.line
                                else max(s.end_column, s.column, 1)
                            ),
                        },
                    }
                }
            ]
        results.append(result)
    log = {
        "$schema": SARIF_SCHEMA,
        "version": "2.1.0",
        "runs": [
            {
                "tool": {"driver": {"name": "mjc", "version": tool_version, "rules": descriptors}},
                "columnKind": "unicodeCodePoints",
                "results": results,
            }
        ],
    }
    return json.dumps(log, ensure_ascii=False, indent=2) + "\n"
