"""The phases of a turn and the fixed quantities of the game (rules file 2.1, 3.1)."""

from __future__ import annotations

FOLLOWERS = 7
MESSAGES = (1, 2, 3, 4, 5, 6, 7, 8)
MESSAGE_NAMES = {1: "shortest road", 2: "smallest city", 3: "smallest monastery",
                 4: "extra land tile", 5: "2 per coat of arms", 6: "2 per knight",
                 7: "2 per farmer", 8: "score a follower and take it back"}

DEAL_TILES, DEAL_MESSAGES = "deal_tiles", "deal_messages"
PLACE, FOLLOWER, FIGURE_CHOICE, MESSAGE, CHAIN, END = (
    "place", "follower", "figure", "message", "chain", "end")
DECISIONS = (PLACE, FOLLOWER, FIGURE_CHOICE, MESSAGE, CHAIN)
SCORING_EVENTS = ("score", "figure", "message_result", "merge", "final")
