"""Options, presets and their validation; the card data and the playing-card mappings."""

import pytest
from typer.testing import CliRunner

from gonets.core import OptionError
from gonets.games.loveletter import GAME
from gonets.games.loveletter.cli import app
from gonets.games.loveletter.game import SEED_TOKENS
from gonets.games.loveletter.rules import cards as C
from gonets.games.loveletter.rules import rules_for, token_target

FLAGS = {"tokens_to_win": SEED_TOKENS, "two_player_face_up": 3, "extended_deck": "auto",
         "guard_guess": "value", "bishop_guess": "value", "bishop_forbid_one": True,
         "princess_beats_bishop": True, "count_bonus": True,
         "constable_counts_knockout_discard": False, "constable_self_knockout_pays": True,
         "sycophant_self_exempt": False, "tiebreak": "discard_sum", "residual_tie": "all_win",
         "simultaneous_target": "round_winner_first", "next_starter": "previous_winner",
         "spare_card": "off", "countess_trigger": "names", "card_set": "premium"}


PREMIUM = {"2": 7, "3": 5, "4": 4, "5": 4, "6": 4, "7": 4, "8": 4}


def test_every_flag_of_section_6_is_an_option_with_the_seed_default():
    assert GAME.preset_options("seed") == FLAGS


@pytest.mark.parametrize("preset,changes", [
    ("seed-strict", {"two_player_face_up": 0, "princess_beats_bishop": False,
                     "guard_guess": "character", "bishop_guess": "character"}),
    ("premium", {"tokens_to_win": PREMIUM}),
    ("classic-2012", {"extended_deck": "never", "guard_guess": "character",
                      "tokens_to_win": {"2": 7, "3": 5, "4": 4}}),
    ("zman-2019", {"card_set": "zman-2019", "guard_guess": "character", "tiebreak": "none",
                   "tokens_to_win": {"2": 6, "3": 5, "4": 4, "5": 3, "6": 3}}),
    ("bga-compat", {"residual_tie": "nobody", "sycophant_self_exempt": True,
                    "tokens_to_win": PREMIUM}),
])
def test_presets_are_exactly_the_seed_plus_their_changes(preset, changes):
    assert GAME.preset_options(preset) == {**FLAGS, **changes}


@pytest.mark.parametrize("preset,table", [
    ("seed", {2: 3, 3: 3, 4: 3, 5: 4, 8: 4}), ("seed-strict", {2: 3, 4: 3, 6: 4}),
    ("premium", {2: 7, 3: 5, 4: 4, 5: 4, 8: 4}), ("classic-2012", {2: 7, 3: 5, 4: 4}),
    ("zman-2019", {2: 6, 3: 5, 4: 4, 5: 3, 6: 3}), ("bga-compat", {2: 7, 3: 5, 4: 4, 7: 4})])
def test_token_targets(preset, table):
    for players, tokens in table.items():
        assert token_target(GAME.configure(players, preset)) == tokens


def test_player_ranges():
    assert GAME.player_range("classic-2012") == (2, 4)
    assert GAME.player_range("zman-2019") == (2, 6)
    assert GAME.player_range("seed") == (2, 8)
    with pytest.raises(OptionError, match="2-4 players"):
        GAME.configure(5, "classic-2012")


def test_decks_in_use():
    assert rules_for(GAME.configure(4)).deck.name == "classic"
    assert rules_for(GAME.configure(5)).deck.name == "premium"
    assert rules_for(GAME.configure(3, options={"extended_deck": "always"})).deck.name == \
        "premium"
    assert rules_for(GAME.configure(6, options={"extended_deck": "never"})).deck.name == \
        "classic"
    assert rules_for(GAME.configure(4, "zman-2019")).deck.name == "zman-2019"


@pytest.mark.parametrize("preset", [p.name for p in GAME.presets])
def test_every_flag_can_be_set_on_every_preset(preset):
    players = GAME.player_range(preset)[0] + 1
    for option in GAME.options:
        for value in option.choices or ():
            if option.name == "extended_deck" and \
                    GAME.preset_options(preset)["card_set"] == "zman-2019" and value != "auto":
                continue
            if option.name == "card_set" and value == "premium" and preset == "zman-2019":
                continue
            if preset == "classic-2012" and value == "zman-2019":
                with pytest.raises(OptionError, match="extended_deck must stay 'auto'"):
                    GAME.configure(players, preset, {option.name: value})
                continue
            GAME.configure(players, preset, {option.name: value})
    GAME.configure(players, preset, {"tokens_to_win": {str(players): 2},
                                     "two_player_face_up": 1})


