"""Readable English and Russian lines for actions (menus) and log events."""

from __future__ import annotations

from gonets.games.loveletter import cards as C

WORDS = {
    "en": {"you": "yourself", "player": "p{n}", "spare": "the set-aside card", "and": " and ",
           "nobody": "nobody"},
    "ru": {"you": "себя", "player": "игрок {n}", "spare": "отложенная карта", "and": " и ",
           "nobody": "никто"},
}

ACTIONS = {
    "en": {
        "guard": "name {guess} for {t}", "priest": "look at the hand of {t}",
        "baron": "compare hands with {t}; the lower card is out",
        "handmaid": "protected until the next turn", "prince": "{t} discards and draws",
        "king": "trade hands with {t}", "countess": "no effect",
        "princess": "whoever discards it is knocked out", "bishop": "name {guess} for {t}; a hit wins a token",
        "dowager": "compare hands with {t}; the higher card is out",
        "constable": "no effect now; a token if knocked out later",
        "count": "no effect now; +1 at the showdown",
        "sycophant": "the next card played must choose {t}",
        "baroness": "look at the hand of {t}", "cardinal": "{t} trade hands",
        "cardinal_look": "{t} trade hands, then look at {look}",
        "jester": "bet that {t} wins the round", "assassin": "no effect when played",
        "spy": "no effect now; a token to the only player with a Spy at the round's end",
        "chancellor": "draw 2, keep 1, put 2 under the deck",
        "no_effect": "no effect: nobody can be chosen",
        "keep_cards": "keep {keep}; put under the deck: {bottom}",
        "redraw": "discard your card and draw a new one", "keep": "keep your card",
    },
    "ru": {
        "guard": "назвать {guess} для: {t}", "priest": "посмотреть карту: {t}",
        "baron": "сравнить карты с: {t}; младшая выбывает",
        "handmaid": "защита до следующего хода", "prince": "{t}: сбросить и взять карту",
        "king": "обменяться картами с: {t}", "countess": "без эффекта",
        "princess": "сбросивший её выбывает", "bishop": "назвать {guess} для: {t}; угадали — очко",
        "dowager": "сравнить карты с: {t}; старшая выбывает",
        "constable": "без эффекта; очко при выбывании позже",
        "count": "без эффекта; +1 в конце раунда",
        "sycophant": "следующая карта должна выбрать: {t}",
        "baroness": "посмотреть карты: {t}", "cardinal": "{t} меняются картами",
        "cardinal_look": "{t} меняются картами, затем посмотреть: {look}",
        "jester": "ставка: раунд выиграет {t}", "assassin": "без эффекта при розыгрыше",
        "spy": "без эффекта; очко единственному со шпионом в конце раунда",
        "chancellor": "взять 2, оставить 1, 2 под колоду",
        "no_effect": "без эффекта: некого выбрать",
        "keep_cards": "оставить {keep}; под колоду: {bottom}",
        "redraw": "сбросить карту и взять новую", "keep": "оставить карту",
    },
}

