"""The seed's worked examples, each a match record with chosen random outcomes."""

from __future__ import annotations

from gonets.games.czar.rules.board import INN_BY_KEY

from .helpers import GAME, courier_at, legal_texts, scenario


def test_baikal_bar_departure():
    """Officer room empty at BAIKAL-BAR: red Cossack and green Diplomat (message) leave, the
    Lady stays; the two go to different forest inns, WLADIMIR and IWAN."""
    record = scenario("baikal")
    before = record.replay(upto=len(record.steps) - 1)
    assert courier_at(before, "baikal", "officer") is None
    assert before.cnt[INN_BY_KEY["baikal"]] == 3
    options = [t for t in legal_texts(before) if t.startswith("travel baikal")]
    # the leavers are the Cossack and the Diplomat, in either order, to two forest inns
    assert options and all(t.split()[2] in ("cossack", "diplomat") for t in options)
    assert not any("wladimir" in t.split()[3] and "wladimir" == t.split()[5] for t in options)
    assert all(INN_BY_KEY[t.split()[3]] in range(5, 9) for t in options)
    state = record.replay()
    assert courier_at(state, "wladimir", "cossack") == "red cossack"
    assert courier_at(state, "iwan", "diplomat") == "green diplomat"
    assert state.msg[1] == INN_BY_KEY["iwan"] * 4 + 2          # green's message went along
    assert courier_at(state, "baikal", "lady") == "green lady"
    assert state.cnt[INN_BY_KEY["baikal"]] == 1
    event = state.events(None)[-1]
    assert event["e"] == "travel" and event["stays"] == "green lady"
    assert [m["to"] for m in event["moves"]] == ["WLADIMIR", "IWAN"]


def test_iwan_diplomat_to_katharina_cossack_skips_to_rachmanin():
    record = scenario("iwan")
    before = record.replay(upto=len(record.steps) - 1)
    assert before.active == 0
    assert courier_at(before, "iwan", "officer") is None
    assert courier_at(before, "iwan", "cossack") == "red cossack"
    assert courier_at(before, "iwan", "diplomat") == "green diplomat"
    assert before.msg[1] == INN_BY_KEY["iwan"] * 4 + 2
    assert before.cnt[INN_BY_KEY["anastasia"]] == 3
    assert courier_at(before, "natascha", "cossack") and courier_at(before, "olga", "cossack")
    assert courier_at(before, "katharina", "cossack") is None   # only the partner blocks it
    options = [t for t in legal_texts(before) if t.startswith("travel iwan diplomat katharina")]
    # after the Diplomat takes KATHARINA, the Cossack has no mountain inn: it skips
    assert options and all(t.split()[5] in ("pawl", "rachmanin", "masl", "rehr")
                           for t in options)
    # moving the Cossack first, it must stop in KATHARINA, the only mountain inn for it
    assert {t.split()[3] for t in legal_texts(before)
            if t.startswith("travel iwan cossack")} == {"katharina"}
    view = before.view(0)
    text = "travel iwan diplomat katharina cossack rachmanin"
    line = GAME.describe_action(view, text)
    assert line.startswith("travel from IWAN: green Diplomat (with p2's message) first to "
                           "KATHARINA, then red Cossack -> RACHMANIN HOF (skips the Mountains)")
    state = record.replay()
    assert courier_at(state, "katharina", "diplomat") == "green diplomat"
    assert state.msg[1] == INN_BY_KEY["katharina"] * 4 + 2
    assert courier_at(state, "rachmanin", "cossack") == "red cossack"
    event = [e for e in state.events(None) if e["e"] == "travel"][-1]
    assert event["moves"][1]["skipped"] == ["Mountains"]


def test_pawl_hof_leavers_go_to_the_palace():
    record = scenario("pawl")
    before = record.replay(upto=len(record.steps) - 1)
    pawl = INN_BY_KEY["pawl"]
    assert courier_at(before, "pawl", "lady") is None and before.msg[0] == pawl * 4 + 1
    stack_before = list(before.stacks[0])
    officer_owner = before.owner_of(before.rooms[pawl * 4])
    state = record.replay()
    assert courier_at(state, "pawl", "officer") is None
    assert courier_at(state, "pawl", "cossack") is None
    assert courier_at(state, "pawl", "diplomat") is not None      # the third stays
    assert state.guard_of[0] == 0                                 # guard above PAWL HOF
    assert state.price_of(0) == 6
    assert state.stacks[0][0] == 0 * 4 + 1                       # red Cossack under red's stack
    assert state.stacks[0][1:] == stack_before or officer_owner == 0
    # red delivered its own message on its own turn: the bonus rubles action is offered
    assert legal_texts(state) == ["reveal", "end"]
    assert state.current_player() == 0


def test_rubles_example_one_more_ruble_wins():
    state = scenario("rubles_win").replay()
    assert state.price_of(0) == 8
    assert state.is_terminal() and state.result().winners == [0]
    assert [e["coin"] for e in state.events(None) if e["e"] == "reveal"][-3:] == ["2", "2", "1"]


