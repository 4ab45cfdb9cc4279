"""The first schema: tables and their steps (seeds in a 32-bit column, as first made).

Revision ID: 0001
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "gonets_tables",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("preset", sa.String(64), nullable=False),
        sa.Column("options", sa.Text, nullable=False),
        sa.Column("seats", sa.Text, nullable=False),
        sa.Column("token_hashes", sa.Text, nullable=False),
        sa.Column("seed", sa.Integer, nullable=False),
        sa.Column("bot_delay", sa.Float, nullable=False),
        sa.Column("turn_seconds", sa.Float, nullable=True),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("result", sa.Text, nullable=True),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("updated", sa.Float, nullable=False),
    )
    op.create_table(
        "gonets_steps",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("idx", sa.Integer, primary_key=True),
        sa.Column("step", sa.Text, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("gonets_steps")
    op.drop_table("gonets_tables")
