"""The words of a Baba Yaga view: names, card texts, log lines, the stakes, menu lines, and
the web page's step labels, prompts and score table, in English and Russian.

Every phrase comes from the catalogues ``data/phrases.en.yaml`` and ``data/phrases.ru.yaml``
(``phrases.py``); the names of places, heroes, quests and cards are those of the content pack
the view's game is played on, Russian ones from ``names.ru.yaml`` (``names.py``); a card in
words is ``cards.py``, the log lines ``log.py``. This module holds what rides on a decision
(stakes), the menu lines, step labels, prompts and the score table, and gives the names of
those modules too. Everything is drawn from the view alone plus its content pack
(``view_content(view)``).
"""

from __future__ import annotations

from gonets.games.babayaga.notation import action_steps
from gonets.games.babayaga.rules.content import ABILITIES, view_content
from gonets.games.babayaga.text.cards import (
    card_line,
    challenge_text,
    challenges_text,
    effect_text,
    effects_text,
    kept_text,
    modifier_text,
    power_text,
    quest_steps,
    step_where,
)
from gonets.games.babayaga.text.log import (
    describe_event,
    event_fields,
    options_content,
    special_place,
    winners_text,
)
from gonets.games.babayaga.text.names import (
    ability_name,
    card_name,
    card_story,
    cards_text,
    char_name,
    hero_name,
    loc_name,
    quest_name,
    russian,
    seat_label,
    step_owner,
    titles,
    token_name,
)
from gonets.games.babayaga.text.phrases import DATA, LANGS, catalogue, plural, say, word

__all__ = ["CONNECT", "DATA", "LANGS", "TOKEN_MARK", "ability_name", "arrival", "card_line",
           "card_name", "card_stakes", "card_story", "cards_text", "catalogue",
           "challenge_text", "challenges_text", "char_name", "describe_action",
           "describe_event", "describe_step", "effect_text", "effects_text", "event_fields",
           "failure_cost", "goal", "hero_name", "kept_text", "loc_name", "modifier_text",
           "options_content", "plural", "power_text", "prompt", "quest_cell", "quest_name",
           "quest_steps", "russian", "say", "scoreboard", "seat_label",
           "short_stakes", "special_place", "stakes", "step_owner", "step_where", "titles",
           "token_card", "token_name", "winners_text", "word"]

TOKEN_MARK = {"wolves": "W", "solovey": "S", "horseman": "R", "hut": "H", "baba_yaga": "B"}
CONNECT = {"open": "─│", "bridge": "═║", "pass": "═║", "causeway": "┄┆", "river": "≈≈",
           "mountain": "▲▲", "lake": "~~"}                  # across and down the board


# ------------------------------------------------------------------------------ the stakes ---
def goal(view: dict, seat: int) -> tuple[int, dict] | None:
    """A hero's current quest step: its number and its card (None: no quest, done or out)."""
    c = view_content(view)
    hero = view["heroes"][seat]
    quest = c.quests.get(hero["quest"])
    if quest is None or hero["done"] or hero["elim"]:
        return None
    return hero["step"] + 1, c.cards[quest["steps"][hero["step"]]]


def _deadly(card: dict) -> str | None:
    kinds = {kind for kind, _arg in card["lose"]}
    return "eliminate" if "eliminate" in kinds else "kill" if "kill" in kinds else None


def _saver(view: dict, seat: int) -> str | None:
    """The hero's card that cancels a death (the Apple of Youth), if any."""
    cards = view_content(view).cards
    return next((cid for cid in view["heroes"][seat]["cards"]
                 if any(p["effect"] == "cancel_death" for p in cards[cid]["powers"])), None)