def test_rubles_example_njet_loses_this_turns_coins():
    record = scenario("rubles_njet")
    before = record.replay(upto=len(record.steps) - 1)
    assert before.coin_total(0) == 3 and [c for c in before.running] == [2, 2]
    assert legal_texts(before) == ["reveal", "stop"]
    state = record.replay()
    assert not state.is_terminal()
    assert state.coin_total(0) == 3                               # the 4 are lost
    assert sorted(state.removed) == [0, 2, 2]                     # with the Njet (U7, C13)
    assert state.active == 1


def test_baikal_bar_then_iwan_the_same_diplomat_continues_the_example():
    """The seed's example as one story: the green Diplomat BAIKAL-BAR sent to IWAN (with green's
    message) later leaves IWAN with a red Cossack; red moves the Diplomat first to KATHARINA,
    and the Cossack, refused by ANASTASIA (full), NATASCHA and OLGA (Cossack rooms taken) and
    KATHARINA (its partner's inn), skips the Mountains to RACHMANIN HOF."""
    record = scenario("baikal_iwan")
    arrival = scenario("baikal").replay()
    iwan = INN_BY_KEY["iwan"]
    assert courier_at(arrival, "iwan", "diplomat") == "green diplomat"
    assert arrival.msg[1] == iwan * 4 + 2
    before = record.replay(upto=len(record.steps) - 1)
    # IWAN was never emptied in between, so this is the Diplomat from BAIKAL-BAR
    assert not [e for e in before.events(None)
                if e["e"] == "travel" and e["inn"] == "IWAN"]
    assert before.msg[1] == iwan * 4 + 2 and before.active == 0
    assert courier_at(before, "iwan", "officer") is None
    assert courier_at(before, "iwan", "cossack") == "red cossack"
    assert before.cnt[INN_BY_KEY["anastasia"]] == 3
    assert courier_at(before, "natascha", "cossack") and courier_at(before, "olga", "cossack")
    assert courier_at(before, "katharina", "cossack") is None
    assert before.cnt[INN_BY_KEY["katharina"]] == 1
    skips = {t.split()[5] for t in legal_texts(before)
             if t.startswith("travel iwan diplomat katharina cossack")}
    assert skips == {"pawl", "rachmanin", "masl", "rehr"}
    state = record.replay()
    assert courier_at(state, "katharina", "diplomat") == "green diplomat"
    assert state.msg[1] == INN_BY_KEY["katharina"] * 4 + 2
    assert courier_at(state, "rachmanin", "cossack") == "red cossack"
    assert courier_at(state, "iwan", "lady") == "blue lady"          # the third stays
    move = [e for e in state.events(None) if e["e"] == "travel"][-1]["moves"][1]
    assert move["skipped"] == ["Mountains"] and move["to"] == "RACHMANIN HOF"


def test_display_with_one_type_in_two_colours_lets_the_player_choose_3_3():
    """Rule 3.3 "take any one face-up courier": after the extra colour (blue) red's display
    holds a red and a blue Officer; the menu names the colour and red places the blue one."""
    from gonets.core import IllegalAction

    record = scenario("two_colours")
    before = record.replay(upto=len(record.steps) - 1)
    assert before.active == 0 and before.owner[2] == 0            # blue is red's extra colour
    display = sorted(f"{c['colour']} {c['type']}" for c in before.view(0)["seats"][0]["display"])
    assert display == ["blue officer", "red cossack", "red officer"]
    places = [t for t in legal_texts(before) if t.startswith("place")]
    assert places == ["place red officer taiga", "place blue officer taiga"]
    # one colour only for the Cossack: its place ids stay colour-free (none fits here)
    for text, problem in (("place officer taiga", "name the one to place: 'place red officer "
                                                  "taiga' or 'place blue officer taiga'"),
                          ("place red cossack taiga", "one colour only; write 'place cossack "
                                                      "taiga'"),
                          ("place green officer taiga", "no green officer")):
        try:
            before.clone().apply(before.text_to_action(text))
        except IllegalAction as exc:
            assert problem in str(exc), str(exc)
        else:
            raise AssertionError(f"{text} was accepted")
    view = before.view(0)
    assert GAME.describe_action(view, "place blue officer taiga") == \
        "place your displayed blue Officer into TAIGA-TAVERNE"
    assert GAME.describe_action(view, "place blue officer taiga", "ru") == \
        "поставить синего офицера из запаса в Таёжную таверну"
    state = record.replay()
    assert courier_at(state, "taiga", "officer") == "blue officer"
    assert [f"{c >> 2} {c & 3}" for c in state.display[0]] == ["0 0", "0 1"]   # red ones stay
    chose_red = before.clone()
    chose_red.apply(chose_red.text_to_action("place red officer taiga"))
    assert courier_at(chose_red, "taiga", "officer") == "red officer"
    placed = [e for e in state.events(0) if e["e"] == "place"][-1]
    assert GAME.describe_event(placed, "en", 0) == \
        "you place the blue Officer (from the display) into TAIGA-TAVERNE"


def test_colour_named_place_ids_are_fixed_and_round_trip():
    from gonets.games.czar import notation as A

    action = A.place_colour_id(2 * 4 + 0, INN_BY_KEY["taiga"])
    assert A.action_text(action) == "place blue officer taiga"
    assert A.parse_action("place blue officer taiga") == action
    assert GAME.num_actions(GAME.configure(2)) == GAME.num_actions(GAME.configure(5)) \
        == A.NUM_ACTIONS > action
