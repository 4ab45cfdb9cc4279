"""The words of Baba Yaga in English and Russian (``words.py`` with ``phrases.py``,
``names.py``, ``cards.py`` and ``log.py``), the side panels in words (``panels.py``) and the
terminal picture (``terminal.py``).

Every phrase comes from the catalogues ``data/phrases.en.yaml`` and ``data/phrases.ru.yaml``;
places, heroes, quests and cards are named as the content pack of the game shown names them
(Russian names: the pack's ``names.ru.yaml``, see ``names.py``). Log lines speak to the viewing
seat in the second person and call other seats by their names. Everything is drawn from the
view alone plus its content pack; a log line, which has no view, from the game's options. The
web page's panels carry pictures, so the svg room has them (``svg.panels``); these are the
terminal's.
"""

from gonets.games.babayaga.text.panels import panels
from gonets.games.babayaga.text.terminal import board_text, render_text, score_table
from gonets.games.babayaga.text.words import (
    card_name,
    catalogue,
    describe_action,
    describe_event,
    describe_step,
    loc_name,
    plural,
    power_text,
    prompt,
    scoreboard,
    word,
)

__all__ = ["board_text", "card_name", "catalogue", "describe_action", "describe_event",
           "describe_step", "loc_name", "panels", "plural", "power_text", "prompt",
           "render_text", "score_table", "scoreboard", "word"]
