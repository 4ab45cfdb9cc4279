"""The four games on a phone (390x844): the board keeps the current choice in view.

Each game is played for some moves by clicking, as a player would. When a decision starts
(and at every later step of it) every legal target on the board lies inside the board's box;
"Fit" shows the whole picture; no word on the page is drawn under 12 px; Carcassonne's tile
in hand stays in the window while its placement is chosen. Message to the Czar is played to
its end on its narrow arrangement, and no target's own word is hidden or under 12 px either;
so is a six-player Love Letter match, in English and in Russian. The Czar's travel of two
couriers to the palace says what to do at each step, in both languages,
and its menu covers none of the board.
"""

from __future__ import annotations

import random

import pytest

from gonets.core import games

from . import test_czar_web as czar_web
from .framing import (
    PHONE,
    hand_box,
    hand_in_window,
    overlaps,
    picture_overflow,
    small_targets,
    small_words,
    target_count,
    targets_outside,
)
from .support import (
    TIMEOUT,
    Chooser,
    click_key,
    frame,
    legacy_click,
    open_seat,
    rotate_to,
    wait_for_decision,
)

GRASSLAND = {"pawl", "rachmanin", "masl", "roman", "rehr"}


def need(name: str) -> None:
    if name not in games():
        pytest.skip(f"{name} is not registered")


@pytest.fixture
def phone(browser):
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    yield context
    context.close()


def table(site, game: str, seed: int, humans: int = 1, players: int = 2, lang: str = "en",
          **spec) -> tuple[dict, str]:
    seats = [{"kind": "human"}] * humans + \
        [{"kind": "bot", "agent": "heuristic"}] * (players - humans)
    created = site.create(game=game, players=players, seed=seed, seats=seats, **spec)
    url = created["links"]["seat"]["url"]
    return created, (url.replace("#", f"?lang={lang}#", 1) if lang != "en" else url)


def check_view(page, seen: dict, where: str, tap: bool = True) -> None:
    """The targets of the step now are on the board's box, and no word is too small; with
    ``tap`` (the view the page chose, not "Fit"), no target too small to tap."""
    outside = targets_outside(page)
    assert not outside, f"{where}: targets outside the board's box: {outside}"
    seen["targets"] += target_count(page)
    tiny = small_targets(page) if tap else []
    assert not tiny, f"{where}: targets too small to tap: {tiny[:6]}"
    small = small_words(page)
    assert not small, f"{where}: words under 12 px: {small[:8]}"


def check_fit(page, where: str) -> None:
    """"Fit" shows the whole picture, and still no word too small to read."""
    page.click("#zoom-fit")
    assert picture_overflow(page) <= 1, f"{where}: Fit leaves {picture_overflow(page):.0f} px out"
    small = small_words(page)
    assert not small, f"{where}: words under 12 px after Fit: {small[:8]}"


def perform(page, current: dict, notation: str, seen: dict, on_step=None) -> None:
    """Click ``notation`` step by step as support.click_action does, checking the view before
    every step that is clicked on the picture."""
    action = next(a for a in current["legal"] if a["text"] == notation)
    where = f"{current['view'].get('phase', '')} {notation}"
    if not legacy_click(page, notation):
        for index, key in enumerate(action["steps"]):
            if on_step:
                on_step(index)
            if key.startswith("~"):
                rotate_to(page, key)
                continue
            check_view(page, seen, f"{where} step {index + 1}", tap=seen["moves"] >= 2)
            click_key(page, key)
    page.wait_for_function("v => window.gonets?.frame?.version > v", arg=current["version"],
                           timeout=TIMEOUT)


