"""mjc: a compiler for mahjong rulebooks, and the runtime its generated modules import.

The wheel installs this one top-level package. In the repository its subpackages live in the
folders the product card names (`compiler/`, `runtime/`, `grammar/`, `rulebooks/`); this folder
links to them so that tools run from a checkout see the same `mjc.*` names as an install does,
and `pyproject.toml` maps them for the wheel. Importing it lets the modules that moved into
packages still be imported by their old paths (`mjc.moved`).
"""

from mjc.moved import install as _install_moved_modules

# The old module paths of the layout before its packages by stage (`mjc.moved`).
_install_moved_modules()
