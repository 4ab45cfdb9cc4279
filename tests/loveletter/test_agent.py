"""The heuristic bot: plays every preset and player count, follows its knowledge, never throws
the Princess away, and beats random players clearly."""

import random

import pytest

from gonets.agents import make_agent
from gonets.agents.base import RandomAgent
from gonets.core import play_match
from gonets.games.loveletter import GAME
from gonets.games.loveletter.bot import Belief, HeuristicAgent
from gonets.games.loveletter.notation import split_play as parse
from gonets.sim.stats import Proportion
from tests.loveletter.helpers import run, stack

SIM_GAMES = 300


def bot(config, seat: int, seed: int = 0) -> HeuristicAgent:
    return HeuristicAgent(GAME, config, seat, random.Random(seed))


def choice(state, seed: int = 0) -> str:
    """What the bot does for the deciding seat of ``state``."""
    seat = state.current_player()
    agent = bot(state.config, seat, seed)
    action = agent.act(state.view(seat), list(state.legal_actions()))
    return state.action_to_text(action)


def configurations():
    for preset in GAME.presets:
        low, high = GAME.player_range(preset.name)
        for players in range(low, high + 1):
            yield pytest.param(preset.name, players, id=f"{preset.name}-{players}p")


def test_registered_as_heuristic():
    config = GAME.configure(4)
    agent = make_agent("heuristic", GAME, config, 2, seed=1)
    assert isinstance(agent, HeuristicAgent) and agent.seat == 2


@pytest.mark.parametrize("preset,players", list(configurations()))
def test_full_games_on_every_preset_and_player_count(preset, players):
    config = GAME.configure(players, preset)
    agents = [bot(config, seat, seat) for seat in range(players)]
    match = play_match(GAME, config, agents, seed=players)
    assert match.state.is_terminal() and match.state.result().winners


@pytest.mark.parametrize("options", [{"spare_card": "look_swap_burn"},
                                     {"spare_card": "look_swap", "guard_guess": "character",
                                      "bishop_guess": "character", "next_starter": "random"},
                                     {"sycophant_self_exempt": True,
                                      "countess_trigger": "values"}])
@pytest.mark.parametrize("players", [2, 5])
def test_full_games_with_option_variants(options, players):
    config = GAME.configure(players, "seed", options)
    agents = [bot(config, seat, seat) for seat in range(players)]
    assert play_match(GAME, config, agents, seed=11).state.is_terminal()


class Watcher(HeuristicAgent):
    """The bot, checked at every decision it makes."""

    checked = 0

    def act(self, view, legal):
        action = super().act(view, legal)
        text = view["legal"][list(legal).index(action)]
        hand = view["hand"]
        me = f"p{self.seat + 1}"
        if view["phase"] == "play" and "princess" in hand:
            others = [t for t in view["legal"] if not t.startswith("princess")
                      and t != f"prince {me}"]
            if others:
                Watcher.checked += 1
                assert not text.startswith("princess"), (hand, view["legal"])
                assert text != f"prince {me}", (hand, view["legal"])
        if view["phase"] == "redraw" and hand == ["princess"]:
            assert text == "keep"
        return action


def test_never_discards_the_princess_by_choice():
    Watcher.checked = 0
    for preset, players in (("seed", 4), ("seed", 6), ("classic-2012", 2), ("zman-2019", 5)):
        config = GAME.configure(players, preset)
        for game in range(8):
            agents = [Watcher(GAME, config, s, random.Random(f"{game}:{s}"))
                      for s in range(players)]
            play_match(GAME, config, agents, seed=game)
    assert Watcher.checked > 20


def test_princess_kept_when_the_other_card_is_weak():
    deck = stack(3, "guard", ["princess", "guard", "priest"], ["guard"])
    state = run(3, [deck])
    assert choice(state).startswith("guard ")


