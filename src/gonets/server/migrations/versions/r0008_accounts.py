"""Accounts: users, sessions, who sat where, friends, invitations, ratings, notices; tables
gain rated, private, an absence rule, a stored move deadline and their creator.

Revision ID: 0008
"""

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "gonets_users",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("name", sa.String(64), nullable=False, unique=True),
        sa.Column("name_key", sa.String(128), nullable=False, unique=True),
        sa.Column("password", sa.String(255), nullable=False),
        sa.Column("email", sa.String(254), nullable=True),
        sa.Column("lang", sa.String(8), nullable=False, server_default="en"),
        sa.Column("notify", sa.Boolean, nullable=False, server_default=sa.true()),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("disabled", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("failures", sa.Integer, nullable=False, server_default="0"),
        sa.Column("locked_until", sa.Float, nullable=True),
    )
    op.create_table(
        "gonets_sessions",
        sa.Column("key", sa.String(64), primary_key=True),
        sa.Column("user_id", sa.Integer, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("expires", sa.Float, nullable=False),
    )
    op.create_index("gonets_sessions_user", "gonets_sessions", ["user_id"])
    op.create_table(
        "gonets_login_failures",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("address", sa.String(64), nullable=False),
        sa.Column("ts", sa.Float, nullable=False),
    )
    op.create_index("gonets_login_failures_address", "gonets_login_failures",
                    ["address", "ts"])
    op.create_table(
        "gonets_table_players",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("user_id", sa.Integer, nullable=False),
    )
    op.create_index("gonets_table_players_user", "gonets_table_players", ["user_id"])
    op.create_table(
        "gonets_friends",
        sa.Column("user_id", sa.Integer, primary_key=True),
        sa.Column("friend_id", sa.Integer, primary_key=True),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_index("gonets_friends_friend", "gonets_friends", ["friend_id"])
    op.create_table(
        "gonets_invites",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("user_id", sa.Integer, primary_key=True),
    )
    op.create_index("gonets_invites_user", "gonets_invites", ["user_id"])
    op.create_table(
        "gonets_ratings",
        sa.Column("user_id", sa.Integer, primary_key=True),
        sa.Column("game", sa.String(64), primary_key=True),
        sa.Column("class", sa.String(16), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("wins", sa.Integer, nullable=False),
        sa.Column("updated", sa.Float, nullable=False),
    )
    op.create_index("gonets_ratings_ladder", "gonets_ratings", ["game", "class"])
    op.create_table(
        "gonets_rating_changes",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("user_id", sa.Integer, nullable=False),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("class", sa.String(16), nullable=False),
        sa.Column("mu_before", sa.Float, nullable=False),
        sa.Column("sigma_before", sa.Float, nullable=False),
        sa.Column("mu_after", sa.Float, nullable=False),
        sa.Column("sigma_after", sa.Float, nullable=False),
        sa.Column("rank", sa.Integer, nullable=False),
        sa.Column("ts", sa.Float, nullable=False),
    )
    op.create_index("gonets_rating_changes_user", "gonets_rating_changes", ["user_id"])
    op.create_table(
        "gonets_notices",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("user_id", sa.Integer, nullable=False),
        sa.Column("kind", sa.String(32), nullable=False),
        sa.Column("table_id", sa.String(32), nullable=True),
        sa.Column("params", sa.Text, nullable=False, server_default="{}"),
        sa.Column("ts", sa.Float, nullable=False),
        sa.Column("seen", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("mailed", sa.Boolean, nullable=False, server_default=sa.false()),
    )
    op.create_index("gonets_notices_user", "gonets_notices", ["user_id", "id"])
    op.create_table(
        "gonets_settings",
        sa.Column("key", sa.String(64), primary_key=True),
        sa.Column("value", sa.Text, nullable=False),
    )
    with op.batch_alter_table("gonets_tables") as batch:
        batch.add_column(sa.Column("rated", sa.Boolean, nullable=False,
                                   server_default=sa.false()))
        batch.add_column(sa.Column("private", sa.Boolean, nullable=False,
                                   server_default=sa.false()))
        batch.add_column(sa.Column("absent", sa.String(16), nullable=False,
                                   server_default="bot"))
        batch.add_column(sa.Column("deadline", sa.Float, nullable=True))
        batch.add_column(sa.Column("creator", sa.Integer, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("gonets_tables") as batch:
        for column in ("creator", "deadline", "absent", "private", "rated"):
            batch.drop_column(column)
    for name in ("gonets_settings", "gonets_notices", "gonets_rating_changes",
                 "gonets_ratings", "gonets_invites", "gonets_friends", "gonets_table_players",
                 "gonets_login_failures", "gonets_sessions", "gonets_users"):
        op.drop_table(name)
