"""Log and menu lines in English and Russian, for the viewer and for the others; the terminal
table's panels (what a failure costs, quest steps, no internal ids, the viewer's last roll)."""

import io
import os
import random
import re
import sys

from rich.console import Console

from gonets.core import CHANCE, Match
from gonets.games.babayaga import text
from gonets.games.babayaga.rules.content import default_content
from gonets.terminal import TerminalTable
from tests.babayaga.helpers import GAME, act, new, roll
from tests.babayaga.test_elements import duo

NAMES = ["Аня", "Bob"]


def line(event, lang, viewer):
    return GAME.describe_event(event, lang, viewer, NAMES)


def leaves(node, prefix=""):
    """The dotted paths of every phrase in a catalogue."""
    if isinstance(node, dict):
        return set().union(*(leaves(value, f"{prefix}{key}.") for key, value in node.items()))
    return {prefix[:-1]}


def test_both_catalogues_have_the_same_phrases():
    russian_only = {"word.dice.few", "word.cards.few", "word.spaces.few",
                    "word.ability_dat.move", "word.ability_dat.fight", "word.ability_dat.cunning"}
    assert leaves(text.catalogue("en")) == leaves(text.catalogue("ru")) - russian_only


def test_a_draw_in_the_second_person_and_by_name_in_both_languages():
    event = {"e": "draw", "seat": 0, "card": "W01", "deck": "wilderness"}
    assert line(event, "en", 0) == "you draw The Priest in the Tree (Enchanted Kerchief) " \
                                   "from the Wilderness deck"
    assert line(event, "en", 1) == "Аня draws The Priest in the Tree (Enchanted Kerchief) " \
                                   "from the Wilderness deck"
    assert line(event, "ru", 0) == "вы тянете карту «Поп на дереве (Заговорённый платок)» " \
                                   "из колоды «Глушь»"
    assert line(event, "ru", 1).startswith("Аня тянет карту «Поп на дереве")
    assert line(event, "ru", None).startswith("Аня тянет")           # a spectator: names only
    assert GAME.describe_event(event, "en", None).startswith("p1 draws")


def test_lines_aimed_at_the_viewer_and_the_game_end():
    steal = {"e": "steal", "seat": 1, "target": 0}
    assert line(steal, "en", 0) == "Bob tries to steal an Item from you"
    assert line(steal, "ru", 0) == "Bob пытается украсть у вас предмет"
    assert line(steal, "en", None) == "Bob tries to steal an Item from Аня"
    assert line(steal, "ru", 1) == "вы пытаетесь украсть предмет у игрока Аня"
    end = {"e": "end", "how": "quest", "winners": [0]}
    assert line(end, "en", 0) == "game over (a quest completed): you won"
    assert line(end, "en", 1) == "game over (a quest completed): Аня won"
    assert line(end, "ru", 0) == "игра окончена (задание выполнено): вы победили"
    assert line(end, "ru", 1) == "игра окончена (задание выполнено): победа: Аня"
    miss = {"e": "miss_turn", "seat": 0}
    assert line(miss, "en", 0) == "you will miss your next turn"
    assert line(miss, "ru", 0) == "вы пропустите следующий ход"
    assert line(miss, "ru", 1) == "Аня пропустит следующий ход"
    mod = {"e": "effect", "seat": 1, "ability": "any", "amount": -1, "duration": "next_turn"}
    assert line(mod, "en", 1) == "you get -1 to all challenges next turn"
    assert line(mod, "ru", 0) == "Bob получает -1 ко всем испытаниям в следующий ход"


def test_plural_forms_of_dice():
    assert [text.plural("en", "dice", n) for n in (1, 2)] == ["1 die", "2 dice"]
    assert [text.plural("ru", "dice", n) for n in (1, 3, 5, 11, 21, 22)] == [
        "1 кубик", "3 кубика", "5 кубиков", "11 кубиков", "21 кубик", "22 кубика"]


def test_choosing_a_quest_shows_its_steps():
    s = GAME.new_state(GAME.configure(1, "solo"))
    act(s, "character ilya_muromets")
    view = s.view(0)
    en = GAME.describe_action(view, "quest slay_the_dragon", "en")
    assert "starts in Ozerov" in en and "1. at the Hut" in en and "Fight 3 + Rep" in en
    ru = GAME.describe_action(view, "quest slay_the_dragon", "ru")
    assert "«Одолеть Змея»" in ru and "Озёров" in ru and "Бой 3 + слава" in ru


def failed_roll():
    """Fyodor fails The Priest in the Tree (Fight 3 + Rep) holding a Rep card to reroll with."""
    s = new(chars=["fyodor_lyzhnikov", "ilya_muromets"], quests=["the_firebird", "waters_of_life"],
            top={"wilderness": ["W01"]})
    p = s.players[0]
    p.loc = "rye_fields"
    p.cards.append("T13")                               # Rid the Town of Rats: 1 Rep
    act(s, "move rye_fields")
    roll(s, [1])
    return s


def test_the_cost_of_a_failure_is_shown_before_the_reroll_or_accept_choice():
    s = failed_roll()
    view = s.view(0)
    assert "reroll t13" in view["legal"] and "accept" in view["legal"]
    assert GAME.describe_action(view, "accept", "en") == \
        "Accept the failure: -1 to all challenges next turn"
    assert GAME.describe_action(view, "accept", "ru") == \
        "Смириться с неудачей: -1 ко всем испытаниям в следующий ход"
    panel = render(view, "en")
    assert "If you fail: -1 to all challenges next turn" in panel
    assert "Rolling 1 die against Diff 4" in panel and "1 dice" not in panel
    assert "Last roll: 1 vs 4: failure" in panel
    assert "Последний бросок: 1 против 4: неудача" in render(view, "ru")


