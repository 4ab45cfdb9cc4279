"""The terminal picture of a Love Letter table, drawn from a view alone (see VIEW.md).

It fits an 80-column terminal: a header (round, whose move, deck, set-aside, face-up and
burned cards), one table row per seat (tokens, state and marks, the discard pile in order with
the cause of every forced discard), the Sycophant and Jester marks, the viewer's hand with each
card's value and short effect, and what the viewer knows about other hands from its own log.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from rich import box
from rich.console import Group
from rich.table import Table
from rich.text import Text

from gonets.games.loveletter import cards as C
from gonets.games.loveletter import texts as T
from gonets.games.loveletter.views import Knowledge

TEXTS_FILE = Path(__file__).with_name("table_texts.json")


@cache
def _texts() -> dict:
    return json.loads(TEXTS_FILE.read_text(encoding="utf-8"))


def labels(lang: str) -> dict[str, str]:
    """The table's words in ``lang`` (English when the language is unknown)."""
    data = _texts()["labels"]
    return data.get(lang, data["en"])


def effect(key: str, lang: str = "en") -> str:
    """The short effect text of a character."""
    data = _texts()["effects"]
    return data.get(lang, data["en"]).get(key, "")


def card_value(view: dict, key: str) -> int | None:
    """The printed value of ``key`` in the deck the view plays with."""
    entry = view.get("cards", {}).get(key)
    return entry["value"] if entry else None


def card_label(view: dict, key: str, lang: str) -> str:
    """'Guard 1' (name and value in the deck in use)."""
    value = card_value(view, key)
    name = T.card(key, lang)
    return name if value is None else f"{name} {value}"


def seat_name(seat: int | None, lang: str, viewer: int | None = None) -> str:
    """'p2', or 'p2 (you)' for the viewer."""
    if seat is None:
        return labels(lang)["nobody"]
    name = f"p{seat + 1}"
    return f"{name} ({labels(lang)['you']})" if seat == viewer else name


def tokens_text(tokens: int, target: int) -> str:
    """Filled and empty pips up to the target, e.g. '●●○ 2/3'."""
    shown = max(target, tokens)
    return "●" * tokens + "○" * (shown - tokens) + f" {tokens}/{target}"


def known_hands(view: dict) -> list[tuple[int | str, list[str]]]:
    """What the viewer knows about other hands this round: (seat or 'spare', possible keys),
    read from its own log; only narrow knowledge (three characters or fewer) is listed."""
    seat = view.get("seat")
    if view.get("phase") in (None, "deal", "over") or "deck" not in view:
        return []
    know = Knowledge(C.deck(view["deck"]), view["players"], seat).read(view.get("log", []))
    found: list[tuple[int | str, list[str]]] = []
    for s in view["seats"]:
        q = s["seat"]
        possible = know.possible[q]
        if q == seat or not s["in_round"] or possible is None or not 0 < len(possible) <= 3:
            continue
        found.append((q, sorted(C.KEYS[k] for k in possible)))
    if view.get("spare") and know.spare and len(know.spare) == 1:
        found.append(("spare", [C.KEYS[k] for k in know.spare]))
    return found


def _header(view: dict, lang: str) -> Text:
    words = labels(lang)
    parts = [words["title"]]
    if view.get("preset"):
        parts.append(view["preset"])
    parts.append(words["round"].format(n=view["round"]) if view.get("round") else
                 words["before"])
    if view.get("terminal"):
        parts.append(words["over"])
    elif view.get("to_move") is not None:
        parts.append(words["to_move"].format(p=seat_name(view["to_move"], lang)))
    parts.append(words["target"].format(n=view["target"]))
    return Text(" · ".join(parts), style="bold")


def _table_line(view: dict, lang: str) -> Text:
    words = labels(lang)
    line = Text()
    line.append(words["deck"].format(n=view["deck_size"]), style="bold")
    line.append(" · " + (words["spare"] if view.get("spare") else words["no_spare"]))
    for name in ("face_up", "burned"):
        cards = view.get(name) or []
        if cards or (name == "face_up" and view.get("players") == 2):
            shown = ", ".join(card_label(view, k, lang) for k in cards) or words["none"]
            line.append(f" · {words[name]}: {shown}")
    return line


def _state_text(view: dict, s: dict, lang: str) -> Text:
    words = labels(lang)
    text = Text()
    if not view.get("round"):
        text.append(words["waiting"], style="dim")
    elif s["in_round"]:
        text.append(words["in"], style="green")
    else:
        text.append(words["out"], style="bold red")
    marks = []
    if s["protected"]:
        marks.append((words["protected"], "cyan"))
    if view.get("sycophant") == s["seat"]:
        marks.append((words["marked"], "magenta"))
    jester = view.get("jester")
    if jester and jester["on"] == s["seat"]:
        marks.append((f"{words['jester_on']} ({seat_name(jester['by'], lang)})", "yellow"))
    if s["hand_size"] > 1:
        marks.append((words["cards_in_hand"].format(n=s["hand_size"]), "dim"))
    for word, style in marks:
        text.append(", ")
        text.append(word, style=style)
    return text


