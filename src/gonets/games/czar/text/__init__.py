"""Readable text from views alone, in English and Russian: the terminal picture
(``render_text``), menu lines (``describe_action``), the web table's words (step labels,
prompts, the score table, panels) and, from ``words.py``, the log lines (``describe_event``).

Every phrase comes from the catalogue ``data/phrases.<lang>.json``; this package only picks
the phrase and fills it in (``words.py``: the catalogues and the words that know their
grammatical forms).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from gonets.games.czar.notation import step_parts
from gonets.games.czar.rules.board import (
    INN_BY_KEY,
    INN_BY_NAME,
    INN_KEYS,
    INN_LEVEL,
    LEVEL_KEYS,
    TYPE_BY_KEY,
    TYPES,
)
from gonets.games.czar.text.words import (
    coins_value,
    colour_word,
    courier_word,
    describe_event,
    fill,
    inn_board,
    inn_named,
    inn_word,
    level_title,
    levels_word,
    phrases,
    rubles,
    seat_name,
    type_title,
    type_word,
)

STYLE = {"red": "bold red", "green": "bold green", "blue": "bold blue", "yellow": "bold yellow",
         "purple": "bold magenta"}
ROOM_ORDER = (("officer", "cossack"), ("lady", "diplomat"))
"""Rooms as drawn on the board: Officer upper left, Cossack upper right, Lady lower left,
Diplomat lower right."""


# -- menu lines --------------------------------------------------------------------------------
def describe_action(view: dict, text: str, lang: str = "en") -> str:
    """A menu line for the view's seat, such as 'travel from IWAN: green Diplomat (with p2's
    message) first to KATHARINA, then red Cossack -> RACHMANIN HOF (skips the Mountains)'."""
    menu = phrases(lang)["menu"]
    words = text.split()
    head = words[0] if words else ""
    me = view.get("seat")
    mine = view["seats"][me] if me is not None else None
    if head == "place" and len(words) in (3, 4):
        return _describe_place(view, words, lang)
    if head == "message" and len(words) == 3:
        msg = mine["message"] if mine else None
        origin = (fill(menu["message_origin"], type=type_word(lang, msg["room"]),
                       inn=inn_named(lang, msg["inn"])) if msg and "inn" in msg else "")
        return fill(menu["message"], origin=origin, type=type_word(lang, words[2]),
                    inn=inn_word(lang, words[1]))
    if head == "travel" and len(words) == 6:
        return describe_travel(view, words, lang)
    if head == "draw":
        return fill(menu["draw"], count=mine["stack"] if mine else "?")
    if head in ("reveal", "stop"):
        return fill(menu[head], status=_rubles_status(view, mine, lang))
    if head == "bribe":
        total = mine["coin_total"] if mine else None
        guard = (mine["message"] or {}).get("guard", "?") if mine else "?"
        return fill(menu["bribe"], guard=inn_named(lang, guard),
                    total="?" if total is None else rubles(lang, total))
    if head == "extra":
        colour = view.get("next_colour")
        return fill(menu["extra"], colour=colour_word(lang, colour) if colour else "?")
    if head in ("end", "decline", "pass"):
        return menu[head]
    return text


def _describe_place(view: dict, words: list[str], lang: str) -> str:
    menu = phrases(lang)["menu"]
    kind, inn = words[-2], inn_word(lang, words[-1])
    if view["phase"] == "initial":
        return fill(menu["place_initial"], type=type_word(lang, kind), inn=inn)
    if view["phase"] == "drawn" and view.get("drawn"):
        courier = courier_word(lang, view["drawn"]["colour"], kind)
        return fill(menu["place_drawn"], courier=courier, inn=inn)
    me = view.get("seat")
    display = view["seats"][me]["display"] if me is not None else []
    colour = words[1] if len(words) == 4 else next(
        (c["colour"] for c in display if c["type"] == kind), None)
    courier = courier_word(lang, colour, kind) if colour else type_word(lang, kind)
    return fill(menu["place_display"], courier=courier, inn=inn)


