"""Terminal rendering, readable action descriptions and log lines, drawn from views alone."""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text

from gonets.games.czar.rules.board import (
    COIN_BY_KEY,
    COIN_VALUE,
    INN_BY_KEY,
    INN_LEVEL,
    INN_NAMES,
    LEVEL_TITLES,
    TYPE_BY_KEY,
    TYPE_TITLES,
    TYPES,
)

STYLE = {"red": "bold red", "green": "bold green", "blue": "bold blue", "yellow": "bold yellow",
         "purple": "bold magenta"}
SHORT = {"officer": "Of", "cossack": "Co", "diplomat": "Di", "lady": "La"}
ROOM_ORDER = (("officer", "cossack"), ("lady", "diplomat"))
"""Rooms as drawn on the board: Officer upper left, Cossack upper right, Lady lower left,
Diplomat lower right."""


def p(seat: int | None) -> str:
    return "nobody" if seat is None else f"p{seat + 1}"


def title(kind: str) -> str:
    return TYPE_TITLES[TYPE_BY_KEY[kind]]


def coin_word(key: str) -> str:
    return {"njet": "Njet", "blank": "a blank"}.get(key, f"{key} ruble" + ("s" if key != "1"
                                                                            else ""))


def coins_value(keys: list[str]) -> int:
    return sum(COIN_VALUE[COIN_BY_KEY[k]] for k in keys)


# -- actions ----------------------------------------------------------------------------------
def describe_action(view: dict, text: str, lang: str = "en") -> str:
    """A menu line such as 'travel from IWAN: Diplomat first to KATHARINA, then Cossack ->
    RACHMANIN HOF (skips the Mountains)'."""
    words = text.split()
    head = words[0] if words else ""
    me = view.get("seat")
    mine = view["seats"][me] if me is not None else None
    if head == "place" and len(words) == 3:
        kind, inn = title(words[1]), INN_NAMES[INN_BY_KEY[words[2]]]
        if view["phase"] == "initial":
            return f"start: put your {kind} with your message into {inn}"
        source = "the drawn" if view["phase"] == "drawn" else "your displayed"
        return f"place {source} {kind} into {inn}"
    if head == "message" and len(words) == 3:
        msg = mine["message"] if mine else None
        origin = f"from the {title(msg['room'])} at {msg['inn']} " if msg and "inn" in msg else ""
        return (f"pass your message {origin}to your {title(words[2])} at "
                f"{INN_NAMES[INN_BY_KEY[words[1]]]}")
    if head == "travel" and len(words) == 6:
        return describe_travel(view, words)
    if head == "draw":
        count = mine["stack"] if mine else "?"
        return f"draw the top courier of your stack ({count} left) and place it if it fits"
    if head == "reveal":
        return "reveal a coin from the palace pile" + _rubles_status(view, mine)
    if head == "stop":
        return "stop and keep this turn's coins" + _rubles_status(view, mine)
    if head == "bribe":
        total = mine["coin_total"] if mine else "?"
        guard = mine["message"]["guard"] if mine and mine["message"] else "?"
        return f"bribe the guard above {guard} with your {total} rubles and win"
    if head == "end":
        return "end your turn without the bonus action"
    if head == "extra":
        return f"take the unused colour {view.get('next_colour')} as your new stack"
    if head == "decline":
        return "decline the extra colour for now"
    if head == "pass":
        return "pass (no other action is possible)"
    return text


def _rubles_status(view: dict, mine: dict | None) -> str:
    if not mine or not mine["message"] or "guard" not in mine["message"]:
        return ""
    banked = mine["coin_total"] or 0
    running = coins_value(view["running"])
    return (f" (banked {banked}, this turn {running}, guard asks "
            f"{mine['message']['price']}; pile {view['pile']})")


