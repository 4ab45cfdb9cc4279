"""Accounts, second step: failed log-ins remember the account tried (locks per account and
address), each account's seat says whether it won (the profiles count with SQL), and on
SQLite an account's number is never given again after a deletion (AUTOINCREMENT).

Revision ID: 0009
"""

import json

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def _won(result: dict, seat: int) -> bool:
    abandoned = (result.get("detail") or {}).get("abandoned") or []
    return seat in (result.get("winners") or []) and seat not in abandoned


def _fill_won() -> None:
    """Mark the seats of the tables that finished before this revision."""
    conn = op.get_bind()
    rows = conn.execute(sa.text(
        "SELECT p.table_id, p.seat, t.result FROM gonets_table_players p "
        "JOIN gonets_tables t ON t.id = p.table_id WHERE t.status = 'finished'")).all()
    for table_id, seat, result in rows:
        conn.execute(sa.text("UPDATE gonets_table_players SET won = :won "
                             "WHERE table_id = :table AND seat = :seat"),
                     {"won": _won(json.loads(result or "{}") or {}, seat), "table": table_id,
                      "seat": seat})


def upgrade() -> None:
    with op.batch_alter_table("gonets_login_failures") as batch:
        batch.add_column(sa.Column("user_id", sa.Integer, nullable=True))
    op.create_index("gonets_login_failures_user", "gonets_login_failures",
                    ["user_id", "address", "ts"])
    with op.batch_alter_table("gonets_table_players") as batch:
        batch.add_column(sa.Column("won", sa.Boolean, nullable=True))
    _fill_won()
    if op.get_bind().dialect.name == "sqlite":      # PostgreSQL's sequences never go back
        with op.batch_alter_table("gonets_users", recreate="always",
                                  table_kwargs={"sqlite_autoincrement": True}):
            pass


def downgrade() -> None:
    if op.get_bind().dialect.name == "sqlite":
        with op.batch_alter_table("gonets_users", recreate="always",
                                  table_kwargs={"sqlite_autoincrement": False}):
            pass
    with op.batch_alter_table("gonets_table_players") as batch:
        batch.drop_column("won")
    op.drop_index("gonets_login_failures_user", "gonets_login_failures")
    with op.batch_alter_table("gonets_login_failures") as batch:
        batch.drop_column("user_id")
