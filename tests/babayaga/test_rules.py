"""Rules scenarios: the seed's worked examples and the section-4 resolutions."""

import pytest

from gonets.core import CHANCE, TERMINAL, IllegalAction
from tests.babayaga.helpers import C, act, events, legal, new, roll


def ilya_vs_fyodor(**kw):
    return new(chars=["ilya_muromets", "fyodor_lyzhnikov"],
               quests=["slay_the_dragon", "the_firebird"], **kw)


def test_move_one_from_home_of_morozko():
    s = ilya_vs_fyodor()
    s.players[0].loc = "home_of_morozko"
    moves = {t.split()[1] for t in legal(s) if t.startswith("move ")}
    assert moves == {"home_of_morozko", "snow_maidens_vale", "alatyr_stone", "firebirds_glade"}
    assert "crossroads" not in moves and "grasslands" not in moves and "tsarov" not in moves
    with pytest.raises(IllegalAction, match="not legal now"):
        act(s, "move tsarov")


def test_fyodor_rolls_two_dice_then_three_with_a_move_icon():
    s = new(chars=["fyodor_lyzhnikov", "ilya_muromets"], quests=["the_firebird", "slay_the_dragon"],
            top={"wilderness": ["W19", "W19"][:1]})
    s.players[0].loc = "rye_fields"
    act(s, "move rye_fields")                # stay and draw W19 (Move 3 + Rep)
    assert s.ask[1] == "dice" and s.ask[2] == 2
    s2 = new(chars=["fyodor_lyzhnikov", "ilya_muromets"],
             quests=["the_firebird", "slay_the_dragon"], top={"wilderness": ["W19"]})
    s2.players[0].loc = "rye_fields"
    s2.players[0].cards.append("W13")        # Seven-League Boots: +1 Move
    act(s2, "move rye_fields")
    assert s2.ask[2] == 3


def test_ilya_rerolls_by_discarding_rep_with_the_same_dice_and_diff():
    s = ilya_vs_fyodor(top={"wilderness": ["W15"]})      # Self-Cutting Sword: Fight 5
    ilya = s.players[0]
    ilya.loc = "rye_fields"
    ilya.cards.append("W28")            # Serpent Slayer: +1 Fight and 1 Rep
    act(s, "move rye_fields")
    roll(s, [1, 2, 4])                  # 3 dice at Diff 5: fail
    assert "reroll w28" in legal(s) and "accept" in legal(s)
    act(s, "reroll w28")
    assert "W28" not in ilya.cards and s.discard["wilderness"][-1] == "W28"
    roll(s, [5, 1, 1])                  # still 3 dice although the icon card is gone
    rolls = events(s, "roll")
    assert [r["diff"] for r in rolls] == [5, 5] and rolls[-1]["won"]
    assert "W15" in ilya.cards


def test_two_plus_rep_with_rep_two_is_diff_four():
    s = ilya_vs_fyodor(top={"wilderness": ["W35"]})      # Hermit's Counsel: Cunning 2 + Rep
    ilya = s.players[0]
    ilya.loc = "rye_fields"
    ilya.cards += ["W17", "W18"]        # two flagged Deeds: Rep 2
    act(s, "move rye_fields")
    roll(s, [3])
    assert events(s, "roll")[-1]["diff"] == 4 and not events(s, "roll")[-1]["won"]


def test_difficulty_never_exceeds_six_and_pool_never_below_one():
    s = ilya_vs_fyodor(top={"wilderness": ["W28"]})      # Zmey: Fight 5
    ilya = s.players[0]
    ilya.loc = "rye_fields"
    ilya.cards += ["W17", "W18", "W19"]
    ilya.effects.append(["fight", -5, "next_turn", 0, None])
    act(s, "move rye_fields")
    assert s.ask[2] == 1                 # 2 Fight - 5 -> floor 1 die
    s3 = ilya_vs_fyodor(top={"wilderness": ["W01"]})     # Fight 3 + Rep with Rep 5 -> 6
    s3.players[0].loc = "rye_fields"
    s3.players[0].cards += ["W17", "W18", "W19", "W25", "W37"]
    act(s3, "move rye_fields")
    roll(s3, [6, 1])
    assert events(s3, "roll")[-1]["diff"] == 6


