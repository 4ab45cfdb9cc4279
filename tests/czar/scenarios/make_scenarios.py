"""How the scenario records in this folder were made (run by hand, not by the tests).

``baikal.json`` is written by hand; ``baikal_iwan.json`` continues it to the IWAN example
(``continue_baikal``: seeded random play, travels weighted 4:1, never emptying IWAN and never
passing green's message, until red faces the example's position). The longer positions
(IWAN, PAWL HOF, the rubles example) were found by seeded random play with a small search
script: the record prefix up to the position, then the worked example's own steps with
hand-chosen outcomes (the coin pile of the rubles example). Seats are rotated so that red (p1)
is the active player as in the seed. ``two_colours.json`` (rules 3.3, a display holding one
type in two colours) is scripted play from stacked stacks (``two_colours_in_display``).
``bribe.json`` (revised, the coin pile stacked with the 3s on top) is seeded random play up to
a turn where red may bribe, the winning move of the search test (``bribe_position``).

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


def record(steps: list, players: int = 4, note: str = "", preset: str = "classic") -> dict:
    data = {"format": "gonets-record", "version": 1, "game": "czar", "players": players,
            "preset": preset, "options": {}, "seats": [], "seed": None, "steps": steps}
    Record.from_json(data).replay()
    data["note"] = note
    return data


def save(name: str, data: dict) -> None:
    (HERE / name).write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")


def iwan_position(state) -> bool:
    """The IWAN example: the BAIKAL Diplomat with green's message and a red Cossack leave IWAN,
    ANASTASIA full, NATASCHA's and OLGA's Cossack rooms taken, KATHARINA nearly empty."""
    from gonets.games.czar.rules.board import INN_BY_KEY as inn

    rooms, iwan, kat = state.rooms, inn["iwan"] * 4, inn["katharina"] * 4
    return (state.active == 0 and state.phase == 4 and state.cnt[inn["iwan"]] == 3
            and rooms[iwan] < 0 and rooms[iwan + 1] >> 2 == 0 and rooms[iwan + 2] == 6
            and state.msg[1] == iwan + 2 and state.cnt[inn["anastasia"]] == 3
            and rooms[inn["natascha"] * 4 + 1] >= 0 and rooms[inn["olga"] * 4 + 1] >= 0
            and rooms[kat + 1] < 0 and rooms[kat + 2] < 0 and state.cnt[inn["katharina"]] <= 1
            and rooms[inn["rachmanin"] * 4 + 1] < 0)


def continue_baikal(seed: int = 1110) -> list:
    """Steps after ``baikal.json`` up to the IWAN example (seed found by trying 1, 2, ...)."""
    state = Record.from_json(json.loads((HERE / "baikal.json").read_text())).replay()
    rng = random.Random(seed)
    steps: list[dict] = []
    while not iwan_position(state):
        if state.current_player() == CHANCE:
            outcome = state.sample_chance(rng)
            state.apply_chance(outcome)
            steps.append({"chance": outcome})
            continue
        options = [(a, state.action_to_text(a)) for a in state.legal_actions()]
        options = [(a, t) for a, t in options if not t.startswith("travel iwan")
                   and not (state.active == 1 and t.startswith("message"))]
        action, text = rng.choices(options, [4 if t.startswith("travel") else 1
                                             for _, t in options])[0]
        steps.append({"seat": state.current_player(), "action": text})
        state.apply(action)
    return steps


def two_colours_in_display() -> list:
    """2 players, red's stack stacked officers first: both always draw (red takes the extra
    colour, blue, as soon as it is offered), green travels whenever it can, until red's display
    holds the Officer in red and in blue. Red then chooses the blue one (rules 3.3)."""
    lead = ["lady", "officer", "officer", "officer", "cossack", "cossack", "cossack",
            "diplomat", "diplomat", "diplomat", "lady", "lady"]
    steps: list[dict] = [{"chance": 0}, {"chance": sorted(c["key"] for c in json.loads(
        (HERE.parents[2] / "src/gonets/games/czar/data/board.json").read_text())["coins"]
        for _ in range(c["count"]))}, {"chance": lead},
        {"chance": ["lady", "officer", "officer", "cossack", "officer", "cossack", "cossack",
                    "diplomat", "diplomat", "diplomat", "lady", "lady"]}]
    state = Record.from_json(record(steps, players=2)).replay()
    while True:
        if state.current_player() == CHANCE:
            outcome = ["officer"] * 3 + ["cossack"] * 3 + ["diplomat"] * 3 + ["lady"] * 3
            state.apply_chance(outcome)
            steps.append({"chance": outcome})
            continue
        colours = {}
        for code in state.display[0]:
            colours.setdefault(code & 3, set()).add(code >> 2)
        if state.active == 0 and state.phase == 4 and len(colours.get(0, ())) == 2:
            return steps
        legal = [state.action_to_text(a) for a in state.legal_actions()]
        travels = [t for t in legal if t.startswith("travel")]
        places = [t for t in legal if t.startswith("place")]
        if state.active == 1 and travels:
            text = travels[0]
        else:
            text = next((t for t in ("extra", "draw") if t in legal), (places or legal)[0])
        steps.append({"seat": state.active, "action": text})
        state.apply(state.text_to_action(text))


def bribe_position(seed: int = 3) -> list:
    """Revised, 2 players, the coin pile stacked with the 3s on top: seeded random play
    (travels weighted 4:1) until red may bribe with other actions open too (the search test's
    winning move). Red never bribes or passes the message on the way."""
    pile = ["3"] * 3 + ["2"] * 6 + ["1"] * 9 + ["blank"] * 3 + ["njet"] * 9
    steps: list[dict] = [{"chance": 0}, {"chance": pile}]
    config = GAME.configure(2, "revised")
    state = GAME.new_state(config)
    state.apply_chance(0)
    state.apply_chance(pile)
    rng = random.Random(seed)
    while True:
        if state.current_player() == CHANCE:
            outcome = state.sample_chance(rng)
            state.apply_chance(outcome)
            steps.append({"chance": outcome})
            continue
        if state.is_terminal():
            raise ValueError(f"seed {seed} ends the match first; try another")
        options = [(a, state.action_to_text(a)) for a in state.legal_actions()]
        if state.active == 0 and "bribe" in [t for _, t in options] and len(options) > 2:
            return steps
        options = [(a, t) for a, t in options if t != "bribe"] or options
        action, text = rng.choices(options, [4 if t.startswith("travel") else 1
                                             for _, t in options])[0]
        steps.append({"seat": state.current_player(), "action": text})
        state.apply(action)


def main() -> None:
    save("bribe.json", record(bribe_position(), 2, preset="revised",
                              note="revised: red's coins reach its guard's price; the bribe "
                                   "wins (search test)"))
    save("two_colours.json", record(
        two_colours_in_display() + [{"seat": 0, "action": "place blue officer taiga"}], 2,
        note="rules 3.3: red's display holds a red and a blue (extra colour) Officer; red "
             "chooses the blue one"))
    baikal = json.loads((HERE / "baikal.json").read_text())["steps"]
    note = json.loads((HERE / "baikal_iwan.json").read_text())["note"]
    save("baikal_iwan.json", record(baikal + continue_baikal() + [
        {"seat": 0, "action": "travel iwan diplomat katharina cossack rachmanin"}], note=note))
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
        pool = [c["key"] for c in json.loads((HERE.parents[2] / "src/gonets/games/czar/data/"
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
