"""What search knows of Baba Yaga (``bot.rollout_action``, ``rollout_done``, ``evaluate``), the
heuristic-anchored ``hard`` level and the cheap ``sample_world``: legal playouts, chances that
sum to 1, playouts cut after the documented rounds, and a small search that rerolls a failed
final quest step instead of accepting elimination."""

from __future__ import annotations

import random

import pytest

from gonets.agents import make_agent
from gonets.agents.ismcts import Search, _Node
from gonets.agents.levels import settings
from gonets.games.babayaga import bot, views
from gonets.games.babayaga.notation import action_table
from gonets.games.babayaga.rules.content import default_content
from tests.babayaga.helpers import GAME, act, new, roll

COUNTS = (2, 3, 4)


def positions(players: int, matches: int = 2, seed: int = 0, preset: str = "competitive"):
    """Decision points of seeded heuristic matches (real states)."""
    config = GAME.configure(players, preset)
    for index in range(matches):
        rng = random.Random(f"{seed}:{index}")
        agents = [bot.HeuristicAgent(GAME, config, s, random.Random(s)) for s in range(players)]
        state = GAME.new_state(config)
        while not state.is_terminal():
            if state.is_chance():
                state.apply_chance(state.sample_chance(rng))
                continue
            yield state
            seat = state.current_player()
            state.apply(agents[seat].act(state.view(seat), state.legal_actions()))
        yield state


@pytest.mark.parametrize("players", COUNTS)
def test_playouts_by_the_rollout_policy_are_legal_and_end(players):
    config = GAME.configure(players, "competitive", {"max_rounds": 60})
    for index in range(3):
        rng = random.Random(index)
        state = GAME.new_state(config)
        while not state.is_terminal():
            if state.is_chance():
                state.apply_chance(state.sample_chance(rng))
                continue
            action = bot.rollout_action(state, rng)
            assert action in state.legal_actions()
            state.apply(action)
        assert state.outcome is not None


def test_rollout_policy_acts_legally_in_worlds_sampled_from_a_view():
    rng = random.Random(3)
    for k, state in enumerate(positions(3, matches=1)):
        if state.is_terminal() or k % 4:
            continue
        world = GAME.sample_world(state.view(state.current_player()), rng)
        assert bot.rollout_action(world, rng) in world.legal_actions()


def test_the_light_view_leads_the_heuristic_to_the_same_choices_as_the_real_view():
    checked = 0
    for state in positions(2, matches=2, seed=5):
        if state.is_terminal():
            continue
        seat = state.current_player()
        texts = state.ask[2]
        real = bot.HeuristicAgent(GAME, state.config, seat, random.Random(1))
        light = bot.HeuristicAgent(GAME, state.config, seat, random.Random(1))
        assert real.choose(state.view(seat), texts) == \
            light.choose(bot.lite_view(state, seat), texts)
        checked += 1
    assert checked > 50


@pytest.mark.parametrize("players", COUNTS)
def test_evaluate_gives_chances_in_0_1_summing_to_1(players):
    for state in positions(players, matches=2):
        values = bot.evaluate(state)
        assert len(values) == players
        assert all(0.0 <= v <= 1.0 for v in values)
        if state.is_terminal():
            assert values == GAME.evaluate(state)
            winners = state.result().winners
            assert sum(values) == pytest.approx(1.0 if winners else 0.0)
            continue
        assert sum(values) == pytest.approx(1.0)
        for seat, p in enumerate(state.players):
            if p.elim:
                assert values[seat] == 0.0


def test_evaluate_favours_quest_progress_and_the_rep_lead():
    s = new(chars=["ilya_muromets", "fyodor_lyzhnikov"], quests=["the_firebird", "waters_of_life"])
    even = bot.evaluate(s)
    s.players[0].step = 2
    before = bot.evaluate(s), bot.step_chance(s, s.players[0])
    s.players[0].step = 3              # one more step done, the next one as hard
    assert bot.step_chance(s, s.players[0]) == before[1]
    assert bot.evaluate(s)[0] > before[0][0]
    s.players[0].step = 4              # the final step next
    assert bot.evaluate(s)[0] > even[0]
    s.players[0].step = 0
    s.players[1].cards += ["W17", "W18", "W19"]
    s.decks["wilderness"] = s.decks["wilderness"][-3:]      # the decks are nearly out
    late = bot.evaluate(s)
    assert late[1] > even[1] and late[1] > 0.5


def test_features_are_the_documented_ones_in_order():
    s = new(chars=["ilya_muromets", "fyodor_lyzhnikov"], quests=["the_firebird", "waters_of_life"])
    row = dict(zip(bot.FEATURES, bot.features(s, 0)))
    assert len(bot.features(s, 0)) == len(bot.FEATURES) == len(bot._weights()[3])
    assert row["final"] == row["final_chance"] == row["final_distance"] == 0.0
    assert 0.0 < row["step_chance"] <= 1.0
    assert row["step_chance"] == bot.step_chance(s, s.players[0])
    assert row["leader_late"] == row["rep_late"] == 0.0          # the decks are full
    held = row["cards"]
    s.players[0].cards += ["W17", "W18"]
    s.decks["wilderness"] = s.decks["wilderness"][-3:]            # 3 cards left: 3/4 late
    row = dict(zip(bot.FEATURES, bot.features(s, 0)))
    assert row["cards"] == held + 2
    assert row["lead"] > 0 and row["leader_late"] == pytest.approx(0.75)
    assert row["rep_late"] == pytest.approx(0.75 * row["rep"])
    assert dict(zip(bot.FEATURES, bot.features(s, 1)))["leader_late"] == 0.0


