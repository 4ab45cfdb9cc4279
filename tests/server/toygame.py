"""A tiny hidden-information game for platform tests (a fixture, never registered by the package).

"High card": nine cards 1-9 are shuffled (a chance node); each seat gets one face down. In
turn, each seat either keeps its card or swaps it (its card goes face down to its discard pile,
it draws the top card). After ``rounds`` turns each, the highest card wins. Each seat sees only
its own card and its own discards; everybody sees how many swaps each seat made.
"""

from __future__ import annotations

import random
from html import escape

from gonets.core import CHANCE, TERMINAL, Game, IllegalAction, Option, Preset, Result, State
from gonets.core.options import Config

CARDS = list(range(1, 10))
ACTIONS = ("keep", "swap")


class ToyState(State):
    def __init__(self, config: Config):
        self.config = config
        self.deck: list[int] | None = None
        self.hands: list[int] = []
        self.discards: list[list[int]] = [[] for _ in range(config.players)]
        self.turn = 0
        self.log: list[dict] = []

    # who decides
    def current_player(self) -> int:
        if self.deck is None:
            return CHANCE
        if self.turn >= self.config.players * self.config["rounds"]:
            return TERMINAL
        return self.turn % self.config.players

    def legal_actions(self):
        if self.current_player() < 0:
            return []
        return [0, 1] if self.deck else [0]

    def apply(self, action) -> None:
        seat = self.current_player()
        if seat < 0:
            raise IllegalAction("nobody decides now")
        if not isinstance(action, int) or isinstance(action, bool) or action not in (0, 1):
            raise IllegalAction(f"unknown action {action!r}; use keep or swap")
        if action == 1 and not self.deck:
            raise IllegalAction("the deck is empty")
        if action == 1:
            self.discards[seat].append(self.hands[seat])
            self.hands[seat] = self.deck.pop(0)
            self.log.append({"e": "swap", "seat": seat})
            self.log.append({"e": "drew", "seat": seat, "card": self.hands[seat]})
        else:
            self.log.append({"e": "keep", "seat": seat})
        self.turn += 1
        if self.current_player() == TERMINAL:
            self.log.append({"e": "reveal", "cards": list(self.hands)})

    def action_to_text(self, action) -> str:
        if not isinstance(action, int) or isinstance(action, bool) or action not in (0, 1):
            raise IllegalAction(f"unknown action id {action!r}")
        return ACTIONS[action]

    def text_to_action(self, text) -> int:
        if text not in ACTIONS:
            raise IllegalAction("cannot read that action; write keep or swap")
        return ACTIONS.index(text)

    # chance
    def sample_chance(self, rng: random.Random):
        if self.deck is not None:
            raise IllegalAction("there is no random event pending")
        deck = list(CARDS)
        rng.shuffle(deck)
        return deck

    def apply_chance(self, outcome) -> None:
        if self.deck is not None:
            raise IllegalAction("there is no random event pending")
        if not isinstance(outcome, list) or sorted(outcome, key=repr) != CARDS:
            raise IllegalAction("a shuffle must list the cards 1-9 once each")
        deck = list(outcome)
        self.hands = [deck.pop(0) for _ in range(self.config.players)]
        self.deck = deck
        self.log.append({"e": "deal"})
        for seat, card in enumerate(self.hands):
            self.log.append({"e": "drew", "seat": seat, "card": card})

    # information
    def _view(self, seat):
        terminal = self.current_player() == TERMINAL
        visible = [e for e in self.log if e["e"] != "drew" or e["seat"] == seat]
        view = {
            "log": visible,
            "deck_size": len(self.deck) if self.deck is not None else len(CARDS),
            "swaps": [len(d) for d in self.discards],
            "hand": self.hands[seat] if seat is not None and self.hands else None,
            "my_discards": list(self.discards[seat]) if seat is not None else [],
        }
        if terminal:
            view["hands"] = list(self.hands)
        return view

    def snapshot(self):
        return {"deck": self.deck, "hands": self.hands, "discards": self.discards,
                "turn": self.turn, "log": self.log}

    def clone(self):
        other = ToyState.__new__(ToyState)
        other.config = self.config
        other.deck = None if self.deck is None else list(self.deck)
        other.hands = list(self.hands)
        other.discards = [list(d) for d in self.discards]
        other.turn = self.turn
        other.log = list(self.log)
        return other

    def result(self) -> Result:
        best = max(self.hands)
        return Result([1.0 if c == best else 0.0 for c in self.hands],
                      [s for s, c in enumerate(self.hands) if c == best])


