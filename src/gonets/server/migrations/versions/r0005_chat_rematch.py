"""Table chat (its own table, never part of a match record) and the rematch a finished
table points to.

Revision ID: 0005
"""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "gonets_chat",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(32), nullable=False),
        sa.Column("ts", sa.Float, nullable=False),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("name", sa.String(64), nullable=True),
        sa.Column("spectator", sa.Integer, nullable=True),
        sa.Column("text", sa.Text, nullable=False),
    )
    op.create_index("gonets_chat_table", "gonets_chat", ["table_id", "id"])
    with op.batch_alter_table("gonets_tables") as batch:
        batch.add_column(sa.Column("rematch", sa.String(32), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("gonets_tables") as batch:
        batch.drop_column("rematch")
    op.drop_index("gonets_chat_table", table_name="gonets_chat")
    op.drop_table("gonets_chat")
