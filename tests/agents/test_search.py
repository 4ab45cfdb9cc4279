"""The generic search: honest (reads only views), budgets, subtree reuse, root parallelism,
difficulty levels and hints."""

from __future__ import annotations

import logging
import random

import pytest

from gonets.agents import make_agent
from gonets.agents.hints import hints
from gonets.agents.ismcts import ISMCTSAgent, cap_by_clock, uncapped
from gonets.agents.levels import DEFAULTS, NAMES, NoisyAgent, settings
from gonets.core import Match, OptionError, games, get_game
from tests.agents.helpers import cpu_hogs

SMALL = {"loveletter": 2, "czar": 2, "carcassonne": 2, "babayaga": 2}


def opening(name: str, seed: int = 3) -> Match:
    game = get_game(name)
    match = Match(game, game.configure(SMALL[name]), seed=seed)
    match.deal()
    return match


def search_agent(match: Match, seat: int, seed: int = 7, **budget) -> ISMCTSAgent:
    budget = budget or {"iterations": 60}
    return ISMCTSAgent(match.game, match.state.config, seat, random.Random(seed), **budget)


@pytest.mark.parametrize("name", sorted(SMALL))
def test_decisions_do_not_change_when_hidden_information_is_permuted(name):
    """At every decision of a random match, the world is swapped for another one the seat
    cannot tell apart (drawn by sample_world): the search, with the same seed, decides the
    same, because all it ever reads is the seat's view."""
    match, rng, checked = opening(name), random.Random(1), 0
    while not match.state.is_terminal() and checked < 6:
        state = match.state
        seat = state.current_player()
        legal = state.legal_actions()
        if len(legal) > 1:
            view = state.view(seat)
            other = match.game.sample_world(view, random.Random(checked))
            assert other.view(seat) == view
            assert list(other.legal_actions()) == list(legal)
            first = search_agent(match, seat).act(view, legal)
            again = search_agent(match, seat).act(other.view(seat), other.legal_actions())
            assert first == again
            checked += 1
        match.act(seat, legal[rng.randrange(len(legal))])
    assert checked >= 3


def test_iteration_budget_is_spent_exactly_and_ranks_every_legal_move():
    match = opening("loveletter")
    state = match.state
    seat = state.current_player()
    agent = search_agent(match, seat, iterations=200)
    ranked = agent.analyse(state.view(seat), state.legal_actions())
    assert agent.search.iterations == 200
    assert sorted(c.action for c in ranked) == sorted(state.legal_actions())
    assert sum(c.visits for c in ranked) == 200
    assert [c.visits for c in ranked] == sorted((c.visits for c in ranked), reverse=True)
    assert all(0.0 <= c.value <= 1.0 for c in ranked)


def test_time_budget_stops_the_search():
    match = opening("czar")
    state = match.state
    seat = state.current_player()
    agent = search_agent(match, seat, iterations=None, seconds=0.05)
    agent.act(state.view(seat), state.legal_actions())
    assert 0 < agent.search.iterations < 100_000


def test_an_iteration_budget_ignores_the_clock_unless_the_process_caps_searches(caplog):
    """Outside the server a search with iterations spends all of them whatever its cap; a
    process that caps by the clock (the server's bot workers) cuts it and logs the cut."""
    match = opening("czar")
    state = match.state
    seat = state.current_player()
    view, legal = state.view(seat), state.legal_actions()
    agent = search_agent(match, seat, iterations=3000, seconds=0.001)
    assert sum(c.visits for c in agent.analyse(view, legal)) == 3000
    cap_by_clock()
    try:
        with caplog.at_level(logging.WARNING, logger="gonets.agents"):
            cut = search_agent(match, seat, iterations=3000, seconds=0.001).analyse(view, legal)
    finally:
        cap_by_clock(False)
    assert sum(c.visits for c in cut) < 3000
    assert "the clock cut a ismcts search of czar at seat 1" in caplog.text
    cap_by_clock()
    try:
        with uncapped():                         # a stored review: counted even there
            whole = search_agent(match, seat, iterations=3000, seconds=0.001).analyse(view,
                                                                                      legal)
    finally:
        cap_by_clock(False)
    assert sum(c.visits for c in whole) == 3000


