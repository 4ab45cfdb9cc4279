"""Who sits where at a live table: free and kept seats, the seat secrets (claimed, taken back,
checked), seat names, and the one write that stores them. A mixin of
:class:`gonets.server.tables.LiveTable`, kept apart so that each file reads in one sitting.

A seat's secret is handed to the one client that claimed it and stored only as a hash; a
seat an account holds carries the account's name and is joined by its session."""

from __future__ import annotations

import hmac
import time
from typing import TYPE_CHECKING, Any

from gonets.agents import agent_names
from gonets.server.accounts.players import (
    RATED_NEEDS_ACCOUNT,
    seat_of_user,
    seats_ready,
    sit_account,
)
from gonets.server.deadlines import decision_deadline
from gonets.server.faults import DatabaseUnavailable
from gonets.server.names import check_name_at_table
from gonets.server.spec import TableError, hash_token, new_token
from gonets.server.storage import UNCHANGED, LeaseLost, MissingTable

if TYPE_CHECKING:
    from gonets.server.connection import Connection


class TableSeating:
    """The seating half of a live table."""

    # -- who may sit where ---------------------------------------------------------------------

    def free_seats(self) -> list[int]:
        """Human seats nobody has claimed yet (no secret was handed out for them)."""
        return [index for index, seat in enumerate(self.seats)
                if seat["kind"] == "human" and self.token_hashes[index] is None]

    def open_seats(self) -> list[int]:
        """Free seats anybody may take: not kept for a player invited to a rematch (a seat
        is kept for them a short while, ``reserved_until``)."""
        now = time.time()
        return [index for index in self.free_seats()
                if (self.seats[index].get("reserved_until") or 0) <= now]

    def seat_of_token(self, token: Any) -> int:
        if not isinstance(token, str) or not token or len(token) > 200:
            raise TableError("this seat link is not valid (missing or malformed token)",
                             "bad_token")
        digest = hash_token(token)
        for seat, stored in enumerate(self.token_hashes):
            if stored is not None and hmac.compare_digest(stored, digest):
                return seat
        raise TableError("this seat link is not valid for this table (wrong token)", "bad_token")

    def _mark_free(self, seats: list[dict]) -> None:
        """Mark the free seats of a public seat list, and those kept for an invited player."""
        open_now = self.open_seats()
        for index in self.free_seats():
            seats[index]["free"] = True
            if index not in open_now:
                seats[index]["reserved"] = True

    # -- changes --------------------------------------------------------------------------------
    async def set_name(self, seat: int, name: Any) -> None:
        if not self.owned:
            await self.manager.cluster.call(self, "set_name", seat, name)
            return
        async with self.lock:
            if self.status == "finished":
                raise TableError("the game is over; the names stay as they were in the record",
                                 "names_frozen")
            if self.seats[seat].get("user") is not None:
                raise TableError("this seat belongs to an account and carries its name",
                                 "name_of_account")
            name = check_name_at_table(name, seat, self.seats, agent_names(self.game))
            if self.seats[seat].get("name") == name:
                return                       # a rejoin under the saved name: nothing changes
            seats = [dict(entry) for entry in self.seats]
            seats[seat]["name"] = name
            await self._store_seats(seats, self.token_hashes, "the name")

    async def claim(self, seat: Any = None, name: Any = None,
                    invited: bool = False, account: dict | None = None) -> tuple[int, str]:
        """Give a free human seat (``seat``, or the first free one) to whoever asks, with a
        fresh secret that only they receive; ``name`` sits them down at once. Seats kept for
        the players invited to a rematch are given only to them (``invited``: the player of
        that seat at the previous table, who gets that seat or none). ``account`` (``id``,
        ``name``): a logged-in claimer, whose account then holds the seat under its name."""
        if not self.owned:
            seat, token = await self.manager.cluster.call(self, "claim", seat, name, invited,
                                                          account)
            return seat, token
        if self.stored.rated and account is None:
            raise TableError(RATED_NEEDS_ACCOUNT, "rated_needs_account")
        async with self.lock:
            if self.stored.rated and seat_of_user(self.seats, account["id"]) is not None:
                raise TableError("you hold a seat at this rated table already",
                                 "rated_one_seat")
            free = self.free_seats() if invited else self.open_seats()
            if self.status == "finished":
                raise TableError("the game is over; no seat can be taken", "game_over")
            if invited and seat not in free:
                raise TableError("your seat in the rematch is taken already; you can still "
                                 "watch it, or take a free seat there if one is left",
                                 "rematch_seat_taken")
            if not free:
                raise TableError("every seat at this table is taken", "seats_taken")
            if seat is None:
                seat = free[0]
            if not isinstance(seat, int) or isinstance(seat, bool) or seat not in free:
                raise TableError(f"'seat' must be a free seat: "
                                 f"{', '.join(str(i) for i in free)}", "seat_not_free")
            seats = [dict(entry) for entry in self.seats]
            if account is not None:
                name = account["name"]
                sit_account(seats, seat, account)
            if name is not None:
                seats[seat]["name"] = check_name_at_table(name, seat, seats,
                                                          agent_names(self.game))
            token = new_token()
            hashes = list(self.token_hashes)
            hashes[seat] = hash_token(token)
            await self._store_seats(seats, hashes, "the seat")
            return seat, token

    async def rekey(self, seat: int, keep: Connection | None) -> str:
        """Take a seat back: a new secret for the place that asks; every other place of the
        seat is closed and its old link stops working."""
        if not self.owned:
            return await self.manager.cluster.call(self, "rekey", seat)
        async with self.lock:
            token = new_token()
            hashes = list(self.token_hashes)
            hashes[seat] = hash_token(token)
            await self._store_seats(self.seats, hashes, "the new seat link")
            for other in [c for c in self.connections if c.seat == seat and c is not keep]:
                self.displace(other, "your seat was taken back from another place with a new "
                                     "link; this link no longer works", link_changed=True)
            return token

    async def _store_seats(self, seats: list[dict], hashes: list, what: str,
                           deadline: Any = UNCHANGED) -> None:
        """Store seats, secrets and the status they imply, then adopt them (lock held); with
        ``deadline``, the current decision's new one too."""
        status = self.status
        if status == "open" and seats_ready(seats, self.stored.rated):
            status = "running"
        started = status != self.status
        if started:                    # a table that starts: its first decision's deadline
            deadline = decision_deadline(self.stored.turn_seconds, status, seats,
                                         self.state.current_player())
        extra: tuple = () if deadline is UNCHANGED else (deadline,)
        try:
            seats = await self.manager.update_seats(self.id, seats, status, hashes,
                                                    self.manager.process_id, *extra)
        except LeaseLost:
            await self.lost_lease()
            raise TableError(f"this table moved to another server process meanwhile; {what} "
                             "was not stored: please try again", "table_moved") from None
        except DatabaseUnavailable:
            raise TableError(f"the database is not answering, so {what} could not be stored "
                             "for sure; please try again in a moment", "database_down") from None
        except MissingTable as exc:
            self.mark_broken(str(exc))
            raise TableError(f"this table cannot go on: {exc}", "table_stopped",
                             reason=str(exc)) from None
        self.seats, self.status, self.token_hashes = seats, status, hashes
        self.match.record.seats = self.public_seats()
        self.stored.seats, self.stored.status, self.stored.token_hashes = seats, status, hashes
        if extra:
            self.deadline = self.stored.deadline = deadline
        if started:
            self.manager.notices.your_move(self)
        self.wake.set()
        self.broadcast()
        self.manager.changed(self, self.version)

