"""The server's schema: every table of ``metadata``, the one the Alembic revisions
(``migrations/versions/``) must agree with (``tests/server/test_migrations.py``).

Tables and their record steps, chat and reviews; then the accounts: users, their sessions,
failed log-ins, who sat where, friends, private tables' invitations, ratings and each rated
table's changes, notices, settings."""

from __future__ import annotations

import json

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    Float,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    false,
    true,
)

metadata = MetaData()

tables_table = Table(
    "gonets_tables", metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("players", Integer, nullable=False),
    Column("preset", String(64), nullable=False),
    Column("options", Text, nullable=False),
    Column("seats", Text, nullable=False),
    Column("token_hashes", Text, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("bot_delay", Float, nullable=False),
    Column("turn_seconds", Float, nullable=True),
    Column("status", String(16), nullable=False),
    Column("result", Text, nullable=True),
    Column("version", Integer, nullable=False),
    Column("created", Float, nullable=False),
    Column("updated", Float, nullable=False),
    Column("owner", String(64), nullable=True),        # the process that runs the table
    Column("lease_until", Float, nullable=True),       # ... for as long as it renews this
    Column("rematch", String(32), nullable=True),      # the table its players went on to
    Column("hints", Boolean, nullable=False, server_default=false()),  # a hint button
    Column("rated", Boolean, nullable=False, server_default=false()),  # changes ratings
    Column("private", Boolean, nullable=False, server_default=false()),  # invited only
    Column("absent", String(16), nullable=False, server_default="bot"),  # when time runs out
    Column("deadline", Float, nullable=True),          # wall clock: the decision's deadline
    Column("creator", Integer, nullable=True),         # the account that opened it
    Column("rules", Integer, nullable=False, server_default="1"),  # its game's rules version
)

Index("gonets_tables_status_updated", tables_table.c.status, tables_table.c.updated)
Index("gonets_tables_lease", tables_table.c.status, tables_table.c.lease_until)

steps_table = Table(
    "gonets_steps", metadata,
    Column("table_id", String(32), primary_key=True),
    Column("idx", Integer, primary_key=True),
    Column("step", Text, nullable=False),
)


def step_rows(table_id: str, start: int, steps: list[dict]) -> list[dict]:
    """The rows of :data:`steps_table` that hold ``steps`` of a table from index ``start``
    (each step as compact JSON, its letters as they are)."""
    return [{"table_id": table_id, "idx": start + offset,
             "step": json.dumps(step, ensure_ascii=False, separators=(",", ":"))}
            for offset, step in enumerate(steps)]

# Table chat: lines people wrote at a table, kept beside it (never in its match record).
chat_table = Table(
    "gonets_chat", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("table_id", String(32), nullable=False),
    Column("ts", Float, nullable=False),
    Column("seat", Integer, nullable=True),            # None: a spectator wrote it
    Column("name", String(64), nullable=True),         # the name it was written under
    Column("spectator", Integer, nullable=True),       # "spectator N" when they gave none
    Column("text", Text, nullable=False),
)

Index("gonets_chat_table", chat_table.c.table_id, chat_table.c.id)

# Post-game reviews of finished tables (gonets.agents.review), one per seat, computed once.
reviews_table = Table(
    "gonets_reviews", metadata,
    Column("table_id", String(32), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("level", String(32), nullable=False),
    Column("body", Text, nullable=False),              # Review.to_json(), words left out
    Column("created", Float, nullable=False),
)


# -- accounts --------------------------------------------------------------------------------------
users_table = Table(
    "gonets_users", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("name", String(64), nullable=False, unique=True),
    Column("name_key", String(128), nullable=False, unique=True),   # names.name_key
    Column("password", String(255), nullable=False),                # an argon2 hash only
    Column("email", String(254), nullable=True),
    Column("lang", String(8), nullable=False, server_default="en"),
    Column("notify", Boolean, nullable=False, server_default=true()),  # e-mail "your move"
    Column("created", Float, nullable=False),
    Column("disabled", Boolean, nullable=False, server_default=false()),
    Column("failures", Integer, nullable=False, server_default="0"),  # wrong passwords in a row
    Column("locked_until", Float, nullable=True),
    sqlite_autoincrement=True,    # a deleted account's number is never given to a new one
)

sessions_table = Table(
    "gonets_sessions", metadata,
    Column("key", String(64), primary_key=True),        # SHA-256 of the cookie's session id
    Column("user_id", Integer, nullable=False),
    Column("created", Float, nullable=False),
    Column("expires", Float, nullable=False),
)
Index("gonets_sessions_user", sessions_table.c.user_id)

login_failures_table = Table(
    "gonets_login_failures", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("address", String(64), nullable=False),
    Column("ts", Float, nullable=False),
    Column("user_id", Integer, nullable=True),       # the account tried, when there was one
)
Index("gonets_login_failures_address", login_failures_table.c.address,
      login_failures_table.c.ts)
Index("gonets_login_failures_user", login_failures_table.c.user_id,
      login_failures_table.c.address, login_failures_table.c.ts)

# Which account sits in which seat: a table's players, for history, inboxes and ratings.
table_players_table = Table(
    "gonets_table_players", metadata,
    Column("table_id", String(32), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("user_id", Integer, nullable=False),
    Column("won", Boolean, nullable=True),       # set when the table finishes
)
Index("gonets_table_players_user", table_players_table.c.user_id)

friends_table = Table(
    "gonets_friends", metadata,
    Column("user_id", Integer, primary_key=True),       # who asked
    Column("friend_id", Integer, primary_key=True),     # whom
    Column("status", String(16), nullable=False),       # "requested" or "accepted"
    Column("created", Float, nullable=False),
)
Index("gonets_friends_friend", friends_table.c.friend_id)

invites_table = Table(
    "gonets_invites", metadata,
    Column("table_id", String(32), primary_key=True),
    Column("user_id", Integer, primary_key=True),
)
Index("gonets_invites_user", invites_table.c.user_id)

ratings_table = Table(
    "gonets_ratings", metadata,
    Column("user_id", Integer, primary_key=True),
    Column("game", String(64), primary_key=True),
    Column("class", String(16), primary_key=True),      # the player-count class
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("games", Integer, nullable=False),
    Column("wins", Integer, nullable=False),
    Column("updated", Float, nullable=False),
)
Index("gonets_ratings_ladder", ratings_table.c.game, ratings_table.c["class"])

rating_changes_table = Table(
    "gonets_rating_changes", metadata,
    Column("table_id", String(32), primary_key=True),   # one change per rated table and seat
    Column("seat", Integer, primary_key=True),
    Column("user_id", Integer, nullable=False),
    Column("game", String(64), nullable=False),
    Column("class", String(16), nullable=False),
    Column("mu_before", Float, nullable=False),
    Column("sigma_before", Float, nullable=False),
    Column("mu_after", Float, nullable=False),
    Column("sigma_after", Float, nullable=False),
    Column("rank", Integer, nullable=False),             # 1 = first
    Column("ts", Float, nullable=False),
)
Index("gonets_rating_changes_user", rating_changes_table.c.user_id)

notices_table = Table(
    "gonets_notices", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("user_id", Integer, nullable=False),
    Column("kind", String(32), nullable=False),         # your_move, friend_request, invited...
    Column("table_id", String(32), nullable=True),
    Column("params", Text, nullable=False, server_default="{}"),
    Column("ts", Float, nullable=False),
    Column("seen", Boolean, nullable=False, server_default=false()),
    Column("mailed", Boolean, nullable=False, server_default=false()),
)
Index("gonets_notices_user", notices_table.c.user_id, notices_table.c.id)

settings_table = Table(
    "gonets_settings", metadata,
    Column("key", String(64), primary_key=True),
    Column("value", Text, nullable=False),
)
