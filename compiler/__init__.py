"""mjc's compiler: rulebook text to checked IR to generated modules and docs.

One package per stage, in the order a rulebook goes through them (`driver` runs them):
`syntax` (text to AST), `resolve` (declarations and typed expressions), `check` (the
semantic checks), `lower` (to the `ir`), `emit` (the Python module, with `conditions` and
`pysource`) and `docs` (the pages); `diagnostics` and `language` serve every stage. The front
ends sit on top: `cli`, `lsp`, `site` and `loader`. docs/architecture.md draws them, and
pyproject.toml's import contracts keep each stage from importing the ones above it.
"""
