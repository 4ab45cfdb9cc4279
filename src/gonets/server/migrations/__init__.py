"""Schema migrations of the server's database (Alembic), applied at start: see
:func:`gonets.server.migrate.migrate`."""
