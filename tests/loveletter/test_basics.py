"""Dealing, turns, the classic cards, knock-outs, showdowns and tokens (rules §1.2, §1.4)."""

import pytest

from gonets.core import IllegalAction
from gonets.games.loveletter import GAME
from gonets.games.loveletter.views import FIELDS
from tests.loveletter.helpers import (
    act,
    alive,
    discards,
    events,
    hand,
    legal,
    run,
    stack,
)


def test_dealing_convention_and_two_player_setup():
    deck = stack(2, "princess", ["guard", "priest"], ["king"],
                 face_up=["baron", "handmaid", "prince"])
    state = run(2, [deck])
    view = state.view(0)
    assert view["face_up"] == ["baron", "handmaid", "prince"]
    assert view["hand"] == ["guard", "king"] and hand(state, 1) == ["priest"]
    assert view["deck_size"] == 9            # L1: 16 - 1 - 3 - 2 = 10 to draw, one drawn
    assert view["spare"] is True and "princess" not in str(state.view(1)["log"])


def test_seed_strict_removes_nothing_face_up_with_two_players():
    deck = stack(2, "princess", ["guard", "priest"], ["king"], preset="seed-strict")
    state = run(2, [deck], preset="seed-strict")
    assert state.view(0)["face_up"] == [] and state.view(0)["deck_size"] == 12


def test_face_up_removal_applies_to_every_deck_with_two_players():
    state = run(2, [stack(2, "bishop", ["guard", "jester"], extended_deck="always")],
                extended_deck="always")
    assert len(state.view(0)["face_up"]) == 3 and state.view(0)["deck_size"] == 32 - 7


def test_guard_hit_miss_and_guesses():
    deck = stack(4, "guard", ["guard", "priest", "baron", "handmaid"], ["king", "guard"])
    state = run(4, [deck])
    options = legal(state)
    assert "guard p2 1" not in options and "guard p1 2" not in options   # not 1, not self
    assert "guard p2 9" not in options and "guard p2 0" not in options   # L2: not in deck
    with pytest.raises(IllegalAction):
        state.text_to_action("guard p2 9")
    act(state, "guard p2 2")
    assert alive(state) == [0, 2, 3] and discards(state, 1) == [("priest", "knockout")]
    assert events(state, None, "guard")[-1]["hit"] is True
    act(state, "guard p4 8")                                            # p3 misses
    assert alive(state) == [0, 2, 3] and events(state, None, "guard")[-1]["hit"] is False


def test_guard_names_characters_in_classic_preset():
    deck = stack(4, "guard", ["guard", "priest", "baron", "handmaid"], ["king"],
                 preset="classic-2012")
    state = run(4, [deck], preset="classic-2012")
    assert "guard p2 priest" in legal(state) and "guard p2 guard" not in legal(state)
    act(state, "guard p2 priest")
    assert alive(state) == [0, 2, 3]


def test_priest_look_is_private():
    deck = stack(3, "guard", ["priest", "king", "baron"], ["guard"])
    state = run(3, [deck, "priest p2"])
    mine = events(state, 0, "look")[-1]
    assert mine == {"e": "look", "seat": 0, "target": 1, "card": "king"}
    for seat in (1, 2, None):
        assert "card" not in events(state, seat, "look")[-1]


@pytest.mark.parametrize("target_card,kept,loser", [("guard", "king", 1),
                                                    ("princess", "king", 0),
                                                    ("priest", "priest", None)])
def test_baron_compare(target_card, kept, loser):
    deck = stack(3, "guard", ["baron", target_card, "handmaid"], [kept])
    state = run(3, [deck, "baron p2"])
    compare = events(state, None, "compare")[-1]
    assert compare["loser"] == loser and "cards" not in compare
    assert events(state, 0, "compare")[-1]["cards"] == [kept, target_card]
    assert events(state, 1, "compare")[-1]["cards"] == [kept, target_card]
    assert "cards" not in events(state, 2, "compare")[-1]
    expected = [0, 1, 2] if loser is None else [q for q in range(3) if q != loser]
    assert alive(state) == expected


