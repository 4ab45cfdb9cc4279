"""Scenario helpers: a state with a chosen deal and chosen deck orders, driven by hand."""

from gonets.core import CHANCE, get_game
from gonets.games.babayaga.rules.content import default_content

GAME = get_game("babayaga")
C = default_content()


def new(preset="competitive", players=2, chars=None, quests=None, first=0, top=None, **options):
    """A state right after set-up. ``top`` maps a deck to the cards to put on top (first = top)."""
    config = GAME.configure(players, preset, options)
    s = GAME.new_state(config)
    if preset == "solo":
        s.apply(s.text_to_action(f"character {chars[0]}"))
        s.apply(s.text_to_action(f"quest {quests[0]}"))
    else:
        s.apply_chance({"characters": chars, "quests": quests, "first": first})
    spec = s.ask[2]
    order = {}
    for deck, cards in spec.items():
        wanted = list((top or {}).get(deck, []))
        rest = [c for c in cards if c not in wanted]
        order[deck] = rest + list(reversed(wanted))   # removed cards come from the bottom
    s.apply_chance(order)
    return s


def act(s, text):
    """Apply a notation; a pending move question is recomputed first (tests edit states)."""
    if s.stack and s.stack[-1]["op"] == "move":
        s.reask()
    s.apply(s.text_to_action(text))


def roll(s, dice):
    assert s.current_player() == CHANCE and s.ask[1] == "dice", s.ask
    assert len(dice) == s.ask[2], f"expected {s.ask[2]} dice, got {dice}"
    s.apply_chance(list(dice))


def legal(s):
    if s.stack and s.stack[-1]["op"] == "move":
        s.reask()
    return [s.action_to_text(a) for a in s.legal_actions()]


def events(s, kind):
    return [e for e in s.log if e["e"] == kind]


def arrangements(picture: str) -> dict[str, str]:
    """The board picture's two arrangements by name (``wide``, ``narrow``): each one's group."""
    wide, narrow = picture.index('<g class="by-wide">'), picture.index('<g class="by-narrow"')
    return {"wide": picture[wide:narrow], "narrow": picture[narrow:picture.rindex("</svg>")]}
