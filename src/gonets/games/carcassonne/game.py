"""The Carcassonne game definition: metadata, options and presets.

The rooms (views, text, svg, bot, cli) are found by the base class (docs/architecture.md).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from gonets.core import Game, Option, OptionError, Preset
from gonets.core.options import Config
from gonets.games.carcassonne.rules import NUM_ACTIONS, VARIANTS, CarcassonneState


def _message_number(value: Any) -> str | None:
    if value is None or (isinstance(value, int) and not isinstance(value, bool)
                         and 1 <= value <= 8):
        return None
    return f"must be a message number from 1 to 8, or null (keep all 8), not {value!r}"


def _load_presets() -> tuple[Preset, ...]:
    data = json.loads((Path(__file__).parent / "data" / "presets.json").read_text(encoding="utf-8"))
    return tuple(Preset(p["name"], p["doc"], p["options"]) for p in data["presets"])


class Carcassonne(Game):
    """Carcassonne (base game with farmers) and the mini-expansion The Messengers."""

    name = "carcassonne"
    title = "Carcassonne + The Messengers"
    min_players = 2
    max_players = 6
    description = ("Lay land tiles, claim roads, cities, monasteries and fields with followers; "
                   "with The Messengers, a second scoring figure draws messages on dark spaces.")
    options = (
        Option("messengers", True, "Play with the mini-expansion The Messengers (off: base game "
               "alone).", choices=(True, False)),
        Option("messengers.variant", "c3", "Rules edition of The Messengers (the table in "
               "RULES.md, 'The Messengers'); it sets the switches below that are left null. "
               "hig_c2 and c3: majority for message 8; zmg_c2: draw only alone on a dark "
               "space, message 8 without majority, the meeple is kept at the end; c3_1: as c3 "
               "plus all of a player's points in a turn go to one figure.",
               choices=tuple(VARIANTS)),
        Option("messengers.require_alone", None, "ZMG: draw a message only if no other player's "
               "figure shares the dark space (null: as the variant says).",
               choices=(None, True, False)),
        Option("messengers.msg8_requires_majority", None, "Message 8 scores only with a "
               "majority on the feature (null: as the variant says).", choices=(None, True, False)),
        Option("messengers.single_figure_per_turn", None, "C3.1: all of a player's points in a "
               "turn go to one figure (null: as the variant says).", choices=(None, True, False)),
        Option("messengers.chain_is_optional", None, "A chained message (from a message's "
               "points) is asked, not drawn at once (null: as the variant says).",
               choices=(None, True, False)),
        Option("messengers.trigger_figures", "moved", "Which figures a round check looks at: "
               "every figure moved in the round, or only the last moved (as the Messengers FAQ "
               "of January 2021 reads).", choices=("moved", "last_moved")),
        Option("messengers.final_keep_figure", None, "Which figure is kept for final scoring "
               "(choice or meeple; no effect on play; null: as the variant says).",
               choices=(None, "choice", "meeple")),
        Option("messengers.remove_message", None, "For study: the message tile (1-8) taken "
               "out of the stack, which then cycles 7 tiles; the others keep the order they "
               "would have had (null: all 8).", check=_message_number, study=True),
        Option("tiny_city_scoring", False, "Legacy: a completed two-tile city scores 1 per tile "
               "and per coat of arms (first edition).", choices=(True, False)),
        Option("farm_scoring", "field", "Farm scoring: field (current, 3 per completed city per "
               "field), city_4 (first edition: city by city, 4 each), city_3 (old RGG: city by "
               "city, 3 each, every city paid once).", choices=("field", "city_4", "city_3")),
        Option("unplaceable", "discard", "An unplaceable tile is discarded (current rules) or "
               "goes under the pile (a legacy variant).", choices=("discard", "bottom")),
    )
    presets = _load_presets()
    default_preset = "c3"

    def check_config(self, config: Config) -> None:
        """A message tile can only be removed from the stack The Messengers deal."""
        removed = config["messengers.remove_message"]
        if removed is not None and not config["messengers"]:
            raise OptionError(f"option 'messengers.remove_message': there is no message stack "
                              f"to take tile {removed} from without The Messengers "
                              "(messengers=false)", code="rules")

    def new_state(self, config: Config) -> CarcassonneState:
        return CarcassonneState(config)

    def num_actions(self, config: Config) -> int:
        return NUM_ACTIONS

    def bench_counts(self, state: CarcassonneState) -> dict[str, int]:
        log = state.log
        return {"tiles_placed": len(state.board.tiles) - 1,
                "messages": sum(1 for e in log if e["type"] == "message"),
                "discards": sum(1 for e in log if e["type"] == "discard")}

    def progress(self, state: CarcassonneState) -> float:
        """Tiles placed so far (the start tile not counted)."""
        return float(len(state.board.tiles) - 1)

