"""The end screen of Carcassonne: every player ranked by points, with the points each kind of
feature gave (roads, cities, monasteries, fields, messages), why the game ended and how many
points each player scored at the end (the features still open and the fields)."""

from __future__ import annotations

from gonets.core.ending import screen
from gonets.games.carcassonne.text.web import points_by_source
from gonets.games.carcassonne.text.words import count, phrases


def final(view: dict, lang: str = "en") -> dict:
    """The ranking, the reason and the points per source of a finished view."""
    words = phrases(lang)["web"]
    names = view.get("names") or []
    totals = list(view["totals"])
    winners = list(view["result"]["winners"])
    cells = []
    for seat, part in enumerate(points_by_source(view)):
        bits = [words["final_parts"][kind].format(n=n) for kind, n in part.items() if n]
        cells.append([totals[seat], ", ".join(bits) or "–"])
    reason = words["final_reason"]
    if winners:
        won = words["final_win" if len(winners) == 1 else "final_tie"]
        reason += " " + won.format(who=", ".join(_name(names, s) for s in winners),
                                   points=count(totals[winners[0]], "point", lang))
    late = [0] * view["players"]
    for event in view.get("log", []):
        if event.get("type") == "final":
            for seat in event["holders"]:
                late[seat] += event["points"]
    lines = [[words["final_late"], ", ".join(f"{_name(names, s)} {n}"
                                             for s, n in enumerate(late))]]
    return screen(reason, [words["col_points"], words["final_sources"]], cells, totals, lines)


def _name(names: list, seat: int) -> str:
    return names[seat] if seat < len(names) and names[seat] else f"p{seat + 1}"
