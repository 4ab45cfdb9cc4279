"""The Premium characters and their rulings (rules §1.3, §1.4, §2 items 6-16, L5-L10, L16),
played with all 32 cards at three seats (extended_deck=always)."""

import pytest

from gonets.core import IllegalAction
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


def deal(hands, draws=(), spare="jester", **options):
    return stack(3, spare, hands, draws, **ALWAYS, **options)


def play(steps, **options):
    return run(3, steps, **ALWAYS, **options)


# -- Count and the showdown ---------------------------------------------------------------------
def _two_counts_and_countess(**options):
    deck = deal(["count", "princess", "guard"], ["count", "guard", "priest", "countess"])
    state = play([deck, "count", "guard p3 5", "priest p1"], **options)
    return act(empty_deck(state), "count")


def test_two_counts_and_countess_beat_the_princess():
    state = _two_counts_and_countess()
    showdown = events(state, None, "showdown")[-1]
    assert showdown["hands"] == ["countess", "princess", "guard"]
    assert showdown["scores"] == [9, 8, 1] and state.tokens == [1, 0, 0]


def test_count_bonus_off():
    state = _two_counts_and_countess(count_bonus=False)
    assert state.tokens == [0, 1, 0]


def _count_tie(**options):
    """p1: Countess + one Count = 8 against p2's Princess; discards 7 against 6."""
    deck = deal(["count", "princess", "guard"], ["priest", "constable", "guard", "countess"])
    state = play([deck, "priest p3", "constable", "guard p1 2"], **options)
    return act(empty_deck(state), "count")


def test_count_created_tie_is_broken_by_discard_totals():
    state = _count_tie()
    showdown = events(state, None, "showdown")[-1]
    assert showdown["scores"][:2] == [8, 8] and showdown["totals"][:2] == [7, 6]
    assert state.tokens == [1, 0, 0]


@pytest.mark.parametrize("rule,winners", [("all_win", [0, 1]), ("nobody", []),
                                          ("seat_order", [0])])
def test_residual_tie(rule, winners):
    state = _count_tie(tiebreak="none", residual_tie=rule)
    assert events(state, None, "round_end")[-1]["winners"] == winners
    assert [q for q in range(3) if state.tokens[q]] == winners


def test_residual_tie_nobody_moves_the_start_left():
    state = _count_tie(tiebreak="none", residual_tie="nobody")
    assert state.view(None)["starter"] == 1


def _bishop_showdown(third="guard", **options):
    deck = deal(["count", "princess", third], ["bishop"])
    return act(empty_deck(play([deck], **options)), "count")


def test_held_bishop_loses_to_a_surviving_princess_even_with_counts():
    state = _bishop_showdown()
    showdown = events(state, None, "showdown")[-1]
    assert showdown["scores"] == [None, 8, 1] and state.tokens == [0, 1, 0]


def test_bishop_beats_princess_when_the_flag_is_off():
    state = _bishop_showdown(princess_beats_bishop=False)
    assert events(state, None, "showdown")[-1]["scores"] == [10, 8, 1]
    assert state.tokens == [1, 0, 0]


# -- Constable ------------------------------------------------------------------------------------
def test_constable_played_earlier_pays_when_knocked_out():
    deck = deal(["constable", "guard", "guard"], ["priest", "guard"])
    state = play([deck, "constable", "guard p1 2"])
    assert alive(state) == [1, 2] and state.tokens == [1, 0, 0]
    assert events(state, None, "token")[-1] == {"e": "token", "seat": 0, "reason": "constable",
                                                "tokens": 1}


@pytest.mark.parametrize("flag,tokens", [(False, [0, 0, 0]), (True, [1, 0, 0])])
def test_constable_held_when_knocked_out(flag, tokens):
    deck = deal(["constable", "guard", "guard"], ["guard", "guard"])
    state = play([deck, "guard p2 9", "guard p1 6"], constable_counts_knockout_discard=flag)
    assert alive(state) == [1, 2] and state.tokens == tokens