def test_handmaid_protects_until_own_next_turn():
    deck = stack(3, "guard", ["handmaid", "guard", "priest"], ["baron", "guard", "king"])
    state = run(3, [deck, "handmaid"])
    assert state.view(None)["seats"][0]["protected"]
    assert all(not t.endswith(("p1 2", "p1 3")) for t in legal(state) if t.startswith("guard"))
    assert not any(" p1" in t for t in legal(state))
    act(state, "guard p3 5", "priest p2")
    assert state.current_player() == 0 and not state.view(None)["seats"][0]["protected"]


def _locked_out(draw):
    """p2 and p3 hide behind Handmaids; p1 then holds a Guard and ``draw``."""
    deck = stack(3, "countess", ["guard", "handmaid", "handmaid"],
                 ["guard", "guard", "baron", draw])
    return run(3, [deck, "guard p2 3", "handmaid", "handmaid"])


@pytest.mark.parametrize("card", ["king", "baron", "priest"])
def test_handmaid_lock_out_other_target_cards_have_no_effect(card):
    state = _locked_out(card)
    assert legal(state) == sorted(["guard", card], key=lambda t: state.text_to_action(t))
    act(state, card)
    assert events(state, None, "no_effect")[-1] == {"e": "no_effect", "seat": 0, "card": card}
    assert alive(state) == [0, 1, 2]


def test_handmaid_lock_out_forces_prince_onto_self():
    state = _locked_out("prince")
    assert legal(state) == ["guard", "prince p1"]
    act(state, "prince p1")
    assert discards(state, 0) == [("guard", "played"), ("prince", "played"),
                                  ("guard", "prince")]


@pytest.mark.parametrize("other", ["king", "prince"])
def test_countess_forced_with_king_or_prince(other):
    deck = stack(4, "guard", ["countess", "guard", "guard", "guard"], [other])
    state = run(4, [deck])
    assert legal(state) == ["countess"]
    with pytest.raises(IllegalAction, match="not legal now"):
        state.apply(state.text_to_action(f"{other} p2"))


def test_countess_voluntary_otherwise():
    deck = stack(4, "guard", ["countess", "guard", "guard", "guard"], ["handmaid"])
    assert set(legal(run(4, [deck]))) == {"countess", "handmaid"}


def test_prince_on_princess_knocks_out_without_redraw():
    deck = stack(3, "guard", ["prince", "princess", "guard"], ["guard"])
    state = run(3, [deck, "prince p2"])
    assert alive(state) == [0, 2]
    assert discards(state, 1) == [("princess", "prince")]
    after = events(state, None)
    after = after[max(i for i, e in enumerate(after) if e["e"] == "out"):]
    assert not [e for e in after if e["e"] == "draw" and e["seat"] == 1]
    assert state.view(None)["seats"][1]["hand_size"] == 0


def test_prince_discard_is_no_effect_and_redraws_from_deck():
    deck = stack(3, "guard", ["prince", "baron", "guard"], ["guard", "king"])
    state = run(3, [deck, "prince p2"])
    assert discards(state, 1) == [("baron", "prince")] and hand(state, 1)[0] == "king"
    assert alive(state) == [0, 1, 2]


def test_king_swaps_hands_privately():
    deck = stack(3, "guard", ["king", "priest", "baron"], ["guard"])
    state = run(3, [deck, "king p2"])
    assert hand(state, 0) == ["priest"] and hand(state, 1)[0] == "guard"
    assert events(state, 1, "swap")[-1]["cards"] == ["priest", "guard"]
    assert "cards" not in events(state, 2, "swap")[-1]


def test_king_cannot_trade_with_a_knocked_out_player():
    deck = stack(3, "guard", ["guard", "priest", "baron"], ["king", "guard", "guard"])
    state = run(3, [deck, "guard p2 2"])
    act(state, "guard p1 6")
    assert not any(t.endswith("p2") for t in legal(state))


def test_princess_played_knocks_out_and_shows_hand():
    deck = stack(3, "guard", ["princess", "priest", "baron"], ["guard"])
    state = run(3, [deck, "princess"])
    assert alive(state) == [1, 2]
    assert discards(state, 0) == [("princess", "played"), ("guard", "knockout")]


