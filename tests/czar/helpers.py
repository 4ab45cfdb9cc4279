"""Helpers for the czar tests: records with chosen outcomes, and hand-made positions."""

from __future__ import annotations

import json
from pathlib import Path

from gonets.core import Record, get_game
from gonets.games.czar.rules import CzarState
from gonets.games.czar.rules.board import (
    COIN_COUNT,
    COIN_KEYS,
    COLOUR_BY_KEY,
    INN_BY_KEY,
    TYPE_BY_KEY,
    TYPES,
)

GAME = get_game("czar")
SCENARIOS = Path(__file__).parent / "scenarios"


def stack(*prefix: str) -> list[str]:
    """A 12-courier stack outcome: ``prefix`` drawn first, then the rest in type order."""
    rest = {kind: 3 for kind in TYPES}
    for kind in prefix:
        rest[kind] -= 1
    assert all(v >= 0 for v in rest.values()), prefix
    return list(prefix) + [kind for kind in TYPES for _ in range(rest[kind])]


def coins(*prefix: str, pool: int = 30) -> list[str]:
    """A coin pile outcome: ``prefix`` revealed first, then the rest (1s first)."""
    rest = [key for key, count in zip(COIN_KEYS, COIN_COUNT) for _ in range(count)
            if pool == 30 or key != "blank"]
    for coin in prefix:
        rest.remove(coin)
    order = {"1": 0, "2": 1, "3": 2, "blank": 3, "njet": 4}
    return list(prefix) + sorted(rest, key=order.__getitem__)


def record(steps: list, players: int = 4, preset: str = "classic",
           options: dict | None = None) -> Record:
    return Record.from_json({"format": "gonets-record", "version": 1, "game": "czar",
                             "players": players, "preset": preset, "options": options or {},
                             "steps": steps})


def setup_steps(players: int, starts: list[str], stacks: list[list[str]] | None = None,
                start: int = 0, pile: list[str] | None = None) -> list[dict]:
    """Steps of a whole setup: start player, coin pile, stacks, starting placements
    (``starts``: one inn key per player, in turn order from ``start``)."""
    stacks = stacks or [stack() for _ in range(players)]
    steps: list[dict] = [{"chance": start}, {"chance": pile or coins()}]
    steps += [{"chance": s} for s in stacks]
    for k, inn in enumerate(starts):
        seat = (start + k) % players
        steps.append({"seat": seat, "action": f"place {stacks[seat][0]} {inn}"})
    return steps


def play(steps: list, players: int = 4, preset: str = "classic",
         options: dict | None = None) -> CzarState:
    state = record(steps, players, preset, options).replay()
    assert isinstance(state, CzarState)
    return state


def scenario(name: str) -> Record:
    return Record.from_json(json.loads((SCENARIOS / f"{name}.json").read_text()))


def act(state: CzarState, text: str) -> None:
    """Apply a notation, checking it is legal for the deciding seat."""
    action = state.text_to_action(text)
    legal = [state.action_to_text(a) for a in state.legal_actions()]
    assert text in legal, f"{text!r} not legal; legal: {legal}"
    state.apply(action)


def legal_texts(state: CzarState) -> list[str]:
    return [state.action_to_text(a) for a in state.legal_actions()]


def started(players: int = 4, preset: str = "classic", options: dict | None = None,
            pile: list[str] | None = None, stacks: list[list[str]] | None = None) -> CzarState:
    """A state at p1's first turn after a standard setup (start player p1)."""
    from gonets.games.czar.rules.board import CLOSED, INN_KEYS, LEVEL_INNS

    swamp = [INN_KEYS[i] for i in LEVEL_INNS[0] if i not in CLOSED[players]]
    return play(setup_steps(players, swamp[:players], stacks, 0, pile), players, preset, options)


def clear(state: CzarState) -> CzarState:
    """Empty the board (messages go nowhere until ``put`` gives them a carrier)."""
    state.rooms = [-1] * len(state.rooms)
    state.cnt = [0] * len(state.cnt)
    state.msg = [-1] * state.n
    state._legal = None
    return state


def put(state: CzarState, inn: str, kind: str, colour: str, message: bool = False) -> None:
    """Place a courier directly (a hand-made position); ``message``: it carries its owner's."""
    i, t = INN_BY_KEY[inn], TYPE_BY_KEY[kind]
    slot = i * 4 + t
    assert state.rooms[slot] < 0
    state.rooms[slot] = COLOUR_BY_KEY[colour] * 4 + t
    state.cnt[i] += 1
    if message:
        state.msg[state.owner[COLOUR_BY_KEY[colour]]] = slot
    state._legal = None


def courier_at(state: CzarState, inn: str, kind: str) -> str | None:
    code = state.rooms[INN_BY_KEY[inn] * 4 + TYPE_BY_KEY[kind]]
    if code < 0:
        return None
    from gonets.games.czar.rules.board import courier_name

    return courier_name(code)
