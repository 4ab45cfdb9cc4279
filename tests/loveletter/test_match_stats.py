"""Love Letter's rows for the balance lab: per character, the rounds in which a seat played it
and how many of those rounds that seat won."""

from __future__ import annotations

import random

import pytest

from gonets.core import get_game

GAME = get_game("loveletter")


def finished(players: int, preset: str, seed: int):
    state = GAME.new_state(GAME.configure(players, preset))
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.is_chance():
            state.apply_chance(state.sample_chance(rng))
        else:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
    return state


@pytest.mark.parametrize("preset, players", [("seed", 4), ("premium", 6), ("classic-2012", 2)])
def test_card_counts_agree_with_the_public_log(preset, players):
    for seed in range(15):
        state = finished(players, preset, seed)
        stats = GAME.match_stats(state)
        log = state.view(None)["log"]
        cards = {key[len("played_"):] for key in stats if key.startswith("played_")}
        plays = [e for e in log if e["e"] == "play"]
        assert {e["card"] for e in plays} <= cards
        assert sum(stats[f"played_{c}"] for c in cards) <= len(plays) == stats["cards_played"]
        assert all(0 <= stats[f"won_{c}"] <= stats[f"played_{c}"] for c in cards)
        # each round's winners are counted once per distinct card they played in it
        rounds, winners_cards = [], 0
        for event in log:
            if event["e"] == "round":
                rounds.append([])
            elif event["e"] == "play":
                rounds[-1].append((event["seat"], event["card"]))
            elif event["e"] == "round_end":
                winners_cards += len({c for s, c in rounds[-1] if s in event["winners"]})
        assert sum(stats[f"won_{c}"] for c in cards) == winners_cards
        assert sum(stats[f"played_{c}"] for c in cards) == sum(
            len(set(r)) for r in rounds)


def test_the_columns_are_the_decks_characters_whatever_was_played():
    short = GAME.match_stats(finished(2, "seed", 0))
    other = GAME.match_stats(finished(2, "seed", 1))
    assert short.keys() == other.keys()
    assert {"played_guard", "won_guard", "played_princess", "rounds"} <= short.keys()
