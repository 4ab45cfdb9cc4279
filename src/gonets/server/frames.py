"""What a websocket client receives, built from one seat's view and nothing else.

``seat_payload(game, view)`` is a pure function of the view the game produced for that seat
(or the spectator): the SVG picture, the readable log and the legal actions with their menu
lines. Table facts that are public to everybody (seat names, status, connection flags) are
added by the table. This is what keeps hidden information inside the game's ``_view``.
"""

from __future__ import annotations

import json
import logging
from typing import Any

import orjson

from gonets.core import Game
from gonets.words import word

log = logging.getLogger("gonets.server")


def wire(message: dict) -> bytes:
    """A message as the UTF-8 JSON a websocket carries (orjson: several times faster than the
    standard encoder on frames, whose SVG is most of their bytes). Protocol 2 sends the bytes
    as they are, in a binary message; a text message turns them into a Python string and
    back, which costs more than the encoding itself once a frame holds a non-ASCII letter. What
    orjson refuses (keys that are not strings, integers past 64 bits, float subclasses) the
    standard encoder writes, as it did before, in ASCII escapes (a client's lone surrogate
    in a ``ref`` has no UTF-8 form)."""
    try:
        return orjson.dumps(message)
    except TypeError:
        return json.dumps(message).encode()


def seat_payload(game: Game, view: dict, lines: LogLines | None = None,
                 lang: str = "en", names: list[str] | None = None,
                 marks: dict[int, int] | None = None) -> dict[str, Any]:
    """The seat-specific part of a frame: the view itself, its picture, score table and
    panels, the end screen once the match is over (``final``), its log as readable lines, and
    its legal actions with their menu lines and the clicks that build them (``steps``), the
    labels of those clicks and what each asks for.
    ``lines`` (one per seat) saves describing again the events that were already described for
    the previous frame; ``names`` are the seat names the log calls the other players by;
    ``marks`` the log events a bot played for an absent seat (event index -> seat)."""
    names = names if names is not None else (lines.names if lines else None)
    seen, view = view, ({**view, "names": list(names)} if names else view)  # names are public
    events = view.get("log") or []
    lines = lines or LogLines(game, lang, view.get("seat"), names)
    legal = [{"text": text, "label": describe_action(game, view, text, lang),
              **click_paths(guarded(lambda: game.action_steps(view, text), [text]))}
             for text in view.get("legal") or []]
    keys = {key for action in legal for path in action.get("paths", [action["steps"]])
            for key in path}
    families = {family(key) for key in keys}
    return {
        "view": seen,
        "svg": picture(game, view, lang),
        "scoreboard": guarded(lambda: game.scoreboard(view, lang), {"columns": [], "rows": []}),
        "panels": guarded(lambda: game.panels(view, lang), []),
        "final": guarded(lambda: game.final(view, lang), None),
        "log": lines.describe(events, marks, view.get("options")),
        "log_refs": list(lines.refs),
        "legal": legal,
        "picks": {key: guarded(lambda: game.describe_step(view, key, lang), key)
                  for key in sorted(keys)},
        "prompts": {name: guarded(lambda: game.prompt(view, name, lang), "")
                    for name in sorted(families)},
    }


def log_from(frame: dict, start: int) -> dict:
    """``frame`` for a listener that holds the first ``start`` entries of its log already: the
    view's log events, the log lines and their refs from entry ``start`` on, and ``log_from``
    saying where they go (the rest of the frame whole). A match's log only grows, so a
    frame carries what is new instead of the whole log again."""
    view = frame["view"]
    return {**frame, "view": {**view, "log": (view.get("log") or [])[start:]},
            "log": frame["log"][start:], "log_refs": frame["log_refs"][start:],
            "log_from": start}


def with_earlier_log(frame: dict, held: dict | None) -> dict:
    """A client's side of :func:`log_from`: ``frame`` whole again (``log_from`` 0), its log's
    first entries taken from ``held``, the last frame the client kept (a frame without
    ``log_from`` is whole already)."""
    start = frame.get("log_from") or 0
    if not start:
        return frame
    if held is None or len(held["log"]) < start:
        raise ValueError(f"a frame's log starts at entry {start}, but the client holds "
                         f"{0 if held is None else len(held['log'])} entries")
    view = frame["view"]
    return {**frame, "view": {**view, "log": held["view"]["log"][:start] + view["log"]},
            "log": held["log"][:start] + frame["log"],
            "log_refs": held["log_refs"][:start] + frame["log_refs"], "log_from": 0}


def click_paths(steps: list) -> dict:
    """``steps``: one path of keys, or several (lists; the first is the canonical one, the
    others other orders the same action may be clicked in) as ``steps`` and ``paths``."""
    if steps and isinstance(steps[0], list):
        return {"steps": steps[0], "paths": steps} if len(steps) > 1 else {"steps": steps[0]}
    return {"steps": steps}


