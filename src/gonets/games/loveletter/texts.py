"""Readable English and Russian phrases for actions (menus) and log events.

Seats, the viewer and the set-aside card are written in the grammatical form each phrase
needs (``{t}``, ``{t_acc}``, ``{t_gen}``, ``{t_ins}``, and ``{t_hand}`` for "t's hand"):
see :data:`FORMS` and :func:`forms`.
"""

from __future__ import annotations

from gonets.games.loveletter import cards as C

FORMS = {
    "en": {
        "player": {"nom": "p{n}", "acc": "p{n}", "gen": "p{n}", "ins": "p{n}",
                   "hand": "p{n}'s hand"},
        "you": {"nom": "you", "acc": "you", "gen": "you", "ins": "you",
                "hand": "your own hand"},
        "spare": {"nom": "the set-aside card", "acc": "the set-aside card",
                  "gen": "the set-aside card", "ins": "the set-aside card",
                  "hand": "the set-aside card"},
        "nobody": {"nom": "nobody", "acc": "nobody", "gen": "nobody", "ins": "nobody",
                   "hand": "nobody's hand"},
    },
    "ru": {
        "player": {"nom": "игрок {n}", "acc": "игрока {n}", "gen": "игрока {n}",
                   "ins": "игроком {n}", "hand": "карту игрока {n}"},
        "you": {"nom": "вы", "acc": "вас", "gen": "вас", "ins": "вами", "hand": "свою карту"},
        "spare": {"nom": "отложенная карта", "acc": "отложенную карту",
                  "gen": "отложенной карты", "ins": "отложенной картой",
                  "hand": "отложенную карту"},
        "nobody": {"nom": "никто", "acc": "никого", "gen": "никого", "ins": "никем",
                   "hand": "ничью карту"},
    },
}
"""How a seat (``player``), the viewer (``you``) and the set-aside card are written, by case."""

WORDS = {
    "en": {"and": " and ", "nobody": "nobody"},
    "ru": {"and": " и ", "nobody": "никто"},
}

ACTIONS = {
    "en": {
        "guard": "name {guess} for {t}", "priest": "look at {t_hand}",
        "baron": "compare hands with {t}; the lower card is out",
        "handmaid": "protected until your next turn",
        "prince": "{t} discards their card and draws a new one",
        "prince_you": "discard your other card and draw a new one",
        "prince_spare": "burn the set-aside card face up",
        "king": "trade hands with {t}", "countess": "no effect",
        "princess": "whoever discards it is knocked out",
        "princess_you": "you are knocked out of the round",
        "bishop": "name {guess} for {t}; a hit wins a token",
        "dowager": "compare hands with {t}; the higher card is out",
        "constable": "no effect now; a token if knocked out later",
        "count": "no effect now; +1 at the showdown",
        "sycophant": "the next card played must choose {t_acc}",
        "baroness": "look at {hands}",
        "cardinal": "{a} and {b} trade hands",
        "cardinal_you": "trade hands with {b}",
        "cardinal_spare": "{a} trades hands with the set-aside card",
        "look": ", then look at {look_hand}",
        "jester": "bet on {t_acc} to win the round", "assassin": "no effect when played",
        "spy": "no effect now; a token to the only player with a Spy at the round's end",
        "chancellor": "draw 2, keep 1, put the others under the deck",
        "no_effect": "no effect: nobody can be chosen",
        "keep_cards": "keep {keep}; put under the deck (top to bottom): {bottom}",
        "redraw": "discard your card and draw a new one", "keep": "keep your card",
    },
    "ru": {
        "guard": "назвать {guess} у {t_gen}", "priest": "посмотреть {t_hand}",
        "baron": "сравнить карты с {t_ins}; младшая выбывает",
        "handmaid": "защита до вашего следующего хода",
        "prince": "{t} сбрасывает карту и берёт новую",
        "prince_you": "сбросить свою вторую карту и взять новую",
        "prince_spare": "сжечь отложенную карту в открытую",
        "king": "обменяться картами с {t_ins}", "countess": "без эффекта",
        "princess": "сбросивший её выбывает",
        "princess_you": "вы выбываете из раунда",
        "bishop": "назвать {guess} у {t_gen}; угадали — жетон",
        "dowager": "сравнить карты с {t_ins}; старшая выбывает",
        "constable": "без эффекта; жетон, если позже выбудете",
        "count": "без эффекта; +1 при вскрытии",
        "sycophant": "следующая сыгранная карта должна выбрать {t_acc}",
        "baroness": "посмотреть {hands}",
        "cardinal": "{a} и {b} меняются картами",
        "cardinal_you": "обменяться картами с {b_ins}",
        "cardinal_spare": "{a} меняется картой с отложенной картой",
        "look": ", затем посмотреть {look_hand}",
        "jester": "ставка на победу {t_gen} в раунде", "assassin": "без эффекта при розыгрыше",
        "spy": "без эффекта; жетон единственному со Шпионом в сбросе в конце раунда",
        "chancellor": "взять 2, оставить 1, остальные под колоду",
        "no_effect": "без эффекта: некого выбрать",
        "keep_cards": "оставить себе: {keep}; под колоду (сверху вниз): {bottom}",
        "redraw": "сбросить карту и взять новую", "keep": "оставить карту",
    },
}

