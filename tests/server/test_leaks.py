"""No websocket frame to a seat or a spectator carries anything beyond that seat's own view.

Many random games are played by websocket clients (one per seat, plus a spectator). Every
frame each client received is compared with what the stored record shows that seat at that
step, and rebuilt from worlds resampled from the view (``sample_world``): hidden information
of another seat would make the frames differ. Seat tokens never reach anybody else.
"""

from __future__ import annotations

import asyncio
import json
import random

import pytest

from gonets.core import Record, games, seat_names
from gonets.server.frames import seat_payload

from .helpers import ServerThread, in_fresh_thread, play_randomly

REAL_GAMES = {"loveletter": 4, "czar": 3, "carcassonne": 2, "babayaga": 3}
GAMES_PER_REAL_GAME = {"loveletter": 6}


def check_frames(game, record, received, tokens, resample_rng):
    states = {}
    checked = 0
    for seat, messages in received.items():
        others = [t for index, t in enumerate(tokens) if index != seat]
        for message in messages:
            text = json.dumps(message)
            assert not any(token in text for token in others)
            if message["type"] != "state":
                continue
            version = message["version"]
            if version not in states:
                states[version] = record.replay(upto=version)
            view = states[version].view(seat)
            names = seat_names(message["seats"])         # the seats as they were named then
            expected = seat_payload(game, view, names=names)
            if message["status"] != "running":
                expected.update(legal=[], picks={}, prompts={})
            shown = {key: message[key] for key in expected}
            assert shown == expected, f"seat {seat} step {version}"
            if resample_rng.random() < 0.2:
                world = game.sample_world(view, resample_rng)
                again = seat_payload(game, world.view(seat), names=names)
                for key in ("legal", "picks", "prompts"):
                    again[key] = expected[key]
                assert again == expected, f"seat {seat} step {version}: frame depends on " \
                                          f"hidden information"
            checked += 1
    return checked


def play_table(server, game_name, players, seed, preset=None):
    spec = {"game": game_name, "players": players, "seed": seed,
            "seats": [{"kind": "human"}] * players}
    if preset:
        spec["preset"] = preset
    created = server.create(**spec)
    tokens = server.seat_tokens(created)
    received = in_fresh_thread(asyncio.run,
                               play_randomly(server.ws_base, created["id"], tokens, seed))
    record = Record.from_json(server.http.get(f"/api/tables/{created['id']}/record").json())
    return record, received, tokens


@pytest.mark.parametrize("seed", range(12))
def test_toy_frames_are_exactly_the_seat_views(server, seed):
    record, received, tokens = play_table(server, "toy", 2 + seed % 2, seed, preset="long")
    checked = check_frames(games()["toy"], record, received, tokens, random.Random(seed))
    assert checked >= 3 * 2 * 2


@pytest.mark.parametrize("game_name", sorted(REAL_GAMES))
def test_real_game_frames_are_exactly_the_seat_views(toy, sqlite_url, game_name):
    if game_name not in games():
        pytest.skip(f"{game_name} has not landed yet")
    game = games()[game_name]
    players = max(game.min_players, min(REAL_GAMES[game_name], game.max_players))
    with ServerThread(sqlite_url, bot_delay=0.0) as server:
        for seed in range(GAMES_PER_REAL_GAME.get(game_name, 2)):
            record, received, tokens = play_table(server, game_name, players, seed)
            assert record.replay().is_terminal()
            assert check_frames(game, record, received, tokens, random.Random(seed)) > 10


def test_log_lines_are_reused_only_for_unchanged_events(toy):
    from gonets.server.frames import LogLines

    calls = []
    lines = LogLines(toy)
    original = toy.describe_event
    toy.describe_event = lambda event, *args: calls.append(event) or original(event, *args)
    try:
        first = [{"e": "deal"}, {"e": "keep", "seat": 0}]
        assert lines.describe(first) == ["deals", "p1 keeps"] and len(calls) == 2
        assert lines.describe(first + [{"e": "swap", "seat": 1}])[-1] == "p2 swaps"
        assert len(calls) == 3
        changed = [{"e": "deal"}, {"e": "swap", "seat": 0}]      # an earlier event changed
        assert lines.describe(changed) == ["deals", "p1 swaps"] and len(calls) == 5
        assert lines.describe([]) == []
    finally:
        del toy.describe_event


@pytest.mark.parametrize("game_name", sorted(REAL_GAMES))
def test_spectator_frames_of_bot_games_are_exactly_the_public_view(toy, sqlite_url, game_name):
    """Bot-only tables watched from the start: every spectator frame is the public view."""
    if game_name not in games():
        pytest.skip(f"{game_name} has not landed yet")
    game = games()[game_name]
    players = max(game.min_players, min(REAL_GAMES[game_name], game.max_players))
    agents = ["random", "heuristic"] if "heuristic" in game.agents() else ["random"]
    with ServerThread(sqlite_url, bot_delay=0.0) as server:
        for seed in range(3):
            created = server.create(game=game_name, players=players, seed=seed, bot_delay=0.005,
                                    seats=[{"kind": "bot", "agent": agents[i % len(agents)]}
                                           for i in range(players)])
            with server.client(created["id"]) as watcher:
                watcher.until(lambda m: m["type"] == "state" and m["view"]["terminal"],
                              timeout=120)
            record = Record.from_json(
                server.http.get(f"/api/tables/{created['id']}/record").json())
            checked = check_frames(game, record, {None: watcher.messages}, [],
                                   random.Random(seed))
            assert checked >= 5
