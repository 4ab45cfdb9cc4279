"""Terminal pictures of a view and readable lines, in English and Russian.

The picture: the map with coordinates, the tile in hand in every rotation, scores and the
scoring track, followers, remaining tiles. The lines: a menu line per legal action and a log
line per event, written for the viewing seat ("You place J...", other seats by name). The
web page's words: the label of each click step, the sentence saying what to do now, the
score table and the side panels (their pictures come from :mod:`.svg`), all from the view
alone. Every phrase comes from the catalogues ``data/phrases.<lang>.json``.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import cache
from pathlib import Path

from gonets.games.carcassonne.notation import FIGURES, step_notation
from gonets.games.carcassonne.rules.tiles import CITY, KIND_NAMES, MONASTERY, ROAD, TILE_TYPES
from gonets.games.carcassonne.rules.track import SPACES, figures_on_track, has_messenger
from gonets.games.carcassonne.rules.variants import Rules

LANGUAGES = ("en", "ru")
CELL_W = 7


def phrases(lang: str) -> dict:
    """The phrase catalogue of a language (English for an unknown one)."""
    return _catalogue(lang if lang in LANGUAGES else "en")


@cache
def _catalogue(lang: str) -> dict:
    path = Path(__file__).parent / "data" / f"phrases.{lang}.json"
    return json.loads(path.read_text(encoding="utf-8"))


def count(n: int, word: str, lang: str) -> str:
    """``n`` with the word in its plural form (``3 tiles``, ``5 очков``)."""
    forms = phrases(lang)["plural"][word]
    if len(forms) == 2:
        return f"{n} {forms[0] if n == 1 else forms[1]}"
    if n % 10 == 1 and n % 100 != 11:
        return f"{n} {forms[0]}"
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return f"{n} {forms[1]}"
    return f"{n} {forms[2]}"


def seat_name(seat: int, lang: str, viewer: int | None, names: Sequence[str] | None) -> str:
    """How a seat is called in a line: "you" for the viewer, else its name (default p1...)."""
    if viewer is not None and seat == viewer:
        return phrases(lang)["you"]
    if names is not None and 0 <= seat < len(names) and names[seat]:
        return str(names[seat])
    return f"p{seat + 1}"


def _line(lang: str, key: str, player: int, viewer: int | None,
          names: Sequence[str] | None, **fields) -> str:
    forms = phrases(lang)["events"][key]
    if viewer is not None and player == viewer:
        return forms["you"].format(**fields)
    return forms["other"].format(who=seat_name(player, lang, None, names), **fields)


def _label(label: str, lang: str, case: str = "acc") -> str:
    """A follower label (``knight 1``) as the object of a sentence (``рыцаря 1``) or, with
    ``case="nom"``, as its subject (``рыцарь 1``)."""
    head, _, number = label.partition(" ")
    word = phrases(lang)[f"followers_{case}"].get(head, head)
    return f"{word} {number}" if number else word


def _xy(x: int, y: int) -> str:
    return f"{x},{y}"


# -- the picture ---------------------------------------------------------------------------------
def tile_block(letter: str, rot: int, centre: str = "") -> list[str]:
    """Three text lines (7 characters wide) drawing a tile from its feature data."""
    tile = TILE_TYPES[letter].rotations[rot]
    e = tile.edges
    top = {"C": "#####", "R": "  |  ", "F": "     "}[e[0]]
    bottom = {"C": "#####", "R": "  |  ", "F": "     "}[e[2]]
    left = {"C": "#", "R": "-", "F": " "}[e[3]]
    right = {"C": "#", "R": "-", "F": " "}[e[1]]
    middle = centre or (letter + ("+" if tile.monastery >= 0 else "") + ("*" if tile.arms else ""))
    return [f"+{top}+", f"{left}{middle:^5}{right}", f"+{bottom}+"]


def _follower_marks(view: dict) -> dict[tuple[int, int], str]:
    board = {(x, y): (letter, rot) for letter, x, y, rot in view["board"]}
    out = {}
    for player, slots in enumerate(view["slots"]):
        for where in slots:
            if where is not None:
                x, y, segment = where
                letter, rot = board[(x, y)]
                seg = TILE_TYPES[letter].rotations[rot].segments[segment]
                out[(x, y)] = f"p{player + 1}{KIND_NAMES[seg.kind][0]}"
    return out


def render_map(view: dict) -> str:
    """The map, three text lines per row of tiles, candidate cells with their coordinates."""
    board = {(x, y): (letter, rot) for letter, x, y, rot in view["board"]}
    candidates = set()
    for text in view.get("legal", []):
        if text.startswith("place "):
            x, y = text.split()[-2].split(",")
            candidates.add((int(x), int(y)))
    cells = set(board) | candidates
    xs = [x for x, _ in cells]
    ys = [y for _, y in cells]
    marks = _follower_marks(view)
    last = tuple(view["board"][view["placed"]][1:3]) if view.get("placed", -1) >= 0 else None
    lines = ["      " + "".join(f"{x:^{CELL_W}}" for x in range(min(xs), max(xs) + 1))]
    for y in range(max(ys), min(ys) - 1, -1):
        rows = ["", "", ""]
        for x in range(min(xs), max(xs) + 1):
            if (x, y) in board:
                letter, rot = board[(x, y)]
                centre = ""
                if (x, y) in marks:
                    centre = f"{letter}{marks[(x, y)]}"
                elif (x, y) == last:
                    centre = f"[{letter}]"
                block = tile_block(letter, rot, centre)
            elif (x, y) in candidates:
                block = ["  . .  ", f"{x},{y}".center(CELL_W), "  . .  "]
            else:
                block = [" " * CELL_W] * 3
            for i in range(3):
                rows[i] += block[i]
        lines.append(f"{'':>5} " + rows[0])
        lines.append(f"{y:>5} " + rows[1])
        lines.append(f"{'':>5} " + rows[2])
    return "\n".join(lines)


def render_hand(view: dict, lang: str = "en") -> str:
    """The tile in hand in each of its distinct rotations."""
    letter = view.get("hand")
    if not letter:
        return ""
    tile = TILE_TYPES[letter]
    blocks = [tile_block(letter, rot) for rot in tile.unique_rotations]
    labels = "".join(f"{'r' + str(rot * 90):^{CELL_W + 2}}" for rot in tile.unique_rotations)
    rows = ["  ".join(block[i] for block in blocks) for i in range(3)]
    head = phrases(lang)["picture"]["hand"].format(tile=letter)
    return head + "\n" + "\n".join(rows) + "\n" + labels


def render_scores(view: dict, lang: str = "en") -> str:
    """One line per player: colour, both figures (or the total), followers in supply."""
    words = phrases(lang)["picture"]
    lines = []
    for player in range(view["players"]):
        meeple, messenger = view["scores"][player]
        if has_messenger(view):
            figures = words["score_figures"].format(
                meeple=meeple, meeple_space=meeple % SPACES, messenger=messenger,
                messenger_space=messenger % SPACES, total=meeple + messenger)
        else:
            figures = words["score_total"].format(total=meeple + messenger)
        marker = ">" if player == view["active"] else " "
        lines.append(words["score_line"].format(
            marker=marker, who=f"p{player + 1}", colour=words["colours"][player],
            figures=figures, supply=view["supply"][player]))
    return "\n".join(lines)


def render_track(view: dict, lang: str = "en") -> str:
    """The scoring track, one row per player: spaces 0-49 with the dark ones marked ':' and
    the player's scoring meeple 'M' and messenger 'm' ('*' when both share a space)."""
    words = phrases(lang)["picture"]
    legend = words["legend_both"] if has_messenger(view) else words["legend_meeple"]
    lines = [words["track"].format(legend=legend),
             " " * 8 + "".join(f"{space:<5}" for space in range(0, SPACES, 5))]
    figures = figures_on_track(view)
    for player in range(view["players"]):
        row = [":" if space % 5 == 0 else "." for space in range(SPACES)]
        notes = []
        for fig in (f for f in figures if f["player"] == player):
            mark = "M" if fig["figure"] == "meeple" else "m"
            space = fig["space"]
            row[space] = "*" if row[space] in "Mm" else mark
            lap = words["lap"].format(lap=fig["lap"] + 1) if fig["lap"] else ""
            dark = words["dark"] if fig["dark"] else ""
            notes.append(words["track_note"].format(mark=mark, total=fig["total"], space=space,
                                                    lap=lap, dark=dark))
        lines.append(f"  p{player + 1}    {''.join(row)}  {'  '.join(notes)}")
    return "\n".join(lines)