def _rubles_status(view: dict, mine: dict | None, lang: str) -> str:
    if not mine or not mine["message"] or "guard" not in mine["message"]:
        return ""
    return fill(phrases(lang)["menu"]["rubles_status"], banked=mine["coin_total"] or 0,
                running=coins_value(view["running"]), price=mine["message"]["price"],
                pile=view["pile"])


def describe_travel(view: dict, words: list[str], lang: str = "en") -> str:
    """The menu line of a travel notation ``travel INN TYPE DEST TYPE DEST``."""
    menu = phrases(lang)["menu"]
    inn = words[1]
    rooms = view["inns"][INN_BY_KEY[inn]]["rooms"]
    parts = [_leaver(view, inn, kind, dest, lang)
             for kind, dest in ((words[2], words[3]), (words[4], words[5]))]
    stays = next((r for k, r in enumerate(rooms) if r is not None
                  and TYPES[k] not in (words[2], words[4])), None)
    tail = (fill(menu["travel_stays"], courier=courier_word(lang, stays["colour"], stays["type"]))
            if stays else "")
    return fill(menu["travel"], inn=inn_word(lang, inn), first=parts[0][0],
                first_to=parts[0][1], second=parts[1][0], second_to=parts[1][1], stays=tail)


def _leaver(view: dict, inn: str, kind: str, dest: str, lang: str) -> tuple[str, str]:
    """``(who, where)`` of one leaver of ``inn`` travelling to ``dest`` (an inn key or
    ``palace``): the courier with whose message it rides, and the destination with the guard
    its message reaches and the villages it skips."""
    menu = phrases(lang)["menu"]
    level = INN_LEVEL[INN_BY_KEY[inn]]
    courier = view["inns"][INN_BY_KEY[inn]]["rooms"][TYPE_BY_KEY[kind]]
    who = str(courier_word(lang, courier["colour"], kind) if courier else type_word(lang, kind))
    owner = courier["message"] if courier else None
    if owner is not None:
        who += (menu["travel_with_your_message"] if owner == view.get("seat")
                else fill(menu["travel_with_message_of"],
                          owner=seat_name(owner, view.get("names"), lang)))
    if dest == "palace":
        where = phrases(lang)["words"]["palace"]
        if owner is not None:
            guard = inn if level == len(LEVEL_KEYS) - 1 else _skip_guard(view)
            where += fill(menu["travel_to_guard"], guard=inn_word(lang, guard))
        top = len(LEVEL_KEYS)
    else:
        where = str(inn_word(lang, dest))
        top = INN_LEVEL[INN_BY_KEY[dest]]
    skipped = list(range(level + 1, top))
    if skipped:
        where += fill(menu["travel_skips"], levels=levels_word(lang, skipped))
    return who, where


def _skip_guard(view: dict) -> str:
    """The key of the grassland inn whose guard receives skipping messages."""
    return next(g["key"] for g in view["guards"] if g["skip"])


# -- the table ---------------------------------------------------------------------------------
def _room_text(room: dict | None, kind: str, lang: str) -> Text:
    label = Text(f"{phrases(lang)['types'][kind]['short']} ", style="dim")
    if room is None:
        return label + Text("·", style="dim")
    label.append(str(colour_word(lang, room["colour"])), style=STYLE.get(room["colour"], "bold"))
    if room["message"] is not None:
        label.append(f" ✉{seat_name(room['message'], None)}", style="bold reverse")
    return label


def _inn_cell(inn: dict, lang: str) -> Text:
    table = phrases(lang)["table"]
    if not inn["open"]:
        return Text(f"{inn_board(lang, inn['key'])}\n  {table['closed']}\n", style="dim strike")
    count = sum(r is not None for r in inn["rooms"])
    head = Text(inn_board(lang, inn["key"]), style="bold" + (" underline" if count == 3 else ""))
    head.append(f" {count}/3" + (table["full"] if count == 3 else ""), style="dim")
    lines = [head]
    for left, right in ROOM_ORDER:
        line = _room_text(inn["rooms"][TYPE_BY_KEY[left]], left, lang)
        line.append("  ")
        line.append_text(_room_text(inn["rooms"][TYPE_BY_KEY[right]], right, lang))
        lines.append(line)
    return Text("\n").join(lines)