@pytest.mark.parametrize("flag,tokens", [(True, [1, 0, 0]), (False, [0, 0, 0])])
def test_constable_and_self_knock_out_by_own_princess(flag, tokens):
    deck = deal(["constable", "guard", "guard"], ["princess", "guard", "guard", "handmaid"])
    state = play([deck, "constable", "guard p3 2", "guard p2 2", "princess"],
                 constable_self_knockout_pays=flag)
    assert alive(state) == [1, 2] and state.tokens == tokens


def test_constable_token_can_win_the_game_at_once():
    deck = deal(["constable", "guard", "guard"], ["priest", "guard"])
    state = play([deck, "constable", "guard p1 2"], tokens_to_win={"3": 1})
    assert state.is_terminal() and state.result().winners == [0]
    assert events(state, None, "round_end")[-1]["reason"] == "game_won"


# -- Bishop ---------------------------------------------------------------------------------------
def test_bishop_hit_gives_a_token_and_the_victim_decides():
    deck = deal(["bishop", "baron", "guard"], ["guard", "priest", "king"])
    state = play([deck, "bishop p2 3"])
    assert state.tokens == [1, 0, 0] and state.current_player() == 1
    assert legal(state) == ["redraw", "keep"] and state.view(1)["phase"] == "redraw"
    act(state, "redraw")
    assert discards(state, 1) == [("baron", "bishop")]
    assert hand(state, 1) == ["priest", "king"] and state.current_player() == 1


def test_bishop_victim_may_keep():
    deck = deal(["bishop", "baron", "guard"], ["guard", "priest"])
    state = act(play([deck, "bishop p2 3"]), "keep")
    assert hand(state, 1) == ["baron", "priest"]


def test_bishop_victim_redrawing_the_princess_is_out():
    deck = deal(["bishop", "princess", "guard"], ["guard"])
    state = act(play([deck, "bishop p2 8"]), "redraw")
    assert alive(state) == [0, 2] and discards(state, 1) == [("princess", "bishop")]


def test_bishop_miss_and_guesses():
    deck = deal(["bishop", "baron", "guard"], ["guard"])
    state = play([deck])
    assert "bishop p2 1" not in legal(state) and "bishop p1 2" not in legal(state)
    act(state, "bishop p2 4")
    assert state.tokens == [0, 0, 0] and state.current_player() == 1
    allowed = play([deck], bishop_forbid_one=False)
    assert "bishop p2 1" in legal(allowed)


def test_bishop_token_can_win_at_once():
    deck = deal(["bishop", "baron", "guard"], ["guard"])
    state = play([deck, "bishop p2 3"], tokens_to_win={"3": 1})
    assert state.is_terminal() and state.result().winners == [0]


def test_bishop_does_not_trigger_the_assassin():
    deck = deal(["bishop", "assassin", "guard"], ["guard"], spare="jester")
    state = play([deck, "bishop p2 0"])
    assert alive(state) == [0, 1, 2] and state.tokens == [1, 0, 0]
    assert not events(state, None, "assassin")


# -- Assassin -------------------------------------------------------------------------------------
def test_assassin_knocks_out_the_guard_whatever_the_guess():
    deck = deal(["guard", "assassin", "guard"], ["priest", "king"])
    state = play([deck, "guard p2 5"])
    assert alive(state) == [1, 2]
    assert events(state, None, "assassin")[-1] == {"e": "assassin", "seat": 1, "guard": 0}
    assert discards(state, 1) == [("assassin", "assassin")]
    assert discards(state, 0) == [("guard", "played"), ("priest", "knockout")]
    assert hand(state, 1)[0] == "king"


def test_assassin_redraws_the_set_aside_card_on_an_empty_deck():
    deck = deal(["guard", "assassin", "guard"], ["priest"], spare="princess")
    state = act(empty_deck(play([deck])), "guard p2 0")
    assert next(e for e in events(state, 1, "draw") if e["from"] == "spare")["card"] == \
        "princess"
    assert events(state, None, "showdown")[-1]["hands"] == [None, "princess", "guard"]


def test_assassin_knock_out_pays_the_guards_constable():
    deck = deal(["constable", "assassin", "guard"], ["guard", "priest", "baroness", "guard"])
    state = play([deck, "constable", "priest p1", "baroness p1"])
    act(state, "guard p2 2")
    assert alive(state) == [1, 2] and state.tokens == [1, 0, 0]


