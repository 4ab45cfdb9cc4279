"""Study option ``messengers.remove_message``: one message tile out of the stack (RULES.md,
"One tile left out"), the other seven in the order the same seed gives them with all eight."""

from __future__ import annotations

import random

import pytest

from gonets.agents import make_agent
from gonets.core import IllegalAction, Match, OptionError, get_game
from gonets.core.kernel import KernelUnsupported, kernel_for

GAME = get_game("carcassonne")
OPTION = "messengers.remove_message"


def dealt(seed: int, removed: int | None = None, players: int = 2) -> Match:
    options = {OPTION: removed} if removed is not None else {}
    match = Match(GAME, GAME.configure(players, "c3", options), seed=seed)
    match.deal()
    return match


@pytest.mark.parametrize("removed", [1, 4, 8])
@pytest.mark.parametrize("seed", [0, 7, 123])
def test_exactly_one_tile_leaves_and_the_others_keep_their_order(seed, removed):
    whole = dealt(seed).state.stack
    without = dealt(seed, removed).state.stack
    assert sorted(whole) == [1, 2, 3, 4, 5, 6, 7, 8]
    assert len(without) == 7 and removed not in without
    assert without == [m for m in whole if m != removed]
    assert dealt(seed, removed).state.pile == dealt(seed).state.pile     # same tiles


def test_a_whole_match_never_draws_the_removed_tile_and_the_stack_cycles_seven():
    match = dealt(3, 5, players=3)
    state = match.state
    view = state.view(0)
    assert view["messages"]["unseen"] == 7
    worlds = [GAME.sample_world(view, random.Random(i)).stack for i in range(20)]
    assert all(sorted(stack) == [1, 2, 3, 4, 6, 7, 8] for stack in worlds)
    agents = [make_agent("heuristic", GAME, state.config, seat, 3) for seat in range(3)]
    while not state.is_terminal():
        seat = state.current_player()
        match.act(seat, agents[seat].act(state.view(seat), state.legal_actions()))
    drawn = [e["number"] for e in state.log if e["type"] == "message"]
    assert drawn and 5 not in drawn
    assert sorted(state.stack) == [1, 2, 3, 4, 6, 7, 8]
    replayed = match.record.replay()
    assert replayed.snapshot() == state.snapshot()


@pytest.mark.parametrize("value", [0, 9, -1, "3", True, 2.5, [3]])
def test_a_bad_value_is_refused_naming_the_option_and_the_value(value):
    with pytest.raises(OptionError) as caught:
        GAME.configure(2, "c3", {OPTION: value})
    assert f"option '{OPTION}'" in str(caught.value)
    assert f"not {value!r}" in str(caught.value)
    assert "from 1 to 8" in str(caught.value)


def test_removing_a_tile_without_the_messengers_is_refused():
    with pytest.raises(OptionError, match="no message stack to take tile 2 from"):
        GAME.configure(2, "base", {OPTION: 2})
    assert GAME.configure(2, "base", {OPTION: None})[OPTION] is None


def test_a_stack_that_still_holds_the_removed_tile_is_refused():
    config = GAME.configure(2, "c3", {OPTION: 6})
    state = GAME.new_state(config)
    state.apply_chance(state.sample_chance(random.Random(1)))
    with pytest.raises(IllegalAction, match="1-8 without 6"):
        state.clone().apply_chance([1, 2, 3, 4, 5, 6, 7, 8])
    with pytest.raises(IllegalAction, match="1-8 without 6"):
        state.clone().apply_chance([1, 2, 3, 4, 5, 7])
    state.apply_chance([8, 7, 5, 4, 3, 2, 1])
    assert state.stack == [8, 7, 5, 4, 3, 2, 1]


def test_the_lobby_does_not_show_it_the_api_takes_it_and_the_kernel_refuses_it():
    from gonets.server.app import game_entry

    assert OPTION not in {o["name"] for o in game_entry(GAME)["options"]}
    config = GAME.configure(2, "c3", {OPTION: 3})
    assert config[OPTION] == 3
    with pytest.raises(KernelUnsupported, match="remove_message=3"):
        kernel_for(config)
