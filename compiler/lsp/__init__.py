"""The mjc language server."""
