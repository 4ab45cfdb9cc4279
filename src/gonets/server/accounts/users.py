"""The users' store (synchronous: run through the manager's database threads).

A user name follows the rules of a seat name (``names.clean_name``: visible characters only)
and is unique by its skeleton (``names.name_key``: case, width, spaces and confusable
look-alikes ignored), so ``Аnn`` in Cyrillic cannot be made beside ``Ann``.
"""

from __future__ import annotations

import time

from sqlalchemy import insert, select
from sqlalchemy.exc import IntegrityError

from gonets.server.accounts.sessions import User, user_from_row
from gonets.server.names import clean_name, name_key
from gonets.server.schema import users_table
from gonets.server.spec import TableError


class Users:
    """Accounts by id and by name."""

    def __init__(self, engine):
        self.engine = engine

    def create(self, name: str, password_hash: str, email: str | None = None,
               lang: str = "en") -> User:
        """A new account; :class:`TableError` ``name_taken`` when its skeleton is taken."""
        shown = clean_name(name)
        try:
            with self.engine.begin() as conn:
                done = conn.execute(insert(users_table).values(
                    name=shown, name_key=name_key(shown), password=password_hash,
                    email=email, lang=lang, created=time.time()))
                user_id = int(done.inserted_primary_key[0])
        except IntegrityError:
            raise TableError(f"the user name {shown!r} is taken (or looks like one that is)",
                             "user_taken", name=shown) from None
        return self.by_id(user_id)

    def by_id(self, user_id: int) -> User | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(users_table).where(users_table.c.id == user_id)).first()
        return None if row is None else user_from_row(row)

    def by_name(self, name: str) -> User | None:
        """The account whose name has this skeleton (any case, width or look-alike)."""
        try:
            key = name_key(clean_name(name))
        except TableError:
            return None
        with self.engine.connect() as conn:
            row = conn.execute(select(users_table).where(users_table.c.name_key == key)).first()
        return None if row is None else user_from_row(row)
