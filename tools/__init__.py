"""Tools that keep the repository's own documents in step with its code (not shipped)."""