def render_text(view: dict, lang: str = "en") -> Group:
    """The whole table as ``view['seat']`` sees it (a Rich renderable)."""
    words = phrases(lang)["table"]
    parts: list[Any] = []
    guards = Table(title=words["guards"], show_header=True, expand=False)
    for guard in view["guards"]:
        guards.add_column(fill(words["above"], inn=inn_word(lang, guard["key"]))
                          + (words["skip"] if guard["skip"] else ""))
    guards.add_row(*[Text(fill(words["price"], price=g["price"]) + "\n" + (", ".join(
        f"✉{seat_name(s, None)}" for s in g["messages"]) or words["no_messages"]))
        for g in view["guards"]])
    parts.append(guards)
    for level in range(len(view["levels"]) - 1, -1, -1):
        inns = [inn for inn in view["inns"] if inn["level"] == level]
        table = Table(title=level_title(lang, level), show_header=False, expand=False)
        for _ in inns:
            table.add_column(min_width=22)
        table.add_row(*[_inn_cell(inn, lang) for inn in inns])
        parts.append(table)
    parts.append(_players_table(view, lang))
    parts.append(Text(_status_line(view, lang)))
    log = view.get("log", [])[-6:]
    if log:
        parts.append(Text("\n".join("· " + describe_event(e, lang, view.get("seat"))
                                    for e in log), style="dim"))
    return Group(*parts)


def _players_table(view: dict, lang: str) -> Table:
    words = phrases(lang)["table"]
    table = Table(title=words["players"], expand=False)
    for name in words["columns"]:
        table.add_column(name)
    for info in view["seats"]:
        seat = info["seat"]
        marker = " ◀" if view.get("to_move") == seat else ""
        you = words["you"] if view.get("seat") == seat else ""
        colours = Text(", ".join(str(colour_word(lang, c)) for c in info["colours"]))
        display = Text(", ".join(str(courier_word(lang, c["colour"], c["type"]))
                                 for c in info["display"]) or "-")
        stack = f"{info['stack']}"
        if info["stack_bottom"]:
            stack += fill(words["known_bottom"], count=len(info["stack_bottom"]))
        if info["coins"] is None:
            coins = fill(words["hidden_coins"], count=info["coin_count"])
        else:
            listed = _short_coins(info["coins"], lang) or words["none"]
            coins = f"{info['coin_total']} ({listed})"
        table.add_row(f"{seat_name(seat, None)}{you}{marker}", colours, display, stack, coins,
                      _message_cell(info["message"], lang))
    return table


def _message_cell(msg: dict | None, lang: str) -> str:
    words = phrases(lang)["table"]
    if msg is None:
        return "-"
    if "guard" in msg:
        return fill(words["at_guard"], guard=inn_named(lang, msg["guard"]), price=msg["price"])
    return fill(words["at_inn"], type=type_title(lang, msg["room"]),
                inn=inn_named(lang, msg["inn"]))


def _short_coins(keys: Sequence[str], lang: str) -> str:
    short = phrases(lang)["table"]["coin_short"]
    return ", ".join(short[k] for k in keys)


def _status_line(view: dict, lang: str) -> str:
    words = phrases(lang)["table"]
    parts = [words[view["ruble_rules"]], fill(words["turn"], turn=view["turns"] + 1),
             fill(words["pile"], pile=view["pile"])]
    if view["removed"]:
        parts.append(fill(words["removed"], coins=_short_coins(view["removed"], lang)))
    if view["running"]:
        parts.append(fill(words["running"], coins=_short_coins(view["running"], lang)))
    if view["drawn"]:
        drawn = courier_word(lang, view["drawn"]["colour"], view["drawn"]["type"])
        parts.append(fill(words["drawn"], courier=drawn))
    if view["final_round_left"] is not None:
        parts.append(fill(words["final_round"], count=view["final_round_left"]))
    if view.get("terminal"):
        wins = [e for e in view.get("log", []) if e.get("e") == "win"]
        line = (describe_event(wins[-1], lang, view.get("seat")) if wins
                else view.get("reason", ""))
        parts.append(fill(words["over"], line=line))
    elif view.get("to_move") is not None:
        parts.append(fill(words["to_move"], who=seat_name(view["to_move"], None),
                          phase=words["phases"].get(view["phase"], view["phase"])))
    return " · ".join(parts)


