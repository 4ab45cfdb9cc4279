"""The web client's adapters: the clicks of every action (``action_steps``), where the board
carries them, their labels, the prompts, the score table and the panels, in both languages,
built from the seat's view alone."""

from __future__ import annotations

import random
import re
import xml.dom.minidom
from functools import cache

import pytest

from gonets.games.czar.rules.board import INN_KEYS
from gonets.games.czar.svg import STYLE, WIDTH
from gonets.games.czar.text.words import phrases

from .helpers import GAME, scenario

BUTTONS = {"end", "extra", "decline", "pass"}
"""Yes/no choices: the only keys the board does not carry (the client makes buttons)."""
CYRILLIC = re.compile("[а-яё]", re.IGNORECASE)
INTERNAL = re.compile(r"\b(?:courier|to|give|empty|first|then|arrive|again):[a-z]|\b(?:"
                      + "|".join(INN_KEYS) + r")\b")
"""Step keys and (lower-case) inn keys: never in a text a person reads."""


@cache
def decisions(players: int, preset: str, seed: int) -> tuple:
    """Every decision of one random match: ``(state before it, deciding seat)``."""
    rng = random.Random(seed)
    state = GAME.new_state(GAME.configure(players, preset, {}))
    out = []
    while not state.is_terminal():
        if state.is_chance():
            state.apply_chance(state.sample_chance(rng))
            continue
        out.append((state.clone(), state.current_player()))
        state.apply(rng.choice(list(state.legal_actions())))
    out.append((state.clone(), 0))
    return tuple(out)


MATCHES = [(2, "classic", 1), (3, "classic", 2), (4, "revised", 3), (5, "revised", 4),
           (3, "revised", 5)]


SCENARIOS = ("iwan", "pawl", "rubles_win", "rubles_njet", "bribe", "two_colours", "baikal_iwan")


@cache
def scenario_decisions(name: str) -> tuple:
    """Every decision of a hand-made record (bribes, bonus steps, two colours...)."""
    record = scenario(name)
    state = record.replay(upto=0)
    out = []
    for step in record.steps:
        if "chance" in step:
            state.apply_chance(step["chance"])
            continue
        out.append((state.clone(), state.current_player()))
        state.apply(state.text_to_action(step["action"]))
    return tuple(out)


def views(step: int = 1):
    for name in SCENARIOS:
        for state, seat in scenario_decisions(name)[::step]:
            yield state.view(seat)
    for players, preset, seed in MATCHES:
        for state, seat in decisions(players, preset, seed)[::step]:
            yield state.view(seat)


def steps_of(view: dict) -> dict[str, list[str]]:
    return {text: GAME.action_steps(view, text) for text in view.get("legal") or []}


def carried(svg: str) -> set[str]:
    keys = set()
    for value in re.findall(r'data-pick="([^"]*)"', svg):
        keys.update(value.split("|"))
    return keys


def test_every_action_is_a_unique_path_of_clean_keys_none_a_prefix_of_another():
    checked = 0
    for view in views():
        paths = [tuple(steps) for steps in steps_of(view).values()]
        assert len(set(paths)) == len(paths)
        for path in paths:
            assert path and all(k and not set(k) & {" ", "/", "|"} for k in path), path
            for other in paths:
                assert other == path or other[:len(path)] != path, (path, other)
        checked += len(paths)
    assert checked > 2000


def test_the_board_carries_every_step_but_yes_no_choices_and_only_legal_ones():
    families = set()
    for view in views(3):
        svg = GAME.render_svg(view)
        on_board = carried(svg)
        keys = {k for steps in steps_of(view).values() for k in steps}
        assert keys - on_board <= BUTTONS, keys - on_board
        assert on_board <= keys, on_board - keys
        assert not BUTTONS & on_board
        families |= {k.split(":")[0] for k in keys}
    assert families >= {"courier", "to", "draw", "msg", "give", "empty", "first", "then",
                        "reveal", "stop", "bribe", "end", "extra", "decline"}, families


