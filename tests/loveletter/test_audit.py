"""Rulings found untested in the audit: the Bishop's redraw from the set-aside card, immediate
wins that stop a card (L8, L9), several winners at the target (L10), clockwise order from
the round's first player (L12), a second Sycophant (L5), the Assassin and L7."""

import json

import pytest

from gonets.core.errors import ContentError
from gonets.games.loveletter.rules import cards as C
from tests.loveletter.helpers import (
    act,
    alive,
    discards,
    empty_deck,
    events,
    hand,
    legal,
    run,
    stack,
)

ALWAYS = {"extended_deck": "always"}


def _play(steps, **options):
    return run(3, steps, **ALWAYS, **options)


def test_bishop_victim_redraws_the_set_aside_card_on_an_empty_deck():
    deck = stack(3, "king", ["bishop", "baron", "guard"], ["guard"], **ALWAYS)
    state = act(empty_deck(_play([deck])), "bishop p2 3", "redraw")
    assert discards(state, 1) == [("baron", "bishop")]
    draw = [e for e in events(state, 1, "draw") if e["from"] == "spare"]
    assert draw == [{"e": "draw", "seat": 1, "from": "spare", "card": "king"}]
    assert events(state, None, "showdown")[-1]["hands"] == ["guard", "king", "guard"]


def test_bishop_game_win_stops_the_round_without_a_round_winner_or_jester_token():
    deck = stack(3, "assassin", ["jester", "bishop", "priest"], ["guard", "guard"], **ALWAYS)
    state = _play([deck, "jester p2", "bishop p3 2"], tokens_to_win={"3": 1})
    assert state.is_terminal() and state.result().winners == [1]
    assert state.tokens == [0, 1, 0]                      # L8: no Jester token for p1
    end = events(state, None, "round_end")[-1]
    assert end["winners"] == [] and end["reason"] == "game_won"
    assert not events(state, None, "redraw")


@pytest.mark.parametrize("pays", [True, False])
def test_a_guard_knocked_out_by_the_assassin_is_not_self_inflicted(pays):
    deck = stack(3, "jester", ["constable", "assassin", "guard"],
                 ["guard", "priest", "baroness", "guard"], **ALWAYS)
    state = _play([deck, "constable", "priest p1", "baroness p1", "guard p2 2"],
                  constable_self_knockout_pays=pays)
    assert alive(state) == [1, 2] and state.tokens == [1, 0, 0]


def test_a_constable_game_win_stops_the_assassin_before_its_redraw():
    deck = stack(3, "jester", ["constable", "assassin", "guard"],
                 ["guard", "priest", "baroness", "guard"], **ALWAYS)
    state = _play([deck, "constable", "priest p1", "baroness p1", "guard p2 2"],
                  tokens_to_win={"3": 1})
    assert state.is_terminal() and state.result().winners == [0]
    assert events(state, None, "assassin") and not [
        e for e in events(state, None, "discard") if e["cause"] == "assassin"]


def test_a_second_sycophant_must_choose_the_marked_player():
    deck = stack(3, "jester", ["sycophant", "sycophant", "guard"], ["guard", "guard"],
                 **ALWAYS)
    state = _play([deck, "sycophant p3"])
    assert [t for t in legal(state) if t.startswith("sycophant")] == ["sycophant p3"]


def _tie_with_p2_starting(**options):
    """p2 starts (a random starter); p3 (Countess + a Count = 8) ties p1 (Princess 8)."""
    deck = stack(3, "assassin", ["princess", "guard", "count"],
                 ["guard", "priest", "constable", "guard", "countess"], starter=1, **ALWAYS)
    state = _play([1, deck, "guard p1 2", "priest p2", "constable", "guard p1 3"],
                  next_starter="random", tiebreak="none", **options)
    assert hand(state, 2) == ["count", "countess"]
    return act(empty_deck(state), "count")


