"""What a websocket client receives, built from one seat's view and nothing else.

``seat_payload(game, view)`` is a pure function of the view the game produced for that seat
(or the spectator): the SVG picture, the readable log and the legal actions with their menu
lines. Table facts that are public to everybody (seat names, status, connection flags) are
added by the table. This is what keeps hidden information inside the game's ``_view``.
"""

from __future__ import annotations

from typing import Any

from gonets.core import Game


def seat_payload(game: Game, view: dict) -> dict[str, Any]:
    """The seat-specific part of a frame: the view itself, its picture, its log as readable
    lines, and its legal actions with their menu lines."""
    events = view.get("log") or []
    legal = view.get("legal") or []
    return {
        "view": view,
        "svg": game.render_svg(view),
        "log": [describe_event(game, event) for event in events],
        "legal": [{"text": text, "label": describe_action(game, view, text)} for text in legal],
    }


def describe_event(game: Game, event: Any) -> str:
    try:
        return str(game.describe_event(event))
    except Exception:  # noqa: BLE001 - a broken describer must not break the table
        return str(event)


def describe_action(game: Game, view: dict, text: str) -> str:
    try:
        return str(game.describe_action(view, text))
    except Exception:  # noqa: BLE001
        return text
