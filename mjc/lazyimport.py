"""Lazy re-exports for the `__init__` of mjc's packages.

Each package of `mjc.compiler` and `mjc.runtime` names its public API in its `__init__`, but
importing a package must not import every module in it: the runtime's settlement input needs
pydantic, which `import mjc.runtime` and a generated module never load, and `mjc check` starts
faster when the docs and the simulator stay unloaded. So a package lists each public name with
the module that defines it, and `lazy_exports` gives it the module-level `__getattr__` and
`__dir__` (PEP 562) that import that module on first use; type checkers read the same names
from the package's `if TYPE_CHECKING:` imports.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any

__all__ = ["lazy_exports"]


def lazy_exports(
    package: str, namespace: dict[str, Any], exports: Mapping[str, str]
) -> tuple[Callable[[str], object], Callable[[], list[str]]]:
    """`__getattr__` and `__dir__` for `package`, whose `namespace` is its `globals()` and
    whose `exports` map each public name to the module that defines it. A name found is kept
    in the namespace, so later look-ups do not come back here."""

    def __getattr__(name: str) -> object:
        module = exports.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(module), name)
        namespace[name] = value
        return value

    def __dir__() -> list[str]:
        return sorted({*namespace, *exports})

    return __getattr__, __dir__
