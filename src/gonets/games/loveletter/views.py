"""Views (the one place of redaction), the log format, and ``sample_world``.

A log entry is ``(kind, public values, private values, mask of entitled seats)``; the field
names of each kind are in :data:`FIELDS` (documented in README.md).
"""

from __future__ import annotations

import random
import threading
from collections import Counter

from gonets.core.game import CHANCE, TERMINAL
from gonets.games.loveletter.notation import NONE
from gonets.games.loveletter.rules import LoveLetterState
from gonets.games.loveletter.rules import cards as C
from gonets.games.loveletter.rules.encoding import (
    CARD_MASK,
    CAUSE_SHIFT,
    CAUSES,
    CHANCELLOR,
    PHASES,
    PLAY,
)

FIELDS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "round": (("round", "starter"), ()),
    "starter": (("seat",), ()),
    "face_up": (("cards",), ()),
    "deal": (("seat",), ("card",)),
    "draw": (("seat", "from"), ("card",)),
    "play": (("seat", "card", "action"), ()),
    "no_effect": (("seat", "card"), ()),
    "guard": (("seat", "target", "guess", "hit"), ()),
    "assassin": (("seat", "guard"), ()),
    "look": (("seat", "target"), ("card",)),
    "compare": (("seat", "target", "kind", "loser"), ("cards",)),
    "swap": (("seat", "kind", "between"), ("cards",)),
    "protect": (("seat",), ()),
    "mark": (("seat", "target", "kind"), ()),
    "bishop": (("seat", "target", "guess", "hit"), ()),
    "redraw": (("seat", "choice"), ()),
    "discard": (("seat", "card", "cause"), ()),
    "out": (("seat", "by"), ()),
    "burn": (("seat", "card", "refilled"), ()),
    "chancellor": (("seat", "drew"), ("cards",)),
    "return": (("seat", "count"), ("kept", "bottom")),
    "token": (("seat", "reason", "tokens"), ()),
    "showdown": (("hands", "scores", "totals"), ()),
    "round_end": (("round", "winners", "reason"), ()),
    "game_end": (("winners",), ()),
}


_SEQUENCES = (list, tuple)


def _plain(value):
    return [_plain(v) for v in value] if isinstance(value, _SEQUENCES) else value


LISTS: dict[str, tuple[str, ...]] = {
    "face_up": ("cards",), "compare": ("cards",), "swap": ("between", "cards"),
    "chancellor": ("cards",), "return": ("bottom",), "showdown": ("hands", "scores", "totals"),
    "round_end": ("winners",), "game_end": ("winners",),
}
"""The fields of each kind that hold lists; a view gets copies of them (the log keeps its own)."""


def event_dict(entry, seat: int | None) -> dict:
    """One log entry as ``seat`` sees it."""
    try:
        return _CONVERTERS[entry[0]](entry, seat)
    except IndexError:                  # fewer values than FIELDS names: the plain way
        return _event_dict(entry, seat)


def _event_dict(entry, seat: int | None) -> dict:
    kind, public, private, seen = entry[:4]
    names, hidden = FIELDS[kind]
    data = {"e": kind}
    data.update(zip(names, public))
    if private is not None and seat is not None and seen >> seat & 1:
        data.update(zip(hidden, private))
    for name in LISTS.get(kind, ()):
        if type(data.get(name)) in _SEQUENCES:
            data[name] = _plain(data[name])
    return data


def _converter(kind: str):
    """:func:`_event_dict` of one kind as straight-line code (a dict display is several
    times cheaper than filling a dict field by field, and views convert many entries)."""
    names, hidden = FIELDS[kind]
    fields = "".join(f", {name!r}: public[{i}]" for i, name in enumerate(names))
    lines = ["def convert(entry, seat):", "    public = entry[1]",
             f"    data = {{'e': {kind!r}{fields}}}"]
    if hidden:
        lines += ["    private = entry[2]",
                  "    if private is not None and seat is not None and entry[3] >> seat & 1:"]
        lines += [f"        data[{name!r}] = private[{i}]" for i, name in enumerate(hidden)]
    for name in LISTS.get(kind, ()):
        lines += [f"    if type(data.get({name!r})) in SEQUENCES:",
                  f"        data[{name!r}] = plain(data[{name!r}])"]
    lines.append("    return data")
    scope = {"SEQUENCES": _SEQUENCES, "plain": _plain}
    exec("\n".join(lines), scope)      # the source is made of FIELDS' names only
    return scope["convert"]


