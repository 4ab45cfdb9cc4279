"""Message to the Czar: the observation of one seat, read from its view.

The 18 inns come from the view (``view["inns"]``, closed ones included, in board order), the
courier types and coin kinds from the game's ``board.json``. A courier's colour is turned into
its owner's seat (relative to the viewer) with ``view["seats"][].colours``.
"""

from __future__ import annotations

import numpy as np

from gonets.core.game import Game
from gonets.core.options import Config
from gonets.rl.chance import Plan, shuffle_or_seat_plan
from gonets.rl.data import game_data
from gonets.rl.encoding import Encoder, Vocab, probe_view, relative, seat_blocks

PHASES = Vocab(["start", "coins", "shuffle", "initial", "turn", "drawn", "rubles-first",
                "rubles", "bonus", "extra", "over"])
COURIERS_PER_COLOUR = 12


class CzarEncoder(Encoder):
    """The flat observation of a Message to the Czar seat (docs/rl.md lists every block)."""

    game = "czar"

    def build(self, game: Game, config: Config) -> None:
        board = game_data("czar", "board.json")
        view = probe_view(game, config)
        self.types = Vocab(t["key"] for t in board["types"])
        self.coins = Vocab(c["key"] for c in board["coins"])
        self.coin_copies = max(c["count"] for c in board["coins"])
        self.inns = Vocab(inn["key"] for inn in view["inns"])
        self.inn_names = Vocab(inn["name"] for inn in view["inns"])
        self.guards = Vocab(g["key"] for g in view["guards"])
        self.pool = float(config.options.get("coin_pool") or 30)
        self.turn_cap = float(config.options.get("turn_cap") or 2000)
        n, t, c, lay = config.players, len(self.types), len(self.coins), self.layout
        self.o_phase = lay.add("phase", len(PHASES), "one-hot: " + ", ".join(PHASES.names))
        self.o_scalars = lay.add("progress", 6, "turns/turn cap, passes/players, final round "
                                 "left/players, pile emptied, took extra, passed")
        self.o_pile = lay.add("coin_pile", 1, "coins left in the pile / coin pool")
        self.o_removed = lay.add("removed", c, "removed coins per kind / "
                                 f"{self.coin_copies}: " + ", ".join(self.coins.names))
        self.o_running = lay.add("running", c, "coins drawn in the running rubles phase per kind")
        self.o_drawn = lay.add("drawn", t + n, "the courier drawn and not yet placed: type "
                               "one-hot, then its owner (relative seat one-hot)")
        room = 2 * n
        self.o_inns = lay.add("inns", len(self.inns) * (2 + 4 * room),
                              "per inn in board order: open, level/3; per room (the 4 courier "
                              "types in data order): occupant's owner (relative seat one-hot), "
                              "owner of the message it carries (relative seat one-hot)")
        self.inn_size = 2 + 4 * room
        self.o_guards = lay.add("guards", len(self.guards) * (2 + n),
                                "per palace guard: price/10, skipped; messages delivered past it "
                                "(relative seat one-hot)")
        per_seat = 3 * t + 5 + len(self.inns) + t + len(self.guards) + c + 1
        self.o_seats = seat_blocks(lay, n, "seat", per_seat,
                                   "display, stack bottom (known), hidden stack counts per type "
                                   "/3; stack size/12, colours/2, active, start player, "
                                   "delivered; message at inn (one-hot) and room type (one-hot) "
                                   "or at a guard (one-hot); coins per kind (known ones) / "
                                   f"{self.coin_copies}; coin count/coin pool")
        self.per_seat = per_seat

    def write(self, out: np.ndarray, view: dict, memo: dict | None) -> None:
        me, n = view["seat"], self.players
        owner = {colour: relative(s["seat"], me, n)
                 for s in view["seats"] for colour in s["colours"]}
        phase = PHASES.index.get(view["phase"])
        if phase is not None:
            out[self.o_phase + phase] = 1.0
        o = self.o_scalars
        out[o] = view["turns"] / self.turn_cap
        out[o + 1] = view["passes"] / n
        out[o + 2] = (view["final_round_left"] or 0) / n
        out[o + 3] = float(bool(view["pile_emptied"]))
        out[o + 4] = float(bool(view["took_extra"]))
        out[o + 5] = float(bool(view["passed"]))
        out[self.o_pile] = view["pile"] / self.pool
        self._coin_counts(out, self.o_removed, view["removed"])
        self._coin_counts(out, self.o_running, view["running"])
        drawn = view.get("drawn")
        if drawn:
            out[self.o_drawn + self.types.index[drawn["type"]]] = 1.0
            out[self.o_drawn + len(self.types) + owner[drawn["colour"]]] = 1.0
        self._write_inns(out, view, owner)
        for g, guard in enumerate(view["guards"]):
            base = self.o_guards + g * (2 + n)
            out[base] = guard["price"] / 10.0
            out[base + 1] = float(bool(guard["skip"]))
            for p in guard["messages"]:
                out[base + 2 + relative(p, me, n)] = 1.0
        delivered = set(view["delivered"])
        for entry in view["seats"]:
            self._write_seat(out, view, entry, delivered)

    def _coin_counts(self, out: np.ndarray, offset: int, coins: list) -> None:
        step = 1.0 / self.coin_copies
        for coin in coins:
            out[offset + self.coins.index[coin]] += step

    def _write_inns(self, out: np.ndarray, view: dict, owner: dict) -> None:
        me, n, types = view["seat"], self.players, self.types.index
        for i, inn in enumerate(view["inns"]):
            base = self.o_inns + i * self.inn_size
            out[base] = float(bool(inn["open"]))
            out[base + 1] = inn["level"] / 3.0
            for r, courier in enumerate(inn["rooms"]):
                if courier is None:
                    continue
                room = base + 2 + types.get(courier["type"], r) * 2 * n
                out[room + owner[courier["colour"]]] = 1.0
                if courier.get("message") is not None:
                    out[room + n + relative(courier["message"], me, n)] = 1.0

    def _write_seat(self, out: np.ndarray, view: dict, entry: dict, delivered: set) -> None:
        me, n, types, t = view["seat"], self.players, self.types.index, len(self.types)
        seat = entry["seat"]
        base = self.o_seats[relative(seat, me, n)]
        for courier in entry["display"]:
            out[base + types[courier["type"]]] += 1.0 / 3.0
        for courier in entry["stack_bottom"]:
            out[base + t + types[courier["type"]]] += 1.0 / 3.0
        for kind, count in entry["stack_hidden"]["counts"].items():
            out[base + 2 * t + types[kind]] = count / 3.0
        o = base + 3 * t
        out[o] = entry["stack"] / COURIERS_PER_COLOUR
        out[o + 1] = len(entry["colours"]) / 2.0
        out[o + 2] = float(seat == view.get("active"))
        out[o + 3] = float(seat == view.get("start_player"))
        out[o + 4] = float(seat in delivered)
        o += 5
        message = entry.get("message") or {}
        if "inn" in message:
            out[o + self.inn_names.index[message["inn"]]] = 1.0
            out[o + len(self.inns) + types[message["room"]]] = 1.0
        o += len(self.inns) + t
        if "guard" in message:
            guard = self.inn_names.names.index(message["guard"])
            keys = self.guards.index
            out[o + keys[self.inns.names[guard]]] = 1.0
        o += len(self.guards)
        for coin in entry.get("coins") or ():
            out[o + self.coins.index[coin]] += 1.0 / self.coin_copies
        out[o + len(self.coins)] = entry["coin_count"] / self.pool


def chance_plan(state) -> Plan:
    """The pending random event as explicit chance nodes: shuffles as single draws (every order
    equally likely), a random starting seat as one uniform pick."""
    return shuffle_or_seat_plan(state)


def max_chance_outcomes(config: Config) -> int:
    """A bound on the outcomes of one chance node: coin kinds, courier types or seats."""
    board = game_data("czar", "board.json")
    return max(len(board["coins"]), len(board["types"]), config.players)
