"""Every end condition of every mode (rules file 3.1, #50-#53, B38-B42)."""

import random

import pytest

from tests.babayaga.helpers import act, new, roll
from tests.babayaga.test_elements import finish_turn

CHARS = ["ilya_muromets", "fyodor_lyzhnikov"]
QUESTS = ["the_firebird", "waters_of_life"]


def table(mode):
    if mode == "solo":
        s = new("solo", 1, chars=CHARS[:1], quests=QUESTS[:1])
        s.apply_chance(1)                                # dawn
        return s
    return new(mode, 2, chars=CHARS, quests=QUESTS)


@pytest.mark.parametrize("mode, winners", [("cooperative", []), ("solo", [])])
def test_deck_out_loses_in_cooperative_and_solo(mode, winners):
    s = table(mode)
    s.decks["wilderness"] = s.decks["wilderness"][-1:]
    s.players[0].loc = "rye_fields"
    act(s, "move rye_fields")                            # draws the last Wilderness card
    finish_turn(s, random.Random(1))
    assert s.is_terminal() and s.outcome["how"] == "deck_out"
    assert s.result().winners == winners


def test_deck_out_in_competitive_goes_to_the_highest_rep():
    s = table("competitive")
    s.decks["town"] = s.decks["town"][-1:]
    s.players[1].cards += ["W17", "W18"]                 # Rep 2 against Rep 0
    s.players[0].loc = "tsarov"
    s.players[0].cards.append("W16")                    # no Rep: the town card cannot tie
    act(s, "move tsarov")
    finish_turn(s, random.Random(2))
    assert s.outcome["how"] == "deck_out" and s.result().winners == [1]


@pytest.mark.parametrize("mode, winners", [("cooperative", [0, 1]), ("solo", [0])])
def test_beating_the_third_baba_yaga_card_wins_cooperative_and_solo(mode, winners):
    s = table(mode)
    p = s.players[0]
    s.by_beaten = 2
    p.cards += ["W17", "W18", "W19"]
    s.tokens["baba_yaga"] = "crossroads"
    p.loc = "tsarov"
    act(s, "move crossroads")
    for _ in range(3):                                   # Fight 5, Cunning 5, Fight 6
        roll(s, [6] * s.ask[2])
    assert s.is_terminal() and s.outcome["how"] == "baba_yaga"
    assert s.result().winners == winners


def test_cooperative_win_needs_every_active_player_done():
    s = table("cooperative")
    a, b = s.players
    b.done = True
    b.step = 5
    a.step = 4                                           # Firebird's last step at Tsarov
    a.loc = "crossroads"
    act(s, "move tsarov")
    roll(s, [6])
    assert s.is_terminal() and s.outcome["how"] == "quests" and s.result().winners == [0, 1]


def test_cooperative_last_unfinished_player_eliminated_is_still_a_win():
    s = table("cooperative")
    a, b = s.players
    b.done = True
    a.step = 4
    a.loc = "crossroads"
    act(s, "move tsarov")
    roll(s, [1])                                         # Cunning 6 failed: banished
    while s.current_player() == 0 and "accept" in [s.action_to_text(x) for x in s.legal_actions()]:
        act(s, "accept")
    assert a.elim and s.is_terminal() and s.outcome["how"] == "quests"
    assert s.result().winners == [0, 1]                  # B41


def test_cooperative_everyone_eliminated_loses():
    s = table("cooperative")
    s.eliminate(s.players[1])
    assert not s.is_terminal()
    s.eliminate(s.players[0])
    assert s.is_terminal() and s.outcome["how"] == "all_eliminated" and s.result().winners == []


def test_competitive_quest_completion_wins_at_once_whatever_the_rep():
    s = table("competitive")
    a, b = s.players
    b.cards += ["W17", "W18", "W19", "W25"]
    a.step = 4
    a.loc = "crossroads"
    act(s, "move tsarov")
    roll(s, [6])
    assert s.is_terminal() and s.outcome["how"] == "quest" and s.result().winners == [0]


def test_solo_failed_final_step_loses():
    s = table("solo")
    p = s.players[0]
    p.step = 4
    p.loc = "crossroads"
    act(s, "move tsarov")
    roll(s, [1])
    while not s.is_terminal() and "accept" in [s.action_to_text(x) for x in s.legal_actions()]:
        act(s, "accept")
    assert s.is_terminal() and s.outcome["how"] == "eliminated" and s.result().winners == []
