"""Table leases for several server processes: which process owns a table, and until when.

Revision ID: 0004
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("gonets_tables") as batch:
        batch.add_column(sa.Column("owner", sa.String(64), nullable=True))
        batch.add_column(sa.Column("lease_until", sa.Float, nullable=True))
    op.create_index("gonets_tables_lease", "gonets_tables", ["status", "lease_until"])


def downgrade() -> None:
    op.drop_index("gonets_tables_lease", table_name="gonets_tables")
    with op.batch_alter_table("gonets_tables") as batch:
        batch.drop_column("lease_until")
        batch.drop_column("owner")