def test_both_leavers_of_a_grassland_inn_are_sent_by_clicking_the_palace_twice():
    """Each of the two clicks on the palace is its own step with its own prompt; once the
    first is chosen the palace is still a target and says who arrives first."""
    record = scenario("pawl")
    view = record.replay(upto=len(record.steps) - 1).view(0)
    steps = GAME.action_steps(view, "travel pawl officer palace cossack palace")
    assert steps == ["empty:pawl", "arrive:pawl.officer.palace", "again:pawl.cossack.palace"]
    svg = GAME.render_svg(view)
    palace = set(re.search(r'class="cz-palace" data-pick="([^"]*)"', svg).group(1).split("|"))
    assert {"arrive:pawl.officer.palace", "arrive:pawl.cossack.palace",
            "again:pawl.cossack.palace", "again:pawl.officer.palace"} <= palace
    assert ".cz .pick-chosen:not(.pick)>" in STYLE        # a target again is drawn as one
    def note(svg: str) -> str:
        return re.search(r'<g data-show="empty:pawl/arrive:pawl\.officer\.palace"[^>]*>'
                         r'<rect[^>]*/><text[^>]*>([^<]*)</text>', svg).group(1)
    assert "Officer" in note(svg) and "Cossack" in note(svg)
    assert "Офицер" in note(GAME.render_svg(view, "ru"))
    for lang in ("en", "ru"):
        book = phrases(lang)["prompts"]
        assert GAME.prompt(view, "arrive", lang) == book["arrive"] != book["first"]
        assert GAME.prompt(view, "again", lang) == book["again"] != book["then"]
        label = GAME.describe_step(view, "again:pawl.cossack.palace", lang)
        assert label and not INTERNAL.search(label), label


def test_a_travel_is_chosen_inn_first_then_each_leavers_room_in_moving_order():
    record = scenario("iwan")
    view = record.replay(upto=len(record.steps) - 1).view(0)
    steps = GAME.action_steps(view, "travel iwan diplomat katharina cossack rachmanin")
    assert steps == ["empty:iwan", "first:iwan.diplomat.katharina",
                     "then:iwan.cossack.rachmanin"]
    svg = GAME.render_svg(view)
    # the full inn and each of its rooms choose it; the destination room carries the leaver
    assert re.search(r'data-inn="iwan" data-pick="empty:iwan"', svg)
    room = re.search(r'data-room="katharina\.diplomat" data-pick="([^"]*)"', svg).group(1)
    assert "first:iwan.diplomat.katharina" in room.split("|")
    room = re.search(r'data-room="rachmanin\.cossack" data-pick="([^"]*)"', svg).group(1)
    assert room == "then:iwan.cossack.rachmanin"
    # previews: who leaves once the inn is chosen, the first leaver's new room after that
    shows = set(re.findall(r'data-show="([^"]*)"', svg))
    assert "empty:iwan" in shows and "empty:iwan/first:iwan.diplomat.katharina" in shows
    legal = {tuple(s[:n]) for s in steps_of(view).values() for n in (1, 2)}
    assert {tuple(s.split("/")) for s in shows} <= legal
    # both orders are reachable: clicking the Cossack's room first sends it first
    other = GAME.action_steps(view, "travel iwan cossack katharina diplomat natascha")
    assert other[1] == "first:iwan.cossack.katharina"


def test_placing_takes_a_display_courier_then_its_room_and_a_drawn_one_only_the_room():
    record = scenario("two_colours")
    state = record.replay(upto=len(record.steps) - 1)
    view = state.view(state.current_player())
    paths = steps_of(view)
    places = {t: s for t, s in paths.items() if t.startswith("place")}
    assert places and all(s[0].startswith("courier:") and s[1].startswith("to:")
                          for s in places.values())
    colours = {s[0] for t, s in places.items() if t.split()[2] == "officer"}
    assert len(colours) == 2                          # the same type in two colours
    for view in views():
        if view["phase"] in ("initial", "drawn"):
            assert all(len(s) == 1 and s[0].startswith("to:") for s in steps_of(view).values())


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_key_and_prompt_reads_in_the_language_without_internal_ids(lang):
    seen = 0
    for view in views(2):
        keys = {k for steps in steps_of(view).values() for k in steps}
        for key in keys:
            label = GAME.describe_step(view, key, lang)
            assert label and label != key and "{" not in label, (key, label)
            assert not INTERNAL.search(label), (key, label)
            if lang == "ru":
                assert CYRILLIC.search(label), label
            seen += 1
        for family in {k.split(":")[0] for k in keys}:
            said = GAME.prompt(view, family, lang)
            assert said and "{" not in said and not INTERNAL.search(said), (family, said)
            if lang == "ru":
                assert CYRILLIC.search(said), said
    assert seen > 1000


def texts_of(view: dict, lang: str) -> list[str]:
    board = GAME.scoreboard(view, lang)
    out = list(board["columns"]) + [str(c) for row in board["rows"] for c in row]
    for panel in GAME.panels(view, lang):
        out.append(panel["title"])
        for line in panel["lines"]:
            out.extend(line if isinstance(line, list) else [line])
    out += re.findall(r">([^<]+)</text>", GAME.render_svg(view, lang))
    return out


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_score_table_panels_and_picture_have_no_internal_ids(lang):
    for view in views(7):
        for text in texts_of(view, lang):
            assert "{" not in text and not INTERNAL.search(text), text


