"""How the scenario records in this folder were made (run by hand, not by the tests).

``baikal.json`` is written by hand. The longer positions (IWAN, PAWL HOF, the rubles example)
were found by seeded random play with a small search script: the record prefix up to the
position, then the worked example's own steps with hand-chosen outcomes (the coin pile of the
rubles example). Seats are rotated so that red (p1) is the active player as in the seed.

    python tests/czar/scenarios/make_scenarios.py
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from gonets.core import CHANCE, Record, get_game

HERE = Path(__file__).parent
GAME = get_game("czar")


def random_prefix(players: int, seed: int, length: int, coins: list[str] | None = None) -> list:
    """The first ``length`` steps of seeded random play (the search's own generator use)."""
    rng = random.Random(seed)
    state = GAME.new_state(GAME.configure(players, "classic"))
    steps: list[dict] = []
    while len(steps) < length:
        if state.current_player() == CHANCE:
            outcome = state.sample_chance(rng)
            if state.phase == 1 and coins:
                outcome = list(coins)
            state.apply_chance(outcome)
            steps.append({"chance": outcome})
            continue
        legal = state.legal_actions()
        action = legal[rng.randrange(len(legal))]
        steps.append({"seat": state.current_player(), "action": state.action_to_text(action)})
        state.apply(action)
    return steps


def rotate(steps: list, players: int, shift: int) -> list:
    """Renumber seats so that old seat ``shift`` becomes p1 (turn order is unchanged)."""
    out = [dict(step) for step in steps]
    out[0]["chance"] = (out[0]["chance"] - shift) % players
    stacks = [out[2 + k]["chance"] for k in range(players)]
    for k in range(players):
        out[2 + k]["chance"] = stacks[(k + shift) % players]
    for step in out:
        if "seat" in step:
            step["seat"] = (step["seat"] - shift) % players
    return out


def record(steps: list, players: int = 4, note: str = "") -> dict:
    data = {"format": "gonets-record", "version": 1, "game": "czar", "players": players,
            "preset": "classic", "options": {}, "seats": [], "seed": None, "steps": steps}
    Record.from_json(data).replay()
    data["note"] = note
    return data


def save(name: str, data: dict) -> None:
    (HERE / name).write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")


def main() -> None:
    iwan = random_prefix(4, 14609, 46)
    state = Record.from_json(record(iwan)).replay()
    iwan = rotate(iwan, 4, state.active)
    iwan.append({"seat": 0, "action": "travel iwan diplomat katharina cossack rachmanin"})
    save("iwan.json", record(iwan, note="seed example: IWAN, Diplomat first to KATHARINA, "
                                        "the Cossack skips the Mountains to RACHMANIN HOF"))
    pawl = random_prefix(4, 43, 129)
    pawl.append({"seat": 0, "action": "travel pawl officer palace cossack palace"})
    save("pawl.json", record(pawl, note="seed example: red leaves PAWL HOF, the Officer and "
                                        "the Cossack go under the stack, the message to the "
                                        "guard and red begins the rubles action"))
    for branch, last in (("win", "1"), ("njet", "njet")):
        coins = ["3", "2", "2", last]
        pool = [c["key"] for c in json.loads((HERE.parents[2] / "src/gonets/games/czar/"
                                              "board.json").read_text())["coins"]
                for _ in range(c["count"])]
        for coin in coins:
            pool.remove(coin)
        coins += sorted(pool)
        steps = random_prefix(4, 17, 98, coins)
        steps.append({"seat": 0, "action": "travel rachmanin cossack palace diplomat palace"})
        steps += [{"seat": 0, "action": "reveal"}, {"seat": 0, "action": "stop"}]
        state = Record.from_json(record(steps)).replay()
        rng = random.Random(5)
        while state.active != 0 or state.phase != 6:
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
            steps.append({"seat": state.current_player(), "action": state.action_to_text(action)})
            state.apply(action)
            while state.current_player() == CHANCE:
                outcome = state.sample_chance(rng)
                state.apply_chance(outcome)
                steps.append({"chance": outcome})
        steps += [{"seat": 0, "action": "reveal"}, {"seat": 0, "action": "reveal"},
                  {"seat": 0, "action": "reveal"}]
        save(f"rubles_{branch}.json", record(
            steps, note="seed rubles example: guard price 8, 3 banked, 4 drawn this turn; "
                        + ("a 1 wins" if branch == "win" else "a Njet loses the 4")))


if __name__ == "__main__":
    main()
