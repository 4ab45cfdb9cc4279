"""Content pack: counts, board facts of the rulebook, and the validator's error messages."""

import shutil
from itertools import pairwise

import pytest
import yaml
from typer.testing import CliRunner

from gonets.core import get_game
from gonets.core.errors import ContentError
from gonets.games.babayaga.cli import app
from gonets.games.babayaga.rules import BabaYagaState
from gonets.games.babayaga.rules import content as content_module
from gonets.games.babayaga.rules.content import (
    DEFAULT_DIR,
    EFFECT_KINDS,
    default_content,
    load_content,
)


@pytest.fixture(scope="module")
def c():
    return default_content()


def test_counts(c):
    assert len(c.locations) == 50
    assert sorted(lid for lid in c.locations if c.locations[lid]["kind"] == "town") == sorted(
        ["ivangorod", "koldunoi", "vasilev", "tsarov", "ozerov", "khorov", "vilinsk"])
    assert len(c.decks["wilderness"]) == 40 and len(c.decks["town"]) == 32
    assert len(c.characters) == 6 and len(c.quests) == 6
    kinds = {}
    for _, _, k in c.edges:
        kinds[k] = kinds.get(k, 0) + 1
    assert kinds == {"open": 67, "bridge": 2, "pass": 2, "causeway": 2, "river": 3,
                     "mountain": 7, "lake": 2}


def test_seed_board_facts(c):
    walk = c.dist["walk"]
    # Move 1 from Home of Morozko: not Crossroads, Grasslands or Tsarov (mountain line)
    assert "crossroads" not in c.walk["home_of_morozko"]
    assert "grasslands" not in c.walk["home_of_morozko"]
    assert "tsarov" not in c.walk["home_of_morozko"]
    assert "tsarov" in c.flight["home_of_morozko"]
    assert walk["home_of_morozko"]["crossroads"] == 2 and walk["home_of_morozko"]["grasslands"] == 4
    # Ozerov only by the causeways to Ferryman's Glen and Marshes; by air from the lake shores
    assert sorted(c.walk["ozerov"]) == ["ferrymans_glen", "marshes"]
    assert sorted(c.flight["ozerov"]) == ["ferrymans_glen", "marshes", "reed_banks", "willow_shore"]
    # Pass of Devils joins Warrior's Rest and Dragon's Heart
    assert "warriors_rest" in c.walk["pass_of_devils"]
    assert "dragons_heart" in c.walk["pass_of_devils"]
    assert c.token_start == {"hut": "bone_fence", "horseman": "bone_fence"}
    assert c.baba_entry == "bone_fence"
    assert {t: walk["bone_fence"][t] for t in ("tsarov", "vasilev", "ozerov", "khorov", "koldunoi",
                                               "ivangorod", "vilinsk")} == \
        {"tsarov": 2, "vasilev": 3, "ozerov": 4, "khorov": 4, "koldunoi": 5, "ivangorod": 7,
         "vilinsk": 8}


def test_token_graph_has_no_towns_and_graphs_connected(c):
    assert all(c.locations[lid]["kind"] == "wild" for lid in c.token)
    assert all(c.locations[n]["kind"] == "wild" for lid in c.token for n in c.token[lid])
    assert len(c.dist["token"]["bone_fence"]) == 43
    assert len(c.dist["walk"]["bone_fence"]) == 50 and len(c.dist["flight"]["bone_fence"]) == 50


def test_slay_the_dragon_is_the_seed_quest(c):
    q = c.quests["slay_the_dragon"]
    assert q["start"] == "ozerov"
    steps = [c.cards[s] for s in q["steps"]]
    assert [s["trigger"] for s in steps] == [
        {"token": "hut"}, {"passive": {"token_absent": "solovey"}}, {"token": "hut"},
        {"at": "warriors_rest"}, {"at": "pass_of_devils"}, {"at": "dragons_heart"}]
    challenges = [[(ch["ability"], ch["base"], ch["plus_rep"]) for ch in s["challenges"]]
                  for s in steps]
    assert challenges == [[("fight", 3, True)], [], [], [("fight", 4, False)],
                          [("fight", 5, False)], [("fight", 6, False)]]
    assert steps[-1]["final"] and ("eliminate", None) in steps[-1]["lose"]
    assert steps[2]["no_encounter"]


def copy_pack(tmp_path):
    dest = tmp_path / "pack"
    shutil.copytree(DEFAULT_DIR, dest)
    return dest


