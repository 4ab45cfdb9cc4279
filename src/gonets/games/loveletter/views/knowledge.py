"""What one seat knows and believes about the hidden cards of the round in progress, read
from its log: ``Knowledge`` (certainties and hints) and ``keep_weights`` (how likely a rival
kept each card over the one it played)."""

from __future__ import annotations

from gonets.games.loveletter.rules import cards as C


def round_start(log: list[dict]) -> int:
    """The index of the last ``round`` event of a seat's log (the round in progress), or
    ``len(log)`` when there is none."""
    for i in range(len(log) - 1, -1, -1):
        if log[i]["e"] == "round":
            return i
    return len(log)


class Knowledge:
    """What one viewer knows about hidden cards in the current round, read from its log.

    ``possible[q]`` is the set of characters seat q's (older) hand card can be, or None when
    nothing is known; ``spare`` the same for the set-aside card; ``bottom`` maps cards the
    viewer put under the deck (Chancellor) to their distance from the bottom. ``kept_over[q]``
    is the card q played at its last turn while keeping the card it holds now (None once that
    card may have left its hand): a hint, not a certainty, of what it kept. ``bounds[q]`` is
    ``(low, high)``: q's card is worth more than ``low`` and less than ``high``, from a Baron or
    Dowager Queen comparison q won while the viewer only watched (the loser's card is shown).
    """

    def __init__(self, deck: C.Deck, players: int, seat: int | None,
                 countess_triggers: frozenset[int] = frozenset()):
        self.deck = deck
        self.seat = seat
        self.triggers = countess_triggers
        self.possible: list[set[int] | None] = [None] * players
        self.kept_over: list[int | None] = [None] * players
        self.bounds: list[tuple[int, int] | None] = [None] * players
        self._winner: tuple[int, int, str] | None = None    # (winner, loser, kind) shown next
        self.spare: set[int] | None = None
        self.bottom: list[list[int]] = []        # [card, distance from the bottom]

    def hand_weights(self, q: int, rules) -> list[float] | None:
        """Per character, how likely q holds it beside the copies left (None: no hint): the
        likelihood of keeping it over the card q played last, times ``OUT_OF_BOUNDS`` where it
        breaks a comparison bound."""
        played, bounds = self.kept_over[q], self.bounds[q]
        if played is None and bounds is None:
            return None
        weights = [1.0] * len(rules.value) if played is None else keep_weights(rules, played)
        if bounds is not None:
            low, high = bounds
            weights = [w if low < value < high else w * OUT_OF_BOUNDS
                       for w, value in zip(weights, rules.value)]
        return weights

    def _hand_changed(self, q) -> None:
        self.kept_over[q] = self.bounds[q] = None

    def _guess_kinds(self, guess) -> set[int]:
        if isinstance(guess, int):
            return set(self.deck.kinds_of_value(guess))
        return {C.INDEX[guess]}

    def _narrow(self, q: int, allowed: set[int]) -> None:
        current = self.possible[q]
        self.possible[q] = allowed if current is None else current & allowed

    def read(self, log: list[dict], start: int | None = None) -> Knowledge:
        """Follow the events of the round in progress (``start``: the index of its ``round``
        event, :func:`round_start`, when the caller has it)."""
        if start is None:
            start = round_start(log)
        return self.follow(log[start + 1:])

    def follow(self, events: list[dict]) -> Knowledge:
        """Follow more events of the same round, in order."""
        for event in events:
            handler = getattr(self, "_on_" + event["e"], None)
            if handler is not None:
                handler(event)
        return self

    def _known_card(self, key: str) -> set[int]:
        return {C.INDEX[key]}

    def _on_draw(self, e):
        if e["from"] == "spare":
            self.possible[e["seat"]] = self.spare
            self._hand_changed(e["seat"])
            self.spare = None

    def _on_play(self, e):
        q, card = e["seat"], C.INDEX[e["card"]]
        self.kept_over[q], self.bounds[q] = (card if q != self.seat else None), None
        known = self.possible[q]
        if q != self.seat and known is not None and card in known:
            self.possible[q] = None
        if q != self.seat and card in self.triggers:      # else the Countess had to go
            self._narrow(q, set(self.deck.kinds) - {C.COUNTESS})

    def _on_discard(self, e):
        shown = self._winner
        if shown is not None and e["seat"] == shown[1] and e["cause"] == "knockout":
            value = self.deck.value[C.INDEX[e["card"]]]
            low, high = self.bounds[shown[0]] or (-1, 99)
            self.bounds[shown[0]] = (max(low, value), high) if shown[2] == "baron" else \
                (low, min(high, value))
            self._winner = None
        if e["cause"] != "played":
            self.possible[e["seat"]] = None
            self._hand_changed(e["seat"])

    def _on_look(self, e):
        if "card" not in e:
            return
        if e["target"] == "spare":
            self.spare = self._known_card(e["card"])
        else:
            self.possible[e["target"]] = self._known_card(e["card"])

    def _on_compare(self, e):
        if "cards" in e:
            other, card = ((e["target"], e["cards"][1]) if e["seat"] == self.seat
                           else (e["seat"], e["cards"][0]))
            self.possible[other] = self._known_card(card)
        elif e["loser"] is not None:
            loser = e["loser"]
            self._winner = (e["target"] if loser == e["seat"] else e["seat"], loser, e["kind"])

    def _on_swap(self, e):
        a, b = e["between"]
        if "cards" in e:
            if b == "spare":
                self.spare = self._known_card(e["cards"][1])
            else:
                other, card = (b, e["cards"][1]) if a == self.seat else (a, e["cards"][0])
                self.possible[other] = self._known_card(card)
            for q in (a, b):                 # the cards are known: no hint is needed
                if q != "spare":
                    self._hand_changed(q)
            return
        if b == "spare":
            self.possible[a], self.spare = self.spare, self.possible[a]
            self._hand_changed(a)
            return
        self.possible[a], self.possible[b] = self.possible[b], self.possible[a]
        for hints in (self.kept_over, self.bounds):
            hints[a], hints[b] = hints[b], hints[a]

    def _on_guard(self, e):
        if not e["hit"]:
            target = e["target"]
            self._narrow(target, set(self.deck.kinds) - self._guess_kinds(e["guess"]))

    def _on_assassin(self, e):
        self.possible[e["seat"]] = None
        self._hand_changed(e["seat"])

    def _on_bishop(self, e):
        kinds = self._guess_kinds(e["guess"])
        self._narrow(e["target"], kinds if e["hit"] else set(self.deck.kinds) - kinds)

    def _on_burn(self, e):
        self.spare = None

    def _on_chancellor(self, e):
        if e["seat"] != self.seat:
            self.possible[e["seat"]] = None
            self._hand_changed(e["seat"])

    def _on_return(self, e):
        for entry in self.bottom:
            entry[1] += e["count"]
        if "bottom" in e:
            order = e["bottom"]                  # top to bottom
            for distance, key in enumerate(reversed(order)):
                self.bottom.append([C.INDEX[key], distance])


OUT_OF_BOUNDS = 0.02
"""The weight of a card that breaks a comparison bound (see ``Knowledge.hand_weights``): small,
not zero, so that a deal never fails where a hint disagrees with the rest of the knowledge."""

KEEPS_HIGHER = 0.9
"""How often a rival is taken to have kept the higher of its two cards (never the Princess
thrown away; a Countess forced out by a King or Prince keeps that card): the heuristic bot
keeps the higher card 89% of the time in self-play (docs/ai.md). Worlds are dealt with each
rival's hand weighted by this likelihood of the card it played last."""


def keep_weights(rules, played: int) -> list[float]:
    """Per character, the likelihood of having kept it over ``played`` (see KEEPS_HIGHER)."""
    value, triggers = rules.value, rules.countess_triggers
    weights = []
    for card in range(len(value)):
        if card == played or C.PRINCESS in (card, played) or \
                (played == C.COUNTESS and card in triggers):
            weights.append(1.0)
        else:
            weights.append(KEEPS_HIGHER if value[played] <= value[card] else 1 - KEEPS_HIGHER)
    return weights
