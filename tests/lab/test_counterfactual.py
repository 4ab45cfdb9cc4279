"""Counterfactual values by paired intervention (gonets.lab.counterfactual*): answers the
rules fix on stacked deals, paired differences checked by hand, reproducibility by seed and
across job counts, and the command's errors."""

from __future__ import annotations

import json
import math

import pytest

from gonets.core.errors import OptionError
from gonets.core.match import Match
from gonets.core.registry import get_game
from gonets.lab.counterfactual import mean_of, paired
from gonets.lab.counterfactual_cards import (
    CardStudy,
    Position,
    card_table,
    choice_cards,
    evaluate,
    find_position,
    pair_table,
)
from gonets.lab.counterfactual_messages import MessageStudy, parse_tiles, tile_table
from gonets.sim.stats import Z95
from tests.lab.helpers import run

LOVE = get_game("loveletter")


def stacked(players: int, deck: list[str], plays: list[str] = (), **options) -> Match:
    """A match dealt from ``deck`` (top card first) with the seats' ``plays`` made."""
    config = LOVE.configure(players, "seed", options)
    match = Match(LOVE, config, seed=0)
    match.state.apply_chance(deck)
    for text in plays:
        match.act(match.state.current_player(), text)
    return match


def position_of(match: Match, card: str, other: str) -> Position:
    state = match.state
    return Position(0, card, other, state.current_player(), 0, 0, "", state.clone())


def study(players: int, match: Match, **kwargs) -> CardStudy:
    return CardStudy(match.state.config, ("heuristic",) * players, kwargs.pop("positions", 1),
                     kwargs.pop("playouts", 6), **kwargs)


# p1 holds the Princess and draws a Guard; the rest of the classic deck follows.
PRINCESS_DEAL = ["guard", "princess", "guard", "priest", "baron", "guard", "guard", "guard",
                 "priest", "baron", "handmaid", "handmaid", "prince", "prince", "king",
                 "countess"]


@pytest.mark.parametrize("hidden", ["reshuffle", "fixed"])
def test_discarding_the_princess_loses_the_round_in_every_playout(hidden):
    match = stacked(4, PRINCESS_DEAL)
    assert set(choice_cards(match.state, LOVE_CARDS)) == {"princess", "guard"}
    cards = study(4, match, hidden=hidden)
    record = evaluate(LOVE, cards, position_of(match, "princess", "guard"))
    assert record["arms"]["princess"] == "princess"
    assert record["round_play"] == 0.0                  # out of the round at once, always
    assert record["round_keep"] > 0.0
    effect = record["round_effect"]
    assert effect["value"] == pytest.approx(record["round_keep"] - record["round_play"])
    assert effect["n"] == 6
    assert record["match_play"] < 1.0


# Two players, no face-up cards: p1 looks at p2's Princess with the Priest, p2 misses with a
# Guard, and p1 draws the King: p1 may play the Guard (naming the Princess) or the King.
GUARD_DEAL = ["handmaid", "priest", "princess", "guard", "guard", "king", "guard", "guard",
              "guard", "priest", "baron", "baron", "handmaid", "prince", "prince", "countess"]


def test_a_guard_that_names_a_known_princess_wins_the_round_for_sure():
    match = stacked(2, GUARD_DEAL, ["priest p2", "guard p1 3"], two_player_face_up=0)
    state = match.state
    assert state.current_player() == 0
    assert set(choice_cards(state, LOVE_CARDS)) == {"guard", "king"}
    cards = study(2, match, horizon="round", playouts=8)
    record = evaluate(LOVE, cards, position_of(match, "guard", "king"))
    assert record["arms"]["guard"] == "guard p2 8"     # the bot names what it saw
    assert record["round_play"] == 1.0                  # p2 is out: the round is p1's
    assert record["round_keep"] < 1.0                   # the King hands p2 the Princess
    assert record["round_effect"]["value"] == pytest.approx(record["round_keep"] - 1.0)
    assert "match_play" not in record                   # the round horizon stops there


LOVE_CARDS = ["guard", "priest", "baron", "handmaid", "prince", "king", "countess", "princess"]