def _landing_line(view: dict, event: dict, lang: str) -> str:
    """Where each figure of the deciding player would land with the next points."""
    words = phrases(lang)["picture"]
    player, points = event["player"], event["points"]
    spots = []
    for index, name in enumerate(FIGURES):
        total = view["scores"][player][index] + points
        dark = words["landing_dark"] if total % 5 == 0 else ""
        spots.append(words["landing_spot"].format(
            figure=phrases(lang)["figures_acc"][name], total=total, space=total % SPACES,
            dark=dark))
    return words["landing"].format(who=f"p{player + 1}", spots=words["landing_or"].join(spots))


def render_followers(view: dict, lang: str = "en") -> str:
    """Every follower on the map with its owner and place."""
    words = phrases(lang)["picture"]
    parts = []
    board = {(x, y): (letter, rot) for letter, x, y, rot in view["board"]}
    for player, slots in enumerate(view["slots"]):
        for where in slots:
            if where is not None:
                x, y, segment = where
                letter, rot = board[(x, y)]
                label = TILE_TYPES[letter].rotations[rot].segments[segment].label
                parts.append(words["follower_at"].format(who=f"p{player + 1}",
                                                         label=_label(label, lang, "nom"),
                                                         xy=_xy(x, y)))
    return words["followers"].format(list="; ".join(parts) if parts else words["none"])


