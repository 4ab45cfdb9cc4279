"""A co-operative exchange waiting for its partner's answer is in every view as ``trade`` (it
is public at the table), so the partner reads the Items offered and asked for before
accepting."""

from __future__ import annotations

import random

from gonets.core import get_game
from gonets.games.babayaga.text import card_name

GAME = get_game("babayaga")


def offers(seeds: range, limit: int = 4):
    """Views of partners asked to accept an exchange, from random co-operative games."""
    found = []
    for seed in seeds:
        rng = random.Random(seed)
        state = GAME.new_state(GAME.configure(2, options={"mode": "cooperative"}))
        while not state.is_terminal() and len(found) < limit:
            if state.is_chance():
                state.apply_chance(state.sample_chance(rng))
                continue
            legal = state.legal_actions()
            texts = [state.action_to_text(a) for a in legal]
            if sorted(texts) == ["accept", "decline"] and state.view(None).get("trade"):
                found.append(state.view(state.current_player()))
            offer = [a for a, t in zip(legal, texts) if t.startswith(("give", "ask", "offer"))]
            state.apply(rng.choice(offer) if offer and rng.random() < 0.7 else rng.choice(legal))
        if len(found) >= limit:
            break
    return found


def test_the_partner_sees_the_exchange_and_its_items():
    views = offers(range(200))
    assert views, "no exchange was offered in 200 random co-operative games"
    for view in views:
        trade = view["trade"]
        assert trade["to"] == view["seat"] != trade["from"]
        assert trade["give"] or trade["ask"]
        label = GAME.describe_action(view, "accept", "en")
        for card in trade["give"] + trade["ask"]:
            assert card_name(card, "en") in label
        assert "Q:" not in label
