"""Run the server with the toy test game registered (for tests that need a child process)."""

from toygame import GAME

from gonets.core import games
from gonets.server.__main__ import main

games()[GAME.name] = GAME
main()
