"""What search knows of Love Letter (bot.rollout_action, rollout_done, evaluate): legal
playout moves on sampled worlds, playouts that stop when the round is decided, values that
are chances summing to 1, and a small search that finds the sure knock-out."""

from __future__ import annotations

import random

import pytest

from gonets.agents.ismcts import ISMCTSAgent, Search
from gonets.agents.levels import settings
from gonets.core.game import CHANCE
from gonets.games.loveletter import GAME, bot
from gonets.games.loveletter.bot import search
from gonets.games.loveletter.rules import cards as C
from gonets.games.loveletter.views import Knowledge
from tests.loveletter.helpers import run, stack

CONFIGS = [(2, "seed", {}), (4, "seed", {}), (6, "premium", {}), (3, "zman-2019", {}),
           (5, "seed", {"spare_card": "look_swap_burn", "sycophant_self_exempt": True})]


def sure_guard():
    """p1 saw p2's King with the Priest, p2 had to play the Countess: p1 holds Guard, Baron."""
    return run(2, [stack(2, "handmaid", ["priest", "king"], ["guard", "countess", "baron"],
                         face_up=["guard", "guard", "prince"]), "priest p2", "countess"])


def worlds(players: int, preset: str, options: dict, seed: int = 0, every: int = 1):
    """(real state, seat, world sampled from that seat's view) along a random match."""
    config = GAME.configure(players, preset, options)
    rng = random.Random(seed)
    state = GAME.new_state(config)
    step = 0
    while True:
        while state.current_player() == CHANCE:
            state.apply_chance(state.sample_chance(rng))
        if state.is_terminal():
            return
        seat = state.current_player()
        if step % every == 0:
            yield state, seat, GAME.sample_world(state.view(seat), rng)
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
        step += 1


@pytest.mark.parametrize("players,preset,options", CONFIGS)
def test_playout_moves_are_legal_and_never_throw_the_princess(players, preset, options):
    rng, checked = random.Random(1), 0
    for seed in range(3):
        for _, seat, world in worlds(players, preset, options, seed):
            for _ in range(5):
                action = bot.rollout_action(world, rng)
                assert action in world.legal_actions()
                if world.phase == 2 and C.PRINCESS in (world.hands[seat], world.drawn):
                    text = world.action_to_text(action)
                    others = [t for t in map(world.action_to_text, world.legal_actions())
                              if t != "princess" and t != f"prince p{seat + 1}"]
                    if others:
                        assert text not in ("princess", f"prince p{seat + 1}")
                        checked += 1
    assert checked


def test_playout_guard_never_reads_the_rival_hand(monkeypatch):
    """Guard guesses in a playout follow the copies the mover has not seen, not the rival's
    card: p2's Priest (2 of the 8 unseen cards that can be named) is named about a quarter of
    the time."""
    monkeypatch.setattr(search, "PLAYOUT_NOISE", 0.0)
    state = run(2, [stack(2, "king", ["guard", "priest"], ["baron"],
                          face_up=["handmaid", "prince", "guard"])])
    rng = random.Random(2)
    guesses = [state.action_to_text(bot.rollout_action(state, rng)) for _ in range(400)]
    assert all(g.startswith("guard p2 ") for g in guesses)
    assert len(set(guesses)) >= 5
    assert 0.15 < guesses.count("guard p2 2") / len(guesses) < 0.35


def test_playout_guard_names_the_card_its_priest_saw(monkeypatch):
    monkeypatch.setattr(search, "PLAYOUT_NOISE", 0.0)
    state = sure_guard()
    rng = random.Random(4)
    assert {state.action_to_text(bot.rollout_action(state, rng)) for _ in range(20)} == \
        {"guard p2 6"}
    world = GAME.sample_world(state.view(0), rng)          # the searcher's own knowledge
    assert state.action_to_text(bot.rollout_action(world, rng)) == "guard p2 6"
    rival = GAME.sample_world(state.view(1), rng)          # p2 never saw that look
    assert search._seen_hands(rival, 0) == {}


@pytest.mark.parametrize("players,preset,options", CONFIGS)
def test_values_are_chances_that_sum_to_one(players, preset, options):
    for _, _, world in worlds(players, preset, options, every=3):
        values = GAME.evaluate(world)
        assert len(values) == players
        assert all(0.0 <= v <= 1.0 for v in values)
        assert sum(values) == pytest.approx(1.0)


def test_standings_favour_the_leader_and_the_survivors():
    config = GAME.configure(2)
    state = GAME.new_state(config)
    assert GAME.evaluate(state) == pytest.approx([0.5, 0.5])
    state.tokens = [2, 0]                             # 1 round needed against 3
    assert GAME.evaluate(state) == pytest.approx([0.875, 0.125])
    four = GAME.new_state(GAME.configure(4))
    four.tokens = [2, 2, 0, 0]
    values = GAME.evaluate(four)
    assert values[0] == values[1] > values[2] == values[3]
    four.phase, four.alive = 2, 0b0111                # seat 3 is out of this round
    during = GAME.evaluate(four)
    assert during[3] < values[3] and during[0] > values[0]
    assert sum(during) == pytest.approx(1.0)


