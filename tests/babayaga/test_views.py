"""Renderers and the bot: SVG contract, terminal table, readable log and menus."""

import random
import re

from rich.console import Console

from gonets.agents import make_agent
from gonets.core import Match, play_match
from gonets.games.babayaga.notation import BOARD_VERBS
from tests.babayaga.helpers import GAME, act, arrangements, new, roll


def random_states(preset="competitive", players=3, seed=2, count=60):
    config = GAME.configure(players, preset)
    match = Match(GAME, config, seed=seed)
    match.deal()
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        if match.state.is_terminal():
            break
        out.append(match.state.clone())
        legal = match.state.legal_actions()
        match.act(match.state.current_player(), legal[rng.randrange(len(legal))])
    return out


def test_svg_places_carry_the_clicks_of_every_legal_place_action():
    for state in random_states():
        seat = state.current_player()
        view = state.view(seat)
        svg = GAME.render_svg(view)
        assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")
        found = set()
        for value in re.findall(r'data-pick="([^"]*)"', svg):
            found.update(value.split("|"))
        places = {GAME.action_steps(view, text)[0] for text in view["legal"]
                  if text.split()[0] in BOARD_VERBS}
        assert found == places


def test_svg_draws_rivers_mountains_tokens_and_heroes():
    s = new(chars=["ilya_muromets", "fyodor_lyzhnikov"], quests=["the_firebird", "waters_of_life"])
    for svg in arrangements(GAME.render_svg(s.view(0))).values():
        assert svg.count('class="edge river"') == 3 and svg.count('class="edge mountain"') == 7
        assert 'data-token="hut"' in svg and 'data-seat="1"' in svg
        assert re.search(r'data-pick="([^"]*\|)?move:tsarov[|"]', svg)


def test_terminal_table_shows_time_character_and_encounter():
    s = new(chars=["ilya_muromets", "fyodor_lyzhnikov"], quests=["the_firebird", "waters_of_life"],
            top={"wilderness": ["W01"]})
    s.players[0].loc = "rye_fields"
    act(s, "move rye_fields")
    console = Console(width=140, record=True)
    console.print(GAME.render_text(s.view(0)))
    text = console.export_text()
    assert "dawn" in text and "Ilya Muromets" in text and "Fight 2" in text
    assert "The Priest in the Tree" in text and "Fight 3 + Rep" in text
    assert "Bone Fence" in text and "Rye Fields" in text


def test_menus_and_log_lines_are_readable():
    for state in random_states("cooperative", 2, seed=5):
        view = state.view(state.current_player())
        for text in view["legal"]:
            line = GAME.describe_action(view, text)
            assert line and "{" not in line
        for event in view["log"]:
            line = GAME.describe_event(event)
            assert line and not line.startswith("{"), event


def test_heuristic_bot_plays_legal_moves_and_wins_some_solo_games():
    config = GAME.configure(1, "solo")
    wins = 0
    for i in range(30):
        bot = make_agent("heuristic", GAME, config, 0, seed=i)
        match = play_match(GAME, config, [bot], seed=i)
        wins += bool(match.state.result().winners)
    assert 3 <= wins <= 27


def test_heuristic_beats_random_in_competitive_play():
    config = GAME.configure(2, "competitive")
    score = {"heuristic": 0, "random": 0}
    for i in range(30):
        names = ["heuristic", "random"] if i % 2 == 0 else ["random", "heuristic"]
        agents = [make_agent(n, GAME, config, s, seed=i) for s, n in enumerate(names)]
        match = play_match(GAME, config, agents, seed=i)
        for w in match.state.result().winners:
            score[names[w]] += 1
    assert score["heuristic"] > score["random"]


def test_view_shows_the_table_and_the_question_not_engine_internals():
    s = new(chars=["ilya_muromets", "fyodor_lyzhnikov"], quests=["the_firebird", "waters_of_life"],
            top={"wilderness": ["W01"]})
    s.players[0].loc = "rye_fields"
    act(s, "move rye_fields")           # draws W01, The Priest in the Tree: Fight 3 + Rep
    view = s.view(1)
    assert not {"stack", "turn", "ask", "ret", "serial", "decisions", "time_idx"} & set(view)
    text = repr({k: v for k, v in view.items() if k != "resume"})
    assert "'op'" not in text and "'stage'" not in text and "'met'" not in text
    assert view["decision"] == {"chance": "dice", "question": "the challenge roll"}
    assert view["encounter"] == {"card": "W01", "source": "deck", "diff_bonus": 0,
                                 "challenge": {"ability": "fight", "dice": 2, "diff": 3}}
    hero = view["heroes"][0]
    assert set(hero) == {"seat", "char", "quest", "step", "done", "loc", "cards", "pending",
                         "face_down", "skip", "elim", "won_horseman", "effects"}
    # the resume token holds no deck order: two states differing only in hidden order agree
    other = s.clone()
    other.decks["wilderness"] = list(reversed(other.decks["wilderness"]))
    removed, deck = other.removed["town"], other.decks["town"]
    removed[0], deck[0] = deck[0], removed[0]
    assert other.view(1) == view


def test_decision_names_who_decides_and_what():
    s = new(chars=["ilya_muromets", "fyodor_lyzhnikov"], quests=["the_firebird", "waters_of_life"],
            top={"wilderness": ["W01"]})
    assert s.view(1)["decision"] == {"seat": 0, "question": "where to move"}
    assert s.view(1)["encounter"] is None
    s.players[0].cards.append("T02")     # one Rep card: a failed roll offers a reroll
    s.players[0].loc = "rye_fields"
    act(s, "move rye_fields")
    roll(s, [1, 2])
    view = s.view(1)
    assert view["decision"] == {"seat": 0, "question": "the challenge roll"}
    assert view["encounter"]["challenge"] == {"ability": "fight", "dice": 2, "diff": 4}


def test_svg_has_a_key_for_every_edge_kind_and_fits_its_buttons():
    s = new(chars=["ilya_muromets", "fyodor_lyzhnikov"], quests=["the_firebird", "waters_of_life"])
    picture = GAME.render_svg(s.view(0))
    svg = arrangements(picture)["wide"]
    assert 'class="legend"' in svg
    for kind, words in (("open", "road"), ("bridge", "bridge"), ("pass", "pass"),
                        ("causeway", "causeway"), ("river", "river"), ("mountain", "mountains"),
                        ("lake", "lake")):
        assert f'class="legend-edge {kind}"' in svg and words in svg
    height = int(re.search(r'<svg[^>]* height="(\d+)"', picture).group(1))
    ys = [int(y) for y in re.findall(r'<text x="\d+" y="(\d+)"', svg)]
    assert max(ys) < height


def test_bot_walks_to_a_town_when_the_wilderness_deck_only_holds_a_card_it_cannot_meet():
    s = new(chars=["fyodor_lyzhnikov", "ilya_muromets"], quests=["the_firebird", "waters_of_life"])
    s.players[0].loc = "rye_fields"                     # Move 2: Tsarov and Vasilev in reach
    s.players[0].step = 1                               # a passive step: nothing to walk to
    s.decks["wilderness"] = ["W11"]                     # Sukhman needs Rep 1: shuffles back
    s.in_deck["wilderness"] = ["W11"]
    s.reask()
    view = s.view(0)
    bot = make_agent("heuristic", GAME, s.config, 0, seed=1)
    for _ in range(5):
        pick = view["legal"][view["legal"].index(bot.choose(view, view["legal"]))]
        assert pick in ("move tsarov", "move vasilev")
