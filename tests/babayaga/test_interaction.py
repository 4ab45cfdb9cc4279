"""Stealing, beguiling, trading, powers of held cards, hidden information and game ends."""

import json
import random

from gonets.core import CHANCE, Record
from tests.babayaga.helpers import GAME, act, events, legal, new, roll
from tests.babayaga.test_elements import duo, finish_turn


def test_steal_at_the_start_of_a_turn_fight_three_plus_target_rep():
    s = duo()
    p, q = s.players
    q.loc = p.loc = "tsarov"
    q.cards += ["W40", "W17"]                           # an Item and 1 Rep
    s.reask()
    s.stack = [{"op": "turn", "stage": "start_interact"}]
    s.ask = None
    s._run()
    assert legal(s) == ["steal p2", "pass"]
    act(s, "steal p2")
    roll(s, [4, 1])
    assert events(s, "roll")[-1]["diff"] == 4
    assert legal(s) == ["card w40"]
    act(s, "card w40")
    assert "W40" in p.cards and "W40" not in q.cards


def test_failed_beguile_misses_the_next_turn():
    s = duo()
    p, q = s.players
    q.loc = p.loc = "tsarov"
    q.cards += ["W10"]
    s.stack = [{"op": "turn", "stage": "start_interact"}]
    s.ask = None
    s._run()
    act(s, "beguile p2")
    roll(s, [1])
    assert p.skip and "W10" in q.cards


def test_coop_trading_is_an_offered_exchange_the_partner_may_refuse():
    s = new("cooperative", 2, chars=["ilya_muromets", "fyodor_lyzhnikov"],
            quests=["the_firebird", "waters_of_life"])
    p, q = s.players
    q.loc = p.loc = "tsarov"
    p.cards += ["W40", "W17"]
    q.cards += ["W13"]
    s.stack = [{"op": "turn", "stage": "start_interact"}]
    s.ask = None
    s._run()
    assert legal(s) == ["give w40 p2", "ask w13 p2", "done"]
    act(s, "give w40 p2")
    act(s, "ask w13 p2")
    assert legal(s) == ["offer p2", "done"]
    act(s, "offer p2")
    assert s.current_player() == 1 and legal(s) == ["accept", "decline"]
    act(s, "accept")
    assert q.cards == ["W40"] and p.cards == ["W17", "W13"]
    assert s.stack[-1]["op"] == "move"                   # one proposal per partner
    s2 = new("cooperative", 2, chars=["ilya_muromets", "fyodor_lyzhnikov"],
             quests=["the_firebird", "waters_of_life"])
    p, q = s2.players
    q.loc = p.loc = "tsarov"
    p.cards += ["W40"]
    s2.stack = [{"op": "turn", "stage": "start_interact"}]
    s2.ask = None
    s2._run()
    act(s2, "give w40 p2")
    act(s2, "offer p2")
    act(s2, "decline")
    assert p.cards == ["W40"] and not q.cards


def test_rep_reroll_apple_flask_and_kerchief():
    s = duo(top={"wilderness": ["W27"]})                # Servants of Koshchey: lose = killed
    p = s.players[0]
    p.loc = "rye_fields"
    p.cards += ["W01", "W32"]                            # Kerchief (Fight reroll), Apple
    act(s, "move rye_fields")
    roll(s, [1, 1])
    assert set(legal(s)) == {"use w01", "accept"}
    act(s, "use w01")
    roll(s, [2, 2])                                      # no reroll left: the loss applies
    assert events(s, "death_cancelled") and p.loc == "rye_fields" and not p.skip
    s2 = duo(top={"wilderness": ["W27"]})
    p2 = s2.players[0]
    p2.loc = "rye_fields"
    p2.cards += ["W33"]                                  # Flask: cancel a lose result
    act(s2, "move rye_fields")
    roll(s2, [1, 1])
    act(s2, "use w33")
    assert not events(s2, "killed") and events(s2, "lost")[-1]["cancelled"]


def test_ivanushka_cancels_a_missed_turn():
    s = duo()
    p = s.players[0]
    p.cards += ["W23"]
    p.skip = True
    s.stack = [{"op": "turn", "stage": "skip"}]
    s.ask = None
    s._run()
    assert legal(s) == ["use w23", "pass"]
    act(s, "use w23")
    assert not p.skip and s.stack[-1]["op"] == "move"


