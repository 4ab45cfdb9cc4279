"""The users' store (synchronous: run through the manager's database threads).

A user name follows the rules of a seat name (``names.clean_name``: visible characters only)
and is unique by its skeleton (``names.name_key``: case, width, spaces and confusable
look-alikes ignored), so ``Аnn`` in Cyrillic cannot be made beside ``Ann``.
"""

from __future__ import annotations

import time

from sqlalchemy import delete, func, insert, select, update
from sqlalchemy.exc import IntegrityError

from gonets.server.accounts.sessions import User, user_from_row
from gonets.server.names import clean_name, name_key
from gonets.server.schema import login_failures_table, users_table
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

    def change(self, user_id: int, values: dict) -> None:
        """Set the account's ``email``, ``lang`` or ``notify``."""
        allowed = {key: value for key, value in values.items()
                   if key in ("email", "lang", "notify")}
        with self.engine.begin() as conn:
            conn.execute(update(users_table).where(users_table.c.id == user_id).values(**allowed))

    def by_name(self, name: str) -> User | None:
        """The account whose name has this skeleton (any case, width or look-alike)."""
        try:
            key = name_key(clean_name(name))
        except TableError:
            return None
        with self.engine.connect() as conn:
            row = conn.execute(select(users_table).where(users_table.c.name_key == key)).first()
        return None if row is None else user_from_row(row)


SIGNUP_WINDOW = 3600         # Limits.signups_per_hour: accounts an address makes in this
SIGNUP_ADDRESSES = 10_000    # addresses remembered (the oldest forgotten first)


class SignupLimit:
    """Accounts made per address (in this process): each costs an argon2 hash and a row."""

    def __init__(self, per_hour: int):
        self.per_hour = per_hour
        self.made: dict[str, list[float]] = {}

    def take(self, address: str, now: float) -> None:
        recent = [ts for ts in self.made.pop(address, []) if ts > now - SIGNUP_WINDOW]
        if len(recent) >= self.per_hour:
            self.made[address] = recent
            raise TableError(f"this address made {self.per_hour} accounts within the hour; "
                             "try again later", "signup_rate", limit=self.per_hour)
        self.made[address] = recent + [now]
        while len(self.made) > SIGNUP_ADDRESSES:
            del self.made[next(iter(self.made))]


# -- logging in -------------------------------------------------------------------------------
LOCK_AFTER = 20              # wrong passwords for one account from one address ...
LOCK_SECONDS = 15 * 60       # ... within this long lock that pair for this long
ACCOUNT_LOCK_AFTER = 200     # wrong passwords in a row from anywhere lock the account itself
ADDRESS_FAILURES = 50        # failed log-ins one address may make ...
ADDRESS_WINDOW = 10 * 60     # ... in this many seconds
FAILURES_KEPT = max(LOCK_SECONDS, ADDRESS_WINDOW)


class Logins:
    """The facts a log-in is decided on, and what a failure leaves behind.

    A lock holds for one account from one address, so nobody elsewhere can keep an account
    locked out by guessing at it; guesses spread over many addresses lock the whole account
    after :data:`ACCOUNT_LOCK_AFTER` in a row."""

    def __init__(self, engine):
        self.engine = engine

    def credentials(self, name: str) -> tuple[int, str, bool, float | None] | None:
        """(id, password hash, disabled, locked until) of the account named so, or None."""
        try:
            key = name_key(clean_name(name))
        except TableError:
            return None
        query = select(users_table.c.id, users_table.c.password, users_table.c.disabled,
                       users_table.c.locked_until).where(users_table.c.name_key == key)
        with self.engine.connect() as conn:
            row = conn.execute(query).first()
        return None if row is None else (row[0], row[1], bool(row[2]), row[3])

    def address_failures(self, address: str, now: float) -> int:
        query = (select(func.count()).select_from(login_failures_table)
                 .where(login_failures_table.c.address == address[:64])
                 .where(login_failures_table.c.ts > now - ADDRESS_WINDOW))
        with self.engine.connect() as conn:
            return conn.execute(query).scalar_one()

    def locked_until(self, user_id: int, address: str, now: float) -> float | None:
        """When the account opens again to this address, if it is locked to it: after
        :data:`LOCK_AFTER` wrong passwords from there within :data:`LOCK_SECONDS`."""
        f = login_failures_table
        query = (select(func.count(), func.max(f.c.ts)).where(f.c.user_id == user_id)
                 .where(f.c.address == address[:64]).where(f.c.ts > now - LOCK_SECONDS))
        with self.engine.connect() as conn:
            count, newest = conn.execute(query).one()
        return newest + LOCK_SECONDS if count >= LOCK_AFTER else None

    def failed(self, user_id: int | None, address: str, now: float) -> None:
        """A wrong password (or name): counted for the address, the account and the pair.
        Entries older than any window are swept here."""
        with self.engine.begin() as conn:
            conn.execute(delete(login_failures_table)
                         .where(login_failures_table.c.ts < now - FAILURES_KEPT))
            conn.execute(insert(login_failures_table).values(address=address[:64], ts=now,
                                                             user_id=user_id))
            if user_id is None:
                return
            conn.execute(update(users_table).where(users_table.c.id == user_id)
                         .values(failures=users_table.c.failures + 1))
            failures = conn.execute(select(users_table.c.failures)
                                    .where(users_table.c.id == user_id)).scalar_one()
            if failures >= ACCOUNT_LOCK_AFTER:
                conn.execute(update(users_table).where(users_table.c.id == user_id)
                             .values(failures=0, locked_until=now + LOCK_SECONDS))

    def succeeded(self, user_id: int, address: str, new_hash: str | None = None) -> None:
        """The right password: the account's and this pair's failures are forgotten."""
        values: dict = {"failures": 0, "locked_until": None}
        if new_hash is not None:
            values["password"] = new_hash
        with self.engine.begin() as conn:
            conn.execute(update(users_table).where(users_table.c.id == user_id).values(**values))
            conn.execute(delete(login_failures_table)
                         .where(login_failures_table.c.user_id == user_id)
                         .where(login_failures_table.c.address == address[:64]))

    def set_password(self, user_id: int, password_hash: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(update(users_table).where(users_table.c.id == user_id)
                         .values(password=password_hash, failures=0, locked_until=None))
            conn.execute(delete(login_failures_table)
                         .where(login_failures_table.c.user_id == user_id))

    def password_of(self, user_id: int) -> str | None:
        with self.engine.connect() as conn:
            return conn.execute(select(users_table.c.password)
                                .where(users_table.c.id == user_id)).scalar()
