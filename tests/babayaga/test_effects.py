"""Card effects and abilities, first-player duties and the remaining end conditions."""

import random

from gonets.core import CHANCE
from tests.babayaga.helpers import act, events, legal, new, roll
from tests.babayaga.test_elements import duo, finish_turn


def draw_at(s, card_top_loc="rye_fields"):
    s.players[s.active].loc = card_top_loc
    act(s, f"move {card_top_loc}")


def test_nastasya_starts_with_the_heroic_steed_pulled_from_the_deck():
    s = new(chars=["nastasya_mikulichna", "ilya_muromets"],
            quests=["the_firebird", "waters_of_life"])
    assert s.players[0].cards == ["W12"]
    assert "W12" not in s.decks["wilderness"] + s.removed["wilderness"]
    assert s.move_allowance(s.players[0]) == 2


def test_dobrynya_in_towns_and_marya_at_night():
    s = new(chars=["dobrynya_nikitich", "marya_morevna"], quests=["the_firebird", "waters_of_life"],
            top={"town": ["T05"]})
    act(s, "move tsarov")
    assert s.ask[2] == 2                                 # Cunning 1 + Envoy in a town
    s2 = new(chars=["marya_morevna", "ilya_muromets"], quests=["the_firebird", "waters_of_life"],
             top={"wilderness": ["W15"]})
    s2.time_idx = 2
    draw_at(s2)
    assert s2.ask[2] == 2                                # Fight 1 + Warrior Queen at night


def test_leshii_loss_lets_the_left_player_move_you_two_spaces():
    s = duo(top={"wilderness": ["W04"]})
    draw_at(s)
    roll(s, [1])
    assert s.current_player() == 1                       # the player on the left chooses
    assert all(t.startswith("step ") for t in legal(s))
    act(s, "step vasilev")
    assert s.players[0].loc == "vasilev"


def test_solo_left_player_move_is_a_random_outcome():
    s = new("solo", 1, chars=["ilya_muromets"], quests=["the_firebird"],
            top={"wilderness": ["W04"]})
    s.apply_chance(1)
    s.players[0].loc = "rye_fields"
    act(s, "move rye_fields")
    roll(s, [1])
    assert s.ask[:2] == ("chance", "pick")
    s.apply_chance("vasilev")
    assert s.players[0].loc == "vasilev"


def test_will_o_wisps_move_one_step_toward_bone_fence_without_encounter():
    s = duo(top={"wilderness": ["W38"]})
    s.players[0].loc = "riverside_meadow"
    act(s, "move riverside_meadow")
    assert s.players[0].loc == "rye_fields"              # the only step closer
    assert not events(s, "roll")


def test_blizzard_gives_every_character_minus_one_move_next_turn():
    s = duo(top={"wilderness": ["W20"]})
    draw_at(s)
    assert all(p.effects == [["move", -1, "next_turn", p.turns, "W20"]] for p in s.players)
    assert s.reminder == [["W20", 0], ]


def test_boyars_debt_choose_an_item_or_a_missed_turn():
    s = duo(top={"town": ["T14"]})
    s.players[0].cards.append("W40")
    act(s, "move tsarov")
    assert legal(s) == ["option 1", "option 2"]
    act(s, "option 1")
    assert "W40" in s.discard["wilderness"] and not s.players[0].skip
    s2 = duo(top={"town": ["T14"]})
    act(s2, "move tsarov")
    assert s2.players[0].skip                            # no Item: only the missed turn


def test_tax_collector_takes_a_flagged_card_or_an_item():
    s = duo(top={"town": ["T21"]})
    s.players[0].cards += ["W17", "W40"]
    act(s, "move tsarov")
    act(s, "option 1")
    assert s.players[0].cards == ["W40"]


def test_church_bells_send_baba_yaga_away():
    s = duo(top={"town": ["T17"]})
    s.tokens["baba_yaga"] = "rye_fields"
    act(s, "move tsarov")
    while legal(s) and legal(s)[0].startswith("baba "):
        act(s, legal(s)[0])
    d = s.c.dist["flight"]["tsarov"]
    assert d[s.tokens["baba_yaga"]] == 3


def test_white_dawn_win_moves_up_to_two_more_spaces():
    s = duo()
    s.tokens["hut"] = "crossroads"
    s.players[0].loc = "rye_fields"
    act(s, "move bone_fence")
    roll(s, [6])
    assert "step bone_fence" in legal(s) and "step tsarov" in legal(s)
    act(s, "step tsarov")
    assert s.players[0].loc == "tsarov" and not events(s, "draw")


