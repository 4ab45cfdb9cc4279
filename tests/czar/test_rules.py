"""Every rule of the rules file (sections 3.2-3.9) and the unknowns U1-U23 / clarifications
C1-C13, on hand-made positions (``clear`` + ``put``) or short records."""

from __future__ import annotations

import pytest

from gonets.core import IllegalAction
from gonets.games.czar.rules import BONUS, DRAWN, OFFER, OVER, RUBLES, RUBLES_FIRST, SHUFFLE, TURN
from gonets.games.czar.rules.board import COIN_BY_KEY, INN_BY_KEY, TYPE_BY_KEY

from .helpers import act, clear, coins, courier_at, legal_texts, put, stack, started

C = {key: COIN_BY_KEY[key] for key in ("njet", "1", "2", "3", "blank")}


def board(players=4, preset="classic", options=None, pile=None, stacks=None):
    """A started match with an empty board; each player's message on a lone swamp courier."""
    state = clear(started(players, preset, options, pile, stacks))
    colours = ["red", "green", "blue", "yellow", "purple"]
    for seat, inn in zip(range(players), ["taiga", "baikal", "stroganow", "kosaken",
                                          "datscha"]):
        put(state, inn, "lady", colours[seat], message=True)
    return state


def travels(state, inn):
    return [t for t in legal_texts(state) if t.startswith(f"travel {inn} ")]


# -- 3.3 placing couriers --------------------------------------------------------------------
def test_place_from_display_only_into_open_swamp_inns_with_the_room_free_and_room_left():
    state = board(4)
    state.display[0] = [0 * 4 + TYPE_BY_KEY["officer"]]
    put(state, "baikal", "officer", "green")
    put(state, "stroganow", "officer", "blue")            # 2 couriers, officer room taken
    put(state, "kosaken", "cossack", "blue")
    put(state, "kosaken", "diplomat", "blue")              # full: 3 couriers
    places = [t for t in legal_texts(state) if t.startswith("place")]
    assert places == ["place officer taiga"]               # never DATSCHA (closed at 4)
    with pytest.raises(IllegalAction, match="KOSAKEN-KLUB is full"):
        state.apply(state.text_to_action("place officer kosaken"))
    with pytest.raises(IllegalAction, match="officer room of BAIKAL-BAR is taken"):
        state.apply(state.text_to_action("place officer baikal"))
    with pytest.raises(IllegalAction, match="DATSCHA-DOMIZIL is closed"):
        state.apply(state.text_to_action("place officer datscha"))
    with pytest.raises(IllegalAction, match="new couriers enter the swamp only"):
        state.apply(state.text_to_action("place officer iwan"))
    with pytest.raises(IllegalAction, match="no lady"):
        state.apply(state.text_to_action("place lady taiga"))


def test_any_display_courier_may_be_placed_U5():
    state = board(4)
    state.display[0] = [0 * 4 + 0, 0 * 4 + 1, 0 * 4 + 2]
    places = {t.split()[1] for t in legal_texts(state) if t.startswith("place")}
    assert places == {"officer", "cossack", "diplomat"}
    act(state, "place diplomat taiga")
    assert [c & 3 for c in state.display[0]] == [0, 1]


def test_a_drawn_courier_must_be_placed_when_it_fits():
    state = board(4, stacks=[stack("officer", "cossack", "diplomat")] + [stack()] * 3)
    # after setup p1's stack top is its third courier: a diplomat
    act(state, "draw")
    assert state.phase == DRAWN and state.current_player() == 0
    assert all(t.startswith("place diplomat") for t in legal_texts(state))
    assert "draw" not in legal_texts(state) and "pass" not in legal_texts(state)
    act(state, "place diplomat baikal")
    assert courier_at(state, "baikal", "diplomat") == "red diplomat"


def test_a_drawn_courier_that_fits_nowhere_joins_the_display_U10():
    state = board(4, stacks=[stack("officer", "cossack", "diplomat")] + [stack()] * 3)
    for inn in ("taiga", "baikal", "stroganow", "kosaken"):
        put(state, inn, "diplomat", "green")
    act(state, "draw")                                     # legal although nothing fits
    assert state.current_player() == 1
    assert [c & 3 for c in state.display[0]] == [1, 2]     # Cossack, then the Diplomat
    assert state.events(None)[-1]["display"] is True


