"""The lobby's form without jargon, in English and Russian: bots offered by level in the
reader's words (never a raw agent id), rule sets as named choices with a line each, the
advanced options folded away, tokens to win as a number per player count (and a table made
with them gets them), and a number out of bounds refused with the field named as the form
labels it."""

from __future__ import annotations

import re

import pytest

from gonets.core import games
from gonets.core.botnames import bot_label
from gonets.words import platform_words

from .support import TIMEOUT

AGENT_IDS = re.compile(r"\b(openspiel_ismcts|ismcts|heuristic|search|playout|random|easy|"
                       r"normal|hard|expert|cfr)\b")


def lobby(context, base: str, lang: str, game: str = "loveletter"):
    page = context.new_page()
    page.goto(f"{base}/?lang={lang}")
    page.wait_for_selector("body[data-ready='1']", timeout=TIMEOUT)
    page.select_option("#game", game)
    return page


def table_id(page) -> str:
    page.wait_for_selector("#created:not([hidden])", timeout=TIMEOUT)
    link = page.get_attribute("#created-links .spectator-link", "href")
    return re.search(r"/table/([^/#?]+)", link).group(1)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_seat_choice_offers_bots_by_level_in_the_reader_s_words(site, context, lang):
    words = platform_words(lang)
    page = lobby(context, site.base, lang)
    page.fill("#players", "3")
    seat = page.locator("select[data-seat='1']")
    groups = seat.locator("optgroup").evaluate_all("groups => groups.map(g => g.label)")
    assert groups == [words["lobby.bot_levels"], words["lobby.bot_others"]]
    levels = seat.locator("optgroup >> nth=0").locator("option").all_inner_texts()
    assert levels == [bot_label("Oleg", level, lang)
                      for level in ("easy", "normal", "hard", "expert")]
    texts = seat.locator("option").all_inner_texts()
    assert texts[0] == words["lobby.human"]
    for text in texts:
        assert "_" not in text and "bot:" not in text and "бот:" not in text, text
        if lang == "ru":                       # not one agent's id left in Latin letters
            assert not AGENT_IDS.search(text), text
    assert page.input_value("select[data-seat='1']") == "bot:normal"   # a level by default
    seat_doc = page.locator(".seat-row >> nth=1").locator(".seat-doc")
    assert seat_doc.inner_text() == words["agent.normal"]
    page.select_option("select[data-seat='1']", "bot:hard")
    assert seat_doc.inner_text() == words["agent.hard"]
    page.click("#create-button")
    seats = site.http.get(f"/api/tables/{table_id(page)}").json()["seats"]
    assert [s.get("agent") for s in seats[1:]] == ["hard", "normal"]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_advanced_options_are_folded_and_rule_sets_are_named_choices(site, context, lang):
    game = games()["loveletter"]
    words = game.option_words(lang)
    page = lobby(context, site.base, lang)
    assert not page.evaluate("document.querySelector('#options-box').open")
    assert page.inner_text("#options-box summary") == platform_words(lang)["lobby.advanced"]
    for hidden in ("[data-option='two_player_face_up']", "[data-option='guard_guess']",
                   "#bot-delay", "#turn-seconds", "#absent"):
        assert page.locator(hidden).is_hidden(), hidden
    rule_drop_downs = page.locator("#create-form select[data-option]")
    assert rule_drop_downs.count() > 10
    assert not any(rule_drop_downs.nth(i).is_visible() for i in range(rule_drop_downs.count()))
    for preset in game.presets:
        choice = page.locator(f"[data-preset='{preset.name}']")
        assert choice.locator("input[type=radio]").count() == 1
        assert choice.locator("strong").inner_text() == words["presets"][preset.name]["label"]
        line = choice.locator("small").inner_text()
        assert line.startswith(words["presets"][preset.name]["line"])
    page.click("#options-box summary")
    assert page.locator("[data-option='two_player_face_up']").is_visible()


@pytest.mark.parametrize("lang,refused", [
    pytest.param("en", "Tokens to win, 3 players: choose a whole number from 1 to 12.", id="en"),
    pytest.param("ru", "Жетонов для победы — при 3 игроках: выберите целое число от 1 до 12.",
                 id="ru")])
def test_tokens_to_win_are_numbers_per_player_count_and_the_table_gets_them(site, context,
                                                                           lang, refused):
    game = games()["loveletter"]
    page = lobby(context, site.base, lang)
    page.check("#presets input[value='premium']")
    fields = page.locator("input[data-option='tokens_to_win']")
    premium = game.preset_options("premium")["tokens_to_win"]
    assert fields.evaluate_all("fs => fs.map(f => [f.type, f.min, f.max, f.step])") == \
        [["number", "1", "12", "1"]] * len(premium)
    assert fields.evaluate_all("fs => fs.map(f => [f.dataset.part, f.value])") == \
        [[players, str(tokens)] for players, tokens in premium.items()]
    assert page.locator("#create-form input[type=text][data-option]").evaluate_all(
        "fs => fs.filter(f => f.value.includes('{'))") == []        # no JSON to write
    page.fill("#players", "3")
    three = "input[data-option='tokens_to_win'][data-part='3']"
    before = site.http.get("/api/tables").json()
    for wrong in ("13", "0", "2.5", ""):
        page.fill(three, wrong)
        page.evaluate("document.querySelector('#create-error').textContent = ''")
        page.click("#create-button")
        page.wait_for_function("t => document.querySelector('#create-error').textContent === t",
                               arg=refused, timeout=TIMEOUT)
        assert page.evaluate("document.activeElement.dataset.part") == "3"
    assert site.http.get("/api/tables").json() == before             # nothing was made
    page.fill(three, "9")
    page.fill("input[data-option='tokens_to_win'][data-part='8']", "12")   # a bound is kept
    page.click("#create-button")
    table = site.manager.tables[table_id(page)]
    assert page.inner_text("#create-error") == ""
    assert table.config.preset == "premium" and table.config.players == 3
    assert table.config.options["tokens_to_win"] == {**premium, "3": 9, "8": 12}


@pytest.mark.parametrize("lang,refused", [
    pytest.param("en", "Face-up cards with 2 players: choose a whole number from 0 to 3.", id="en"),
    pytest.param("ru", "Открытые карты при 2 игроках: выберите целое число от 0 до 3.", id="ru")])
def test_a_folded_option_out_of_bounds_is_named_and_shown(site, context, lang, refused):
    page = lobby(context, site.base, lang)
    field = "[data-option='two_player_face_up']"
    page.click("#options-box summary")
    assert page.get_attribute(field, "min") == "0" and page.get_attribute(field, "max") == "3"
    page.fill(field, "4")
    page.click("#options-box summary")                      # folded away again
    before = site.http.get("/api/tables").json()
    page.click("#create-button")
    page.wait_for_function("() => document.querySelector('#create-error').textContent",
                           timeout=TIMEOUT)
    assert page.inner_text("#create-error") == refused
    assert page.evaluate("document.querySelector('#options-box').open")   # opened to show it
    assert page.evaluate("document.activeElement.dataset.option") == "two_player_face_up"
    assert site.http.get("/api/tables").json() == before
