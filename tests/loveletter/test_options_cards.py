"""Options, presets and their validation; the card data and the playing-card mappings."""

import pytest
from typer.testing import CliRunner

from gonets.core import OptionError
from gonets.core.errors import ContentError
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
         "spare_card": "off", "countess_trigger": "names", "card_set": "premium", "deck": {}}


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


@pytest.mark.parametrize("options,words", [
    ({"tokens_to_win": {"4": 500}}, "'tokens_to_win': tokens for 4 players must be a whole "
                                    "number from 1 to 12, not 500"),
    ({"tokens_to_win": {"4": 13}}, "from 1 to 12, not 13"),
    ({"tokens_to_win": {"4": True}}, "from 1 to 12, not True"),
    ({"tokens_to_win": {"4": 2.5}}, "from 1 to 12, not 2.5"),
    ({"tokens_to_win": {"4": 3, "9": 3}}, "player count '9' must be a number from 2 to 8"),
    ({"tokens_to_win": {"4": 3, 4: 5}}, "player count 4 is given twice"),
    ({"two_player_face_up": 4}, "'two_player_face_up': must be a whole number from 0 to 3, "
                                "not 4"),
    ({"two_player_face_up": -1}, "from 0 to 3, not -1"),
    ({"two_player_face_up": False}, "from 0 to 3, not False"),
])
def test_numeric_options_are_bounded(options, words):
    with pytest.raises(OptionError) as caught:
        GAME.configure(4, options=options)
    assert words in str(caught.value)


def test_numeric_options_at_their_bounds_play():
    config = GAME.configure(2, options={"tokens_to_win": {"2": 12}, "two_player_face_up": 0})
    assert token_target(config) == 12 and rules_for(config).face_up == 0
    config = GAME.configure(2, options={"tokens_to_win": {"2": 1}, "two_player_face_up": 3})
    assert token_target(config) == 1 and rules_for(config).face_up == 3


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


RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
FULL_DECKS = {
    "54": [r + s for s in "♠♥♦♣" for r in RANKS] + ["black joker", "red joker"],
    "36": [r + s for s in "♠♥♦♣" for r in RANKS if r in ("A", "6", "7", "8", "9", "10", "J",
                                                         "Q", "K")],
}


@pytest.mark.parametrize("size", ["54", "36"])
@pytest.mark.parametrize("players", [2, 4, 5, 8])
def test_mapping_sorts_every_card_of_the_deck_once(size, players):
    mapping = C.playing_card_mapping(size, players)
    faces = [face for row in mapping.rows for face in row.cards]
    assert sorted(faces + mapping.tokens + mapping.unused) == sorted(FULL_DECKS[size])
    assert len(faces) == (16 if players <= 4 else 32)
    for row in mapping.rows:
        assert len(row.cards) == C.deck("classic" if players <= 4 else "premium").copies[
            C.INDEX[row.key]]


def test_mapping_fixes():
    mapping = C.playing_card_mapping("54", 6)
    by_key = {row.key: row.cards for row in mapping.rows}
    assert by_key["priest"] == ("2♥", "2♦") and by_key["prince"] == ("5♥", "5♦")
    assert len(by_key["guard"]) == 8 and mapping.tokens == ["9♥", "10♥", "J♥", "K♥"]
    mapping = C.playing_card_mapping("36", 6)
    by_key = {row.key: row.cards for row in mapping.rows}
    assert {"9♥", "9♦", "9♣"} <= set(by_key["guard"])
    assert by_key["sycophant"] == ("J♠", "J♣")
    assert mapping.tokens == ["6♦", "6♣", "7♦", "7♣"] and mapping.unused == []


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6, 7, 8])
def test_54_card_tokens_are_only_the_remaining_hearts_and_unused_queens(players):
    # seed: «Оставшиеся червонные карты можно использовать в качестве жетонов»; fix 25 adds
    # the Queens a 2-4 player game leaves out
    mapping = C.playing_card_mapping("54", players)
    assert all(face.endswith("♥") or face.startswith("Q") for face in mapping.tokens)
    if players <= 4:
        assert mapping.tokens == ["9♥", "10♥", "J♥", "K♥", "Q♠", "Q♥", "Q♦"]
        assert {"black joker", "red joker", "9♠", "2♠", "6♠", "7♠"} <= set(mapping.unused)
    else:
        assert mapping.tokens == ["9♥", "10♥", "J♥", "K♥"]
    assert {"6♦", "9♦", "10♠", "J♣", "K♦"} <= set(mapping.unused)
    assert not set(mapping.tokens) & set(mapping.unused)


@pytest.mark.parametrize("size", ["54", "36"])
def test_mapping_for_two_to_four_players(size):
    mapping = C.playing_card_mapping(size, 3)
    guards = {row.key: row.cards for row in mapping.rows}["guard"]
    assert guards == ("A♠", "A♥", "A♦", "A♣", "Q♣")
    if size == "36":                # the 36-card seed: every remaining card is a token
        assert {"9♠", "9♥", "J♦", "6♦"} <= set(mapping.tokens) and mapping.unused == []


def test_deck_command_lists_tokens_and_unused_cards_apart():
    result = CliRunner().invoke(app, ["deck", "--cards", "54", "--players", "3"])
    assert result.exit_code == 0
    text = " ".join(result.output.split())             # Rich wraps long lines
    tokens, unused = text.split("Token cards (not in play): ")[1].split(" Not used (put aside): ")
    assert tokens.split(", ") == ["9♥", "10♥", "J♥", "K♥", "Q♠", "Q♥", "Q♦"]
    assert "9♠" in unused and "black joker" in unused and "9♠" not in tokens
    result = CliRunner().invoke(app, ["deck", "--cards", "54", "--players", "3", "--lang",
                                      "ru"])
    assert "Не используются (отложить):" in result.output and "чёрный джокер" in result.output


def test_mapping_data_errors_are_named():
    import copy
    import json

    data = json.loads(C.DATA_FILE.read_text(encoding="utf-8"))
    broken = copy.deepcopy(data)
    broken["playing_cards"]["54"]["not_mapped"].append("9♥")
    with pytest.raises(ContentError, match="lists 9♥ more than once"):
        C.validate(broken)
    broken = copy.deepcopy(data)
    broken["playing_cards"]["54"]["unused_tokens"] = ["Z♠"]
    with pytest.raises(ContentError, match="unused_tokens names cards it does not map: Z♠"):
        C.validate(broken)
    broken = copy.deepcopy(data)
    del broken["playing_cards"]["36"]["unused_are_tokens"]
    with pytest.raises(ContentError, match="'unused_are_tokens'"):
        C.validate(broken)


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
