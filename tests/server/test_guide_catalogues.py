"""The first game guide's catalogues (issue 21): each game's ``data/guide.<lang>.json`` has the
same tips, in the same order, in English and Russian; its patterns cover every kind of decision
the game can ask for (every click key of every action of every rule set); and
``GET /api/games/<name>/guide`` serves them read-only in the asked language."""

from __future__ import annotations

import json
import random
import re
from importlib import resources

import pytest

from gonets.core import games
from gonets.server.frames import click_paths, family
from gonets.server.guide import guide_prompts, kinds, matches

GAMES = tuple(sorted(games()))          # every registered game has a guide
CYRILLIC = re.compile(r"[а-яё]", re.I)
DECISIONS = 400          # decisions of one random match looked at, per rule set and player count


def guide_file(name: str, lang: str) -> dict:
    folder = resources.files(f"gonets.games.{name}") / "data"
    return json.loads((folder / f"guide.{lang}.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", GAMES)
def test_english_and_russian_have_the_same_tips_in_the_same_order(name):
    english, russian = guide_file(name, "en")["prompts"], guide_file(name, "ru")["prompts"]
    assert list(english) == list(russian)
    assert len(english) >= 5
    for kind in english:
        for tips, lang in ((english, "en"), (russian, "ru")):
            assert set(tips[kind]) == {"title", "text"}, (kind, lang)
            assert tips[kind]["title"].strip() and len(tips[kind]["text"]) >= 40, (kind, lang)
        assert CYRILLIC.search(russian[kind]["title"]) and CYRILLIC.search(russian[kind]["text"])
        assert not CYRILLIC.search(english[kind]["text"]), kind
        assert "**" not in english[kind]["text"] + russian[kind]["text"]   # plain words


def clicks(game, view: dict, texts: list[str]) -> set[str]:
    """Every key of every way of clicking the notations ``texts`` in ``view``."""
    found = set()
    for text in texts:
        steps = click_paths(game.action_steps(view, text))
        for path in steps.get("paths", [steps["steps"]]):
            found |= set(path)
    return found


def every_click(name: str) -> set[str]:
    """The click keys of a game: those of the legal actions met in a random match of every
    rule set (at its fewest players, at three and at its most: the large decks), and every key of
    its whole action space written at the start and every 50 decisions (where pieces on the
    board give actions that exist only then)."""
    game = games()[name]
    found: set[str] = set()
    for preset in game.presets:
        low, high = game.player_range(preset.name)
        for players in sorted({low, min(high, max(low, 3)), high}):
            config = game.configure(players, preset.name, {})
            state, rng, decisions = game.new_state(config), random.Random(players), 0
            while not state.is_terminal() and decisions < DECISIONS:
                if state.is_chance():
                    state.apply_chance(state.sample_chance(rng))
                    continue
                view = state.view(state.current_player())
                found |= clicks(game, view, view["legal"])
                if decisions % 50 == 0:
                    texts = []
                    for action in range(game.num_actions(config)):
                        try:
                            texts.append(state.action_to_text(action))
                        except Exception:        # an id this position cannot write
                            continue
                    for phase in ({view.get("phase")} | ({"turn"} if name == "czar" else set())):
                        found |= clicks(game, {**view, "legal": texts, "phase": phase}, texts)
                legal = state.legal_actions()
                state.apply(legal[rng.randrange(len(legal))])
                decisions += 1
    return found


@pytest.mark.parametrize("name", GAMES)
def test_the_guide_covers_every_kind_of_decision_of_the_game(name):
    keys = every_click(name)
    families = {family(key) for key in keys}
    assert len(families) >= 6, families                 # the walk found the game's decisions
    for lang in ("en", "ru"):
        prompts = guide_prompts(games()[name], lang)
        uncovered = sorted(key for key in keys if not kinds(prompts, [key]))
        assert uncovered == [], (lang, uncovered[:10])
        # every tip is for a decision the game has (no tip that can never show)
        unused = [kind for kind in prompts if not any(matches(kind, key) for key in keys)]
        assert unused == [], (lang, unused)


def test_love_letter_explains_every_card_it_can_deal():
    cards = json.loads((resources.files("gonets.games.loveletter") / "data" / "cards.json")
                       .read_text(encoding="utf-8"))["characters"]
    prompts = guide_prompts(games()["loveletter"], "en")
    assert sorted(kind[5:] for kind in prompts if kind.startswith("card:")) == sorted(cards)


def test_the_rule_of_patterns():
    assert matches("target", "target:p2") and matches("draw", "draw")
    assert matches("card:guard", "card:guard") and not matches("card:guard", "card:guardian")
    assert matches("spot:knight*", "spot:knight-2") and not matches("spot:knight*", "spot:monk")
    assert matches("extra|decline", "decline") and not matches("extra|decline", "end")
    assert not matches("card", "cardinal:p2")
    assert kinds({"card": {}, "card:guard": {}, "target": {}}, ["card:guard", "card:baron"]) == [
        "card", "card:guard"]


@pytest.mark.parametrize("asked,lang", [("ru", "ru"), ("RU", "ru"), ("en", "en"), ("de", "en"),
                                        ("../ru", "en"), (None, "en")])
def test_the_guide_is_served_in_the_asked_language(server, asked, lang):
    for name in GAMES:
        params = {} if asked is None else {"lang": asked}
        answer = server.http.get(f"/api/games/{name}/guide", params=params)
        assert answer.status_code == 200
        body = answer.json()
        assert body["game"] == name and body["lang"] == lang
        assert body["prompts"] == guide_file(name, lang)["prompts"]
        assert list(body["prompts"]) == list(guide_file(name, lang)["prompts"])


def test_a_game_without_a_guide_has_none_and_an_unknown_game_is_refused(server):
    answer = server.http.get("/api/games/toy/guide?lang=ru")
    assert answer.status_code == 200 and answer.json()["prompts"] == {}
    missing = server.http.get("/api/games/nosuch/guide")
    assert missing.status_code == 404 and missing.json()["code"] == "no_game"
    assert server.http.post("/api/games/czar/guide").status_code in (403, 405)