def play(page, game: str, seed: int, moves: int, prefer=None, on_decision=None,
         on_step=None) -> dict:
    """Play ``moves`` own decisions (or to the end) by clicking, checking the view each opens
    with; the first two are then made in the view "Fit" gives (checked too)."""
    chooser = Chooser(game, "heuristic", 0, seed)
    seen = {"moves": 0, "targets": 0}
    while seen["moves"] < moves:
        current = wait_for_decision(page, timeout=60_000)
        if current["view"]["terminal"]:
            break
        if page.locator("#popup-close:visible").count():
            page.click("#popup-close")
        notation = (prefer(current) if prefer else None) or chooser.choose(current)
        if on_decision:
            on_decision(current)
        check_view(page, seen, f"{game} decision {seen['moves'] + 1} opens")
        if seen["moves"] < 2:
            check_fit(page, f"{game} decision {seen['moves'] + 1}")
        perform(page, current, notation, seen, on_step)
        seen["moves"] += 1
    return seen


def test_czar_on_a_phone_keeps_the_targets_on_the_board_and_their_words_readable(site, phone):
    need("czar")
    page = phone.new_page()
    _, url = table(site, "czar", 3, players=3, preset="classic")
    open_seat(page, site.base, url, "Ann")
    words = {"count": 0}

    def readable(where: str) -> None:
        count, bad = czar_web.target_words(page)
        assert not bad, f"{where}: target words hidden or under 12 px: {bad[:6]}"
        words["count"] += count

    def travel_first(current):
        return next((a["text"] for a in current["legal"] if a["text"].startswith("travel")),
                    None)
    seen = play(page, "czar", 3, 400, prefer=travel_first,
                on_decision=lambda current: readable(f"version {current['version']} opens"),
                on_step=lambda index: readable(f"step {index + 1}"))
    assert frame(page)["view"]["terminal"], "the match did not end"
    assert seen["moves"] >= 10 and seen["targets"] >= seen["moves"]
    assert words["count"] >= seen["moves"]


def test_carcassonne_on_a_phone_keeps_the_tile_in_sight(site, phone):
    need("carcassonne")
    page = phone.new_page()
    _, url = table(site, "carcassonne", 5, lang="ru")
    open_seat(page, site.base, url, "Ann")
    placing = {"count": 0}

    def tile_in_sight(current):
        if current["view"].get("phase") == "place":
            # the player looks at the board (the last move may have left the page scrolled
            # down to the scoring track): the tile is in sight with it
            page.locator("#board").scroll_into_view_if_needed()
            assert hand_in_window(page), f"the tile in hand is out of sight: {hand_box(page)}"
            placing["count"] += 1

    def tile_in_sight_while_turning(index):
        if frame(page)["view"].get("phase") == "place":
            assert hand_in_window(page), f"the tile is out of sight at step {index + 1}: " \
                f"{hand_box(page)}"
    seen = play(page, "carcassonne", 5, 12, on_decision=tile_in_sight,
                on_step=tile_in_sight_while_turning)
    assert placing["count"] >= 5 and seen["targets"] >= 5


def test_love_letter_on_a_phone_keeps_the_targets_on_the_board(site, phone):
    need("loveletter")
    page = phone.new_page()
    _, url = table(site, "loveletter", 2, players=4, lang="ru")
    open_seat(page, site.base, url, "Ann")
    seen = play(page, "loveletter", 2, 10)
    assert seen["moves"] >= 5 and seen["targets"] >= 5


PICTURE_ACROSS = """() => {
  // The board picture's scale, its left and right edges on the screen, and the board's.
  const svg = document.querySelector('#board svg');
  const m = svg.getScreenCTM();
  const box = svg.getBBox();
  const board = document.getElementById('board').getBoundingClientRect();
  return {scale: m.a, left: m.a * box.x + m.e, right: m.a * (box.x + box.width) + m.e,
          board_left: board.left, board_right: board.right};
}"""