def test_no_card_choice_for_two_of_a_kind_or_a_forced_countess():
    twins = stacked(4, ["guard", "guard", "priest", "priest", "baron", "guard", "guard", "guard",
                        "baron", "handmaid", "handmaid", "prince", "prince", "king",
                        "countess", "princess"])
    assert choice_cards(twins.state, LOVE_CARDS) == ()
    forced = stacked(4, ["guard", "king", "priest", "priest", "baron", "countess", "guard",
                         "guard", "guard", "guard", "baron", "handmaid", "handmaid", "prince",
                         "prince", "princess"])
    assert choice_cards(forced.state, LOVE_CARDS) == ()


def test_the_paired_difference_by_hand():
    estimate = paired("x", [1, 0, 1, 1], [0, 0, 1, 0])      # differences -1, 0, 0, -1
    half = Z95 * math.sqrt(1 / 3) / 2                       # sd sqrt(1/3), 4 units
    assert estimate.value == pytest.approx(-0.5)
    assert (estimate.low, estimate.high) == pytest.approx((-0.5 - half, -0.5 + half))
    assert estimate.n == 4
    with pytest.raises(ValueError, match="one of each per unit"):
        paired("x", [1, 0], [1])
    assert mean_of("one", [0.25]).low == mean_of("one", [0.25]).high == 0.25


def _record(card, other, keep, play, bot):
    return {"card": card, "other": other, "bot_played": bot, "round_keep": keep,
            "round_play": play}


def test_the_card_table_by_hand():
    config = LOVE.configure(4, "seed")
    cards = CardStudy(config, ("heuristic",) * 4, 3, 1, horizon="round")
    records = [_record("guard", "priest", 0.2, 0.5, "guard"),
               _record("guard", "baron", 0.4, 0.3, "baron"),
               _record("priest", "guard", 0.6, 0.1, "guard")]
    rows = {row["card"]: row for row in card_table(cards, records)}
    assert set(rows) == {"guard", "priest"}
    guard = rows["guard"]
    half = Z95 * math.sqrt(0.08) / math.sqrt(2)             # effects -0.3 and +0.1
    assert guard["positions"] == 2 and guard["bots_kept"] == 0.5
    assert guard["round_keep"] == pytest.approx(0.3)
    assert guard["round_play"] == pytest.approx(0.4)
    assert guard["round_effect"]["value"] == pytest.approx(-0.1)
    assert guard["round_effect"]["ci95"] == pytest.approx([-0.1 - half, -0.1 + half])
    pairs = {(p["play"], p["keep"]): p["round_effect"]["value"]
             for p in pair_table(cards, records)}
    # keep the priest (play the guard) minus keep the guard (play the priest): 0.5 - 0.2
    # from the first record, 0.6 - 0.1 from the third
    assert pairs[("guard", "priest")] == pytest.approx(0.4)
    assert pairs[("guard", "baron")] == pytest.approx(-0.1)


def test_the_tile_table_by_hand():
    config = get_game("carcassonne").configure(2, "c3")
    tiles = MessageStudy(config, ("heuristic", "heuristic"), 3, tiles=(4,))
    base = {"total": 100.0, "spread": 10.0, "first_seat_win": 1.0, "messages": 3.0,
            "message_points": 6.0, "decisions": 120.0}
    records = [{"seed": 0, "all": base, "without": {"4": {**base, "total": 104.0,
                                                          "first_seat_win": 0.0}}},
               {"seed": 1, "all": base, "without": {"4": base}},
               {"seed": 2, "all": {**base, "total": 90.0},
                "without": {"4": {**base, "total": 92.0}}}]
    table = tile_table(tiles, records)
    row = table["tiles"][0]
    assert row["tile"] == 4 and row["changed"] == pytest.approx(2 / 3)
    assert row["total"]["value"] == pytest.approx(2.0)      # +4, 0, +2
    half = Z95 * 2.0 / math.sqrt(3)                         # sd of (4, 0, 2) is 2
    assert row["total"]["ci95"] == pytest.approx([2.0 - half, 2.0 + half])
    assert row["first_seat_win"]["value"] == pytest.approx(-1 / 3)
    assert row["spread"]["ci95"] == [0.0, 0.0]
    assert table["all"]["total"]["value"] == pytest.approx(290 / 3)


def test_positions_are_stratified_by_card_and_fixed_by_the_seed():
    config = LOVE.configure(4, "seed")
    cards = CardStudy(config, ("heuristic",) * 4, 8, 1, seed=5)
    found = [find_position(LOVE, cards, index) for index in range(8)]
    assert [p.card for p in found] == LOVE_CARDS
    again = find_position(LOVE, cards, 3)
    assert (again.match_seed, again.decision, again.seat, again.other) == \
        (found[3].match_seed, found[3].decision, found[3].seat, found[3].other)
    for position in found:
        assert set(choice_cards(position.state, LOVE_CARDS)) == {position.card, position.other}


