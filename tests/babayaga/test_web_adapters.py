"""The web side of Baba Yaga: click steps, their labels and prompts, the stakes they state, the
score table, the side panels and the board picture, in both languages, from a seat's view only."""

import html
import random
import re

import pytest

from gonets.core import CHANCE, Match
from gonets.games.babayaga import svg, text
from gonets.games.babayaga.notation import BOARD_VERBS
from gonets.games.babayaga.rules.content import default_content
from gonets.server.frames import seat_payload
from tests.babayaga.helpers import GAME, act, arrangements, legal, new, roll
from tests.babayaga.test_elements import duo

LANGS = ("en", "ru")
MODES = (("solo", 1), ("competitive", 3), ("cooperative", 2))
# What must never reach a person: quest step ids, card ids, snake_case ids (places, heroes,
# effect kinds), unfilled placeholders, Python values.
INTERNAL = re.compile(r"Q:|\b[WTwt]\d\d\b|\bBY\d\b|\bH_[A-Z]+|\bHUT\b|\b[a-z]+_[a-z_]+\b|[{}]|"
                      r"\bNone\b|\bTrue\b|\bFalse\b")


def decisions(preset, players, seed, every=1):
    """(state, seat) at the seats' decisions of one random game, every ``every``-th one."""
    config = GAME.configure(players, preset)
    match = Match(GAME, config, seed=seed)
    match.deal()
    rng = random.Random(seed)
    count = 0
    while not match.state.is_terminal():
        seat = match.state.current_player()
        if seat == CHANCE:
            match.state.apply_chance(match.state.sample_chance(rng))
            continue
        if count % every == 0:
            yield match.state, seat
        count += 1
        legal_ids = match.state.legal_actions()
        match.act(seat, legal_ids[rng.randrange(len(legal_ids))])
    yield match.state, 0


def svg_words(picture):
    """The words a person reads in a picture: its texts and tooltips."""
    found = re.findall(r"<text[^>]*>(.*?)</text>|<title>(.*?)</title>", picture)
    return [html.unescape(a or b) for a, b in found]


def readable(view, lang, names=("Аня", "Bob", "Cleo")):
    """Every string a person reads for this view: log, labels, step labels, prompts, panels
    (titles, lines, pictures), score table, board picture."""
    payload = seat_payload(GAME, view, lang=lang, names=list(names[:view["players"]]))
    out = list(payload["log"])
    out += [a["label"] for a in payload["legal"]]
    out += list(payload["picks"].values()) + list(payload["prompts"].values())
    out += payload["scoreboard"]["columns"]
    out += [str(cell) for row in payload["scoreboard"]["rows"] for cell in row]
    for panel in payload["panels"]:
        out.append(panel["title"])
        out += [line if isinstance(line, str) else f"{line[0]}: {line[1]}"
                for line in panel["lines"]]
        out += svg_words(panel.get("svg") or "")
    out += svg_words(payload["svg"])
    return out


def test_every_legal_action_is_a_unique_path_of_clean_keys():
    for preset, players in MODES:
        for state, seat in decisions(preset, players, seed=3):
            view = state.view(seat)
            paths = [tuple(GAME.action_steps(view, t)) for t in view.get("legal", [])]
            assert len(set(paths)) == len(paths), view["legal"]
            for path in paths:
                assert path and all(re.fullmatch(r"[a-z~]+(:[a-z0-9_-]+)?", k) for k in path)
                assert not any(other[:len(path)] == path for other in paths if other != path)


def test_every_key_and_family_has_words_in_both_languages():
    seen = set()
    for preset, players in MODES:
        for state, seat in decisions(preset, players, seed=4):
            view = state.view(seat)
            keys = {k for t in view.get("legal", []) for k in GAME.action_steps(view, t)}
            for lang in LANGS:
                for key in keys:
                    label = GAME.describe_step(view, key, lang)
                    assert label and label != key and not INTERNAL.search(label), (key, label)
                for family in {k.split(":")[0] for k in keys}:
                    line = GAME.prompt(view, family, lang)
                    assert line and not INTERNAL.search(line), (family, line)
            seen |= {k.split(":")[0] for k in keys}
    assert {"move", "draw", "character", "quest"} <= seen


