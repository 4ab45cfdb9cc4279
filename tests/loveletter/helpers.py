"""Scenario helpers: stack a deck with the dealing convention of RULES.md and replay a
record written by hand (chance outcomes chosen, actions as notation)."""

from __future__ import annotations

from gonets.core import Record
from gonets.games.loveletter import GAME
from gonets.games.loveletter.rules import rules_for


def stack(players: int, spare: str, hands: list[str], draws: list[str] = (),
          face_up: list[str] = (), preset: str = "seed", starter: int = 0,
          **options) -> list[str]:
    """A full shuffle: set-aside card, face-up cards, one card per seat (``hands`` by seat
    index, dealt from the starter on), then ``draws`` in the order they will be drawn, then
    the rest of the deck in data order."""
    config = GAME.configure(players, preset, options)
    rules = rules_for(config)
    pool = list(rules.deck_names)
    order = [hands[(starter + i) % players] for i in range(players)]
    chosen = [spare, *face_up, *order, *draws]
    for card in chosen:
        pool.remove(card)
    face = list(face_up)
    while len(face) < rules.face_up:
        face.append(pool.pop(0))
    return [spare, *face, *order, *draws, *pool]


def record(players: int, steps: list, preset: str = "seed", **options) -> Record:
    """A record as data: a list is a shuffle, an int a random starter, a string an action."""
    data = {"format": "gonets-record", "version": 1, "game": "loveletter",
            "players": players, "preset": preset, "options": options,
            "steps": [{"chance": s} if not isinstance(s, str) else {"action": s}
                      for s in steps]}
    return Record.from_json(data)


def run(players: int, steps: list, preset: str = "seed", **options):
    """Replay a scenario and return the state."""
    return record(players, steps, preset, **options).replay()


def alive(state) -> list[int]:
    return [q for q in range(state.n) if state.alive >> q & 1]


def legal(state) -> list[str]:
    return [state.action_to_text(a) for a in state.legal_actions()]


def events(state, seat=None, kind=None) -> list[dict]:
    log = state.view(seat)["log"]
    return [e for e in log if kind is None or e["e"] == kind]


def hand(state, seat: int) -> list[str]:
    return state.view(seat)["hand"]


def discards(state, seat: int) -> list[tuple[str, str]]:
    return [(d["card"], d["cause"]) for d in state.view(None)["seats"][seat]["discards"]]


def act(state, *actions: str):
    """Apply notations in order (the deciding seat plays each)."""
    for text in actions:
        state.apply(state.text_to_action(text))
    return state


def empty_deck(state):
    """Test shortcut: the draw pile runs out now (its cards are laid aside face up), so the
    turn in progress is the round's last."""
    state.face_up += state.deck
    state.deck = []
    state._legal = None
    return state
