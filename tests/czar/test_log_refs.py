"""Czar's log lines point at the board: ``log_refs`` names the elements a line talks about,
in both arrangements of the picture, from the event alone and never from what is hidden."""

from __future__ import annotations

import random
import xml.dom.minidom

from gonets.games.czar.svg import log_refs

from .helpers import GAME, scenario

SILENT = ("start", "shuffle", "turn", "display", "draw", "extra", "decline", "end", "pass")
"""Lines about one seat's own couriers or choices: nothing every seat sees on the board."""


def arrangements(svg: str) -> dict[str, dict[str, list]]:
    """For each arrangement (``cz-wide``, ``cz-narrow``): key -> the elements carrying it."""
    root = xml.dom.minidom.parseString(svg).documentElement
    out: dict[str, dict[str, list]] = {}
    for group in root.getElementsByTagName("g"):
        name = group.getAttribute("class")
        if name not in ("cz-wide", "cz-narrow"):
            continue
        found: dict[str, list] = {}
        for node in group.getElementsByTagName("*"):
            for key in node.getAttribute("data-ref").split():
                found.setdefault(key, []).append(node)
        out[name] = found
    assert set(out) == {"cz-wide", "cz-narrow"}
    return out


def the(svg: str, key: str) -> list:
    """The element carrying ``key`` in each arrangement (exactly one in each)."""
    found = []
    for name, keys in arrangements(svg).items():
        assert len(keys.get(key, [])) == 1, (name, key, len(keys.get(key, [])))
        found.append(keys[key][0])
    return found


def test_a_travel_lights_the_emptied_inn_the_one_staying_and_where_each_leaver_went():
    state = scenario("iwan").replay()
    event = state.view(2)["log"][-1]
    assert event["e"] == "travel" and event["inn"] == "IWAN"
    keys = log_refs(event)
    assert keys == ["inn:iwan", "room:iwan.lady", "room:katharina.diplomat",
                    "room:rachmanin.cossack"]
    svg = GAME.render_svg(state.view(2))
    assert all(node.getAttribute("data-inn") == "iwan" for node in the(svg, "inn:iwan"))
    for key in keys[1:]:
        for node in the(svg, key):
            assert node.getAttribute("data-room") == key.split(":")[1]
    # the diplomat carried p2's message there: its room is also where p2's message is
    for node in the(svg, "room:katharina.diplomat"):
        assert "msg:1" in node.getAttribute("data-ref").split()


def test_a_message_delivered_at_the_palace_lights_the_palace_and_its_guard():
    state = scenario("pawl").replay()
    event = [e for e in state.view(1)["log"] if e["e"] == "travel"][-1]
    assert log_refs(event) == ["inn:pawl", "room:pawl.diplomat", "palace", "palace",
                               "guard:pawl"]
    svg = GAME.render_svg(state.view(1))
    for node in the(svg, "guard:pawl"):
        assert node.getAttribute("class") == "cz-guard"
        inside = [n.getAttribute("data-ref") for n in node.getElementsByTagName("g")]
        assert "msg:0" in inside, "the delivered message is drawn at its guard"
    for node in the(svg, "palace"):
        assert node.getAttribute("class") == "cz-palace"


def test_a_bribe_and_the_win_light_the_guard_and_the_winner_s_message():
    state = scenario("bribe").replay()
    state.apply(state.text_to_action("bribe"))
    bribe, win = state.view(1)["log"][-2:]
    assert log_refs(bribe) == ["guard:pawl", "msg:0"]
    assert log_refs(win) == ["msg:0"]
    svg = GAME.render_svg(state.view(1))
    for node in the(svg, "msg:0"):
        assert node.parentNode.getAttribute("data-ref") == "guard:pawl"


def test_coins_light_the_pile_this_turn_s_coins_and_those_out_of_play():
    state = scenario("rubles_njet").replay()
    reveal, njet = state.view(3)["log"][-2:]
    assert (reveal["e"], njet["e"]) == ("reveal", "njet")
    assert log_refs(reveal) == ["pile", "running"]
    assert log_refs(njet) == ["running", "out"]
    svg = GAME.render_svg(state.view(3))
    for key, css in (("pile", "cz-pile"), ("running", "cz-running"), ("out", "cz-out")):
        assert {node.getAttribute("class") for node in the(svg, key)} == {css}
    assert log_refs({"e": "bank", "seat": 0, "coins": ["1"]}) == ["running"]


def test_places_and_messages_light_their_rooms():
    place = {"e": "place", "seat": 0, "courier": "red officer", "inn": "TAIGA-TAVERNE",
             "from": "display"}
    assert log_refs(place) == ["room:taiga.officer"]
    message = {"e": "message", "seat": 0, "inn": "OLGA", "type": "officer",
               "from_inn": "NATASCHA", "from_type": "diplomat"}
    assert log_refs(message) == ["room:natascha.diplomat", "room:olga.officer"]
    for kind in SILENT:
        assert log_refs({"e": kind, "seat": 1, "colour": "red", "courier": "red lady"}) == []


def test_a_hidden_coin_points_at_the_pile_whoever_reads_it():
    secret = {"e": "coin", "seat": 1}
    assert log_refs(secret) == log_refs({**secret, "coin": "3"}) == ["pile"]
    assert log_refs({"e": "coins", "count": 30}) == ["pile"]


def test_every_seat_sees_what_each_new_line_points_at_in_both_arrangements():
    """A revised three-player match: after every step, each key of each new line (as that
    seat reads it) is on its picture, once in each arrangement; a redacted line points at
    what the full one does."""
    config = GAME.configure(3, "revised")
    state = GAME.new_state(config)
    rng = random.Random(11)
    known = {seat: 0 for seat in (None, 0, 1, 2)}
    checked = 0
    while not state.is_terminal():
        if state.is_chance():
            state.apply_chance(state.sample_chance(rng))
        else:
            state.apply(rng.choice(list(state.legal_actions())))
        full = [event for event, _owner, _private in state.full_log()]
        for seat in known:
            view = state.view(seat)
            events = view["log"]
            fresh = events[known[seat]:]
            keys = {key for event in fresh for key in log_refs(event)}
            for index, event in enumerate(fresh, known[seat]):
                assert log_refs(event) == log_refs(full[index]), event
            known[seat] = len(events)
            if not keys:
                continue
            for name, drawn in arrangements(GAME.render_svg(view)).items():
                missing = keys - set(drawn)
                assert not missing, (seat, name, missing, fresh)
            checked += len(keys)
    assert checked > 100