def test_tokens_to_win_override_and_errors():
    assert token_target(GAME.configure(3, options={"tokens_to_win": {"3": 9}})) == 9
    assert token_target(GAME.configure(3, "premium")) == 5
    with pytest.raises(OptionError, match="mapping"):
        GAME.configure(3, options={"tokens_to_win": None})
    with pytest.raises(OptionError, match="no entry for 4 players"):
        GAME.configure(4, options={"tokens_to_win": {"3": 9}})
    with pytest.raises(OptionError, match="whole number"):
        GAME.configure(3, options={"tokens_to_win": {"3": 0}})
    with pytest.raises(OptionError, match="mapping"):
        GAME.configure(3, options={"tokens_to_win": 5})


def test_contradictory_and_bad_options_are_refused():
    with pytest.raises(OptionError, match="single 21-card deck"):
        GAME.configure(3, "zman-2019", {"extended_deck": "always"})
    with pytest.raises(OptionError, match="not allowed"):
        GAME.configure(3, options={"residual_tie": "coin"})
    with pytest.raises(OptionError, match="0 to 3"):
        GAME.configure(2, options={"two_player_face_up": 4})
    with pytest.raises(OptionError, match="no option"):
        GAME.configure(3, options={"no_such_flag": 1})


def test_two_player_face_up_count():
    config = GAME.configure(2, options={"two_player_face_up": 1})
    assert rules_for(config).face_up == 1
    assert rules_for(GAME.configure(3)).face_up == 0


# -- card data -------------------------------------------------------------------------------------
def test_deck_compositions():
    classic, premium, zman = C.deck("classic"), C.deck("premium"), C.deck("zman-2019")
    assert len(classic.cards) == 16 and len(premium.cards) == 32 and len(zman.cards) == 21
    assert classic.composition() == {"guard": 5, "priest": 2, "baron": 2, "handmaid": 2,
                                     "prince": 2, "king": 1, "countess": 1, "princess": 1}
    assert premium.copies[C.GUARD] == 8 and premium.value[C.BISHOP] == 9
    assert premium.value[C.DOWAGER] == 7 and premium.value[C.JESTER] == 0
    assert zman.value[C.PRINCESS] == 9 and zman.value[C.KING] == 7
    assert zman.copies[C.SPY] == 2 and zman.copies[C.CHANCELLOR] == 2
    assert zman.copies[C.GUARD] == 6


def test_names_in_english_and_russian():
    assert C.card_name("guard", "ru") == "Стражница"
    assert C.card_name("dowager", "ru") == "Королева-вдова"
    assert C.card_name("sycophant") == "Sycophant"
    for key in C.KEYS:
        assert C.card_name(key, "en") and C.card_name(key, "ru") != C.card_name(key, "en")


@pytest.mark.parametrize("size", ["54", "36"])
def test_mapping_for_five_to_eight_players_uses_32_cards(size):
    rows, tokens = C.playing_card_mapping(size, 6)
    faces = [face for row in rows for face in row.cards]
    assert len(faces) == 32 and len(set(faces)) == 32
    assert not set(faces) & set(tokens)
    for row in rows:
        assert len(row.cards) == C.deck("premium").copies[C.INDEX[row.key]]


def test_mapping_fixes():
    rows, tokens = C.playing_card_mapping("54", 6)
    by_key = {row.key: row.cards for row in rows}
    assert by_key["priest"] == ("2♥", "2♦") and by_key["prince"] == ("5♥", "5♦")
    assert len(by_key["guard"]) == 8 and tokens == ["9♥", "10♥", "J♥", "K♥"]
    rows, tokens = C.playing_card_mapping("36", 6)
    by_key = {row.key: row.cards for row in rows}
    assert {"9♥", "9♦", "9♣"} <= set(by_key["guard"])
    assert by_key["sycophant"] == ("J♠", "J♣")
    assert tokens == ["6♦", "6♣", "7♦", "7♣"]


@pytest.mark.parametrize("size", ["54", "36"])
def test_mapping_for_two_to_four_players(size):
    rows, tokens = C.playing_card_mapping(size, 3)
    faces = [face for row in rows for face in row.cards]
    assert len(faces) == 16
    guards = {row.key: row.cards for row in rows}["guard"]
    assert guards == ("A♠", "A♥", "A♦", "A♣", "Q♣")
    if size == "54":
        assert {"9♠", "Q♥", "Q♠", "Q♦", "9♥", "black joker"} <= set(tokens)
    else:
        assert {"9♠", "9♥", "J♦", "6♦"} <= set(tokens)


def test_deck_command_prints_the_table():
    runner = CliRunner()
    result = runner.invoke(app, ["deck", "--cards", "36", "--players", "5", "--lang", "ru"])
    assert result.exit_code == 0
    assert "Стражница" in result.output and "9♣" in result.output and "6♦" in result.output
    result = runner.invoke(app, ["deck", "--cards", "52", "--players", "4"])
    assert result.exit_code == 2 and "54 or 36" in result.output


def test_deck_command_names_the_jokers_in_russian():
    result = CliRunner().invoke(app, ["deck", "--cards", "54", "--players", "6", "--lang", "ru"])
    assert result.exit_code == 0
    assert "чёрный джокер" in result.output and "black joker" not in result.output
