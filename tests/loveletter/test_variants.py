"""The seed's set-aside-card rule (item 19, L15), who starts (item 18, L12), and the 2019
edition (§1.5: Chancellor, Spy; L11, L13, L14, L17)."""


from gonets.games.loveletter import GAME
from gonets.games.loveletter.rules import cards as C
from gonets.games.loveletter.rules import rules_for
from tests.loveletter.helpers import (
    act,
    alive,
    discards,
    empty_deck,
    events,
    hand,
    legal,
    run,
    stack,
)


# -- set-aside card (spare_card) ------------------------------------------------------------------
def spare_game(hands, draws=(), spare="princess", rule="look_swap", players=3, **options):
    deck = stack(players, spare, hands, draws, spare_card=rule, **options)
    return run(players, [deck], spare_card=rule, **options)


def test_priest_may_look_at_the_set_aside_card_privately():
    state = act(spare_game(["priest", "guard", "guard"], ["baron"]), "priest spare")
    assert events(state, 0, "look")[-1] == {"e": "look", "seat": 0, "target": "spare",
                                            "card": "princess"}
    assert "card" not in events(state, 1, "look")[-1]


def test_king_swaps_with_the_set_aside_card_and_the_empty_deck_fallback_uses_it():
    state = act(spare_game(["king", "guard", "guard"], ["baron"]), "king spare")
    assert hand(state, 0) == ["princess"]
    assert events(state, 0, "swap")[-1]["cards"] == ["princess", "baron"]
    assert "cards" not in events(state, 1, "swap")[-1]
    empty_deck(state)
    state.hands[1] = C.PRINCE                  # test shortcut: p2's card becomes a Prince
    state._legal = None
    act(state, "prince p3")
    assert next(e for e in events(state, 2, "draw") if e["from"] == "spare")["card"] == "baron"


def test_cardinal_and_baroness_with_the_set_aside_card():
    state = spare_game(["cardinal", "guard", "priest"], ["baroness"], spare="princess",
                       extended_deck="always")
    options = legal(state)
    assert {"cardinal p2 spare look spare", "cardinal p1 spare", "baroness spare",
            "baroness p2 spare"} <= set(options)
    act(state, "cardinal p2 spare look spare")
    assert hand(state, 1)[0] == "princess"
    assert events(state, 0, "look")[-1]["card"] == "guard"
    assert events(state, 1, "swap")[-1]["cards"] == ["princess", "guard"]
    assert "cards" not in events(state, 0, "swap")[-1]


def test_prince_burns_the_set_aside_card_only_with_look_swap_burn():
    assert "prince spare" not in legal(spare_game(["prince", "guard", "guard"], ["baron"]))
    state = spare_game(["prince", "guard", "guard"], ["baron", "king"], rule="look_swap_burn")
    size = state.view(None)["deck_size"]
    act(state, "prince spare")
    view = state.view(None)
    assert view["burned"] == ["princess"] and alive(state) == [0, 1, 2]
    assert view["spare"] is True and view["deck_size"] == size - 2   # refilled, p2 drew
    assert discards(state, 0) == [("prince", "played")]
    assert events(state, None, "burn")[-1] == {"e": "burn", "seat": 0, "card": "princess",
                                               "refilled": True}


def test_never_targetable_cards_have_no_spare_action():
    config = GAME.configure(5, "seed", {"spare_card": "look_swap_burn"})
    texts = rules_for(config).texts
    for key in ("guard", "bishop", "baron", "dowager", "sycophant", "jester"):
        assert not [t for t in texts if t.split()[0] == key and "spare" in t]


def test_set_aside_card_is_no_way_out_of_a_lock_out():
    deck = stack(3, "countess", ["guard", "handmaid", "handmaid"],
                 ["guard", "guard", "baron", "priest"], spare_card="look_swap")
    state = run(3, [deck, "guard p2 3", "handmaid", "handmaid"], spare_card="look_swap")
    assert legal(state) == ["guard", "priest"]


def test_a_binding_mark_forbids_choosing_only_the_set_aside_card():
    deck = stack(3, "princess", ["sycophant", "baroness", "guard"], ["guard", "priest"],
                 spare_card="look_swap", extended_deck="always")
    state = run(3, [deck, "sycophant p3"], spare_card="look_swap", extended_deck="always")
    assert "baroness spare" not in legal(state) and "priest spare" not in legal(state)
    assert "baroness p3 spare" in legal(state)


# -- who starts -----------------------------------------------------------------------------------
def _p2_wins_round_one(**options):
    deck = stack(3, "guard", ["priest", "guard", "baron"], ["guard", "guard", "princess"],
                 **options)
    return run(3, [deck, "priest p3", "guard p3 3", "princess"], **options)


def test_previous_winner_starts_the_next_round():
    state = _p2_wins_round_one()
    assert alive(state) == [1] and state.view(None)["starter"] == 1


def test_rotate_moves_the_start_left():
    state = _p2_wins_round_one(next_starter="rotate")
    assert state.view(None)["starter"] == 1
    deck = stack(3, "guard", ["guard", "priest", "baron"], ["handmaid", "guard", "guard"],
                 starter=1)
    state.apply_chance(deck)
    assert state.current_player() == 1


def test_random_starter_is_a_random_event_every_round():
    config = GAME.configure(3, "seed", {"next_starter": "random"})
    state = GAME.new_state(config)
    assert state.is_chance() and state.view(None)["starter"] is None
    state.apply_chance(2)
    deck = stack(3, "guard", ["guard", "priest", "baron"], starter=2)
    state.apply_chance(deck)
    assert state.current_player() == 2 and hand(state, 2)[0] == "baron"