def render_remaining(view: dict, lang: str = "en") -> str:
    """The pile's size and the remaining tiles per type."""
    counts = " ".join(f"{k}{v}" for k, v in view["remaining"].items() if v)
    return phrases(lang)["picture"]["pile"].format(size=count(view["pile_size"], "tile", lang),
                                                   counts=counts)


def render_messages(view: dict, lang: str = "en") -> str:
    """What is known of the message stack (nothing without The Messengers)."""
    if not view["options"].get("messengers"):
        return ""
    info = view["messages"]
    words = phrases(lang)["picture"]
    text = words["messages"].format(draws=info["draws"], unseen=info["unseen"])
    if info["known"]:
        text += words["messages_known"].format(known=", ".join(str(m) for m in info["known"]))
    if info["current"]:
        text += words["messages_current"].format(
            number=info["current"], name=phrases(lang)["messages"][str(info["current"])])
    return text


def render_text(view: dict, lang: str = "en") -> str:
    """The whole terminal picture of a view."""
    words = phrases(lang)["picture"]
    parts = [render_map(view), render_hand(view, lang), render_scores(view, lang),
             render_track(view, lang), render_followers(view, lang),
             render_remaining(view, lang), render_messages(view, lang)]
    decision = view.get("decision")
    if decision:
        parts.append(words["waiting"].format(who=f"p{decision['player'] + 1}",
                                             kind=words["kinds"][decision["kind"]]))
        pending = view["round"]["events"][view["round"]["next"]:]
        if decision["kind"] == "figure" and pending:
            parts.append(words["points_to_place"].format(list=", ".join(
                words["pending"].format(who=f"p{e['player'] + 1}", points=e["points"],
                                        source=_source(e["source"], lang, table="kinds"))
                for e in pending)))
            parts.append(_landing_line(view, pending[0], lang))
    if view.get("terminal"):
        parts.append(words["final"].format(totals=", ".join(
            f"p{i + 1} {t}" for i, t in enumerate(view["totals"]))))
    return "\n".join(p for p in parts if p)


# -- menu lines ----------------------------------------------------------------------------------
def _segment_phrase(letter: str, rot: int, segment: int, lang: str) -> str:
    words = phrases(lang)
    seg = TILE_TYPES[letter].rotations[rot].segments[segment]
    if seg.kind == MONASTERY:
        return words["actions"]["segment_monastery"]
    if seg.kind in (ROAD, CITY):
        sides = ",".join(words["sides"][s] for s in seg.sides)
        return words["actions"]["segment_feature"].format(
            kind=words["kinds_acc"][KIND_NAMES[seg.kind]], sides=sides)
    halves = ",".join(words["halves"][h] for h in seg.halves)
    return words["actions"]["segment_field"].format(halves=halves)