def test_skipped_turn_only_flips_back():
    s = duo()
    p = s.players[0]
    p.skip = True
    s.stack = [{"op": "turn", "stage": "skip"}]
    s.ask = None
    s._run()
    assert not p.skip and s.active == 1 and events(s, "skipped")


def test_flying_carpet_and_ball_of_yarn():
    s = duo()
    p = s.players[0]
    p.cards += ["W14", "W34"]
    s.reask()
    assert "fly koshcheys_home" in legal(s) and "use w34" in legal(s)
    act(s, "use w34")
    moves = [t for t in legal(s) if t.startswith("move ")]
    assert "move bone_fence" in moves                    # Move 1 + 2 from Tsarov
    act(s, "fly koshcheys_home")
    assert p.loc == "koshcheys_home" and "W14" in s.discard["wilderness"]


def test_cap_of_invisibility_slips_past_a_token_space():
    s = duo()
    p = s.players[0]
    p.cards += ["W16", "W13"]                            # the Cap, and Boots for Move 2
    s.tokens["wolves"] = "crossroads"
    s.reask()
    assert "move crossroads" in legal(s) and "sneak firebirds_glade" in legal(s)
    assert "move firebirds_glade" not in legal(s)
    act(s, "sneak firebirds_glade")
    assert p.loc == "firebirds_glade" and "W16" not in p.cards


def test_peek_is_private_in_competitive_play():
    s = duo(top={"town": ["T22"]})
    act(s, "move tsarov")
    act(s, "deck wilderness")
    mine = s.view(0)
    other = s.view(1)
    assert mine["known"] and not other["known"]
    assert any(e["e"] == "peeked" for e in mine["log"])
    assert not any(e["e"] == "peeked" for e in other["log"])
    assert not any(e["e"] == "peeked" for e in s.view(None)["log"])
    top = list(reversed(s.decks["wilderness"][-3:]))
    act(s, "order 3 2 1")
    assert list(reversed(s.decks["wilderness"][-3:])) == top[::-1]
    world = GAME.sample_world(s.view(0), random.Random(1))
    assert world.decks["wilderness"][-3:] == s.decks["wilderness"][-3:]


def test_coop_no_rep_loss_while_baba_yaga_is_on_the_board():
    s = new("cooperative", 2, chars=["ilya_muromets", "fyodor_lyzhnikov"],
            quests=["the_firebird", "waters_of_life"], top={"town": ["T25"]})
    s.tokens["baba_yaga"] = "bone_fence"
    act(s, "move tsarov")
    roll(s, [1, 1])
    assert s.is_terminal() and s.outcome["how"] == "no_rep" and s.result().winners == []


def test_five_player_reshuffle_once_then_deck_out():
    names = ["ilya_muromets", "fyodor_lyzhnikov", "marya_morevna", "alyosha_popovich",
             "dobrynya_nikitich"]
    quests = ["the_firebird", "waters_of_life", "tugarins_insult", "morozkos_trial",
              "death_of_koshchey"]
    s = new("competitive", 5, chars=names, quests=quests)
    s.decks["town"] = s.decks["town"][-1:]
    s.discard["town"] = ["T25", "T03"]
    act(s, "move tsarov")
    while s.current_player() != CHANCE or s.ask[1] != "shuffle":
        if s.current_player() == CHANCE:
            s.apply_chance(s.sample_chance(random.Random(0)))
        else:
            act(s, legal(s)[-1])
    s.apply_chance({"town": ["T03", "T25"]})
    assert s.reshuffled and s.decks["town"] == ["T03", "T25"] and not s.is_terminal()
    view = s.view(0)                     # the new deck is the old discard pile, order unknown
    assert view["in_deck"]["town"] == ["T03", "T25"]
    orders = {tuple(GAME.sample_world(view, random.Random(i)).decks["town"]) for i in range(12)}
    assert orders == {("T03", "T25"), ("T25", "T03")}


