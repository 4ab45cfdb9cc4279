"""Board data, closed inns, setup, chance validation, options and presets."""

from __future__ import annotations

import pytest

from gonets.core import IllegalAction, OptionError, RecordError
from gonets.games.czar.rules import INITIAL, TURN
from gonets.games.czar.rules.board import CLOSED, COIN_VALUE, INN_NAMES, LEVEL_INNS, coin_pool

from .helpers import GAME, coins, legal_texts, play, setup_steps, stack, started


def test_board_has_four_villages_of_5_4_4_5_inns_with_the_rules_file_names():
    assert [len(inns) for inns in LEVEL_INNS] == [5, 4, 4, 5]
    assert [INN_NAMES[i] for i in LEVEL_INNS[0]] == [
        "TAIGA-TAVERNE", "BAIKAL-BAR", "STROGANOW-STUBE", "KOSAKEN-KLUB", "DATSCHA-DOMIZIL"]
    assert [INN_NAMES[i] for i in LEVEL_INNS[1]] == ["WLADIMIR", "IWAN", "NIKOLAJ", "FOREST-4"]
    assert [INN_NAMES[i] for i in LEVEL_INNS[2]] == ["ANASTASIA", "NATASCHA", "OLGA", "KATHARINA"]
    assert [INN_NAMES[i] for i in LEVEL_INNS[3]] == [
        "PAWL HOF", "RACHMANIN HOF", "MASL HOF", "ROMAN HOF", "REHR HOF"]


@pytest.mark.parametrize("players,closed,open_per_level", [
    (2, {"DATSCHA-DOMIZIL", "KOSAKEN-KLUB", "NIKOLAJ", "KATHARINA", "MASL HOF", "ROMAN HOF"},
     [3, 3, 3, 3]),
    (3, {"DATSCHA-DOMIZIL", "NIKOLAJ", "KATHARINA", "ROMAN HOF"}, [4, 3, 3, 4]),
    (4, {"DATSCHA-DOMIZIL", "ROMAN HOF"}, [4, 4, 4, 4]),
    (5, set(), [5, 4, 4, 5]),
])
def test_closed_inns_per_player_count(players, closed, open_per_level):
    """Discrepancy 1: the seed's lists are the CLOSED inns; FOREST-4 is never closed (U2)."""
    assert {INN_NAMES[i] for i in CLOSED[players]} == closed
    state = started(players)
    assert [len(inns) for inns in state.t.level_inns] == open_per_level
    assert "FOREST-4" not in closed
    assert all(state.cnt[i] == 0 for i in CLOSED[players])


def test_guard_prices_default_to_6_8_10_8_6_with_the_10_guard_above_masl_hof():
    state = started(4)
    assert state.t.prices == [6, 8, 10, 8, 6]
    assert INN_NAMES[LEVEL_INNS[3][state.t.skip_guard]] == "MASL HOF"


def test_coin_pool_has_30_coins_worth_30_rubles_or_27_without_blanks():
    pool = coin_pool(30)
    assert len(pool) == 30 and sum(COIN_VALUE[c] for c in pool) == 30
    assert sum(1 for c in pool if COIN_VALUE[c] == 0) == 12
    assert len(coin_pool(27)) == 27 and sum(COIN_VALUE[c] for c in coin_pool(27)) == 30
    state = started(3, options={"coin_pool": 27}, pile=coins(pool=27))
    assert len(state.pile) == 27
    with pytest.raises(RecordError, match="coin pile must be a permutation of 27"):
        started(3, options={"coin_pool": 27}, pile=coins())


def test_setup_order_start_player_then_placements_in_turn_order():
    """U4: random start player (a chance outcome); initial placement in turn order from it;
    every starting courier in a different empty swamp inn, with the message (3.1)."""
    stacks = [stack("lady"), stack("officer"), stack("cossack")]
    steps = setup_steps(3, [], stacks, start=2)
    state = play(steps, 3)
    assert state.phase == INITIAL and state.current_player() == 2
    assert legal_texts(state) == ["place cossack taiga", "place cossack baikal",
                                  "place cossack stroganow", "place cossack kosaken"]
    state.apply(state.text_to_action("place cossack baikal"))
    assert state.current_player() == 0
    assert "place lady baikal" not in legal_texts(state)          # a different, empty inn
    state.apply(state.text_to_action("place lady taiga"))
    state.apply(state.text_to_action("place officer kosaken"))
    assert state.phase == TURN and state.current_player() == 2
    assert state.msg == [0 * 4 + 3, 3 * 4 + 0, 1 * 4 + 1]
    # C10: everybody's second courier turned up into the display, in turn order
    shown = [e for e in state.events(None) if e["e"] == "display"]
    assert [e["seat"] for e in shown] == [2, 0, 1]
    assert all(len(d) == 1 for d in state.display)
    assert all(len(s) == 10 for s in state.stacks)