def test_rollout_done_after_the_documented_rounds():
    rng = random.Random(2)
    start = next(s for s in positions(2, matches=1) if s.round > 2 and not s.is_terminal())
    state = start.clone()
    moves = 0
    while not state.is_terminal() and not bot.rollout_done(start, state, moves):
        while state.is_chance():
            state.apply_chance(state.sample_chance(rng))
        if state.is_terminal():
            break
        state.apply(bot.rollout_action(state, rng))
        moves += 1
        assert moves < 400
    played = sum(p.turns for p in state.players) - sum(p.turns for p in start.players)
    if not state.is_terminal():
        assert played == bot.ROLLOUT_ROUNDS * 2 + 1     # the first turn of the round after
    assert not bot.rollout_done(start, start, 0)


def failed_final_step():
    """Ilya failed the Dragon's Heart, his final step: reroll with a Rep card, or be out."""
    s = new(chars=["ilya_muromets", "fyodor_lyzhnikov"],
            quests=["slay_the_dragon", "the_firebird"])
    p = s.players[0]
    p.step = 5
    p.loc = "pass_of_devils"
    p.cards += ["W17"]
    act(s, "move dragons_heart")
    roll(s, [1] * s.ask[2])
    return s


def test_a_small_search_rerolls_a_failed_final_step_rather_than_be_eliminated():
    s = failed_final_step()
    texts = [s.action_to_text(a) for a in s.legal_actions()]
    assert "accept" in texts and any(t.startswith("reroll ") for t in texts)
    search = Search(GAME, 0, random.Random(0))
    root = search.run(s.view(0), _Node(0), 120, None)
    best = max(root.children, key=lambda a: root.children[a].visits)
    assert s.action_to_text(best).startswith("reroll ")
    agent = make_agent("hard", GAME, s.config, 0, seed=1)
    assert s.action_to_text(agent.act(s.view(0), s.legal_actions())).startswith("reroll ")


def test_hard_is_the_anchored_search_within_a_second():
    chosen = settings(GAME, "hard")
    agent = make_agent("hard", GAME, GAME.configure(2, "competitive"), 0, seed=0)
    assert isinstance(agent, bot.AnchoredSearchAgent)
    assert agent.seconds is not None and agent.seconds <= 1.0
    assert agent.iterations >= 400              # most of the second at 3 players
    assert chosen["agent"] == "search"


def test_anchored_search_keeps_the_heuristic_move_unless_clearly_beaten():
    s = failed_final_step()
    view, legal = s.view(0), s.legal_actions()
    agent = bot.AnchoredSearchAgent(GAME, s.config, 0, random.Random(4), iterations=60)
    agent.margin = 2.0                        # nothing can beat the heuristic by more than 1
    wanted = bot.HeuristicAgent(GAME, s.config, 0, random.Random(0)).choose(view, view["legal"])
    assert s.action_to_text(agent.act(view, legal)) == wanted


def test_expert_needs_half_the_gain_hard_needs_to_leave_the_heuristic():
    """Four times the playouts halve the noise's standard deviation, so the margin halves."""
    config = GAME.configure(2, "competitive")
    hard = make_agent("hard", GAME, config, 0, seed=0)
    expert = make_agent("expert", GAME, config, 0, seed=0)
    assert expert.iterations == 4 * hard.iterations
    assert hard.required_gain() == pytest.approx(bot.AnchoredSearchAgent.margin)
    assert expert.required_gain() == pytest.approx(hard.required_gain() / 2)


def test_sample_world_from_a_kept_view_matches_a_fresh_reading():
    content = default_content()
    for k, state in enumerate(positions(3, matches=1, seed=9)):
        if state.is_terminal() or k % 7:
            continue
        view = state.view(state.current_player())
        actions, index = action_table(3)
        for draw in range(3):
            kept = GAME.sample_world(view, random.Random(draw))
            fresh = views.state_from_view(content, state.config, actions, index, view,
                                          random.Random(draw))
            assert kept.snapshot() == fresh.snapshot()
            for _ in range(20):                 # playing one world on leaves the next intact
                if kept.is_terminal():
                    break
                if kept.is_chance():
                    kept.apply_chance(kept.sample_chance(random.Random(draw)))
                    continue
                kept.apply(kept.legal_actions()[0])
        # a sampled world hides what the view hides: the deck sizes and known cards agree
        world = GAME.sample_world(view, random.Random(1))
        assert {d: len(world.decks[d]) for d in world.decks} == view["deck_sizes"]
