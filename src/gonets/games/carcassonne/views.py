"""What a seat may know, and possible worlds consistent with it.

No seat holds private information (M14): every seat's view is the spectator's, the public
state plus the whole log. Hidden are only the order of the tile pile (its known bottom part
with ``unplaceable=bottom`` aside) and the order of the messages never yet drawn.
"""

from __future__ import annotations

import random
from collections import Counter

from gonets.core import Game
from gonets.core.options import Config
from gonets.games.carcassonne.rules import CarcassonneState
from gonets.games.carcassonne.rules.phases import DEAL_MESSAGES, DEAL_TILES, DECISIONS
from gonets.games.carcassonne.rules.tiles import LETTERS


def build_view(state: CarcassonneState, seat: int | None) -> dict:
    """The game part of ``seat``'s view (the same for every seat and for a spectator)."""
    data = public(state)
    data["log"] = list(state.log)
    return data


def public(state: CarcassonneState) -> dict:
    """Everything anyone may know (M14)."""
    board = state.board
    unseen = max(0, len(state.rules.messages) - state.msg_draws) if state.stack else 0
    return {
        "turn": state.turn, "active": state.active, "part": state.part, "phase": state.phase,
        "hand": state.hand, "placed": state.placed,
        "board": [[t.letter, x, y, t.rot] for t, (x, y) in zip(board.tiles, board.coords)],
        "slots": [[list(state.follower_place(n)) if n >= 0 else None for n in slots]
                  for slots in state.slots],
        "supply": [slots.count(-1) for slots in state.slots],
        "scores": [list(pair) for pair in state.scores],
        "totals": [sum(pair) for pair in state.scores],
        "merged": state.merged,
        "pile_size": len(state.pile),
        "remaining": dict(state.remaining),
        "pile_bottom": state.pile[len(state.pile) - state.bottom_known:]
        if state.bottom_known else [],
        "discarded": list(state.discarded), "under": state.under,
        "messages": {"draws": state.msg_draws, "unseen": unseen,
                     "known": state.stack[unseen:], "current": state.msg or None,
                     "next": state.stack[0] if state.stack and unseen == 0 else None},
        "round": {"context": state.ctx, "events": list(state.events), "next": state.ev_i,
                  "moved": list(state.moved), "last": state.last_fig},
        "lock": list(state.lock),
        "decision": {"kind": state.phase, "player": state.current_player(),
                     "options": [state.action_to_text(a) for a in state.legal_actions()]}
        if state.phase in DECISIONS else None,
        "final": state.final,
    }


_LAST: tuple | None = None
"""The last view a world was sampled from, its fingerprint and its fixed part (one entry:
a search samples thousands of worlds from one view, and only the hidden orders differ)."""


def sample_world(game: Game, view: dict, rng: random.Random) -> CarcassonneState:
    """A full state consistent with ``view``: the hidden order of the tile pile and of the
    never-drawn messages drawn with ``rng``, everything else rebuilt from the view."""
    global _LAST
    last = _LAST
    mark = (len(view.get("log", ())), view["turn"], view["phase"], view["pile_size"],
            view["round"]["next"])
    if last is None or last[0] is not view or last[1] != mark:
        config = game.configure(view["players"], view["preset"], view["options"])
        last = _LAST = (view, mark, _fixed(config, view))
    return _draw(last[2], rng)


def hidden_world(config: Config, view: dict, rng: random.Random
                 ) -> tuple[CarcassonneState, int, int]:
    """A world of ``view`` (:func:`sample_world`'s) and how many of its first pile tiles and
    first stack messages are in an order no seat knows (what another world shuffles)."""
    fixed = _fixed(config, view)
    hidden, unseen = fixed[1], fixed[3]
    return _draw(fixed, rng), len(hidden or ()), len(unseen or ())


def rebuild(config: Config, data: dict, rng: random.Random) -> CarcassonneState:
    """A state from public data (a view) with the hidden orders drawn with ``rng``."""
    return _draw(_fixed(config, data), rng)


def _draw(fixed: tuple, rng: random.Random) -> CarcassonneState:
    """A copy of the fixed part with the hidden orders shuffled in."""
    template, hidden, bottom, unseen, known = fixed
    state = template.clone()
    # the legal actions read only public fields (the pile's size, never its order)
    state._legal, state._legal_set = template._legal, template._legal_set
    if hidden is not None:
        hidden = list(hidden)
        rng.shuffle(hidden)
        state.pile = hidden + bottom
    if unseen is not None:
        unseen = list(unseen)
        rng.shuffle(unseen)
        state.stack = unseen + known
    return state


def _fixed(config: Config, data: dict) -> tuple:
    """Everything public rebuilt into a state (pile and stack left empty), with the hidden
    tiles and the never-drawn messages in a fixed order (None where nothing is drawn)."""
    state = CarcassonneState(config)
    board = state.board
    for letter, x, y, rot in data["board"][1:]:
        board.place(letter, rot, x, y)
    for player, slots in enumerate(data["slots"]):
        for slot, where in enumerate(slots):
            if where is not None:
                x, y, segment = where
                node = board.base[board.cells[(x, y)]] + segment
                root = board.find(node)
                board.foll[root] = board.foll[root] + ((player, slot),)
                state.slots[player][slot] = node
    state.scores = [list(pair) for pair in data["scores"]]
    state.merged = data["merged"]
    for key in ("turn", "active", "part", "phase", "hand", "placed", "under"):
        setattr(state, key, data[key])
    state.remaining = dict(data["remaining"])
    state.discarded = list(data["discarded"])
    bottom = list(data["pile_bottom"])
    hidden = None
    if data["phase"] != DEAL_TILES:
        unknown = Counter(state.remaining)
        unknown.subtract(Counter(bottom))
        hidden = [letter for letter in LETTERS for _ in range(unknown[letter])]
        state.pile = hidden + bottom
        state.bottom_known = len(bottom)
    messages = data["messages"]
    known = list(messages["known"])
    unseen = None
    if data["phase"] not in (DEAL_TILES, DEAL_MESSAGES) and config.options.get(
            "messengers", True):
        unseen = [m for m in state.rules.messages if m not in known]
        state.stack = unseen + known
    state.msg_draws = messages["draws"]
    state.msg = messages["current"] or 0
    state.ctx = data["round"]["context"]
    state.events = list(data["round"]["events"])
    state.ev_i = data["round"]["next"]
    state.moved = list(data["round"]["moved"])
    state.last_fig = data["round"]["last"]
    state.lock = list(data["lock"])
    state.final = data["final"]
    state.log = list(data.get("log", []))
    state.legal_actions()
    return state, hidden, bottom, unseen, known