def card_stakes(view: dict, cid: str, seat: int, lang: str = "en") -> list[str]:
    """What rides on a card for the hero at ``seat``, as sentences: a final quest step, death,
    elimination, the end of the game (second person for the viewing seat)."""
    c = view_content(view)
    card = c.cards[cid]
    who = "you" if seat == view.get("seat") else "other"
    name = hero_name(view, seat, lang)
    solo = view["mode"] == "solo"
    out = []
    if card.get("final"):
        out.append(say(lang, f"stake.final.{who}", who=name)
                   + say(lang, f"stake.final_{view['mode']}"))
    deadly = _deadly(card)
    if deadly:
        line = say(lang, f"stake.{deadly}.{who}", who=name)
        saver = _saver(view, seat) if deadly == "kill" else None
        if saver:
            line += say(lang, "stake.saved", card=titles(saver, lang, c)[1])
        elif deadly == "kill" and solo and view["options"].get("solo_lose_on_death"):
            line += say(lang, "stake.hard_death")
        out.append(line)
    if card["deck"] == "baba_yaga" and solo and view["options"].get("solo_lose_on_baba_fail"):
        out.append(say(lang, "stake.hard_baba"))
    if any(kind == "end_game" for kind, _arg in card["win"]):
        out.append(say(lang, "stake.ends"))
    return out


def stakes(view: dict, lang: str = "en") -> list[str]:
    """What rides on the card being resolved now (empty when none is)."""
    frame = view.get("encounter")
    return card_stakes(view, frame["card"], view["active"], lang) if frame else []


def short_stakes(view: dict, cid: str, lang: str = "en") -> str:
    """The stake of a card in a few words for a menu line ("failing kills you")."""
    card = view_content(view).cards[cid]
    bits = [say(lang, "stake.short_final")] if card.get("final") else []
    deadly = _deadly(card)
    if deadly:
        bits.append(say(lang, f"stake.short_{deadly}"))
    return ": ".join(bits)


def token_card(view: dict, token: str) -> str | None:
    """The card a hero meets at a token now, if the table shows which (the Horseman's depends
    on the time of day, Baba Yaga's on how many of her cards are beaten)."""
    c = view_content(view)
    deck = token if token in ("baba_yaga", "horseman", "hut") else "wilderness"
    test = {"baba_yaga": lambda card: card["order"] == view["by_beaten"] + 1,
            "horseman": lambda card: card["time"] == view["time"], "hut": lambda card: True}
    return next((cid for cid in c.decks[deck] if test.get(token, lambda card: (
        card["lair"] or {}).get("token") == token)(c.cards[cid])), None)


def arrival(view: dict, lid: str, lang: str = "en") -> str:
    """What ending a move at ``lid`` brings the viewer: the tokens met (and the worst their
    cards risk) and a quest step due there."""
    cards = view_content(view).cards
    step = goal(view, view["seat"]) if view.get("seat") is not None else None
    trig = step[1]["trigger"] if step else {}
    out = ""
    met = [t for t, where in view["tokens"].items() if where == lid]
    if met:
        met_cards = [step[1]["id"] if trig.get("token") == t else token_card(view, t) for t in met]
        risks = [_deadly(cards[cid]) or "" for cid in met_cards if cid]
        risk = max(risks, key=("", "kill", "eliminate").index, default="")
        out += say(lang, "action.meet", tokens=", ".join(token_name(t, lang) for t in met)
                   + (": " + say(lang, f"stake.short_{risk}") if risk else ""))
    timed = view["time"] is None or view["time"] in trig.get("time", [view["time"]])
    if step and trig.get("at") == lid and timed:
        deadly = _deadly(step[1])
        key = "action.goal_final" if step[1].get("final") else "action.goal"
        out += say(lang, key, n=step[0]) + (": " + say(lang, f"stake.short_{deadly}")
                                            if deadly else "")
    return out


# ----------------------------------------------------------------------------- menu lines ---
def failure_cost(view: dict, lang: str) -> str:
    """What accepting a failed roll costs: the card's lose results, or the rule of the steal,
    beguile, Forlorn Hills or Koshchey rescue roll in progress."""
    encounter = view.get("encounter") or {}
    c = view_content(view)
    card = c.cards.get(encounter.get("card", ""))
    if card is not None:
        return effects_text(card["lose"], lang, c) if card["lose"] else \
            say(lang, "word.no_loss")
    for event in reversed(view["log"]):
        if event["e"] in ("steal", "beguile") or (
                event["e"] == "special" and event["kind"] == "forlorn_hills"):
            return say(lang, "word.effect.miss_turn")
        if event["e"] == "turn":
            break
    return say(lang, "word.effect.kill")              # the Koshchey rescue