@pytest.mark.parametrize("name", ["loveletter", "carcassonne"])
def test_a_level_decides_the_same_under_a_cpu_hog(name):
    """``hard``'s budget is its iterations: the same seed gives the same ranking, visit for
    visit, on an idle machine and under processes that keep every core busy, even with a
    wall-clock cap that would cut the search if it counted."""
    match = opening(name)
    state = match.state
    seat = state.current_player()
    view, legal = state.view(seat), state.legal_actions()

    def ranking():
        agent = make_agent("hard", match.game, state.config, seat, seed=11)
        agent.seconds = 0.01
        return [(c.action, c.visits, c.value) for c in agent.analyse(view, legal)]

    quiet = ranking()
    with cpu_hogs():
        loaded = ranking()
    assert loaded == quiet
    assert sum(visits for _, visits, _ in quiet) == settings(match.game, "hard")["iterations"]


def test_expert_is_hard_with_more_iterations_and_a_longer_cap():
    for name in SMALL:
        game = get_game(name)
        config = game.configure(SMALL[name], "competitive" if name == "babayaga" else None)
        hard = make_agent("hard", game, config, 0, seed=1)
        expert = make_agent("expert", game, config, 0, seed=1)
        assert type(expert) is type(hard) and expert.name == "expert"
        assert expert.iterations == DEFAULTS["expert"]["scale"] * hard.iterations
        assert expert.seconds == 3.0 and expert.workers == 1


def test_consecutive_decisions_reuse_the_subtree():
    """Carcassonne: the tile, then the follower on it, by the same seat with no chance event
    in between: the second search starts from the first one's subtree."""
    match = opening("carcassonne")
    state = match.state
    seat = state.current_player()
    agent = search_agent(match, seat, iterations=300)
    action = agent.act(state.view(seat), state.legal_actions())
    kept = agent._kept
    assert kept is not None and kept.visits > 0
    before = kept.visits
    match.act(seat, action)
    assert match.state.current_player() == seat
    agent.act(match.state.view(seat), match.state.legal_actions())
    assert kept.visits == before + 300


def test_root_parallel_search_adds_up_the_workers():
    match = opening("loveletter")
    state = match.state
    seat = state.current_player()
    agent = search_agent(match, seat, iterations=120, workers=2)
    ranked = agent.analyse(state.view(seat), state.legal_actions())
    assert sum(c.visits for c in ranked) == 120
    assert ranked[0].action in state.legal_actions()


@pytest.mark.parametrize("name", sorted(SMALL))
def test_every_level_of_every_game_plays_a_legal_move(name):
    match = opening(name)
    state = match.state
    seat = state.current_player()
    for level in NAMES:
        agent = make_agent(level, match.game, state.config, seat, seed=1)
        assert agent.name == level
        if isinstance(agent, ISMCTSAgent):
            agent.iterations, agent.seconds, agent.workers = 30, None, 1
        assert agent.act(state.view(seat), state.legal_actions()) in state.legal_actions()


def test_easy_is_the_heuristic_with_noise():
    match = opening("loveletter")
    agent = make_agent("easy", match.game, match.state.config, 0, seed=1)
    assert isinstance(agent, NoisyAgent) and agent.noise == 0.5


def test_hints_rank_the_deciding_seat_only():
    match = opening("loveletter")
    state = match.state
    seat = state.current_player()
    ranked = hints("loveletter", state.view(seat), state.legal_actions(), "ismcts", seed=1)
    assert {c.text for c in ranked} == set(state.view(seat)["legal"])
    with pytest.raises(OptionError, match="the seat that decides now"):
        hints("loveletter", state.view(1 - seat), state.legal_actions())
    with pytest.raises(OptionError, match="hints come from a search"):
        hints("loveletter", state.view(seat), state.legal_actions(), "random")


def test_evaluate_of_a_finished_match_shares_the_win():
    game = get_game("loveletter")
    match = Match(game, game.configure(2), seed=2)
    match.deal()
    rng = random.Random(0)
    while not match.state.is_terminal():
        legal = match.state.legal_actions()
        match.act(match.state.current_player(), legal[rng.randrange(len(legal))])
    values = game.evaluate(match.state)
    winners = match.state.result().winners
    assert values == [1.0 / len(winners) if s in winners else 0.0 for s in range(2)]
    assert set(games()) >= set(SMALL)