def family(key: str) -> str:
    """The step family of a key: the part before ``:`` (``target:p2`` → ``target``)."""
    return key.split(":", 1)[0]


def guarded(make, fallback):
    """``make()``, or ``fallback`` when the game's adapter fails (the table goes on)."""
    try:
        return make()
    except Exception:
        log.exception("a game adapter failed")
        return fallback


BROKEN_PICTURE = ('<svg xmlns="http://www.w3.org/2000/svg" width="320" height="40">'
                  '<text x="10" y="25">the picture cannot be drawn; use the buttons</text></svg>')


def picture(game: Game, view: dict, lang: str = "en") -> str:
    """The game's SVG of the view; a plain notice if the renderer fails (the table goes on)."""
    try:
        return str(game.render_svg(view, lang))
    except Exception:
        log.exception("%s: render_svg failed", game.name)
        return BROKEN_PICTURE


def describe_event(game: Game, event: Any, lang: str = "en", viewer: int | None = None,
                   names: list[str] | None = None, options: dict | None = None) -> str:
    try:
        return str(game.describe_event(event, lang, viewer, names, options))
    except Exception:  # noqa: BLE001 - a broken describer must not break the table
        return str(event)


def describe_action(game: Game, view: dict, text: str, lang: str = "en") -> str:
    try:
        return str(game.describe_action(view, text, lang))
    except Exception:  # noqa: BLE001
        return text


class LogLines:
    """The readable lines of one seat's log, kept from frame to frame: events equal to those
    described last time (under the same match options) keep their lines; anything else is
    described afresh."""

    def __init__(self, game: Game, lang: str = "en", viewer: int | None = None,
                 names: list[str] | None = None):
        self.game = game
        self.lang = lang
        self.viewer = viewer
        self.names = names
        self.events: list = []
        self.lines: list[str] = []
        self.refs: list[list[str]] = []  # per line, what it refers to (Game.log_refs)
        self.reader = None           # the game's pass through self.events (Game.log_reader)
        self.refs_reader = None      # and for what the lines point at (Game.refs_reader)
        self.options: dict | None = None     # the match's options the lines were written under
        self.generation = 0              # how many times the lines were described afresh

    def describe(self, events: list, marks: dict[int, int] | None = None,
                 options: dict | None = None) -> list[str]:
        """The lines of ``events``; those in ``marks`` (index -> seat) say that a bot played
        them for that (absent) seat. ``options``, the view's, tell a game whose lines depend
        on them (Baba Yaga's content pack) which match it is describing."""
        marks = marks or {}
        known = len(self.events)
        if not (len(events) >= known and events[:known] == self.events) or \
                options != self.options:
            known, self.lines, self.refs, self.reader = 0, [], [], None
            self.refs_reader, self.options = None, options
            self.generation += 1
        new = self._read(list(events), known)
        lines = self.lines + [self._marked(line, i, marks)
                              for i, line in enumerate(new, known)]
        self.refs += self._pointed(list(events), known)
        self.events, self.lines = list(events), lines
        return list(lines)

    def _pointed(self, events: list, known: int) -> list[list[str]]:
        """What each of ``events[known:]`` points at (nothing where the game's reader
        fails)."""
        found = self._through("refs_reader", lambda: self.game.refs_reader(self.options),
                              events, known)
        return [list(keys) for keys in found] if found is not None else \
            [[] for _ in events[known:]]

    def _read(self, events: list, known: int) -> list[str]:
        """The lines of ``events[known:]``; event by event (each on its own guard) where the
        game's reader fails."""
        found = self._through("reader", lambda: self.game.log_reader(
            self.lang, self.viewer, self.names, self.options), events, known)
        if found is not None:
            return [str(line) for line in found]
        return [describe_event(self.game, e, self.lang, self.viewer, self.names, self.options)
                for e in events[known:]]

    def _through(self, name: str, make, events: list, known: int) -> list | None:
        """What the pass kept in attribute ``name`` (made by ``make`` and given
        ``events[:known]`` first when there is none) gives for ``events[known:]``; None where
        it fails or miscounts, after which a new pass reads the whole log again next time."""
        fresh = events[known:]
        try:
            if getattr(self, name) is None:
                setattr(self, name, make())
                getattr(self, name)(events[:known])
            found = list(getattr(self, name)(fresh))
            if len(found) == len(fresh):
                return found
            log.error("%s: the %s gave %d for %d events", self.game.name, name, len(found),
                      len(fresh))
        except Exception:
            log.exception("%s: the %s failed", self.game.name, name)
        setattr(self, name, None)
        return None

    def _marked(self, line: str, index: int = 0, marks: dict[int, int] | None = None) -> str:
        """A line, with the bot that played it for an absent seat where ``marks`` says so."""
        if marks and index in marks:
            seat = marks[index]
            name = (self.names[seat] if self.names and seat < len(self.names)
                    else word(self.lang, "seat.badge", n=seat + 1))
            line = f"{line} {word(self.lang, 'log.played_for', name=name)}"
        return line
