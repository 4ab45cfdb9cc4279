"""Each game, played to the end by clicking on a phone (390x844) in Russian, shows no English.

A table with one human seat (this page, ``?lang=ru``) and heuristic bots in the other seats is
played to its end by clicking, as a player would (support.click_action; the moves are chosen
by the heuristic agent from the frame's view). At every decision and at the end the page's
visible text (the HTML's and the pictures') is read, and no Latin-letter word of two letters
or more, nor an English seat badge ("p2"), may be in it, except the words of a seat's name (as
the frame and the page call the seats) and the few in ALLOWED. A failure lists each English
word with the text around its first sight, where it was first seen and how often.
"""

from __future__ import annotations

import re

import pytest

from gonets.core import games

from .framing import PHONE
from .support import Chooser, click_action, frame, open_seat, wait_for_decision

# Latin words a Russian page may show, and why:
ALLOWED = {
    "gonets",                       # the site's own name, a proper name, in the header
    "English",                      # the language menu names each language in its own tongue
    "ISMCTS", "CFR", "OpenSpiel",   # the names of AI methods in bots' labels
    "px",                           # a unit
}

# game: (players, preset, seed)
CASES = {
    "loveletter": (3, None, 3),
    "czar": (3, "classic", 2),
    "carcassonne": (2, None, 4),
    "babayaga": (2, "competitive", 5),
}

VISIBLE_TEXT = """() => {
  // The text a player can see: every text node of the page (HTML and SVG) whose element is
  // drawn and not hidden; form fields' values and buttons' labels are text nodes or values.
  const parts = [document.body.innerText];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode;
    const el = node.parentElement;
    if (!el || !el.closest('svg') || !node.textContent.trim()) continue;
    if (!el.getClientRects().length) continue;
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || style.display === 'none' || style.opacity === '0')
      continue;
    parts.push(node.textContent);
  }
  for (const input of document.querySelectorAll('input[type=submit], input[type=button]'))
    if (input.getClientRects().length) parts.push(input.value);
  return parts.join('\\n');
}"""

# A Latin word of two letters or more, or an English seat badge such as "p2".
LATIN_WORD = re.compile(r"(?<![\w/.#?=&-])(?:[A-Za-z][A-Za-z'’]+|p\d+)(?![\w/.#?=&-])")


def names_of_seats(page) -> set[str]:
    """Every word of the seats' names: the frame's and those the page gives them."""
    shown = page.evaluate("() => gonets.frame.seats.map((s, i) => "
                          "[s.name || '', s.agent || '', seatName(gonets.frame.seats, i)])")
    return {word for row in shown for text in row for word in re.findall(r"[\w'’]+", text)}


def english_words(page) -> dict[str, str]:
    """The English words the page shows now, each with the text around its first sight."""
    text = page.evaluate(VISIBLE_TEXT)
    names = names_of_seats(page)
    found: dict[str, str] = {}
    for match in LATIN_WORD.finditer(text):
        word = match.group(0)
        if word in names or word in ALLOWED or word in found:
            continue
        start, end = max(0, match.start() - 40), min(len(text), match.end() + 40)
        found[word] = text[start:end]
    return found


def play_in_russian(page, game: str, seed: int) -> dict[str, list[str]]:
    """Play the seat to the end by clicking; the English words seen: where first and how
    often, with the text around them."""
    chooser = Chooser(game, "heuristic", 0, seed)
    seen: dict[str, list[str]] = {}
    while True:
        current = wait_for_decision(page, timeout=60_000)
        terminal = current["view"]["terminal"]
        if terminal:
            page.wait_for_selector("#final:not([hidden])")
        where = "the end" if terminal else f"version {current['version']}"
        for word, around in english_words(page).items():
            seen.setdefault(word, [f"{around!r}"]).append(where)
        if terminal:
            return seen
        if page.locator("#popup-close:visible").count():
            page.click("#popup-close")
        click_action(page, chooser.choose(current))


@pytest.mark.parametrize("game", sorted(CASES))
def test_a_russian_phone_shows_no_english_from_start_to_end(site, browser, game):
    if game not in games():
        pytest.skip(f"{game} is not registered")
    players, preset, seed = CASES[game]
    spec = {"game": game, "players": players, "seed": seed,
            "seats": [{"kind": "human"}] + [{"kind": "bot", "agent": "heuristic"}] * (players - 1)}
    if preset:
        spec["preset"] = preset
    created = site.create(**spec)
    url = created["links"]["seat"]["url"].replace("#", "?lang=ru#", 1)
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    try:
        page = context.new_page()
        open_seat(page, site.base, url, "Аня")
        seen = play_in_russian(page, game, seed)
        assert frame(page)["view"]["terminal"]
        report = [f"{word!r} in {where[0]} (at {where[1]}, {len(where) - 1}x)"
                  for word, where in seen.items()]
        assert not report, "English words on the Russian page:\n" + "\n".join(report)
    finally:
        context.close()
