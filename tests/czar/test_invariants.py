"""Property test: random matches keep every courier, coin and message accounted for.

CI plays a few matches per configuration; the full count runs by command:
``CZAR_INVARIANT_MATCHES=500 pytest tests/czar/test_invariants.py``."""

from __future__ import annotations

import os
import random
from collections import Counter

import pytest

from gonets.core import CHANCE
from gonets.games.czar.rules import CzarState
from gonets.games.czar.rules.board import NUM_INNS, PER_TYPE

from .helpers import GAME

MATCHES = int(os.environ.get("CZAR_INVARIANT_MATCHES", "6"))
OPTION_SETS = [{}, {"travel_order": "arrow", "entry_can_skip": True},
               {"coin_pool": 27, "instant_bribe_after_coin": True}]


def check(state: CzarState) -> None:
    for inn in range(NUM_INNS):
        occupied = sum(state.rooms[inn * 4 + r] >= 0 for r in range(4))
        assert occupied == state.cnt[inn] <= 3
        if not state.t.open[inn]:
            assert occupied == 0
    couriers = Counter(c for c in state.rooms if c >= 0)
    for seat in range(state.n):
        couriers.update(state.stacks[seat])
        couriers.update(state.display[seat])
        assert 0 <= state.known[seat] <= len(state.stacks[seat])
    if state.drawn >= 0:
        couriers[state.drawn] += 1
    setup_done = state.phase >= 3 or (state.phase == 2 and state._setup_done())
    for colour, owner in enumerate(state.owner if setup_done else []):
        for kind in range(4):
            expected = PER_TYPE if owner >= 0 else 0
            if owner >= 0 and state.phase == 2 and state.shuffle_colour == colour \
                    and not state.stacks[state.shuffle_seat]:
                expected = 0                              # its shuffle is pending
            assert couriers[colour * 4 + kind] == expected, (colour, kind)
    coins = Counter(state.pile) + Counter(state.removed) + Counter(state.running)
    for seat_coins in state.coins:
        coins.update(seat_coins)
    if state.phase > 1:
        assert coins == Counter(state.t.pool)
    for seat in range(state.n):
        slot, guard = state.msg[seat], state.guard_of[seat]
        if state.phase >= 4:
            assert (slot >= 0) != (guard >= 0)
        if slot >= 0:
            assert state.owner[state.rooms[slot] >> 2] == seat
    assert sorted(state.delivered) == sorted(s for s in range(state.n) if state.guard_of[s] >= 0)


@pytest.mark.parametrize("preset", ["classic", "revised"])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("options", range(len(OPTION_SETS)))
def test_random_matches_keep_the_invariants(preset, players, options):
    config = GAME.configure(players, preset, OPTION_SETS[options])
    rng = random.Random(f"{preset}{players}{options}")
    for _ in range(MATCHES):
        state = GAME.new_state(config)
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                state.apply_chance(state.sample_chance(rng))
            else:
                legal = state.legal_actions()
                state.apply(legal[rng.randrange(len(legal))])
            check(state)
        assert state.result().winners and sum(state.result().scores) == 1