def test_guard_names_the_card_seen_with_the_priest():
    """p1 looks at p2 (a Baron), the others play on, then p1 holds two Guards."""
    deck = stack(4, "guard", ["priest", "baron", "priest", "king"],
                 ["guard", "guard", "prince", "guard", "guard"])
    state = run(4, [deck, "priest p2", "guard p3 5", "priest p4", "guard p3 2"])
    assert state.view(0)["hand"] == ["guard", "guard"]
    assert choice(state) == "guard p2 3"


def test_guard_names_a_known_character_in_the_classic_preset():
    preset = "classic-2012"
    deck = stack(4, "guard", ["priest", "baron", "priest", "king"],
                 ["guard", "guard", "prince", "guard", "guard"], preset=preset)
    state = run(4, [deck, "priest p2", "guard p3 prince", "priest p4", "guard p3 priest"],
                preset=preset)
    assert choice(state) == "guard p2 baron"


def test_guard_guesses_the_most_likely_unseen_value():
    """Nothing is known: the Guard names a value with the most unseen copies."""
    deck = stack(4, "guard", ["guard", "priest", "priest", "baron"], ["guard"])
    state = run(4, [deck])
    belief = Belief(state.view(0))
    assert belief.pool["guard"] == 3 and belief.pool["priest"] == 2   # own two Guards out
    guess = int(choice(state).split()[2])
    unseen = {2: 2, 3: 2, 4: 2, 5: 2, 6: 1, 7: 1, 8: 1}
    assert unseen[guess] == max(unseen.values())


def test_prince_on_the_player_known_to_hold_the_princess():
    deck = stack(3, "guard", ["priest", "princess", "guard"],
                 ["prince", "guard", "guard", "handmaid"])
    state = run(3, [deck, "priest p2", "guard p3 5", "guard p2 3"])
    assert state.view(0)["hand"] == ["prince", "handmaid"]
    assert choice(state) == "prince p2"


def test_baron_avoided_against_a_higher_known_card():
    deck = stack(3, "guard", ["priest", "king", "guard"], ["baron", "guard", "guard", "guard"])
    state = run(3, [deck, "priest p2", "guard p3 5", "guard p2 3"])
    assert sorted(state.view(0)["hand"]) == ["baron", "guard"]
    assert not choice(state).startswith("baron")


def test_baron_used_against_a_lower_known_card():
    deck = stack(3, "guard", ["priest", "priest", "guard"], ["countess", "guard", "guard",
                                                              "baron"])
    state = run(3, [deck, "priest p2", "guard p3 5", "guard p1 3"])
    assert sorted(state.view(0)["hand"]) == ["baron", "countess"]
    assert choice(state) == "baron p2"


def test_countess_when_forced():
    deck = stack(3, "guard", ["countess", "guard", "guard"], ["king"])
    assert choice(run(3, [deck])) == "countess"


def test_handmaid_protects_a_high_card():
    deck = stack(3, "guard", ["handmaid", "guard", "guard"], ["countess"])
    assert choice(run(3, [deck])) == "handmaid"


def test_redraw_keeps_the_princess_and_drops_a_low_card():
    deck = stack(5, "guard", ["bishop", "princess", "guard", "guard", "guard"], ["baron"])
    state = run(5, [deck, "bishop p2 8"])
    assert state.view(1)["phase"] == "redraw" and choice(state) == "keep"
    deck = stack(5, "guard", ["bishop", "jester", "guard", "guard", "guard"], ["baron"])
    state = run(5, [deck, "bishop p2 0"])
    assert choice(state) == "redraw"


def test_chancellor_keeps_the_best_card():
    preset = "zman-2019"
    deck = stack(3, "guard", ["chancellor", "priest", "baron"], ["guard", "princess", "spy"],
                 preset=preset)
    state = run(3, [deck, "chancellor"], preset=preset)
    assert choice(state).startswith("chancellor keep princess bottom ")


