"""Small graph helpers for the checks and the lowering: cycle finding and a stable topological
order. Input is a mapping from a node to the nodes it points at, in declaration order."""

from __future__ import annotations

from collections.abc import Mapping, Sequence


def find_cycle(edges: Mapping[str, Sequence[str]]) -> list[str] | None:
    """A cycle as a path whose last node equals its first, or None. Deterministic: nodes are
    visited in the mapping's order."""
    state: dict[str, int] = {}  # 1 = on the current path, 2 = finished
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for target in edges.get(node, ()):
            if state.get(target) == 1:
                return [*path[path.index(target) :], target]
            if target not in state:
                found = visit(target)
                if found:
                    return found
        path.pop()
        state[node] = 2
        return None

    for node in edges:
        if node not in state:
            found = visit(node)
            if found:
                return found
    return None


def topological_order(nodes: Sequence[str], before: Mapping[str, Sequence[str]]) -> list[str]:
    """`nodes` ordered so that each comes after everything listed in `before[node]`; ties keep
    the given order. The graph must be acyclic."""
    placed: set[str] = set()
    order: list[str] = []

    def place(node: str) -> None:
        if node in placed:
            return
        placed.add(node)
        for earlier in before.get(node, ()):
            place(earlier)
        order.append(node)

    for node in nodes:
        place(node)
    return order
