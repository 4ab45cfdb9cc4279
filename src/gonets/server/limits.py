"""Resource limits of one server: what a single client (by address) or a single table may use.

A public game server is open to anyone: without these, one client could open tables until
memory runs out, hold thousands of sockets, or hide everybody else's tables in the lobby.
Every refusal names the limit and what to do.
"""

from __future__ import annotations

import ipaddress
import json
import os
import time
from collections import OrderedDict, defaultdict, deque
from dataclasses import dataclass
from functools import lru_cache

from gonets.agents.levels import NAMES as LEVELS
from gonets.server.spec import TableError

LANGUAGES = ("en", "ru")      # languages the games write in; any other request gets English


@dataclass
class Limits:
    """The caps; ``create_app(limits=...)`` takes another set (tests shrink them)."""

    queued_bytes: int = 4 << 20            # bytes waiting to be sent to one connection
    connections_per_address: int = 64      # websockets open from one client address
    connections_per_network: int = 256     # ... from one /24 (IPv4) or /64 (IPv6) network
    sockets: int = 10_000                  # websockets open in all
    joins_per_second: float = 10.0         # new websockets from one address, on average ...
    join_burst: int = 40                   # ... with this many at once (four times per network)
    trusted_proxies: tuple[str, ...] = ()  # proxies whose X-Forwarded-For names the client
    connections_per_table: int = 300       # websockets open at one table (players first)
    open_tables_per_address: int = 20      # unfinished tables a client address opened
    open_tables: int = 5000                # unfinished tables in all
    tables_per_minute: int = 30            # tables a client address may open per minute
    lobby_page: int = 50                   # tables per lobby list, unless asked for fewer
    signups_per_hour: int = 5              # accounts a client address may make per hour
    max_steps: int | None = None           # per table; None: the game's own ``max_steps``
    bot_seconds: float = 20.0              # seconds one bot decision may take
    bot_workers: int = max(1, min(4, (os.cpu_count() or 2) - 1))   # search processes (0: threads)
    max_level: str = "expert"              # the strongest bot level tables may seat
    write_pace: float = 0.01               # least seconds between two batches of step writes

    def __post_init__(self):
        if isinstance(self.write_pace, bool) or not 0 <= self.write_pace <= 1:
            raise ValueError(f"write_pace must be 0 to 1 seconds, not {self.write_pace!r}")
        if self.max_level not in LEVELS:
            raise ValueError(f"max_level must be one of {', '.join(LEVELS)}, not "
                             f"{self.max_level!r}")


LIMITS_ENV = "GONETS_LIMITS"        # JSON object of Limits fields, e.g. for a load check


def limits_from_environment() -> Limits:
    """The default caps, with the fields of ``GONETS_LIMITS`` (a JSON object) changed."""
    text = os.environ.get(LIMITS_ENV, "")
    if not text:
        return Limits()
    try:
        changes = json.loads(text)
        if "trusted_proxies" in changes:
            changes["trusted_proxies"] = tuple(changes["trusted_proxies"])
        return Limits(**changes)
    except (ValueError, TypeError) as exc:
        raise SystemExit(f"{LIMITS_ENV} must be a JSON object of limit names: {exc}") from None


def parse_lang(lang: object) -> str:
    """A supported language code; anything else (an unknown or malformed code) is English,
    so that frames are built once per (seat, language) actually supported."""
    if isinstance(lang, str) and lang.lower() in LANGUAGES:
        return lang.lower()
    return "en"


def plain_address(text: str) -> str | None:
    """An IP address as one spelling (an IPv4-mapped IPv6 address as IPv4; a port, brackets
    and spaces dropped), or None for text that is not one."""
    text = text.strip()
    if text.startswith("["):                                  # [v6]:port
        text = text[1:].split("]", 1)[0]
    elif text.count(":") == 1:                                # v4:port
        text = text.split(":", 1)[0]
    try:
        ip = ipaddress.ip_address(text)
    except ValueError:
        return None
    if ip.version == 6 and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return str(ip)


@lru_cache(maxsize=4096)
def network_of(address: str) -> str:
    """The /24 (IPv4) or /64 (IPv6) network an address belongs to (the address itself when it
    is not one): one household or one small hosting block, counted together (remembered:
    every connection asks at its start and its end)."""
    plain = plain_address(address)
    if plain is None:
        return address
    ip = ipaddress.ip_address(plain)
    prefix = 24 if ip.version == 4 else 64
    return str(ipaddress.ip_network(f"{ip}/{prefix}", strict=False))


def in_networks(address: str, networks: tuple[str, ...]) -> bool:
    """Whether ``address`` lies in one of ``networks`` (addresses or CIDR blocks)."""
    plain = plain_address(address)
    if plain is None:
        return False
    ip = ipaddress.ip_address(plain)
    try:
        return any(ip in ipaddress.ip_network(net, strict=False) for net in networks)
    except ValueError:
        return False