EVENTS = {
    "en": {
        "round": "Round {round} begins; {starter} starts",
        "starter": "{seat} is drawn to start", "face_up": "Removed face up: {cards}",
        "deal": "{seat} is dealt a card{card_part}", "draw": "{seat} draws a card{card_part}",
        "draw_spare": "{seat} takes the set-aside card{card_part}",
        "play": "{seat} plays {card}: {action}",
        "no_effect": "{seat_gen}'s {card} has no effect: nobody can be chosen",
        "guard_hit": "{seat} names {guess} for {target}: correct",
        "guard_miss": "{seat} names {guess} for {target}: wrong",
        "assassin": "{seat} reveals the Assassin: {guard} is knocked out instead",
        "look": "{seat} looks at {target_hand}{card_part}",
        "compare": "{seat} and {target} compare hands ({kind}){cards_part}: {loser_part}",
        "swap": "{a} and {b} trade hands ({kind}){cards_part}",
        "swap_spare": "{a} trades hands with the set-aside card ({kind}){cards_part}",
        "protect": "{seat} is protected until their next turn",
        "mark": "{seat} marks {target} with the {kind}",
        "bishop_hit": "{seat} names {guess} for {target} with the Bishop: correct",
        "bishop_miss": "{seat} names {guess} for {target} with the Bishop: wrong",
        "redraw": "{seat} chooses to {choice}",
        "discard": "{seat} discards {card} ({cause})", "out": "{seat} is knocked out ({by})",
        "burn": "{seat} burns the set-aside card: {card}{refill_part}",
        "chancellor": "{seat} draws {drew_cards} with the Chancellor{cards_part}",
        "return": "{seat} puts {count_cards} under the deck{kept_part}",
        "token": "{seat} gains a token ({reason}): {tokens}",
        "showdown": "Showdown: {hands}",
        "round_end": "Round {round} ends ({reason}); winners: {winners}",
        "round_end_game_won": "Round {round} stops: the game is won",
        "game_end": "Game over; winners: {winners}",
        "lost": "{loser} is out", "tie": "a tie, nothing happens",
        "holds": "{who}: {card}", "now": "; now {pairs}", "shown": " [{pairs}]",
        "kept": " (keeps {kept}; under the deck, top to bottom: {bottom})",
        "refilled": "; the top card of the deck takes its place",
        "excluded": "loses to the Princess",
        "cards": {1: "1 card", "other": "{n} cards"},
    },
    "ru": {
        "round": "Раунд {round}; первым ходит {starter}",
        "starter": "жребий: первым ходит {seat}", "face_up": "Открыто убраны: {cards}",
        "deal": "{seat} получает карту{card_part}", "draw": "{seat} берёт карту{card_part}",
        "draw_spare": "{seat} берёт отложенную карту{card_part}",
        "play": "{seat} играет «{card}»: {action}",
        "no_effect": "«{card}» ({seat}) без эффекта: некого выбрать",
        "guard_hit": "{seat} называет {guess} у {target_gen} — угадано",
        "guard_miss": "{seat} называет {guess} у {target_gen} — мимо",
        "assassin": "{seat} раскрывает Убийцу: вместо него выбывает {guard}",
        "look": "{seat} смотрит {target_hand}{card_part}",
        "compare": "{seat} и {target} сравнивают карты ({kind}){cards_part}: {loser_part}",
        "swap": "{a} и {b} меняются картами ({kind}){cards_part}",
        "swap_spare": "{a} меняется картой с отложенной картой ({kind}){cards_part}",
        "protect": "{seat} под защитой до своего хода",
        "mark": "{seat} отмечает {target_acc} ({kind})",
        "bishop_hit": "{seat} (Епископ) называет {guess} у {target_gen} — угадано",
        "bishop_miss": "{seat} (Епископ) называет {guess} у {target_gen} — мимо",
        "redraw": "{seat} решает: {choice}",
        "discard": "{seat} сбрасывает «{card}» ({cause})", "out": "{seat} выбывает ({by})",
        "burn": "{seat} сжигает отложенную карту: «{card}»{refill_part}",
        "chancellor": "{seat} берёт {drew_cards} (Канцлер){cards_part}",
        "return": "{seat} кладёт под колоду {count_cards}{kept_part}",
        "token": "{seat} получает жетон ({reason}): {tokens}",
        "showdown": "Вскрытие: {hands}",
        "round_end": "Раунд {round} окончен ({reason}); победители: {winners}",
        "round_end_game_won": "Раунд {round} прерван: игра выиграна",
        "game_end": "Игра окончена; победители: {winners}",
        "lost": "выбывает {loser}", "tie": "ничья, ничего не происходит",
        "holds": "{who}: {card}", "now": "; теперь {pairs}", "shown": " [{pairs}]",
        "kept": " (оставляет: {kept}; под колоду сверху вниз: {bottom})",
        "refilled": "; её место занимает верхняя карта колоды",
        "excluded": "проигрывает Принцессе",
        "cards": {1: "1 карту", 2: "2 карты", "other": "{n} карт"},
    },
}

