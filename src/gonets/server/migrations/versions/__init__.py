"""One module per schema revision, oldest first (``down_revision`` chains them)."""
