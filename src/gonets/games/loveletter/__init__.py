"""Love Letter (Тайное Послание) for 2-8 players: classic, Premium, 2019 and the seed."""

from gonets.games.loveletter.game import LoveLetter

GAME = LoveLetter()
