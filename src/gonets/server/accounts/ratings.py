"""Ratings of rated tables: openskill's Plackett-Luce model, one rating per account, game and
player-count class ("2": two players, "3+": more), changed once per finished rated table.

:func:`rate_finished` runs inside the transaction that stores a table's last steps
(``Storage.append_steps`` and its batch path), so a finished rated table and its rating
changes are stored together or not at all; the primary key of ``gonets_rating_changes``
(table, seat) makes a second write of the same table store nothing.
"""

from __future__ import annotations

import json
import time
from typing import Any

from openskill.models import PlackettLuce
from sqlalchemy import and_, func, insert, select, update
from sqlalchemy.dialects import postgresql, sqlite

from gonets.server.schema import (
    rating_changes_table,
    ratings_table,
    table_players_table,
    tables_table,
    users_table,
)

MODEL = PlackettLuce()
DEFAULT_MU = MODEL.mu
DEFAULT_SIGMA = MODEL.sigma
CLASSES = ("2", "3+")


def rating_class(players: int) -> str:
    """The player-count class of a table: ratings of two-player games are kept apart from
    those of games of three or more."""
    return "2" if players == 2 else "3+"


def ordinal(mu: float, sigma: float) -> float:
    """The ladder's number: a conservative estimate of skill (mu - 3 sigma)."""
    return mu - 3 * sigma


def ranks_of(result: dict | None, players: int) -> list[int]:
    """Each seat's place (1 = first) in a result: the winners first, then the others by
    score (equal scores share a place), then the seats that abandoned the game
    (``detail.abandoned``), last whatever they scored."""
    result = result or {}
    scores = list(result.get("scores") or [0.0] * players)
    winners = set(result.get("winners") or [])
    abandoned = set(((result.get("detail") or {}).get("abandoned")) or [])
    ranks = [0] * players
    place = 1
    if winners - abandoned:
        for seat in winners - abandoned:
            ranks[seat] = 1
        place = 2
    rest = [s for s in range(players) if s not in winners and s not in abandoned]
    for score in sorted({scores[s] for s in rest}, reverse=True):
        for seat in rest:
            if scores[seat] == score:
                ranks[seat] = place
        place += 1
    for seat in abandoned:
        if 0 <= seat < players:
            ranks[seat] = place
    return ranks


def _insert_missing(conn):
    """An INSERT that leaves rows already there alone (both dialects the server runs on)."""
    if conn.dialect.name == "postgresql":
        return postgresql.insert(ratings_table).on_conflict_do_nothing()
    return sqlite.insert(ratings_table).on_conflict_do_nothing()


def rate_finished(conn, table_id: str, result: dict | None) -> bool:
    """In the caller's transaction: change the ratings of a finished rated table's accounts
    (once: a table whose changes are stored already is left alone). Tables that are not
    rated, or whose seats are not each held by a different account, change nothing. True
    when ratings changed now."""
    row = conn.execute(select(tables_table.c.rated, tables_table.c.game,
                              tables_table.c.players)
                       .where(tables_table.c.id == table_id)).first()
    if row is None or not row.rated:
        return False
    done = conn.execute(select(func.count()).select_from(rating_changes_table)
                        .where(rating_changes_table.c.table_id == table_id)).scalar_one()
    if done:
        return False
    held = {seat: user for seat, user in conn.execute(
        select(table_players_table.c.seat, table_players_table.c.user_id)
        .where(table_players_table.c.table_id == table_id))}
    users = [held.get(seat) for seat in range(row.players)]
    if None in users or len(set(users)) != len(users):
        return False
    kind, now = rating_class(row.players), time.time()
    conn.execute(_insert_missing(conn), [
        {"user_id": user, "game": row.game, "class": kind, "mu": DEFAULT_MU,
         "sigma": DEFAULT_SIGMA, "games": 0, "wins": 0, "updated": now} for user in users])
    mine = and_(ratings_table.c.game == row.game, ratings_table.c["class"] == kind,
                ratings_table.c.user_id.in_(users))
    current = {r.user_id: r for r in conn.execute(
        select(ratings_table).where(mine).with_for_update())}   # no lost update on PostgreSQL
    ranks = ranks_of(result, row.players)
    winners = set((result or {}).get("winners") or [])
    before = [MODEL.rating(mu=current[u].mu, sigma=current[u].sigma) for u in users]
    after = MODEL.rate([[rating] for rating in before], ranks=ranks)
    for seat, user in enumerate(users):
        new = after[seat][0]
        won = seat in winners and ranks[seat] == 1
        conn.execute(update(ratings_table).where(
            and_(ratings_table.c.user_id == user, ratings_table.c.game == row.game,
                 ratings_table.c["class"] == kind)).values(
            mu=new.mu, sigma=new.sigma, games=current[user].games + 1,
            wins=current[user].wins + int(won), updated=now))
    conn.execute(insert(rating_changes_table), [
        {"table_id": table_id, "seat": seat, "user_id": user, "game": row.game,
         "class": kind, "mu_before": before[seat].mu, "sigma_before": before[seat].sigma,
         "mu_after": after[seat][0].mu, "sigma_after": after[seat][0].sigma,
         "rank": ranks[seat], "ts": now} for seat, user in enumerate(users)])
    return True


# -- reading (synchronous: through the manager's reader threads) ------------------------------
def rating_entry(row: Any) -> dict:
    return {"game": row.game, "class": row._mapping["class"], "mu": row.mu,
            "sigma": row.sigma, "ordinal": ordinal(row.mu, row.sigma), "games": row.games,
            "wins": row.wins}


def ratings_of(engine, user_id: int) -> list[dict]:
    """An account's ratings, best first."""
    query = select(ratings_table).where(ratings_table.c.user_id == user_id)
    with engine.connect() as conn:
        entries = [rating_entry(row) for row in conn.execute(query)]
    return sorted(entries, key=lambda e: -e["ordinal"])


def ladder(engine, game: str, kind: str, offset: int, limit: int) -> dict:
    """One page of a game's ladder in a class, by ordinal, and how many are on it."""
    score = ratings_table.c.mu - 3 * ratings_table.c.sigma
    where = and_(ratings_table.c.game == game, ratings_table.c["class"] == kind,
                 users_table.c.disabled.is_(False))
    joined = ratings_table.join(users_table, users_table.c.id == ratings_table.c.user_id)
    query = (select(ratings_table, users_table.c.name).select_from(joined).where(where)
             .order_by(score.desc(), users_table.c.name).offset(offset).limit(limit))
    with engine.connect() as conn:
        rows = list(conn.execute(query))
        total = conn.execute(select(func.count()).select_from(joined).where(where)).scalar_one()
    entries = [{"place": offset + index + 1, "name": row.name, **rating_entry(row)}
               for index, row in enumerate(rows)]
    return {"game": game, "class": kind, "offset": offset, "limit": limit, "total": total,
            "entries": entries}


def changes_of(engine, user_id: int, table_ids: list[str]) -> dict[str, dict]:
    """An account's rating change at each of ``table_ids`` that was rated."""
    if not table_ids:
        return {}
    query = select(rating_changes_table).where(
        and_(rating_changes_table.c.user_id == user_id,
             rating_changes_table.c.table_id.in_(table_ids)))
    with engine.connect() as conn:
        return {row.table_id: {
            "mu_before": row.mu_before, "mu_after": row.mu_after,
            "ordinal_before": ordinal(row.mu_before, row.sigma_before),
            "ordinal_after": ordinal(row.mu_after, row.sigma_after),
            "rank": row.rank} for row in conn.execute(query)}


def result_json(text: str | None) -> dict | None:
    return json.loads(text) if text else None
