"""Baba Yaga (2010, Chicken Hut Games) for gonets: content as data, all three modes."""

from gonets.games.babayaga.game import BabaYagaGame

GAME = BabaYagaGame()