def test_new_couriers_wait_when_the_swamp_has_no_room():
    state = board(4)
    state.display[0] = [0 * 4 + 0]
    for inn in ("taiga", "baikal", "stroganow", "kosaken"):
        put(state, inn, "officer", "green")
    assert not [t for t in legal_texts(state) if t.startswith("place")]


def test_entry_can_skip_enters_the_first_higher_village_with_room_C9():
    state = board(4, options={"entry_can_skip": True})
    state.display[0] = [0 * 4 + 0]
    for inn in ("taiga", "baikal", "stroganow", "kosaken"):
        put(state, inn, "officer", "green")
    places = [t for t in legal_texts(state) if t.startswith("place")]
    assert places == ["place officer wladimir", "place officer iwan", "place officer nikolaj",
                      "place officer forest4"]
    for inn in ("wladimir", "iwan", "nikolaj", "forest4", "anastasia", "natascha", "olga",
                "katharina", "pawl", "rachmanin", "masl", "rehr"):
        put(state, inn, "officer", "blue")
    assert not [t for t in legal_texts(state) if t.startswith("place")]   # never the palace


# -- 3.4 passing the message --------------------------------------------------------------------
def test_message_passes_only_to_own_couriers_in_the_same_village():
    state = board(4)
    put(state, "baikal", "officer", "red")
    put(state, "taiga", "cossack", "red")
    put(state, "stroganow", "officer", "green")
    put(state, "iwan", "officer", "red")
    messages = [t for t in legal_texts(state) if t.startswith("message")]
    assert messages == ["message taiga cossack", "message baikal officer"]
    act(state, "message baikal officer")
    assert state.msg[0] == INN_BY_KEY["baikal"] * 4
    assert courier_at(state, "taiga", "lady") == "red lady"
    with pytest.raises(IllegalAction):
        state.apply(state.text_to_action("message iwan officer"))


def test_message_cannot_move_once_with_a_guard_C11():
    state = board(4, "revised")
    put(state, "taiga", "officer", "red")
    put(state, "taiga", "cossack", "red")
    state.msg[0] = -1
    state.guard_of[0] = 0
    state.delivered = [0]
    state._legal = None
    assert not [t for t in legal_texts(state) if t.startswith("message")]


# -- 3.5 travel -----------------------------------------------------------------------------------
@pytest.mark.parametrize("empty,leavers,stayer", [
    ("officer", ("cossack", "diplomat"), "lady"),
    ("cossack", ("diplomat", "lady"), "officer"),
    ("diplomat", ("lady", "officer"), "cossack"),
    ("lady", ("officer", "cossack"), "diplomat"),
])
def test_the_two_couriers_after_the_empty_room_clockwise_leave(empty, leavers, stayer):
    state = board(4)
    colours = iter(["red", "green", "blue"])
    for kind in ("officer", "cossack", "diplomat", "lady"):
        if kind != empty:
            put(state, "iwan", kind, next(colours))
    options = travels(state, "iwan")
    assert {t.split()[2] for t in options} == set(leavers)
    assert {t.split()[4] for t in options} == set(leavers)
    act(state, options[0])
    assert courier_at(state, "iwan", stayer) is not None
    assert state.cnt[INN_BY_KEY["iwan"]] == 1
    moved = {m["courier"].split()[1] for m in state.events(None)[-1]["moves"]}
    assert moved == set(leavers)


def full_taiga(state, stayer_colour="green"):
    """TAIGA full with the Officer room empty: Cossack and Diplomat leave, the Lady stays."""
    put(state, "taiga", "cossack", "green")
    put(state, "taiga", "diplomat", "blue")


def test_travel_needs_a_full_inn_with_one_of_your_couriers_any_of_the_three_U15():
    state = board(4)
    put(state, "taiga", "cossack", "green")
    assert not travels(state, "taiga")                     # only 2 couriers
    put(state, "taiga", "diplomat", "blue")
    # red owns only the Lady, which stays: still allowed, both leavers are opponents'
    assert travels(state, "taiga")
    put(state, "baikal", "officer", "green")
    put(state, "baikal", "cossack", "blue")
    assert not travels(state, "baikal")                    # no red courier there
    with pytest.raises(IllegalAction, match="no courier in BAIKAL-BAR"):
        state.apply(state.text_to_action("travel baikal diplomat iwan lady wladimir"))