@pytest.mark.parametrize("preset,players", MODES)
def test_no_internal_id_anywhere_a_person_reads(preset, players):
    """Log, menus, step labels, prompts, panels, score table and pictures over many random
    games in both languages: no card, place or quest step id, no placeholder."""
    for seed in range(4):
        for state, seat in decisions(preset, players, seed, every=3):
            for viewer in {seat, None}:
                view = state.view(viewer)
                for lang in LANGS:
                    for line in readable(view, lang):
                        assert not INTERNAL.search(line), (lang, line)


def english_names():
    """The English names of places, heroes, quests, cards and tokens that Russian renames."""
    c = default_content()
    names = {c.locations[lid]["name"] for lid in c.locations}
    names |= {ch["name"] for ch in c.characters.values()}
    names |= {q["name"] for q in c.quests.values()}
    names |= {card["title"] for card in c.cards.values() if card["deck"] != "quest"}
    names |= {text.word("en", "token", t) for t in ("wolves", "horseman", "hut", "baba_yaga")}
    return {n.removeprefix("The ") for n in names if len(n) > 4} - {"Solovey"}


def test_russian_pages_name_places_heroes_cards_and_tokens_in_russian():
    names = english_names()
    for preset, players in MODES:
        for state, seat in decisions(preset, players, seed=5, every=4):
            for line in readable(state.view(seat), "ru"):
                assert not [n for n in names if n in line], line


def gift_state():
    """A co-op turn start where p1 may offer an Item to p2 on the same place."""
    s = new("cooperative", 2, chars=["ilya_muromets", "fyodor_lyzhnikov"],
            quests=["the_firebird", "waters_of_life"])
    p, q = s.players
    q.loc = p.loc = "tsarov"
    p.cards.append("W33")                                # the Flask of Living Water
    s.stack = [{"op": "turn", "stage": "start_interact"}]
    s.ask = None
    s._run()
    return s


def test_a_gift_is_the_item_then_the_partner_and_both_are_labelled():
    s = gift_state()
    view = s.view(0)
    assert "give w33 p2" in view["legal"], view["legal"]
    assert GAME.action_steps(view, "give w33 p2") == ["give:w33", "to:p2"]
    assert GAME.describe_step(view, "give:w33", "en") == "Offer Spring of Living Water " \
                                                          "(Flask of Living Water)"
    assert GAME.describe_step(view, "to:p2", "ru") == "игроку Фёдор Лыжников"
    assert "partner" in GAME.prompt(view, "to", "en")
    act(s, "give w33 p2")
    act(s, "offer p2")
    assert GAME.prompt(s.view(1), "accept", "en") == "p1 Ilya Muromets offers you an exchange " \
                                                      "of Items: accept or decline it"


def test_putting_peeked_cards_back_names_them_one_by_one():
    s = duo(top={"town": ["T22"]})
    act(s, "move tsarov")
    act(s, "deck wilderness")
    view = s.view(0)
    top = view["known"]["0:wilderness"]
    assert GAME.action_steps(view, "order 3 1 2") == ["put:3", "put:1"]
    assert GAME.describe_step(view, "put:3", "en") == text.card_name(top[2], "en")
    assert GAME.describe_step(view, "put:1", "ru") == text.card_name(top[0], "ru")
    assert GAME.prompt(view, "put", "en").startswith("Put the cards back")


def dragon_step(step):
    """Ilya on Slay the Dragon at ``step`` (0-based), a Rep card in hand to reroll with."""
    s = new(chars=["ilya_muromets", "fyodor_lyzhnikov"], quests=["slay_the_dragon", "the_firebird"])
    p = s.players[0]
    p.step = step
    p.cards.append("T13")                               # Rid the Town of Rats: 1 Rep
    return s, p


