"""Views, redaction, the Love-Letter leak test and sample_world's use of the seat's knowledge."""

import json
import random

import pytest

from gonets.agents.base import RandomAgent
from gonets.core import Match, play_match
from gonets.games.loveletter import GAME
from gonets.games.loveletter.rules import cards as C
from tests.loveletter.helpers import act, events, run, stack


def worlds(state, seat, count=25, seed=1):
    rng = random.Random(seed)
    view = state.view(seat)
    for _ in range(count):
        world = GAME.sample_world(view, rng)
        assert world.view(seat) == view
        yield world


def test_view_keys_and_json():
    state = run(3, [stack(3, "guard", ["guard", "priest", "baron"], ["king"])])
    view = state.view(0)
    assert json.loads(json.dumps(view)) == view
    for key in ("round", "starter", "turn", "phase", "deck", "cards", "target", "deck_size",
                "spare", "face_up", "burned", "hand", "seats", "sycophant", "jester", "log"):
        assert key in view
    assert view["hand"] == ["guard", "king"] and view["seats"][1]["hand_size"] == 1
    assert view["legal"][0].startswith("guard") and "legal" not in state.view(1)
    assert view["cards"]["guard"] == {"value": 1, "copies": 5}


def test_states_differing_only_in_an_opponents_hand_look_the_same():
    """The Love Letter leak test: p3's card (and the deck order) differ, p1's view does not."""
    first = stack(4, "guard", ["guard", "priest", "baron", "handmaid"], ["king"])
    second = list(first)
    second[3], second[-1] = second[-1], second[3]          # p3's card swapped with the bottom
    assert first != second
    steps = ["guard p2 3", "priest p1"]
    a, b = run(4, [first, *steps]), run(4, [second, *steps])
    assert a.snapshot() != b.snapshot()
    for seat in (0, 1, None):
        assert a.view(seat) == b.view(seat)
    assert a.view(2) != b.view(2)


def test_log_redaction_of_deals_and_draws():
    state = run(3, [stack(3, "guard", ["guard", "priest", "baron"], ["king"])])
    deals = events(state, 1, "deal")
    assert [("card" in e) for e in deals] == [False, True, False]
    assert all("card" not in e for e in events(state, None, "draw"))


def test_sample_world_keeps_what_a_priest_saw():
    state = run(3, [stack(3, "guard", ["priest", "king", "baron"], ["guard"]), "priest p2"])
    cards = {world.hands[1] for world in worlds(state, 0)}
    assert cards == {C.KING}
    assert len({world.hands[2] for world in worlds(state, 0)}) > 1


def test_sample_world_respects_a_failed_guard_guess():
    state = run(3, [stack(3, "guard", ["guard", "priest", "baron"], ["king"]), "guard p3 2"])
    assert all(world.hands[2] != C.PRIEST for world in worlds(state, 0, 40))


def test_sample_world_follows_a_known_card_through_a_watched_swap():
    deck = stack(3, "guard", ["priest", "baron", "king"], ["guard", "guard", "guard"])
    state = run(3, [deck, "priest p2", "guard p1 5", "king p2"])
    assert {world.hands[2] for world in worlds(state, 0)} == {C.BARON}
    assert len({world.hands[1] for world in worlds(state, 0)}) > 1


def test_sample_world_knows_its_baron_compare_and_the_set_aside_look():
    deck = stack(3, "princess", ["baron", "prince", "guard"], ["prince", "guard", "guard",
                                                               "priest"],
                 spare_card="look_swap")
    state = run(3, [deck, "baron p2", "guard p3 8", "guard p2 8", "priest spare"],
                spare_card="look_swap")
    for world in worlds(state, 0):
        assert world.hands[1] == C.PRINCE and world.spare == C.PRINCESS


def test_sample_world_keeps_the_chancellor_bottom_cards():
    deck = stack(3, "princess", ["chancellor", "guard", "guard"], ["priest", "baron", "handmaid"],
                 preset="zman-2019")
    state = run(3, [deck, "chancellor", "chancellor keep baron bottom priest handmaid"],
                preset="zman-2019")
    for world in worlds(state, 0):
        assert world.deck[:2] == [C.HANDMAID, C.PRIEST]


def test_sample_world_redraws_what_the_viewer_cannot_know():
    match = play_match(GAME, GAME.configure(5), [RandomAgent(GAME, GAME.configure(5), s,
                                                             random.Random(s))
                                                 for s in range(5)], seed=4)
    assert match.state.is_terminal()
    state = Match(GAME, GAME.configure(5), seed=3)
    state.deal()
    differs = {json.dumps(world.snapshot()) for world in worlds(state.state, 0, 10)}
    assert len(differs) > 1


def test_views_during_a_bishop_redraw_and_a_chancellor_choice():
    deck = stack(3, "jester", ["bishop", "baron", "guard"], ["guard", "priest"],
                 extended_deck="always")
    state = run(3, [deck, "bishop p2 3"], extended_deck="always")
    for seat in (None, 0, 1, 2):
        list(worlds(state, seat, 3))
    deck = stack(3, "princess", ["chancellor", "guard", "guard"], ["priest", "baron", "king"],
                 preset="zman-2019")
    state = run(3, [deck, "chancellor"], preset="zman-2019")
    for seat in (None, 0, 1):
        for world in worlds(state, seat, 3):
            assert list(world.legal_actions()) == list(state.legal_actions()) or seat != 0
    act(state, "chancellor keep king bottom priest baron")


def test_sample_world_knows_a_prince_player_does_not_keep_the_countess():
    deck = stack(3, "guard", ["guard", "priest", "baron"],
                 ["guard", "guard", "prince", "handmaid"])
    state = run(3, [deck, "guard p2 8", "guard p3 8", "prince p1"])
    assert all(world.hands[2] != C.COUNTESS for world in worlds(state, 0, 60))
    assert len({world.hands[2] for world in worlds(state, 0, 60)}) > 2


