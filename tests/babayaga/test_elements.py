"""Game elements: Wolves, Solovey, Horseman, Hut, Baba Yaga; cards with conditions."""

import random

from gonets.core import CHANCE
from tests.babayaga.helpers import act, events, legal, new, roll


def duo(**kw):
    return new(chars=["ilya_muromets", "fyodor_lyzhnikov"],
               quests=["the_firebird", "waters_of_life"], **kw)


def finish_turn(s, rng=None):
    rng = rng or random.Random(0)
    seat = s.active
    while s.active == seat and not s.is_terminal():
        if s.current_player() == CHANCE:
            s.apply_chance(s.sample_chance(rng))
        else:
            texts = legal(s)
            pick = next((t for t in texts if t in ("accept", "pass", "done", "roll")), texts[0])
            act(s, pick)


def test_wolves_lose_places_token_here_and_sets_card_aside_then_no_forced_rematch():
    s = new(chars=["fyodor_lyzhnikov", "ilya_muromets"], quests=["the_firebird", "waters_of_life"],
            top={"wilderness": ["W03"]})
    s.players[0].loc = "rye_fields"
    act(s, "move rye_fields")
    roll(s, [1])
    act(s, legal(s)[0])                               # Hut 1 (chooser)
    assert s.tokens["wolves"] == "rye_fields" and "W03" in s.set_aside
    assert s.players[0].effects[0][:3] == ["move", -1, "next_turn"]
    assert s.active == 1
    s.players[1].loc = "vilinsk"
    finish_turn(s)
    assert s.active == 0
    # B8: not forced to meet the Wolves again: with Move 2 - 1 it may walk away or stay
    assert s.stack[-1]["op"] == "move"
    assert {"move bone_fence", "move rye_fields", "move tsarov"} <= set(legal(s))
    act(s, "move rye_fields")                         # staying meets them as normal
    assert events(s, "encounter")[-1]["card"] == "W03"


def test_move_zero_means_staying_and_meeting_the_token():
    s = duo(top={"wilderness": ["W03"]})
    s.players[0].loc = "rye_fields"
    act(s, "move rye_fields")
    roll(s, [1, 2])
    act(s, legal(s)[0])
    s.players[1].loc = "vilinsk"
    finish_turn(s)
    assert s.ask[:2] == ("chance", "dice") and events(s, "encounter")[-1]["card"] == "W03"


def test_meeting_the_wolves_token_resolves_the_set_aside_card_and_winning_removes_it():
    s = duo(top={"wilderness": ["W03"]})
    s.set_aside.append("W03")
    s.tokens["wolves"] = "crossroads"
    s.players[0].loc = "tsarov"
    act(s, "move crossroads")
    assert events(s, "encounter")[-1]["card"] == "W03"
    roll(s, [3, 3])
    assert "W03" in s.players[0].cards and s.tokens["wolves"] is None and "W03" not in s.set_aside


def test_solovey_token_removal_completes_slay_the_dragon_step_two_on_another_players_turn():
    s = new(chars=["ilya_muromets", "fyodor_lyzhnikov"], quests=["slay_the_dragon", "the_firebird"],
            first=1)
    s.players[0].step = 1                     # Ilya waits on the passive step
    fyodor = s.players[1]
    fyodor.loc = "rye_fields"
    act(s, "move bandit_camp")                # Fyodor meets the Solovey token
    assert events(s, "encounter")[-1]["card"] == "W02"
    roll(s, [4])                              # Cunning 3
    roll(s, [5])                              # Fight 4 + Rep 0
    assert s.tokens["solovey"] is None and "W02" in fyodor.cards
    assert s.players[0].step == 2             # completed during Fyodor's turn


def test_horseman_card_follows_time_of_day_and_black_night_moves_only_on_a_loss():
    s = duo()
    s.players[0].loc = "rye_fields"
    act(s, "move bone_fence")                 # Horseman and Hut at Bone Fence: Horseman first
    assert events(s, "encounter")[-1]["card"] == "H_WHITE"
    s2 = duo()
    s2.time_idx = 2
    s2.tokens["hut"] = "crossroads"
    s2.players[0].loc = "rye_fields"
    act(s2, "move bone_fence")
    assert events(s2, "encounter")[-1]["card"] == "H_BLACK"
    assert set(legal(s2)) == {"choose fight", "choose cunning"}
    act(s2, "choose fight")
    roll(s2, [6, 1])
    assert s2.tokens["horseman"] == "bone_fence" and s2.active == 1   # no token step left
    s3 = duo()
    s3.time_idx = 2
    s3.tokens["hut"] = "crossroads"
    s3.players[0].loc = "rye_fields"
    act(s3, "move bone_fence")
    act(s3, "choose cunning")
    roll(s3, [1])
    assert s3.players[0].loc == "tsarov" and s3.players[0].skip      # killed: home
    assert s3.turn["token_moves"] == [["horseman", 2, "chooser"]]


def test_hut_card_win_takes_topmost_item_from_a_discard_pile_else_a_die():
    s = duo()
    s.tokens["horseman"] = "crossroads"
    s.discard["wilderness"] += ["W40", "W17"]
    s.players[0].loc = "rye_fields"
    act(s, "move bone_fence")
    roll(s, [6])
    assert "W40" in s.players[0].cards and s.discard["wilderness"] == ["W17"]
    s2 = duo()
    s2.tokens["horseman"] = "crossroads"
    s2.players[0].loc = "rye_fields"
    act(s2, "move bone_fence")
    roll(s2, [6])
    assert s2.players[0].effects == [["any", 1, "next_challenge", 1, None]]