CAUSES = {
    "en": {"played": "played", "prince": "by a Prince", "bishop": "after the Bishop",
           "assassin": "revealed against a Guard", "knockout": "knocked out"},
    "ru": {"played": "сыграна", "prince": "из-за Принца", "bishop": "после Епископа",
           "assassin": "раскрыт против Стражницы", "knockout": "выбывание"},
}
"""Why a card was discarded (the ``cause`` of a ``discard`` event)."""

TERMS = {
    "en": {"round": "round won", "jester": "Jester", "spy": "Spy", "constable": "Constable",
           "bishop": "Bishop", "last_standing": "last standing", "showdown": "showdown",
           "game_won": "game won", "redraw": "discard and draw", "keep": "keep the card"},
    "ru": {"round": "победа в раунде", "jester": "Шут", "spy": "Шпион",
           "constable": "Коннетабль", "bishop": "Епископ", "last_standing": "остался один",
           "showdown": "вскрытие", "game_won": "победа в игре",
           "redraw": "сбросить и взять новую", "keep": "оставить карту"},
}
"""Token reasons, round-end reasons and the Bishop victim's choices."""


def lang_of(lang: str) -> str:
    return lang if lang in ACTIONS else "en"


def card(key, lang: str) -> str:
    return C.card_name(key, lang) if key in C.INDEX else str(key)


def who(target, lang: str, viewer=None, case: str = "nom") -> str:
    """A seat (int), ``"spare"`` or None written in ``case``; the viewer as "you"."""
    if target == "spare":
        kind = "spare"
    elif target is None:
        kind = "nobody"
    elif viewer is not None and target == viewer:
        kind = "you"
    else:
        kind = "player"
    return FORMS[lang][kind][case].format(n=target + 1 if isinstance(target, int) else "")


def forms(name: str, target, lang: str, viewer=None) -> dict[str, str]:
    """``{name}``, ``{name}_acc``, ``{name}_gen``, ``{name}_ins`` and ``{name}_hand``."""
    found = {name: who(target, lang, viewer)}
    for case in ("acc", "gen", "ins", "hand"):
        found[f"{name}_{case}"] = who(target, lang, viewer, case)
    return found


def guess_text(guess, lang: str) -> str:
    """A guessed value as is; a guessed character by name (quoted in Russian)."""
    if isinstance(guess, int) or str(guess).isdigit():
        return str(guess)
    name = card(guess, lang)
    return f"«{name}»" if lang == "ru" else name


def count_text(n: int, lang: str) -> str:
    """'2 cards' / '2 карты'."""
    table = EVENTS[lang]["cards"]
    return table.get(n, table["other"]).format(n=n)


def term(word, lang: str) -> str:
    return TERMS[lang].get(word, str(word))


def cause(word, lang: str) -> str:
    return CAUSES[lang].get(word, str(word))