def test_the_active_player_chooses_the_order_U13_or_the_arrow_decides():
    state = board(4)
    full_taiga(state)
    firsts = {t.split()[2] for t in travels(state, "taiga")}
    assert firsts == {"cossack", "diplomat"}
    state = board(4, options={"travel_order": "arrow"})
    full_taiga(state)
    assert {t.split()[2] for t in travels(state, "taiga")} == {"cossack"}
    with pytest.raises(IllegalAction, match="travel_order=arrow"):
        state.apply(state.text_to_action("travel taiga diplomat iwan cossack wladimir"))


def test_leavers_go_to_two_different_inns_of_the_next_village():
    state = board(4)
    full_taiga(state)
    options = travels(state, "taiga")
    assert len(options) == 2 * 4 * 3                        # 2 orders x 4 inns x 3 others
    assert all(t.split()[3] != t.split()[5] for t in options)
    assert all(INN_BY_KEY[t.split()[3]] in range(5, 9) for t in options)
    with pytest.raises(IllegalAction):
        state.apply(state.text_to_action("travel taiga cossack iwan diplomat iwan"))


def test_stopping_is_compulsory_and_full_levels_are_skipped():
    state = board(4)
    full_taiga(state)
    for inn in ("wladimir", "iwan", "nikolaj"):
        put(state, inn, "cossack", "yellow")               # Cossack rooms taken
    put(state, "forest4", "officer", "yellow")
    put(state, "forest4", "lady", "yellow")
    put(state, "forest4", "diplomat", "yellow")            # full
    # Cossack: no forest inn -> skips to the mountains, must stop there (any of 4)
    options = travels(state, "taiga")
    cossack_dests = {t.split()[3] for t in options if t.split()[2] == "cossack"}
    assert cossack_dests == {"anastasia", "natascha", "olga", "katharina"}
    diplomat_dests = {t.split()[3] for t in options if t.split()[2] == "diplomat"}
    assert diplomat_dests == {"wladimir", "iwan", "nikolaj"}
    act(state, "travel taiga cossack olga diplomat iwan")
    assert courier_at(state, "olga", "cossack") == "green cossack"
    event = state.events(None)[-1]
    assert event["moves"][0]["skipped"] == ["Forest"] and event["moves"][1]["skipped"] == []


def test_second_leaver_skips_when_the_first_took_its_only_inn_U22():
    state = board(4)
    full_taiga(state)
    # only IWAN has room for both types in the forest
    for inn in ("wladimir", "nikolaj", "forest4"):
        put(state, inn, "cossack", "yellow")
        put(state, inn, "diplomat", "yellow")
    options = travels(state, "taiga")
    assert "travel taiga cossack iwan diplomat anastasia" in options
    assert not [t for t in options if t.split()[5] in ("wladimir", "nikolaj", "forest4")]
    act(state, "travel taiga cossack iwan diplomat anastasia")
    assert courier_at(state, "anastasia", "diplomat") == "blue diplomat"


def test_skipping_every_level_reaches_the_palace_and_the_10_guard():
    state = board(4)
    put(state, "taiga", "cossack", "red")
    put(state, "taiga", "diplomat", "green")
    state.msg[0] = 0 * 4 + 1                                # red's message on the Cossack
    for level in ("wladimir", "iwan", "nikolaj", "forest4", "anastasia", "natascha", "olga",
                  "katharina", "pawl", "rachmanin", "masl", "rehr"):
        put(state, level, "cossack", "yellow")
    state._legal = None
    act(state, "travel taiga cossack palace diplomat iwan")
    assert state.guard_of[0] == 2 and state.delivered == [0]  # MASL HOF's guard, price 10
    assert state.stacks[0][0] == 0 * 4 + 1 and state.known[0] == 1
    assert state.phase == BONUS                            # red's own message arrived
    event = state.events(None)[-1]
    assert event["moves"][0]["skipped"] == ["Forest", "Mountains", "Grassland"]
    assert event["moves"][0]["guard"] == "MASL HOF"


