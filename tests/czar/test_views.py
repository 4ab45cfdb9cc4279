"""Hidden information: stack order and the coin pile are secret from everyone; revised coin
values from all but their owner. sample_world redraws exactly that."""

from __future__ import annotations

import json
import random

import pytest

from gonets.core import IllegalAction
from gonets.games.czar.rules.board import COIN_BY_KEY

from .helpers import GAME, act, coins, legal_texts, scenario, stack, started


def test_views_do_not_depend_on_stack_order_or_coin_pile_order():
    first = started(4, stacks=[stack("officer", "cossack", "lady", "diplomat")] * 4)
    second = started(4, stacks=[stack("officer", "cossack", "diplomat", "lady")] * 4,
                     pile=coins("njet", "3"))
    for seat in (None, 0, 1, 2, 3):
        assert first.view(seat) == second.view(seat)
    assert first.snapshot() != second.snapshot()


def test_view_shows_the_unseen_stack_as_counts_and_the_known_bottom_in_order():
    state = started(3)
    view = state.view(1)
    info = view["seats"][0]
    assert info["stack"] == 10 and info["stack_bottom"] == []
    assert info["stack_hidden"] == {"colour": "red", "counts": {"officer": 1, "cossack": 3,
                                                                "diplomat": 3, "lady": 3}}
    assert view["pile"] == 30
    assert [e for e in view["log"] if e["e"] in ("coins", "shuffle")] == [
        {"e": "coins", "count": 30}, {"e": "shuffle", "seat": 0, "colour": "red"},
        {"e": "shuffle", "seat": 1, "colour": "green"},
        {"e": "shuffle", "seat": 2, "colour": "blue"}]


def test_revised_coin_values_only_for_their_owner_U17():
    record = scenario("baikal")
    steps = [dict(s) for s in record.steps]
    steps[1] = {"chance": coins("3")}
    from .helpers import play

    state = play(steps, 4, "revised")
    assert state.coins[1] == [COIN_BY_KEY["3"]]           # green's Lady stayed at BAIKAL-BAR
    own = state.view(1)
    other = state.view(0)
    spectator = state.view(None)
    assert own["seats"][1]["coins"] == ["3"] and own["seats"][1]["coin_total"] == 3
    for view in (other, spectator):
        assert view["seats"][1]["coins"] is None and view["seats"][1]["coin_total"] is None
        assert view["seats"][1]["coin_count"] == 1
        assert '"3"' not in json.dumps([e for e in view["log"] if e["e"] == "coin"])
    assert [e for e in own["log"] if e["e"] == "coin"] == [{"e": "coin", "seat": 1,
                                                            "coin": "3"}]


def test_sample_world_keeps_what_the_seat_knows_and_redraws_the_rest():
    record = scenario("pawl")
    state = record.replay()
    rng = random.Random(1)
    view = state.view(1)
    worlds = [GAME.sample_world(view, rng) for _ in range(6)]
    for world in worlds:
        assert world.view(1) == view
        known = state.known[0]
        assert world.stacks[0][:known] == state.stacks[0][:known]     # the palace arrivals
        assert sorted(world.stacks[0]) == sorted(state.stacks[0])
        assert sorted(world.pile) == sorted(state.pile)
    assert len({tuple(w.pile) for w in worlds}) > 1
    assert len({tuple(tuple(s) for s in w.stacks) for w in worlds}) > 1


def test_sample_world_redeals_other_players_revised_coins_but_keeps_own():
    state = started(4, "revised")
    state.coins = [[COIN_BY_KEY["3"]], [COIN_BY_KEY["1"], COIN_BY_KEY["2"]], [], []]
    for seat, coin in ((0, "3"), (1, "1"), (1, "2")):
        state._log({"e": "coin", "seat": seat}, seat, {"coin": coin})
    state.pile = state.pile[:-3]
    view = state.view(0)
    rng = random.Random(3)
    seen = set()
    for _ in range(20):
        world = GAME.sample_world(view, rng)
        assert world.view(0) == view
        assert world.coins[0] == [COIN_BY_KEY["3"]] and len(world.coins[1]) == 2
        # the redealt values also appear, privately, in green's own log
        green = [e["coin"] for e in world.view(1)["log"] if e["e"] == "coin" and e["seat"] == 1]
        assert [COIN_BY_KEY[c] for c in green] == world.coins[1]
        seen.add(tuple(world.coins[1]))
    assert len(seen) > 1


def test_errors_do_not_reveal_the_top_of_the_stack():
    state = started(4)
    texts = []
    travel = "travel taiga officer iwan cossack wladimir"
    for text in ("place officer iwan", "place lady taiga", travel, "bribe", "pass", "reveal"):
        with pytest.raises(IllegalAction) as info:
            state.apply(state.text_to_action(text))
        texts.append(str(info.value))
    top = state.stacks[0][-1]
    from gonets.games.czar.rules.board import courier_name

    assert not any(courier_name(top) in t for t in texts if "display" not in t)


def test_notation_round_trips_and_unreadable_text_is_refused():
    from gonets.games.czar import notation as A

    for action in (0, 7, A.PLACE, A.MESSAGE + 5, A.TRAVEL, A.NUM_ACTIONS - 1,
                   A.travel_id(6, 2, 1, 12, 14)):
        assert A.parse_action(A.action_text(action)) == action
    assert A.action_text(A.travel_id(6, 2, 1, 12, 14)) == \
        "travel iwan diplomat katharina cossack rachmanin"
    for bad in ("travel iwan diplomat katharina officer rachmanin", "place knight taiga",
                "place officer moscow", "message", "hop"):
        with pytest.raises(IllegalAction, match="cannot read"):
            A.parse_action(bad)
    with pytest.raises(IllegalAction):
        A.action_text(A.NUM_ACTIONS)
    assert A.parse_action("  Travel IWAN diplomat  katharina cossack rachmanin ") == \
        A.travel_id(6, 2, 1, 12, 14)


def test_act_out_of_turn_is_refused():
    state = started(4)
    with pytest.raises(IllegalAction, match="seat 1 cannot act now"):
        state.act(1, state.legal_actions()[0])
    act(state, legal_texts(state)[0])


def test_sample_world_respects_what_a_revised_pass_reveals():
    """A pass is legal only when nothing else is, bribing included: a revised player who passed
    with the message at a guard held less than its price, in every sampled world."""
    from gonets.games.czar.rules.board import COIN_KEYS

    from .helpers import clear, put

    state = clear(started(5, "revised"))
    for seat, inn in zip(range(5), ["taiga", "baikal", "stroganow", "kosaken", "datscha"]):
        put(state, inn, "lady", ["red", "green", "blue", "yellow", "purple"][seat], True)
    state.msg[1] = -1
    for key in ("1", "1", "blank", "njet", "2"):                 # green holds 4 rubles
        code = COIN_BY_KEY[key]
        state.pile.remove(code)
        state.coins[1].append(code)
        state._log({"e": "coin", "seat": 1}, 1, {"coin": COIN_KEYS[code]})
    put(state, "pawl", "officer", "green", message=True)
    put(state, "pawl", "cossack", "red")
    put(state, "pawl", "diplomat", "blue")
    act(state, "travel pawl officer palace cossack palace")     # green's message: price 6
    state.stacks[1], state.display[1] = [], []
    state._legal = None
    act(state, "pass")                                           # green could not bribe
    view = state.view(0)
    rng = random.Random(3)
    totals = []
    for _ in range(40):
        world = GAME.sample_world(view, rng)
        assert world.view(0) == view
        totals.append(world.coin_total(1))
    assert max(totals) < 6 and len(set(totals)) > 1