def _accept(view: dict, lang: str) -> str:
    question = (view.get("decision") or {}).get("question")
    if question == "the challenge roll":
        return say(lang, "action.accept_failure", results=failure_cost(view, lang))
    if question == "the encounter card":
        return say(lang, "action.accept_card")
    if question == "steal, beguile or trade":
        offer = view.get("trade") or {"give": [], "ask": []}
        c = view_content(view)
        return say(lang, "action.accept_offer") + f" ({cards_text(offer['give'], lang, c)} ⇄ " \
            f"{cards_text(offer['ask'], lang, c)})"
    if question == "which encounter to have":
        step = goal(view, view["active"])
        notes = short_stakes(view, step[1]["id"], lang) if step else ""
        return say(lang, "action.accept_step") + (f" ({notes})" if notes else "")
    return say(lang, "action.accept")


def _option(view: dict, number: str, lang: str) -> str:
    c = view_content(view)
    card = c.cards.get((view.get("encounter") or {}).get("card", ""))
    subs = next((arg for kind, arg in card["win"] + card["lose"] if kind == "choose_one"),
                []) if card else []
    if number.isdigit() and 0 < int(number) <= len(subs):
        result = effect_text(*subs[int(number) - 1], lang, c)
        return say(lang, "action.option", result=result[:1].upper() + result[1:])
    return say(lang, "action.option_plain", number=number)


def _roll(view: dict, lang: str) -> str:
    roll = (view.get("encounter") or {}).get("challenge")
    if roll is None:
        return say(lang, "action.roll_plain")
    notes = short_stakes(view, view["encounter"]["card"], lang)
    return say(lang, "action.roll", dice=plural(lang, "dice", roll["dice"]), diff=roll["diff"]) \
        + (f" ({notes})" if notes else "")


def _character(view: dict, arg: str, lang: str) -> str:
    c = view_content(view)
    ch = c.characters[arg]
    stats = ", ".join(f"{ability_name(a, lang)} {ch['stats'][a]}" for a in ABILITIES)
    if lang == "en":
        extra = f": {ch['descriptor']}" if ch["descriptor"] else ""
    else:
        powers = [power_text(p, lang) for p in ch["powers"]]
        extra = f": {'; '.join(powers)}" if powers else ""
    return say(lang, "action.character", name=char_name(arg, lang, c), stats=stats, powers=extra)


def _move(view: dict, verb: str, arg: str, here: str | None, lang: str) -> str:
    place = loc_name(arg, lang, view_content(view))
    if verb in ("hut", "horseman", "baba"):
        token = {"hut": "hut", "horseman": "horseman", "baba": "baba_yaga"}[verb]
        return say(lang, "action.token", token=token_name(token, lang), place=place)
    if verb == "step":
        return say(lang, "action.step", place=place)
    notes = arrival(view, arg, lang)
    if verb == "move" and arg == here:
        return say(lang, "action.stay", place=place) + notes
    if verb == "move":
        return say(lang, "action.move", place=place, meet=notes)
    return say(lang, f"action.{verb}", place=place) + notes


