"""Writes the generated tables of docs/rl.md: every game's observation blocks, its shape per
player count and preset, and its action-id layout.

    python -m gonets.rl.docs > /tmp/tables.md      # then paste between the markers
    python -m gonets.rl.docs --check docs/rl.md    # exit 1 when the observation tables differ
"""

from __future__ import annotations

import argparse
import random
import re
import sys

from gonets.core.errors import GonetsError
from gonets.core.game import CHANCE, Game
from gonets.core.registry import games
from gonets.rl.encoders import ENCODERS, get_encoder

BEGIN, END = "<!-- generated: observations -->", "<!-- end generated: observations -->"
ACTIONS_BEGIN, ACTIONS_END = "<!-- generated: actions -->", "<!-- end generated: actions -->"


def _seat_rows(blocks: list[dict], players: int) -> list[dict]:
    """Blocks ``x[0]``..``x[n-1]`` folded into one row ``x[0..n-1]``."""
    rows, seen = [], set()
    for block in blocks:
        match = re.fullmatch(r"(\w+)\[(\d+)\]", block["name"])
        if match is None:
            rows.append(dict(block))
            continue
        name = match.group(1)
        if name in seen:
            continue
        seen.add(name)
        doc = re.sub(r" \(seat \+\d+ from the viewer\)", "", block["doc"])
        rows.append({"name": f"{name}[0..{players - 1}]", "offset": block["offset"],
                     "size": f"{players} x {block['size']}",
                     "doc": doc + " (one block per seat, the viewer first, then in turn order)"})
    return rows


def observation_tables(game: Game) -> str:
    """The Markdown of one game's observation: blocks at the smallest player count, then the
    vector size for every preset and player count."""
    preset = game.default_preset
    low = game.player_range(preset)[0]
    encoder = get_encoder(game.configure(low, preset))
    out = [f"#### {game.title}: blocks ({low} players, preset `{preset}`)", "",
           "| offset | block | size | features |", "| --- | --- | --- | --- |"]
    for row in _seat_rows(encoder.describe(), low):
        out.append(f"| {row['offset']} | `{row['name']}` | {row['size']} | {row['doc']} |")
    out += ["", f"#### {game.title}: observation size", "",
            "| preset | " + " | ".join(f"{n}p" for n in range(game.min_players,
                                                              game.max_players + 1)) + " |",
            "| --- |" + " --- |" * (game.max_players - game.min_players + 1)]
    for chosen in game.presets:
        low, high = game.player_range(chosen.name)
        cells = []
        for n in range(game.min_players, game.max_players + 1):
            cells.append(str(get_encoder(game.configure(n, chosen.name)).size)
                         if low <= n <= high else "-")
        out.append(f"| `{chosen.name}` | " + " | ".join(cells) + " |")
    return "\n".join(out) + "\n"


def action_layout(game: Game, players: int,
                  preset: str | None = None) -> list[tuple[int, int, str, str]]:
    """Runs of consecutive action ids with the same notation verb: (first, last, first
    notation, last notation). Notations that need a moment of the match are read at the
    decisions of a random match."""
    config = game.configure(players, preset)
    size = game.num_actions(config)
    texts: dict[int, str] = {}
    rng = random.Random(0)
    state = game.new_state(config)
    while len(texts) < size and not state.is_terminal():
        if state.current_player() == CHANCE:
            state.apply_chance(state.sample_chance(rng))
            continue
        for action in range(size):
            if action not in texts:
                try:
                    texts[action] = state.action_to_text(action)
                except GonetsError:
                    pass
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    runs: list[list] = []
    for action in range(size):
        text = texts.get(action, "(not seen in one random match)")
        verb = text.split()[0] if text else ""
        if runs and runs[-1][4] == verb and runs[-1][1] == action - 1:
            runs[-1][1], runs[-1][3] = action, text
        else:
            runs.append([action, action, text, text, verb])
    return [(a, b, first, last) for a, b, first, last, _ in runs]


def action_table(game: Game, players: int, preset: str | None = None) -> str:
    config = game.configure(players, preset)
    out = [f"#### {game.title}: action ids ({players} players, preset `{config.preset}`, "
           f"{game.num_actions(config):,} ids)", "",
           "| ids | notation (first .. last) |", "| --- | --- |"]
    for first, last, a, b in action_layout(game, players, preset):
        ids = f"{first}" if first == last else f"{first}-{last}"
        out.append(f"| {ids} | `{a}`" + ("" if a == b else f" .. `{b}`") + " |")
    return "\n".join(out) + "\n"


def generated(part: str) -> str:
    chosen = [g for name, g in games().items() if name in ENCODERS]
    if part == "observations":
        return "\n".join(observation_tables(g) for g in chosen)
    tables = [action_table(g, g.player_range()[0]) for g in chosen]
    love = games()["loveletter"]
    tables += [action_table(love, 5, "premium"), action_table(love, 3, "zman-2019")]
    return "\n".join(tables)


def between(text: str, begin: str, end: str) -> str:
    start, stop = text.index(begin) + len(begin), text.index(end)
    return text[start:stop].strip("\n") + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", metavar="FILE", help="compare with the tables in FILE")
    parser.add_argument("--write", metavar="FILE", help="replace the tables in FILE")
    args = parser.parse_args(argv)
    observations = generated("observations")
    if args.check:
        with open(args.check, encoding="utf-8") as handle:
            current = between(handle.read(), BEGIN, END)
        if current != observations:
            print(f"{args.check}: the observation tables are out of date; run "
                  f"python -m gonets.rl.docs --write {args.check}", file=sys.stderr)
            return 1
        return 0
    actions = generated("actions")
    if args.write:
        with open(args.write, encoding="utf-8") as handle:
            text = handle.read()
        for begin, end, body in ((BEGIN, END, observations),
                                 (ACTIONS_BEGIN, ACTIONS_END, actions)):
            start, stop = text.index(begin) + len(begin), text.index(end)
            text = text[:start] + "\n" + body + text[stop:]
        with open(args.write, "w", encoding="utf-8") as handle:
            handle.write(text)
        return 0
    print(observations)
    print(actions)
    return 0


if __name__ == "__main__":
    sys.exit(main())