def test_jester_bets_on_the_player_with_the_known_high_card():
    deck = stack(5, "guard", ["priest", "princess", "guard", "guard", "guard"],
                 ["jester", "guard", "guard", "guard", "guard", "baron"])
    state = run(5, [deck, "priest p2", "guard p3 5", "guard p4 5", "guard p5 5",
                    "guard p1 5"])
    assert sorted(state.view(0)["hand"]) == ["baron", "jester"]
    assert choice(state) != "baron p2"                    # she would win the comparison
    options = [t for t in state.view(0)["legal"] if t.startswith("jester ")]
    agent = bot(state.config, 0)
    belief = Belief(state.view(0))
    scores = {t: agent._play_score(state.view(0), belief, t) for t in options}
    assert max(scores, key=scores.get) == "jester p2"


def test_sycophant_marks_itself_with_the_assassin():
    deck = stack(5, "guard", ["sycophant", "guard", "guard", "guard", "guard"], ["assassin"])
    assert choice(run(5, [deck])) == "sycophant p1"


def test_parse_notation():
    assert parse("guard p2 5") == {"card": "guard", "targets": [1], "guess": "5",
                                   "look": None}
    assert parse("cardinal p1 p3 look p3")["look"] == 2
    assert parse("priest spare")["targets"] == ["spare"]
    assert parse("handmaid")["targets"] == []


def test_belief_from_a_watched_baron():
    """p3 sees p1's Baron knock out p2 (who shows a Priest): p1 holds more than 2."""
    deck = stack(3, "guard", ["baron", "priest", "guard"], ["king", "guard"])
    state = run(3, [deck, "baron p2"])
    belief = Belief(state.view(2))
    assert belief.floor == {0: 2}
    assert all(belief.value[k] > 2 for k in belief.dist(0))


def test_beats_random_players_clearly():
    """Heuristic in one seat (rotating) against three random players, seed preset."""
    config = GAME.configure(4, "seed")
    wins = 0
    for game in range(SIM_GAMES):
        me = game % 4
        agents = [bot(config, s, game) if s == me else
                  RandomAgent(GAME, config, s, random.Random(f"{game}:{s}")) for s in range(4)]
        winners = play_match(GAME, config, agents, seed=1000 + game).state.result().winners
        if me in winners:
            wins += 1 / len(winners)
    low, _ = Proportion(wins, SIM_GAMES).interval
    assert low > 0.30, f"heuristic won {wins}/{SIM_GAMES}"


def test_knows_which_of_its_cards_a_rival_has_seen():
    """p2 looks at p1's Prince with the Priest: p1 treats it as exposed until it is gone."""
    deck = stack(3, "guard", ["prince", "priest", "guard"],
                 ["guard", "baron", "guard", "handmaid", "guard"])
    state = run(3, [deck, "guard p3 5", "priest p1", "guard p2 4"])
    view = state.view(0)
    assert view["hand"] == ["prince", "handmaid"]
    assert Belief(view).exposed == "prince"
    assert Belief(state.view(1)).exposed is None                  # p2 saw, p2 is not exposed
    text = choice(state)
    assert text == "handmaid" or text.startswith("prince ")       # protect it or shed it
    state = run(3, [deck, "guard p3 5", "priest p1", "guard p2 4", "prince p3"])
    assert Belief(state.view(0)).exposed is None
    state = run(3, [deck, "guard p3 5", "priest p1", "guard p2 3"])
    assert Belief(state.view(0)).exposed is None                  # the one who saw is out


def test_a_rival_who_played_the_countess_likely_holds_a_king_or_prince():
    deck = stack(3, "guard", ["guard", "countess", "priest"], ["guard", "prince", "guard"])
    state = run(3, [deck, "guard p3 5", "countess", "priest p1"])
    belief = Belief(state.view(0))
    assert 1 in belief.countess
    plain = belief.pool["king"] / sum(belief.pool.values())
    assert belief.chance(1, {"king"}) > plain


def test_a_rival_who_played_a_prince_does_not_hold_the_countess():
    deck = stack(3, "guard", ["guard", "prince", "priest"], ["guard", "guard", "guard"])
    state = run(3, [deck, "guard p3 5", "prince p3"])
    belief = Belief(state.view(0))
    assert belief.chance(1, {"countess"}) == 0.0 and belief.pool["countess"] == 1