def test_several_winners_first_clockwise_from_previous_starter():
    deck = stack(3, "assassin", ["count", "princess", "guard"],
                 ["priest", "constable", "guard", "countess"], extended_deck="always")
    state = run(3, [deck, "priest p3", "constable", "guard p1 2"], extended_deck="always",
                tiebreak="none")
    act(empty_deck(state), "count")
    assert events(state, None, "round_end")[-1]["winners"] == [0, 1]
    assert state.view(None)["starter"] == 0


# -- 2019 edition ----------------------------------------------------------------------------------
def zman(hands, draws=(), spare="princess", steps=(), players=3, **options):
    deck = stack(players, spare, hands, draws, preset="zman-2019", **options)
    return run(players, [deck, *steps], preset="zman-2019", **options)


def test_zman_deck_and_targets():
    config = GAME.configure(3, "zman-2019")
    assert len(rules_for(config).deck.cards) == 21 and rules_for(config).target == 5
    assert rules_for(GAME.configure(6, "zman-2019")).target == 3


def test_chancellor_keeps_one_and_puts_two_under_the_deck_in_order():
    state = zman(["chancellor", "guard", "guard"], ["priest", "baron", "handmaid"],
                 steps=["chancellor"])
    assert state.current_player() == 0 and state.view(0)["phase"] == "chancellor"
    assert hand(state, 0) == ["priest", "baron", "handmaid"]
    assert "cards" not in events(state, 1, "chancellor")[-1]
    options = legal(state)
    assert len(options) == 6 and "chancellor keep baron bottom priest handmaid" in options
    act(state, "chancellor keep baron bottom priest handmaid")
    assert hand(state, 0) == ["baron"]
    assert state.snapshot()["deck_top_first"][-2:] == ["priest", "handmaid"]
    assert events(state, 0, "return")[-1]["bottom"] == ["priest", "handmaid"]
    assert "bottom" not in events(state, 1, "return")[-1]


def test_chancellor_with_one_card_left_and_with_none():
    state = zman(["chancellor", "guard", "guard"], ["priest", "baron"])
    state.face_up += state.deck[:-1]
    state.deck = state.deck[-1:]
    act(state, "chancellor")
    assert legal(state) == sorted(["chancellor keep priest bottom baron",
                                   "chancellor keep baron bottom priest"],
                                  key=state.text_to_action)
    act(state, "chancellor keep priest bottom baron")
    assert state.current_player() == 1 and not events(state, None, "showdown")   # L17
    state = act(empty_deck(zman(["chancellor", "guard", "guard"], ["priest"])), "chancellor")
    assert events(state, None, "no_effect")[-1]["card"] == "chancellor"
    assert events(state, None, "showdown")


def test_countess_rule_does_not_limit_what_the_chancellor_keeps():
    state = zman(["chancellor", "guard", "guard"], ["countess", "king", "prince"],
                 steps=["chancellor"])
    kept = {t.split()[2] for t in legal(state)}
    assert kept == {"countess", "king", "prince"}


def test_spy_alone_gains_a_token_without_winning():
    state = zman(["spy", "priest", "baron"], ["guard"])
    act(empty_deck(state), "spy")
    assert state.tokens == [1, 0, 1]
    assert [e["reason"] for e in events(state, None, "token")] == ["round", "spy"]


def test_two_spies_gain_nothing_and_knocked_out_spies_count_for_nothing():
    state = zman(["spy", "spy", "baron"], ["guard", "guard", "priest"],
                 steps=["spy", "spy"])
    act(empty_deck(state), "priest p1")
    assert state.tokens == [0, 0, 1]
    state = zman(["spy", "guard", "baron"], ["priest", "guard", "spy"],
                 steps=["spy", "guard p1 priest"])
    assert alive(state) == [1, 2]
    act(empty_deck(state), "spy")
    assert state.tokens == [0, 0, 2]


def test_zman_countess_values_trigger_is_king_and_prince():
    rules = rules_for(GAME.configure(3, "zman-2019", {"countess_trigger": "values"}))
    assert rules.countess_triggers == frozenset({C.KING, C.PRINCE})
    premium = rules_for(GAME.configure(5, "seed", {"countess_trigger": "values"}))
    assert premium.countess_triggers == frozenset({C.KING, C.PRINCE, C.COUNT, C.CONSTABLE})


def test_zman_guard_names_characters_and_ties_are_shared():
    state = zman(["guard", "priest", "baron"], ["guard"])
    assert "guard p2 spy" in legal(state) and "guard p2 guard" not in legal(state)
    assert state.config["tiebreak"] == "none"


def test_spy_pays_even_when_the_round_has_no_winner():
    """§1.5: the only player still in the round with a Spy gains the token "even without
    winning the round", also when a residual tie gives nobody the round; the Jester does
    not pay then (L10)."""
    steps = ["spy", "guard p3 princess"]
    state = zman(["spy", "guard", "guard"], ["priest", "priest", "guard"], steps=steps,
                 residual_tie="nobody")
    act(empty_deck(state), "guard p1 baron")
    assert events(state, None, "round_end")[-1]["winners"] == []
    assert state.tokens == [1, 0, 0]
    assert [(e["seat"], e["reason"]) for e in events(state, None, "token")] == [(0, "spy")]
    assert state.phase == 0 and state.starter == 1     # no winner: left of the last starter
    state = zman(["spy", "guard", "guard"], ["priest", "priest", "guard"], steps=steps,
                 residual_tie="nobody", tokens_to_win={"3": 1})
    act(empty_deck(state), "guard p1 baron")
    assert state.is_terminal() and state.result().winners == [0]
    state = zman(["spy", "guard", "guard"], ["priest", "priest", "guard"], steps=steps)
    act(empty_deck(state), "guard p1 baron")
    assert state.tokens == [2, 1, 0]                       # all_win: p1 and p2, then the Spy
