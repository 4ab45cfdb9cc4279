"""The operator's commands of the command line beside ``gonets serve`` and ``gonets admin``:
``gonets backup`` and ``gonets restore`` (:mod:`gonets.server.backup`), imported only when
they run, so that every other command starts as fast as before."""

from __future__ import annotations

from pathlib import Path


def register(app) -> None:
    """Add ``gonets backup`` and ``gonets restore`` to the command line ``app`` (typer)."""
    import typer

    from gonets.console import fail

    database = typer.Option(None, "--db", help="Database URL (default: GONETS_DATABASE_URL "
                                               "or the server's SQLite file).")

    @app.command("backup")
    def backup_command(file: Path = typer.Argument(..., help="The backup file to write."),
                       db: str | None = database) -> None:
        """Write a server's whole database to FILE (a running server may go on)."""
        _run("backup", db, file, fail)

    @app.command("restore")
    def restore_command(file: Path = typer.Argument(..., help="The backup file to read."),
                        db: str | None = database) -> None:
        """Load FILE into an empty database and bring it to the newest schema."""
        _run("restore", db, file, fail)


def _run(action: str, db: str | None, file: Path, fail) -> None:
    from gonets.server import backup
    from gonets.server.storage import default_database_url

    try:
        getattr(backup, action)(db or default_database_url(), file)
    except backup.BackupError as exc:
        fail(str(exc))