def _pile_text(view: dict, s: dict, lang: str) -> Text:
    words = labels(lang)
    text = Text()
    for i, entry in enumerate(s["discards"]):
        if i:
            text.append(", ")
        value = card_value(view, entry["card"])
        text.append(f"{T.card(entry['card'], lang)}({value})")
        if entry["cause"] != "played":
            style = "red" if entry["cause"] == "knockout" else "dim"
            text.append(f"[{words['causes'][entry['cause']]}]", style=style)
    return text


def _seats_table(view: dict, lang: str) -> Table:
    words = labels(lang)
    viewer = view.get("seat")
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, expand=False, show_edge=False)
    table.add_column("", width=1, no_wrap=True)
    table.add_column(words["seat"], no_wrap=True)
    table.add_column(words["tokens"], no_wrap=True)
    table.add_column(words["state"], max_width=22)
    table.add_column(words["discards"], ratio=1)
    table.add_column("Σ", justify="right", no_wrap=True)
    for s in view["seats"]:
        q = s["seat"]
        pointer = "▶" if q == view.get("turn") else ""
        name = Text(seat_name(q, lang, viewer), style="bold" if q == viewer else "")
        table.add_row(pointer, name, tokens_text(s["tokens"], view["target"]),
                      _state_text(view, s, lang), _pile_text(view, s, lang),
                      str(s["discard_total"]))
    return table


def _marks(view: dict, lang: str) -> list[Text]:
    words = labels(lang)
    lines = []
    if view.get("sycophant") is not None:
        lines.append(Text(words["sycophant_line"].format(p=seat_name(view["sycophant"], lang)),
                          style="magenta"))
    jester = view.get("jester")
    if jester:
        lines.append(Text(words["jester_line"].format(by=seat_name(jester["by"], lang),
                                                      on=seat_name(jester["on"], lang)),
                          style="yellow"))
    return lines


def _hand(view: dict, lang: str) -> list:
    words = labels(lang)
    hand = view.get("hand")
    if hand is None:
        return [Text(words["spectator"], style="dim")]
    if not hand:
        return [Text(words["out_hand"] if view.get("round") and not view.get("terminal")
                     else "", style="dim")]
    grid = Table.grid(padding=(0, 1))
    grid.add_column(no_wrap=True)
    grid.add_column(no_wrap=True)
    grid.add_column()
    for key in hand:
        grid.add_row(" ", Text(card_label(view, key, lang), style="bold"),
                     f"— {effect(key, lang)}")
    return [Text(f"{words['hand']}:", style="bold"), grid]


def _knowledge(view: dict, lang: str) -> list[Text]:
    words = labels(lang)
    parts = []
    for who, keys in known_hands(view):
        names = [T.card(k, lang) for k in keys]
        if who == "spare":
            parts.append(words["spare_is"].format(card=names[0]))
        elif len(names) == 1:
            parts.append(words["holds"].format(p=seat_name(who, lang), card=names[0]))
        else:
            parts.append(words["holds_one_of"].format(p=seat_name(who, lang),
                                                      cards=", ".join(names)))
    if not parts:
        return []
    return [Text(f"{words['known']}: " + "; ".join(parts), style="cyan")]


def _phase(view: dict, lang: str) -> list[Text]:
    words = labels(lang)
    lines = []
    phase = view.get("phase")
    if phase == "redraw" and view.get("to_move") is not None:
        lines.append(Text(words["redraw_phase"].format(p=seat_name(view["to_move"], lang)),
                          style="bold yellow"))
    elif phase == "chancellor" and view.get("turn") is not None:
        lines.append(Text(words["chancellor_phase"].format(p=seat_name(view["turn"], lang)),
                          style="bold yellow"))
    elif phase == "deal" and not view.get("terminal"):
        lines.append(Text(words["dealing"].format(n=(view.get("round") or 0) + 1),
                          style="yellow"))
    elif phase == "play" and view.get("deck_size") == 0:
        lines.append(Text(words["showdown_next"], style="yellow"))
    result = view.get("result")
    if view.get("terminal") and result is not None:
        winners = ", ".join(seat_name(w, lang) for w in result["winners"]) or words["nobody"]
        lines.append(Text(words["winners"].format(p=winners), style="bold green"))
    return lines


def render_text(view: dict, lang: str = "en") -> Group:
    """The whole table as ``view``'s seat (or a spectator) sees it, as a Rich renderable."""
    lang = T.lang_of(lang)
    parts: list = [_header(view, lang), _table_line(view, lang), _seats_table(view, lang)]
    if any(d["cause"] != "played" for s in view["seats"] for d in s["discards"]):
        parts.append(Text(labels(lang)["legend"], style="dim"))
    parts += _marks(view, lang)
    parts += _phase(view, lang)
    parts += _hand(view, lang)
    parts += _knowledge(view, lang)
    return Group(*parts)