def edit_yaml(path, change):
    data = yaml.safe_load(path.read_text())
    change(data)
    path.write_text(yaml.safe_dump(data, sort_keys=False))


def run_validate(folder):
    return CliRunner().invoke(app, ["validate", str(folder)])


def test_validate_accepts_builtin_pack():
    result = run_validate(DEFAULT_DIR)
    assert result.exit_code == 0 and "valid" in result.output


def test_validate_rejects_dangling_location(tmp_path):
    pack = copy_pack(tmp_path)
    edit_yaml(pack / "quests.yaml", lambda q: q[1]["steps"][0]["trigger"].update(at="atlantis"))
    result = run_validate(pack)
    assert result.exit_code == 2
    assert "quests.yaml" in result.output and "death_of_koshchey" in result.output
    assert "steps #1: trigger: at: 'atlantis' is not a place on the board" in result.output


def test_validate_rejects_unknown_effect_kind(tmp_path):
    pack = copy_pack(tmp_path)
    edit_yaml(pack / "cards" / "town.yaml", lambda cards: cards[1].update(lose=["turn_into_frog"]))
    result = run_validate(pack)
    assert result.exit_code == 2
    assert "town.yaml" in result.output and "T02" in result.output
    assert "unknown effect kind 'turn_into_frog'" in result.output


def test_validate_checks_the_russian_names_file(tmp_path):
    pack = copy_pack(tmp_path)
    (pack / "names.ru.yaml").write_text(
        "places:\n  bone_fence: Тын\ncards:\n  W01: Поп\n  W99: [a, b]\n"
        "characters:\n  ilya_murometz: Илья\n  ilya_muromets: ''\nstories:\n",
        encoding="utf-8")
    result = run_validate(pack)
    assert result.exit_code == 2 and "invalid content: 5 problems" in result.output
    for line in ("names.ru.yaml: places: unknown field",
                 "names.ru.yaml: cards: W01: must be [title, name of the kept card], not 'Поп'",
                 "names.ru.yaml: cards: W99: this pack has no card 'W99'",
                 "names.ru.yaml: characters: ilya_murometz: this pack has no hero",
                 "names.ru.yaml: characters: ilya_muromets: is empty"):
        assert line in result.output
    with pytest.raises(ContentError, match="this pack has no card 'W99'"):
        load_content(pack)


@pytest.mark.parametrize("text,line", [
    ("cards:\n  W01: [Поп, Платок\n", "names.ru.yaml: not valid YAML: "),
    ("quests:\n  the_firebird: '   '\n", "names.ru.yaml: quests: the_firebird: is empty"),
])
def test_a_russian_names_file_that_does_not_read_is_one_problem(tmp_path, text, line):
    pack = copy_pack(tmp_path)
    (pack / "names.ru.yaml").write_text(text, encoding="utf-8")
    result = run_validate(pack)
    assert result.exit_code == 2 and "invalid content: 1 problem\n" in result.output
    assert line in result.output and "Traceback" not in result.output


def test_a_pack_file_that_is_not_utf8_is_named(tmp_path):
    pack = copy_pack(tmp_path)
    (pack / "names.ru.yaml").write_bytes("quests:\n  the_firebird: Жар-птица\n".encode("cp1251"))
    result = run_validate(pack)
    assert result.exit_code == 2 and "names.ru.yaml: not UTF-8 text" in result.output


def test_a_pack_without_russian_names_is_valid(tmp_path):
    pack = copy_pack(tmp_path)
    (pack / "names.ru.yaml").unlink()
    assert run_validate(pack).exit_code == 0 and load_content(pack).russian == {}


def test_validate_rejects_town_reachable_by_hut(tmp_path):
    pack = copy_pack(tmp_path)
    edit_yaml(pack / "board.yaml", lambda b: b["token_start"].update(hut="tsarov"))
    result = run_validate(pack)
    assert result.exit_code == 2
    assert "board.yaml" in result.output and "town" in result.output and "hut" in result.output


def test_validate_rejects_a_quest_or_card_that_puts_the_hut_in_a_town(tmp_path):
    pack = copy_pack(tmp_path)
    edit_yaml(pack / "quests.yaml",
              lambda q: q[0]["steps"][0].update(win=[{"place_token": {"token": "hut",
                                                                      "location": "tsarov"}}]))
    result = run_validate(pack)
    assert result.exit_code == 2
    assert "quests.yaml" in result.output and "slay_the_dragon" in result.output
    assert "puts the hut in the town 'tsarov'" in result.output
    pack2 = copy_pack(tmp_path / "b")
    edit_yaml(pack2 / "cards" / "elements.yaml",
              lambda cards: [c.update(win=[{"place_token": {"token": "horseman",
                                                            "location": "khorov"}}])
                             for c in cards if c["id"] == "H_BLACK"])
    with pytest.raises(ContentError, match="elements.yaml.*horseman in the town 'khorov'"):
        load_content(pack2)


