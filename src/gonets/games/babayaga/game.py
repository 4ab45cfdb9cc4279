"""The Baba Yaga game definition: metadata, options, presets and the rules entry points."""

from __future__ import annotations

from typing import Any

from gonets.core.errors import ContentError, OptionError
from gonets.core.game import Game, State
from gonets.core.options import Config, Option, Preset
from gonets.games.babayaga.notation import action_table
from gonets.games.babayaga.rules import BabaYagaState
from gonets.games.babayaga.rules.content import pack_content


def _pack(value: Any) -> str | None:
    """A pack folder must load, its own Russian names included: every problem of a refused
    one is named."""
    if not isinstance(value, str):
        return f"must be the path of a content pack folder (text), not {value!r}"
    if value:
        try:
            pack_content(value)
        except ContentError as exc:
            return f"the pack {value!r} is refused:\n{exc}"
    return None


class BabaYagaGame(Game):
    """Baba Yaga (2010): bogatyrs on quests across folk-tale Russia, hunted by the witch."""

    name = "babayaga"
    title = "Baba Yaga"
    min_players = 1
    max_players = 6
    description = ("Heroes roam a 50-space board, meet encounter cards, chase quests and "
                   "dodge Baba Yaga, her Hut and her Horseman. Competitive, co-op and solo.")
    options = (
        Option("mode", "competitive", "competitive (first quest or most Rep wins), cooperative "
               "(everyone finishes or Baba Yaga #3 falls) or solo (one player, 15 cards fewer "
               "per deck, time of day by die)", choices=("competitive", "cooperative", "solo")),
        Option("extra_removed", 0, "the rulebook's 'too easy?' variant: extra random cards "
               "removed from each deck at set-up (the rulebook suggests 5)", bounds=(0, 15)),
        Option("max_rounds", 300, "a safety cap of ours: reaching it ends the game like a deck-out",
               bounds=(1, 1000)),
        Option("quest_step_mandatory", True, "a due quest step replaces the normal encounter "
               "without asking (the rulebook, 'Quests'); false lets the player draw instead",
               choices=(True, False)),
        Option("choose_characters", False, "players pick characters one at a time in seat "
               "order instead of a random deal (the rulebook, 'Getting Started', allows it); "
               "quests are always dealt", choices=(True, False)),
        Option("skip_stacks", False, "several 'miss a turn' results add up instead of "
               "merging into one face-down card", choices=(True, False)),
        Option("steal_attempts_per_turn", 1, "competitive steal/beguile attempts allowed per "
               "turn; 0 switches stealing off", bounds=(0, 2)),
        Option("baba_yaga_ties", "random", "who settles Baba Yaga's ties (equal targets or "
               "paths): a random pick or the first player",
               choices=("random", "active_player")),
        Option("solo_lose_on_death", False, "solo hard mode: any death loses the game",
               choices=(True, False)),
        Option("solo_lose_on_baba_fail", False, "solo hard mode: failing any Baba Yaga "
               "encounter loses the game", choices=(True, False)),
        Option("pack", "", "a content pack folder to play with instead of the built-in cards, "
               "board and rules (a copy of the game's data folder, changed; `gonets babayaga "
               "validate FOLDER` checks it); empty: the built-in pack", check=_pack,
               study=True, local=True),
    )
    presets = (
        Preset("competitive", "competitive play, 2-6 players", {"mode": "competitive"}, (2, 6)),
        Preset("cooperative", "co-operative play, 2-6 players", {"mode": "cooperative"}, (2, 6)),
        Preset("solo", "one player against the game", {"mode": "solo"}, (1, 1)),
    )
    default_preset = "competitive"

    def check_config(self, config: Config) -> None:
        if config["mode"] == "solo" and config.players != 1:
            raise OptionError("solo mode is for exactly 1 player; use competitive or cooperative "
                              "for 2-6", code="rules")
        if config["mode"] != "solo" and config.players == 1:
            raise OptionError("a 1-player game uses the solo rules: choose the 'solo' preset",
                              code="rules")

    def new_state(self, config: Config) -> State:
        acts, index = action_table(config.players, config["pack"])
        return BabaYagaState(pack_content(config["pack"]), config, acts, index)

    def num_actions(self, config: Config) -> int:
        return len(action_table(config.players, config["pack"])[0])

    def bench_counts(self, state: State) -> dict[str, int]:
        return {"rounds": state.round, "decisions": state.decisions}

    def progress(self, state: State) -> float:
        """The round being played (1 at the start)."""
        return float(state.round)