def test_the_score_table_shows_rubles_or_coins_and_where_each_message_is():
    record = scenario("rubles_win")
    state = record.replay(upto=len(record.steps) - 1)
    view = state.view(0)
    board = GAME.scoreboard(view)
    assert board["columns"] == ["rubles", "message"]
    assert len(board["rows"]) == view["players"]
    for row, info in zip(board["rows"], view["seats"]):
        assert row[0] == info["coin_total"]
        if info["message"] and "guard" in info["message"]:
            assert row[1].startswith(f"guard {info['message']['price']} · ")
    assert GAME.scoreboard(view, "ru")["columns"] == ["рубли", "донесение"]
    revised = next(v for v in views() if v["ruble_rules"] == "revised"
                   and v["seats"][v["seat"]]["coin_count"] and v["seat"] is not None)
    rows = GAME.scoreboard(revised)["rows"]
    me = revised["seat"]
    mine = revised["seats"][me]
    assert rows[me][0] == f"{mine['coin_count']} ({mine['coin_total']} ruble" + \
        ("" if mine["coin_total"] == 1 else "s") + ")"
    for info, row in zip(revised["seats"], rows):
        if info["seat"] != me:
            assert row[0] == info["coin_count"]        # only how many, never their value


def revised_views_with_secrets():
    """Views of seats while others hold face-down coins or unseen stacks."""
    for players, preset, seed in MATCHES:
        if preset != "revised":
            continue
        for state, seat in decisions(players, preset, seed)[::5]:
            view = state.view(seat)
            if any(info["coins"] is None and info["coin_count"] for info in view["seats"]):
                yield view


def test_nothing_a_seat_cannot_see_changes_its_picture_steps_scores_or_panels():
    rng = random.Random(7)
    compared = 0
    for view in revised_views_with_secrets():
        seat = view["seat"]
        first, second = GAME.sample_world(view, rng), GAME.sample_world(view, rng)
        if first.snapshot() == second.snapshot():
            continue                                  # the worlds must really differ
        outputs = []
        for world in (first, second):
            seen = world.view(seat)
            outputs.append((
                GAME.render_svg(seen, "ru"), GAME.scoreboard(seen), GAME.panels(seen, "ru"),
                {t: GAME.action_steps(seen, t) for t in seen.get("legal") or []},
                {k: GAME.describe_step(seen, k) for s in steps_of(seen).values() for k in s},
                {f: GAME.prompt(seen, f) for f in ("draw", "to", "first", "reveal")}))
        assert outputs[0] == outputs[1]
        compared += 1
    assert compared >= 20


def test_spectators_get_no_clickable_parts_and_the_game_over_panel_pops_up():
    state, _seat = decisions(3, "classic", 2)[-1]
    assert state.is_terminal()
    for seat in (None, 0):
        view = state.view(seat)
        assert not carried(GAME.render_svg(view))
        popups = [p for p in GAME.panels(view, "ru") if p.get("popup")]
        assert len(popups) == 1 and CYRILLIC.search(popups[0]["lines"][0])
    record = scenario("iwan")
    assert not carried(GAME.render_svg(record.replay(upto=len(record.steps) - 1).view(None)))


def test_picture_text_stays_readable_at_the_fitted_laptop_width():
    wide = re.sub(r"\.cz-narrow [^}]*\}", "", STYLE)       # the phone's words: test_arrangements
    sizes = [int(s) for s in re.findall(r"font:(?:bold )?(\d+)px", wide)]
    assert min(sizes) * 860 / WIDTH >= 11
    svg = GAME.render_svg(next(views()), "ru")
    xml.dom.minidom.parseString(svg)
    assert "font-size" not in svg and 'data-zoom="on"' in svg
    unit = float(re.search(r'data-unit="(\d+)"', svg).group(1))
    least = float(re.search(r'data-min-unit="(\d+)"', svg).group(1))
    assert least / unit * min(sizes) >= 11            # zoomed on a phone, text stays readable
    assert least >= 40                                 # and a room is a 40 px touch target


def test_help_in_both_languages():
    for lang, word in (("en", "travel"), ("ru", "донесение")):
        text = GAME.help(lang)
        assert text.startswith("## ") and word in text.lower()
    assert GAME.help("en") != GAME.help("ru")


def test_both_catalogues_have_the_same_web_phrases():
    def paths(tree, prefix=""):
        if not isinstance(tree, dict):
            return {prefix}
        return {p for key, value in tree.items() for p in paths(value, f"{prefix}/{key}")}

    en, ru = phrases("en"), phrases("ru")
    for section in ("steps", "prompts", "score", "panels", "svg"):
        assert paths(en[section]) == paths(ru[section]), section
    assert set(en["inns"]) == set(ru["inns"]) == set(INN_KEYS)
    for key, forms in ru["inns"].items():
        assert {"board", "nom", "acc", "gen", "ins", "prep"} <= set(forms), key
        assert CYRILLIC.search(forms["board"])
