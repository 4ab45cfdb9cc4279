"""The rule fixes of issue 13, each as a stacked scenario (chosen deal, deck tops and dice)."""

import random

import pytest

from gonets.agents import make_agent
from gonets.core import CHANCE, OptionError, get_game, play_match
from tests.babayaga.helpers import C, act, events, legal, new, roll
from tests.babayaga.test_elements import duo


def start_on_tokens(s, loc, *tokens):
    """The active hero stands on ``loc`` with ``tokens`` at the start of his turn."""
    p = s.players[s.active]
    p.loc = loc
    for tok in tokens:
        s.tokens[tok] = loc
        s.serial[tok] += 1
    s.stack = [{"op": "turn", "stage": "start_tokens"}]
    s.ask = None
    s._run()
    return p


def roll_all(s, value):
    roll(s, [value] * s.ask[2])


def test_a_hero_moved_off_the_space_does_not_meet_the_tokens_he_left():
    """White Dawn (round 1 is dawn) won: 'move up to 2 spaces' takes Ilya away from the Hut
    that shared the space; the Hut is not met (B7: such moves trigger no encounter)."""
    s = duo()
    p = start_on_tokens(s, "rye_fields", "horseman", "hut")
    assert events(s, "encounter")[-1]["card"] == "H_WHITE"
    roll_all(s, 6)
    assert legal(s)[0].startswith("step ")
    act(s, "step tsarov")
    assert p.loc == "tsarov"
    assert [e["card"] for e in events(s, "encounter")] == ["H_WHITE"]     # no Hut encounter
    assert "HUT" not in [e["card"] for e in events(s, "won") + events(s, "lost")]


def test_minus_one_to_all_challenges_lowers_challenges_but_not_the_move():
    """The Priest in the Tree's 'Mauled! -1 to all challenges next turn' (ability any) leaves
    the spaces of the move alone and takes one die off the challenge."""
    s = duo(top={"wilderness": ["W38"]})
    p = s.players[0]
    p.loc = "rye_fields"
    p.effects = [["any", -1, "next_turn", p.turns - 1, None]]
    assert s.move_allowance(p) == s.ability(p, "move") == 1
    assert s.lingering(p, "fight", "next_turn") == -1
    s.players[0].effects.append(["move", -1, "next_turn", p.turns - 1, None])
    assert s.move_allowance(p) == 0                      # a Move modifier still counts


def test_red_sun_loss_applies_at_the_end_of_the_turn_not_to_the_next_challenge():
    """Noon: Ilya meets the Horseman (Red Sun, Fight 4) and Baba Yaga on one space. He loses
    to Red Sun; its '-1 die on the next Fight challenge' waits for the end of the turn, so
    Baba Yaga's Fight challenge this turn gets his whole pool (seed: lose conditions apply at
    the end of the turn)."""
    s = duo()
    s.time_idx = 1                                        # noon: Red Sun rides
    p = start_on_tokens(s, "rye_fields", "horseman", "baba_yaga")
    fight = s.ability(p, "fight")
    assert events(s, "encounter")[-1]["card"] == "H_RED"
    roll_all(s, 1)                                        # Red Sun lost
    assert not p.effects                                  # the lose result waits
    assert events(s, "encounter")[-1]["card"] == "BY1"
    roll_all(s, 6)                                        # Cunning 4 won
    assert s.ask[1] == "dice" and s.ask[2] == fight       # Fight 4: no die lost
    roll_all(s, 6)
    roll_all(s, 6)                                        # Cunning 5: Baba Yaga #1 beaten
    while s.current_player() != CHANCE and s.active == 0 and not p.effects:
        act(s, legal(s)[0])
    assert p.effects[0][:3] == ["fight", -1, "next_challenge"]     # applied at the end


def test_a_killing_loss_waits_for_the_end_of_the_turn_and_ends_the_token_meetings():
    """Night: Black Night (killed) is lost; the Hut on the same space is not met afterwards,
    and the death comes at the end of the turn."""
    s = duo()
    s.time_idx = 2
    p = start_on_tokens(s, "rye_fields", "horseman", "hut")
    act(s, "choose fight")
    roll_all(s, 1)
    assert [e["card"] for e in events(s, "encounter")] == ["H_BLACK"]
    assert events(s, "killed") and p.loc == C.quests["the_firebird"]["start"]
    assert s.stack[-1]["op"] != "meet"


