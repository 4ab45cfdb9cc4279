"""The rules of Message to the Czar: one match position and its transitions (pure, no I/O).

See ``RULES.md`` for every interpretation. Internals: ``rooms[inn*4 + type]`` holds a courier
code (``colour*4 + type``) or -1; stacks are lists with the top at the end and the known
part (couriers put under the stack at the palace) at the start; the coin pile has its top at
the end. The log is a linked list of ``(previous, event, private_seat, private_fields)`` nodes,
shared between clones.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from gonets.core.errors import IllegalAction
from gonets.core.game import CHANCE, TERMINAL, Result, State
from gonets.core.options import Config
from gonets.games.czar import actions as A
from gonets.games.czar.board import (
    COIN_BY_KEY,
    COIN_KEYS,
    COIN_VALUE,
    COLOURS,
    GUARD_INNS,
    INN_LEVEL,
    INN_NAMES,
    LEVEL_TITLES,
    NJET,
    NUM_INNS,
    PALACE,
    PER_TYPE,
    TOP,
    TYPE_BY_KEY,
    TYPES,
    Table,
    courier_name,
    table_for,
)

# phases
START, COINS, SHUFFLE, INITIAL, TURN, DRAWN, RUBLES_FIRST, RUBLES, BONUS, OFFER, OVER = range(11)
PHASES = ["start", "coins", "shuffle", "initial", "turn", "drawn", "rubles-first", "rubles",
          "bonus", "extra", "over"]
CHANCE_PHASES = (START, COINS, SHUFFLE)

_FIELDS = ("t", "n", "rooms", "cnt", "owner", "stacks", "known", "display", "msg", "guard_of",
           "delivered", "pile", "coins", "removed", "running", "phase", "active", "start",
           "initial_left", "shuffle_seat", "shuffle_colour", "drawn", "turns", "passes",
           "final_left", "pile_emptied", "took_extra", "passed", "winner", "reason", "log",
           "log_len", "_legal")


class CzarState(State):
    """One position of a match of Message to the Czar."""

    __slots__ = _FIELDS + ("config",)

    def __init__(self, config: Config):
        t = table_for(config)
        n = config.players
        self.config = config
        self.t: Table = t
        self.n = n
        self.rooms = [-1] * (NUM_INNS * 4)
        self.cnt = [0] * NUM_INNS
        self.owner = [seat if seat < n else -1 for seat in range(len(COLOURS))]
        self.stacks: list[list[int]] = [[] for _ in range(n)]
        self.known = [0] * n
        self.display: list[list[int]] = [[] for _ in range(n)]
        self.msg = [-1] * n
        self.guard_of = [-1] * n
        self.delivered: list[int] = []
        self.pile: list[int] = []
        self.coins: list[list[int]] = [[] for _ in range(n)]
        self.removed: list[int] = []
        self.running: list[int] = []
        self.phase = START
        self.active = 0
        self.start = -1
        self.initial_left: list[int] = []
        self.shuffle_seat = 0
        self.shuffle_colour = 0
        self.drawn = -1
        self.turns = 0
        self.passes = 0
        self.final_left = -1
        self.pile_emptied = False
        self.took_extra = False
        self.passed = False
        self.winner = -1
        self.reason = ""
        self.log: tuple | None = None
        self.log_len = 0
        self._legal: list[int] | None = None

    # -- protocol: who decides ------------------------------------------------------------------
    def current_player(self) -> int:
        phase = self.phase
        if phase <= SHUFFLE:
            return CHANCE
        if phase == OVER:
            return TERMINAL
        return self.active

    def clone(self) -> CzarState:
        new = CzarState.__new__(CzarState)
        new.config = self.config
        new.t = self.t
        new.n = self.n
        new.rooms = self.rooms[:]
        new.cnt = self.cnt[:]
        new.owner = self.owner[:]
        new.stacks = [s[:] for s in self.stacks]
        new.known = self.known[:]
        new.display = [d[:] for d in self.display]
        new.msg = self.msg[:]
        new.guard_of = self.guard_of[:]
        new.delivered = self.delivered[:]
        new.pile = self.pile[:]
        new.coins = [c[:] for c in self.coins]
        new.removed = self.removed[:]
        new.running = self.running[:]
        new.initial_left = self.initial_left[:]
        for name in ("phase", "active", "start", "shuffle_seat", "shuffle_colour", "drawn",
                     "turns", "passes", "final_left", "pile_emptied", "took_extra", "passed",
                     "winner", "reason", "log", "log_len", "_legal"):
            setattr(new, name, getattr(self, name))
        return new

    # -- log ------------------------------------------------------------------------------------
    def _log(self, event: dict, private_seat: int = -1, private: dict | None = None) -> None:
        self.log = (self.log, event, private_seat, private)
        self.log_len += 1

    def events(self, seat: int | None) -> list[dict]:
        """The log as ``seat`` may know it (private fields only for their owner)."""
        out = []
        node = self.log
        while node is not None:
            node, event, owner, private = node
            if private is not None and seat == owner:
                event = {**event, **private}
            out.append(event)
        out.reverse()
        return out

    def full_log(self) -> list[list]:
        out = []
        node = self.log
        while node is not None:
            node, event, owner, private = node
            out.append([event, owner, private])
        out.reverse()
        return out

    # -- helpers --------------------------------------------------------------------------------
    def owner_of(self, code: int) -> int:
        return self.owner[code >> 2]

    def coin_total(self, seat: int) -> int:
        return sum(COIN_VALUE[c] for c in self.coins[seat])

    def price_of(self, seat: int) -> int:
        return self.t.prices[self.guard_of[seat]]

    def entry_inns(self, kind: int) -> list[int]:
        """Inns a new courier of ``kind`` may enter (the swamp; higher with entry_can_skip)."""
        rooms, cnt = self.rooms, self.cnt
        for level in self.t.entry_levels:
            found = [i for i in self.t.level_inns[level] if rooms[i * 4 + kind] < 0 and cnt[i] < 3]
            if found:
                return found
        return []

    def landing_levels(self, kind: int, above: int) -> list[list[int]]:
        """For each level above ``above``: the inns a travelling ``kind`` could stop in."""
        rooms, cnt = self.rooms, self.cnt
        return [[i for i in self.t.level_inns[level] if rooms[i * 4 + kind] < 0 and cnt[i] < 3]
                for level in range(above + 1, TOP + 1)]

    def unused_colour(self) -> int:
        for colour, owner in enumerate(self.owner):
            if owner < 0:
                return colour
        return -1

    def empty_room(self, inn: int) -> int:
        base = inn * 4
        rooms = self.rooms
        for r in range(4):
            if rooms[base + r] < 0:
                return r
        return -1

    # -- legal actions --------------------------------------------------------------------------
    def legal_actions(self) -> Sequence[int]:
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        return legal

    def _compute_legal(self) -> list[int]:
        phase = self.phase
        if phase == TURN:
            return self._turn_actions()
        if phase == DRAWN:
            kind = self.drawn & 3
            return [A.PLACE + kind * NUM_INNS + i for i in self.entry_inns(kind)]
        if phase == INITIAL:
            kind = self.drawn & 3
            return [A.PLACE + kind * NUM_INNS + i for i in self.t.level_inns[0] if self.cnt[i] == 0]
        if phase == RUBLES_FIRST:
            return [A.REVEAL]
        if phase == RUBLES:
            return [A.REVEAL, A.STOP]
        if phase == BONUS:
            if not self.t.revised:
                return [A.REVEAL, A.END]
            if self.coin_total(self.active) >= self.price_of(self.active):
                return [A.BRIBE, A.END]
            return [A.END]
        if phase == OFFER:
            return [A.EXTRA, A.DECLINE]
        return []

    def _turn_actions(self) -> list[int]:
        p = self.active
        out: list[int] = []
        seen = 0
        for code in self.display[p]:
            kind = code & 3
            if not seen & (1 << kind):
                seen |= 1 << kind
                base = A.PLACE + kind * NUM_INNS
                out.extend(base + i for i in self.entry_inns(kind))
        if self.stacks[p]:
            out.append(A.DRAW)
        rooms, owner = self.rooms, self.owner
        carrier = self.msg[p]
        if carrier >= 0:
            for inn in self.t.level_inns[INN_LEVEL[carrier >> 2]]:
                base = inn * 4
                for slot in range(base, base + 4):
                    code = rooms[slot]
                    if code >= 0 and slot != carrier and owner[code >> 2] == p:
                        out.append(A.MESSAGE + slot)
        cnt = self.cnt
        for inn in range(NUM_INNS):
            if cnt[inn] == 3:
                base = inn * 4
                for slot in range(base, base + 4):
                    code = rooms[slot]
                    if code >= 0 and owner[code >> 2] == p:
                        self._travel_options(inn, out)
                        break
        if self.t.revised and self.guard_of[p] >= 0 and self.coin_total(p) >= self.price_of(p):
            out.append(A.BRIBE)
        if not out:
            out.append(A.PASS)
        return out

    def _travel_options(self, inn: int, out: list[int]) -> None:
        """Append every complete travel option of the full ``inn``."""
        rooms = self.rooms
        base_slot = inn * 4
        empty = 0
        while rooms[base_slot + empty] >= 0:
            empty += 1
        lead, follow = (empty + 1) & 3, (empty + 2) & 3
        level = INN_LEVEL[inn]
        landing = {lead: self.landing_levels(lead, level),
                   follow: self.landing_levels(follow, level)}
        orders = ((lead, follow),) if self.t.arrow_order else ((lead, follow), (follow, lead))
        dests = A.DESTS
        for first, second in orders:
            k = first * 2 + (0 if second == (first + 1) & 3 else 1)
            base = A.TRAVEL + (inn * 8 + k) * dests * dests
            firsts = [PALACE]
            for found in landing[first]:
                if found:
                    firsts = found
                    break
            seconds_by_level = landing[second]
            for dest1 in firsts:
                seconds = [PALACE]
                for found in seconds_by_level:
                    if dest1 in found:
                        found = [i for i in found if i != dest1]
                    if found:
                        seconds = found
                        break
                row = base + dest1 * dests
                for dest2 in seconds:
                    out.append(row + dest2)

    # -- applying actions -------------------------------------------------------------------------
    def apply(self, action: int) -> None:
        if type(action) is not int:
            raise IllegalAction(f"an action must be an integer id, not {action!r}")
        phase = self.phase
        if phase == OVER:
            raise IllegalAction("the match is over; no more actions are accepted")
        if phase <= SHUFFLE:
            raise IllegalAction("a random event is pending (a shuffle or the start player); "
                                "no player acts now")
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        if action not in legal:
            raise IllegalAction(self._why_illegal(action))
        self._legal = None
        if action >= A.TRAVEL:
            self._travel(action)
        elif action >= A.MESSAGE:
            self._pass_message(action - A.MESSAGE)
        elif action >= A.PLACE:
            kind, inn = divmod(action - A.PLACE, NUM_INNS)
            self._place(kind, inn)
        elif action == A.DRAW:
            self._draw()
        elif action == A.REVEAL:
            self._reveal()
        elif action == A.STOP:
            self._stop()
        elif action == A.BRIBE:
            self._bribe()
        elif action == A.END:
            self._log({"e": "end", "seat": self.active})
            self._end_turn()
        elif action == A.EXTRA:
            self._take_extra()
        elif action == A.DECLINE:
            self._log({"e": "decline", "seat": self.active})
            self._finish_turn()
        else:  # PASS
            self.passed = True
            self._log({"e": "pass", "seat": self.active})
            self._end_turn()

    def _why_illegal(self, action: int) -> str:
        """A message naming why ``action`` is refused (only from what the seat may know)."""
        try:
            text = A.action_text(action)
        except IllegalAction as exc:
            return str(exc)
        who = f"p{self.active + 1}"
        phase = self.phase
        if phase == INITIAL:
            return (f"{text!r} is not legal: {who} is placing the starting courier, a "
                    f"{TYPES[self.drawn & 3]}, into an empty open swamp inn")
        if phase == DRAWN:
            return (f"{text!r} is not legal: {who} must place the drawn "
                    f"{courier_name(self.drawn)} into a swamp inn with its room free")
        if phase in (RUBLES_FIRST, RUBLES):
            return (f"{text!r} is not legal: {who}'s message is with a guard, so the turn is "
                    "the rubles action (reveal" + (" or stop)" if phase == RUBLES else ")"))
        if phase == BONUS:
            return f"{text!r} is not legal: {who} may take the bonus action now or 'end'"
        if phase == OFFER:
            return f"{text!r} is not legal: {who} must answer the extra colour offer first " \
                   "('extra' or 'decline')"
        if action >= A.TRAVEL:
            return self._why_travel_illegal(action, text)
        if action >= A.MESSAGE:
            if self.msg[self.active] < 0:
                return f"{text!r} is not legal: your message is already with a guard"
            return (f"{text!r} is not legal: the message may only go to another of your own "
                    "couriers in the same village as the courier carrying it")
        if action >= A.PLACE:
            kind, inn = divmod(action - A.PLACE, NUM_INNS)
            if not any(c & 3 == kind for c in self.display[self.active]):
                return f"{text!r} is not legal: your display has no {TYPES[kind]}"
            return self._why_inn_refuses(text, kind, inn)
        if action == A.DRAW:
            return f"{text!r} is not legal: your stack is empty"
        if action == A.PASS:
            return f"{text!r} is not legal: you may pass only when no other action is possible"
        if action == A.BRIBE:
            return (f"{text!r} is not legal: bribing needs revised rubles, your message with a "
                    "guard and coins worth at least that guard's price")
        return f"{text!r} is not legal now (it belongs to the rubles or bonus steps)"

    def _why_inn_refuses(self, text: str, kind: int, inn: int) -> str:
        name = INN_NAMES[inn]
        if not self.t.open[inn]:
            return f"{text!r} is not legal: {name} is closed with {self.n} players"
        if self.cnt[inn] >= 3:
            return f"{text!r} is not legal: {name} is full (3 couriers)"
        if self.rooms[inn * 4 + kind] >= 0:
            return f"{text!r} is not legal: the {TYPES[kind]} room of {name} is taken"
        return (f"{text!r} is not legal: new couriers enter the swamp only "
                f"({name} is in the {LEVEL_TITLES[INN_LEVEL[inn]]})")

    def _why_travel_illegal(self, action: int, text: str) -> str:
        inn, first, second, _, _ = A.decode_travel(action)
        name = INN_NAMES[inn]
        if self.cnt[inn] != 3:
            return f"{text!r} is not legal: {name} is not full (it needs 3 couriers)"
        if not any(self.rooms[s] >= 0 and self.owner_of(self.rooms[s]) == self.active
                   for s in range(inn * 4, inn * 4 + 4)):
            return f"{text!r} is not legal: you have no courier in {name}"
        empty = self.empty_room(inn)
        leavers = {(empty + 1) & 3, (empty + 2) & 3}
        if {first, second} != leavers:
            a, b = sorted(leavers)
            return (f"{text!r} is not legal: the {TYPES[empty]} room of {name} is empty, so "
                    f"the leavers are its {TYPES[a]} and {TYPES[b]}")
        if self.t.arrow_order and first != (empty + 1) & 3:
            return (f"{text!r} is not legal: with travel_order=arrow the "
                    f"{TYPES[(empty + 1) & 3]} leaves first")
        return (f"{text!r} is not legal: each leaver must stop in a free room of the first "
                "village above with one, never in its partner's inn; only a courier with no "
                "such inn anywhere above goes on to the palace")

    def _place(self, kind: int, inn: int) -> None:
        p = self.active
        phase = self.phase
        if phase == INITIAL:
            code = self.drawn
            self.drawn = -1
            source = "start"
        elif phase == DRAWN:
            code = self.drawn
            self.drawn = -1
            source = "stack"
        else:
            display = self.display[p]
            for index, code in enumerate(display):
                if code & 3 == kind:
                    break
            del display[index]
            source = "display"
        slot = inn * 4 + kind
        self.rooms[slot] = code
        self.cnt[inn] += 1
        if phase == INITIAL:
            self.msg[p] = slot
        self._log({"e": "place", "seat": p, "courier": courier_name(code), "inn": INN_NAMES[inn],
                   "from": source})
        if phase == INITIAL:
            self._next_initial()
        else:
            self._end_turn()

    def _draw(self) -> None:
        p = self.active
        stack = self.stacks[p]
        code = stack.pop()
        self.known[p] = min(self.known[p], len(stack))
        if self.entry_inns(code & 3):
            self.drawn = code
            self.phase = DRAWN
            self._log({"e": "draw", "seat": p, "courier": courier_name(code)})
        else:
            self.display[p].append(code)
            self._log({"e": "draw", "seat": p, "courier": courier_name(code), "display": True})
            self._end_turn()

    def _pass_message(self, slot: int) -> None:
        p = self.active
        old = self.msg[p]
        self.msg[p] = slot
        self._log({"e": "message", "seat": p, "inn": INN_NAMES[slot >> 2], "type": TYPES[slot & 3],
                   "from_inn": INN_NAMES[old >> 2], "from_type": TYPES[old & 3]})
        self._end_turn()

    def _travel(self, action: int) -> None:
        p = self.active
        inn, first, second, dest1, dest2 = A.decode_travel(action)
        rooms = self.rooms
        base = inn * 4
        empty = self.empty_room(inn)
        stay_slot = base + ((empty + 3) & 3)
        stayer = rooms[stay_slot]
        level = INN_LEVEL[inn]
        moves = []
        mine_delivered = False
        for kind, dest in ((first, dest1), (second, dest2)):
            slot = base + kind
            code = rooms[slot]
            rooms[slot] = -1
            carrier = -1
            for seat in range(self.n):
                if self.msg[seat] == slot:
                    carrier = seat
                    break
            move: dict[str, Any] = {"courier": courier_name(code)}
            top = INN_LEVEL[dest] if dest != PALACE else TOP + 1
            move["skipped"] = [LEVEL_TITLES[lv] for lv in range(level + 1, top)]
            if dest == PALACE:
                owner = self.owner[code >> 2]
                self.stacks[owner].insert(0, code)
                self.known[owner] += 1
                move["to"] = "palace"
                if carrier >= 0:
                    guard = GUARD_INNS.index(inn) if level == TOP else self.t.skip_guard
                    self.msg[carrier] = -1
                    self.guard_of[carrier] = guard
                    self.delivered.append(carrier)
                    move["message"] = carrier
                    move["guard"] = INN_NAMES[GUARD_INNS[guard]]
                    if carrier == p:
                        mine_delivered = True
            else:
                new_slot = dest * 4 + kind
                rooms[new_slot] = code
                self.cnt[dest] += 1
                move["to"] = INN_NAMES[dest]
                if carrier >= 0:
                    self.msg[carrier] = new_slot
                    move["message"] = carrier
            moves.append(move)
        self.cnt[inn] -= 2
        self._log({"e": "travel", "seat": p, "inn": INN_NAMES[inn],
                   "stays": courier_name(stayer), "moves": moves})
        got_coin = False
        if self.t.revised and self.pile:
            owner = self.owner[stayer >> 2]
            coin = self.pile.pop()
            self.coins[owner].append(coin)
            got_coin = owner == p
            if not self.pile:
                self.pile_emptied = True
            self._log({"e": "coin", "seat": owner}, owner, {"coin": COIN_KEYS[coin]})
        if mine_delivered or (got_coin and self.t.instant_bribe and self.guard_of[p] >= 0):
            self.phase = BONUS
        else:
            self._end_turn()

    def _reveal(self) -> None:
        p = self.active
        if not self.pile:
            self._bank()
            self._game_over(self.delivered[0], "the coin pile is exhausted: the first message "
                                               "to reach a guard wins")
            return
        coin = self.pile.pop()
        self._log({"e": "reveal", "seat": p, "coin": COIN_KEYS[coin]})
        if coin == NJET:
            self.removed.extend(self.running)
            self.removed.append(coin)
            self._log({"e": "njet", "seat": p, "lost": [COIN_KEYS[c] for c in self.running]})
            self.running = []
            self._end_turn()
            return
        self.running.append(coin)
        total = self.coin_total(p) + sum(COIN_VALUE[c] for c in self.running)
        if total >= self.price_of(p):
            self._bank()
            self._game_over(p, f"p{p + 1} paid the guard {total} rubles")
        else:
            self.phase = RUBLES

    def _bank(self) -> None:
        if self.running:
            self._log({"e": "bank", "seat": self.active,
                       "coins": [COIN_KEYS[c] for c in self.running]})
            self.coins[self.active].extend(self.running)
            self.running = []

    def _stop(self) -> None:
        self._bank()
        self._end_turn()

    def _bribe(self) -> None:
        p = self.active
        self._log({"e": "bribe", "seat": p, "coins": [COIN_KEYS[c] for c in self.coins[p]],
                   "guard": INN_NAMES[GUARD_INNS[self.guard_of[p]]]})
        self._game_over(p, f"p{p + 1} bribed the guard with {self.coin_total(p)} rubles")

    def _take_extra(self) -> None:
        p = self.active
        colour = self.unused_colour()
        self.owner[colour] = p
        self.took_extra = True
        self._log({"e": "extra", "seat": p, "colour": COLOURS[colour]})
        self.shuffle_seat = p
        self.shuffle_colour = colour
        self.phase = SHUFFLE

    # -- turn sequence ----------------------------------------------------------------------------
    def _begin_turn(self, seat: int) -> None:
        self.active = seat
        self.passed = False
        self.took_extra = False
        self.pile_emptied = False
        if not self.t.revised and self.guard_of[seat] >= 0:
            self.phase = RUBLES_FIRST
        else:
            self.phase = TURN

    def _end_turn(self) -> None:
        p = self.active
        if not self.stacks[p] and self.unused_colour() >= 0:
            self.phase = OFFER
            return
        self._finish_turn()

    def _finish_turn(self) -> None:
        p = self.active
        n = self.n
        stack = self.stacks[p]
        if not self.display[p] and stack:
            code = stack.pop()
            self.known[p] = min(self.known[p], len(stack))
            self.display[p].append(code)
            self._log({"e": "display", "seat": p, "courier": courier_name(code)})
        self.turns += 1
        self.passes = self.passes + 1 if self.passed and not self.took_extra else 0
        if self.passes >= n:
            self._game_over(self.tiebreak(), "a full round of passes")
            return
        if self.final_left > 0:
            self.final_left -= 1
            if self.final_left == 0:
                self._game_over(self.tiebreak(), "the final round after the coin pile ran out "
                                                 "is over")
                return
        elif self.pile_emptied and self.final_left < 0:
            self.final_left = n
        if self.turns >= self.t.turn_cap:
            self._game_over(self.tiebreak(), f"the turn cap ({self.t.turn_cap}) was reached")
            return
        self._begin_turn((p + 1) % n)

    def tiebreak(self) -> int:
        """The winner when no one paid (C7): first message at a guard, then coins, then the
        highest message, then turn order from the starting player."""
        if self.delivered:
            return self.delivered[0]
        tied = list(range(self.n))
        best = max(self.coin_total(s) for s in tied)
        tied = [s for s in tied if self.coin_total(s) == best]
        heights = {s: INN_LEVEL[self.msg[s] >> 2] for s in tied}
        top = max(heights.values())
        tied = [s for s in tied if heights[s] == top]
        return min(tied, key=lambda s: (s - self.start) % self.n)

    def _game_over(self, winner: int, reason: str) -> None:
        self.winner = winner
        self.reason = reason
        self.phase = OVER
        self._log({"e": "win", "seat": winner, "reason": reason})

    # -- setup ------------------------------------------------------------------------------------
    def _next_initial(self) -> None:
        if self.initial_left:
            seat = self.initial_left.pop(0)
            self.active = seat
            self.drawn = self.stacks[seat].pop()
            self.phase = INITIAL
            self._log({"e": "turn", "seat": seat, "courier": courier_name(self.drawn)})
            return
        for k in range(self.n):
            seat = (self.start + k) % self.n
            code = self.stacks[seat].pop()
            self.display[seat].append(code)
            self._log({"e": "display", "seat": seat, "courier": courier_name(code)})
        self._begin_turn(self.start)

    # -- chance -----------------------------------------------------------------------------------
    def sample_chance(self, rng: random.Random) -> Any:
        phase = self.phase
        if phase == START:
            return rng.randrange(self.n)
        if phase == COINS:
            coins = [COIN_KEYS[c] for c in self.t.pool]
            rng.shuffle(coins)
            return coins
        if phase == SHUFFLE:
            kinds = [TYPES[k] for k in range(4) for _ in range(PER_TYPE)]
            rng.shuffle(kinds)
            return kinds
        raise IllegalAction("there is no random event pending")

    def apply_chance(self, outcome: Any) -> None:
        phase = self.phase
        if phase == START:
            if type(outcome) is not int or not 0 <= outcome < self.n:
                raise IllegalAction(f"the start player must be a seat number 0..{self.n - 1}, "
                                    f"not {outcome!r}")
            self._legal = None
            self.start = outcome
            self.phase = COINS
            self._log({"e": "start", "seat": outcome})
        elif phase == COINS:
            self.pile = self._checked_deck(outcome, [COIN_KEYS[c] for c in self.t.pool],
                                           COIN_BY_KEY, "the coin pile")
            self._log({"e": "coins", "count": len(self.pile)})
            self._legal = None
            self.phase = SHUFFLE
            self.shuffle_seat = 0
            self.shuffle_colour = 0
        elif phase == SHUFFLE:
            p, colour = self.shuffle_seat, self.shuffle_colour
            kinds = self._checked_deck(outcome, [TYPES[k] for k in range(4)
                                                 for _ in range(PER_TYPE)],
                                       TYPE_BY_KEY, f"p{p + 1}'s stack")
            self._legal = None
            self.stacks[p] = [colour * 4 + k for k in kinds]
            self.known[p] = 0
            self._log({"e": "shuffle", "seat": p, "colour": COLOURS[colour]})
            if not self._setup_done():
                if p + 1 < self.n:
                    self.shuffle_seat = p + 1
                    self.shuffle_colour = p + 1
                else:
                    self.initial_left = [(self.start + k) % self.n for k in range(self.n)]
                    self._next_initial()
            else:
                self._finish_turn()
        else:
            raise IllegalAction("there is no random event pending")

    def _setup_done(self) -> bool:
        return any(m >= 0 for m in self.msg) or any(g >= 0 for g in self.guard_of)

    @staticmethod
    def _checked_deck(outcome: Any, expected: list[str], codes: dict, what: str) -> list[int]:
        """Validate a shuffled list of names (first = drawn first); internal order: top last."""
        if not isinstance(outcome, list) or not all(isinstance(x, str) for x in outcome):
            raise IllegalAction(f"{what} must be a list of names (first drawn first), "
                                f"not {str(outcome)[:40]!r}")
        if sorted(outcome) != sorted(expected):
            raise IllegalAction(f"{what} must be a permutation of {len(expected)} items: "
                                + ", ".join(f"{expected.count(k)} x {k}"
                                            for k in dict.fromkeys(expected)))
        return [codes[x] for x in reversed(outcome)]

    # -- notation -------------------------------------------------------------------------------
    def action_to_text(self, action: int) -> str:
        return A.action_text(action)

    def text_to_action(self, text: str) -> int:
        return A.parse_action(text)

    # -- information ------------------------------------------------------------------------------
    def _view(self, seat: int | None) -> dict:
        from gonets.games.czar.views import build_view

        return build_view(self, seat)

    def snapshot(self) -> Any:
        from gonets.games.czar.views import build_snapshot

        return build_snapshot(self)

    def result(self) -> Result:
        if self.phase != OVER:
            return Result([0.0] * self.n, [], {"reason": "the match is not over"})
        scores = [1.0 if s == self.winner else 0.0 for s in range(self.n)]
        return Result(scores, [self.winner], {"reason": self.reason, "turns": self.turns})
