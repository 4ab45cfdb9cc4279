"""The rules of Love Letter (pure): the position, its legal actions, card effects, rounds.

``cards`` is the model (characters, decks, playing-card mappings, from ``data/cards.json``);
``legal`` compiles a configuration (deck, flags, action table) and lists legal actions;
``effects`` and ``rounds`` are the parts of a turn and a round; ``state`` the position.
"""

from gonets.games.loveletter.rules import cards
from gonets.games.loveletter.rules.legal import Rules, deck_of, rules_for, token_target
from gonets.games.loveletter.rules.state import LoveLetterState

__all__ = ["LoveLetterState", "Rules", "cards", "deck_of", "rules_for", "token_target"]
