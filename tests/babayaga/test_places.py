"""The eight special locations (rules 3.14 and 4.13)."""

from tests.babayaga.helpers import act, events, legal, roll
from tests.babayaga.test_elements import duo


def at(s, loc, seat=0):
    s.players[seat].loc = loc
    s.tokens["hut"] = s.tokens["horseman"] = "bandit_camp"
    return s


def test_dead_forest_encounters_a_wilderness_discard_with_every_diff_plus_one():
    s = at(duo(), "dead_forest")
    s.discard["wilderness"] += ["W20", "W19", "W01"]
    act(s, "move dead_forest")
    assert legal(s) == ["draw", "special"]
    act(s, "special")
    assert legal(s) == ["card w01", "card w19"]          # only cards with a challenge
    act(s, "card w01")                                    # Fight 3 + Rep, +1
    roll(s, [4, 1])
    assert events(s, "roll")[-1]["diff"] == 4 and "W01" in s.players[0].cards


def test_dead_forest_unavailable_without_a_qualifying_discard():
    s = at(duo(top={"wilderness": ["W19"]}), "dead_forest")
    s.discard["wilderness"] += ["W20"]
    act(s, "move dead_forest")
    assert events(s, "draw")[-1]["card"] == "W19"       # only the draw was possible


def test_forlorn_hills_diff_by_time_horseman_toward_you_and_rep_reward():
    for time_idx, diff in ((0, 3), (1, 4), (2, 5)):
        s = at(duo(), "forlorn_hills")
        s.time_idx = time_idx
        s.discard["town"] += ["T02", "T19"]
        act(s, "move forlorn_hills")
        act(s, "special")
        roll(s, [6, 1])
        assert events(s, "roll")[-1]["diff"] == diff
        assert "T02" in s.players[0].cards               # the topmost flagged card
        assert s.tokens["horseman"] in ("burial_mounds",) or \
            s.c.dist["token"][s.tokens["horseman"]]["forlorn_hills"] == 0
    s = at(duo(), "forlorn_hills")
    act(s, "move forlorn_hills")
    act(s, "special")
    roll(s, [1, 1])
    assert s.players[0].skip


def test_golden_halls_lets_you_draw_from_either_deck():
    s = at(duo(top={"town": ["T25"]}), "golden_halls")
    act(s, "move golden_halls")
    assert legal(s) == ["draw wilderness", "draw town"]
    act(s, "draw town")
    assert events(s, "draw")[-1] == {"e": "draw", "seat": 0, "card": "T25", "deck": "town"}


def test_khorov_and_spirits_hollow_draw_two_and_discard_the_other():
    s = at(duo(top={"town": ["T25", "T03"]}), "khorov")
    act(s, "move khorov")
    act(s, "special")
    assert legal(s) == ["card t25", "card t03"]
    act(s, "card t03")
    assert s.discard["town"] == ["T25"]
    assert events(s, "encounter")[-1]["card"] == "T03"
    s2 = at(duo(top={"wilderness": ["W19", "W30"]}), "spirits_hollow")
    act(s2, "move spirits_hollow")
    act(s2, "special")
    act(s2, "card w19")
    assert s2.discard["wilderness"] == ["W30"]


def test_koldunoi_removes_an_item_or_ally_from_the_game_to_pick_a_town_discard():
    s = at(duo(), "koldunoi")
    s.players[0].cards += ["W40", "W17"]
    s.discard["town"] += ["T25", "T03"]
    act(s, "move koldunoi")
    act(s, "special")
    assert legal(s) == ["card w40"]                     # a Deed cannot be given up
    act(s, "card w40")
    assert s.box == ["W40"]
    assert legal(s) == ["card t03", "card t25"]
    act(s, "card t25")
    roll(s, [4, 1])
    assert "T25" in s.players[0].cards


def test_koshcheys_home_ally_for_a_baba_yaga_bonus_once_per_game_and_rescue():
    s = at(duo(), "koshcheys_home")
    p = s.players[0]
    p.cards += ["W10"]                                   # Byely Polyanin, an Ally
    act(s, "move koshcheys_home")
    act(s, "special")
    act(s, "card w10")
    assert s.koshchey == ["W10", 0] and s.koshchey_used and s.koshchey_bonus == 0
    # Horseman moves 2 toward you in the token step, then the rescue is offered
    while legal(s) and legal(s)[0].startswith("horseman"):
        act(s, legal(s)[0])
    assert legal(s) == ["rescue", "pass"]
    act(s, "rescue")
    roll(s, [5])
    assert "W10" in p.cards and s.koshchey is None and s.koshchey_bonus == 0
    s2 = at(duo(), "koshcheys_home")
    s2.koshchey_used = True
    s2.players[0].cards += ["W10"]
    act(s2, "move koshcheys_home")
    assert not any(e["e"] == "special" for e in s2.log)  # once per game


def test_koshchey_bonus_adds_a_die_to_every_baba_yaga_challenge():
    s = duo()
    p = s.players[0]
    p.cards += ["W17", "W18", "W19"]
    s.koshchey_bonus = 0
    s.tokens["baba_yaga"] = "crossroads"
    p.loc = "tsarov"
    act(s, "move crossroads")
    assert s.ask[2] == 2                                 # Cunning 1 + Koshchey's bonus


def test_failed_rescue_kills_and_cancels_the_bonus():
    s = at(duo(), "koshcheys_home")
    p = s.players[0]
    p.cards += ["W10"]
    act(s, "move koshcheys_home")
    act(s, "special")
    act(s, "card w10")
    while legal(s) and legal(s)[0].startswith("horseman"):
        act(s, legal(s)[0])
    act(s, "rescue")
    roll(s, [4])
    assert p.loc == "tsarov" and p.skip and s.koshchey_bonus is None and s.koshchey == ["W10", 0]


def test_tsarov_trades_an_item_for_any_discarded_item_but_not_at_night():
    s = duo()
    p = s.players[0]
    p.cards += ["W40"]
    s.discard["wilderness"] += ["W13"]
    act(s, "move tsarov")
    act(s, "special")
    act(s, "card w40")
    act(s, "card w13")
    assert p.cards == ["W13"] and s.box == ["W40"] and s.active == 1   # no token movement
    s2 = duo()
    s2.time_idx = 2
    s2.players[0].cards += ["W40"]
    s2.discard["wilderness"] += ["W13"]
    act(s2, "move tsarov")
    assert not any(e["e"] == "special" for e in s2.log)