def test_bench_reports_search_iterations_per_second():
    import json

    from typer.testing import CliRunner

    from gonets.cli import app

    runner = CliRunner()
    result = runner.invoke(app, ["bench", "czar", "-p", "2", "--agent", "ismcts",
                                 "--seconds", "0.3", "--json"])
    assert result.exit_code == 0, result.output
    (figures,) = json.loads(result.stdout)
    assert figures["iterations"] > 0 and figures["iterations_per_s"] > 0
    assert figures["positions"] == 10
    wrong = runner.invoke(app, ["bench", "czar", "--agent", "random", "--seconds", "0.1"])
    assert wrong.exit_code == 2 and "not a search agent" in wrong.output


def test_terminal_hint_shows_the_best_moves_then_asks_again(tmp_path):
    from typer.testing import CliRunner

    from gonets.cli import app

    runner = CliRunner()
    result = runner.invoke(app, ["play", "czar", "-p", "2", "--bots", "random", "--seed", "3",
                                 "--hints", "--save", str(tmp_path)], input="?\nq\n")
    assert result.exit_code == 0, result.output
    assert "? for a hint" in result.output
    hints_shown = [line for line in result.output.splitlines() if line.strip().startswith("hint")]
    assert 1 <= len(hints_shown) <= 3
    plain = runner.invoke(app, ["play", "czar", "-p", "2", "--bots", "random", "--seed", "3",
                                "--save", str(tmp_path)], input="?\nq\n")
    assert "? for a hint" not in plain.output and "Try again" in plain.output


@pytest.mark.parametrize("by_policy", [True, False])
def test_rivals_in_the_tree_move_by_the_game_policy_when_it_asks(by_policy, monkeypatch):
    """A game's ``RIVALS_BY_POLICY`` makes the other seats move in the tree by its rollout
    policy (which reads only what they could know), not by UCB over the searcher's worlds;
    playouts are cut short here so that every call of the policy is a move in the tree."""
    from gonets.agents.ismcts import Search, _Node

    match = opening("loveletter")
    seat = match.state.current_player()
    search = Search(match.game, seat, random.Random(4))
    assert search._rivals_by_policy            # Love Letter's bot room asks for it
    assert not Search(get_game("czar"), 0, random.Random(4))._rivals_by_policy
    search._rivals_by_policy = by_policy
    chosen: list[int] = []
    policy = search._action

    def recorded(state, rng):
        chosen.append(policy(state, rng))
        return chosen[-1]

    search._action = recorded
    monkeypatch.setattr(Search, "playout", lambda self, state: self.game.evaluate(state))
    root = search.run(match.state.view(seat), _Node(seat), 300, None)
    rival_moves, stack = set(), [root]
    while stack:
        node = stack.pop()
        for action, child in node.children.items():
            if child.mover != seat:
                rival_moves.add(action)
            stack.append(child)
    assert rival_moves
    if by_policy:
        assert rival_moves <= set(chosen)
    else:
        assert not chosen


def test_a_search_in_a_round_scores_its_end_and_never_deals_the_next(monkeypatch):
    """Where a game lets a playout stop before a chance event (Love Letter: a decided round
    is scored, not dealt again), a walk down the tree stops there too: a search from inside a
    round scores the walks that reach the round's end without a playout, and never deals a
    new round."""
    from gonets.agents.ismcts import Search
    from gonets.games.loveletter.rules import LoveLetterState

    match = opening("loveletter")
    seat = match.state.current_player()
    deals, playouts = [], []
    deal, playout = LoveLetterState.resolve_chance, Search.playout

    def counted_deal(state, rng):
        deals.append(state.round)
        deal(state, rng)

    def counted_playout(search, state):
        playouts.append(state.round)
        return playout(search, state)

    monkeypatch.setattr(LoveLetterState, "resolve_chance", counted_deal)
    monkeypatch.setattr(Search, "playout", counted_playout)
    agent = search_agent(match, seat, iterations=2000)
    agent.search.compiled = False              # the Python walk (the kernel's is its copy)
    agent.analyse(match.state.view(seat), match.state.legal_actions())
    assert 0 < len(playouts) < 2000
    assert not deals
