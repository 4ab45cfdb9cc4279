"""Love Letter: the observation of one seat, read from its view (format: the game's README).

The character kinds are those of the deck in use (``view["cards"]``, 8 for the classic deck,
17 for the premium one, 10 for the 2019 deck), in data order. What the seat learnt from its own
log (a Priest look, a Baron compare, a King swap) is kept in a small reader that follows the
log event by event.
"""

from __future__ import annotations

import numpy as np

from gonets.core.game import Game
from gonets.core.options import Config
from gonets.rl.chance import Plan, shuffle_or_seat_plan
from gonets.rl.encoding import Encoder, Vocab, probe_view, seat_blocks

PHASES = Vocab(["deal", "play", "redraw", "chancellor", "over"])
SEAT_FLAGS = ("in_round", "protected", "to_move", "turn", "sycophant", "jester_on", "jester_by")


class Knowledge:
    """What the viewer read in its log: the card it knows in each other hand, the card of its
    own that each other seat has seen, and each seat's last played card."""

    __slots__ = ("me", "hand", "known", "seen_mine", "last_play")

    def __init__(self, me: int):
        self.me = me
        self.hand: list = []         # the viewer's own hand as its log tells it
        self.known: dict = {}        # seat -> card the viewer knows that seat holds
        self.seen_mine: dict = {}    # seat -> the viewer's card that seat has seen
        self.last_play: dict = {}    # seat -> card it played last this round

    def copy(self) -> Knowledge:
        other = Knowledge(self.me)
        other.hand = list(self.hand)
        other.known = dict(self.known)
        other.seen_mine = dict(self.seen_mine)
        other.last_play = dict(self.last_play)
        return other

    def feed(self, event: dict) -> None:
        kind = event["e"]
        handler = _HANDLERS.get(kind)
        if handler is not None:
            handler(self, event)

    def _forget(self, seat, card) -> None:
        """``seat`` gave up a card: what anyone knew of a card of that kind may be stale."""
        if self.known.get(seat) == card:
            del self.known[seat]
        if seat == self.me:
            if card in self.hand:
                self.hand.remove(card)
            if self.seen_mine:
                for other, seen in list(self.seen_mine.items()):
                    if seen == card:
                        del self.seen_mine[other]


def _round(k: Knowledge, event: dict) -> None:
    k.hand.clear()
    k.known.clear()
    k.seen_mine.clear()
    k.last_play.clear()


def _play(k: Knowledge, event: dict) -> None:
    seat, card = event["seat"], event["card"]
    k.last_play[seat] = card
    k._forget(seat, card)


def _discard(k: Knowledge, event: dict) -> None:
    k._forget(event["seat"], event["card"])


def _out(k: Knowledge, event: dict) -> None:
    seat = event["seat"]
    k.known.pop(seat, None)
    k.seen_mine.pop(seat, None)
    if seat == k.me:
        k.seen_mine.clear()


def _look(k: Knowledge, event: dict) -> None:
    target = event.get("target")
    if event["seat"] == k.me and "card" in event and isinstance(target, int):
        k.known[target] = event["card"]
    elif target == k.me:
        k.seen_mine[event["seat"]] = k.hand[0] if len(k.hand) == 1 else None


def _compare(k: Knowledge, event: dict) -> None:
    cards = event.get("cards")
    seat, target = event["seat"], event["target"]
    if cards is None or event.get("loser") is not None:
        return
    if seat == k.me:
        k.known[target] = cards[1]
        k.seen_mine[target] = cards[0]
    elif target == k.me:
        k.known[seat] = cards[0]
        k.seen_mine[seat] = cards[1]


def _swap(k: Knowledge, event: dict) -> None:
    a, b = event["between"]
    cards = event.get("cards")
    if cards is not None and k.me in (a, b):
        other, theirs, mine = (b, cards[1], cards[0]) if a == k.me else (a, cards[0], cards[1])
        k.seen_mine.clear()
        k.hand = [mine]
        if isinstance(other, int):
            k.known[other] = theirs
            k.seen_mine[other] = mine
        return
    known = k.known
    moved = {seat: known.pop(seat) for seat in (a, b) if seat in known}
    if a in moved and isinstance(b, int):
        known[b] = moved[a]
    if b in moved and isinstance(a, int):
        known[a] = moved[b]