def test_priest_in_the_tree_lose_is_minus_one_die_next_turn_and_hut_moves():
    s = ilya_vs_fyodor(top={"wilderness": ["W01"]})
    s.players[0].loc = "rye_fields"
    act(s, "move rye_fields")
    roll(s, [1, 2])
    act_all = legal(s)
    assert all(t.startswith("hut ") for t in act_all)    # Move Hut 1 space, active chooses
    assert {t.split()[1] for t in act_all} == set(C.token["bone_fence"])
    act(s, act_all[0])
    assert s.players[0].effects[0][:3] == ["any", -1, "next_turn"]
    assert s.reminder == [["W01", 0]]    # the card stays out as a reminder


def test_time_of_day_cycles_from_the_second_round_and_horseman_card_follows():
    s = ilya_vs_fyodor()
    assert s.time() == "dawn"
    times = []
    for _ in range(6):
        p = s.players[s.active]
        act(s, f"move {p.loc}")          # stay in town and draw
        while s.current_player() != TERMINAL and s.active == p.seat:
            if s.current_player() == CHANCE:
                s.apply_chance(s.sample_chance(__import__("random").Random(1)))
            else:
                s.apply(s.legal_actions()[-1] if "accept" in legal(s) else s.legal_actions()[0])
        times.append(s.time())
    assert times[:4] == ["dawn", "noon", "noon", "night"]


def test_baba_yaga_enters_at_bone_fence_when_someone_reaches_three_rep():
    s = ilya_vs_fyodor(top={"wilderness": ["W19"]})
    s.players[0].loc = "rye_fields"
    s.players[0].cards += ["W17", "W18"]
    assert s.tokens["baba_yaga"] is None
    act(s, "move rye_fields")
    roll(s, [6])
    assert s.tokens["baba_yaga"] == "bone_fence"


def test_death_discards_rep_cards_keeps_others_goes_home_and_skips():
    s = ilya_vs_fyodor(top={"wilderness": ["W27"]})      # Servants of Koshchey: lose = killed
    ilya = s.players[0]
    ilya.loc = "rye_fields"
    ilya.cards += ["W17", "W40"]                         # a Deed with Rep, an Item without
    ilya.step = 3
    act(s, "move rye_fields")
    roll(s, [1, 1, 1])                   # Fight 2 + the Helm's icon
    act(s, "accept")
    assert ilya.cards == ["W40"] and ilya.loc == "ozerov" and ilya.skip and ilya.step == 3
    while s.active == 0:
        s.apply(s.legal_actions()[0])
    assert s.active == 1


def test_tokens_never_enter_towns_and_stop_at_the_nearest_player():
    s = ilya_vs_fyodor()
    s.players[0].loc = "tsarov"
    s.players[1].loc = "vilinsk"
    opts = s.toward_options("horseman", 3, s.players)
    assert opts == ["rye_fields"] or all(s.c.locations[o]["kind"] == "wild" for o in opts)
    assert all(C.locations[o]["kind"] == "wild" for o in s.path_ends(C.token, "bone_fence", 3))


def test_baba_yaga_flies_to_ozerov_from_the_lake_shore():
    s = ilya_vs_fyodor()
    s.tokens["baba_yaga"] = "willow_shore"
    s.players[0].cards += ["W17", "W18", "W19"]
    s.players[0].loc = "ozerov"
    assert s.baba_targets() == ["ozerov"]


def test_slay_the_dragon_steps_in_order():
    s = new(chars=["ilya_muromets", "fyodor_lyzhnikov"], quests=["slay_the_dragon", "the_firebird"],
            top={"wilderness": ["W30"]})
    ilya = s.players[0]
    assert s.tokens["solovey"] == "bandit_camp" and "W02" in s.set_aside
    ilya.loc = "rye_fields"
    s.tokens["horseman"] = "crossroads"  # (else the Horseman is met first: Wolves..Horseman, Hut)
    act(s, "move bone_fence")           # the Hut: step 1 replaces the Hut encounter
    roll(s, [3, 1])                      # Fight 3 + Rep 0
    assert ilya.step == 1 and s.tokens["hut"] == "bone_fence"
    assert not events(s, "encounter")   # no Hut card was used
    # step 2 is passive: Solovey must leave the board (anyone may remove it)
    s.tokens["solovey"] = None
    s.check_passives()
    assert ilya.step == 2