_CONVERTERS = {kind: _converter(kind) for kind in FIELDS}


def entry_from_dict(data: dict, seat: int | None):
    """The inverse of :func:`event_dict` for the viewer (private parts it lacks stay unknown)."""
    kind = data["e"]
    names, hidden = FIELDS[kind]
    public = tuple(data[name] for name in names)
    if hidden and seat is not None and all(name in data for name in hidden):
        return kind, public, tuple(data[name] for name in hidden), 1 << seat
    return kind, public, None, 0


def hand_of(state, seat: int) -> list[int]:
    """The cards ``seat`` holds now (the drawn or Chancellor cards last)."""
    if state.hands[seat] == NONE:
        return []
    cards = [state.hands[seat]]
    if seat == state.turn:
        if state.phase == PLAY and state.drawn != NONE:
            cards.append(state.drawn)
        elif state.phase == CHANCELLOR:
            cards += state.extra
    return cards


def _hand_names(state, seat: int) -> list[str]:
    """``hand_of`` as card names."""
    card = state.hands[seat]
    if card == NONE:
        return []
    keys = C.KEYS
    if seat == state.turn:
        if state.phase == PLAY and state.drawn != NONE:
            return [keys[card], keys[state.drawn]]
        if state.phase == CHANCELLOR:
            return [keys[card], *[keys[c] for c in state.extra]]
    return [keys[card]]


def _hand_size(state, seat: int) -> int:
    """``len(hand_of(state, seat))`` without building the list."""
    if state.hands[seat] == NONE:
        return 0
    if seat == state.turn:
        if state.phase == PLAY:
            return 2 if state.drawn != NONE else 1
        if state.phase == CHANCELLOR:
            return 1 + len(state.extra)
    return 1


_DISCARDS = {card | cause << CAUSE_SHIFT: {"card": C.KEYS[card], "cause": CAUSES[cause]}
             for card in range(len(C.KEYS)) for cause in range(len(CAUSES))}
"""Every discard as view data, made once (views share them: read-only, like log events)."""


BASE_KEYS = ("game", "players", "preset", "options", "seat", "to_move", "terminal")
"""The keys that ``State.view`` adds in front of the game's part."""


def build_view(state, seat: int | None) -> dict:
    """What ``seat`` (None: a spectator) may know of ``state``: the one place of redaction
    (the game's part of :meth:`State.view`: :func:`full_view` without the common keys)."""
    return {key: value for key, value in full_view(state, seat).items()
            if key not in BASE_KEYS and key not in ("legal", "result")}