def test_other_problems_named(tmp_path):
    pack = copy_pack(tmp_path)
    edit_yaml(pack / "cards" / "wilderness.yaml", lambda cards: cards.pop())
    with pytest.raises(ContentError, match="wilderness.*needs 40 cards, found 39"):
        load_content(pack)
    pack2 = copy_pack(tmp_path / "b")
    edit_yaml(pack2 / "board.yaml",
              lambda b: b["edges"].append(["ozerov", "bone_fence", "wormhole"]))
    with pytest.raises(ContentError, match="edge #86 .*kind: 'wormhole' is not one of 'open'"):
        load_content(pack2)
    pack3 = copy_pack(tmp_path / "c")
    edit_yaml(pack3 / "cards" / "town.yaml", lambda cards: cards[0]["challenges"][0].update(base=9))
    with pytest.raises(ContentError, match="T01.*challenges #1: base: 9 is above 6"):
        load_content(pack3)


def test_conflicting_setup_pulls_and_move_mod_alias(tmp_path):
    pack = copy_pack(tmp_path)
    edit_yaml(pack / "quests.yaml", lambda q: q[1].update(setup=[{"set_aside": "W02"}]))
    with pytest.raises(ContentError, match="quests.yaml.*set-up pull of W02 conflicts"):
        load_content(pack)
    pack2 = copy_pack(tmp_path / "b")
    edit_yaml(pack2 / "cards" / "wilderness.yaml",
              lambda cards: cards[2].update(
                  lose=[{"move_mod": {"amount": -1, "duration": "next_turn"}}]))
    card = load_content(pack2).cards["W03"]
    assert card["lose"] == [
        ("dice_mod", {"ability": "move", "amount": -1, "duration": "next_turn"})]


def test_every_quest_location_is_reachable_from_its_start(c):
    for quest in c.quests.values():
        for sid in quest["steps"]:
            at = c.cards[sid]["trigger"].get("at")
            if at:
                assert at in c.dist["walk"][quest["start"]]


def test_board_checks_of_the_rules_file(c):
    """Section 6.2's checks and the addendum's mechanical ones, kept as tests."""
    walk = c.dist["walk"]
    assert walk["bone_fence"]["bandit_camp"] == 2 and walk["bone_fence"]["warriors_rest"] == 2
    assert sorted(c.walk["home_of_morozko"]) == ["alatyr_stone", "firebirds_glade",
                                                 "snow_maidens_vale"]
    pos = {lid: tuple(c.locations[lid]["grid"]) for lid in c.locations}
    edges = {frozenset((a, b)) for a, b, _ in c.edges}
    neighbours = {frozenset((a, b)) for a in pos for b in pos
                  if abs(pos[a][0] - pos[b][0]) + abs(pos[a][1] - pos[b][1]) == 1}
    assert edges == neighbours                   # no corner contacts, every side has an edge
    assert sorted(lid for lid in c.token if len(c.token[lid]) == 1) == [
        "black_crags", "grasslands", "leshiis_wood", "ravens_rock", "tugarins_steppe"]
    names = {c.locations[lid]["name"] for lid in c.locations}
    assert {"Bone Fence", "Ferryman's Glen", "Marshes", "Home of Morozko", "Crossroads",
            "Grasslands", "Bandit Camp", "Warrior's Rest", "Pass of Devils", "Dragon's Heart",
            "The Dead Forest", "Forlorn Hills", "The Golden Halls", "Koshchey's Home",
            "Spirit's Hollow"} <= names


def test_quest_walking_lengths_of_the_rules_file(c):
    walk = c.dist["walk"]
    lengths = {}
    for qid, quest in c.quests.items():
        stops = [quest["start"]] + [c.cards[s]["trigger"]["at"] for s in quest["steps"]
                                    if "at" in c.cards[s]["trigger"]]
        lengths[qid] = sum(walk[a][b] for a, b in pairwise(stops))
    assert lengths == {"slay_the_dragon": 8, "death_of_koshchey": 9, "the_firebird": 8,
                       "waters_of_life": 10, "tugarins_insult": 6, "morozkos_trial": 9}


