"""The words of a Baba Yaga view: names, card texts, log lines, the stakes, menu lines, and
the web page's step labels, prompts and score table, in English and Russian.

Every phrase comes from the catalogues ``data/phrases.en.yaml`` and ``data/phrases.ru.yaml``
(Russian content names: ``data/names.ru.yaml``). Log lines speak to the viewing seat in the
second person and call other seats by their names. Everything is drawn from the view alone plus
the public content pack.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from gonets.games.babayaga.notation import action_steps
from gonets.games.babayaga.rules.content import ABILITIES, default_content, view_content

DATA = Path(__file__).parent.parent / "data"
LANGS = ("en", "ru")
TOKEN_MARK = {"wolves": "W", "solovey": "S", "horseman": "R", "hut": "H", "baba_yaga": "B"}
CONNECT = {"open": "─│", "bridge": "═║", "pass": "═║", "causeway": "┄┆", "river": "≈≈",
           "mountain": "▲▲", "lake": "~~"}                  # across and down the board


# ----------------------------------------------------------------------------- catalogue ---
@cache
def catalogue(lang: str) -> dict:
    """The phrase catalogue of a language (English for a language without one)."""
    lang = lang if lang in LANGS else "en"
    return yaml.safe_load((DATA / f"phrases.{lang}.yaml").read_text(encoding="utf-8"))


@cache
def russian_names() -> dict:
    """Russian names of the built-in content, by kind and id."""
    return yaml.safe_load((DATA / "names.ru.yaml").read_text(encoding="utf-8"))


def say(lang: str, path: str, **fields: Any) -> str:
    """The phrase at ``path`` (dotted, e.g. ``action.move``) with its placeholders filled."""
    node: Any = catalogue(lang)
    for part in path.split("."):
        node = node[part]
    return node.format(**fields) if fields else node


def word(lang: str, group: str, key: str) -> str:
    """One entry of a word group (``word.<group>.<key>``), the key itself if unknown."""
    return catalogue(lang)["word"][group].get(key, key)


def plural(lang: str, group: str, n: int) -> str:
    """``n`` with its noun in the right form: 1 die, 2 dice; 1 кубик, 2 кубика, 5 кубиков."""
    forms = catalogue(lang)["word"][group]
    if lang == "ru":
        one, few = n % 10 == 1 and n % 100 != 11, 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14
        form = "one" if one else "few" if few else "many"
    else:
        form = "one" if n == 1 else "many"
    return forms.get(form, forms["many"]).format(n=n)


# --------------------------------------------------------------------------------- names ---
def _ru(kind: str, key: str) -> Any:
    return russian_names().get(kind, {}).get(key)


def _named(kind: str, key: str, lang: str) -> str:
    """A place's, hero's or quest's name in ``lang`` (``?`` for an unknown id)."""
    entry = getattr(default_content(), kind).get(key)
    if entry is None:
        return "?"
    return (lang == "ru" and _ru(kind, key)) or entry["name"]


def loc_name(lid: str | None, lang: str = "en") -> str:
    """A place's name in ``lang`` (``None``: off the board)."""
    return say(lang, "word.off_board") if lid is None else _named("locations", lid, lang)


def char_name(char: str, lang: str = "en") -> str:
    """A hero's name in ``lang``."""
    return _named("characters", char, lang)


def quest_name(qid: str, lang: str = "en") -> str:
    """A quest's name in ``lang``."""
    return _named("quests", qid, lang)


def token_name(token: str, lang: str = "en") -> str:
    """A token's name in ``lang`` (the Hut, Baba Yaga...)."""
    return word(lang, "token", token)


def ability_name(ability: str, lang: str = "en") -> str:
    """An ability's name in ``lang`` (Move, Fight, Cunning; any: all challenges)."""
    return word(lang, "ability", ability)


@cache
def step_owner() -> dict[str, tuple[str, int]]:
    """Each quest step card's quest and step number."""
    return {sid: (qid, i + 1) for qid, q in default_content().quests.items()
            for i, sid in enumerate(q["steps"])}


def titles(cid: str, lang: str = "en") -> tuple[str, str]:
    """A card's title and the name of the card once kept, in ``lang``."""
    card = default_content().cards[cid]
    names = _ru("cards", cid) if lang == "ru" else None
    return (names[0], names[1]) if names else (card["title"], card["name"])