def full_view(state, seat: int | None, log: list[dict] | None = None,
              options: dict | None = None) -> dict:
    """``State.view(seat)``: the common keys, the game's part, the seat's legal notations and
    the result, in one dict (a view is built at every step of a simulation or a learning
    environment, so it is made in one go). ``log``: the seat's log when the caller has it
    (:class:`SeatViews`), else :func:`seat_log`; ``options``: a copy of the options the
    caller's views may share, else a fresh one."""
    rules = state.rules
    deck = rules.deck
    value = rules.value
    keys = C.KEYS
    discards = _DISCARDS
    alive, prot = state.alive, state.prot
    seats = []
    for q in range(state.n):
        pile = state.discards[q]
        seats.append({
            "seat": q, "tokens": state.tokens[q], "in_round": bool(alive >> q & 1),
            "protected": bool(prot >> q & 1), "hand_size": _hand_size(state, q),
            "discards": [discards[e] for e in pile],
            "discard_total": sum([value[e & CARD_MASK] for e in pile]),
        })
    config = state.config
    deciding = state.cur
    data = {
        "game": config.game, "players": config.players, "preset": config.preset,
        "options": dict(config.options) if options is None else options, "seat": seat,
        "to_move": deciding if deciding >= 0 else None, "terminal": deciding == TERMINAL,
        "round": state.round,
        "starter": state.starter if state.starter != NONE else None,
        "turn": state.turn if state.turn != NONE else None,
        "phase": PHASES[state.phase],
        "deck": deck.name,
        "cards": deck.table,
        "target": rules.target,
        "deck_size": len(state.deck),
        "spare": state.spare != NONE,
        "face_up": [keys[c] for c in state.face_up],
        "burned": [keys[c] for c in state.burned],
        "hand": None if seat is None else _hand_names(state, seat),
        "seats": seats,
        "sycophant": state.mark if state.mark != NONE else None,
        "jester": ({"by": state.jester_by, "on": state.jester_on}
                   if state.jester_on != NONE else None),
        "log": seat_log(state.log, seat) if log is None else log,
    }
    if seat is not None and seat == deciding:
        texts = rules.texts
        data["legal"] = [texts[a] for a in state.legal_actions()]
    if deciding == TERMINAL:
        data["result"] = state.result().to_json()
    return data


class SeatViews:
    """The views of one seat along a match, for a reader that asks for them in order: each
    equals ``state.view(seat)`` (tested) and is built from the previous one's log (no shared
    memory to search). With ``copy=False`` every view is the same dict, brought up to date in
    place (its log extended by what is new): for a reader that keeps no view (an encoder)."""

    def __init__(self, seat: int | None, copy: bool = True):
        self.seat = seat
        self.copy = copy
        self.node = None             # the newest log entry the seat's log holds
        self.events: list[dict] = []
        self.data: dict | None = None          # the one view, when not copying
        self.config = None                     # the configuration it was made for

    def view(self, state) -> dict:
        """``state.view(self.seat)``."""
        chain = []
        current, known = state.log, self.node
        while current is not None and current is not known:
            chain.append(current)
            current = current[4]
        if current is None and known is not None:      # another match or an older position
            self.events = []
        if chain:
            chain.reverse()
            self.events.extend(_convert(chain, self.seat))
            self.node = state.log
        if self.copy:
            return full_view(state, self.seat, list(self.events))
        data = self.data
        if data is None or self.config is not state.config or data["log"] is not self.events:
            data = self.data = full_view(state, self.seat, self.events)
            self.config = state.config
        else:
            _refresh(data, state, self.seat)
        return data


def _refresh(data: dict, state, seat: int | None) -> None:
    """:func:`full_view` written into an earlier view of the same seat and configuration (its
    keys keep their order; the log list is already up to date)."""
    rules = state.rules
    value = rules.value
    keys = C.KEYS
    discards = _DISCARDS
    alive, prot = state.alive, state.prot
    for q, entry in enumerate(data["seats"]):
        pile = state.discards[q]
        entry["tokens"] = state.tokens[q]
        entry["in_round"] = bool(alive >> q & 1)
        entry["protected"] = bool(prot >> q & 1)
        entry["hand_size"] = _hand_size(state, q)
        entry["discards"] = [discards[e] for e in pile]
        entry["discard_total"] = sum([value[e & CARD_MASK] for e in pile])
    deciding = state.cur
    data["to_move"] = deciding if deciding >= 0 else None
    data["terminal"] = deciding == TERMINAL
    data["round"] = state.round
    data["starter"] = state.starter if state.starter != NONE else None
    data["turn"] = state.turn if state.turn != NONE else None
    data["phase"] = PHASES[state.phase]
    data["deck_size"] = len(state.deck)
    data["spare"] = state.spare != NONE
    data["face_up"] = [keys[c] for c in state.face_up]
    data["burned"] = [keys[c] for c in state.burned]
    data["hand"] = None if seat is None else _hand_names(state, seat)
    data["sycophant"] = state.mark if state.mark != NONE else None
    data["jester"] = ({"by": state.jester_by, "on": state.jester_on}
                      if state.jester_on != NONE else None)
    if seat is not None and seat == deciding:
        texts = rules.texts
        data.pop("result", None)
        data["legal"] = [texts[a] for a in state.legal_actions()]
    else:
        data.pop("legal", None)
        if deciding == TERMINAL:
            data["result"] = state.result().to_json()
        else:
            data.pop("result", None)