def describe_travel(view: dict, words: list[str]) -> str:
    inn = INN_BY_KEY[words[1]]
    level = INN_LEVEL[inn]
    rooms = view["inns"][inn]["rooms"]
    parts = []
    for kind, dest in ((words[2], words[3]), (words[4], words[5])):
        courier = rooms[TYPE_BY_KEY[kind]]
        who = f"{courier['colour']} {title(kind)}" if courier else title(kind)
        if courier and courier["message"] is not None:
            who += f" (with {p(courier['message'])}'s message)"
        if dest == "palace":
            where = "the palace"
            if courier and courier["message"] is not None:
                guard = INN_NAMES[inn] if level == 3 else _skip_guard(view)
                where += f" (message to the guard above {guard})"
            top = 4
        else:
            where = INN_NAMES[INN_BY_KEY[dest]]
            top = INN_LEVEL[INN_BY_KEY[dest]]
        skipped = LEVEL_TITLES[level + 1:top]
        if skipped:
            where += " (skips the " + " and ".join(skipped) + ")"
        parts.append((who, where))
    stays = next((r for k, r in enumerate(rooms) if r is not None
                  and TYPES[k] not in (words[2], words[4])), None)
    tail = f"; the {stays['colour']} {title(stays['type'])} stays" if stays else ""
    return (f"travel from {INN_NAMES[inn]}: {parts[0][0]} first to {parts[0][1]}, then "
            f"{parts[1][0]} -> {parts[1][1]}{tail}")


def _skip_guard(view: dict) -> str:
    return next(g["inn"] for g in view["guards"] if g["skip"])


# -- events -----------------------------------------------------------------------------------
def describe_event(event: dict, lang: str = "en", viewer: int | None = None,
                   names: list[str] | None = None) -> str:
    """One readable line for a log event."""
    kind = event.get("e")
    who = p(event.get("seat"))
    if kind == "start":
        return f"{who} is the starting player"
    if kind == "coins":
        return f"the {event['count']} coins are shuffled face down in the palace"
    if kind == "shuffle":
        return f"{who} shuffles the {event['colour']} couriers face down as a stack"
    if kind == "turn":
        return f"{who} turns up a {event['courier']} to start with"
    if kind == "place":
        source = {"start": "with the message", "stack": "just drawn",
                  "display": "from the display"}[event["from"]]
        return f"{who} places the {event['courier']} ({source}) into {event['inn']}"
    if kind == "display":
        return f"{who} turns up a {event['courier']} into the display"
    if kind == "draw":
        if event.get("display"):
            return f"{who} draws a {event['courier']}; it fits nowhere and joins the display"
        return f"{who} draws a {event['courier']}"
    if kind == "message":
        return (f"{who} passes the message from the {title(event['from_type'])} at "
                f"{event['from_inn']} to the {title(event['type'])} at {event['inn']}")
    if kind == "travel":
        moves = []
        for move in event["moves"]:
            line = f"{move['courier']} -> {move['to']}"
            if move["skipped"]:
                line += " (skipping the " + " and ".join(move["skipped"]) + ")"
            if move.get("message") is not None:
                line += f" with {p(move['message'])}'s message"
                if move.get("guard"):
                    line += f", delivered to the guard above {move['guard']}"
            moves.append(line)
        return (f"{who} empties {event['inn']}: " + "; ".join(moves)
                + f"; the {event['stays']} stays")
    if kind == "coin":
        if "coin" in event:
            return f"{who} takes a coin for the courier left behind: {coin_word(event['coin'])}"
        return f"{who} takes a face-down coin for the courier left behind"
    if kind == "reveal":
        return f"{who} reveals {coin_word(event['coin'])}"
    if kind == "njet":
        lost = ", ".join(event["lost"]) or "nothing"
        return f"Njet! {who} loses this turn's coins ({lost})"
    if kind == "bank":
        return f"{who} keeps {', '.join(event['coins'])}"
    if kind == "bribe":
        return (f"{who} bribes the guard above {event['guard']} with "
                f"{', '.join(event['coins'])}")
    if kind == "extra":
        return f"{who} takes the unused colour {event['colour']}"
    if kind == "decline":
        return f"{who} declines the extra colour"
    if kind == "end":
        return f"{who} ends the turn without the bonus action"
    if kind == "pass":
        return f"{who} passes"
    if kind == "win":
        return f"{who} wins: {event['reason']}"
    return str(event)