@pytest.mark.parametrize("width", [375, 390])
def test_love_letter_on_a_small_phone_shows_the_whole_width_at_its_own_size(site, browser,
                                                                             width):
    """The board spans the whole width of a phone (no page margin or border beside it), so
    the 372-unit picture of a two-player table shows whole, at its own size, from 375 px."""
    need("loveletter")
    context = browser.new_context(viewport={"width": width, "height": 667}, has_touch=True,
                                  is_mobile=True)
    try:
        page = context.new_page()
        _, url = table(site, "loveletter", 2)
        open_seat(page, site.base, url, "Ann")
        wait_for_decision(page, timeout=60_000)
        seen = page.evaluate(PICTURE_ACROSS)
        assert seen["board_left"] <= 0.5 and seen["board_right"] >= width - 0.5, seen
        assert seen["scale"] >= 0.999, seen
        assert seen["left"] >= seen["board_left"] - 1 and \
            seen["right"] <= seen["board_right"] + 1, seen
    finally:
        context.close()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_love_letter_at_six_players_on_a_phone_keeps_every_target_readable(site, phone, lang):
    """Six seats: the phone's board shows the narrow arrangement (one column of seat rows)
    and every decision of a whole match opens with all its targets in the board's box, their
    words shown at 12 px or more; so does every later step of it (but in the first two,
    which ``play`` makes in the whole picture that "Fit" shows)."""
    need("loveletter")
    page = phone.new_page()
    _, url = table(site, "loveletter", 4, players=6, lang=lang)
    open_seat(page, site.base, url, "Ann")
    words = {"count": 0, "decisions": 0}

    def readable(where: str) -> None:
        assert page.evaluate("() => document.querySelector('#board svg')"
                             ".classList.contains('narrow')"), f"{where}: not narrow"
        count, bad = czar_web.target_words(page)
        assert not bad, f"{where}: target words hidden or under 12 px: {bad[:6]}"
        words["count"] += count

    def opens(current: dict) -> None:
        words["decisions"] += 1
        readable(f"version {current['version']} opens")

    def step(index: int) -> None:
        if words["decisions"] > 2:
            readable(f"decision {words['decisions']} step {index + 1}")

    seen = play(page, "loveletter", 4, 400, on_decision=opens, on_step=step)
    assert frame(page)["view"]["terminal"], "the match did not end"
    assert seen["moves"] >= 10 and seen["targets"] >= seen["moves"]
    assert words["count"] >= seen["moves"]


def test_baba_yaga_on_a_phone_keeps_the_targets_on_the_board(site, phone):
    """A whole match on Baba Yaga's narrow arrangement: every decision opens with its places
    in the board's box, none of their words hidden or under 12 px."""
    need("babayaga")
    page = phone.new_page()
    _, url = table(site, "babayaga", 11, preset="competitive")
    open_seat(page, site.base, url, "Ann")
    words = {"count": 0}

    def readable(current):
        where = f"version {current['version']} opens"
        assert page.evaluate("() => !!document.querySelector('#board svg.narrow')"), where
        count, bad = czar_web.target_words(page)
        assert not bad, f"{where}: target words hidden or under 12 px: {bad[:6]}"
        words["count"] += count
    seen = play(page, "babayaga", 11, 400, on_decision=readable)
    assert frame(page)["view"]["terminal"], "the match did not end"
    assert seen["moves"] >= 10 and seen["targets"] >= 10 and words["count"] >= 10


# -- Message to the Czar: both leavers of a grassland inn go to the palace ---------------------
def palace_travels(state: dict) -> list[str]:
    return [a["text"] for a in state["legal"] if a["text"].startswith("travel ")
            and a["text"].split()[1] in GRASSLAND and a["text"].split()[3] == "palace"
            and a["text"].split()[5] == "palace"]


