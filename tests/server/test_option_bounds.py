"""Every number a table request carries is bounded and refused out of bounds, never brought
within them: each numeric rule option of every game (each number of one holding several:
tokens to win per player count, guard prices), the player count, the bot pace and the turn
timer. A refusal of a rule option names the option (and which of its numbers) with a stable
code, so that the lobby words it with the option's label; nothing is made."""

from __future__ import annotations

import pytest

from gonets.core import games
from gonets.core.errors import OptionError
from gonets.core.options import Option
from gonets.server.spec import MAX_BOT_DELAY, MAX_TURN_SECONDS

GAMES = ("loveletter", "czar", "carcassonne", "babayaga")


def bounded_options() -> list[tuple[str, Option]]:
    """Every numeric option a table may set, of every game."""
    return [(name, option) for name in GAMES for option in games()[name].options
            if option.bounds is not None and not option.study and not option.local]


def with_first(option: Option, number) -> object:
    """The option's default with its first number (its only one, for a lone number) replaced."""
    if isinstance(option.default, dict):
        first = min(option.default, key=int)
        return {**option.default, first: number}
    if isinstance(option.default, list):
        return [number, *option.default[1:]]
    return number


def first_part(option: Option) -> str | None:
    if isinstance(option.default, dict):
        return min(option.default, key=int)
    return "1" if isinstance(option.default, list) else None


def request(name: str, **spec) -> dict:
    game = games()[name]
    players = game.player_range(game.default_preset)[0]
    return {"game": name, "players": players, "seats": [{"kind": "human"}] * players, **spec}


def test_every_game_bounds_its_numeric_options():
    found = {(name, option.name) for name, option in bounded_options()}
    assert found == {("loveletter", "tokens_to_win"), ("loveletter", "two_player_face_up"),
                     ("czar", "guard_prices"), ("czar", "turn_cap"),
                     ("babayaga", "extra_removed"), ("babayaga", "max_rounds"),
                     ("babayaga", "steal_attempts_per_turn")}
    for name in GAMES:              # a number any other option holds is one of its choices
        for option in games()[name].options:
            numeric = isinstance(option.default, (int, float)) and \
                not isinstance(option.default, bool)
            if numeric and not option.study:
                assert option.bounds is not None or option.choices is not None, option.name


@pytest.mark.parametrize("name,option", bounded_options(),
                         ids=[f"{g}-{o.name}" for g, o in bounded_options()])
def test_a_number_out_of_an_option_s_bounds_is_refused_by_code_and_never_clamped(
        server, name, option):
    low, high = option.bounds
    before = server.http.get("/api/tables").json()
    for wrong in (low - 1, high + 1, low + 0.5, float(low), True, None, "3"):
        value = with_first(option, wrong)
        answer = server.http.post("/api/tables", json=request(name, options={option.name: value}))
        assert answer.status_code == 400, (option.name, wrong)
        body = answer.json()
        assert body["code"] == "option_range", (option.name, wrong, body)
        expected = {"option": option.name, "low": low, "high": high}
        if first_part(option) is not None:
            expected["part"] = first_part(option)
        assert body["params"] == expected, wrong
        assert option.name in body["error"]
    assert server.http.get("/api/tables").json() == before          # nothing was made
    for edge in (low, high):                                        # the bounds themselves play
        value = with_first(option, edge)
        created = server.create(**request(name, options={option.name: value}))
        assert server.manager.tables[created["id"]].config.options[option.name] == value


def test_other_refused_rule_options_name_the_option(server):
    cases = [
        (request("loveletter", options={"card_set": "nope"}), "card_set"),
        (request("loveletter", options={"guard_guess": True}), "guard_guess"),
        # a choice the rules refuse together with another: the field to change is named
        (request("loveletter", options={"card_set": "zman-2019", "extended_deck": "always"}),
         "extended_deck"),
        (request("czar", options={"guard_prices": [6, 8, 8, 8, 6]}), "skip_guard"),
        (request("loveletter", players=5, preset="premium",
                 options={"tokens_to_win": {"2": 7}}), "tokens_to_win"),
    ]
    for spec, option in cases:
        answer = server.http.post("/api/tables", json=spec)
        assert answer.status_code == 400, spec
        body = answer.json()
        assert (body["code"], body["params"]["option"]) == ("option_value", option), body


def test_the_player_count_pace_and_timer_are_refused_out_of_bounds_not_clamped(server):
    game = games()["loveletter"]
    low, high = game.player_range("classic-2012")
    for players in (low - 1, high + 1):
        answer = server.http.post("/api/tables", json={
            "game": "loveletter", "preset": "classic-2012", "players": players})
        assert answer.status_code == 400
        assert answer.json()["code"] == "bad_players"
        assert answer.json()["params"] == {"low": low, "high": high}
    for field, wrong, edge in (("bot_delay", MAX_BOT_DELAY + 0.5, MAX_BOT_DELAY),
                               ("bot_delay", -0.5, 0),
                               ("turn_seconds", MAX_TURN_SECONDS + 1, MAX_TURN_SECONDS),
                               ("turn_seconds", 0.5, 1)):
        answer = server.http.post("/api/tables", json=request("loveletter", **{field: wrong}))
        assert answer.status_code == 400 and answer.json()["code"] == "bad_number"
        assert answer.json()["params"]["field"] == field
        created = server.create(**request("loveletter", **{field: edge}))
        assert server.http.get(f"/api/tables/{created['id']}").json()[field] == edge


def test_an_option_s_bounds_say_which_number_is_wrong():
    option = Option("prices", [6, 8], "two prices", bounds=(1, 30))
    with pytest.raises(OptionError) as caught:
        option.validate([6, 31])
    assert str(caught.value) == "option 'prices': 2: must be a whole number from 1 to 30, not 31"
    assert (caught.value.option, caught.value.params) == ("prices",
                                                         {"low": 1, "high": 30, "part": "2"})
    with pytest.raises(OptionError, match="must be a list of whole numbers"):
        option.validate(7)
    lone = Option("cap", 5, "a cap", bounds=(1, 9))
    with pytest.raises(OptionError) as caught:
        lone.validate(9.0)
    assert caught.value.params == {"low": 1, "high": 9, "part": None}
    assert lone.validate(9) == 9 and option.validate([1, 30]) == [1, 30]