def card_story(cid: str, story: str | None, lang: str = "en") -> str:
    """A card's story line in ``lang``: the card's own (English) one, or in Russian the
    built-in card's from ``names.ru.yaml`` ("" where there is none, or where a content
    pack's card tells another story than the built-in one)."""
    if lang != "ru":
        return story or ""
    built_in = default_content().cards.get(cid)
    if not story or built_in is None or built_in.get("story") != story:
        return ""
    return _ru("stories", cid) or ""


def card_name(cid: str, lang: str = "en") -> str:
    """A card as the table calls it (a quest step by its quest, never by an internal id)."""
    c = default_content()
    card = c.cards.get(cid.upper()) or c.cards.get(cid)
    if card is None:
        return cid
    if card["deck"] == "quest":
        return say(lang, "word.step_of", quest=quest_name(step_owner()[card["id"]][0], lang))
    title, name = titles(card["id"], lang)
    if card["type"] == "event" or card["deck"] in ("hut", "horseman") or name == title:
        return title
    return f"{title} ({name})"


def seat_label(seat: int, names: Sequence[str] | None) -> str:
    """What the log calls a seat: its name, else p1, p2..."""
    return names[seat] if names and seat < len(names) and names[seat] else f"p{seat + 1}"


def hero_name(view: dict, seat: int, lang: str = "en") -> str:
    """A seat with its hero, as the panels title it: ``p1 Ilya Muromets`` (in Russian the
    hero alone: ``Илья Муромец``), or with the seat's name (a bot's without its level) where
    the table gives names: ``Ann · Ilya Muromets``, ``Олег · Илья Муромец``."""
    char = view["heroes"][seat]["char"]
    hero = char_name(char, lang) if char else "?"
    names = view.get("names")
    if names and seat < len(names) and names[seat]:
        return f"{str(names[seat]).split(' · ')[0]} · {hero}"
    who = say(lang, "word.seat", n=seat + 1)
    return f"{who} {hero}" if who else hero


# --------------------------------------------------------------------------- card texts ---
def challenge_text(ch: dict, lang: str = "en") -> str:
    """One challenge: ``Fight 3 + Rep``."""
    rep = say(lang, "word.plus_rep") if ch["plus_rep"] else ""
    return f"{ability_name(ch['ability'], lang)} {ch['base']}{rep}"


def challenges_text(card: dict, lang: str = "en") -> str:
    """A card's challenges, joined by 'then' (all) or 'or' (choice)."""
    joint = say(lang, "word.or") if card["mode"] == "choice" else say(lang, "word.then")
    return joint.join(challenge_text(ch, lang) for ch in card["challenges"]) or \
        say(lang, "word.none")


def modifier_text(ability: str, amount: int, duration: str, lang: str = "en") -> str:
    """A lingering modifier: ``-1 to all challenges next turn``."""
    when = word(lang, "duration", duration)
    if ability == "any" and duration == "next_challenge":
        return say(lang, "word.modifier_next", amount=f"{amount:+d}")
    if ability == "any":
        return say(lang, "word.modifier_any", amount=f"{amount:+d}", duration=when)
    name = word(lang, "ability_dat", ability) if lang == "ru" else ability_name(ability, lang)
    return say(lang, "word.modifier", amount=f"{amount:+d}", ability=name, duration=when)


def effect_text(kind: str, arg: Any, lang: str = "en") -> str:
    """One card result in words (``dice_mod``: the modifier; nested lists joined)."""
    if kind == "dice_mod":
        return modifier_text(arg["ability"], arg["amount"], arg["duration"], lang)
    if kind in ("global", "choose_one"):
        return say(lang, f"word.effect.{kind}", results=effects_text(arg, lang))
    if kind == "move_character":
        if arg.get("toward"):
            return say(lang, "word.effect.move_character_toward",
                       place=loc_name(arg["toward"], lang))
        return say(lang, "word.effect.move_character", spaces=plural(lang, "spaces", arg["steps"]))
    if kind == "discard_own":
        kinds = "/".join(word(lang, "type", t) for t in (arg or {}).get("type", []))
        return say(lang, "word.effect.discard_own") + (f" ({kinds})" if kinds else "")
    if kind in ("place_token", "remove_token"):
        where = arg.get("location")
        place = say(lang, "word.effect.here") if where == "here" else loc_name(where, lang)
        return say(lang, f"word.effect.{kind}", token=token_name(arg["token"], lang), place=place)
    return say(lang, f"word.effect.{kind}")


