"""The rules of Carcassonne with The Messengers: pure state and transitions.

``state`` holds the protocol, ``placement``, ``scoring`` and ``messengers`` the parts of a turn,
``variants`` and ``phases`` the switches and fixed quantities; the model is ``tiles`` (the tile
set as data), ``board`` (the feature engine) and ``track`` (the scoring track).
"""

from gonets.games.carcassonne.rules.state import NUM_ACTIONS, CarcassonneState
from gonets.games.carcassonne.rules.variants import VARIANTS

# NUM_ACTIONS comes from the notation; game.py takes it from here so that the package loads
# the rules (which load the notation) before anything else.
__all__ = ["NUM_ACTIONS", "VARIANTS", "CarcassonneState"]