_LOGS: dict[int, tuple] = {}
_LOGS_LOCK = threading.Lock()
LOGS_KEPT = 256
"""How many log nodes' conversions (per seat) are remembered before the memory starts afresh
(a seat's remembered node moves on with its views, so this is about the seats being played at
once; a small memory keeps little for the garbage collector to walk)."""


def seat_log(node, seat: int | None) -> list[dict]:
    """The log ending at ``node`` as ``seat`` sees it, oldest first.

    The log is an immutable linked list shared by clones, so a seat's conversion of one node
    never changes: it is remembered, and the next view converts only the entries that are new
    since a remembered node (which the seat then forgets: it has moved on). Views therefore
    share their event dicts: treat them as read-only.
    """
    logs = _LOGS
    chain = []
    events: list[dict] | None = None
    current = node
    while current is not None:
        hit = logs.get(id(current))
        if hit is not None and hit[0] is current:      # the node itself, not a recycled id
            events = hit[1].get(seat, None)
            if events is not None:
                if chain:          # the seat has moved on: its conversion moves with it
                    del hit[1][seat]
                    if not hit[1]:
                        del logs[id(current)]
                break
        chain.append(current)
        current = current[4]
    if not chain:
        return list(events) if events is not None else []
    chain.reverse()
    if events is None:
        events = _convert(chain, seat)
    else:
        events.extend(_convert(chain, seat))        # the remembered list, never handed out
    if node[0] == "game_end":           # nothing follows: keep no memory of a finished match
        return events
    hit = logs.get(id(node))
    if hit is not None and hit[0] is node:
        hit[1][seat] = events
    else:
        if len(logs) >= LOGS_KEPT:
            _forget_oldest()
        logs[id(node)] = (node, {seat: events})
    return list(events)


_RECENT: dict[int, tuple] = {}
RECENT_KEPT = 512
"""How many recent entries' public conversions are kept for the other seats' next views (the
table starts afresh when full, so it holds on to little of the log)."""


def _convert(chain: list, seat: int | None) -> list[dict]:
    """:func:`event_dict` of each entry for ``seat``; an entry that shows the seat nothing
    private reads the same for every seat, and its recent conversions are shared."""
    converters, recent = _CONVERTERS, _RECENT
    if len(recent) >= RECENT_KEPT:
        recent.clear()
    out = []
    append = out.append
    for entry in chain:
        if entry[2] is not None and seat is not None and entry[3] >> seat & 1:
            viewer = seat                 # the seat may see the private part
        else:
            hit = recent.get(id(entry))
            if hit is not None and hit[0] is entry:
                append(hit[1])
                continue
            viewer = None
        try:
            data = converters[entry[0]](entry, viewer)
        except IndexError:                # fewer values than FIELDS names: the plain way
            data = _event_dict(entry, viewer)
        if viewer is None:
            recent[id(entry)] = (entry, data)
        append(data)
    return out


def _forget_oldest() -> None:
    """Start both memories afresh (a seat's next view converts its whole log once); cheaper
    than trimming them entry by entry."""
    with _LOGS_LOCK:
        _LOGS.clear()


# -- knowledge and sample_world -------------------------------------------------------------------

def round_start(log: list[dict]) -> int:
    """The index of the last ``round`` event of a seat's log (the round in progress), or
    ``len(log)`` when there is none."""
    for i in range(len(log) - 1, -1, -1):
        if log[i]["e"] == "round":
            return i
    return len(log)