def test_forlorn_hills_loss_cancelled_by_the_flask_does_not_log_a_missed_turn():
    s = duo()
    p = s.players[0]
    p.loc = "forlorn_hills"
    p.cards.append("W33")                                 # Flask of Living Water
    act(s, "move forlorn_hills")
    act(s, "special")
    roll_all(s, 1)
    assert "use w33" in legal(s)
    act(s, "use w33")
    assert p.skip == 0
    assert not events(s, "miss_turn")


def test_forlorn_hills_loss_logs_the_missed_turn_once():
    s = duo()
    p = s.players[0]
    p.loc = "forlorn_hills"
    act(s, "move forlorn_hills")
    act(s, "special")
    roll_all(s, 1)
    assert p.skip == 1 and len(events(s, "miss_turn")) == 1


def solo(**kw):
    return new("solo", 1, chars=["ilya_muromets"], quests=["the_firebird"], **kw)


def test_solo_hut_card_moves_the_hut_off_your_space():
    """Solo: only a 'move one space' goes toward you (seed, Solo Play); the Hut card's Hut 3
    is yours to direct, exactly 3 spaces along a path without repeats (#31, B12), so the Hut
    leaves your space and cannot pin you turn after turn (#35)."""
    s = solo()
    s.apply_chance(1)                                     # the time die: dawn
    p = start_on_tokens(s, "rye_fields", "hut")
    assert events(s, "encounter")[-1]["card"] == "HUT"
    roll_all(s, 6)
    while s.current_player() == CHANCE:
        s.apply_chance(s.sample_chance(random.Random(1)))
    texts = legal(s)
    assert texts and all(t.startswith("hut ") for t in texts)
    assert "hut rye_fields" not in texts
    act(s, texts[0])
    assert s.tokens["hut"] != p.loc


def test_solo_one_space_moves_still_go_toward_you():
    s = solo()
    p = s.players[0]
    p.loc = "crossroads"
    s.tokens["hut"] = "bone_fence"
    s.turn["token_moves"] = [["hut", 1, "chooser"]]
    s.stack = [{"op": "turn", "stage": "token_step"}]
    s.ask = None
    s._run()
    assert s.tokens["hut"] == "crossroads"


def test_solo_heuristic_bot_never_stalls_on_a_token():
    """The heuristic bot in solo: every match ends well before the round cap (the Hut cannot
    pin it, and it sends the Hut away from itself)."""
    game = get_game("babayaga")
    config = game.configure(1, "solo")
    for i in range(12):
        agents = [make_agent("heuristic", game, config, 0, seed=f"stall:{i}")]
        state = play_match(game, config, agents, seed=500 + i).state
        assert state.outcome["how"] != "max_rounds" and state.round < 120, state.round



def test_numeric_options_are_bounded_and_named_in_the_error():
    game = get_game("babayaga")
    for name, bad, shown in (("extra_removed", 16, "0 to 15"), ("max_rounds", 5000, "1 to 1000"),
                             ("max_rounds", 0, "1 to 1000"),
                             ("steal_attempts_per_turn", 3, "0 to 2"),
                             ("extra_removed", "many", "0 to 15")):
        with pytest.raises(OptionError) as err:
            game.configure(2, "competitive", {name: bad})
        assert name in str(err.value) and shown in str(err.value)
    assert game.configure(2, "competitive", {"max_rounds": 1000})["max_rounds"] == 1000


def test_solo_bot_does_not_walk_into_baba_yaga_on_its_goal_while_unready():
    """Baba Yaga #3 (Fight 5, Cunning 5, Fight 6) on the Firebird's Glade and a hero with one
    die: meeting her only kills, and she does not move while nobody has Rep 3 (the stall of
    seed 627 of the balance check); the bot draws cards elsewhere instead."""
    s = solo()
    s.apply_chance(5)                                     # night: the step is due
    s.by_beaten = 2
    s.tokens["baba_yaga"] = "firebirds_glade"
    s.players[0].loc = "home_of_morozko"
    s.reask()
    view = s.view(0)
    assert "move firebirds_glade" in view["legal"]
    bot = make_agent("heuristic", get_game("babayaga"), s.config, 0, seed=1)
    for _ in range(5):
        assert bot.choose(view, view["legal"]) != "move firebirds_glade"