@pytest.mark.parametrize("outcome", [None, 7, -1, True, "p1", [1]])
def test_bad_start_player_outcomes_are_refused(outcome):
    state = GAME.new_state(GAME.configure(3))
    with pytest.raises(IllegalAction, match="start player"):
        state.apply_chance(outcome)
    assert state.start == -1


def test_bad_shuffles_are_refused_with_the_expected_contents():
    state = GAME.new_state(GAME.configure(3))
    state.apply_chance(0)
    with pytest.raises(IllegalAction, match="coin pile must be a permutation of 30"):
        state.apply_chance(coins()[:-1])
    state.apply_chance(coins())
    with pytest.raises(IllegalAction, match="3 x officer"):
        state.apply_chance(stack()[:-1] + ["officer"])
    with pytest.raises(IllegalAction, match="list of names"):
        state.apply_chance({"x": 1})


def test_options_defaults_match_section_6():
    config = GAME.configure(4)
    assert config.preset == "classic"
    assert config.options == {"ruble_rules": "classic", "coin_pool": 30, "travel_order": "player",
                              "entry_can_skip": False, "instant_bribe_after_coin": False,
                              "guard_prices": [6, 8, 10, 8, 6], "skip_guard": None,
                              "turn_cap": 2000}
    assert GAME.configure(4, "revised")["ruble_rules"] == "revised"
    assert GAME.player_range() == (2, 5)


def test_option_errors_name_the_problem():
    with pytest.raises(OptionError, match="exactly one"):
        GAME.configure(4, options={"guard_prices": [6, 8, 8, 8, 6]})
    config = GAME.configure(4, options={"guard_prices": [6, 8, 8, 8, 6], "skip_guard": "rehr"})
    assert started(4, options=config.options).t.skip_guard == 4
    with pytest.raises(OptionError, match="grassland"):
        GAME.configure(4, options={"skip_guard": "IWAN"})
    with pytest.raises(OptionError, match="5 whole ruble prices"):
        GAME.configure(4, options={"guard_prices": [6, 8]})
    with pytest.raises(OptionError, match="choose one of"):
        GAME.configure(4, options={"ruble_rules": "modern"})
    with pytest.raises(OptionError, match="turn cap"):
        GAME.configure(4, options={"turn_cap": 0})
    with pytest.raises(OptionError, match="2-5 players"):
        GAME.configure(6)


@pytest.mark.parametrize("name,value,message", [
    ("turn_cap", 10_001, r"option 'turn_cap': .*from 1 to 10000, not 10001"),
    ("turn_cap", 0, r"option 'turn_cap': .*from 1 to 10000, not 0"),
    ("turn_cap", 2.5, r"option 'turn_cap': .*from 1 to 10000"),
    ("guard_prices", [6, 8, 500, 8, 6], r"option 'guard_prices': .*prices \(1-30\)"),
    ("guard_prices", [6, 8, 0, 8, 6], r"option 'guard_prices': .*prices \(1-30\)"),
    ("guard_prices", [6, 8, 10, 8, 6, 6], r"option 'guard_prices': .*5 whole ruble prices"),
    ("coin_pool", 300, r"option 'coin_pool': 300 is not allowed; choose one of 30, 27"),
    ("skip_guard", 7, r"option 'skip_guard': name the grassland inn"),
])
def test_every_numeric_or_list_option_is_bounded(name, value, message):
    """Section 3 of issue 13: a value outside the bounds is an OptionError naming the option
    and the allowed range; the bounds themselves are accepted."""
    with pytest.raises(OptionError, match=message):
        GAME.configure(4, options={name: value})
    assert GAME.configure(4, options={"turn_cap": 10_000})["turn_cap"] == 10_000
    assert GAME.configure(4, options={"guard_prices": [1, 30, 10, 30, 1]})
