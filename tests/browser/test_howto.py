"""The table's Rules button opens the game's How to play page, rendered, in the reader's
language (issue 21): every section of ``data/help.<lang>.md`` is a heading of the dialog and no
Markdown is left showing as text."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gonets.core import games

from .support import TIMEOUT, open_seat

CATALOGUES = Path(__file__).resolve().parents[2] / "src" / "gonets" / "web" / "i18n"
GAMES = ("babayaga", "carcassonne", "czar", "loveletter")


def catalogue(lang: str) -> dict:
    return json.loads((CATALOGUES / f"{lang}.json").read_text(encoding="utf-8"))


def with_lang(url: str, lang: str) -> str:
    """The link with ``?lang=`` before its fragment (a seat link ends in ``#token=...``)."""
    path, hash_, fragment = url.partition("#")
    return f"{path}{'&' if '?' in path else '?'}lang={lang}{hash_}{fragment}"


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_table_s_rules_button_shows_the_how_to_play_page(site, context, lang):
    words = catalogue(lang)
    for name in GAMES:
        game = games()[name]
        created = site.create(game=name, players=2, seats=[
            {"kind": "human"}, {"kind": "bot", "agent": "random"}])
        page = open_seat(context.new_page(), site.base,
                         with_lang(created["links"]["seat"]["url"], lang), "Ann")
        assert page.inner_text("#help-open") == words["help.open"]
        page.click("#help-open")
        page.wait_for_selector("#help-dialog[open] h2", timeout=TIMEOUT)
        page.wait_for_function("() => !document.querySelector('#help-body p.doc')",
                               timeout=TIMEOUT)
        title = words["help.title"].replace("{game}", words[f"game.{name}.title"])
        assert page.inner_text("#help-body h2") == title
        # every section and subsection of the page, in order, as headings of the dialog
        text = game.help(lang)
        sections = [line[3:] for line in text.splitlines() if line.startswith("## ")]
        subsections = [line[4:] for line in text.splitlines() if line.startswith("### ")]
        assert len(sections) >= 7
        assert page.locator("#help-body h4").all_inner_texts() == sections
        assert page.locator("#help-body h5").all_inner_texts() == subsections
        assert page.locator("#help-body li").count() > 20
        assert page.locator("#help-body strong").count() > 5
        body = page.inner_text("#help-body")
        assert "**" not in body and "`" not in body and "## " not in body
        assert page.locator("#help-body script, #help-body img, #help-body a").count() == 0
        page.click("#help-close")
        page.wait_for_selector("#help-dialog", state="hidden")
        page.close()