# -- the web client: step labels, prompts, the score table, panels -----------------------------
def _mine(view: dict) -> dict | None:
    seat = view.get("seat")
    return view["seats"][seat] if seat is not None else None


_MOVES = {"arrive": "first", "again": "then"}
"""The two leavers of a grassland inn, both bound for the palace, read as any two leavers."""


def describe_step(view: dict, key: str, lang: str = "en") -> str:
    """The label of one click of ``notation.action_steps`` (menus and buttons), e.g. 'green
    Diplomat (with p2's message) first to KATHARINA'; a whole one-word action reads as its
    menu line."""
    family, parts = step_parts(key)
    steps = phrases(lang)["steps"]
    mine = _mine(view)
    if family == "courier":
        return fill(steps["courier"], courier=courier_word(lang, parts[0], parts[1]))
    if family in ("to", "give"):
        return fill(steps[family], inn=inn_word(lang, parts[0]), type=type_word(lang, parts[1]))
    if family == "empty":
        return fill(steps["empty"], inn=inn_word(lang, parts[0]))
    if family in ("first", "then", "arrive", "again"):
        who, where = _leaver(view, parts[0], parts[1], parts[2], lang)
        return fill(steps[_MOVES.get(family, family)], courier=who, dest=where)
    if family == "msg":
        msg = (mine or {}).get("message") or {}
        return fill(steps["msg"], type=type_word(lang, msg.get("room", "officer")),
                    inn=inn_named(lang, msg.get("inn", "?")))
    if family == "draw":
        return fill(steps["draw"], count=mine["stack"] if mine else "?")
    if family == "reveal":
        return fill(steps["reveal"], pile=view["pile"])
    if family == "stop":
        return fill(steps["stop"], running=rubles(lang, coins_value(view["running"])))
    return describe_action(view, key, lang)


_TURN_OPTIONS = (("place", "turn_place"), ("draw", "turn_draw"), ("message", "turn_message"),
                 ("travel", "turn_travel"), ("bribe", "turn_bribe"))


def prompt(view: dict, family: str, lang: str = "en") -> str:
    """What the seat is asked to do when its next click is a step of ``family``."""
    book = phrases(lang)["prompts"]
    phase = view.get("phase")
    heads = {text.split()[0] for text in view.get("legal") or [] if text}
    mine = _mine(view) or {}
    if phase in ("initial", "drawn"):
        drawn = view.get("drawn") or {"colour": (mine.get("colours") or ["red"])[0],
                                      "type": "officer"}
        return fill(book[phase], courier=courier_word(lang, drawn["colour"], drawn["type"]))
    if family in ("to", "give", "first", "then", "arrive", "again", "pass"):
        return book[family]
    if phase == "turn":
        options = [book[key] for head, key in _TURN_OPTIONS if head in heads]
        if len(options) > 1:
            options = [book["turn_sep"].join(options[:-1]) + book["turn_last"] + options[-1]]
        return fill(book["turn"], options=options[0] if options else "")
    price = ((mine.get("message") or {}).get("price")) or 0
    if phase in ("rubles-first", "rubles"):
        return fill(book[phase], price=rubles(lang, price),
                    banked=rubles(lang, mine.get("coin_total") or 0),
                    running=rubles(lang, coins_value(view["running"])))
    if phase == "bonus":
        which = "reveal" if "reveal" in heads else "bribe" if "bribe" in heads else "end"
        return fill(book["bonus_" + which], total=rubles(lang, mine.get("coin_total") or 0))
    if phase == "extra":
        colour = view.get("next_colour")
        return fill(book["extra"], colour=colour_word(lang, colour) if colour else "?")
    return ""