def test_a_views_log_built_from_remembered_nodes_equals_a_fresh_conversion():
    """The log is converted once per (node, seat) and extended by what is new; every view's log
    is still exactly the whole log as that seat sees it, also after the memory is cleared."""
    import random

    from gonets.core import Match, get_game
    from gonets.games.loveletter.views import seen as views

    game = get_game("loveletter")
    match = Match(game, game.configure(3), seed=11)
    match.deal()
    rng = random.Random(2)
    while not match.state.is_terminal():
        state = match.state
        for seat in (0, 1, 2, None):
            fresh = [views.event_dict(e, seat) for e in state.log_entries()]
            assert state.view(seat)["log"] == fresh
        if rng.random() < 0.2:
            views._LOGS.clear()
        legal = state.legal_actions()
        match.act(state.current_player(), legal[rng.randrange(len(legal))])
    assert len(views._LOGS) <= views.LOGS_KEPT


def _reference_event(entry, seat):
    """event_dict written the plain way: every field in order, every list copied."""
    from gonets.games.loveletter.views import FIELDS

    def plain(value):
        return [plain(v) for v in value] if isinstance(value, (list, tuple)) else value

    kind, public, private, seen = entry[:4]
    names, hidden = FIELDS[kind]
    data = {"e": kind, **{n: plain(v) for n, v in zip(names, public)}}
    if private is not None and seat is not None and seen >> seat & 1:
        data.update({n: plain(v) for n, v in zip(hidden, private)})
    return data


def test_event_dicts_and_seat_logs_match_the_plain_conversion():
    """The fast conversion (shared public dicts, LISTS) gives every field, in order, with
    lists copied away from the log, for every kind of event of many configurations."""
    from gonets.games.loveletter.views import event_dict, seat_log

    configs = [(2, "seed", {}), (4, "seed", {}), (6, "premium", {}), (3, "zman-2019", {}),
               (5, "seed", {"spare_card": "look_swap_burn"})]
    kinds = set()
    for players, preset, options in configs:
        config = GAME.configure(players, preset, options)
        for seed in range(3):
            match = Match(GAME, config, seed=seed)
            match.deal()
            rng = random.Random(seed)
            while not match.state.is_terminal():
                state = match.state
                seat = state.current_player()
                view = state.view(seat)
                entries = state.log_entries()
                for viewer in (seat, None):
                    log = seat_log(state.log, viewer)
                    assert [list(e.items()) for e in log] == \
                        [list(_reference_event(e, viewer).items()) for e in entries]
                assert view["log"] == seat_log(state.log, seat)
                legal = state.legal_actions()
                match.act(seat, legal[rng.randrange(len(legal))])
            for entry in match.state.log_entries():
                kinds.add(entry[0])
                for viewer in range(players):
                    data = event_dict(entry, viewer)
                    for value in (*entry[1], *(entry[2] or ())):
                        if isinstance(value, list):
                            assert all(v is not value for v in data.values())
    assert {"face_up", "compare", "swap", "chancellor", "return", "showdown",
            "round_end", "game_end"} <= kinds


def test_the_one_pass_view_equals_the_base_view():
    """LoveLetterState.view builds the base State.view's dict in one pass: same keys, same
    order, same values, for every seat and the spectator along random matches."""
    from gonets.core.game import State

    for players, preset in ((2, "seed"), (4, "classic-2012"), (5, "premium")):
        match = Match(GAME, GAME.configure(players, preset), seed=players)
        match.deal()
        rng = random.Random(players)
        while True:
            state = match.state
            for seat in (*range(players), None):
                mine, base = state.view(seat), State.view(state, seat)
                assert list(mine.items()) == list(base.items())
            if state.is_terminal():
                break
            legal = state.legal_actions()
            match.act(state.current_player(), legal[rng.randrange(len(legal))])


@pytest.mark.parametrize("copy", [True, False])
def test_seat_views_equal_fresh_views_across_matches_and_jumps(copy):
    """SeatViews (the incremental views of one seat: simulations, learning environments) give
    exactly state.view(seat), keys in order, along a match, for a new match, and for a
    position that is not a continuation of the last one asked about; copying its log or
    bringing one view up to date in place."""
    from gonets.games.loveletter.views import SeatViews

    config = GAME.configure(3)
    streams = [SeatViews(seat, copy=copy) for seat in range(3)]
    rng = random.Random(4)
    earlier = None
    for seed in range(3):
        match = Match(GAME, config, seed=seed)
        match.deal()
        while not match.state.is_terminal():
            state = match.state
            for seat in range(3):
                if rng.random() < 0.6:
                    assert list(streams[seat].view(state).items()) == \
                        list(state.view(seat).items())
            if earlier is None and len(state.log_entries()) > 30:
                earlier = state.clone()
            legal = state.legal_actions()
            match.act(state.current_player(), legal[rng.randrange(len(legal))])
        for seat in range(3):
            assert list(streams[seat].view(match.state).items()) == \
                list(match.state.view(seat).items())
    for seat in range(3):                       # back to an older position of the first match
        assert list(streams[seat].view(earlier).items()) == list(earlier.view(seat).items())
    other = GAME.configure(3, "premium")          # another configuration, same streams
    match = Match(GAME, other, seed=9)
    match.deal()
    for _ in range(12):
        state = match.state
        for seat in range(3):
            assert list(streams[seat].view(state).items()) == list(state.view(seat).items())
        legal = state.legal_actions()
        match.act(state.current_player(), legal[rng.randrange(len(legal))])
