"""The terminal picture (render_text): the whole table from a view, in 80 columns, EN and RU."""

import io
import random

import pytest
from rich.console import Console

from gonets.core import Match
from gonets.games.loveletter import GAME
from gonets.games.loveletter.text import effect, known_hands
from tests.loveletter.helpers import run, stack

WIDTH = 80

# Five players (seed preset: the 32-card deck). p1 marks p3 with the Sycophant, p2 plays the
# Handmaid, p3 bets the Jester on p1, p4's Prince makes p3 discard a Count, p5 looks at p1 with
# the Priest, p1's Guard names 8 and knocks p5 (holding the Princess) out.
DECK = stack(5, "baroness", ["sycophant", "handmaid", "jester", "guard", "princess"],
             ["guard", "baron", "count", "prince", "king", "priest", "baron"])
PLAYS = ["sycophant p3", "handmaid", "jester p1", "prince p3", "priest p1", "guard p5 8"]


def show(view, lang="en") -> str:
    console = Console(file=io.StringIO(), width=WIDTH, color_system=None, record=True)
    console.print(GAME.render_text(view, lang))
    return console.export_text()


def scenario(plays: int):
    return run(5, [DECK, *PLAYS[:plays]])


def assert_fits(text: str):
    for line in text.splitlines():
        assert len(line) <= WIDTH, f"line wider than {WIDTH} columns: {line!r}"


def test_hand_with_values_and_effects_and_whose_turn():
    state = scenario(0)
    text = show(state.view(0))
    assert_fits(text)
    assert "round 1" in text and "p1 to move" in text and "4 tokens win" in text
    assert "Your hand" in text
    assert "Sycophant 4" in text and "Guard 1" in text
    flat = " ".join(text.split())
    assert effect("sycophant") in flat and effect("guard") in flat
    assert "Deck: 25 left" in text and "set aside: 1 face down" in text


def test_discard_piles_in_order_with_causes_out_and_marks():
    state = scenario(6)
    text = show(state.view(1))
    assert_fits(text)
    assert "Sycophant(4), Guard(1)" in text
    assert "Jester(0), Count(5)[Prince]" in text
    assert "Priest(2), Princess(8)[out]" in text
    assert "OUT" in text
    assert "Jester: p3 bets that p1 wins the round." in text
    assert "Jester bet (p3)" in text                     # on p1's row
    assert "p2 (you)" in text and "p2 to move" in text
    assert "Baron 3" in text                              # p2's hand: Baron and the drawn card


def test_protection_and_sycophant_mark_are_shown():
    marked = show(scenario(1).view(None))
    assert "Sycophant: the next card played must choose p3." in marked
    assert "Sycophant mark" in marked
    protected = show(scenario(2).view(None))
    assert "Handmaid" in protected
    assert "Sycophant: the next" not in protected         # the Handmaid consumed the mark


def test_spectator_sees_no_hand_and_viewer_is_told():
    state = scenario(3)
    text = show(state.view(None))
    assert "Spectator" in text and "Your hand" not in text
    hidden = [key for key in ("princess", "baron", "assassin") if key in str(state.snapshot())]
    assert hidden


def test_private_look_is_listed_for_the_looker_only():
    state = scenario(5)                                   # p5 looked at p1 (holds a Guard)
    assert known_hands(state.view(4)) == [(0, ["guard"])]
    assert "You know: p1 holds Guard" in show(state.view(4))
    for seat in (None, 1, 2, 3):
        assert "You know: p1" not in show(state.view(seat))


def test_russian_names_and_labels():
    state = scenario(6)
    text = show(state.view(1), "ru")
    assert_fits(text)
    assert "Барон 3" in text and "Ваша рука" in text
    assert "Льстец(4), Стражница(1)" in text and "Принцесса(8)[выбыл]" in text
    assert "раунд 1" in text


def test_two_players_show_the_face_up_cards():
    deck = stack(2, "princess", ["guard", "priest"], ["king"],
                 face_up=["baron", "handmaid", "prince"])
    text = show(run(2, [deck]).view(0))
    assert "Face up: Baron 3, Handmaid 4, Prince 5" in text


def test_burned_cards_are_shown():
    options = {"spare_card": "look_swap_burn"}
    deck = stack(3, "princess", ["prince", "guard", "priest"], ["baron"], **options)
    state = run(3, [deck, "prince spare"], **options)
    assert "Burned: Princess 8" in show(state.view(None))


def test_game_over_lists_the_winners():
    config = GAME.configure(3, "seed")
    match = Match(GAME, config, seed=4)
    rng = random.Random(4)
    match.deal()
    while not match.state.is_terminal():
        legal = match.state.legal_actions()
        match.act(match.state.current_player(), legal[rng.randrange(len(legal))])
    view = match.state.view(None)
    winners = ", ".join(f"p{w + 1}" for w in view["result"]["winners"])
    text = show(view)
    assert "game over" in text and f"Winners: {winners}" in text


@pytest.mark.parametrize("preset,players", [("seed", 4), ("premium", 8), ("zman-2019", 6),
                                            ("classic-2012", 2)])
def test_every_seat_renders_in_80_columns_and_hides_nothing_it_could_not_see(preset, players):
    """Along a random match: every seat's picture fits and is the same in a redrawn world."""
    config = GAME.configure(players, preset)
    match = Match(GAME, config, seed=7)
    rng = random.Random(7)
    for step in range(60):
        match.deal()
        state = match.state
        if state.is_terminal():
            break
        if step % 6 == 0:
            for seat in [None, *range(players)]:
                view = state.view(seat)
                text = show(view, "ru" if step % 12 else "en")
                assert_fits(text)
                world = GAME.sample_world(view, rng)
                assert show(world.view(seat), "ru" if step % 12 else "en") == text
        legal = state.legal_actions()
        match.act(state.current_player(), legal[rng.randrange(len(legal))])


def test_before_the_first_deal_nobody_is_shown_out():
    config = GAME.configure(3, "seed", {"next_starter": "random"})
    view = GAME.new_state(config).view(None)
    text = show(view)
    assert "OUT" not in text and "waiting" in text
    assert "Round 1 is about to be dealt." in text
    assert ">OUT<" not in GAME.render_svg(view)


def test_between_rounds_the_finished_round_stays_on_the_table():
    deck = stack(2, "guard", ["guard", "priest"], ["baron"])
    state = run(2, [deck, "guard p2 2"])              # p1 knocks p2 out: round 1 is over
    view = state.view(None)
    assert view["phase"] == "deal"
    text = show(view)
    assert "Round 2 is about to be dealt." in text
    assert "Priest(2)[out]" in text and "OUT" in text
