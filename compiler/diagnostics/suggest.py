"""'Did you mean' suggestions for names the resolver and checker could not find, and for
misspelt keywords.

The caller passes the unknown word it read from the rulebook and the words valid at that point
(for a name: the fan ids, Chinese fan names, option ids and labels, builtins in scope; for a
syntax error: the keywords the parser accepts in the state it stopped in); this module returns
the closest few, or nothing when no candidate is close enough to be a plausible typo. The text
it builds goes into a diagnostic's ``help`` line (see :mod:`mjc.compiler.diagnostics`).

A candidate must pass two tests, both case-insensitive:

* :class:`difflib.SequenceMatcher` similarity of at least 0.6 (the stdlib's usual cutoff);
* an edit budget: the optimal-string-alignment distance (Levenshtein plus transpositions) is
  at most about a sixth of the two lengths together (the budget CPython uses for its own
  "Did you mean" hints), unless one name contains the other (`robbing` → `robbing_kong`;
  keywords turn that off: `payment` is not a spelling of `kong_payment`). This keeps the
  ratio from pairing unrelated names that merely share letters (``leader`` is not
  ``players``).

The candidates that pass are ranked by edit distance, closest first, then by similarity and
alphabetically. Both work on code points, so Chinese names (``清一`` → ``清一色``) are handled
like ASCII ids.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

__all__ = ["did_you_mean", "edit_distance", "suggest"]

_MIN_RATIO = 0.6


def edit_distance(a: str, b: str) -> int:
    """Optimal-string-alignment distance: insertions, deletions, substitutions, swaps."""
    if a == b:
        return 0
    if not a or not b:
        return len(a) or len(b)
    before: list[int] = []
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        current = [i] + [0] * len(b)
        for j, cb in enumerate(b, 1):
            cost = 0 if ca == cb else 1
            best = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                best = min(best, before[j - 2] + 1)
            current[j] = best
        before, previous = previous, current
    return previous[-1]


def _budget(a: str, b: str) -> int:
    return max(1, (len(a) + len(b) + 3) // 6)


def suggest(
    name: str, candidates: Iterable[str], *, limit: int = 1, substrings: bool = True
) -> list[str]:
    """Return up to ``limit`` candidates that ``name`` is plausibly a misspelling of.

    Closest first by edit distance; ties are broken by similarity and then alphabetically, so
    the answer does not depend on the order of ``candidates``. A candidate equal to ``name``
    is never suggested; one differing only in case is the best possible suggestion. With
    ``substrings`` off, a candidate that contains ``name`` (or is contained in it) must still
    be within the edit budget.
    """
    if limit <= 0:
        return []
    key = name.casefold()
    if not key:
        return []
    import difflib  # here: a check that suggests nothing does without it (and heapq)

    matcher = difflib.SequenceMatcher(autojunk=False)
    matcher.set_seq2(key)
    scored: list[tuple[int, float, str]] = []
    seen: set[str] = set()
    for candidate in candidates:
        if candidate == name or candidate in seen:
            continue
        seen.add(candidate)
        other = candidate.casefold()
        if not other:
            continue
        matcher.set_seq1(other)
        if matcher.real_quick_ratio() < _MIN_RATIO or matcher.quick_ratio() < _MIN_RATIO:
            continue
        ratio = matcher.ratio()
        if ratio < _MIN_RATIO:
            continue
        distance = edit_distance(key, other)
        contains = substrings and (key in other or other in key)
        if distance > _budget(key, other) and not contains:
            continue
        scored.append((distance, -ratio, candidate))
    scored.sort()
    return [candidate for _, _, candidate in scored[:limit]]


def did_you_mean(
    name: str,
    candidates: Iterable[str],
    *,
    describe: Callable[[str], str] | None = None,
    substrings: bool = True,
) -> str | None:
    """Return a help sentence such as "did you mean `pure_one_suit` (清一色)?", or None.

    ``describe`` maps the suggested name to a gloss shown in parentheses (typically the
    Chinese name of a fan or the label of an option); an empty gloss, or one equal to the
    name itself, is left out. ``substrings`` is :func:`suggest`'s.
    """
    found = suggest(name, candidates, limit=1, substrings=substrings)
    if not found:
        return None
    best = found[0]
    gloss = describe(best) if describe is not None else ""
    if gloss and gloss != best:
        return f"did you mean `{best}` ({gloss})?"
    return f"did you mean `{best}`?"