def _hand_changed(k: Knowledge, event: dict) -> None:
    seat = event["seat"]
    k.known.pop(seat, None)
    if seat == k.me:
        k.seen_mine.clear()


def _drawn(k: Knowledge, event: dict) -> None:
    if event["seat"] == k.me and "card" in event:
        k.hand.append(event["card"])


def _returned(k: Knowledge, event: dict) -> None:
    if event["seat"] == k.me and "kept" in event:
        kept = event["kept"]
        k.hand = list(kept) if isinstance(kept, list) else [kept]


def _redraw(k: Knowledge, event: dict) -> None:
    if event.get("choice") == "redraw":
        _hand_changed(k, event)


_HANDLERS = {"round": _round, "play": _play, "discard": _discard, "out": _out, "look": _look,
             "compare": _compare, "swap": _swap, "chancellor": _hand_changed,
             "redraw": _redraw, "deal": _drawn, "draw": _drawn, "return": _returned}


def read_log(log: list, me: int, memo: dict | None) -> Knowledge:
    """The viewer's knowledge after its whole log; with a memo, only the new events are read."""
    if memo is not None:
        seen = memo.get("n", 0)
        if seen and seen <= len(log) and memo["me"] == me and (
                log[seen - 1] is memo["last"] or log[seen - 1] == memo["last"]):
            knowledge = memo["knowledge"]
        else:
            seen, knowledge = 0, Knowledge(me)
    else:
        seen, knowledge = 0, Knowledge(me)
    handlers = _HANDLERS
    for event in log[seen:] if seen else log:
        handler = handlers.get(event["e"])             # Knowledge.feed, in line
        if handler is not None:
            handler(knowledge, event)
    if memo is not None and log:
        memo["n"], memo["last"], memo["me"], memo["knowledge"] = len(log), log[-1], me, \
            knowledge
    return knowledge