def drive_to_a_palace_travel(site, seed: int) -> tuple[dict, str]:
    """A table of three people played over websockets until the first seat may send both
    couriers of a grassland inn to the palace: that seat travels whenever it can, the others
    never do (so that no message reaches a guard first); else a seeded random move."""
    created, _ = table(site, "czar", seed, humans=3, players=3, preset="classic")
    tokens = site.seat_tokens(created)
    clients = [site.client(created["id"], token, f"P{seat + 1}")
               for seat, token in enumerate(tokens)]
    rng = random.Random(seed)
    acted: set[tuple[int, int]] = set()
    try:
        for _ in range(1000):
            for client in clients:
                while True:
                    try:
                        client.recv(timeout=0.01)
                    except TimeoutError:
                        break
            for seat, client in enumerate(clients):
                state = client.latest_state()
                assert not state or state["status"] != "finished", "the game ended first"
                if not state or not state["legal"] or (seat, state["version"]) in acted:
                    continue
                if seat == 0 and palace_travels(state):
                    return created, palace_travels(state)[0]
                acted.add((seat, state["version"]))
                texts = [a["text"] for a in state["legal"]]
                travels = [t for t in texts if t.startswith("travel ")]
                if seat == 0 and travels:
                    choice = travels[0]
                else:
                    choice = rng.choice([t for t in texts if t not in travels] or texts)
                client.send({"type": "act", "action": choice, "version": state["version"]})
        raise AssertionError("no travel of two couriers to the palace came up")
    finally:
        for client in clients:
            client.close()


PROMPTS = {"en": ("Both couriers after the empty room leave for the palace",
                  "The other leaving courier goes to the palace as well"),
           "ru": ("Оба курьера за пустой комнатой уходят во дворец",
                  "Второй уходящий курьер тоже едет во дворец")}
SECOND = {"en": "click again", "ru": "ещё раз"}


def palace(page):
    """The palace of the arrangement shown."""
    return page.locator("#board g.cz-palace:visible")


def palace_rect(page) -> dict:
    return palace(page).bounding_box()


def test_czar_two_couriers_to_the_palace_say_what_to_do(site, browser):
    need("czar")
    created, travel = drive_to_a_palace_travel(site, 3)
    words = travel.split()
    inn, first, second = words[1], words[2], words[4]
    url = created["links"]["seat"]["url"]
    for lang in ("ru", "en"):
        context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
        try:
            page = context.new_page()
            open_seat(page, site.base, url.replace("#", f"?lang={lang}#", 1) if lang != "en"
                      else url)
            current = wait_for_decision(page)
            assert travel in [a["text"] for a in current["legal"]]
            assert not targets_outside(page)
            click_key(page, f"empty:{inn}")
            assert PROMPTS[lang][0] in page.inner_text("#prompt"), page.inner_text("#prompt")
            assert not targets_outside(page), targets_outside(page)
            palace(page).click()
            menu = page.locator("#menu:not([hidden])")
            assert menu.count() == 1, "both leavers' keys are on the palace: a menu"
            box = menu.bounding_box()
            board = page.locator("#board").bounding_box()
            assert not overlaps(box, palace_rect(page)), "the menu covers the palace"
            assert not overlaps(box, board), "the menu covers the board"
            assert box["x"] >= 0 and box["y"] >= 0 and box["x"] + box["width"] <= PHONE["width"] \
                and box["y"] + box["height"] <= PHONE["height"], box
            first_key = f"arrive:{inn}.{first}.palace"
            page.locator(f"#menu button[data-pick='{first_key}']").click()
            said = page.inner_text("#prompt")
            assert PROMPTS[lang][1] in said, said
            assert "pick" in palace(page).get_attribute("class").split(), \
                "the palace is not a target"
            stroke = palace(page).locator("rect.cz-hit").evaluate(
                "el => getComputedStyle(el).stroke")
            assert stroke == "rgb(11, 122, 50)", f"the palace is drawn as chosen ({stroke})"
            note = page.locator(f"#board [data-show='empty:{inn}/{first_key}'] text:visible")
            assert note.count() >= 1
            assert SECOND[lang] in " ".join(note.all_text_contents())
            assert not targets_outside(page) and not small_words(page)
            if lang == "ru":
                continue                         # the same decision again, in English
            palace(page).click()
            page.wait_for_function("v => window.gonets?.frame?.version > v",
                                   arg=current["version"], timeout=TIMEOUT)
            record = site.manager.tables[created["id"]].match.record.steps
            assert [s["action"] for s in record if s.get("seat") == 0][-1] == \
                f"travel {inn} {first} palace {second} palace"
        finally:
            context.close()