def test_a_finished_match_is_scored_by_its_winners():
    for state, _, _ in worlds(2, "seed", {}):
        last = state
    final = last.clone()
    while not final.is_terminal():
        if final.is_chance():
            final.apply_chance(final.sample_chance(random.Random(0)))
        else:
            final.apply(final.legal_actions()[0])
    values = GAME.evaluate(final)
    assert values == [1.0 / len(final.winners) if q in final.winners else 0.0
                      for q in range(2)]


def test_playouts_stop_once_the_round_is_decided():
    """A playout ends with its round: the match is over, or the round is scored and the next
    deal is left undone (its value does not depend on it)."""
    search = Search(GAME, 0, random.Random(3), compiled=False)
    ended_rounds = 0
    for state, _, world in worlds(4, "seed", {}, every=2):
        start_round = world.round
        values = search.playout(world)
        assert world.is_terminal() or (world.is_chance() and world.round == start_round)
        assert world.rounds_done == state.rounds_done + 1
        if not world.is_terminal():
            dealt = world.clone()
            dealt.apply_chance(dealt.sample_chance(random.Random(0)))
            assert GAME.evaluate(dealt) == pytest.approx(values)
        ended_rounds += 1
    assert ended_rounds > 5
    assert not bot.rollout_done(world, world, 1)


def test_playouts_without_the_chance_stop_deal_the_next_round(monkeypatch):
    monkeypatch.setattr(bot, "ROLLOUT_DONE_AT_CHANCE", False)
    search = Search(GAME, 0, random.Random(3), compiled=False)
    for state, _, world in worlds(4, "seed", {}, every=3):
        start_round = world.round
        search.playout(world)
        assert world.is_terminal() or world.round == start_round + 1
        assert world.rounds_done == state.rounds_done + 1


def test_compiled_playouts_score_worlds_as_the_python_playouts_do():
    """The kernel's playout (the same policy, stop and evaluation) gives each world the mean
    value the Python playout gives it, and leaves the world as it was."""
    compared = 0
    for players in (2, 4):
        python = Search(GAME, 0, random.Random(1), compiled=False)
        compiled = Search(GAME, 0, random.Random(2))
        for _, _, world in list(worlds(players, "seed", {}, every=5))[:4]:
            before = world.snapshot()
            runs = 1500
            mine = [sum(v) for v in zip(*(compiled.playout(world) for _ in range(runs)))]
            assert world.snapshot() == before
            theirs = [sum(v) for v in zip(*(python.playout(world.clone())
                                            for _ in range(runs)))]
            assert compiled._compiled is not None
            for a, b in zip(mine, theirs, strict=True):
                assert abs(a - b) / runs < 0.05, (mine, theirs)
            compared += 1
    assert compared >= 6


def test_search_finds_the_sure_guard():
    """p1 looked at p2's King with the Priest; p2 had to play the Countess and kept the King;
    p1 now holds a Guard and a Baron: naming 6 wins the round for sure (the Baron loses)."""
    state = sure_guard()
    seat = state.current_player()
    assert seat == 0 and "guard p2 6" in [state.action_to_text(a)
                                          for a in state.legal_actions()]
    agent = ISMCTSAgent(GAME, state.config, seat, random.Random(5), iterations=400)
    ranked = agent.analyse(state.view(seat), state.legal_actions())
    assert ranked[0].text == "guard p2 6"
    assert ranked[0].value > 0.6


def test_hard_level_is_budgeted():
    hard = settings(GAME, "hard")
    assert hard["agent"] == "ismcts" and hard["iterations"] and hard["seconds"] <= 1.0


@pytest.mark.parametrize("players,preset,options", CONFIGS + [(3, "seed",
                                                                {"next_starter": "random"})])
def test_resolve_chance_is_applying_a_sampled_outcome(players, preset, options):
    """The search's resolve_chance(rng) leaves the very position apply_chance(sample_chance(
    rng)) does with the same generator, at every random event of random matches."""
    config = GAME.configure(players, preset, options)
    for seed in range(4):
        rng, spelled_rng = random.Random(seed), random.Random(seed)
        state, spelled = GAME.new_state(config), GAME.new_state(config)
        events = 0
        while not state.is_terminal():
            if state.is_chance():
                state.resolve_chance(rng)
                spelled.apply_chance(spelled.sample_chance(spelled_rng))
                events += 1
            else:
                legal = state.legal_actions()
                action = legal[rng.randrange(len(legal))]
                spelled_rng.randrange(len(legal))
                state.apply(action)
                spelled.apply(action)
            assert state.snapshot() == spelled.snapshot()
        assert events >= 2



KEPT_OVER_COUNTESS = [stack(2, "guard", ["guard", "baron"], ["handmaid", "countess", "prince"],
                            face_up=["guard", "guard", "guard"]), "handmaid", "countess"]
