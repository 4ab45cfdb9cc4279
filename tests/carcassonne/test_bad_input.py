"""Bad input: malformed chance outcomes and unreadable or illegal actions are refused with a
message naming the problem, and the state is left exactly as it was."""

from __future__ import annotations

import re

import pytest

from gonets.core import IllegalAction, OptionError
from gonets.games.carcassonne import GAME
from gonets.games.carcassonne.rules.tiles import pile_counts

from .helpers import deck, play


@pytest.mark.parametrize("outcome,message", [
    ("UUV", "list of tile letters"),
    ([1, 2, 3], "list of tile letters"),
    (deck()[:-1], "exactly the 71 pile tiles"),
    (deck()[:-1] + ["D"], "exactly the 71 pile tiles"),
    (deck()[:-1] + ["Z"], "exactly the 71 pile tiles"),
])
def test_malformed_tile_pile_is_refused(outcome, message):
    state = GAME.new_state(GAME.configure(2, "c3"))
    before = state.snapshot()
    with pytest.raises(IllegalAction, match=message):
        state.apply_chance(outcome)
    assert state.snapshot() == before


@pytest.mark.parametrize("outcome", [[1, 2, 3, 4, 5, 6, 7], [1, 2, 3, 4, 5, 6, 7, 7],
                                     [1, 2, 3, 4, 5, 6, 7, 9], [1, 2, 3, 4, 5, 6, 7, "8"],
                                     [1, 2, 3, 4, 5, 6, 7, True], "12345678", None])
def test_malformed_message_stack_is_refused(outcome):
    state = GAME.new_state(GAME.configure(2, "c3"))
    state.apply_chance(deck())
    before = state.snapshot()
    with pytest.raises(IllegalAction, match="numbers 1-8"):
        state.apply_chance(outcome)
    assert state.snapshot() == before


def test_no_chance_pending_and_no_action_during_the_deal():
    state = play(["U"], [])
    with pytest.raises(IllegalAction, match="no random event"):
        state.apply_chance(deck())
    fresh = GAME.new_state(GAME.configure(2, "c3"))
    with pytest.raises(IllegalAction, match="random event"):
        fresh.apply(0)
    assert sum(pile_counts().values()) == 71


@pytest.mark.parametrize("text,message", [
    ("", "cannot read"), ("dance", "cannot read"), ("place U 1,0", "coordinates as x,y"),
    ("place Z 1,0 r0", "not a tile letter"), ("place U 1,0 r45", "rotation"),
    ("place U 99,0 r0", "no tile can ever"), ("knight 1", "no tile is waiting"),
    ("recall 0,0 knight 1", "has no knight"), ("figure horse", "cannot read"),
])
def test_unreadable_text_is_refused_with_the_reason(text, message):
    state = play(["U"], [])
    before = state.snapshot()
    with pytest.raises(IllegalAction, match=message):
        state.text_to_action(text)
    assert state.snapshot() == before


def test_illegal_ids_are_refused_and_change_nothing():
    state = play(["U"], ["place U 1,0 r90"])
    before = state.snapshot()
    for action in (-1, 10**9, "1", True, state.text_to_action("figure meeple")):
        with pytest.raises(IllegalAction):
            state.apply(action)
    with pytest.raises(IllegalAction, match="not legal now; expected a follower placement"):
        state.apply(state.text_to_action("figure meeple"))
    assert state.snapshot() == before


BAD_OPTIONS = [
    ("messengers", 1, "must be true or false"),
    ("messengers", "yes", "must be true or false, not 'yes'"),
    ("tiny_city_scoring", 0, "must be true or false"),
    ("messengers.variant", "c4", "choose one of 'hig_c2', 'zmg_c2', 'c3', 'c3_1'"),
    ("messengers.require_alone", 1, "must be true, false or null, not 1"),
    ("messengers.msg8_requires_majority", "no", "must be true, false or null"),
    ("messengers.single_figure_per_turn", 2, "must be true, false or null"),
    ("messengers.chain_is_optional", [], "must be true, false or null"),
    ("messengers.trigger_figures", "all", "choose one of 'moved', 'last_moved'"),
    ("messengers.final_keep_figure", "messenger", "choose one of None, 'choice', 'meeple'"),
    ("messengers.remove_message", 9, "must be a message number from 1 to 8, or null"),
    ("farm_scoring", "city_5", "choose one of 'field', 'city_4', 'city_3'"),
    ("unplaceable", "keep", "choose one of 'discard', 'bottom'"),
]


@pytest.mark.parametrize("name,value,message", BAD_OPTIONS)
def test_an_option_outside_its_values_is_refused_naming_it(name, value, message):
    with pytest.raises(OptionError, match=f"option '{name}'.*{re.escape(message)}"):
        GAME.configure(2, "c3", {name: value})


def test_every_option_is_bounded():
    assert {name for name, _, _ in BAD_OPTIONS} == {opt.name for opt in GAME.options}
    for option in GAME.options:
        assert option.choices is not None or option.check is not None, option.name


@pytest.mark.parametrize("players", [1, 7, 0, "2"])
def test_player_counts_outside_2_to_6_are_refused(players):
    with pytest.raises(OptionError, match="is for 2-6 players"):
        GAME.configure(players, "c3")