def test_solo_hard_mode_loses_on_a_failed_baba_yaga_encounter():
    s = new("solo", 1, chars=["ilya_muromets"], quests=["the_firebird"],
            solo_lose_on_baba_fail=True)
    s.apply_chance(1)
    p = s.players[0]
    p.cards += ["W17", "W18", "W19"]
    s.tokens["baba_yaga"] = "crossroads"
    act(s, "move crossroads")
    roll(s, [1])
    for card in ("w17", "w18", "w19"):
        act(s, f"reroll {card}")
        roll(s, [1])
    assert s.is_terminal() and s.outcome["how"] == "baba_yaga_failed"


def test_choose_characters_option():
    s = GAME.new_state(GAME.configure(2, "competitive", {"choose_characters": True}))
    assert s.current_player() == 0 and len(legal(s)) == 6
    act(s, "character ilya_muromets")
    assert s.current_player() == 1 and "character ilya_muromets" not in legal(s)
    act(s, "character marya_morevna")
    outcome = s.sample_chance(random.Random(0))
    assert outcome["characters"] == ["ilya_muromets", "marya_morevna"]


SCENARIO = {
    "format": "gonets-record", "version": 1, "game": "babayaga", "players": 1, "preset": "solo",
    "options": {}, "seats": [], "seed": None,
    "steps": [
        {"seat": 0, "action": "character ilya_muromets"},
        {"seat": 0, "action": "quest tugarins_insult"},
        {"chance": "SHUFFLE"},
        {"chance": 1},
        {"seat": 0, "action": "move ivangorod"},      # stay: quest step 1 (Cunning 3 + Rep)
        {"chance": [3]},
        {"chance": 3},                                 # round 2: noon
        {"seat": 0, "action": "move merchants_road"},  # step 2: Cunning 4
        {"chance": [4]},
    ],
}


def test_scenario_record_tugarins_insult_first_steps():
    state = GAME.new_state(GAME.configure(1, "solo"))
    state.apply(state.text_to_action("character ilya_muromets"))
    state.apply(state.text_to_action("quest tugarins_insult"))
    spec = state.ask[2]
    data = json.loads(json.dumps(SCENARIO))
    data["steps"][2] = {"chance": {d: sorted(v) for d, v in spec.items()}}
    final = Record.from_json(data).replay()
    p = final.players[0]
    assert p.step == 2 and final.time() == "noon"
    assert [e["dice"] for e in final.log if e["e"] == "roll"] == [[3], [4]]
    assert final.removed["town"] == sorted(spec["town"])[:15]


def test_skip_stacks_option_and_steal_switch():
    s = new(chars=["ilya_muromets", "fyodor_lyzhnikov"], quests=["the_firebird", "waters_of_life"],
            skip_stacks=True)
    p = s.players[0]
    s.miss(p)
    s.miss(p)
    assert p.skip == 2
    s2 = new(chars=["ilya_muromets", "fyodor_lyzhnikov"], quests=["the_firebird", "waters_of_life"])
    s2.miss(s2.players[0])
    s2.miss(s2.players[0])
    assert s2.players[0].skip == 1
    s3 = new(chars=["ilya_muromets", "fyodor_lyzhnikov"], quests=["the_firebird", "waters_of_life"],
             steal_attempts_per_turn=0)
    p, q = s3.players
    q.loc = p.loc = "tsarov"
    q.cards += ["W40"]
    s3.stack = [{"op": "turn", "stage": "start_interact"}]
    s3.ask = None
    s3._run()
    assert s3.stack[-1]["op"] == "move"


def test_baba_yaga_ties_settled_by_the_first_player_when_chosen():
    s = new(chars=["ilya_muromets", "fyodor_lyzhnikov"], quests=["the_firebird", "waters_of_life"],
            baba_yaga_ties="active_player")
    s.tokens["baba_yaga"] = "bone_fence"
    s.players[1].cards += ["W17", "W18", "W19"]
    s.players[1].loc = "vilinsk"
    finish_turn(s)
    finish_turn(s)
    assert s.current_player() == 0
    assert legal(s) == ["baba firebirds_glade", "baba tsarov", "baba riverside_meadow"]
    act(s, "baba tsarov")
    assert s.tokens["baba_yaga"] == "tsarov"