EVENTS = {
    "en": {
        "round": "Round {round} begins; {starter} starts",
        "starter": "{seat} is drawn to start", "face_up": "Removed face up: {cards}",
        "deal": "{seat} is dealt a card{card_part}", "draw": "{seat} draws{card_part}{source}",
        "play": "{seat} plays {card}: {action}", "no_effect": "{card} of {seat} has no effect",
        "guard_hit": "{seat} names {guess} for {target}: correct",
        "guard_miss": "{seat} names {guess} for {target}: wrong",
        "assassin": "{seat} reveals the Assassin: {guard} is knocked out instead",
        "look": "{seat} looks at the hand of {target}{card_part}",
        "look_spare": "{seat} looks at the set-aside card{card_part}",
        "compare": "{seat} and {target} compare hands ({kind}){cards_part}: {loser_part}",
        "swap": "{a} and {b} trade hands ({kind}){cards_part}",
        "protect": "{seat} is protected until their next turn",
        "mark": "{seat} marks {target} with the {kind}",
        "bishop_hit": "{seat} names {guess} for {target} with the Bishop: correct",
        "bishop_miss": "{seat} names {guess} for {target} with the Bishop: wrong",
        "redraw": "{seat} chooses to {choice}",
        "discard": "{seat} discards {card} ({cause})", "out": "{seat} is knocked out ({by})",
        "burn": "{seat} burns the set-aside card: {card}",
        "chancellor": "{seat} draws {drew} with the Chancellor{cards_part}",
        "return": "{seat} puts {count} under the deck{kept_part}",
        "token": "{seat} gains a token ({reason}): {tokens}",
        "showdown": "Showdown: {hands}",
        "round_end": "Round {round} ends ({reason}); winners: {winners}",
        "game_end": "Game over; winners: {winners}",
        "lost": "{loser} is out", "tie": "a tie, nothing happens",
    },
    "ru": {
        "round": "Раунд {round}; первым ходит {starter}",
        "starter": "жребий: первым ходит {seat}", "face_up": "Открыто убраны: {cards}",
        "deal": "{seat} получает карту{card_part}", "draw": "{seat} берёт карту{card_part}{source}",
        "play": "{seat} играет «{card}»: {action}", "no_effect": "«{card}» ({seat}) без эффекта",
        "guard_hit": "{seat} называет {guess} для: {target} — угадано",
        "guard_miss": "{seat} называет {guess} для: {target} — мимо",
        "assassin": "{seat} раскрывает Убийцу: выбывает {guard}",
        "look": "{seat} смотрит карту: {target}{card_part}",
        "look_spare": "{seat} смотрит отложенную карту{card_part}",
        "compare": "{seat} и {target} сравнивают карты ({kind}){cards_part}: {loser_part}",
        "swap": "{a} и {b} меняются картами ({kind}){cards_part}",
        "protect": "{seat} под защитой до своего хода",
        "mark": "{seat} отмечает: {target} ({kind})",
        "bishop_hit": "{seat} (Епископ) называет {guess} для: {target} — угадано",
        "bishop_miss": "{seat} (Епископ) называет {guess} для: {target} — мимо",
        "redraw": "{seat}: {choice}",
        "discard": "{seat} сбрасывает «{card}» ({cause})", "out": "{seat} выбывает ({by})",
        "burn": "{seat} сжигает отложенную карту: «{card}»",
        "chancellor": "{seat} берёт {drew} (Канцлер){cards_part}",
        "return": "{seat} кладёт {count} под колоду{kept_part}",
        "token": "{seat} получает жетон ({reason}): {tokens}",
        "showdown": "Вскрытие: {hands}",
        "round_end": "Раунд {round} окончен ({reason}); победители: {winners}",
        "game_end": "Игра окончена; победители: {winners}",
        "lost": "выбывает {loser}", "tie": "ничья, ничего не происходит",
    },
}

TERMS = {
    "en": {"played": "played", "prince": "by a Prince", "bishop": "after the Bishop",
           "assassin": "the Assassin", "knockout": "knocked out", "round": "round won",
           "jester": "Jester", "spy": "Spy", "constable": "Constable",
           "last_standing": "last standing", "showdown": "showdown", "game_won": "game won",
           "redraw": "discard and draw", "keep": "keep the card", "from_spare":
           " (the set-aside card)"},
    "ru": {"played": "сыграна", "prince": "Принц", "bishop": "Епископ", "assassin": "Убийца",
           "knockout": "выбывание", "round": "победа в раунде", "jester": "Шут", "spy": "Шпион",
           "constable": "Коннетабль", "last_standing": "остался один",
           "showdown": "вскрытие", "game_won": "победа в игре",
           "redraw": "сбросить и взять новую", "keep": "оставить карту",
           "from_spare": " (отложенную)"},
}


def lang_of(lang: str) -> str:
    return lang if lang in ACTIONS else "en"


def card(key, lang: str) -> str:
    return C.card_name(key, lang) if key in C.INDEX else str(key)


def who(target, lang: str, viewer=None) -> str:
    if target == "spare":
        return WORDS[lang]["spare"]
    if target is None:
        return WORDS[lang]["nobody"]
    if viewer is not None and target == viewer:
        return WORDS[lang]["you"]
    return WORDS[lang]["player"].format(n=target + 1)


def guess_text(guess, lang: str) -> str:
    return str(guess) if isinstance(guess, int) or str(guess).isdigit() else card(guess, lang)


def term(word, lang: str) -> str:
    return TERMS[lang].get(word, str(word))
