"""A table may offer its players a hint button (search from their own view).

Revision ID: 0006
"""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("gonets_tables") as batch:
        batch.add_column(sa.Column("hints", sa.Boolean, nullable=False,
                                   server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("gonets_tables") as batch:
        batch.drop_column("hints")