def effects_text(effects: list, lang: str = "en") -> str:
    """A list of card results in words."""
    return "; ".join(effect_text(kind, arg, lang) for kind, arg in effects) or \
        say(lang, "word.nothing")


def power_text(power: dict, lang: str = "en") -> str:
    """A held card's or hero's power in words, with its condition and cost."""
    eff, cond = power["effect"], power["condition"]
    amount = power.get("amount")
    if eff == "add_dice":
        what = say(lang, "word.power.add_dice", dice=plural(lang, "dice", amount))
    elif eff == "extra_move":
        what = say(lang, "word.power.extra_move", amount=amount)
    else:
        what = say(lang, f"word.power.{eff}")
    where = []
    if cond.get("ability"):
        where.append(ability_name(cond["ability"], lang))
    context = {"town": "in_towns", "wild": "in_wild", "baba_yaga": "against_baba"}
    if cond.get("context") in context:
        where.append(say(lang, f"word.power.{context[cond['context']]}"))
    if cond.get("baba_yaga_card"):
        where.append(say(lang, "word.power.against_baba_card", n=cond["baba_yaga_card"]))
    if cond.get("time"):
        times = "/".join(word(lang, "time", t) for t in cond["time"])
        where.append(say(lang, "word.power.at_times", times=times))
    cost = say(lang, "word.power.discard") if power["cost"] == "discard_self" else ""
    return cost + what + (f" ({', '.join(where)})" if where else "")


def card_line(cid: str, lang: str = "en") -> str:
    """A kept card: its name, type, icons, Rep and powers."""
    card = default_content().cards[cid]
    bits = [titles(cid, lang)[1], word(lang, "type", card["type"])]
    bits += [f"+{n} {ability_name(a, lang)}" for a, n in card["icons"].items() if n]
    if card["rep"]:
        bits.append(say(lang, "word.rep", n=card["rep"]))
    bits += [power_text(p, lang) for p in card["powers"]]
    return ", ".join(bits)


def step_where(step: dict, lang: str = "en") -> str:
    """Where a quest step happens: a place, a token or a condition that completes it, and
    when."""
    trig = step["trigger"]
    if "at" in trig:
        where = say(lang, "word.step_at", place=loc_name(trig["at"], lang))
    elif "token" in trig:
        where = say(lang, "word.step_token", token=token_name(trig["token"], lang))
    else:
        (kind, arg), = trig["passive"].items()
        where = say(lang, f"word.passive.{kind}", n=arg, token=token_name(str(arg), lang),
                    type=word(lang, "type", arg.get("type", "")) if isinstance(arg, dict) else "")
    if trig.get("time"):
        times = "/".join(word(lang, "time", t) for t in trig["time"])
        where += say(lang, "word.time_only", times=times)
    return where


def quest_steps(qid: str, lang: str = "en") -> str:
    """Every step of a quest, where it happens and what it asks."""
    c = default_content()
    return "; ".join(say(lang, "word.step_line", n=i + 1, where=step_where(c.cards[sid], lang),
                         challenges=challenges_text(c.cards[sid], lang))
                     for i, sid in enumerate(c.quests[qid]["steps"]))


# ------------------------------------------------------------------------------ log lines ---
def _variant(lang: str, key: str, actor: int | None, target: int | None,
             viewer: int | None) -> str:
    variants = catalogue(lang)["event"][key]
    if "all" in variants:
        return variants["all"]
    if actor is not None and actor == viewer:
        return variants["you"]
    aimed = target is not None and target == viewer and "to_you" in variants
    return variants["to_you" if aimed else "other"]


def cards_text(cards: list[str], lang: str = "en") -> str:
    """Cards by name, comma separated (``nothing`` for none)."""
    return ", ".join(card_name(c, lang) for c in cards) or say(lang, "word.nothing")


