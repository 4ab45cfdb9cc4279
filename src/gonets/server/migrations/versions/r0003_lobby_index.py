"""An index for the lobby's pages of finished tables (status, newest first).

Revision ID: 0003
"""

from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index("gonets_tables_status_updated", "gonets_tables", ["status", "updated"])


def downgrade() -> None:
    op.drop_index("gonets_tables_status_updated", table_name="gonets_tables")