@pytest.mark.parametrize("change,field", [
    (lambda cards: cards[0]["tokens"][0].update(steps=-2), "tokens #1: steps: -2 is below 1"),
    (lambda cards: cards[3].update(lose=[{"move_character": {"steps": -1, "chooser": "self"}}]),
     "lose #1: move_character: steps: -1 is below 1"),
    (lambda cards: cards[0]["reward"].update(icons={"fight": -1}),
     "reward: icons: fight: -1 is below 0"),
])
def test_validate_refuses_negative_movement_steps_and_icons(tmp_path, change, field):
    pack = copy_pack(tmp_path)
    edit_yaml(pack / "cards" / "town.yaml", change)
    with pytest.raises(ContentError) as err:
        load_content(pack)
    message = str(err.value)
    assert "town.yaml" in message and field in message


def test_validate_names_file_card_and_field_for_a_word_where_a_number_belongs(tmp_path):
    pack = copy_pack(tmp_path)
    edit_yaml(pack / "cards" / "wilderness.yaml", lambda cards: cards[16]["reward"].update(
        rep="many"))
    result = run_validate(pack)
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert "wilderness.yaml" in result.output and "'W17'" in result.output
    assert "reward: rep: 'many' is not a whole number" in result.output


def test_validate_names_the_decks_file_and_the_missing_card(tmp_path):
    pack = copy_pack(tmp_path)
    edit_yaml(pack / "cards" / "town.yaml", lambda cards: cards.pop(6))     # T07
    with pytest.raises(ContentError) as err:
        load_content(pack)
    message = str(err.value)
    assert "cards/town.yaml" in message and "needs 32 cards, found 31" in message
    assert "missing: T07" in message


def test_every_effect_kind_the_validator_admits_has_a_rule():
    assert all(callable(getattr(BabaYagaState, f"_effect_{kind}", None)) for kind in EFFECT_KINDS)


# ------------------------------------------------- rules.yaml and every problem at once ---
def rules_pack(tmp_path, change):
    pack = copy_pack(tmp_path)
    edit_yaml(pack / "rules.yaml", change)
    return pack


@pytest.mark.parametrize("change,line", [
    pytest.param(lambda r: r["baba_yaga"].update(appear_at_rep="three"),
                 "rules.yaml: baba_yaga: appear_at_rep: 'three' is not a whole number",
                 id="appear_at_rep-word"),
    pytest.param(lambda r: r.pop("solo"), "rules.yaml: solo: missing (the solo preset needs it)",
                 id="solo-deleted"),
    pytest.param(lambda r: r["setup"]["removed_per_deck"].update({2: -10}),
                 "rules.yaml: setup: removed_per_deck: 2: -10 is below 0", id="removal-negative"),
    pytest.param(lambda r: r["setup"]["removed_per_deck"].update({1: 3}),
                 "rules.yaml: setup: removed_per_deck: 1: the key 1 is below 2",
                 id="removal-for-1-player"),
    pytest.param(lambda r: r["baba_yaga"].update(steps_per_round=-2),
                 "rules.yaml: baba_yaga: steps_per_round: -2 is below 1", id="steps-negative"),
    pytest.param(lambda r: r["special_rules"]["koshcheys_home"]["rescue"].update(diff=0),
                 "rules.yaml: special_rules: koshcheys_home: rescue: diff: 0 is below 2",
                 id="rescue-diff-0"),
    pytest.param(lambda r: r["special_rules"]["forlorn_hills"]["diff_by_time"].update(night=0),
                 "rules.yaml: special_rules: forlorn_hills: diff_by_time: night: 0 is below 2",
                 id="forlorn-diff-0"),
    pytest.param(lambda r: r["interaction"].update(steal_base=0),
                 "rules.yaml: interaction: steal_base: 0 is below 2", id="steal-diff-0"),
    pytest.param(lambda r: r["solo"]["time_die"].pop(6),
                 "rules.yaml: solo: time_die: needs every face of the die: 6 missing",
                 id="die-face-missing"),
    pytest.param(lambda r: r["setup"].update(horseman_order=["dawn", "dawn", "night"]),
                 "rules.yaml: setup: horseman_order: dawn given twice", id="time-twice"),
    pytest.param(lambda r: r.pop("special_rules"),
                 "rules.yaml: special_rules: tsarov: missing (the board has the special place "
                 "tsarov)", id="special-rules-deleted"),
    pytest.param(lambda r: r["interaction"].update(reshuffle_once_players=[5, 7]),
                 "rules.yaml: interaction: reshuffle_once_players #2: 7 is above 6",
                 id="seven-players"),
])
def test_validate_refuses_broken_rules(tmp_path, change, line):
    result = run_validate(rules_pack(tmp_path, change))
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert line in result.output