def describe_action(view: dict, text: str, lang: str = "en") -> str:
    """A readable menu line for a legal notation, for the view's seat."""
    c = view_content(view)
    parts = text.split()
    verb, arg = parts[0], (parts[1] if len(parts) > 1 else "")
    seat = view.get("seat")
    here = view["heroes"][seat]["loc"] if seat is not None and view["heroes"][seat]["loc"] else None
    if verb in ("move", "fly", "sneak", "step", "hut", "horseman", "baba") and arg in c.locations:
        return _move(view, verb, arg, here, lang)
    if text == "draw":
        deck = "town" if here and c.locations[here]["kind"] == "town" else "wilderness"
        return say(lang, "action.draw", deck=word(lang, "deck", deck))
    if verb in ("draw", "deck", "pile"):
        return say(lang, "action.draw_deck" if verb == "draw" else f"action.{verb}",
                   deck=word(lang, "deck", arg))
    if verb == "special":
        kind = c.locations[here]["special"] if here else None
        return say(lang, f"special.{kind}" if kind in catalogue(lang)["special"]
                   else "special.other")
    if verb in ("reroll", "pay"):
        return say(lang, f"action.{verb}", card=card_name(arg, lang, c))
    if verb == "use":
        card = c.cards[arg.upper()]
        return say(lang, "action.use", card=titles(card["id"], lang, c)[1],
                   powers="; ".join(power_text(p, lang) for p in card["powers"]))
    if verb == "card":
        card = c.cards[arg.upper()]
        return say(lang, "action.card", title=titles(card["id"], lang, c)[0],
                   challenges=challenges_text(card, lang), line=card_line(card["id"], lang, c))
    if verb == "choose":
        return say(lang, "action.choose", ability=ability_name(arg, lang))
    if verb in ("steal", "beguile", "offer"):
        return say(lang, f"action.{verb}", whom=hero_name(view, int(arg[1:]) - 1, lang))
    if verb in ("give", "ask"):
        return say(lang, f"action.{verb}", card=card_name(arg, lang, c),
                   whom=hero_name(view, int(parts[2][1:]) - 1, lang))
    helpers = {"accept": lambda: _accept(view, lang), "roll": lambda: _roll(view, lang),
               "option": lambda: _option(view, arg, lang),
               "character": lambda: _character(view, arg, lang)}
    if verb in helpers:
        return helpers[verb]()
    if verb == "quest":
        q = c.quests[arg]
        return say(lang, "action.quest", name=quest_name(arg, lang, c),
                   place=loc_name(q["start"], lang, c), steps=quest_steps(arg, lang, c))
    if verb == "order":
        return say(lang, "action.order", order=" ".join(parts[1:]))
    if verb == "rescue":
        rule = c.rules["special_rules"]["koshcheys_home"]["rescue"]
        return say(lang, "action.rescue",
                   challenge=f"{ability_name(rule['ability'], lang)} {rule['diff']}")
    if text in ("decline", "pass", "done"):
        return say(lang, f"action.{text}")
    return text


# ------------------------------------------------------------------- web: steps and prompts ---
def describe_step(view: dict, key: str, lang: str = "en") -> str:
    """The button label of one click of :func:`notation.action_steps` (a peeked card being
    put back is named from the viewer's own latest peek)."""
    family, _, arg = key.partition(":")
    if family in ("give", "to"):
        card = card_name(arg, lang, view_content(view)) if family == "give" else ""
        return say(lang, f"step.{family}", card=card,
                   whom=hero_name(view, int(arg[1:]) - 1, lang) if family == "to" else "")
    if family == "put":
        peek = next((e for e in reversed(view["log"]) if e["e"] == "peek"
                     and e["seat"] == view.get("seat")), {"deck": ""})
        cards = [*view["known"].get(f"{view.get('seat')}:{peek['deck']}", []),
                 *view["known"].get(f"all:{peek['deck']}", [])]
        n = int(arg)
        return card_name(cards[n - 1], lang, view_content(view)) if n <= len(cards) else \
            say(lang, "step.put_plain", n=n)
    for text in view.get("legal") or []:
        if action_steps(view, text) == [key]:
            return describe_action(view, text, lang)
    return key


