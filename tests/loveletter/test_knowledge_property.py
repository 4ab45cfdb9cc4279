"""Properties: cards are conserved; the knowledge ``sample_world`` reads from a seat's log never
excludes the truth; every sampled world shows that seat exactly the same view (and the same
legal actions).

``LOVELETTER_PROPERTY_GAMES`` sets the number of random matches per configuration (CI: 3)."""

import os
import random

import pytest

from gonets.core import CHANCE
from gonets.games.loveletter import GAME
from gonets.games.loveletter.notation import NONE
from gonets.games.loveletter.views import Knowledge

GAMES = int(os.environ.get("LOVELETTER_PROPERTY_GAMES", "3"))
CONFIGS = [("seed", 5, {"spare_card": "look_swap_burn"}), ("zman-2019", 4, {}),
           ("seed-strict", 6, {"spare_card": "look_swap"}), ("classic-2012", 2, {})]


def check_conservation(state):
    """Every card of the deck in use is in exactly one place (16 / 21 / 32 cards)."""
    from collections import Counter

    from gonets.games.loveletter.rules.encoding import CARD_MASK

    places = [c for c in state.hands if c != NONE] + state.extra + state.deck
    places += [c for c in (state.drawn, state.spare) if c != NONE]
    places += state.face_up + state.burned + [e & CARD_MASK for p in state.discards for e in p]
    assert Counter(places) == Counter(state.rules.deck.cards)


def check_state(state, rng):
    for seat in [None, *range(state.n)]:
        view = state.view(seat)
        know = Knowledge(state.rules.deck, state.n, seat,
                         state.rules.countess_triggers).read(view["log"])
        for q in range(state.n):
            allowed = know.possible[q]
            if q != seat and allowed is not None and state.hands[q] != NONE:
                assert state.hands[q] in allowed, (seat, q, view["log"][-6:])
        if know.spare is not None and state.spare != NONE:
            assert state.spare in know.spare
        world = GAME.sample_world(view, rng)
        assert world.view(seat) == view
        if seat == state.current_player():
            assert list(world.legal_actions()) == list(state.legal_actions())


@pytest.mark.parametrize("preset,players,options", CONFIGS)
def test_knowledge_never_excludes_the_truth(preset, players, options):
    config = GAME.configure(players, preset, options)
    rng = random.Random(21)
    for _ in range(GAMES):
        state = GAME.new_state(config)
        step = 0
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                state.apply_chance(state.sample_chance(rng))
                continue
            check_conservation(state)
            if step % 7 == 0:
                check_state(state, rng)
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
            step += 1
