"""More rulings: lock-outs of the Premium cards, self-inflicted knock-outs (L7), the mark and
the Countess, and each preset's distinctive behaviour."""

import pytest

from tests.loveletter.helpers import act, alive, empty_deck, events, legal, run, stack

ALWAYS = {"extended_deck": "always"}


def _premium_lock_out(card, **options):
    """p2 and p3 are under Handmaids; p1 holds a Guard and ``card``."""
    deck = stack(3, "countess", ["guard", "handmaid", "handmaid"],
                 ["guard", "guard", "baron", card], **ALWAYS, **options)
    return run(3, [deck, "guard p2 3", "handmaid", "handmaid"], **ALWAYS, **options)


@pytest.mark.parametrize("card", ["bishop", "dowager", "jester", "baroness", "cardinal"])
def test_lock_out_premium_cards_have_no_effect(card):
    state = _premium_lock_out(card)
    assert legal(state) == ["guard", card] or legal(state) == [card, "guard"]
    act(state, card)
    assert events(state, None, "no_effect")[-1]["card"] == card and state.tokens == [0, 0, 0]


def test_lock_out_sycophant_marks_its_own_player():
    state = _premium_lock_out("sycophant")
    assert [t for t in legal(state) if t.startswith("sycophant")] == ["sycophant p1"]


def test_mark_consumed_by_the_countess():
    deck = stack(3, "jester", ["sycophant", "countess", "guard"], ["guard", "king"], **ALWAYS)
    state = run(3, [deck, "sycophant p3"], **ALWAYS)
    assert legal(state) == ["countess"]                     # forced by the King
    act(state, "countess")
    assert state.view(None)["sycophant"] is None


@pytest.mark.parametrize("steps,draws,hands", [
    # own Prince on self while holding the Princess
    (["constable", "guard p3 9", "guard p2 9", "prince p1"],
     ["princess", "guard", "guard", "prince"], ["constable", "guard", "guard"]),
    # losing a Baron comparison one started
    (["constable", "guard p3 9", "guard p2 9", "baron p2"],
     ["guard", "guard", "guard", "baron"], ["constable", "king", "guard"]),
])
@pytest.mark.parametrize("pays", [True, False])
def test_self_inflicted_knock_outs_and_the_constable(steps, draws, hands, pays):
    deck = stack(3, "jester", hands, draws, **ALWAYS)
    state = run(3, [deck, *steps], **ALWAYS, constable_self_knockout_pays=pays)
    assert 0 not in alive(state)
    assert state.tokens[0] == (1 if pays else 0)


@pytest.mark.parametrize("pays", [True, False])
def test_accepting_the_bishop_redraw_with_the_princess_is_self_inflicted(pays):
    deck = stack(3, "jester", ["bishop", "princess", "guard"],
                 ["guard", "constable", "guard", "guard"], **ALWAYS)
    state = run(3, [deck, "guard p3 9", "constable", "guard p1 5", "bishop p2 8", "redraw"],
                **ALWAYS, constable_self_knockout_pays=pays)
    assert alive(state) == [0, 2]
    assert state.tokens == [1, 1 if pays else 0, 0]


def test_seed_strict_preset_names_characters_and_lets_the_bishop_beat_the_princess():
    deck = stack(5, "jester", ["count", "princess", "guard", "guard", "guard"], ["bishop"],
                 preset="seed-strict")
    state = run(5, [deck], preset="seed-strict")
    assert "count" in legal(state)
    state = act(empty_deck(state), "count")
    assert state.tokens[0] == 1                            # Bishop 9 + 1 Count beats 8
    deck = stack(5, "jester", ["bishop", "princess", "guard", "guard", "guard"], ["guard"],
                 preset="seed-strict")
    options = legal(run(5, [deck], preset="seed-strict"))
    assert "bishop p2 princess" in options and "guard p2 princess" in options
    assert "bishop p2 guard" not in options


def test_bga_compat_preset_rulings():
    deck = stack(5, "jester", ["sycophant", "guard", "guard", "guard", "guard"],
                 ["guard", "guard"], preset="bga-compat")
    state = run(5, [deck, "sycophant p2"], preset="bga-compat")
    assert "guard p3 2" in legal(state)                    # self-mark frees the Guard
    assert state.config["residual_tie"] == "nobody"