def scoreboard(view: dict, lang: str = "en") -> dict:
    """The score table: each seat's rubles (classic: banked, all face up) or coins (revised:
    a count, with the value for the seat's own), and where its message is (a village and inn,
    or a guard with the order of arrival, which breaks ties)."""
    book = phrases(lang)["score"]
    classic = view["ruble_rules"] == "classic"
    rows = []
    for info in view["seats"]:
        if classic:
            coins: int | str = info["coin_total"] or 0
        elif info["coins"] is None or not info["coins"]:
            coins = info["coin_count"]
        else:
            coins = fill(book["coins_own"], count=info["coin_count"],
                         total=rubles(lang, info["coin_total"]))
        rows.append([coins, message_score(view, info, lang)])
    return {"columns": [book["rubles" if classic else "coins"], book["message"]], "rows": rows}


def message_score(view: dict, info: dict, lang: str) -> str:
    """The score table's cell for a seat's message: where it stands (an inn, or a guard)."""
    book = phrases(lang)["score"]
    msg = info["message"]
    if msg is None:
        return book["none"]
    if "guard" in msg:
        place = view["delivered"].index(info["seat"]) if info["seat"] in view["delivered"] else 0
        return fill(book["at_guard"], price=msg["price"], order=book["order"][place])
    key = INN_KEYS[INN_BY_NAME[msg["inn"]]]
    return fill(book["at_inn"], level=level_title(lang, msg["level"]),
                inn=inn_board(lang, key))


def panels(view: dict, lang: str = "en") -> list[dict]:
    """Side panels: the viewer's own couriers, coins and message; the other players' stacks
    and displays; once the match is over, a pop-up with the winner and why."""
    book = phrases(lang)["panels"]
    me = view.get("seat")
    out = []
    if me is not None:
        out.append(_own_panel(view, view["seats"][me], lang))
    others = [[seat_name(info["seat"], view.get("names"), lang),
               fill(book["seat_line"], stack=info["stack"], display=_display_text(info, lang))]
              for info in view["seats"] if info["seat"] != me]
    out.append({"title": book["players"], "lines": others})
    wins = [event for event in view.get("log") or [] if event.get("e") == "win"]
    if view.get("terminal") and wins:
        out.append({"title": book["over"],
                    "lines": [describe_event(wins[-1], lang, me, view.get("names"))],
                    "popup": "over"})
    return out


def _display_text(info: dict, lang: str) -> str:
    return ", ".join(str(courier_word(lang, c["colour"], c["type"]))
                     for c in info["display"]) or phrases(lang)["panels"]["none"]


def _own_panel(view: dict, info: dict, lang: str) -> dict:
    book = phrases(lang)["panels"]
    msg = info["message"]
    stack = str(info["stack"])
    if info["stack_bottom"]:
        stack = fill(book["stack_known"], count=info["stack"], bottom=", ".join(
            str(courier_word(lang, c["colour"], c["type"])) for c in info["stack_bottom"]))
    lines: list[Any] = [
        [book["colours"], ", ".join(str(colour_word(lang, c)) for c in info["colours"])],
        [book["message"], _message_cell(msg, lang) if msg else book["none"]],
        [book["stack"], stack],
        [book["display"], _display_text(info, lang)],
    ]
    if info["coins"]:
        coins = fill(book["coins_shown"], total=rubles(lang, info["coin_total"]),
                     coins=_short_coins(info["coins"], lang))
    elif info["coins"] is not None:
        coins = rubles(lang, 0)
    else:
        coins = fill(book["coins_hidden"], count=info["coin_count"])
    lines.append([book["rubles" if view["ruble_rules"] == "classic" else "coins"], coins])
    if msg and "guard" in msg:
        lines.append([book["guard_asks"], rubles(lang, msg["price"])])
    title = fill(book["you"], seat=seat_name(info["seat"], view.get("names"), lang))
    return {"title": title, "lines": lines}