class LoveLetterEncoder(Encoder):
    """The flat observation of a Love Letter seat (docs/rl.md lists every block)."""

    game = "loveletter"
    list_buffer = True          # written into an array("d") (cheaper than numpy item writes)

    def build(self, game: Game, config: Config) -> None:
        view = probe_view(game, config)
        cards = view["cards"]
        self.kinds = Vocab(cards)
        self.copies = np.array([cards[k]["copies"] for k in self.kinds.names], dtype=np.float32)
        self.inv_copies = [1.0 / c for c in self.copies.tolist()]
        self.copy_list = self.copies.tolist()
        self.deck_total = float(self.copies.sum())
        self.target = max(config.options["tokens_to_win"].values()) \
            if isinstance(config.options.get("tokens_to_win"), dict) else 7
        k, n, lay = len(self.kinds), config.players, self.layout
        self.o_phase = lay.add("phase", len(PHASES), "one-hot: " + ", ".join(PHASES.names))
        self.o_round = lay.add("round", 1, "round number / (players x tokens to win)")
        self.o_deck = lay.add("deck_size", 1, "cards left in the draw pile / cards in the deck")
        self.o_spare = lay.add("spare", 1, "1 while the face-down set-aside card is there")
        self.o_hand = lay.add("hand", k, "the viewer's hand: count of each kind / 3")
        self.o_drawn = lay.add("drawn", k, "one-hot: the card drawn last (last in hand) when "
                                           "the hand holds 2 or more")
        self.o_face_up = lay.add("face_up", k, "cards removed face up this round, count of "
                                               "each kind / its copies")
        self.o_burned = lay.add("burned", k, "set-aside cards burned by a Prince, count / copies")
        self.o_unseen = lay.add("unseen", k, "copies of each kind the viewer has not seen "
                                             "(not in its hand, any discard pile, face up, "
                                             "burned or known in a hand) / copies")
        self.o_seats = seat_blocks(lay, n, "seat", 3 + len(SEAT_FLAGS) + 4 * k,
                                   "tokens/target, hand size/3, discard total/40, flags "
                                   + ", ".join(SEAT_FLAGS) + "; discards per kind / copies; "
                                   "last card played this round (one-hot); the card the viewer "
                                   "knows it holds (one-hot); it has seen the viewer's card "
                                   "(one-hot of that card, all ones when unsure which)")
        self.n_flags = len(SEAT_FLAGS)

    def write(self, out: list, view: dict, memo: dict | None) -> None:
        me, n, kinds = view["seat"], self.players, self.kinds.index
        k = len(kinds)
        inv = self.inv_copies
        target = view.get("target") or self.target
        phase = PHASES.index.get(view["phase"])
        if phase is not None:
            out[self.o_phase + phase] = 1.0
        value = view["round"] / (n * target)
        out[self.o_round] = value if value < 1.0 else 1.0           # min(value, 1.0)
        out[self.o_deck] = view["deck_size"] / self.deck_total
        out[self.o_spare] = 1.0 if view["spare"] else 0.0
        seen = [0] * k
        hand = view["hand"] or []
        offset = self.o_hand
        for card in hand:
            i = kinds[card]
            out[offset + i] += 1.0 / 3.0
            seen[i] += 1
        if len(hand) >= 2:
            out[self.o_drawn + kinds[hand[-1]]] = 1.0
        for cards, offset in ((view.get("face_up"), self.o_face_up),
                              (view.get("burned"), self.o_burned)):
            for card in cards or ():
                i = kinds[card]
                out[offset + i] += inv[i]
                seen[i] += 1
        knowledge = read_log(view.get("log") or [], me, memo)
        self._write_seats(out, view, knowledge, seen, target)
        base = self.o_unseen
        for i, copies in enumerate(self.copy_list):
            if copies > seen[i]:
                out[base + i] = (copies - seen[i]) * inv[i]

    def _write_seats(self, out: list, view: dict, knowledge: Knowledge,
                     seen: list, target: int) -> None:
        me, n, kinds, k = view["seat"], self.players, self.kinds.index, len(self.kinds)
        to_move, turn = view.get("to_move"), view.get("turn")
        sycophant, jester = view.get("sycophant"), view.get("jester") or {}
        jester_on, jester_by = jester.get("on"), jester.get("by")
        inv, offsets, flags_end = self.inv_copies, self.o_seats, 3 + self.n_flags
        last_play, known_of, seen_mine = knowledge.last_play, knowledge.known, \
            knowledge.seen_mine
        for entry in view["seats"]:
            seat = entry["seat"]
            base = offsets[(seat - me) % n]           # relative(seat, me, n)
            value = entry["tokens"] / target
            out[base] = value if value < 1.0 else 1.0                # min(value, 1.0)
            out[base + 1] = entry["hand_size"] / 3.0
            value = entry["discard_total"] / 40.0
            out[base + 2] = value if value < 1.0 else 1.0
            in_round = entry["in_round"]
            # the flags of SEAT_FLAGS, in order
            if in_round:
                out[base + 3] = 1.0
            if entry["protected"]:
                out[base + 4] = 1.0
            if seat == to_move:
                out[base + 5] = 1.0
            if seat == turn:
                out[base + 6] = 1.0
            if seat == sycophant:
                out[base + 7] = 1.0
            if seat == jester_on:
                out[base + 8] = 1.0
            if seat == jester_by:
                out[base + 9] = 1.0
            piles = base + flags_end
            for discard in entry["discards"]:
                i = kinds[discard["card"]]
                out[piles + i] += inv[i]
                seen[i] += 1
            last = last_play.get(seat)
            if last is not None:
                out[piles + k + kinds[last]] = 1.0
            if seat != me and in_round:
                known = known_of.get(seat)
                if known is not None:
                    out[piles + 2 * k + kinds[known]] = 1.0
                    seen[kinds[known]] += 1
                if seat in seen_mine:
                    card = seen_mine[seat]
                    if card is None:
                        for j in range(piles + 3 * k, piles + 4 * k):
                            out[j] = 1.0
                    else:
                        out[piles + 3 * k + kinds[card]] = 1.0


def chance_plan(state) -> Plan:
    """The pending random event as explicit chance nodes: shuffles as single draws (every order
    equally likely), a random starting seat as one uniform pick."""
    return shuffle_or_seat_plan(state)


def max_chance_outcomes(config: Config) -> int:
    """A bound on the outcomes of one chance node: the kinds of the deck, or the seats."""
    from gonets.core.registry import get_game

    return max(len(probe_view(get_game("loveletter"), config)["cards"]), config.players)