def test_seat_order_residual_tie_counts_from_the_rounds_first_player():
    state = _tie_with_p2_starting(residual_tie="seat_order")
    assert events(state, None, "showdown")[-1]["scores"] == [8, 1, 8]
    assert events(state, None, "round_end")[-1]["winners"] == [2]     # p3 before p1 from p2


def test_several_winners_reaching_the_target_all_win():
    state = _tie_with_p2_starting(tokens_to_win={"3": 1})
    assert state.is_terminal() and state.result().winners == [0, 2]


def test_next_round_starts_with_the_first_winner_clockwise_from_the_previous_starter():
    state = _previous_winner_tie()
    assert events(state, None, "round_end")[-1]["winners"] == [0, 2]
    assert state.view(None)["starter"] == 2                          # p3, not p1


def _previous_winner_tie():
    """The tie above, but p2 starts round 2 after winning round 1 alone."""
    first = stack(3, "guard", ["priest", "guard", "baron"], ["guard", "guard", "princess"],
                  **ALWAYS)
    state = _play([first, "priest p3", "guard p3 3", "princess"], tiebreak="none")
    assert alive(state) == [1] and state.view(None)["starter"] == 1
    deck = stack(3, "assassin", ["princess", "guard", "count"],
                 ["guard", "priest", "constable", "guard", "countess"], starter=1, **ALWAYS)
    state.apply_chance(deck)
    act(state, "guard p1 2", "priest p2", "constable", "guard p1 3")
    return act(empty_deck(state), "count")


# -- broken content ------------------------------------------------------------------------------
def _broken(change):
    data = json.loads(C.DATA_FILE.read_text(encoding="utf-8"))
    change(data)
    return data


@pytest.mark.parametrize("change,words", [
    (lambda d: d.pop("decks"), "section 'decks'"),
    (lambda d: d["characters"].pop("bishop"), "character 'bishop' is missing"),
    (lambda d: d["characters"]["guard"].pop("ru"), "'guard' needs non-empty 'en' and 'ru'"),
    (lambda d: d["decks"].pop("classic"), "deck 'classic' is missing"),
    (lambda d: d["decks"]["classic"]["cards"].append(["guard", 1]), "not [character, value"),
    (lambda d: d["decks"]["classic"]["cards"].append(["duke", 4, 1]), "unknown character 'duke'"),
    (lambda d: d["decks"]["classic"]["cards"].append(["guard", 1, 1]), "lists 'guard' twice"),
    (lambda d: d["decks"]["premium"]["cards"][0].__setitem__(1, "0"), "value of 'jester'"),
    (lambda d: d["decks"]["premium"]["cards"][0].__setitem__(2, 0), "copies of 'jester'"),
    (lambda d: d["playing_cards"]["36"]["characters"]["guard"].pop(), "mapping '36' needs 8"),
    (lambda d: d["playing_cards"]["54"].pop("tokens"), "mapping '54' needs 'characters'"),
])
def test_broken_card_data_is_refused_with_the_problem_named(change, words):
    with pytest.raises(ContentError) as caught:
        C.validate(_broken(change), "cards.json")
    assert words in str(caught.value) and str(caught.value).startswith("cards.json: ")


def test_the_shipped_card_data_is_valid():
    C.validate(json.loads(C.DATA_FILE.read_text(encoding="utf-8")))


def test_three_way_showdown_princess_bishop_and_countess_with_two_counts():
    """§2 item 9: the Bishop cannot win beside a surviving Princess; Countess 7 + 2 Counts
    then beats the Princess."""
    deck = stack(3, "jester", ["count", "princess", "bishop"],
                 ["count", "guard", "guard", "countess"], **ALWAYS)
    state = _play([deck, "count", "guard p3 2", "guard p1 3"])
    act(empty_deck(state), "count")
    showdown = events(state, None, "showdown")[-1]
    assert showdown["hands"] == ["countess", "princess", "bishop"]
    assert showdown["scores"] == [9, 8, None] and state.tokens == [1, 0, 0]