def winners_text(winners: list[int], lang: str, viewer: int | None,
                 names: Sequence[str] | None) -> str:
    """Who won, in words ("you won", "p2 won", "nobody won")."""
    if not winners:
        return say(lang, "word.nobody")
    if winners == [viewer]:
        return say(lang, "word.you_won")
    shown = [say(lang, "word.you") if w == viewer else seat_label(w, names) for w in winners]
    return say(lang, "word.winners", names=", ".join(shown))


def _special_place(kind: str) -> str | None:
    c = default_content()
    return next((lid for lid in c.order if c.locations[lid]["special"] == kind), None)


def event_fields(event: dict, lang: str, viewer: int | None,
                 names: Sequence[str] | None) -> dict:
    """The placeholders an event's line may use, in ``lang``."""
    fields: dict[str, Any] = {}
    if "seat" in event:
        fields["who"] = seat_label(event["seat"], names)
    other = event.get("target", event.get("from", event.get("to")))
    if isinstance(other, int):
        fields["whom"] = seat_label(other, names)
    if "card" in event:
        fields["card"] = card_name(event["card"], lang)
    if isinstance(event.get("to"), str):
        fields["place"] = loc_name(event["to"], lang)
    if "deck" in event:
        fields["deck"] = word(lang, "deck", event["deck"])
    if "token" in event:
        fields["token"] = token_name(event["token"], lang)
    if "ability" in event:
        fields["ability"] = ability_name(event["ability"], lang)
    for key in ("round", "diff", "die", "step"):
        if key in event:
            fields[key] = event[key]
    return fields


def describe_event(event: dict, lang: str = "en", viewer: int | None = None,
                   names: Sequence[str] | None = None) -> str:
    """One log line for ``viewer`` (None: a spectator): "you draw ...", "p2 draws ..."."""
    kind = event.get("e")
    if kind not in catalogue(lang)["event"]:
        return str(event)
    fields = event_fields(event, lang, viewer, names)
    key = kind
    if kind == "setup":
        fields["heroes"] = "; ".join(
            say(lang, "event.setup_hero.all", who=seat_label(i, names),
                character=char_name(ch, lang), quest=quest_name(q, lang))
            for i, (ch, q) in enumerate(zip(event["characters"], event["quests"])))
    elif kind == "removed":
        fields.update(event["count"])
    elif kind == "time":
        fields["time"] = word(lang, "time", event["time"])
        key = "time_die" if "die" in event else "time"
    elif kind == "token" and event.get("to") is None:
        key = "token_off"
    elif kind == "roll":
        fields["dice"] = " ".join(str(d) for d in event["dice"])
        fields["verdict"] = say(lang, "word.success" if event["won"] else "word.failure")
    elif kind == "lost":
        fields["cancelled"] = say(lang, "word.cancelled") if event.get("cancelled") else ""
    elif kind == "effect":
        fields["modifier"] = modifier_text(event["ability"], event["amount"], event["duration"],
                                           lang)
    elif kind == "step":
        fields["helped"] = say(lang, "word.helped") if event.get("auto") else ""
    elif kind == "unmet":
        fields["how"] = word(lang, "unmet", event["how"])
    elif kind == "peek":
        fields["count"] = plural(lang, "cards", event["count"])
    elif kind == "peeked":
        fields["cards"] = cards_text(event["cards"], lang)
    elif kind == "special":
        fields["place"] = loc_name(_special_place(event["kind"]), lang)
    elif kind == "trade":
        fields.update(give=cards_text(event["give"], lang), ask=cards_text(event["ask"], lang),
                      answer=say(lang, "word.accepted" if event["accepted"] else "word.refused"))
    elif kind == "end":
        fields["how"] = word(lang, "how", event["how"])
        fields["winners"] = winners_text(event["winners"], lang, viewer, names)
    target = event.get("target", event.get("from", event.get("to")))
    line = _variant(lang, key, event.get("seat"), target if isinstance(target, int) else None,
                    viewer)
    return line.format(**fields)


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
            line += say(lang, "stake.saved", card=titles(saver, lang)[1])
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
    card = view_content(view).cards.get(encounter.get("card", ""))
    if card is not None:
        return effects_text(card["lose"], lang) if card["lose"] else say(lang, "word.no_loss")
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
        return say(lang, "action.accept_offer") + f" ({cards_text(offer['give'], lang)} ⇄ " \
            f"{cards_text(offer['ask'], lang)})"
    if question == "which encounter to have":
        step = goal(view, view["active"])
        notes = short_stakes(view, step[1]["id"], lang) if step else ""
        return say(lang, "action.accept_step") + (f" ({notes})" if notes else "")
    return say(lang, "action.accept")