def test_a_killing_challenge_says_so_in_the_prompt_the_labels_and_the_card_panel():
    s, p = dragon_step(0)                               # at the Hut: Fight 3 + Rep, lose: killed
    p.loc = "rye_fields"
    s.tokens["hut"] = "rye_fields"
    s.reask()
    view = s.view(0)
    assert "meet the Hut: failing kills you" in GAME.describe_action(view, "move rye_fields")
    act(s, "move rye_fields")
    roll(s, [1] * s.ask[2])
    view = s.view(0)
    assert set(view["legal"]) == {"reroll t13", "accept"}
    prompt = GAME.prompt(view, "accept", "en")
    assert "Failing this challenge kills you" in prompt and "you are killed" in prompt
    assert "Неудача в этом испытании вас убьёт" in GAME.prompt(view, "accept", "ru")
    assert GAME.describe_step(view, "accept", "en") == "Accept the failure: you are killed"
    card = GAME.panels(view, "en")[0]
    assert card["title"] == "Slay the Dragon step 1/6"
    assert "Failing this challenge kills you" in card["lines"]
    assert ["If you fail", "you are killed"] in card["lines"]
    assert 'class="die"' in card["svg"]
    watcher = GAME.panels(s.view(1), "en")[0]           # the other seat reads it by name
    assert "Failing this challenge kills p1 Ilya Muromets" in watcher["lines"]
    assert 'class="die"' not in watcher["svg"]          # the dice are the roller's own


def test_the_final_quest_step_is_announced_on_the_board_in_the_prompt_and_the_panels():
    s, p = dragon_step(5)                               # Dragon's Heart: Fight 6, lose: out
    p.loc = "pass_of_devils"
    s.reask()
    view = s.view(0)
    label = GAME.describe_action(view, "move dragons_heart", "en")
    assert label == "Move to Dragon's Heart — your final quest step: failing puts you out of " \
                    "the game"
    assert "Your final quest step is at Dragon's Heart: Fight 6" in GAME.prompt(view, "move")
    assert "последний шаг задания" in GAME.describe_action(view, "move dragons_heart", "ru")
    board = GAME.render_svg(view, "en")
    assert re.search(r'data-location="dragons_heart" data-pick="move:dragons_heart" '
                     r'data-focus="1"', board)
    assert "<title>your final quest step</title>" in board
    act(s, "move dragons_heart")
    card = GAME.panels(s.view(0), "en")[0]
    assert "This is your final quest step: winning it wins the game" in card["lines"]
    assert "Failing this challenge puts you out of the game" in card["lines"]
    hero = GAME.panels(s.view(0), "en")[1]
    assert hero["title"] == "You: p1 Ilya Muromets"
    assert sum(line.startswith("✓") for line in hero["lines"] if isinstance(line, str)) == 5
    assert any(isinstance(line, str) and line.startswith("▶ 6. at Dragon's Heart")
               for line in hero["lines"])
    assert hero["svg"].count('class="step done"') == 5


def test_the_hero_panel_shows_stats_rep_items_allies_and_the_quest():
    s = duo()
    s.players[0].cards += ["W09", "W14", "T13"]         # Grey Wolf, Flying Carpet, a Deed
    hero = next(p for p in GAME.panels(s.view(0), "en") if p["title"].startswith("You:"))
    lines = {line[0]: line[1] for line in hero["lines"] if isinstance(line, list)}
    assert "Move 2" in hero["lines"][1] and "1 Rep" in hero["lines"][1]
    assert lines["Quest"] == "The Firebird · step 1/5"
    assert lines["Allies"].startswith("Grey Wolf") and "Flying Carpet" in lines["Items"]
    assert lines["Deeds"] == "Rid the Town of Rats (1 Rep)"
    ru = next(p for p in GAME.panels(s.view(0), "ru") if p["title"].startswith("Вы:"))
    assert any(line[0] == "Союзники" for line in ru["lines"] if isinstance(line, list))


