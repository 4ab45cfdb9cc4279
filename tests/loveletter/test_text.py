"""describe_action and describe_event in English and Russian."""

import random

import pytest

from gonets.agents.base import RandomAgent
from gonets.core import play_match
from gonets.games.loveletter import GAME
from tests.loveletter.helpers import run, stack


def test_describe_event_examples():
    look = {"e": "look", "seat": 0, "target": "spare", "card": "princess"}
    assert GAME.describe_event(look) == "p1 looks at the set-aside card: Princess"
    assert GAME.describe_event({**look, "target": 2}, "ru") == \
        "игрок 1 смотрит карту: игрок 3: Принцесса"
    guard = {"e": "guard", "seat": 1, "target": 0, "guess": "prince", "hit": True}
    assert GAME.describe_event(guard) == "p2 names Prince for p1: correct"
    end = {"e": "round_end", "round": 2, "winners": [], "reason": "showdown"}
    assert GAME.describe_event(end, "ru") == "Раунд 2 окончен (вскрытие); победители: никто"


def test_describe_action_examples():
    view = {"seat": 0}
    assert GAME.describe_action(view, "guard p2 5") == "Guard — name 5 for p2"
    assert GAME.describe_action(view, "guard p2 5", "ru") == "Стражница — назвать 5 для: игрок 2"
    assert GAME.describe_action(view, "prince p1") == "Prince — yourself discards and draws"
    assert GAME.describe_action(view, "cardinal p2 p3 look p3") == \
        "Cardinal — p2 and p3 trade hands, then look at p3"
    assert GAME.describe_action(view, "king spare") == "King — trade hands with the set-aside card"
    assert GAME.describe_action(view, "guard") == "Guard — no effect: nobody can be chosen"
    assert GAME.describe_action(view, "guard p3 prince") == "Guard — name Prince for p3"
    assert "Канцлер" in GAME.describe_action(view, "chancellor keep guard bottom priest baron",
                                             "ru")
    assert GAME.describe_action(view, "redraw", "ru") == "сбросить карту и взять новую"


@pytest.mark.parametrize("preset,players", [("seed", 6), ("zman-2019", 4), ("seed", 3)])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_event_and_action_of_a_match_reads_well(preset, players, lang):
    config = GAME.configure(players, preset, {"spare_card": "look_swap_burn"})
    agents = [RandomAgent(GAME, config, s, random.Random(s)) for s in range(players)]
    match = play_match(GAME, config, agents, seed=7)
    for seat in (None, 0):
        for event in match.state.view(seat)["log"]:
            line = GAME.describe_event(event, lang)
            assert line and "{" not in line and "'e'" not in line, (event, line)
    state = match.state
    deck = stack(players, "princess", ["guard"] * players, preset=preset)
    state = run(players, [deck], preset=preset)
    view = state.view(0)
    for text in view["legal"]:
        assert " — " in GAME.describe_action(view, text, lang)
