"""The web page's words of Carcassonne: the label of each click step, the sentence saying
what to do now, the score table and the side panels (their pictures are given by
:mod:`..svg.panels`), all from the view alone (and the seat names the page adds to it).
"""

from __future__ import annotations

from gonets.games.carcassonne.notation import step_notation
from gonets.games.carcassonne.rules.track import has_messenger
from gonets.games.carcassonne.rules.variants import Rules
from gonets.games.carcassonne.text.log import source_phrase, tile_phrase
from gonets.games.carcassonne.text.menu import describe_action
from gonets.games.carcassonne.text.places import cell_places, turn_words
from gonets.games.carcassonne.text.words import count, phrases


def _words(lang: str) -> dict:
    return phrases(lang)["web"]


def _colour(seat: int, lang: str) -> str:
    colours = _words(lang)["colours"]
    return colours[seat % len(colours)]


def describe_step(view: dict, key: str, lang: str = "en") -> str:
    """The label of one click: a cell, a rotation, a follower spot, a figure, a message
    choice, a follower to recall or a chain answer."""
    words = _words(lang)
    family, _, value = key.partition(":")
    if family == "cell":
        x, _, y = value.partition(",")
        where = cell_places(view, lang).get((int(x), int(y)))
        return words["step_cell"].format(where=where) if where else key
    if family == "~rot":
        return turn_words(int(value), lang, "step")
    if key == "spot:none":
        return words["step_no_follower"]
    notation = step_notation(key)
    if notation is None:
        return key
    return describe_action(view, notation, lang)


def prompt(view: dict, family: str, lang: str = "en") -> str:
    """What the seat is asked to do when the next click is a step of ``family``."""
    words = _words(lang)
    if family == "cell":
        hand = view.get("hand")
        return words["prompt_cell"].format(tile=tile_phrase(hand, lang) if hand else "")
    if family == "~rot":
        return words["prompt_rot"]
    if family == "spot":
        return words["prompt_spot"]
    if family == "figure":
        event = _pending_event(view)
        if event is None:
            return words["prompt_figure_plain"]
        return words["prompt_figure"].format(
            points=count(event["points"], "point", lang),
            source=source_phrase(event["source"], lang))
    if family in ("message", "recall"):
        number = view["messages"]["current"]
        name = phrases(lang)["messages"].get(str(number), "")
        key = {4: "prompt_message_4", 8: "prompt_message_8"}.get(number, "prompt_message")
        return words[key].format(number=number, name=name)
    if family == "chain":
        return words["prompt_chain"]
    return ""


def _pending_event(view: dict) -> dict | None:
    rnd = view["round"]
    return rnd["events"][rnd["next"]] if rnd["next"] < len(rnd["events"]) else None


def scoreboard(view: dict, lang: str = "en") -> dict:
    """Each player's colour, points and followers in supply. While the messengers stand on
    the track the points say how both figures make them (``7 (5 + 2)``): one column rather
    than three, so the table fits a phone's width and the side column of a laptop."""
    words = _words(lang)
    messengers = has_messenger(view)
    columns = [words["col_colour"],
               words["col_points_figures"] if messengers else words["col_points"],
               words["col_supply"]]
    rows = []
    for seat in range(view["players"]):
        meeple, messenger = view["scores"][seat]
        points: int | str = meeple + messenger
        if messengers:
            points = words["points_figures"].format(total=points, meeple=meeple,
                                                    messenger=messenger)
        rows.append([_colour(seat, lang), points, view["supply"][seat]])
    return {"columns": columns, "rows": rows}


def panels(view: dict, lang: str = "en", pictures: dict | None = None) -> list[dict]:
    """The tile in hand, the tile waiting for a follower, the message being resolved and
    the scoring track. ``pictures`` draws each one's picture (``hand``, ``placed``,
    ``recall``, ``track``: the web page's ``svg.panels`` passes them); without, words only."""
    draw = _Pictures(pictures or {})
    out = []
    if view.get("hand"):
        out.append(_hand_panel(view, lang, draw))
    if view.get("phase") == "follower" and view.get("legal") and view.get("placed", -1) >= 0:
        out.append(_placed_panel(view, lang, draw))
    if view["options"].get("messengers") and view["messages"]["current"]:
        out.append(_message_panel(view, lang, draw))
    out.append(_track_panel(view, lang, draw))
    if view.get("terminal"):
        final = _final_panel(view, lang)
        out[:0] = [dict(final, popup="final"), final]
    return out