def test_quest_step_three_has_no_encounter_and_final_failure_eliminates():
    s = new(chars=["ilya_muromets", "fyodor_lyzhnikov"], quests=["slay_the_dragon", "the_firebird"])
    ilya = s.players[0]
    ilya.step = 2
    ilya.loc = "rye_fields"
    act(s, "move bone_fence")           # Horseman and Hut together: the step cancels both
    assert ilya.step == 3 and s.tokens["hut"] == "bone_fence"
    assert not events(s, "roll")
    s2 = new(chars=["ilya_muromets", "fyodor_lyzhnikov"],
             quests=["slay_the_dragon", "the_firebird"])
    p = s2.players[0]
    p.step = 5
    p.loc = "pass_of_devils"
    act(s2, "move dragons_heart")
    roll(s2, [5, 5])
    assert p.elim
    s3 = new(chars=["ilya_muromets", "fyodor_lyzhnikov"],
             quests=["slay_the_dragon", "the_firebird"])
    s3.players[0].step = 5
    s3.players[0].loc = "pass_of_devils"
    act(s3, "move dragons_heart")
    roll(s3, [6, 1])
    assert s3.is_terminal() and s3.result().winners == [0]   # competitive: first quest wins


def test_coop_auto_advance_skips_final_steps():
    s = new("cooperative", 3, chars=["ilya_muromets", "fyodor_lyzhnikov", "marya_morevna"],
            quests=["slay_the_dragon", "the_firebird", "tugarins_insult"])
    a, b, c = s.players
    a.step, a.loc = 5, "pass_of_devils"
    b.step = 1
    c.step = 4                            # on the final step: not auto-completed
    act(s, "move dragons_heart")
    roll(s, [6, 1])
    assert a.done and b.step >= 2 and c.step == 4 and not s.is_terminal()


def test_deck_out_ends_competitive_with_highest_rep():
    s = ilya_vs_fyodor()
    s.decks["wilderness"] = s.decks["wilderness"][-1:]
    s.players[1].cards.append("W17")
    s.players[0].loc = "rye_fields"
    act(s, "move rye_fields")
    while not s.is_terminal():
        if s.current_player() == CHANCE:
            s.apply_chance(s.sample_chance(__import__("random").Random(3)))
        else:
            s.apply(s.legal_actions()[-1])
    assert s.outcome["how"] == "deck_out"


def test_solo_needs_exactly_one_player():
    from gonets.core import OptionError
    from tests.babayaga.helpers import GAME
    with pytest.raises(OptionError, match="2-6 players"):
        GAME.configure(1, "competitive")
    s = new("solo", 1, chars=["ilya_muromets"], quests=["slay_the_dragon"])
    assert sum(len(v) for v in s.removed.values()) == 30
    assert s.ask[1] == "die"             # the solo time-of-day die
    s.apply_chance(5)
    assert s.time() == "night"


def test_setup_removal_by_player_count():
    for players, removed in ((2, 10), (3, 5), (4, 0)):
        names = sorted(C.characters)[:players]
        quests = sorted(C.quests)[:players]
        s = new(players=players, chars=names, quests=quests)
        assert len(s.removed["town"]) == removed


def test_illegal_action_leaves_state():
    s = ilya_vs_fyodor()
    before = s.snapshot()
    with pytest.raises(IllegalAction):
        act(s, "move dragons_heart")
    assert s.snapshot() == before


