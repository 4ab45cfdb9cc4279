"""Option ``deck``: part of the deck kept for study (RULES.md), dealt and played like any."""

from __future__ import annotations

import random

import pytest

from gonets.core import OptionError
from gonets.games.loveletter import GAME
from gonets.games.loveletter.rules import rules_for
from tests.loveletter.helpers import legal

FIVE = {"guard": 2, "priest": 1, "baron": 1, "princess": 1}
ONE_ROUND = {"two_player_face_up": 0, "tokens_to_win": {"2": 1}}


def test_a_study_deck_deals_only_its_cards_and_guesses_only_their_values():
    config = GAME.configure(2, options={"deck": FIVE, **ONE_ROUND})
    rules = rules_for(config)
    assert sorted(rules.deck_names) == ["baron", "guard", "guard", "priest", "princess"]
    state = GAME.new_state(config)
    shuffle = state.sample_chance(random.Random(3))
    assert sorted(shuffle) == sorted(rules.deck_names)
    state.apply_chance(shuffle)
    guards = [text for text in legal(state) if text.startswith("guard")]
    assert {text.split()[-1] for text in guards} <= {"2", "3", "8"}
    assert state.view(0)["cards"] == {"guard": {"value": 1, "copies": 2},
                                      "priest": {"value": 2, "copies": 1},
                                      "baron": {"value": 3, "copies": 1},
                                      "princess": {"value": 8, "copies": 1}}


def test_a_study_round_ends_with_the_deck_and_someone_wins():
    config = GAME.configure(2, options={"deck": FIVE, **ONE_ROUND, "residual_tie": "seat_order"})
    rng = random.Random(1)
    for _ in range(50):
        state = GAME.new_state(config)
        state.apply_chance(state.sample_chance(rng))
        moves = 0
        while not state.is_terminal():
            options = state.legal_actions()
            state.apply(options[rng.randrange(len(options))])
            moves += 1
        assert moves <= 2 and len(state.result().winners) == 1


@pytest.mark.parametrize("deck,players,options,message", [
    ({"guard": 9}, 2, {}, "has 5 guard cards, so '9' of them cannot be kept"),
    ({"jester": 1, "guard": 4}, 2, {}, "the classic deck has no 'jester'"),
    ({"guard": 0}, 2, {}, "it keeps no card"),
    ({"guard": 2, "priest": 1}, 2, {"two_player_face_up": 0},
     "3 cards are too few for 2 players with 0 face-up cards (a round needs at least 4)"),
    (FIVE, 2, {}, "5 cards are too few for 2 players with 3 face-up cards"),
    ({"guard": -1}, 2, {}, "copies of 'guard' must be a whole number from 0 up"),
    (["guard"], 2, {}, "must be a mapping from characters to copies"),
    ({"guard": 5}, 2, {"two_player_face_up": 0}, "the Guard would have nothing to name"),
])
def test_a_study_deck_it_cannot_make_is_refused_by_name(deck, players, options, message):
    with pytest.raises(OptionError, match="deck") as caught:
        GAME.configure(players, options={"deck": deck, **options})
    assert message in str(caught.value)


def test_the_lobby_does_not_show_the_study_option_and_the_api_takes_it():
    from gonets.server.app import game_entry

    assert "deck" not in {o["name"] for o in game_entry(GAME)["options"]}
    assert "deck" not in {o["name"] for o in game_entry(GAME, "ru")["options"]}
    assert GAME.configure(2, options={"deck": FIVE, **ONE_ROUND})["deck"] == FIVE
