"""A table remembers the version of its game's rules its steps were written under (tables
stored before: version 1, brought up to date whenever they are loaded).

Revision ID: 0010
"""

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("gonets_tables") as batch:
        batch.add_column(sa.Column("rules", sa.Integer, nullable=False, server_default="1"))


def downgrade() -> None:
    with op.batch_alter_table("gonets_tables") as batch:
        batch.drop_column("rules")