def render(view, lang):
    console = Console(file=io.StringIO(), width=200, color_system=None)
    console.print(GAME.render_text(view, lang))
    return console.file.getvalue()


def test_the_last_roll_line_shows_the_viewers_own_roll_only():
    s = failed_roll()
    assert "Last roll" in render(s.view(0), "en")
    assert "Last roll" not in render(s.view(1), "en")
    assert "Last roll" not in render(s.view(None), "en")


def test_a_quest_step_is_named_by_its_quest_never_by_an_internal_id():
    s = new(chars=["ilya_muromets", "fyodor_lyzhnikov"], quests=["slay_the_dragon", "the_firebird"])
    p = s.players[0]
    p.loc = "rye_fields"
    s.tokens["hut"] = "rye_fields"
    act(s, "move rye_fields")
    view = s.view(0)
    assert view["encounter"]["card"].startswith("Q:")
    for lang in ("en", "ru"):
        shown = render(view, lang) + "\n".join(line(e, lang, 0) for e in view["log"])
        assert "Q:" not in shown
    assert "Slay the Dragon step" in render(view, "en")


def test_every_line_of_random_matches_reads_in_both_languages():
    """No placeholder, internal id or raw event survives in any log or menu line."""
    for preset, players in (("solo", 1), ("competitive", 3), ("cooperative", 2)):
        s = GAME.new_state(GAME.configure(players, preset))
        rng = random.Random(7)
        while not s.is_terminal():
            if s.current_player() == CHANCE:
                s.apply_chance(s.sample_chance(rng))
                continue
            view = s.view(s.current_player())
            for lang in ("en", "ru"):
                for notation in view["legal"]:
                    described = GAME.describe_action(view, notation, lang)
                    assert described != notation and not re.search(r"[{}]|Q:|_", described)
            legal = s.legal_actions()
            s.apply(legal[rng.randrange(len(legal))])
        for event in s.view(None)["log"]:
            for lang in ("en", "ru"):
                for viewer in (0, None):
                    described = line(event, lang, viewer)
                    assert not described.startswith("{") and not re.search(r"Q:|_", described)


def test_the_terminal_waits_for_a_key_at_the_end_only_when_a_person_plays(monkeypatch):
    config = GAME.configure(1, "solo", {"max_rounds": 1})
    reader, writer = os.openpty()
    tty = os.fdopen(reader, "r")
    monkeypatch.setattr(sys, "stdin", tty)
    try:
        os.write(writer, b"\n")
        out = io.StringIO()
        console = Console(file=out, force_terminal=True, width=200)
        table = TerminalTable(console, Match(GAME, config, seed=3), agents={})
        table.viewer = 0
        table.wait_for_reader()
        assert "press Enter to leave" in out.getvalue()
        watched = io.StringIO()
        table = TerminalTable(Console(file=watched, force_terminal=True), Match(
            GAME, config, seed=3), agents={0: None})
        table.wait_for_reader()                                  # --watch: bots only
        assert "press Enter" not in watched.getvalue()
        piped = io.StringIO()
        table = TerminalTable(Console(file=piped), Match(GAME, config, seed=3), agents={})
        table.wait_for_reader()                                  # no terminal
        assert "press Enter" not in piped.getvalue()
    finally:
        tty.close()
        os.close(writer)


def test_accepting_a_failed_forlorn_hills_roll_names_the_missed_turn():
    s = duo()
    s.players[0].loc = "forlorn_hills"
    s.players[0].cards.append("T13")                    # a Rep card: the reroll is offered
    act(s, "move forlorn_hills")
    act(s, "special")
    roll(s, [1] * s.ask[2])
    view = s.view(0)
    assert GAME.describe_action(view, "accept", "en") == "Accept the failure: miss your next turn"
    assert GAME.describe_action(view, "accept", "ru") == \
        "Смириться с неудачей: вы пропускаете следующий ход"


def test_trade_and_power_lines_in_russian():
    trade = {"e": "trade", "seat": 0, "to": 1, "give": ["W33"], "ask": [], "accepted": True}
    assert line(trade, "ru", 0) == "вы предлагаете игроку Bob обмен: Родник живой воды " \
                                   "(Фляга живой воды) на ничего — принято"
    assert line(trade, "ru", 1) == "Аня предлагает вам обмен: Родник живой воды " \
                                   "(Фляга живой воды) на ничего — принято"
    pike = default_content().cards["W07"]["powers"][0]
    assert text.power_text(pike, "ru") == "сбросить: +2 кубика (Хитрость)"
    assert text.power_text(pike, "en") == "discard: +2 dice (Cunning)"


def test_every_built_in_story_is_told_in_russian():
    """Each built-in card's story has a Russian line (data/names.ru.yaml), with no Latin word;
    a content pack's card with a story of its own shows none in Russian rather than English."""
    from gonets.games.babayaga.text.words import card_story
    cards = {cid: card for cid, card in default_content().cards.items() if card.get("story")}
    assert len(cards) > 100
    for cid, card in cards.items():
        assert card_story(cid, card["story"], "en") == card["story"]
        russian = card_story(cid, card["story"], "ru")
        assert russian and not re.search(r"[A-Za-z]{2,}", russian), (cid, russian)
    assert card_story("W01", "A story of a content pack.", "ru") == ""
