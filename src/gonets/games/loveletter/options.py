"""Options (one per rule flag of rules §6, plus ``spare_card``, ``tokens_to_win`` and
``card_set``) and the presets of rules §2 and L3."""

from __future__ import annotations

from typing import Any

from gonets.core.errors import OptionError
from gonets.core.options import Config, Option, Preset

SEED_TOKENS = {"2": 3, "3": 3, "4": 3, "5": 4, "6": 4, "7": 4, "8": 4}
PREMIUM_TOKENS = {"2": 7, "3": 5, "4": 4, "5": 4, "6": 4, "7": 4, "8": 4}
CLASSIC_TOKENS = {"2": 7, "3": 5, "4": 4}
ZMAN_TOKENS = {"2": 6, "3": 5, "4": 4, "5": 3, "6": 3}

def _check_tokens(value: Any) -> str | None:
    if not isinstance(value, dict) or not value:
        return "must be a mapping from player counts to tokens, e.g. {\"4\": 3}"
    for players, tokens in value.items():
        if not str(players).isdigit() or not 2 <= int(players) <= 8:
            return f"player count {players!r} must be a number from 2 to 8"
        if not isinstance(tokens, int) or isinstance(tokens, bool) or tokens < 1:
            return f"tokens for {players} players must be a whole number of at least 1"
    return None


def _check_face_up(value: Any) -> str | None:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 3:
        return f"{value!r} is not a whole number from 0 to 3"
    return None


OPTIONS = (
    Option("tokens_to_win", SEED_TOKENS,
           "Tokens of affection that win the game, as a mapping players -> tokens "
           "(seed: 3 for 2-4 players, 4 for 5-8; each preset carries its own table).",
           check=_check_tokens),
    Option("two_player_face_up", 3,
           "Cards removed face up at the start of each round with exactly 2 players "
           "(official 3; the seed is silent; seed-strict 0).", check=_check_face_up),
    Option("extended_deck", "auto",
           "Deck size: auto = 16 classic cards for 2-4 players and all 32 for 5-8; always = "
           "32; never = 16.", choices=("auto", "always", "never")),
    Option("card_set", "premium",
           "Card family: premium = the AEG 16/32-card decks (seed); zman-2019 = the 21-card "
           "2019 edition with Spy and Chancellor.", choices=("premium", "zman-2019")),
    Option("guard_guess", "value",
           "What the Guard names: value = a number other than 1 (Premium); character = a "
           "character other than the Guard (seed text, classic).",
           choices=("value", "character")),
    Option("bishop_guess", "value",
           "What the Bishop names: a value or a character.", choices=("value", "character")),
    Option("bishop_forbid_one", True,
           "The Bishop may not name 1 (the Guard), as the Premium reference card says.",
           choices=(True, False)),
    Option("princess_beats_bishop", True,
           "At a showdown a surviving Princess beats a held Bishop (Premium); false: the "
           "Bishop counts 9 and beats her (the seed's letter).", choices=(True, False)),
    Option("count_bonus", True,
           "At a showdown each Count in your discard pile adds 1 to your hand's value.",
           choices=(True, False)),
    Option("constable_counts_knockout_discard", False,
           "The Constable also pays when it is the card discarded as you are knocked out "
           "(default: only a Constable already in your discards pays).",
           choices=(True, False)),
    Option("constable_self_knockout_pays", True,
           "The Constable pays when you knocked yourself out (L7).", choices=(True, False)),
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
           "The seed's optional rule: cards may act on the face-down set-aside card. "
           "look_swap = Priest, Baroness, King, Cardinal; look_swap_burn = also the Prince "
           "(burns it face up).", choices=("off", "look_swap", "look_swap_burn")),
    Option("countess_trigger", "names",
           "The Countess must be played with the King or a Prince (names), or with any card "
           "of the King's or the Prince's value (values).", choices=("names", "values")),
)

PRESETS = (
    Preset("seed", "The seed (Тайное Послание for 2-8) with the official fill-ins of rules §2: "
           "3 tokens for 2-4 players, 4 for 5-8."),
    Preset("seed-strict", "The seed's letter where it is explicit: no face-up cards with 2 "
           "players, a held Bishop beats the Princess, Guard and Bishop name characters.",
           {"two_player_face_up": 0, "princess_beats_bishop": False,
            "guard_guess": "character", "bishop_guess": "character"}),
    Preset("premium", "AEG Love Letter Premium as written (tokens 7/5/4, 4 for 5-8).",
           {"tokens_to_win": PREMIUM_TOKENS}),
    Preset("classic-2012", "AEG Love Letter 2012: 16 cards, 2-4 players, the Guard names a "
           "character, tokens 7/5/4.",
           {"extended_deck": "never", "guard_guess": "character",
            "tokens_to_win": CLASSIC_TOKENS}, players=(2, 4)),
    Preset("zman-2019", "Z-Man 2019 edition: 21 cards with Spy and Chancellor, 2-6 players, "
           "tokens 6/5/4/3/3, the Guard names a character, ties shared.",
           {"card_set": "zman-2019", "guard_guess": "character", "tiebreak": "none",
            "tokens_to_win": ZMAN_TOKENS}, players=(2, 6)),
    Preset("bga-compat", "Premium plus Board Game Arena's rulings: a residual tie gives "
           "nobody the round; a Sycophant mark on the next card's own player frees it.",
           {"residual_tie": "nobody", "sycophant_self_exempt": True,
            "tokens_to_win": PREMIUM_TOKENS}),
)


def token_target(config: Config) -> int:
    """Tokens that win the game for this configuration."""
    target = {str(k): v for k, v in config["tokens_to_win"].items()}.get(str(config.players))
    if target is None:
        raise OptionError(f"tokens_to_win has no entry for {config.players} players; add "
                          f"\"{config.players}\": N to the mapping")
    return target


def check_config(config: Config) -> None:
    """Cross-option checks: contradictory combinations raise :class:`OptionError`."""
    token_target(config)
    if config["card_set"] == "zman-2019" and config["extended_deck"] != "auto":
        raise OptionError("card_set 'zman-2019' has a single 21-card deck: extended_deck must "
                          f"stay 'auto', not {config['extended_deck']!r}")
