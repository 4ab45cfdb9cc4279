"""Scenario helpers: a match with a chosen tile order and message stack, driven by notation."""

from __future__ import annotations

from gonets.core import Record
from gonets.games.carcassonne import GAME
from gonets.games.carcassonne.rules.tiles import LETTERS, pile_counts

ALL_MESSAGES = [1, 2, 3, 4, 5, 6, 7, 8]


def deck(*first: str) -> list[str]:
    """A full 71-tile pile starting with ``first``; the rest in letter order."""
    counts = pile_counts()
    for letter in first:
        counts[letter] -= 1
        assert counts[letter] >= 0, f"too many {letter}"
    return list(first) + [letter for letter in LETTERS for _ in range(counts[letter])]


def record(tiles, actions, players=2, preset="c3", options=None, messages=None) -> Record:
    """A match record with chosen chance outcomes and the given actions (seat inferred)."""
    steps = [{"chance": deck(*tiles)}]
    if GAME.configure(players, preset, options or {})["messengers"]:
        steps.append({"chance": list(messages or ALL_MESSAGES)})
    steps += [{"action": text} for text in actions]
    return Record.from_json({"format": "gonets-record", "version": 1, "game": "carcassonne",
                             "players": players, "preset": preset, "options": options or {},
                             "seats": [], "seed": None, "steps": steps})


def play(tiles, actions, **kwargs):
    """Replay a hand-made scenario record and return the state."""
    return record(tiles, actions, **kwargs).replay()


def act(state, *texts: str) -> None:
    for text in texts:
        state.apply(state.text_to_action(text))


def events(state, kind: str) -> list[dict]:
    return [e for e in state.log if e["type"] == kind]


def legal_texts(state) -> list[str]:
    return [state.action_to_text(a) for a in state.legal_actions()]


def put_follower(state, player: int, x: int, y: int, segment: int) -> None:
    """Table set-up for message tests: stand a follower somewhere without a turn."""
    board = state.board
    slot = state.slots[player].index(-1)
    node = board.base[board.cells[(x, y)]] + segment
    root = board.find(node)
    board.foll[root] = board.foll[root] + ((player, slot),)
    state.slots[player][slot] = node
    state._legal = None


def empty_pile(state) -> None:
    """Make the tile just drawn the last one (the pile runs out now)."""
    for letter in state.pile:
        state.remaining[letter] -= 1
    state.pile = []
    state._legal = None