def test_last_survivor_wins_the_round_at_once_and_starts_the_next():
    deck = stack(2, "guard", ["guard", "priest"], ["baron"], face_up=["king", "prince",
                                                                       "prince"])
    state = run(2, [deck, "guard p2 2"])
    assert state.tokens == [1, 0] and state.is_chance()
    assert events(state, None, "round_end")[-1]["reason"] == "last_standing"
    assert state.view(None)["starter"] == 0


def _eight_players_to_the_end():
    """8 players, 16 cards (extended_deck=never): the 7th draw empties the deck and p7's
    Prince makes p8 draw the set-aside Princess."""
    deck = stack(8, "princess", ["guard", "guard", "guard", "guard", "priest", "priest",
                                 "baron", "handmaid"],
                 ["guard", "handmaid", "king", "countess", "baron", "prince", "prince"],
                 extended_deck="never")
    state = run(8, [deck, "guard p2 8", "handmaid", "guard p4 8", "guard p5 8", "priest p1",
                    "priest p1"], extended_deck="never")
    return state


def test_prince_with_empty_deck_draws_the_set_aside_card_then_showdown():
    state = _eight_players_to_the_end()
    assert state.view(None)["deck_size"] == 0
    act(state, "prince p8")
    draw = [e for e in events(state, 7, "draw") if e["from"] == "spare"]
    assert draw == [{"e": "draw", "seat": 7, "from": "spare", "card": "princess"}]
    showdown = events(state, None, "showdown")[-1]
    assert showdown["hands"][7] == "princess" and state.tokens[7] == 1
    assert events(state, None, "round_end")[-1] == {"e": "round_end", "round": 1,
                                                     "winners": [7], "reason": "showdown"}


def test_illegal_actions_are_refused_with_the_state_unchanged():
    deck = stack(3, "guard", ["guard", "priest", "baron"], ["king"])
    state = run(3, [deck])
    before = state.snapshot()
    with pytest.raises(IllegalAction, match="does not hold"):
        state.apply(state.text_to_action("handmaid"))
    with pytest.raises(IllegalAction, match="not an action id"):
        state.apply(10_000)
    with pytest.raises(IllegalAction, match="cannot read"):
        state.text_to_action("guard p9 5 5")
    with pytest.raises(IllegalAction, match="random event"):
        state.apply_chance(deck)
    assert state.snapshot() == before


def test_shuffle_outcomes_are_validated():
    state = GAME.new_state(GAME.configure(3))
    deck = stack(3, "guard", ["guard", "priest", "baron"])
    with pytest.raises(IllegalAction, match="must list 16 cards"):
        state.apply_chance(deck[:-1])
    with pytest.raises(IllegalAction, match="not a card of the classic deck"):
        state.apply_chance(["bishop"] + deck[1:])
    with pytest.raises(IllegalAction, match="has 4 guard"):
        state.apply_chance(["priest"] + deck[1:])
    with pytest.raises(IllegalAction, match="list of 16 card names"):
        state.apply_chance("guard")
    assert state.is_chance()


def test_spectator_never_sees_private_fields():
    deck = stack(3, "guard", ["king", "priest", "baron"], ["guard", "baron"])
    state = run(3, [deck, "king p2", "baron p1"])
    for event in state.view(None)["log"]:
        assert not set(FIELDS[event["e"]][1]) & set(event), event
    assert state.view(None)["hand"] is None


def test_refusals_name_the_reason():
    deck = stack(3, "guard", ["handmaid", "guard", "priest"], ["baron", "guard", "king"])
    state = run(3, [deck, "handmaid"])
    with pytest.raises(IllegalAction, match="p1 is protected by a Handmaid"):
        state.apply(state.text_to_action("guard p1 3"))
    deck = stack(4, "guard", ["countess", "guard", "guard", "guard"], ["king"])
    state = run(4, [deck])
    with pytest.raises(IllegalAction, match="the Countess must be played"):
        state.apply(state.text_to_action("king p2"))
