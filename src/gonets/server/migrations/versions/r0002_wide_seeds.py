"""Seeds as wide as the core draws them (53 bits): the seed column becomes BIGINT.

Databases made by create_all after the change already have it; SQLite stores any integer in
any integer column, so only the declared type changes there (and an id column SQLite had
left nullable becomes NOT NULL).

Revision ID: 0002
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    columns = {c["name"]: c for c in sa.inspect(op.get_bind()).get_columns("gonets_tables")}
    if not isinstance(columns["seed"]["type"], sa.BigInteger):
        with op.batch_alter_table("gonets_tables") as batch:
            batch.alter_column("seed", type_=sa.BigInteger, existing_nullable=False)
    if columns["id"]["nullable"]:          # SQLite let a primary key made early be NULL
        with op.batch_alter_table("gonets_tables") as batch:
            batch.alter_column("id", existing_type=sa.String(32), nullable=False)


def downgrade() -> None:
    with op.batch_alter_table("gonets_tables") as batch:
        batch.alter_column("seed", type_=sa.Integer, existing_nullable=False)