def test_guard_over_a_closed_inn_still_receives_skipping_messages_U21():
    state = board(2)
    assert not state.t.open[INN_BY_KEY["masl"]]
    put(state, "taiga", "cossack", "red")
    put(state, "taiga", "diplomat", "green")
    state.msg[0] = 1
    for inn in ("wladimir", "iwan", "forest4", "anastasia", "natascha", "olga", "pawl",
                "rachmanin", "rehr"):
        put(state, inn, "cossack", "green")
    state._legal = None
    act(state, "travel taiga cossack palace diplomat wladimir")
    assert state.guard_of[0] == 2


def test_grassland_leavers_go_under_the_owners_stack_in_movement_order_U14():
    state = board(4)
    put(state, "pawl", "officer", "red", message=True)
    put(state, "pawl", "cossack", "red")
    put(state, "pawl", "diplomat", "green")
    stack_before = list(state.stacks[0])
    act(state, "travel pawl cossack palace officer palace")
    # the Cossack went under first, then the Officer under it
    assert state.stacks[0] == [0 * 4 + 0, 0 * 4 + 1] + stack_before
    assert state.known[0] == 2
    assert state.guard_of[0] == 0 and state.price_of(0) == 6   # guard above PAWL HOF
    assert courier_at(state, "pawl", "diplomat") == "green diplomat"
    view = state.view(1)
    assert view["seats"][0]["stack_bottom"] == [{"colour": "red", "type": "officer"},
                                                {"colour": "red", "type": "cossack"}]


def test_two_messages_reach_guards_in_the_order_moved_and_share_a_guard():
    state = board(4)
    clear(state)
    for seat, colour in enumerate(["red", "green", "blue", "yellow"]):
        put(state, ["pawl", "pawl", "taiga", "baikal"][seat] if seat < 2 else
            ["taiga", "baikal"][seat - 2], "lady" if seat >= 2 else
            ["officer", "cossack"][seat], colour, message=True)
    put(state, "pawl", "diplomat", "red")
    act(state, "travel pawl cossack palace officer palace")
    assert state.delivered == [1, 0]
    assert state.guard_of[0] == state.guard_of[1] == 0
    assert state.view(None)["guards"][0]["messages"] == [1, 0]


def test_a_message_delivered_in_another_players_turn_gives_no_bonus():
    state = board(4)
    clear(state)
    put(state, "pawl", "officer", "green", message=True)
    put(state, "pawl", "cossack", "green")
    put(state, "pawl", "diplomat", "red", message=True)
    put(state, "taiga", "lady", "blue", message=True)
    put(state, "baikal", "lady", "yellow", message=True)
    act(state, "travel pawl officer palace cossack palace")
    assert state.delivered == [1]
    # no bonus for red; green's rubles phase starts with green's own next turn
    assert state.phase == RUBLES_FIRST and state.current_player() == 1
    assert legal_texts(state) == ["reveal"]


# -- 3.7 classic rubles ----------------------------------------------------------------------------
def delivered(state, seat=0, guard=1):
    state.msg[seat] = -1
    state.guard_of[seat] = guard
    state.delivered.append(seat)
    state._begin_turn(seat)
    state._legal = None


def test_classic_rubles_is_the_only_action_and_reveals_at_least_one_coin_U18_U19():
    state = board(4, pile=coins("blank", "1", "3", "njet"))
    put(state, "taiga", "officer", "red")
    put(state, "taiga", "cossack", "green")               # a full inn red could travel
    delivered(state)
    assert legal_texts(state) == ["reveal"]
    act(state, "reveal")                                  # a blank: adds 0, goes on (C13)
    assert state.phase == RUBLES and legal_texts(state) == ["reveal", "stop"]
    act(state, "reveal")
    act(state, "stop")
    assert state.coins[0] == [C["blank"], C["1"]] and state.current_player() == 1
    assert [c for c in state.pile[-2:]] == [C["njet"], C["3"]]


def test_classic_njet_removes_this_turns_coins_and_itself_U7():
    state = board(4, pile=coins("2", "njet"))
    delivered(state)
    act(state, "reveal")
    act(state, "reveal")
    assert state.removed == [C["2"], C["njet"]] and state.coins[0] == []
    assert state.current_player() == 1 and len(state.pile) == 28


def test_classic_reaching_the_price_wins_at_once():
    state = board(4, pile=coins("3", "3", "2"))
    delivered(state, guard=1)                             # RACHMANIN: 8
    for _ in range(3):
        act(state, "reveal")
    assert state.is_terminal() and state.result().winners == [0]
    assert state.result().scores == [1.0, 0.0, 0.0, 0.0]