def describe_action(view: dict, text: str, lang: str = "en") -> str:
    """A menu line for one legal action of the view's seat."""
    words = phrases(lang)
    say = words["actions"]
    parts = text.split()
    head = parts[0]
    if head == "place":
        return say["place"].format(tile=view.get("hand"), xy=parts[-2], deg=parts[-1][1:])
    if head in ("highwayman", "knight", "farmer", "monk") and view.get("placed", -1) >= 0:
        letter, x, y, rot = view["board"][view["placed"]]
        tile = TILE_TYPES[letter].rotations[rot]
        for index, seg in enumerate(tile.segments):
            if seg.label == text:
                return say["follower"].format(follower=words["followers_acc"][head],
                                              segment=_segment_phrase(letter, rot, index, lang),
                                              xy=_xy(x, y))
    if head == "pass":
        return say["pass"]
    if head == "figure":
        rnd = view["round"]
        event = rnd["events"][rnd["next"]] if rnd["next"] < len(rnd["events"]) else None
        if event:
            figure = FIGURES.index(parts[1])
            new = view["scores"][event["player"]][figure] + event["points"]
            return say["figure"].format(figure=words["figures_acc"][parts[1]],
                                        points=count(event["points"], "point", lang),
                                        total=new, dark=say["dark"] if new % 5 == 0 else "")
    if head == "message":
        number = view["messages"]["current"]
        if parts[1] == "seal":
            return say["seal"]
        return say["message"].format(number=number, name=words["messages"].get(str(number), ""))
    if head == "recall":
        return say["recall"].format(label=_label(" ".join(parts[2:]), lang), xy=parts[1])
    if head == "chain":
        return say["chain_draw"] if parts[1] == "draw" else say["chain_stop"]
    return text


# -- log lines -----------------------------------------------------------------------------------
def _source(source: str, lang: str, at: Sequence[int] | None = None,
            table: str = "sources") -> str:
    """What points came from: ``the road at 1,0`` or ``message 6`` (as the object of "for";
    ``table="kinds"``: the feature's plain name)."""
    words = phrases(lang)
    if source.startswith("message "):
        what = words["sources"]["message"].format(n=source.split()[1])
    else:
        what = words[table].get(source, source)
    if at is not None:
        return words["events"]["at"].format(what=what, xy=_xy(at[0], at[1]))
    return what


def _people(players: Sequence[int], lang: str, viewer: int | None,
            names: Sequence[str] | None) -> str:
    words = phrases(lang)
    if not players:
        return words["nobody"]
    return words["list_sep"].join(seat_name(p, lang, viewer, names) for p in players)


def _totals(totals: Sequence[int], lang: str, viewer: int | None,
            names: Sequence[str] | None) -> str:
    line = phrases(lang)["events"]["total"]
    return ", ".join(line.format(who=seat_name(p, lang, viewer, names), total=t)
                     for p, t in enumerate(totals))


def _scoring_line(event: dict, lang: str, viewer: int | None,
                  names: Sequence[str] | None) -> str:
    words = phrases(lang)
    arms = event.get("arms")
    return words["events"][event["type"]].format(
        feature=words["kinds"].get(event["feature"], event["feature"]),
        xy=_xy(event["x"], event["y"]), tiles=count(event["tiles"], "tile", lang),
        arms=", " + count(arms, "arms", lang) if arms else "",
        points=count(event["points"], "point", lang),
        holders=_people(event["holders"], lang, viewer, names),
        rule=words["rules"].get(event["rule"], event["rule"]))


def describe_event(event: dict, lang: str = "en", viewer: int | None = None,
                   names: Sequence[str] | None = None) -> str:
    """One log line for ``viewer`` (None: a spectator), seats called by ``names``."""
    words = phrases(lang)
    kind = event.get("type")
    forced = words["forced"] if event.get("forced") else ""
    if kind in ("score", "final"):
        return _scoring_line(event, lang, viewer, names)
    if kind == "discard_rest":
        return words["events"]["discard_rest"].format(tiles=" ".join(event["tiles"]))
    if kind in ("merge", "end"):
        return words["events"][kind].format(totals=_totals(event["totals"], lang, viewer, names))
    if "player" not in event:
        return str(event)
    player = event["player"]
    fields = _event_fields(event, kind, lang)
    if fields is None:
        return str(event)
    key, values = fields
    return _line(lang, key, player, viewer, names, forced=forced, **values)