def test_red_sun_loss_is_minus_one_die_on_the_next_fight():
    s = duo()
    s.time_idx = 1
    s.tokens["hut"] = "crossroads"
    s.players[0].loc = "rye_fields"
    act(s, "move bone_fence")
    roll(s, [1, 1])
    assert s.players[0].effects == [["fight", -1, "next_challenge", 1, None]]


def test_escape_lets_you_throw_items_for_dice():
    s = duo()
    p = s.players[0]
    p.cards += ["W17", "W18", "W19", "W40", "W13"]
    s.by_beaten = 1
    s.tokens["baba_yaga"] = "crossroads"
    p.loc = "tsarov"
    act(s, "move crossroads")
    assert legal(s) == ["pay w40", "pay w13", "roll"]
    act(s, "pay w40")
    act(s, "roll")
    assert s.ask[2] == 3                                 # Move 1, +1 Boots, +1 thrown Sabre
    assert "W40" in s.discard["wilderness"]


def test_vasilisa_adds_a_die_against_the_first_baba_yaga_card():
    s = duo()
    p = s.players[0]
    p.cards += ["W17", "W18", "W19", "T09"]
    s.tokens["baba_yaga"] = "crossroads"
    p.loc = "tsarov"
    act(s, "move crossroads")
    assert s.ask[2] == 2


def test_deck_out_tie_and_baba_yaga_tie_without_the_defeater_have_no_winner():
    s = duo()
    s.decks["wilderness"] = s.decks["wilderness"][-1:]
    s.players[0].loc = "rye_fields"
    act(s, "move rye_fields")
    rng = random.Random(4)
    while not s.is_terminal():
        if s.current_player() == CHANCE:
            outcome = s.sample_chance(rng)
            if s.ask[1] == "dice":
                outcome = [1] * len(outcome)             # nobody gains Rep
            s.apply_chance(outcome)
        else:
            texts = legal(s)
            act(s, "accept" if "accept" in texts else texts[0])
    assert s.outcome["how"] == "deck_out" and s.result().winners == []
    s2 = new("competitive", 3, chars=["ilya_muromets", "fyodor_lyzhnikov", "marya_morevna"],
             quests=["the_firebird", "waters_of_life", "tugarins_insult"])
    p, q, r = s2.players
    s2.by_beaten = 2
    q.cards += ["W17", "W18", "W19", "W25"]
    r.cards += ["T02", "T03", "T04", "T11"]
    s2.tokens["baba_yaga"] = "crossroads"
    p.loc = "tsarov"
    act(s2, "move crossroads")
    roll(s2, [6, 6])
    roll(s2, [6])
    roll(s2, [6, 6])
    assert s2.is_terminal() and s2.result().winners == []


def test_elimination_in_competitive_play_goes_on_and_the_role_of_first_passes():
    s = new("competitive", 3, chars=["ilya_muromets", "fyodor_lyzhnikov", "marya_morevna"],
            quests=["slay_the_dragon", "waters_of_life", "tugarins_insult"])
    p = s.players[0]
    p.step, p.loc = 5, "pass_of_devils"
    p.cards += ["W40"]
    act(s, "move dragons_heart")
    roll(s, [1, 1, 1])
    assert p.elim and "W40" in s.discard["wilderness"] and not s.is_terminal()
    # rule #6: the role passes at once; p2's coming turn is the first of a new round
    assert s.active == 1 and s.first == 1 and s.round == 2
    finish_turn(s)
    finish_turn(s)
    assert s.active == 1 and s.round == 3 and s.time() == "night"


def test_solo_hard_mode_death_loses_and_round_cap_ends_like_deck_out():
    s = new("solo", 1, chars=["ilya_muromets"], quests=["the_firebird"], solo_lose_on_death=True,
            top={"wilderness": ["W27"]})
    s.apply_chance(1)
    s.players[0].loc = "rye_fields"
    act(s, "move rye_fields")
    roll(s, [1, 1])
    assert s.is_terminal() and s.outcome["how"] == "died"
    s2 = duo(max_rounds=1)
    finish_turn(s2)
    finish_turn(s2)
    assert s2.is_terminal() and s2.outcome["how"] == "max_rounds"
