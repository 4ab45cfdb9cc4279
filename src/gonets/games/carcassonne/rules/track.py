"""The scoring track as seen from a view: where every figure of every player stands.

Shared by the terminal and SVG pictures. The board has spaces 0-49, every fifth one printed
dark (rules file 2.1); a figure's space is its total mod 50 (2.1). With The Messengers each
player has a scoring meeple and a messenger (3.2.1); after the final merge (M25) and in the
base game only the scoring meeple stands on the track.
"""

from __future__ import annotations

SPACES = 50
FIGURE_NAMES = ("meeple", "messenger")


def has_messenger(view: dict) -> bool:
    """True while the messengers still stand on the track (played with, not yet merged)."""
    return bool(view["options"].get("messengers")) and not view["merged"]


def figures_on_track(view: dict) -> list[dict]:
    """Every figure on the track: player, figure, total, space, lap and darkness."""
    kinds = 2 if has_messenger(view) else 1
    figures = []
    for player, pair in enumerate(view["scores"]):
        for index in range(kinds):
            total = pair[index] if kinds == 2 else sum(pair)
            space, lap = total % SPACES, total // SPACES
            figures.append({"player": player, "figure": FIGURE_NAMES[index], "total": total,
                            "space": space, "lap": lap, "dark": space % 5 == 0})
    return figures