def test_the_scoreboard_has_hero_rep_and_quest_progress_per_seat():
    s = duo()
    s.players[1].step = 2
    s.players[0].cards.append("T13")
    board = GAME.scoreboard(s.view(None), "en")
    assert board["columns"] == ["Hero", "Rep", "Quest"]
    assert board["rows"] == [["p1 Ilya Muromets", 1, "step 1/5"],
                             ["p2 Fyodor Lyzhnikov", 0, "step 3/5"]]
    assert GAME.scoreboard(s.view(1), "ru")["columns"] == ["Герой", "Слава", "Задание"]
    s.players[1].elim = True
    assert GAME.scoreboard(s.view(0), "en")["rows"][1][2] == "out"


def test_the_game_end_comes_as_a_popup_once():
    for state, _seat in decisions("competitive", 2, seed=1):
        pass
    assert state.is_terminal()
    popups = [p for p in GAME.panels(state.view(0), "en") if p.get("popup")]
    assert len(popups) == 1 and popups[0]["popup"] == "end"
    assert popups[0]["title"] == "Game over" and not any(
        INTERNAL.search(line) for line in popups[0]["lines"])


def test_a_peek_shows_in_the_peekers_panels_only():
    s = duo(top={"town": ["T22"]})
    act(s, "move tsarov")
    act(s, "deck wilderness")
    peeked = s.view(0)["known"]["0:wilderness"]
    public = " ".join(readable(s.view(1), "en")) + " ".join(readable(s.view(None), "en"))
    mine = " ".join(readable(s.view(0), "en"))
    for cid in peeked:
        name = text.card_name(cid, "en")
        assert name in mine
        if cid not in s.view(1)["discard"]["wilderness"]:
            assert name not in public


@pytest.mark.parametrize("preset,players", MODES)
def test_what_a_seat_is_shown_depends_on_its_view_only(preset, players):
    """Two worlds sampled from a seat's view (deck orders and removed cards redrawn) give that
    seat the same picture, panels, score table, labels and prompts."""
    rng = random.Random(9)
    for state, seat in decisions(preset, players, seed=6, every=7):
        if state.is_terminal() or state.current_player() == CHANCE:
            continue
        view = state.view(seat)
        worlds = [GAME.sample_world(view, rng) for _ in range(2)]
        shown = [seat_payload(GAME, world.view(seat), lang="ru") for world in worlds]
        for key in ("svg", "panels", "scoreboard", "picks", "prompts", "legal"):
            assert shown[0][key] == shown[1][key] == seat_payload(GAME, view, lang="ru")[key]


def test_board_text_reads_at_11_px_in_an_860_px_box_and_names_fit_their_tiles():
    s = duo()
    for lang in LANGS:
        picture = GAME.render_svg(s.view(0), lang)
        width = float(re.search(r'viewBox="0 0 ([\d.]+) ', picture).group(1))
        sizes = [float(x) for x in re.findall(r'<text[^>]* font-size="([\d.]+)"',
                                              arrangements(picture)["wide"])]
        assert min(sizes) * 860 / width >= 11.5
        assert 'data-zoom="on"' in picture and f'data-unit="{svg.CELL}"' in picture
        for lid in default_content().order:
            name = text.loc_name(lid, lang).removeprefix("The ")
            bold = default_content().locations[lid]["kind"] == "town"
            lines = svg.fit_lines(name, svg.TILE - 6, svg.NAME_SIZE, bold)
            assert 1 <= len(lines) <= 2
            assert all(svg.text_width(line, svg.NAME_SIZE, bold) <= svg.TILE - 6 for line in lines)
            assert f"<title>{html.escape(text.loc_name(lid, lang))} · " in picture


def test_the_board_draws_every_border_and_highlights_where_the_seat_may_go():
    s = duo()
    view = s.view(0)
    places = {t.split()[1] for t in view["legal"] if t.split()[0] in BOARD_VERBS}
    for picture in arrangements(GAME.render_svg(view, "en")).values():
        assert picture.count('class="edge ') == len(default_content().edges)
        assert picture.count('class="reach"') == len(places)
        assert picture.count("data-focus") == len(places)
    quiet = GAME.render_svg(s.view(1), "en")              # not p2's decision: nothing to click
    assert "data-pick" not in quiet and 'class="reach"' not in quiet
    assert legal(s) == view["legal"]
