"""Invariants over random matches: every card is in exactly one place, tokens keep to their
graphs, Rep and quest progress stay in range. ``BABAYAGA_PROPERTY_GAMES`` sizes the run."""

import os
import random
from collections import Counter

import pytest

from gonets.core import CHANCE
from tests.babayaga.helpers import GAME, C

GAMES = int(os.environ.get("BABAYAGA_PROPERTY_GAMES", "4"))
CONFIGS = [("solo", 1), ("competitive", 2), ("competitive", 5), ("cooperative", 3),
           ("cooperative", 6)]
ALL_CARDS = set(C.decks["wilderness"] + C.decks["town"])


def card_places(s) -> Counter:
    found = Counter()
    for deck in ("wilderness", "town"):
        found.update(s.decks[deck])
        found.update(s.discard[deck])
        found.update(s.removed[deck])
    found.update(s.box)
    found.update(s.set_aside)
    found.update(card for card, _ in s.reminder)
    for p in s.players:
        found.update(card for card in p.cards if card in ALL_CARDS)
        found.update(p.pending)
    if s.koshchey:
        found[s.koshchey[0]] += 1
    for frame in s.stack:
        if frame["op"] == "card" and frame["card"] in ALL_CARDS and frame["src"] != "set_aside":
            found[frame["card"]] += 1
        if frame["op"] == "special" and frame.get("stage") == "pick" and frame.get("drawn"):
            found.update(frame["drawn"])
        if frame["op"] == "reshuffle":
            found[frame["card"]] += 1
    return found


@pytest.mark.parametrize("preset,players", CONFIGS)
def test_random_play_keeps_the_invariants(preset, players):
    config = GAME.configure(players, preset)
    for seed in range(GAMES):
        rng = random.Random(seed)
        s = GAME.new_state(config)
        while not s.is_terminal():
            if s.current_player() == CHANCE:
                s.apply_chance(s.sample_chance(rng))
            else:
                legal = s.legal_actions()
                s.apply(legal[rng.randrange(len(legal))])
            if s.removed["wilderness"] or s.decks["wilderness"]:
                places = card_places(s)
                assert set(places) == ALL_CARDS, sorted(ALL_CARDS - set(places))
                assert max(places.values()) == 1, [c for c, n in places.items() if n > 1]
            for token in ("hut", "horseman"):
                where = s.tokens[token]
                assert where is None or C.locations[where]["kind"] == "wild"
            for p in s.players:
                assert 0 <= p.step <= len(C.quests[p.quest]["steps"]) if p.quest else True
                assert p.loc == "" or p.loc in C.locations
            assert 0 <= s.by_beaten <= 3
        assert s.outcome["how"] in ("quest", "quests", "baba_yaga", "deck_out", "max_rounds",
                                    "no_rep", "all_eliminated", "eliminated", "died",
                                    "baba_yaga_failed")