@pytest.mark.parametrize("kwargs,message", [
    ({"horizon": "week"}, "horizon must be one of round, match, not 'week'"),
    ({"hidden": "peek"}, "hidden must be one of reshuffle, fixed, not 'peek'"),
    ({"playouts": 0}, "playouts must be a whole number from 1 up, not 0"),
])
def test_a_card_study_that_cannot_be_played_is_refused_by_name(kwargs, message):
    config = LOVE.configure(4, "seed")
    values = {"positions": 2, "playouts": 2, **kwargs}
    with pytest.raises(OptionError, match=message):
        CardStudy(config, ("heuristic",) * 4, values.pop("positions"), values.pop("playouts"),
                  **values)


def test_reshuffling_is_refused_where_a_seat_may_have_seen_the_unseen_cards():
    config = LOVE.configure(4, "seed", {"spare_card": "look_swap"})
    with pytest.raises(OptionError, match="hidden=reshuffle needs spare_card=off"):
        CardStudy(config, ("heuristic",) * 4, 1, 1)
    assert CardStudy(config, ("heuristic",) * 4, 1, 1, hidden="fixed").hidden == "fixed"
    zman = LOVE.configure(4, "zman-2019")
    with pytest.raises(OptionError, match="without the Chancellor"):
        CardStudy(zman, ("heuristic",) * 4, 1, 1)


def test_tiles_are_read_and_refused_by_name():
    assert parse_tiles(None) == (1, 2, 3, 4, 5, 6, 7, 8)
    assert parse_tiles(" 8, 1 ") == (8, 1)
    for text in ("9", "0", "x", "1,,2"):
        with pytest.raises(OptionError, match="does not exist; the tiles are 1 to 8"):
            parse_tiles(text)
    config = get_game("carcassonne").configure(2, "c3")
    with pytest.raises(OptionError, match="named twice"):
        MessageStudy(config, ("heuristic", "heuristic"), 1, tiles=(2, 2))


# -- the command -----------------------------------------------------------------------------
def _json(*args) -> dict:
    result = run("counterfactual", *args, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


LOVE_ARGS = ("loveletter", "-p", 3, "--positions", 4, "--playouts", 3, "--seed", 7)


def test_love_letter_numbers_are_the_same_for_the_same_seed_and_any_job_count(tmp_path):
    one = _json(*LOVE_ARGS, "--jobs", 1, "--out", tmp_path / "one.json")
    two = _json(*LOVE_ARGS, "--jobs", 2, "--out", tmp_path / "two.json")
    assert one == two
    assert (tmp_path / "one.json").read_text() == (tmp_path / "two.json").read_text()
    kept = json.loads((tmp_path / "one.json").read_text())
    assert len(kept["positions"]) == 4 and kept["cards"] == one["cards"]
    other = _json(*LOVE_ARGS[:-1], 8, "--jobs", 1)
    assert other["cards"] != one["cards"]


def test_carcassonne_numbers_are_the_same_for_any_job_count():
    args = ("carcassonne", "--games", 2, "--tiles", "8,3", "--seed", 4)
    one = _json(*args, "--jobs", 1)
    assert one == _json(*args, "--jobs", 2)
    assert [row["tile"] for row in one["tiles"]] == [8, 3]
    assert one["all"]["total"]["n"] == 2


@pytest.mark.parametrize("args,message", [
    (("loveletter", "--horizon", "week"), "horizon must be one of round, match"),
    (("loveletter", "-p", 9), "is for 2-8 players, not 9"),
    (("loveletter", "--bots", "nobody"), "unknown bot 'nobody'"),
    (("carcassonne", "--tiles", "9"), "message tile '9' does not exist"),
    (("carcassonne", "--preset", "base"), "plays without The Messengers"),
    (("carcassonne", "-o", "messengers.remove_message=2"), "leave messengers.remove_message"),
])
def test_bad_input_gets_a_clear_error(args, message):
    result = run("counterfactual", *args, "--positions" if args[0] == "loveletter" else
                 "--games", 1)
    assert result.exit_code == 2
    assert message in " ".join(result.output.split())
