"""The games. Each subpackage exporting ``GAME`` is registered automatically."""