def test_validate_names_a_negative_hero_stat(tmp_path):
    pack = copy_pack(tmp_path)
    edit_yaml(pack / "characters.yaml", lambda heroes: heroes[3]["stats"].update(fight=-1))
    result = run_validate(pack)
    assert result.exit_code == 2
    assert "characters.yaml: character 'ilya_muromets': stats: fight: -1 is below 0" in \
        result.output


def test_validate_reports_every_problem_at_once(tmp_path):
    pack = copy_pack(tmp_path)
    edit_yaml(pack / "rules.yaml", lambda r: (r["baba_yaga"].update(appear_at_rep="three"),
                                              r.pop("solo")))
    edit_yaml(pack / "characters.yaml", lambda heroes: heroes[0]["stats"].update(move=-1))
    edit_yaml(pack / "cards" / "town.yaml", lambda cards: (cards.pop(6),
                                                           cards[0].update(lose=["frog"])))
    result = run_validate(pack)
    assert result.exit_code == 2
    assert "invalid content: 7 problems" in result.output      # T07's two Russian names too
    for line in ("rules.yaml: baba_yaga: appear_at_rep: 'three' is not a whole number",
                 "rules.yaml: solo: missing (the solo preset needs it)",
                 "characters.yaml: character 'alyosha_popovich': stats: move: -1 is below 0",
                 "cards/town.yaml: deck town: needs 32 cards, found 31; missing: T07",
                 "cards/town.yaml: card 'T01': lose #1: unknown effect kind 'frog'",
                 "names.ru.yaml: cards: T07: this pack has no card 'T07'"):
        assert line in result.output


def test_the_game_never_starts_on_a_refused_pack(tmp_path, monkeypatch):
    pack = rules_pack(tmp_path, lambda r: r["baba_yaga"].update(appear_at_rep="three"))
    game = get_game("babayaga")
    config = game.configure(2, "competitive")
    monkeypatch.setattr(content_module, "DEFAULT_DIR", pack)
    default_content.cache_clear()
    try:
        with pytest.raises(ContentError, match="appear_at_rep: 'three' is not a whole number"):
            game.new_state(config)
    finally:
        monkeypatch.undo()
        default_content.cache_clear()
    assert game.new_state(config).c.rules["baba_yaga"]["appear_at_rep"] == 3


@pytest.mark.parametrize("file,change,line", [
    pytest.param("cards/town.yaml", lambda cards: cards[9]["win"][0]["peek_reorder"].update(
        count=4), "card 'T10': win #1: peek_reorder: count: 4 is above 3", id="peek-4-cards"),
    pytest.param("quests.yaml", lambda quests: quests[0]["setup"][1]["place_token"].update(
        location="here"), "quest 'slay_the_dragon': setup #2: place_token: location: 'here' is "
        "not a place on the board", id="setup-token-here"),
    pytest.param("characters.yaml", lambda heroes: heroes[1]["powers"][0].update(
        cost="discard_self"), "character 'dobrynya_nikitich': powers #1: a hero's own power can "
        "only add dice before a roll", id="hero-power-discards"),
    pytest.param("cards/elements.yaml", lambda cards: cards[0]["win"].append("take_card"),
                 "card 'HUT': win: take_card: the Hut's and the Horseman's cards are never "
                 "kept", id="hut-card-kept"),
    pytest.param("cards/elements.yaml", lambda cards: cards[4].update(type="item"),
                 "card 'BY1': type: Baba Yaga's cards are deeds", id="baba-yaga-card-item"),
    pytest.param("cards/wilderness.yaml", lambda cards: cards[0]["reward"]["powers"][0].update(
        when="before_roll"), "card 'W01': reward: powers #1: effect: 'reroll_all': a "
        "before_roll power can only add_dice", id="power-at-wrong-moment"),
])
def test_validate_refuses_what_the_rules_give_no_meaning(tmp_path, file, change, line):
    pack = copy_pack(tmp_path)
    edit_yaml(pack / file, change)
    result = run_validate(pack)
    assert result.exit_code == 2 and f"{file}: {line}" in result.output
