"""Property test: the union-find engine against the flood-fill oracle, after every move.

CI plays ``CARCASSONNE_ORACLE_GAMES`` games (default 60); the full bar is 1,000:
``CARCASSONNE_ORACLE_GAMES=1000 .venv/bin/python -m pytest -p no:xdist \
tests/carcassonne/test_oracle.py``
"""

from __future__ import annotations

import os
import random

import pytest

from gonets.core import CHANCE, TERMINAL
from gonets.games.carcassonne import GAME
from gonets.games.carcassonne.rules.phases import FIGURE_CHOICE, FOLLOWER, PLACE
from gonets.games.carcassonne.rules.tiles import CITY, ROAD

from .messenger_oracle import MessengerOracle
from .oracle import Oracle

GAMES = int(os.environ.get("CARCASSONNE_ORACLE_GAMES", "60"))


def random_config(rng: random.Random):
    preset = rng.choice(["c3", "hig_c2", "zmg_c2", "c3_1", "base"])
    options = {"tiny_city_scoring": rng.random() < 0.3,
               "farm_scoring": rng.choice(["field", "field", "city_4", "city_3"]),
               "unplaceable": rng.choice(["discard", "discard", "bottom"])}
    if preset != "base":
        options["messengers.trigger_figures"] = rng.choice(["moved", "last_moved"])
    return GAME.configure(rng.randint(2, 6), preset, options)


def compare_structure(state, oracle: Oracle) -> None:
    board = state.board
    features = oracle.all_features()
    component = {key: index for index, feature in enumerate(features) for key in feature}
    root_of: dict[int, int] = {}
    for node in range(len(board.parent)):
        tile = board.node_tile[node]
        x, y = board.coords[tile]
        index = component[(x, y, node - board.base[tile])]
        assert root_of.setdefault(board.find(node), index) == index, "engine joined two features"
    assert len(root_of) == len(features), "engine split a feature"
    for root, index in root_of.items():
        feature = features[index]
        assert board.tile_count(root) == oracle.tile_count(feature)
        assert board.arms_count(root) == oracle.arms(feature)
        if oracle.kind(feature) in ("road", "city"):
            assert board.open[root] == oracle.open_edges(feature)
        engine_players = sorted(player for player, _slot in board.foll[root])
        oracle_players = sorted(f[3] for f in oracle.followers if f[:3] in feature)
        assert engine_players == oracle_players
    if state.phase != FOLLOWER:
        for feature in features:
            if sum(oracle.counts(feature)):
                assert not oracle.complete(feature), "a completed feature kept its followers"


def choose(state, rng: random.Random) -> int:
    """A random move, tilted so that games reach the Messengers' rarer paths: placements that
    close a road or city are preferred half the time, followers are kept off
    fields more often, figures are often aimed at dark spaces, chains often drawn."""
    legal = state.legal_actions()
    if state.phase == PLACE and rng.random() < 0.5:
        rng.shuffle(legal := list(legal))
        for action in legal[:12]:
            trial = state.clone()
            trial.apply(action)
            board = trial.board
            base = board.base[trial.placed]
            if any(seg.kind in (ROAD, CITY) and board.open[board.find(base + g)] == 0
                   for g, seg in enumerate(board.tiles[trial.placed].segments)):
                return action
        return legal[0]
    texts = [state.action_to_text(a) for a in legal]
    if state.phase == FOLLOWER and rng.random() < 0.6:
        unfarmed = [a for a, t in zip(legal, texts) if not t.startswith("farmer")]
        return unfarmed[rng.randrange(len(unfarmed))]
    if state.phase == FIGURE_CHOICE and rng.random() < 0.7:
        event = state.events[state.ev_i]
        scores = state.scores[event["player"]]
        dark = [legal[f] for f in (0, 1) if (scores[f] + event["points"]) % 5 == 0]
        if dark:
            return dark[0]
    if "chain draw" in texts and rng.random() < 0.7:
        return legal[texts.index("chain draw")]
    return legal[rng.randrange(len(legal))]


def check_sampled_world(state, rng: random.Random) -> None:
    """sample_world under every option mix (the conformance suite plays presets only): the
    redrawn world shows the same view and offers the same legal actions, and play goes on."""
    if state.is_terminal():
        return
    view = state.view(state.current_player())
    world = GAME.sample_world(view, rng)
    assert world.view(view["seat"]) == view
    assert world.legal_actions() == state.legal_actions()
    assert sorted(world.pile) == sorted(state.pile)
    assert world.pile[len(world.pile) - state.bottom_known:] == \
        state.pile[len(state.pile) - state.bottom_known:], "known bottom tiles stay"


def play_and_check(seed: int) -> None:
    rng = random.Random(seed)
    config = random_config(rng)
    state = GAME.new_state(config)
    rules = state.rules
    oracle = Oracle(config.players, rules.tiny_city, rules.farm_scoring, rules.msg8_majority)
    messengers = MessengerOracle(config.players, rules) if rules.messengers else None
    seen = moves = 0
    tiles = followers = -1
    while True:
        player = state.current_player()
        if player == TERMINAL:
            break
        if player == CHANCE:
            state.apply_chance(state.sample_chance(rng))
        else:
            state.apply(choose(state, rng))
            moves += 1
            if moves % 15 == 0:
                check_sampled_world(state, rng)
        for event in state.log[seen:]:
            oracle.follow(event, rules)
            if messengers:
                messengers.follow(event)
        seen = len(state.log)
        marker = (len(state.board.tiles), sum(s.count(-1) for s in state.slots))
        if marker != (tiles, followers):
            tiles, followers = marker
            compare_structure(state, oracle)
    assert oracle.totals == [int(s) for s in state.result().scores]
    assert len(state.board.tiles) + len(state.discarded) + len(state.pile) == 72
    for slots in state.slots:
        assert len(slots) == 7


@pytest.mark.parametrize("chunk", range(4))
def test_engine_matches_oracle(chunk):
    for seed in range(chunk, GAMES, 4):
        play_and_check(seed)
