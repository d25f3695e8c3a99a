"""mjc: a compiler for mahjong rulebooks, and the runtime its generated modules import.

The wheel installs this one top-level package. In the repository its subpackages live in the
folders the product card names (`compiler/`, `runtime/`, `grammar/`, `rulebooks/`); this folder
links to them so that tools run from a checkout see the same `mjc.*` names as an install does,
and `pyproject.toml` maps them for the wheel.
"""
