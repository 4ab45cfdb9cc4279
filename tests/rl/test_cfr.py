"""Solving study decks whole: the tree through the OpenSpiel game, CFR+, exact exploitability
(checked against OpenSpiel's own NashConv), the levels as strategies, the cfr bot and the
exploitability command."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest
from open_spiel.python import policy as spiel_policy
from open_spiel.python.algorithms import exploitability as spiel_exploitability
from typer.testing import CliRunner

from gonets.agents import make_agent
from gonets.cli import app
from gonets.core import OptionError, get_game, play_match
from gonets.rl import cfr
from gonets.rl import exploitability as X

runner = CliRunner()


@pytest.fixture(scope="module")
def five():
    game = X.study_game(X.study()["decks"]["five"])
    return game, cfr.Tree(game)


def tabular(game, tree: cfr.Tree, strategy: np.ndarray):
    """``strategy`` as OpenSpiel's TabularPolicy."""
    table = spiel_policy.TabularPolicy(game)
    for entry in tree.infosets:
        row = table.state_lookup[entry.key]
        table.action_probability_array[row, :] = 0.0
        for i, action in enumerate(entry.actions):
            table.action_probability_array[row, action] = strategy[entry.first + i]
    return table


def test_the_tree_holds_every_position_and_its_chances_add_up(five):
    _, tree = five
    assert tree.nodes == 781 and len(tree.infosets) == 49
    chance = np.flatnonzero(tree.kind == cfr.CHANCE)
    for node in chance[:20]:
        children = np.flatnonzero(tree.parent == node)
        assert tree.edge_prob[children].sum() == pytest.approx(1.0)
    assert set(np.unique(tree.utility[tree.kind == cfr.TERMINAL])) == {-1.0, 1.0}


def test_exploitability_agrees_with_openspiels_nash_conv(five):
    game, tree = five
    uniform = tree.uniform()
    solved = cfr.solve(tree, 200)
    for strategy in (uniform, solved):
        theirs = spiel_exploitability.nash_conv(game, tabular(game, tree, strategy)) / 2
        assert cfr.exploitability(tree, strategy) == pytest.approx(theirs, abs=1e-9)


def test_cfr_plus_gets_below_a_hundredth_and_keeps_improving(five):
    _, tree = five
    start = cfr.exploitability(tree, tree.uniform())
    after = [cfr.exploitability(tree, cfr.solve(tree, n)) for n in (10, 1000)]
    assert start > 0.3 and after[0] < start and after[1] < 0.01
    strategy = cfr.solve(tree, 50)
    sums = np.bincount(tree.slot_infoset, strategy)
    assert np.allclose(sums, 1.0) and (strategy >= 0).all()


def test_levels_become_strategies_random_uniform_normal_pure(five):
    game, tree = five
    gonets = get_game("loveletter")
    config = gonets.configure(2, "seed", X.study_options(X.study()["decks"]["five"]))
    random_play = X.level_strategy(tree, gonets, config, "random")
    assert np.allclose(random_play, tree.uniform())
    normal = X.level_strategy(tree, gonets, config, "normal")
    assert set(np.unique(normal)) <= {0.0, 1.0}
    easy = X.level_strategy(tree, gonets, config, "easy")
    assert np.allclose(easy, 0.5 * tree.uniform() + 0.5 * normal)
    assert cfr.exploitability(tree, random_play) > cfr.exploitability(tree, normal)


def test_the_cfr_bot_plays_its_equilibrium_and_refuses_what_it_cannot_solve(monkeypatch):
    from gonets.agents import cfr as bot

    gonets = get_game("loveletter")
    config = gonets.configure(2, "seed", X.study_options(X.study()["decks"]["five"]))
    agents = [make_agent("cfr", gonets, config, 0, seed=1),
              make_agent("normal", gonets, config, 1, seed=1)]
    for seed in range(5):
        assert play_match(gonets, config, agents, seed=seed).state.is_terminal()
    with pytest.raises(OptionError, match="two-player games only"):
        make_agent("cfr", gonets, gonets.configure(3), 0, seed=1)
    shared = gonets.configure(2, "seed", {**X.study_options(X.study()["decks"]["five"]),
                                          "residual_tie": "all_win", "tiebreak": "none"})
    state = gonets.new_state(shared)
    state.apply_chance(state.sample_chance(random.Random(0)))
    with pytest.raises(OptionError, match="zero-sum games only"):
        make_agent("cfr", gonets, shared, state.current_player(), seed=1).act(
            state.view(state.current_player()), state.legal_actions())
    monkeypatch.setattr(bot, "MAX_NODES", 100)
    bot.solved.cache_clear()
    try:
        agent = make_agent("cfr", gonets, config, 0, seed=1)
        state = gonets.new_state(config)
        state.apply_chance(state.sample_chance(random.Random(0)))
        with pytest.raises(OptionError, match="more than 100 positions"):
            agent.act(state.view(state.current_player()), state.legal_actions())
    finally:
        bot.solved.cache_clear()


def test_the_server_does_not_offer_the_cfr_bot():
    from gonets.agents import agent_names
    from gonets.server.spec import offered_agents

    game = get_game("loveletter")
    assert "cfr" in agent_names(game) and "cfr" not in offered_agents(game)


def test_exploitability_command_prints_and_keeps_the_table(tmp_path):
    page = tmp_path / "ai.md"
    page.write_text("# Agents\n\nProse.\n")
    result = runner.invoke(app, ["exploitability", "--deck", "five", "--levels",
                                 "random,normal", "--iterations", "300", "--json",
                                 "--out", str(page)])
    assert result.exit_code == 0, result.output
    (row,) = json.loads(result.stdout)
    assert row["nodes"] == 781 and row["exploitability"]["cfr"] < 0.01
    assert row["exploitability"]["random"] == pytest.approx(0.41389, abs=1e-5)
    text = page.read_text()
    assert text.startswith("# Agents\n\nProse.\n") and text.count(X.BEGIN) == 1
    assert "| five | guard 2, priest 1, baron 1, princess 1 | 781 | 49 |" in text
    wrong = runner.invoke(app, ["exploitability", "--deck", "nine"])
    assert wrong.exit_code == 2 and "no study deck 'nine'" in wrong.output


def test_exploitability_tells_its_counts_as_it_goes():
    said = []
    X.measure("five", ["random", "normal"], 300, say=said.append)
    assert "five: CFR+ iterations: 300 of 300" in said
    assert "five: normal, information sets: 49 of 49" in said
    counts = [line for line in said if "CFR+ iterations:" in line]
    assert len(counts) == 100, "a line per hundredth of the iterations"