def test_classic_bonus_rubles_is_optional_and_only_for_own_travel_C3():
    state = board(4, pile=coins("1"))
    clear(state)
    put(state, "pawl", "officer", "red", message=True)
    put(state, "pawl", "cossack", "green", message=True)
    put(state, "pawl", "diplomat", "blue", message=True)
    put(state, "taiga", "lady", "yellow", message=True)
    act(state, "travel pawl officer palace cossack palace")
    assert state.phase == BONUS and legal_texts(state) == ["reveal", "end"]
    act(state, "end")
    assert state.current_player() == 1 and state.coins[0] == []


def test_pile_exhausted_first_message_at_a_guard_wins_C5_U6():
    state = board(4, pile=coins())
    state.pile = [C["1"]]
    delivered(state, seat=2, guard=0)
    delivered(state, seat=0, guard=1)
    act(state, "reveal")                                 # the last coin
    act(state, "stop")                                   # stopping does not end the game
    assert not state.is_terminal() and state.coins[0] == [C["1"]]
    state._begin_turn(2)
    state._legal = None
    act(state, "reveal")                                 # wanted, pile empty: game over
    assert state.is_terminal() and state.result().winners == [2]
    assert "exhausted" in state.result().detail["reason"]


# -- 3.8 revised -----------------------------------------------------------------------------------
def test_revised_stayer_owner_takes_a_coin_on_every_travel():
    state = board(4, "revised", pile=coins("2", "3"))
    put(state, "taiga", "cossack", "green")
    put(state, "taiga", "diplomat", "blue")
    act(state, "travel taiga cossack iwan diplomat wladimir")   # red's Lady stays
    assert state.coins[0] == [C["2"]]
    put(state, "baikal", "cossack", "green")
    put(state, "baikal", "diplomat", "blue")                    # green's Lady stays
    act(state, next(t for t in travels(state, "baikal")))
    assert state.coins[1] == [C["3"]]
    assert len(state.pile) == 28


def test_classic_travel_gives_no_coins():
    state = board(4, "classic")
    full_taiga(state)
    act(state, travels(state, "taiga")[0])
    assert state.coins == [[], [], [], []] and len(state.pile) == 30


def test_revised_bribe_only_with_enough_coins_U20_and_wins():
    state = board(4, "revised")
    put(state, "taiga", "officer", "red")
    delivered(state, guard=0)                                  # price 6
    state.coins[0] = [C["3"], C["2"]]
    state._legal = None
    assert "bribe" not in legal_texts(state)
    assert any(t.startswith("place") or t == "draw" for t in legal_texts(state))  # A-C stay
    with pytest.raises(IllegalAction, match="bribing needs"):
        state.apply(state.text_to_action("bribe"))
    state.coins[0].append(C["1"])
    state._legal = None
    act(state, "bribe")
    assert state.is_terminal() and state.result().winners == [0]
    assert state.events(None)[-2]["coins"] == ["3", "2", "1"]


def revised_pawl(options=None, coins_held=()):
    state = board(4, "revised", options=options, pile=coins("1", "2", "3"))
    clear(state)
    state.coins[0] = list(coins_held)
    put(state, "pawl", "officer", "red", message=True)
    put(state, "pawl", "cossack", "green", message=True)
    put(state, "pawl", "diplomat", "red")
    put(state, "taiga", "lady", "blue", message=True)
    put(state, "baikal", "lady", "yellow", message=True)
    return state


def test_revised_bonus_bribe_counts_the_coin_just_earned():
    state = revised_pawl(coins_held=[C["3"], C["2"]])
    act(state, "travel pawl officer palace cossack palace")   # red's Diplomat stays: +1
    assert state.coin_total(0) == 6 and state.phase == BONUS
    assert legal_texts(state) == ["bribe", "end"]
    act(state, "bribe")
    assert state.result().winners == [0]


def test_revised_bonus_without_enough_coins_only_ends_the_turn():
    state = revised_pawl(coins_held=[])
    act(state, "travel pawl officer palace cossack palace")
    assert state.phase == BONUS and legal_texts(state) == ["end"]