class ToyGame(Game):
    name = "toy"
    title = "High card (test game)"
    min_players = 2
    max_players = 3
    options = (Option("rounds", 2, "turns each seat takes", choices=(1, 2, 3)),)
    presets = (Preset("default", "two turns each"), Preset("long", "three turns each",
                                                          {"rounds": 3}))

    def new_state(self, config):
        return ToyState(config)

    def num_actions(self, config):
        return 2

    def sample_world(self, view, rng):
        """Redraw what ``view``'s seat cannot know: other hands, other discards, the deck."""
        config = self.configure(view["players"], view["preset"], view["options"])
        state = ToyState(config)
        seat, players = view["seat"], view["players"]
        held: list[list[int] | None] = [None] * players
        if seat is not None and view["hand"] is not None:
            held[seat] = view["my_discards"] + [view["hand"]]
        if "hands" in view:
            for other in range(players):
                if held[other] is None:
                    held[other] = [None] * view["swaps"][other] + [view["hands"][other]]
        known = {c for cards in held if cards for c in cards if c is not None}
        pool = [c for c in CARDS if c not in known]
        rng.shuffle(pool)
        for other in range(players):
            if held[other] is None:
                held[other] = [None] * (view["swaps"][other] + 1)
            held[other] = [pool.pop() if c is None else c for c in held[other]]
        if not any(e["e"] == "deal" for e in view["log"]):
            return state
        state.deck = pool
        state.hands = [cards[-1] for cards in held]
        state.discards = [cards[:-1] for cards in held]
        drawn = [0] * players
        for event in view["log"]:
            if event["e"] == "drew":
                continue
            state.log.append(dict(event))
            if event["e"] == "deal":
                for other in range(players):
                    state.log.append({"e": "drew", "seat": other, "card": held[other][0]})
                    drawn[other] = 1
            elif event["e"] == "swap":
                other = event["seat"]
                state.log.append({"e": "drew", "seat": other, "card": held[other][drawn[other]]})
                drawn[other] += 1
            if event["e"] in ACTIONS or event["e"] == "swap":
                state.turn += 1
        return state

    def describe_event(self, event, lang="en", viewer=None, names=None, options=None):
        seat = event.get("seat")
        you = seat is not None and seat == viewer
        if you or seat is None:
            who = "you" if you else ""
        else:
            who = names[seat] if names else f"p{seat + 1}"
        if event["e"] == "drew":
            return f"{who} {'draw' if you else 'draws'} a {event['card']}"
        if event["e"] == "reveal":
            return "cards shown: " + ", ".join(str(c) for c in event["cards"])
        return f"{who} {event['e']}{'' if you else 's'}".strip()

    def describe_action(self, view, text, lang="en"):
        return {"keep": "Keep my card", "swap": "Swap for the top card"}[text]

    def render_svg(self, view, lang="en"):
        legal = set(view.get("legal") or [])
        parts = [('<svg xmlns="http://www.w3.org/2000/svg" width="300" height="120" '
                 'viewBox="0 0 300 120">')]
        hand = view.get("hand")
        parts.append(f'<text x="10" y="20" class="hand">card: {escape(str(hand))}</text>')
        for index, swaps in enumerate(view["swaps"]):
            parts.append(f'<text x="10" y="{40 + 15 * index}">p{index + 1} swaps {swaps}</text>')
        if "keep" in legal:
            parts.append('<rect class="keep" x="150" y="10" width="60" height="30" '
                         'data-action="keep"/>')
        if legal:
            parts.append('<rect class="deck" x="220" y="10" width="60" height="30" '
                         'data-action="keep|swap"/>')
        parts.append("</svg>")
        return "".join(parts)


GAME = ToyGame()