# -- Sycophant ------------------------------------------------------------------------------------
def _marked(target, second="prince", first="guard", **options):
    deck = deal(["sycophant", first, "guard"], ["guard", second])
    return play([deck, f"sycophant {target}"], **options)


def test_sycophant_mark_on_the_next_player_binds_its_card():
    state = _marked("p2")
    assert state.view(None)["sycophant"] == 1
    assert legal(state) == ["guard", "prince p2"]          # Guard cannot choose its player
    act(state, "guard")
    assert events(state, None, "no_effect")[-1]["card"] == "guard"
    assert state.view(None)["sycophant"] is None


def test_sycophant_self_exemption_frees_the_guard():
    state = _marked("p2", sycophant_self_exempt=True)
    options = legal(state)
    assert "guard p1 2" in options and "guard p3 2" in options and "prince p2" in options
    assert "prince p1" not in options


def test_sycophant_mark_on_another_player_narrows_every_choice():
    state = _marked("p3", second="king")
    assert {t.split()[1] for t in legal(state)} == {"p3"}


def test_sycophant_mark_consumed_by_a_card_without_choice():
    state = act(_marked("p3", second="handmaid"), "handmaid")
    assert state.view(None)["sycophant"] is None
    assert any(" p1" in t for t in legal(state))


def test_sycophant_mark_must_be_in_cardinal_and_baroness_choices():
    state = _marked("p3", second="baroness", first="cardinal")
    options = legal(state)
    assert options and all("p3" in t.split()[1:3] for t in options if
                           t.startswith(("cardinal", "baroness")) and len(t.split()) > 1)
    assert "baroness p3" in options and "baroness p1 p3" in options
    assert "cardinal p2 p3" in options and "cardinal p1 p2" not in options


def test_sycophant_marking_its_own_player_binds_the_next_card():
    deck = deal(["sycophant", "guard", "guard"], ["guard", "prince"])
    state = play([deck, "sycophant p1"])
    assert {t.split()[1] for t in legal(state)} == {"p1"} and "prince p1" in legal(state)
    act(state, "prince p1")
    assert discards(state, 0)[-1] == ("guard", "prince")
    assert state.view(None)["sycophant"] is None


def test_discard_forced_by_prince_is_not_a_play():
    deck = deal(["prince", "sycophant", "guard"], ["guard", "priest"])
    state = play([deck, "prince p2"])
    assert state.view(None)["sycophant"] is None and discards(state, 1) == [
        ("sycophant", "prince")]


# -- Jester ---------------------------------------------------------------------------------------
def _jester_round(**options):
    deck = deal(["jester", "guard", "baron"], ["priest", "princess", "guard"], spare="assassin")
    return play([deck, "jester p2", "guard p1 2", "baron p2"], **options)


def test_jester_pays_a_knocked_out_bettor_when_the_mark_wins_last_standing():
    state = _jester_round()
    assert alive(state) == [1] and state.tokens == [1, 1, 0]


def test_simultaneous_target_round_winner_first():
    state = _jester_round(tokens_to_win={"3": 1})
    assert state.result().winners == [1] and state.tokens == [0, 1, 0]


def test_simultaneous_target_shared_victory():
    state = _jester_round(tokens_to_win={"3": 1}, simultaneous_target="shared_victory")
    assert state.result().winners == [0, 1] and state.tokens == [1, 1, 0]


def test_jester_pays_when_the_mark_is_a_tied_co_winner():
    deck = deal(["count", "princess", "jester"], ["priest", "constable", "guard", "countess"],
                spare="assassin")
    state = play([deck, "priest p3", "constable", "jester p2"], tiebreak="none")
    act(empty_deck(state), "count")
    assert state.tokens == [1, 1, 1]


def test_jester_pays_nothing_without_a_round_winner():
    deck = deal(["count", "princess", "jester"], ["priest", "constable", "guard", "countess"],
                spare="assassin")
    state = play([deck, "priest p3", "constable", "jester p2"], tiebreak="none",
                 residual_tie="nobody")
    act(empty_deck(state), "count")
    assert state.tokens == [0, 0, 0]