@pytest.mark.parametrize("instant", [False, True])
def test_instant_bribe_after_coin_U9_C4(instant):
    state = board(4, "revised", options={"instant_bribe_after_coin": instant},
                  pile=coins("1"))
    delivered(state, guard=0)
    state.coins[0] = [C["3"], C["2"]]
    put(state, "taiga", "cossack", "green")
    put(state, "taiga", "diplomat", "blue")                    # red's Lady stays
    act(state, "travel taiga cossack iwan diplomat wladimir")
    if instant:
        assert state.phase == BONUS and legal_texts(state) == ["bribe", "end"]
    else:
        assert state.phase == TURN and state.current_player() == 1


def test_revised_final_round_after_the_pile_runs_out_C6_U8():
    state = board(4, "revised", pile=coins())
    state.pile = [C["1"]]
    delivered(state, seat=2, guard=0)
    state._begin_turn(0)
    state._legal = None
    put(state, "taiga", "cossack", "green")
    put(state, "taiga", "diplomat", "blue")
    act(state, "travel taiga cossack iwan diplomat wladimir")
    assert state.pile == [] and state.final_left == 4
    for turn in range(4):
        assert not state.is_terminal()
        finish_turn(state)
        assert state.final_left == 3 - turn or state.is_terminal()
    assert state.is_terminal() and state.result().winners == [2]
    assert "final round" in state.result().detail["reason"]


def finish_turn(state):
    """Play the active player's turn with the first legal actions (never bribing)."""
    seat = state.active
    while not state.is_terminal() and state.active == seat:
        legal = legal_texts(state)
        choice = "end" if "end" in legal else next(t for t in legal if t != "bribe")
        act(state, choice)
        while state.phase == SHUFFLE:
            state.apply_chance(stack())


# -- 3.6 housekeeping and extra colour -----------------------------------------------------------
def test_display_refills_from_the_stack_at_the_end_of_the_turn():
    state = board(4)
    assert len(state.display[0]) == 1
    act(state, next(t for t in legal_texts(state) if t.startswith("place")))
    assert len(state.display[0]) == 1 and len(state.stacks[0]) == 9


def test_extra_colour_offer_C1_U16():
    state = board(4)
    state.stacks[0] = []
    state.display[0] = []
    state._legal = None
    act(state, "pass")
    assert state.phase == OFFER and legal_texts(state) == ["extra", "decline"]
    act(state, "decline")                                  # not permanent
    assert state.current_player() == 1 and state.passes == 1
    state._begin_turn(0)
    state._legal = None
    act(state, "pass")
    act(state, "extra")
    assert state.phase == SHUFFLE and state.owner[4] == 0    # lowest unused: purple
    state.apply_chance(stack("lady"))
    # the new stack refilled the empty display at once, and the pass count was reset
    assert state.display[0] == [4 * 4 + 3] and len(state.stacks[0]) == 11
    assert state.passes == 0 and state.current_player() == 1
    # purple couriers count as red's own: a full inn with only purple lets red travel
    put(state, "iwan", "officer", "purple")
    put(state, "iwan", "cossack", "green")
    put(state, "iwan", "diplomat", "blue")
    state._begin_turn(0)
    state._legal = None
    assert travels(state, "iwan")


def test_no_extra_colour_with_five_players():
    state = board(5)
    state.stacks[0] = []
    state.display[0] = []
    state._legal = None
    act(state, "pass")
    assert state.phase == TURN and state.current_player() == 1


# -- 3.9 ending ------------------------------------------------------------------------------------
def test_pass_only_when_nothing_else_is_legal_U11():
    state = board(4)
    assert "pass" not in legal_texts(state)
    with pytest.raises(IllegalAction, match="only when no other action"):
        state.apply(state.text_to_action("pass"))


def test_a_full_round_of_passes_ends_by_tie_break_C2_C7():
    state = board(3, "revised")
    for seat in range(3):
        state.stacks[seat] = []
        state.display[seat] = []
    state.owner = [0, 1, 2, 3, 4]                          # no spare colour to offer
    state.coins = [[C["1"]], [C["3"]], [C["2"], C["1"]]]
    state._legal = None
    for _ in range(3):
        act(state, "pass")
    assert state.is_terminal()
    # p2 and p3 tie on 3 rubles and on message height; p2 comes first from the start player
    assert state.result().winners == [1]
    assert "passes" in state.result().detail["reason"]