def test_baba_yaga_card_one_three_challenges_trophy_and_back_to_bone_fence():
    s = duo()
    p = s.players[0]
    p.cards += ["W17", "W18", "W19"]
    s.tokens["baba_yaga"] = "crossroads"
    p.loc = "tsarov"
    act(s, "move crossroads")
    assert events(s, "encounter")[-1]["card"] == "BY1"
    roll(s, [4])          # Cunning 4
    roll(s, [4, 1])       # Fight 4
    roll(s, [5])          # Cunning 5
    assert "BY1" in p.cards and s.by_beaten == 1 and s.tokens["baba_yaga"] == "bone_fence"
    assert s.rep(p) == 4


def test_baba_yaga_loss_kills_and_the_card_stays_on_top():
    s = duo()
    p = s.players[0]
    p.cards += ["W17", "W18", "W19"]
    s.tokens["baba_yaga"] = "crossroads"
    p.loc = "tsarov"
    act(s, "move crossroads")
    roll(s, [1])
    for card in ("w17", "w18", "w19"):
        act(s, f"reroll {card}")
        roll(s, [1])
    assert s.by_beaten == 0 and p.loc == "tsarov" and p.skip
    assert s.tokens["baba_yaga"] == "crossroads"


def test_baba_yaga_three_ends_competitive_with_rep_and_tie_to_defeater():
    s = duo()
    p, q = s.players
    s.by_beaten = 2
    q.cards += ["W17", "W18", "W19", "W25"]            # 4 Rep
    s.tokens["baba_yaga"] = "crossroads"
    p.cards += ["W40"]
    p.loc = "tsarov"
    act(s, "move crossroads")
    roll(s, [6, 6, 6])
    roll(s, [6])
    roll(s, [6, 6, 6])
    assert s.is_terminal() and s.rep(p) == 3 and s.result().winners == [1]   # q has more Rep
    s2 = duo()
    p, q = s2.players
    s2.by_beaten = 2
    q.cards += ["W17", "W18", "W19"]
    s2.tokens["baba_yaga"] = "crossroads"
    p.loc = "tsarov"
    act(s2, "move crossroads")
    roll(s2, [6, 6])
    roll(s2, [6])
    roll(s2, [6, 6])
    assert s2.result().winners == [0]                  # tie 3-3: the defeater wins


def test_baba_yaga_moves_two_toward_highest_rep_at_first_players_turn():
    s = duo()
    s.tokens["baba_yaga"] = "bone_fence"
    s.players[1].cards += ["W17", "W18", "W19"]
    s.players[1].loc = "vilinsk"
    finish_turn(s)
    finish_turn(s)                                     # round 2, p1 (first) moves her
    assert s.ask[:2] == ("chance", "pick")             # three equally good end spaces
    assert s.ask[2] == ["firebirds_glade", "tsarov", "riverside_meadow"]
    s.apply_chance("tsarov")
    assert s.c.dist["flight"]["bone_fence"][s.tokens["baba_yaga"]] == 2


def test_pending_card_resolves_when_ending_at_the_named_place():
    s = duo(top={"town": ["T15"]})
    p = s.players[0]
    act(s, "move tsarov")                              # stay in Tsarov: draw T15
    assert p.pending == ["T15"]
    s.players[0].loc = "bone_fence"
    s.tokens["hut"] = s.tokens["horseman"] = "crossroads"
    act(s, legal(s)[0])
    s.players[1].skip = True                           # p2 misses its turn
    finish_turn(s)
    act(s, "move rye_fields")
    assert events(s, "encounter")[-1]["card"] == "T15"
    roll(s, [3])
    assert "T15" in p.cards and not p.pending


def test_unmet_requirement_shuffles_back_without_token_moves():
    s = duo(top={"wilderness": ["W11"]})               # Sukhman needs Rep 1
    s.players[0].loc = "rye_fields"
    act(s, "move rye_fields")
    assert s.ask[0] == "chance" and s.ask[1] == "shuffle" and "W11" in s.ask[2]["wilderness"]
    s.apply_chance({"wilderness": s.ask[2]["wilderness"]})
    assert "W11" in s.decks["wilderness"] and not s.turn.get("token_moves")
    # everybody saw W11 go back into the deck: no sampled world may hold it among the removed
    from tests.babayaga.helpers import GAME
    view = s.view(1)
    assert view["in_deck"]["wilderness"] == ["W11"]
    for i in range(20):
        world = GAME.sample_world(view, random.Random(i))
        assert "W11" in world.decks["wilderness"] and world.view(1) == view


def test_time_locked_card_without_challenge_still_moves_tokens():
    s = duo(top={"wilderness": ["W06"]})               # noon only
    s.players[0].loc = "rye_fields"
    act(s, "move rye_fields")
    assert events(s, "unmet")[-1]["how"] == "no_challenge"
    assert s.discard["wilderness"] == ["W06"]
    assert not events(s, "roll")


def test_optional_card_with_a_cost():
    s = duo(top={"wilderness": ["W26"]})
    s.players[0].loc = "rye_fields"
    act(s, "move rye_fields")
    assert legal(s) == ["decline"]                     # no Item to pay with
    s2 = duo(top={"wilderness": ["W26"]})
    s2.players[0].loc = "rye_fields"
    s2.players[0].cards.append("W40")
    act(s2, "move rye_fields")
    act(s2, "accept")
    assert s2.players[0].cards == ["W26"] and "W40" in s2.discard["wilderness"]


def test_choice_card_offers_each_ability():
    s = duo(top={"wilderness": ["W09"]})
    s.players[0].loc = "rye_fields"
    act(s, "move rye_fields")
    assert legal(s) == ["choose fight", "choose cunning"]
    act(s, "choose cunning")
    roll(s, [3])
    assert "W09" in s.players[0].cards
