"""The phases of a match (``CzarState.phase``)."""

START, COINS, SHUFFLE, INITIAL, TURN, DRAWN, RUBLES_FIRST, RUBLES, BONUS, OFFER, OVER = range(11)
PHASES = ["start", "coins", "shuffle", "initial", "turn", "drawn", "rubles-first", "rubles",
          "bonus", "extra", "over"]
CHANCE_PHASES = (START, COINS, SHUFFLE)
