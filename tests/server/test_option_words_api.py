"""The lobby catalogue in the page's language: ``GET /api/games?lang=ru`` gives each option and
preset a Russian label and description, any other language (or none) the English ones."""

from __future__ import annotations

import pytest

from gonets.core import games

WORDS = ("label", "doc", "choice_labels", "line", "part")     # what differs by language


def catalogue(server, **params) -> dict[str, dict]:
    answer = server.http.get("/api/games", params=params)
    assert answer.status_code == 200
    return {g["name"]: g for g in answer.json()["games"]}


@pytest.mark.parametrize("params,lang", [({"lang": "ru"}, "ru"), ({"lang": "RU"}, "ru"),
                                         ({}, "en"), ({"lang": "en"}, "en"),
                                         ({"lang": "de"}, "en"), ({"lang": "../ru"}, "en")])
def test_option_and_preset_words_follow_the_asked_language(server, params, lang):
    served = catalogue(server, **params)
    for name, game in games().items():
        words = game.option_words(lang)
        entry = served[name]
        assert [(o["name"], o["label"], o["doc"]) for o in entry["options"]] == [
            (o.name, words["options"][o.name]["label"], words["options"][o.name]["doc"])
            for o in game.options if not o.study]
        assert [(p["name"], p["label"], p["doc"]) for p in entry["presets"]] == [
            (p.name, words["presets"][p.name]["label"], words["presets"][p.name]["doc"])
            for p in game.presets]


def test_russian_words_are_russian_and_the_other_fields_stay(server):
    russian, english = catalogue(server, lang="ru"), catalogue(server)
    tokens = next(o for o in russian["loveletter"]["options"] if o["name"] == "tokens_to_win")
    assert tokens["label"] == "Жетонов для победы"
    assert "жетонов симпатии" in tokens["doc"]
    seed = next(p for p in english["loveletter"]["presets"] if p["name"] == "seed")
    assert seed["doc"] == games()["loveletter"].preset("seed").doc
    for name, game in russian.items():
        plain = english[name]
        assert game.keys() == plain.keys()
        for kind in ("options", "presets"):
            for ru, en in zip(game[kind], plain[kind], strict=True):
                assert {k: v for k, v in ru.items() if k not in WORDS} == \
                       {k: v for k, v in en.items() if k not in WORDS}
    toy = russian["toy"]["options"][0]                  # a game without word files
    assert (toy["label"], toy["doc"]) == ("rounds", "turns each seat takes")
