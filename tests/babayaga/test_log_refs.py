"""Baba Yaga's log lines point at the pictures: every key an event refers to (``svg.log_refs``)
is carried in ``data-ref`` by an element of the board or of a panel's picture that every seat
and the spectator see right after the event, and the keys light the right things: the hero's
disc, the place, the token, the quest track, the deck sizes."""

from __future__ import annotations

import random
import re

import pytest

from gonets.core import CHANCE, Match
from gonets.games.babayaga.rules.content import default_content
from gonets.games.babayaga.text.words import word
from tests.babayaga.helpers import GAME, act, arrangements, new
from tests.babayaga.test_elements import duo

DATA_REF = re.compile(r'data-ref="([^"]*)"')
KEY = re.compile(r"(hero|quest):\d|place:[a-z_]+|token:(wolves|solovey|horseman|hut|baba_yaga)|"
                 r"deck:(wilderness|town|baba_yaga)|round|time|heroes")
CASES = [(preset, players) for preset in ("competitive", "cooperative")
         for players in GAME.player_range(preset)] + [("solo", 1)]


def pictures(view: dict) -> list[str]:
    """The board and the panels' pictures a seat sees."""
    return [GAME.render_svg(view)] + [p.get("svg") or "" for p in GAME.panels(view)]


def drawn(view: dict) -> set[str]:
    return {key for picture in pictures(view) for keys in DATA_REF.findall(picture)
            for key in keys.split()}


def refs(event: dict) -> set[str]:
    """An event's keys, each once."""
    keys = GAME.log_refs(event)
    assert len(keys) == len(set(keys)), keys
    return set(keys)


def carriers(picture: str, key: str) -> list[str]:
    """The opening tags of a picture whose ``data-ref`` holds ``key``."""
    return [tag for tag in re.findall(r"<[a-z]+ [^>]*>", picture)
            if key in (DATA_REF.search(tag) or [None, ""])[1].split()]


def tile(picture: str, lid: str) -> str:
    """A place's group on the board: its tile, name, tokens and heroes."""
    start = picture.index(f'data-location="{lid}"')
    return picture[start:picture.index("\n</g>", start)]


@pytest.mark.parametrize("preset,players", CASES)
def test_every_seat_sees_what_each_new_line_refers_to(preset, players):
    config = GAME.configure(players, preset)
    match = Match(GAME, config, seed=11)
    match.deal()
    rng = random.Random(11)
    viewers = [None, *range(players)]
    seen = dict.fromkeys(viewers, 0)
    lines = referring = 0
    kinds = set()
    while not match.state.is_terminal():
        seat = match.state.current_player()
        if seat == CHANCE:
            match.state.apply_chance(match.state.sample_chance(rng))
            continue
        legal = match.state.legal_actions()
        match.act(seat, legal[rng.randrange(len(legal))])
        for viewer in viewers:
            view = match.state.view(viewer)
            fresh = view["log"][seen[viewer]:]
            seen[viewer] = len(view["log"])
            found = [GAME.log_refs(event) for event in fresh]
            if viewer is None:
                lines += len(fresh)
                referring += sum(1 for keys in found if keys)
                kinds |= {event["e"] for event in fresh}
            if not any(found):
                continue
            shown = drawn(view)
            for event, keys in zip(fresh, found):
                assert all(KEY.fullmatch(key) for key in keys), (event, keys)
                assert set(keys) <= shown, (viewer, event, set(keys) - shown)
    assert {"setup", "turn", "move", "draw", "token"} <= kinds
    assert referring / lines >= 0.9, f"{referring} of {lines} lines refer to the pictures"


def test_a_move_lights_the_hero_on_the_place_it_reached():
    s = duo()
    act(s, "move rye_fields")
    event = next(e for e in s.view(1)["log"] if e["e"] == "move")
    assert refs(event) == {"hero:0", "place:rye_fields"}
    for board in arrangements(GAME.render_svg(s.view(1))).values():
        place = tile(board, "rye_fields")
        assert 'data-ref="place:rye_fields"' in place and 'data-ref="hero:0"' in place
        assert len(carriers(board, "hero:0")) == 2          # on its place and in the roster
        assert len(carriers(board, "place:rye_fields")) == 1


def test_a_token_lights_on_its_place_and_in_the_key_even_off_the_board():
    s = duo()
    s.tokens["hut"] = "bone_fence"
    assert refs({"e": "token", "token": "hut", "to": "bone_fence"}) == \
        {"token:hut", "place:bone_fence"}
    for board in arrangements(GAME.render_svg(s.view(None))).values():
        assert 'data-ref="token:hut"' in tile(board, "bone_fence")
        assert len(carriers(board, "token:hut")) == 2
    s.tokens["hut"] = None
    assert refs({"e": "token", "token": "hut", "to": None}) == {"token:hut"}
    for gone in arrangements(GAME.render_svg(s.view(None))).values():
        assert len(carriers(gone, "token:hut")) == 1        # the key's swatch alone