# -- the table --------------------------------------------------------------------------------
def _room_text(room: dict | None, kind: str) -> Text:
    label = Text(f"{SHORT[kind]} ", style="dim")
    if room is None:
        return label + Text("·", style="dim")
    label.append(room["colour"], style=STYLE.get(room["colour"], "bold"))
    if room["message"] is not None:
        label.append(f" ✉{p(room['message'])}", style="bold reverse")
    return label


def _inn_cell(inn: dict) -> Text:
    if not inn["open"]:
        return Text(f"{inn['name']}\n  CLOSED\n", style="dim strike")
    count = sum(r is not None for r in inn["rooms"])
    head = Text(inn["name"], style="bold" + (" underline" if count == 3 else ""))
    head.append(f" {count}/3" + (" full" if count == 3 else ""), style="dim")
    lines = [head]
    for left, right in ROOM_ORDER:
        line = _room_text(inn["rooms"][TYPE_BY_KEY[left]], left)
        line.append("  ")
        line.append_text(_room_text(inn["rooms"][TYPE_BY_KEY[right]], right))
        lines.append(line)
    return Text("\n").join(lines)


def render_text(view: dict, lang: str = "en"):
    """The whole table as ``view['seat']`` sees it (a Rich renderable)."""
    parts = []
    guards = Table(title="Palace guards", show_header=True, expand=False)
    for guard in view["guards"]:
        guards.add_column(f"above {guard['inn']}" + (" (skip)" if guard["skip"] else ""))
    guards.add_row(*[Text(f"price {g['price']}\n" + (", ".join(
        f"✉{p(s)}" for s in g["messages"]) or "no messages")) for g in view["guards"]])
    parts.append(guards)
    for level in range(len(view["levels"]) - 1, -1, -1):
        inns = [inn for inn in view["inns"] if inn["level"] == level]
        table = Table(title=view["levels"][level], show_header=False, expand=False)
        for _ in inns:
            table.add_column(min_width=22)
        table.add_row(*[_inn_cell(inn) for inn in inns])
        parts.append(table)
    parts.append(_players_table(view))
    parts.append(Text(_status_line(view)))
    log = view.get("log", [])[-6:]
    if log:
        parts.append(Text("\n".join("· " + describe_event(e) for e in log), style="dim"))
    return Group(*parts)


def _players_table(view: dict) -> Table:
    table = Table(title="Players", expand=False)
    for name in ("seat", "colours", "display", "stack", "coins", "message"):
        table.add_column(name)
    for info in view["seats"]:
        seat = info["seat"]
        marker = " ◀" if view.get("to_move") == seat else ""
        you = " (you)" if view.get("seat") == seat else ""
        colours = Text(", ".join(info["colours"]))
        display = Text(", ".join(f"{c['colour']} {title(c['type'])}" for c in info["display"])
                       or "-")
        stack = f"{info['stack']}"
        if info["stack_bottom"]:
            stack += f" ({len(info['stack_bottom'])} known at the bottom)"
        if info["coins"] is None:
            coins = f"{info['coin_count']} hidden"
        else:
            coins = f"{info['coin_total']} ({', '.join(info['coins']) or 'none'})"
        msg = info["message"]
        if msg is None:
            where = "-"
        elif "guard" in msg:
            where = f"guard above {msg['guard']} (price {msg['price']})"
        else:
            where = f"{title(msg['room'])} at {msg['inn']}"
        table.add_row(f"{p(seat)}{you}{marker}", colours, display, stack, coins, where)
    return table


def _status_line(view: dict) -> str:
    line = (f"{view['ruble_rules']} rubles · turn {view['turns'] + 1} · coin pile "
            f"{view['pile']}")
    if view["removed"]:
        line += f" · out of the game: {', '.join(view['removed'])}"
    if view["running"]:
        line += f" · revealed this turn: {', '.join(view['running'])}"
    if view["drawn"]:
        line += f" · drawn: {view['drawn']['colour']} {title(view['drawn']['type'])}"
    if view["final_round_left"] is not None:
        line += f" · final round: {view['final_round_left']} turns left"
    if view.get("terminal"):
        line += f" · over: {p(view.get('winner'))} wins ({view.get('reason')})"
    elif view.get("to_move") is not None:
        line += f" · {p(view['to_move'])} to move ({view['phase']})"
    return line
