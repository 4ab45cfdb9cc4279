"""Carcassonne + The Messengers: the observation of one seat, read from its view.

Carcassonne has no private information (every seat's view is the table), so the observation
is the public table relative to the viewer. The board is a list of the placed tiles in
placement order (the start tile first): every tile's cell, letter and rotation, exact for any
board however far it spreads. Tile letters and counts come from the game's ``tiles.json``.
"""

from __future__ import annotations

import numpy as np

from gonets.core.game import Game
from gonets.core.options import Config
from gonets.rl.chance import Plan, shuffle_or_seat_plan
from gonets.rl.data import game_data
from gonets.rl.encoding import Encoder, Vocab, relative, seat_blocks

PHASES = Vocab(["deal_tiles", "deal_messages", "place", "follower", "figure", "message",
                "chain", "end"])
MAX_TILES = 72          # the start tile and the 71 pile tiles
RADIUS = 71             # no tile can lie further than 71 cells from the start
FIGURES = 7             # followers per player
SEGMENTS = 9            # segment index of a follower on its tile
MESSAGES = 8
TRACK = 300.0           # points scale (the scoring track has 50 spaces; scores go past them)


class CarcassonneEncoder(Encoder):
    """The flat observation of a Carcassonne seat (docs/rl.md lists every block)."""

    game = "carcassonne"

    def build(self, game: Game, config: Config) -> None:
        tiles = game_data("carcassonne", "tiles.json")["tiles"]
        self.letters = Vocab(sorted(tiles))
        self.copies = np.array([tiles[t]["count"] for t in self.letters.names], np.float32)
        n, t, lay = config.players, len(self.letters), self.layout
        self.o_phase = lay.add("phase", len(PHASES), "one-hot: " + ", ".join(PHASES.names))
        self.o_hand = lay.add("hand", t, "the tile to place (letter one-hot, "
                              + "".join(self.letters.names) + ")")
        self.o_counts = lay.add("progress", 5, "tiles placed/72, pile size/71, tiles put under "
                                "the pile/71, discarded tiles/71, scores merged (no messengers)")
        self.o_remaining = lay.add("remaining", t, "tiles of each letter still to come / copies")
        self.o_bottom = lay.add("pile_bottom", t, "known tiles at the bottom of the pile per "
                                "letter / copies")
        self.o_messages = lay.add("messages", 2 + 3 * MESSAGES,
                                  "message draws/8, unseen/8; known messages under the stack, "
                                  "the current message, the next one (each one-hot of 1-8)")
        self.o_tiles = lay.add("board", MAX_TILES * (3 + t + 4),
                               "per placed tile in placement order (start tile first): present, "
                               "(x+71)/142, (y+71)/142, letter one-hot, rotation one-hot "
                               "(0, 90, 180, 270)")
        self.tile_size = 3 + t + 4
        self.fig_size = 3 + SEGMENTS
        self.o_seats = seat_blocks(lay, n, "seat", 6 + FIGURES * self.fig_size,
                                   "to move, active player, followers in supply/7, meeple "
                                   "points/300, messenger points/300, moved a figure this round; "
                                   "per follower: on the board, (x+71)/142, (y+71)/142, segment "
                                   "one-hot (0-8)")

    def write(self, out: np.ndarray, view: dict, memo: dict | None) -> None:
        me, n, letters = view["seat"], self.players, self.letters.index
        phase = PHASES.index.get(view["phase"])
        if phase is not None:
            out[self.o_phase + phase] = 1.0
        if view.get("hand"):
            out[self.o_hand + letters[view["hand"]]] = 1.0
        o = self.o_counts
        out[o] = view["placed"] / MAX_TILES
        out[o + 1] = view["pile_size"] / (MAX_TILES - 1)
        out[o + 2] = view["under"] / (MAX_TILES - 1)
        out[o + 3] = len(view["discarded"]) / (MAX_TILES - 1)
        out[o + 4] = float(bool(view["merged"]))
        for letter, count in view["remaining"].items():
            i = letters[letter]
            out[self.o_remaining + i] = count / self.copies[i]
        for letter in view["pile_bottom"]:
            i = letters[letter]
            out[self.o_bottom + i] += 1.0 / self.copies[i]
        self._write_messages(out, view["messages"])
        cell = 1.0 / (2 * RADIUS)
        for k, (letter, x, y, rot) in enumerate(view["board"][:MAX_TILES]):
            base = self.o_tiles + k * self.tile_size
            out[base] = 1.0
            out[base + 1] = (x + RADIUS) * cell
            out[base + 2] = (y + RADIUS) * cell
            out[base + 3 + letters[letter]] = 1.0
            out[base + 3 + len(letters) + rot % 4] = 1.0
        moved = view["round"].get("moved") or []
        for seat in range(n):
            base = self.o_seats[relative(seat, me, n)]
            out[base] = float(seat == view.get("to_move"))
            out[base + 1] = float(seat == view.get("active"))
            out[base + 2] = view["supply"][seat] / FIGURES
            pair = view["scores"][seat]
            out[base + 3] = pair[0] / TRACK
            out[base + 4] = pair[1] / TRACK if len(pair) > 1 else 0.0
            out[base + 5] = float(bool(moved[seat])) if seat < len(moved) else 0.0
            for f, place in enumerate(view["slots"][seat][:FIGURES]):
                if place is None:
                    continue
                fig = base + 6 + f * self.fig_size
                x, y, segment = place
                out[fig] = 1.0
                out[fig + 1] = (x + RADIUS) * cell
                out[fig + 2] = (y + RADIUS) * cell
                if 0 <= segment < SEGMENTS:
                    out[fig + 3 + segment] = 1.0

    def _write_messages(self, out: np.ndarray, messages: dict) -> None:
        o = self.o_messages
        out[o] = messages["draws"] / MESSAGES
        out[o + 1] = messages["unseen"] / MESSAGES
        for number in messages["known"] or ():
            out[o + 2 + number - 1] = 1.0
        if messages.get("current"):
            out[o + 2 + MESSAGES + messages["current"] - 1] = 1.0
        if messages.get("next"):
            out[o + 2 + 2 * MESSAGES + messages["next"] - 1] = 1.0


def chance_plan(state) -> Plan:
    """The pending random event as explicit chance nodes: shuffles as single draws (every order
    equally likely), a random starting seat as one uniform pick."""
    return shuffle_or_seat_plan(state)


def max_chance_outcomes(config: Config) -> int:
    """A bound on the outcomes of one chance node: the tile letters or the 8 messages."""
    return max(len(game_data("carcassonne", "tiles.json")["tiles"]), MESSAGES)