class Knowledge:
    """What one viewer knows about hidden cards in the current round, read from its log.

    ``possible[q]`` is the set of characters seat q's (older) hand card can be, or None when
    nothing is known; ``spare`` the same for the set-aside card; ``bottom`` maps cards the
    viewer put under the deck (Chancellor) to their distance from the bottom.
    """

    def __init__(self, deck: C.Deck, players: int, seat: int | None,
                 countess_triggers: frozenset[int] = frozenset()):
        self.deck = deck
        self.seat = seat
        self.triggers = countess_triggers
        self.possible: list[set[int] | None] = [None] * players
        self.spare: set[int] | None = None
        self.bottom: list[list[int]] = []        # [card, distance from the bottom]

    def _guess_kinds(self, guess) -> set[int]:
        if isinstance(guess, int):
            return set(self.deck.kinds_of_value(guess))
        return {C.INDEX[guess]}

    def _narrow(self, q: int, allowed: set[int]) -> None:
        current = self.possible[q]
        self.possible[q] = allowed if current is None else current & allowed

    def read(self, log: list[dict], start: int | None = None) -> Knowledge:
        """Follow the events of the round in progress (``start``: the index of its ``round``
        event, :func:`round_start`, when the caller has it)."""
        if start is None:
            start = round_start(log)
        return self.follow(log[start + 1:])

    def follow(self, events: list[dict]) -> Knowledge:
        """Follow more events of the same round, in order."""
        for event in events:
            handler = getattr(self, "_on_" + event["e"], None)
            if handler is not None:
                handler(event)
        return self

    def _known_card(self, key: str) -> set[int]:
        return {C.INDEX[key]}

    def _on_draw(self, e):
        if e["from"] == "spare":
            self.possible[e["seat"]] = self.spare
            self.spare = None

    def _on_play(self, e):
        q, card = e["seat"], C.INDEX[e["card"]]
        known = self.possible[q]
        if q != self.seat and known is not None and card in known:
            self.possible[q] = None
        if q != self.seat and card in self.triggers:      # else the Countess had to go
            self._narrow(q, set(self.deck.kinds) - {C.COUNTESS})

    def _on_discard(self, e):
        if e["cause"] != "played":
            self.possible[e["seat"]] = None

    def _on_look(self, e):
        if "card" not in e:
            return
        if e["target"] == "spare":
            self.spare = self._known_card(e["card"])
        else:
            self.possible[e["target"]] = self._known_card(e["card"])

    def _on_compare(self, e):
        if "cards" in e:
            other, card = ((e["target"], e["cards"][1]) if e["seat"] == self.seat
                           else (e["seat"], e["cards"][0]))
            self.possible[other] = self._known_card(card)

    def _on_swap(self, e):
        a, b = e["between"]
        if "cards" in e:
            if b == "spare":
                self.spare = self._known_card(e["cards"][1])
            else:
                other, card = (b, e["cards"][1]) if a == self.seat else (a, e["cards"][0])
                self.possible[other] = self._known_card(card)
        elif b == "spare":
            self.possible[a], self.spare = self.spare, self.possible[a]
        else:
            self.possible[a], self.possible[b] = self.possible[b], self.possible[a]

    def _on_guard(self, e):
        if not e["hit"]:
            target = e["target"]
            self._narrow(target, set(self.deck.kinds) - self._guess_kinds(e["guess"]))

    def _on_assassin(self, e):
        self.possible[e["seat"]] = None

    def _on_bishop(self, e):
        kinds = self._guess_kinds(e["guess"])
        self._narrow(e["target"], kinds if e["hit"] else set(self.deck.kinds) - kinds)

    def _on_burn(self, e):
        self.spare = None

    def _on_chancellor(self, e):
        if e["seat"] != self.seat:
            self.possible[e["seat"]] = None

    def _on_return(self, e):
        for entry in self.bottom:
            entry[1] += e["count"]
        if "bottom" in e:
            order = e["bottom"]                  # top to bottom
            for distance, key in enumerate(reversed(order)):
                self.bottom.append([C.INDEX[key], distance])


_WORLDS: dict[int, _World] = {}
_WORLDS_KEPT = 8
_WORLDS_LOCK = threading.Lock()