def test_slay_the_dragon_end_to_end_in_solo():
    s = new("solo", 1, chars=["ilya_muromets"], quests=["slay_the_dragon"])
    ilya = s.players[0]
    s.apply_chance(1)                                   # dawn
    s.tokens["horseman"] = "hermits_cave"
    s.tokens["hut"] = "ferrymans_glen"
    act(s, "move ferrymans_glen")                       # step 1 at the Hut: Fight 3 + Rep
    roll(s, [3, 2])
    assert ilya.step == 1 and s.tokens["hut"] == "bone_fence"
    s.tokens["solovey"] = None                          # someone drove Solovey off (step 2)
    s.check_passives()
    assert ilya.step == 2
    s.stack = [{"op": "turn", "stage": "start"}]
    s.turn = {}
    s.ask = None
    ilya.loc = "rye_fields"
    s._run()
    s.apply_chance(1)
    act(s, "move bone_fence")                           # step 3: no encounter, Hut home again
    assert ilya.step == 3 and not s.turn.get("token_moves")
    for loc, step_no, dice in (("warriors_rest", 4, [4, 1]), ("pass_of_devils", 5, [5, 1])):
        s.stack = [{"op": "turn", "stage": "start"}]
        s.turn = {}
        s.ask = None
        ilya.loc = "crossroads" if loc == "warriors_rest" else "warriors_rest"
        s._run()
        s.apply_chance(1)
        act(s, f"move {loc}")
        roll(s, dice)
        assert ilya.step == step_no
    s.stack = [{"op": "turn", "stage": "start"}]
    s.turn = {}
    s.ask = None
    s._run()
    s.apply_chance(1)
    act(s, "move dragons_heart")
    roll(s, [6, 2])                                     # Fight 6: the twelve-headed dragon
    assert s.is_terminal() and s.result().winners == [0] and s.outcome["how"] == "quest"


def test_solo_time_die_is_shown_only_when_time_first_matters():
    import random

    from tests.babayaga.helpers import GAME
    s = new("solo", 1, chars=["ilya_muromets"], quests=["slay_the_dragon"])
    s.apply_chance(5)                                   # night, still face down
    view = s.view(0)
    assert view["time"] is None and not events(s, "time")
    worlds = {GAME.sample_world(view, random.Random(i)).solo_time for i in range(30)}
    assert worlds == {"dawn", "noon", "night"}          # the hidden die is redrawn
    s.tokens["horseman"] = "marshes"
    act(s, "move marshes")                              # meeting the Horseman: time matters now
    assert s.view(0)["time"] == "night"
    assert [(e["time"], e["die"]) for e in events(s, "time")] == [("night", 5)]
    assert s.view(0)["encounter"]["card"] == "H_BLACK"
    s.time()
    assert len(events(s, "time")) == 1                  # one roll per turn, reused


def test_too_easy_variant_removes_extra_cards_in_every_mode():
    names, quests = sorted(C.characters), sorted(C.quests)
    coop = new("cooperative", 4, chars=names[:4], quests=quests[:4], extra_removed=5)
    assert {d: len(v) for d, v in coop.removed.items()} == {"wilderness": 5, "town": 5}
    duo = new("competitive", 2, chars=names[:2], quests=quests[:2], extra_removed=5)
    assert len(duo.removed["town"]) == 15
    solo = new("solo", 1, chars=["ilya_muromets"], quests=["slay_the_dragon"], extra_removed=5)
    assert len(solo.removed["town"]) == 20 and len(solo.decks["town"]) == 32 - 20


def test_quest_step_replaces_the_draw_unless_the_switch_makes_it_a_choice():
    forced = new(chars=["ilya_muromets", "fyodor_lyzhnikov"],
                 quests=["tugarins_insult", "the_firebird"])
    act(forced, "move ivangorod")                       # step 1 where he stands: no draw
    assert forced.ask[:2] == ("chance", "dice") and not events(forced, "draw")
    free = new(chars=["ilya_muromets", "fyodor_lyzhnikov"],
               quests=["tugarins_insult", "the_firebird"], quest_step_mandatory=False)
    act(free, "move ivangorod")
    assert set(legal(free)) == {"draw", "accept"}
    act(free, "draw")
    assert events(free, "draw") and free.players[0].step == 0
