"""Password hashes: argon2id through argon2-cffi, with its recommended parameters. Hashing
takes tens of milliseconds on purpose: callers run it in a worker thread."""

from __future__ import annotations

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

HASHER = PasswordHasher()
MIN_PASSWORD = 8
MAX_PASSWORD = 256          # argon2 takes any length; a bound keeps a request's cost bounded
# A hash of a password nobody knows: a log-in for a name that does not exist is checked
# against it, so that the answer takes as long as for a real account.
UNKNOWN_USER_HASH = HASHER.hash("no account has this password (timing equaliser)")


def hash_password(password: str) -> str:
    """The argon2id hash of ``password`` (its own random salt inside)."""
    return HASHER.hash(password)


def verify_password(stored: str, password: str) -> bool:
    """Whether ``password`` matches the stored hash (never raises for a wrong one)."""
    try:
        return HASHER.verify(stored, password)
    except (VerifyMismatchError, VerificationError, InvalidHashError):
        return False


def needs_rehash(stored: str) -> bool:
    """Whether the hash was made with older parameters (re-hash it at the next log-in)."""
    return HASHER.check_needs_rehash(stored)