def sample_world(game, view: dict, rng: random.Random):
    """A full state consistent with ``view`` and its seat's knowledge; the rest at random.

    A search asks this thousands of times for the same view: everything that does not depend
    on ``rng`` (the configuration, the public position, the log, the viewer's knowledge and
    the unseen cards) is read once per view and kept for the last few views, so a call only
    copies that position and deals the hidden cards. A view must not be changed in place
    once given here (a replaced entry or a longer log is noticed and read again).
    """
    world = _WORLDS.get(id(view))
    if world is None or world.view is not view or world.game is not game or \
            world.fingerprint != _fingerprint(view):
        world = _World(game, view)
        with _WORLDS_LOCK:
            _WORLDS.pop(id(view), None)
            while len(_WORLDS) >= _WORLDS_KEPT:
                _WORLDS.pop(next(iter(_WORLDS)))
            _WORLDS[id(view)] = world
    return world.sample(rng)


def sampler(game, view: dict):
    """``sample_world`` of one view as a function of the generator, for a caller that keeps
    the view unchanged while it samples (a search): the view is read once, here."""
    return _World(game, view).sample


def _fingerprint(view: dict) -> tuple:
    return (*map(id, view.values()), len(view["log"]))


class _World:
    """What one view fixes: the public position as a state, and the hidden slots to deal."""

    __slots__ = ("base", "bottom", "fingerprint", "free", "game", "left", "order", "seat",
                 "size", "slots", "view")

    def __init__(self, game, view: dict):
        self.game, self.view, self.fingerprint = game, view, _fingerprint(view)
        self.base = _public_state(game, view)
        self.slots: list[tuple[str, int, set[int] | None]] | None = None
        state = self.base
        if state.phase in (PLAY, CHANCELLOR) or PHASES[state.phase] == "redraw":
            self._read_hidden(view)

    def _read_hidden(self, view: dict) -> None:
        """The viewer's own cards (given to the base state), the slots of every other hidden
        card (hands, extra cards, the set-aside card) with what each may be, the unseen cards,
        and the known places of Chancellor cards in the draw pile."""
        state = self.base
        seat = self.seat = view["seat"]
        deck = state.rules.deck
        know = Knowledge(deck, state.n, seat, state.rules.countess_triggers).read(view["log"])
        pool = Counter(deck.cards)
        seen = [C.INDEX[k] for k in view["face_up"] + view["burned"]]
        seen += [C.INDEX[d["card"]] for s in view["seats"] for d in s["discards"]]
        own = [C.INDEX[k] for k in (view["hand"] or [])]
        pool.subtract(seen + own)
        slots: list[tuple[str, int, set[int] | None]] = []
        for s in view["seats"]:
            q = s["seat"]
            if q == seat or not s["in_round"]:
                continue
            slots.append(("hand", q, know.possible[q]))
            slots += [("extra", q, None)] * (s["hand_size"] - 1)
        if view["spare"]:
            slots.append(("spare", NONE, know.spare))
        size = self.size = view["deck_size"]
        bottom = {distance: card for card, distance in know.bottom if distance < size}
        for card in bottom.values():
            pool[card] -= 1
        if any(count < 0 for count in pool.values()):   # stale knowledge: forget it (widen)
            pool = Counter(deck.cards)
            pool.subtract(seen + own)
            bottom = {}
            slots = [(k, q, None) for k, q, _ in slots]
        self.slots, self.bottom = slots, bottom
        self.left = list(pool.elements())
        self.free = all(allowed is None for _, _, allowed in slots) and \
            len(self.left) >= len(slots)
        self.order = sorted(range(len(slots)), key=lambda i: (slots[i][2] is None,
                                                               len(slots[i][2] or ())))
        if seat is not None and own:                     # the viewer's cards are no secret
            state.hands[seat] = own[0]
            if seat == state.turn:
                if state.phase == PLAY:
                    state.drawn = own[1] if len(own) > 1 else NONE
                elif state.phase == CHANCELLOR:
                    state.extra = own[1:]

    def sample(self, rng: random.Random):
        """One world: a copy of the public position with the hidden cards dealt by ``rng``."""
        state = self.base.clone()
        if self.slots is not None:
            self._deal(state, rng)
            base = self.base
            if base._legal is None and state.cur == self.seat:
                # the viewer decides: its legal actions are the same in every world
                base._legal = state._legal_pair()
        return state

    def _deal(self, state, rng: random.Random) -> None:
        slots = self.slots
        uniform = rng.random
        if self.free:                      # no slot is narrowed: one shuffle deals them all
            rest = self.left[:]
            rest.sort(key=lambda _: uniform())   # independent uniform keys: a fair shuffle
            count = len(slots)
            chosen, rest = rest[:count], rest[count:]
        else:
            chosen, rest = _assign(slots, self.order, self.left, rng)
            rest.sort(key=lambda _: uniform())
        turn = state.turn
        mine = []
        hands = state.hands
        for (kind, q, _), card in zip(slots, chosen):
            if kind == "hand":
                hands[q] = card
            elif kind == "extra":
                if q == turn:
                    mine.append(card)
            else:
                state.spare = card
        if mine:                           # the cards of a rival who is choosing
            if state.phase == PLAY:
                state.drawn = mine[0]
            elif state.phase == CHANCELLOR:
                state.extra = mine
        # draw pile: top is the end of the list; known Chancellor cards at their places
        size, bottom = self.size, self.bottom
        if not bottom and len(rest) >= size:
            state.deck = rest[len(rest) - size:][::-1]
        else:
            state.deck = [bottom[distance] if distance in bottom else rest.pop()
                          for distance in range(size)]