def _event_fields(event: dict, kind: str, lang: str) -> tuple[str, dict] | None:
    """The catalogue key and the fields of a one-player event."""
    words = phrases(lang)
    if kind == "draw":
        extra = words["events"]["draw_extra"] if event.get("part") == "extra" else ""
        return "draw", {"tile": event["tile"], "extra": extra}
    if kind == "place":
        return "place", {"tile": event["tile"], "xy": _xy(event["x"], event["y"]),
                         "rot": event["rot"]}
    if kind == "follower":
        return "follower", {"label": _label(event["as"], lang),
                            "xy": _xy(event["x"], event["y"])}
    if kind in ("no_follower", "discard", "under", "extra_failed"):
        return kind, {"tile": event.get("tile", "")}
    if kind == "figure":
        source = _source(event.get("source", ""), lang, event.get("at"))
        return "figure", {
            "figure": words["figures_acc"][event["figure"]],
            "points": count(event["points"], "point", lang), "total": event["total"],
            "source": words["events"]["figure_source"].format(source=source) if source else ""}
    if kind == "trigger":
        return "trigger", {"figures": ", ".join(words["figures"][f] for f in event["figures"])}
    if kind == "message":
        return "message", {"number": event["number"],
                           "name": words["messages"][str(event["number"])]}
    if kind == "message_result":
        return f"message_{event['option']}", {"number": event["number"],
                                              "points": count(event["points"], "point", lang)}
    if kind == "chain":
        return ("chain_draw" if event["draw"] else "chain_stop"), {}
    return None


# -- the web page: click labels, prompts, the score table, the side panels ---------------------
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
        return words["step_cell"].format(tile=view.get("hand") or "", xy=value)
    if family == "~rot":
        return words["step_rot"].format(deg=value)
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
        return words["prompt_cell"].format(tile=view.get("hand") or "")
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
            source=_source(event["source"], lang, event.get("at")))
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
    """Each player's colour, points, both figures' totals while the messengers stand on the
    track, and followers in supply."""
    words = _words(lang)
    messengers = has_messenger(view)
    columns = [words["col_colour"], words["col_points"]]
    if messengers:
        columns += [words["col_meeple"], words["col_messenger"]]
    columns.append(words["col_supply"])
    rows = []
    for seat in range(view["players"]):
        meeple, messenger = view["scores"][seat]
        row: list = [_colour(seat, lang), meeple + messenger]
        if messengers:
            row += [meeple, messenger]
        row.append(view["supply"][seat])
        rows.append(row)
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


def _final_panel(view: dict, lang: str) -> dict:
    """Each player's total and where it came from: points during play, then the final
    scoring of unfinished roads, cities, monasteries and fields (2.4)."""
    words = _words(lang)
    parts = [dict.fromkeys(("road", "city", "monastery", "field"), 0)
             for _ in range(view["players"])]
    for event in view["log"]:
        if event["type"] == "final":
            kind = "field" if event["feature"] == "farm city" else event["feature"]
            for seat in event["holders"]:
                parts[seat][kind] += event["points"]
    lines = []
    for seat, total in enumerate(view["totals"]):
        played = total - sum(parts[seat].values())
        bits = [words["final_in_play"].format(n=played)] if played else []
        bits += [words["final_parts"][kind].format(n=n) for kind, n in parts[seat].items() if n]
        lines.append([_colour(seat, lang), f"{total} ({', '.join(bits)})" if bits else total])
    return {"title": words["final_title"], "lines": lines}


def _hand_panel(view: dict, lang: str, draw: _Pictures) -> dict:
    words = _words(lang)
    mine = bool(view.get("legal")) and view.get("phase") == "place"
    names = view.get("names") or []
    who = names[view["active"]] if view["active"] < len(names) else ""
    key = "hand_mine" if mine else "hand_named" if who else "hand_other"
    title = words[key].format(tile=view["hand"], colour=_colour(view["active"], lang),
                              who=who)
    lines: list = [[words["pile"], count(view["pile_size"], "tile", lang)]]
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
