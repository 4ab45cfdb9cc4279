"""Views (the one place of redaction) and the log format.

A log entry is ``(kind, public values, private values, mask of entitled seats)``; the field
names of each kind are in :data:`FIELDS` (documented in README.md).
"""

from __future__ import annotations

import threading

from gonets.core.game import TERMINAL
from gonets.games.loveletter.notation import NONE
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
LOGS_KEPT = 4096
"""How many log nodes' conversions (per seat) are remembered before the memory starts afresh.
A seat's remembered node moves on with its views, so this is about the seats played at once:
a server's 300 two-seat tables keep about 600, and a memory smaller than that would start
afresh every few steps and convert every log whole again."""


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
RECENT_KEPT = 4096
"""How many recent entries' public conversions are kept for the other seats' next views (the
table starts afresh when full, so it holds on to little of the log; it must outlast a step of
every table a server runs at once for those views to find them)."""


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