class Buckets:
    """Token buckets by key: ``rate`` tokens a second up to ``burst``; at most ``keys`` are
    remembered (the fullest, longest unused go first: a full bucket is a fresh one)."""

    def __init__(self, rate: float, burst: float, keys: int = 100_000):
        self.rate, self.burst, self.keys = rate, burst, keys
        self.levels: OrderedDict[str, tuple[float, float]] = OrderedDict()

    def take(self, key: str, now: float | None = None) -> bool:
        now = time.monotonic() if now is None else now
        level, then = self.levels.pop(key, (self.burst, now))
        level = min(self.burst, level + (now - then) * self.rate)
        if level < 1.0:
            self.levels[key] = (level, now)
            return False
        self.levels[key] = (level - 1.0, now)
        while len(self.levels) > self.keys:
            self.levels.popitem(last=False)
        return True


class ClientLimits:
    """Counts per client address and network: open sockets, the rate of new ones, recent
    table creations, open tables; and the server's open sockets in all."""

    def __init__(self, limits: Limits):
        self.limits = limits
        self.sockets: defaultdict[str, int] = defaultdict(int)
        self.networks: defaultdict[str, int] = defaultdict(int)
        self.total = 0
        self.joins = Buckets(limits.joins_per_second, limits.join_burst)
        self.network_joins = Buckets(4 * limits.joins_per_second, 4 * limits.join_burst)
        self.created: defaultdict[str, deque[float]] = defaultdict(deque)
        self.owners: dict[str, str] = {}            # table id -> address that opened it

    def may_join(self, address: str) -> None:
        """Refuse a new socket from ``address`` past the rate of new ones (its own, its
        network's) before any work is done for it."""
        if not self.joins.take(address):
            raise TableError(f"too many new connections from your address (about "
                             f"{self.limits.joins_per_second:g} a second); wait a moment",
                             "too_many_joins")
        if not self.network_joins.take(network_of(address)):
            raise TableError(f"too many new connections from your network (about "
                             f"{4 * self.limits.joins_per_second:g} a second); wait a moment",
                             "too_many_joins")

    def connect(self, address: str) -> None:
        """Count one more socket from ``address``; :class:`TableError` past a cap."""
        limits, network = self.limits, network_of(address)
        if self.total >= limits.sockets:
            raise TableError("the server holds its maximum of connections; please try again "
                             "later", "server_full")
        if self.sockets[address] >= limits.connections_per_address:
            raise TableError(f"too many connections from your address (at most "
                             f"{limits.connections_per_address}); close some tables",
                             "too_many_connections")
        if self.networks[network] >= limits.connections_per_network:
            raise TableError(f"too many connections from your network (at most "
                             f"{limits.connections_per_network}); close some tables",
                             "too_many_connections")
        self.sockets[address] += 1
        self.networks[network] += 1
        self.total += 1

    def disconnect(self, address: str) -> None:
        if self.sockets.get(address, 0) <= 0:
            return                                  # never counted (refused before)
        network = network_of(address)
        self.total -= 1
        self.sockets[address] -= 1
        if self.sockets[address] <= 0:
            del self.sockets[address]
        self.networks[network] -= 1
        if self.networks[network] <= 0:
            del self.networks[network]

    def may_create(self, address: str, open_ids: set[str]) -> None:
        """Refuse a new table past the creation rate, the client's or the server's cap."""
        limits = self.limits
        if len(open_ids) >= limits.open_tables:
            raise TableError(f"the server holds its maximum of {limits.open_tables} unfinished "
                             "tables; please try again later", "tables_full")
        mine = sum(1 for table_id, owner in self.owners.items()
                   if owner == address and table_id in open_ids)
        if mine >= limits.open_tables_per_address:
            raise TableError(f"you have {mine} unfinished tables (at most "
                             f"{limits.open_tables_per_address}); finish or leave some first",
                             "too_many_tables", count=mine, max=limits.open_tables_per_address)
        recent = self.created[address]
        now = time.monotonic()
        while recent and now - recent[0] > 60.0:
            recent.popleft()
        if len(recent) >= limits.tables_per_minute:
            wait = 60.0 - (now - recent[0])
            raise TableError(f"too many new tables (at most {limits.tables_per_minute} a "
                             f"minute); try again in {wait:.0f} s", "tables_rate",
                             max=limits.tables_per_minute, seconds=round(wait))

    def created_table(self, address: str, table_id: str) -> None:
        self.created[address].append(time.monotonic())
        self.owners[table_id] = address

    def forget_finished(self, open_ids: set[str]) -> None:
        for table_id in [t for t in self.owners if t not in open_ids]:
            del self.owners[table_id]