# -- Cardinal, Baroness, Dowager Queen, Baron ------------------------------------------------------
def test_cardinal_swaps_two_players_and_looks_privately():
    deck = deal(["cardinal", "guard", "priest"], ["king"])
    state = play([deck, "cardinal p2 p3 look p2"])
    assert hand(state, 1)[0] == "priest" and hand(state, 2) == ["guard"]
    assert events(state, 0, "look")[-1]["card"] == "priest"
    assert "card" not in events(state, 1, "look")[-1]
    assert events(state, 2, "swap")[-1]["cards"] == ["priest", "guard"]
    assert "cards" not in events(state, 0, "swap")[-1]


def test_cardinal_may_include_its_player_and_skip_the_look():
    deck = deal(["cardinal", "guard", "priest"], ["king"])
    state = play([deck])
    assert {"cardinal p1 p2", "cardinal p1 p2 look p1", "cardinal p1 p2 look p2"} <= \
        set(legal(state))
    act(state, "cardinal p1 p2")
    assert hand(state, 0) == ["guard"] and not events(state, None, "look")


def test_cardinal_needs_two_choosable_players():
    deck = deal(["guard", "handmaid", "handmaid"], ["guard", "guard", "guard", "cardinal"])
    state = play([deck, "guard p2 3", "handmaid", "handmaid"])
    assert legal(state) == ["guard", "cardinal"]


def test_baroness_looks_at_one_or_two_other_players():
    deck = deal(["baroness", "guard", "priest"], ["king"])
    state = play([deck])
    assert {"baroness p2", "baroness p3", "baroness p2 p3"} == {t for t in legal(state)
                                                              if t.startswith("baroness")}
    act(state, "baroness p2 p3")
    assert [e["card"] for e in events(state, 0, "look")] == ["guard", "priest"]


@pytest.mark.parametrize("written,canonical", [
    ("baroness p3 p2", "baroness p2 p3"),
    ("cardinal p3 p2", "cardinal p2 p3"),
    ("cardinal p3 p2 look p3", "cardinal p2 p3 look p3"),
    ("Cardinal  P2 p1 look p1", "cardinal p1 p2 look p1"),
])
def test_unordered_pairs_are_read_in_either_order(written, canonical):
    """L6: the two choices of a Baroness or a Cardinal are unordered; a record written with
    the pair reversed plays the canonical action."""
    card = canonical.split()[0]
    deck = deal([card, "guard", "priest"], ["king"])
    state = play([deck, written])
    reference = play([deck, canonical])
    assert state.snapshot() == reference.snapshot()
    assert events(state, None, "play")[-1]["action"] == canonical
    assert state.action_to_text(state.text_to_action(written)) == canonical


def test_a_pair_of_one_seat_is_refused_by_name():
    deck = deal(["baroness", "guard", "priest"], ["king"])
    state = play([deck])
    with pytest.raises(IllegalAction, match="two different players, not p2 twice"):
        state.text_to_action("baroness p2 p2")


@pytest.mark.parametrize("other,kept,loser", [("bishop", "guard", 1), ("guard", "guard", None),
                                              ("priest", "guard", 1), ("guard", "king", 0)])
def test_dowager_queen_knocks_out_the_higher_card(other, kept, loser):
    deck = deal(["dowager", other, "priest"], [kept])
    state = play([deck, "dowager p2"])
    assert events(state, None, "compare")[-1]["loser"] == loser
    assert alive(state) == [q for q in range(3) if q != loser]


def test_baron_compares_printed_values_only():
    deck = deal(["count", "princess", "guard"], ["baron", "guard", "guard", "countess"])
    state = play([deck, "count", "guard p3 5", "guard p1 2", "baron p2"])
    assert alive(state) == [1, 2]                     # Countess 7 loses to 8 (no Count bonus)
    deck = deal(["baron", "bishop", "guard"], ["guard"])
    assert alive(play([deck, "baron p2"])) == [1, 2]  # the Bishop counts 9


# -- Countess variants -----------------------------------------------------------------------------
@pytest.mark.parametrize("other", ["count", "constable"])
def test_countess_not_forced_by_count_or_constable(other):
    deck = deal(["countess", "guard", "guard"], [other])
    assert set(legal(play([deck]))) == {"countess", other}
    assert legal(play([deck], countess_trigger="values")) == ["countess"]