"""p1 played the Handmaid, p2 kept a card over the Countess it played; p1 now holds a Guard
and a Prince. Unseen by p1: a Guard, 2 Priests, 2 Barons, a Handmaid, a Prince, the King and
the Princess."""


def test_worlds_deal_a_rival_the_card_it_likely_kept():
    """The rival is dealt in proportion to the likelihood of keeping each card over the one it
    played (one in ten for a lower card; always a King or Prince, which force the Countess,
    and the Princess): a Prince 1 of 3.6 weights, not the 1 in 9 of a uniform deal."""
    state = run(2, KEPT_OVER_COUNTESS)
    view = state.view(0)
    know = Knowledge(state.rules.deck, 2, 0).read(view["log"])
    assert know.kept_over == [None, C.COUNTESS]
    rng = random.Random(3)
    hands = [GAME.sample_world(view, rng).hands[1] for _ in range(4000)]
    assert hands.count(C.PRINCE) / len(hands) == pytest.approx(1 / 3.6, abs=0.03)
    assert hands.count(C.BARON) / len(hands) == pytest.approx(0.2 / 3.6, abs=0.02)


def test_a_prince_discard_forgets_what_the_rival_kept():
    state = run(2, [*KEPT_OVER_COUNTESS, "prince p2"])
    view = state.view(0)
    assert Knowledge(state.rules.deck, 2, 0).read(view["log"]).kept_over[1] is None
    assert search._last_play(state, 1) is None


def test_playout_guard_favours_what_the_rival_likely_kept(monkeypatch):
    """The playout's Guard weighs the copies p1 has not seen by the same likelihood: 5 (a
    Prince) 1 of 3.5 weights instead of 1 of 8."""
    monkeypatch.setattr(search, "PLAYOUT_NOISE", 0.0)
    state = run(2, KEPT_OVER_COUNTESS)
    assert search._last_play(state, 1) == C.COUNTESS and search._last_play(state, 0) == \
        C.HANDMAID
    rng = random.Random(2)
    guesses = [state.action_to_text(bot.rollout_action(state, rng)) for _ in range(2000)]
    assert guesses.count("guard p2 5") / len(guesses) == pytest.approx(1 / 3.5, abs=0.03)
    assert guesses.count("guard p2 3") / len(guesses) == pytest.approx(0.2 / 3.5, abs=0.02)


def test_a_watched_baron_bounds_the_winner_s_card():
    """p1 watches p2's Baron beat p3's Priest: p2 holds more than 2 (and kept it over the
    Baron); the worlds p1 samples deal p2 a Guard or Priest almost never."""
    state = run(4, [stack(4, "guard", ["guard", "king", "priest", "guard"],
                          ["handmaid", "baron", "prince"]), "handmaid", "baron p3"])
    view = state.view(0)
    know = Knowledge(state.rules.deck, 4, 0).read(view["log"])
    assert know.bounds[1] == (2, 99) and know.kept_over[1] == C.BARON
    assert know.bounds[2] is None
    weights = know.hand_weights(1, state.rules)
    assert weights[C.KING] == 0.9 and weights[C.GUARD] == pytest.approx(0.1 * 0.02)
    rng = random.Random(5)
    hands = [GAME.sample_world(view, rng).hands[1] for _ in range(2000)]
    assert sum(h in (C.GUARD, C.PRIEST) for h in hands) / len(hands) < 0.02


def test_rivals_with_the_same_hint_are_dealt_alike():
    """Two rivals who both kept a card over a King, a Princess and four Guards unseen: each
    holds the Princess about 0.4 / 0.92 of the worlds (the product of the weights), the
    first seat no more often than the second."""
    from gonets.games.loveletter.views.knowledge import keep_weights
    from gonets.games.loveletter.views.worlds import _deal_weighted

    state = run(2, KEPT_OVER_COUNTESS)
    weights = keep_weights(state.rules, C.KING)
    slots = [("hand", 1, None), ("hand", 2, None)]
    rng, deals = random.Random(1), 20000
    firsts = seconds = 0
    for _ in range(deals):
        chosen, _ = _deal_weighted(slots, [0, 1], [C.GUARD] * 4 + [C.PRINCESS], rng,
                                   [weights, weights])
        firsts += chosen[0] == C.PRINCESS
        seconds += chosen[1] == C.PRINCESS
    assert abs(firsts - seconds) / deals < 0.02
    assert firsts / deals == pytest.approx(0.4 / 0.92, abs=0.04)


def test_the_viewer_s_own_hints_are_never_passed_on_by_a_swap():
    state = run(3, [stack(3, "guard", ["guard", "prince", "guard"],
                          ["handmaid", "baron", "king", "priest", "guard"]),
                    "handmaid", "baron p3", "king p2", "priest p1", "prince p2"])
    know = Knowledge(state.rules.deck, 3, 0).read(state.view(0)["log"])
    assert know.bounds[0] is None and know.kept_over[0] is None