def _decision_prompt(view: dict, family: str, lang: str) -> tuple[str, list[str]]:
    """The sentence for the decision at hand and the stakes that go with it."""
    question = (view.get("decision") or {}).get("question")
    frame = view.get("encounter") or {}
    legal = view.get("legal") or []
    if family in ("move", "fly", "sneak"):
        step = goal(view, view["seat"])
        if step is None or "passive" in step[1]["trigger"]:
            return say(lang, "prompt.move"), []
        return say(lang, "prompt.move") + say(
            lang, "prompt.goal_final" if step[1].get("final") else "prompt.goal", n=step[0],
            where=step_where(step[1], lang, view_content(view)),
            challenges=challenges_text(step[1], lang)), []
    if family in ("hut", "horseman"):
        return say(lang, "prompt.token", token=token_name(family, lang)), []
    if family in ("character", "quest", "deck", "pile", "put", "to", "option", "baba", "step",
                  "choose", "give", "ask", "offer", "steal", "beguile"):
        return say(lang, f"prompt.{family}"), stakes(view, lang) if family == "choose" else []
    if question == "the challenge roll" and "accept" in legal:
        return say(lang, "prompt.failed", results=failure_cost(view, lang)), stakes(view, lang)
    if question == "the challenge roll":
        roll = frame.get("challenge") or {}
        return say(lang, "prompt.before_roll", ability=ability_name(roll.get("ability", ""), lang),
                   dice=plural(lang, "dice", roll.get("dice", 1)), diff=roll.get("diff", "?")), \
            stakes(view, lang)
    if question == "the encounter card" and frame:
        card = card_name(frame["card"], lang, view_content(view))
        return say(lang, "prompt.optional", card=card), stakes(view, lang)
    if question == "which encounter to have":
        step = goal(view, view["active"]) if "accept" in legal else None
        return say(lang, "prompt.encounter"), \
            card_stakes(view, step[1]["id"], view["active"], lang) if step else []
    if question == "steal, beguile or trade" and "accept" in legal:
        return say(lang, "prompt.consent", who=hero_name(view, view["active"], lang)), []
    if question == "rescue the Ally from Koshchey":
        return say(lang, "prompt.rescue"), [say(lang, "stake.kill.you")]
    if question == "start of the turn":
        return say(lang, "prompt.skip"), []
    if family == "card":
        offered = {t.split()[1].upper() for t in legal if t.startswith("card ")}
        held = {cid for hero in view["heroes"] for cid in hero["cards"]}
        kind = "give" if offered <= set(view["heroes"][view["seat"]]["cards"]) else "take" \
            if offered <= held | {cid for pile in view["discard"].values() for cid in pile} \
            else "meet"
        return say(lang, f"prompt.card_{kind}"), []
    return say(lang, "prompt.other"), []


def prompt(view: dict, family: str, lang: str = "en") -> str:
    """What the seat is asked to do now, when the next click is a step of ``family``, with
    what rides on it ("Failing this challenge kills you", "This is your final quest step")."""
    line, risks = _decision_prompt(view, family, lang)
    return ". ".join([line, *risks])


def quest_cell(view: dict, seat: int, lang: str = "en") -> str:
    """A hero's quest progress in a few characters: ``step 3/6``, done or out."""
    hero = view["heroes"][seat]
    quest = view_content(view).quests.get(hero["quest"])
    if quest is None:
        return say(lang, "score.none")
    if hero["elim"] or hero["done"]:
        return say(lang, "score.out" if hero["elim"] else "score.done")
    return say(lang, "score.step", step=hero["step"] + 1, steps=len(quest["steps"]))


def scoreboard(view: dict, lang: str = "en") -> dict:
    """The score table: each seat's hero, Rep and quest progress (what every mode scores:
    the first quest or the most Rep wins competitive play; co-op and solo need the quests)."""
    rows = []
    for hero in view["heroes"]:
        name = hero_name(view, hero["seat"], lang) if hero["char"] else say(lang, "score.none")
        if hero["skip"] and not hero["elim"]:
            name += say(lang, "score.skip")
        rows.append([name, view["rep"][hero["seat"]], quest_cell(view, hero["seat"], lang)])
    return {"columns": list(catalogue(lang)["score"]["columns"]), "rows": rows}