def _option(view: dict, number: str, lang: str) -> str:
    card = view_content(view).cards.get((view.get("encounter") or {}).get("card", ""))
    subs = next((arg for kind, arg in card["win"] + card["lose"] if kind == "choose_one"),
                []) if card else []
    if number.isdigit() and 0 < int(number) <= len(subs):
        result = effect_text(*subs[int(number) - 1], lang)
        return say(lang, "action.option", result=result[:1].upper() + result[1:])
    return say(lang, "action.option_plain", number=number)


def _roll(view: dict, lang: str) -> str:
    roll = (view.get("encounter") or {}).get("challenge")
    if roll is None:
        return say(lang, "action.roll_plain")
    notes = short_stakes(view, view["encounter"]["card"], lang)
    return say(lang, "action.roll", dice=plural(lang, "dice", roll["dice"]), diff=roll["diff"]) \
        + (f" ({notes})" if notes else "")


def _character(arg: str, lang: str) -> str:
    ch = default_content().characters[arg]
    stats = ", ".join(f"{ability_name(a, lang)} {ch['stats'][a]}" for a in ABILITIES)
    if lang == "en":
        extra = f": {ch['descriptor']}" if ch["descriptor"] else ""
    else:
        powers = [power_text(p, lang) for p in ch["powers"]]
        extra = f": {'; '.join(powers)}" if powers else ""
    return say(lang, "action.character", name=char_name(arg, lang), stats=stats, powers=extra)


def _move(view: dict, verb: str, arg: str, here: str | None, lang: str) -> str:
    place = loc_name(arg, lang)
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
        return say(lang, f"action.{verb}", card=card_name(arg, lang))
    if verb == "use":
        card = c.cards[arg.upper()]
        return say(lang, "action.use", card=titles(card["id"], lang)[1],
                   powers="; ".join(power_text(p, lang) for p in card["powers"]))
    if verb == "card":
        card = c.cards[arg.upper()]
        return say(lang, "action.card", title=titles(card["id"], lang)[0],
                   challenges=challenges_text(card, lang), line=card_line(card["id"], lang))
    if verb == "choose":
        return say(lang, "action.choose", ability=ability_name(arg, lang))
    if verb in ("steal", "beguile", "offer"):
        return say(lang, f"action.{verb}", whom=hero_name(view, int(arg[1:]) - 1, lang))
    if verb in ("give", "ask"):
        return say(lang, f"action.{verb}", card=card_name(arg, lang),
                   whom=hero_name(view, int(parts[2][1:]) - 1, lang))
    helpers = {"accept": lambda: _accept(view, lang), "roll": lambda: _roll(view, lang),
               "option": lambda: _option(view, arg, lang),
               "character": lambda: _character(arg, lang)}
    if verb in helpers:
        return helpers[verb]()
    if verb == "quest":
        q = c.quests[arg]
        return say(lang, "action.quest", name=quest_name(arg, lang),
                   place=loc_name(q["start"], lang), steps=quest_steps(arg, lang))
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
        return say(lang, f"step.{family}", card=card_name(arg, lang) if family == "give" else "",
                   whom=hero_name(view, int(arg[1:]) - 1, lang) if family == "to" else "")
    if family == "put":
        peek = next((e for e in reversed(view["log"]) if e["e"] == "peek"
                     and e["seat"] == view.get("seat")), {"deck": ""})
        cards = [*view["known"].get(f"{view.get('seat')}:{peek['deck']}", []),
                 *view["known"].get(f"all:{peek['deck']}", [])]
        n = int(arg)
        return card_name(cards[n - 1], lang) if n <= len(cards) else \
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
            where=step_where(step[1], lang), challenges=challenges_text(step[1], lang)), []
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
        return say(lang, "prompt.optional", card=card_name(frame["card"], lang)), stakes(view, lang)
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
