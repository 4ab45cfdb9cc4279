"""The Love Letter ``Game``: metadata, options, presets (``data/presets.json``) and the
entry points of the rules; the other rooms of the folder are found by the base class."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from gonets.core.errors import OptionError
from gonets.core.game import Game
from gonets.core.options import Config, Option, Preset
from gonets.games.loveletter.rules import LoveLetterState, deck_of, rules_for, token_target

PRESETS_FILE = Path(__file__).parent / "data" / "presets.json"
_PRESET_DATA = json.loads(PRESETS_FILE.read_text(encoding="utf-8"))
SEED_TOKENS: dict[str, int] = _PRESET_DATA["seed_tokens"]


MAX_TOKENS = 12
"""The most tokens a match may be played to (the official tables go up to 7)."""
MAX_FACE_UP = 3
"""The most cards removed face up with 2 players (official: 3)."""


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_tokens(value: Any) -> str | None:
    if not isinstance(value, dict) or not value:
        return "must be a mapping from player counts to tokens, e.g. {\"4\": 3}"
    seen = set()
    for players, tokens in value.items():
        if not str(players).isdigit() or not 2 <= int(players) <= 8:
            return f"player count {players!r} must be a number from 2 to 8"
        if int(players) in seen:
            return f"player count {players!r} is given twice"
        seen.add(int(players))
        if not _whole(tokens) or not 1 <= tokens <= MAX_TOKENS:
            return (f"tokens for {players} players must be a whole number from 1 to "
                    f"{MAX_TOKENS}, not {tokens!r}")
    return None


def _check_deck(value: Any) -> str | None:
    if not isinstance(value, dict):
        return "must be a mapping from characters to copies, e.g. {\"guard\": 2, \"princess\": 1}"
    for key, count in value.items():
        if not _whole(count) or count < 0:
            return f"copies of {key!r} must be a whole number from 0 up, not {count!r}"
    return None


OPTIONS = (
    Option("tokens_to_win", SEED_TOKENS,
           "Tokens of affection that win the game, for each player count (Тайное Послание: 3 "
           "for 2-4 players, 4 for 5-8; each preset carries its own table); "
           f"1 to {MAX_TOKENS} tokens.",
           check=_check_tokens, bounds=(1, MAX_TOKENS), basic=True),
    Option("two_player_face_up", 3,
           "Cards removed face up at the start of each round with exactly 2 players "
           "(3 in the Classic and Premium rulebooks; Тайное Послание does not say; preset "
           f"seed-strict: 0); 0 to {MAX_FACE_UP}.",
           bounds=(0, MAX_FACE_UP)),
    Option("extended_deck", "auto",
           "Deck size: auto = 16 classic cards for 2-4 players and all 32 for 5-8; always = "
           "32; never = 16.", choices=("auto", "always", "never")),
    Option("card_set", "premium",
           "Card family: premium = the AEG 16/32-card decks (as in Тайное Послание); zman-2019 = "
           "the 21-card 2019 edition with Spy and Chancellor.", choices=("premium", "zman-2019")),
    Option("guard_guess", "value",
           "What the Guard names: value = a number other than 1 (Premium); character = a "
           "character other than the Guard (Тайное Послание, Classic rulebook).",
           choices=("value", "character")),
    Option("bishop_guess", "value",
           "What the Bishop names: a value or a character.", choices=("value", "character")),
    Option("bishop_forbid_one", True,
           "The Bishop may not name 1 (the Guard), as the Premium reference card says.",
           choices=(True, False)),
    Option("princess_beats_bishop", True,
           "At a showdown a surviving Princess beats a held Bishop (Premium); false: the "
           "Bishop counts 9 and beats her (the letter of Тайное Послание).",
           choices=(True, False)),
    Option("count_bonus", True,
           "At a showdown each Count in your discard pile adds 1 to your hand's value.",
           choices=(True, False)),
    Option("constable_counts_knockout_discard", False,
           "The Constable also pays when it is the card discarded as you are knocked out "
           "(default: only a Constable already in your discards pays).",
           choices=(True, False)),
    Option("constable_self_knockout_pays", True,
           "The Constable pays when you knocked yourself out (Premium rulebook, Constable).",
           choices=(True, False)),
    Option("sycophant_self_exempt", False,
           "When the Sycophant marked the player of the next card and that card cannot "
           "choose its own player, the player chooses freely (BGA) instead of the card "
           "having no effect.", choices=(True, False)),
    Option("tiebreak", "discard_sum",
           "Showdown tie: discard_sum = higher total of the discard pile wins; none = go "
           "straight to residual_tie.", choices=("discard_sum", "none")),
    Option("residual_tie", "all_win",
           "A showdown tie that survives the tiebreak: all_win = every tied player wins the "
           "round; nobody = no round winner (BGA); seat_order = the first tied player "
           "clockwise from the round's first player.", choices=("all_win", "nobody",
                                                               "seat_order")),
    Option("simultaneous_target", "round_winner_first",
           "When round winners and Jester/Spy holders could reach the target together: "
           "round_winner_first = a round winner at the target ends the game before those "
           "tokens are given; shared_victory = give all, everyone at the target wins.",
           choices=("round_winner_first", "shared_victory")),
    Option("next_starter", "previous_winner",
           "Who starts rounds 2+: previous_winner, rotate (left of the previous starter), "
           "random (a random event; then also the first round).",
           choices=("previous_winner", "rotate", "random")),
    Option("spare_card", "off",
           "The optional rule of Тайное Послание: cards may act on the face-down set-aside "
           "card. look_swap = Priest, Baroness, King, Cardinal; look_swap_burn = also the "
           "Prince (burns it face up).", choices=("off", "look_swap", "look_swap_burn")),
    Option("deck", {},
           "For study (small decks a solver can walk whole): the characters of the deck that "
           "stay in play, as a mapping character -> copies, at most the deck's own; the "
           "others are left out. Empty: the whole deck.", check=_check_deck, study=True),
    Option("countess_trigger", "names",
           "The Countess must be played with the King or a Prince (names), or with any card "
           "of the King's or the Prince's value (values).", choices=("names", "values")),
)

PRESETS = tuple(Preset(p["name"], p["doc"], p["options"],
                       tuple(p["players"]) if "players" in p else None)
                for p in _PRESET_DATA["presets"])


def check_config(config: Config) -> None:
    """Cross-option checks: contradictory combinations raise :class:`OptionError`."""
    token_target(config)
    if config["card_set"] == "zman-2019" and config["extended_deck"] != "auto":
        raise OptionError("card_set 'zman-2019' has a single 21-card deck: extended_deck must "
                          f"stay 'auto', not {config['extended_deck']!r}", "extended_deck",
                          code="rules_option")
    if config["deck"]:
        cards = len(deck_of(config).cards)
        face_up = config["two_player_face_up"] if config.players == 2 else 0
        needed = 1 + face_up + config.players + 1
        if cards < needed:
            raise OptionError(f"option 'deck': {cards} cards are too few for {config.players} "
                              f"players with {face_up} face-up cards (a round needs at least "
                              f"{needed})", code="rules")
        rules = rules_for(config)
        for card, named in (("guard", rules.guards), ("bishop", rules.bishops)):
            if config["deck"].get(card) and not named:
                raise OptionError(f"option 'deck': the {card.title()} would have nothing to "
                                  "name (keep a character it may name)", code="rules")


class LoveLetter(Game):
    """Love Letter: classic, Premium 2-8 players, 2019 edition, the fan rules Тайное Послание."""

    name = "loveletter"
    title = "Love Letter"
    min_players = 2
    max_players = 8
    options = OPTIONS
    presets = PRESETS
    default_preset = "seed"
    description = ("Court the princess: draw one, play one; the last suitor standing or the "
                   "highest card wins the round. The Russian fan rules Тайное Послание for 2-8 "
                   "players, with the Premium cards.")

    def check_config(self, config: Config) -> None:
        check_config(config)

    def new_state(self, config: Config) -> LoveLetterState:
        return LoveLetterState(config)

    def num_actions(self, config: Config) -> int:
        return len(rules_for(config).table)

    def bench_counts(self, state: LoveLetterState) -> dict[str, int]:
        return {"rounds": state.rounds_done, "cards_played": state.played}

    def progress(self, state: LoveLetterState) -> float:
        """Rounds dealt so far (the number of the round being played)."""
        return float(state.round)

    def bench_steps(self, state: LoveLetterState) -> int:
        return state.played

    def match_stats(self, state: LoveLetterState) -> dict[str, int]:
        """A finished match's rows for the balance lab: rounds and cards played, and for each
        character of the deck how many times a seat played it in a round (``played_<card>``)
        and in how many of those rounds that seat won (``won_<card>``), so that a run answers
        "how often does the seat that plays the Baron win the round" per preset."""
        stats = dict(self.bench_counts(state))
        kinds = sorted(rules_for(state.config).deck.composition())
        played = dict.fromkeys(kinds, 0)
        won = dict.fromkeys(kinds, 0)
        this_round: dict[int, set[str]] = {}
        for event in state.view(None)["log"]:
            kind = event.get("e")
            if kind == "round":
                this_round = {}
            elif kind == "play":
                this_round.setdefault(event["seat"], set()).add(event["card"])
            elif kind == "round_end":
                for seat, cards in this_round.items():
                    for card in cards:
                        played[card] += 1
                        won[card] += seat in event["winners"]
        for card in kinds:
            stats[f"played_{card}"] = played[card]
            stats[f"won_{card}"] = won[card]
        return stats