def test_baba_yagas_cards_light_her_and_her_beaten_count():
    c = default_content()
    card = c.decks["baba_yaga"][0]
    assert refs({"e": "won", "seat": 1, "card": card}) == \
        {"hero:1", "token:baba_yaga", "deck:baba_yaga"}
    hut = c.decks["hut"][0]
    assert refs({"e": "encounter", "seat": 0, "card": hut, "src": "element"}) == \
        {"hero:0", "token:hut"}
    s = duo()
    s.by_beaten = 2
    for board in arrangements(GAME.render_svg(s.view(0))).values():
        count = carriers(board, "deck:baba_yaga")
        assert len(count) == 1 and "2/3" in board.split(count[0])[1].split("</text>")[0]
        assert carriers(board, "token:baba_yaga")           # she is off the board: the key


def test_a_quest_step_lights_the_roster_and_the_steppers_own_track():
    s = duo()
    s.players[1].step = 2
    keys = refs({"e": "step", "seat": 1, "step": 2, "auto": False})
    assert keys == {"hero:1", "quest:1"}
    mine = [p.get("svg") or "" for p in GAME.panels(s.view(1))]
    assert any(carriers(picture, "quest:1") for picture in mine)
    for board in arrangements(GAME.render_svg(s.view(0))).values():
        label = carriers(board, "quest:1")
        assert len(label) == 1 and label[0].startswith("<text")
    assert refs({"e": "quest_done", "seat": 0}) == {"hero:0", "quest:0"}


def test_a_hero_out_of_the_game_still_lights_in_the_roster():
    s = duo()
    s.players[1].elim = True
    for board in arrangements(GAME.render_svg(s.view(0))).values():
        assert 'data-seat="1"' not in board
        roster = carriers(board, "hero:1")
        assert len(roster) == 1 and 'opacity="0.45"' in roster[0]
    assert refs({"e": "eliminated", "seat": 1}) <= drawn(s.view(0))


def test_a_peek_names_the_peeker_and_the_deck_never_the_cards():
    s = duo(top={"town": ["T22"]})
    act(s, "move tsarov")
    act(s, "deck wilderness")
    peeked = next(e for e in s.view(0)["log"] if e["e"] == "peeked")
    keys = refs(peeked)
    assert keys == {"hero:0", "deck:wilderness"}
    assert not any(card.lower() in key.lower() for card in peeked["cards"] for key in keys)
    assert not any(e["e"] == "peeked" for e in s.view(1)["log"] + s.view(None)["log"])
    for board in arrangements(GAME.render_svg(s.view(0))).values():
        deck = carriers(board, "deck:wilderness")
        assert len(deck) == 1 and deck[0].startswith("<text")


def test_players_the_round_and_the_time_of_day_light_where_the_header_shows_them():
    s = new("cooperative", 3, chars=["ilya_muromets", "fyodor_lyzhnikov", "marya_morevna"],
            quests=["the_firebird", "waters_of_life", "slay_the_dragon"])
    assert refs({"e": "steal", "seat": 0, "target": 2}) == {"hero:0", "hero:2"}
    assert refs({"e": "took", "seat": 2, "from": 1, "card": "W33"}) == \
        {"hero:2", "hero:1"}
    assert refs({"e": "trade", "seat": 1, "to": 0, "give": [], "ask": [],
                          "accepted": True}) == {"hero:1", "hero:0"}
    assert refs({"e": "global", "card": "W20"}) == {"heroes"}
    assert refs({"e": "turn", "seat": 2, "round": 4}) == {"hero:2", "round"}
    assert refs({"e": "time", "time": "noon"}) == {"time"}
    assert refs({"e": "end", "how": "quest", "winners": [0, 2]}) == {"hero:0", "hero:2"}
    assert refs({"e": "special", "kind": "khorov", "seat": 1}) == \
        {"hero:1", "place:khorov"}
    for lang, board in [(lang, board) for lang in ("en", "ru")
                        for board in arrangements(GAME.render_svg(s.view(2), lang)).values()]:
        heads = {key: board.split(carriers(board, key)[0])[1].split("</text>")[0]
                 for key in ("round", "time")}
        assert str(s.view(2)["round"]) in heads["round"]
        assert word(lang, "time", s.view(2)["time"]) in heads["time"]
        assert len(carriers(board, "heroes")) == 1