def _public_state(game, view: dict):
    """A state holding everything public in ``view`` (hidden cards not dealt yet)."""
    config = game.configure(view["players"], view["preset"], view["options"])
    state = LoveLetterState(config)
    state.phase = PHASES.index(view["phase"]) if view["phase"] != "deal" else \
        (0 if view["starter"] is not None else 1)
    state.round = view["round"]
    state.starter = NONE if view["starter"] is None else view["starter"]
    state.turn = NONE if view["turn"] is None else view["turn"]
    state.cur = (TERMINAL if view["terminal"] else
                 view["to_move"] if view["to_move"] is not None else CHANCE)
    state.tokens = [s["tokens"] for s in view["seats"]]
    state.alive = sum(1 << s["seat"] for s in view["seats"] if s["in_round"])
    state.prot = sum(1 << s["seat"] for s in view["seats"] if s["protected"])
    state.mark = NONE if view["sycophant"] is None else view["sycophant"]
    if view["jester"]:
        state.jester_by, state.jester_on = view["jester"]["by"], view["jester"]["on"]
    state.discards = [[C.INDEX[d["card"]] | CAUSES.index(d["cause"]) << CAUSE_SHIFT
                       for d in s["discards"]] for s in view["seats"]]
    state.face_up = [C.INDEX[k] for k in view["face_up"]]
    state.burned = [C.INDEX[k] for k in view["burned"]]
    if view["terminal"]:
        state.winners = list(view["result"]["winners"])
    node = None
    seat = view["seat"]
    for event in view["log"]:
        node = (*entry_from_dict(event, seat), node)
    state.log = node
    state.rounds_done = sum(1 for e in view["log"] if e["e"] == "round_end")
    state.played = sum(1 for e in view["log"] if e["e"] == "play")
    return state


def _assign(slots, order: list[int], pool: list[int],
            rng: random.Random) -> tuple[list[int], list[int]]:
    """One card per slot from ``pool`` (a list grouped by card) respecting each slot's
    allowed set, in ``order``; the cards chosen by slot and the cards left, in pool order."""
    for attempt in range(200):
        left = pool[:]
        chosen = [NONE] * len(slots)
        for i in order:
            allowed = slots[i][2] if attempt < 199 else None
            options = left if allowed is None else [c for c in left if c in allowed]
            if not options:
                break
            card = options[rng.randrange(len(options))]
            chosen[i] = card
            left.remove(card)
        else:
            return chosen, left
    raise AssertionError("could not deal the hidden cards")