class _Pictures:
    """The panels' pictures, or none: ``draw.add(panel, name, *args)`` gives a panel its ``svg``
    when a picture of that name was given."""

    def __init__(self, pictures: dict):
        self.pictures = pictures

    def add(self, panel: dict, name: str, *args) -> dict:
        if name in self.pictures:
            panel["svg"] = self.pictures[name](*args)
        return panel


SOURCES = ("road", "city", "monastery", "field", "message")
"""Where points come from, in the order the final panel lists them."""


def points_by_source(view: dict) -> list[dict[str, int]]:
    """Each seat's points by where they came from, read from the log: roads, cities,
    monasteries and fields (finished during play and scored at the end; farmers supplying a
    city count as fields) and messages (seals and messages carried out); ``other`` holds
    whatever the log does not explain (nothing, in every rule variant)."""
    parts = [dict.fromkeys(SOURCES, 0) for _ in range(view["players"])]
    for event in view.get("log", []):
        kind = event.get("type")
        if kind in ("score", "final"):
            feature = "field" if event["feature"] == "farm city" else event["feature"]
            for seat in event["holders"]:
                parts[seat][feature] += event["points"]
        elif kind == "message_result":
            parts[event["player"]]["message"] += event["points"]
    for seat, part in enumerate(parts):
        rest = sum(view["scores"][seat]) - sum(part.values())
        if rest:
            part["other"] = rest
    return parts


def _final_panel(view: dict, lang: str) -> dict:
    """Each player, by name where the page knows the names, with the total and the points
    each kind of feature and the messages brought."""
    words = _words(lang)
    names = view.get("names") or []
    lines = []
    for seat, part in enumerate(points_by_source(view)):
        colour = _colour(seat, lang)
        who = names[seat] if seat < len(names) and names[seat] else ""
        label = words["final_who"].format(who=who, colour=colour) if who else colour
        total = view["totals"][seat]
        bits = [words["final_parts"][kind].format(n=n) for kind, n in part.items() if n]
        lines.append([label, words["final_total"].format(total=total, parts=", ".join(bits))
                      if bits else total])
    return {"title": words["final_title"], "lines": lines}


def _hand_panel(view: dict, lang: str, draw: _Pictures) -> dict:
    words = _words(lang)
    mine = bool(view.get("legal")) and view.get("phase") == "place"
    names = view.get("names") or []
    who = names[view["active"]] if view["active"] < len(names) else ""
    key = "hand_mine" if mine else "hand_named" if who else "hand_other"
    title = words[key].format(colour=_colour(view["active"], lang), who=who)
    tile = tile_phrase(view["hand"], lang, "tile_nom")
    lines: list = [tile[:1].upper() + tile[1:],
                   [words["pile"], count(view["pile_size"], "tile", lang)]]
    if mine:
        lines.append(words["hand_hint"])
    return draw.add({"title": title, "lines": lines}, "hand", view)


def _placed_panel(view: dict, lang: str, draw: _Pictures) -> dict:
    words = _words(lang)
    seat = view["decision"]["player"]
    return draw.add({"title": words["placed_title"],
                     "lines": [[words["col_supply"], view["supply"][seat]]]}, "placed", view)


def _message_panel(view: dict, lang: str, draw: _Pictures) -> dict:
    words = _words(lang)
    number = view["messages"]["current"]
    name = phrases(lang)["messages"][str(number)]
    help_key = str(number)
    if number == 8 and not Rules(view["options"]).msg8_majority:
        help_key = "8_free"
    panel = {"title": words["message_title"].format(number=number, name=name),
             "lines": [words["message_help"][help_key], words["seal_help"]]}
    decision = view.get("decision") or {}
    if number == 8 and view.get("legal") and decision.get("kind") == "message":
        draw.add(panel, "recall", view, lang)
    return panel


def _track_panel(view: dict, lang: str, draw: _Pictures) -> dict:
    words = _words(lang)
    lines: list = []
    if view["options"].get("messengers"):
        info = view["messages"]
        lines.append([words["messages_drawn"], info["draws"]])
        if info["known"]:
            lines.append([words["messages_known"], ", ".join(str(m) for m in info["known"])])
    return draw.add({"title": words["track"], "lines": lines}, "track", view, lang)