def test_tie_break_steps_C7():
    state = board(4, "revised")
    state.coins = [[C["2"]], [C["2"]], [C["1"]], []]
    # equal coins for p1 and p2: the higher message wins
    clear(state)
    put(state, "taiga", "lady", "red", message=True)
    put(state, "iwan", "lady", "green", message=True)
    put(state, "olga", "lady", "blue", message=True)
    put(state, "baikal", "lady", "yellow", message=True)
    assert state.tiebreak() == 1
    state.coins[0] = [C["3"]]
    assert state.tiebreak() == 0                           # coins before height
    state.coins[1] = [C["3"]]
    state.start = 2
    clear(state)
    for seat, colour in enumerate(["red", "green", "blue", "yellow"]):
        put(state, ["taiga", "baikal", "stroganow", "kosaken"][seat], "lady", colour, True)
    assert state.tiebreak() == 0                           # p1 before p2 counted from p3
    state.delivered = [3]
    assert state.tiebreak() == 3                           # first at a guard beats all


def test_turn_cap_ends_the_match_C8_U23():
    state = board(4, options={"turn_cap": 3})
    for _ in range(3):
        act(state, "draw") if "draw" in legal_texts(state) else None
        while state.phase == DRAWN:
            state.apply(state.legal_actions()[0])
    assert state.is_terminal() and state.turns == 3
    assert "turn cap" in state.result().detail["reason"]
    assert state.phase == OVER


def test_extra_colour_is_offered_to_a_classic_player_in_the_rubles_phase_too_C1():
    """C1 binds without exception: at the end of each turn with an empty stack and an unused
    colour the player is asked, also after a rubles action."""
    state = board(4, pile=coins("1"))
    delivered(state)
    state.stacks[0] = []
    state.known[0] = 0
    state._legal = None
    act(state, "reveal")
    act(state, "stop")
    assert state.phase == OFFER and legal_texts(state) == ["extra", "decline"]
    act(state, "extra")
    state.apply_chance(stack())
    assert state.owner[4] == 0 and len(state.stacks[0]) == 12
    assert state.current_player() == 1


def test_extra_colour_couriers_are_the_players_own_for_messages_coins_and_the_palace_U16():
    state = board(4, "revised", pile=coins("3", "2"))
    state.stacks[0], state.display[0] = [], []
    state._legal = None
    act(state, "pass")
    act(state, "extra")
    state.apply_chance(stack())
    assert state.owner[4] == 0                              # purple plays for red
    state._begin_turn(0)
    put(state, "baikal", "cossack", "purple")
    assert "message baikal cossack" in legal_texts(state)  # to a purple courier (message rule)
    # travel rule and coins: a full inn whose stayer is purple earns red the coin
    put(state, "iwan", "cossack", "green")
    put(state, "iwan", "diplomat", "blue")
    put(state, "iwan", "lady", "purple")
    act(state, "travel iwan cossack anastasia diplomat natascha")
    assert state.coins[0] == [C["3"]]
    # palace: a purple courier leaving the grassland goes under red's current stack
    state._begin_turn(0)
    state._legal = None
    put(state, "pawl", "officer", "purple")
    put(state, "pawl", "cossack", "green")
    put(state, "pawl", "diplomat", "blue")
    bottom = list(state.stacks[0])
    act(state, "travel pawl officer palace cossack palace")
    assert state.stacks[0][:len(bottom) + 1] == [4 * 4 + 0] + bottom
    assert state.known[0] == 1
    assert state.coins[2] == [C["2"]]                      # blue's Diplomat stayed


def test_a_message_on_the_staying_courier_stays_and_an_empty_pile_gives_no_coin():
    state = board(4, "revised")
    state.pile = []
    clear(state)
    put(state, "taiga", "lady", "red", message=True)
    put(state, "taiga", "cossack", "green", message=True)
    put(state, "taiga", "diplomat", "blue", message=True)
    put(state, "baikal", "lady", "yellow", message=True)
    act(state, "travel taiga cossack iwan diplomat wladimir")
    assert state.msg[0] == INN_BY_KEY["taiga"] * 4 + 3      # red's Lady stayed, with it
    assert state.msg[1] == INN_BY_KEY["iwan"] * 4 + 1       # green's went along
    assert state.coins == [[], [], [], []]
    assert not [e for e in state.events(None) if e["e"] == "coin"]
