"""The terminal picture of a Baba Yaga view (Rich), menu lines and log lines, in English and
Russian.

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
from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from gonets.games.babayaga.rules.content import ABILITIES, default_content

DATA = Path(__file__).parent / "data"
LANGS = ("en", "ru")
TOKEN_MARK = {"wolves": "W", "solovey": "S", "horseman": "R", "hut": "H", "baba_yaga": "B"}
H_CONNECT = {"open": "─", "bridge": "═", "pass": "═", "causeway": "┄", "river": "≈",
             "mountain": "▲", "lake": "~"}
V_CONNECT = {"open": "│", "bridge": "║", "pass": "║", "causeway": "┆", "river": "≈",
             "mountain": "▲", "lake": "~"}


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
        if n % 10 == 1 and n % 100 != 11:
            form = "one"
        elif 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
            form = "few"
        else:
            form = "many"
    else:
        form = "one" if n == 1 else "many"
    return forms.get(form, forms["many"]).format(n=n)


# --------------------------------------------------------------------------------- names ---
def _ru(kind: str, key: str) -> Any:
    return russian_names().get(kind, {}).get(key)


def loc_name(lid: str | None, lang: str = "en") -> str:
    """A place's name in ``lang`` (``None``: off the board)."""
    if lid is None:
        return say(lang, "word.off_board")
    c = default_content()
    if lid not in c.locations:
        return lid
    return (lang == "ru" and _ru("locations", lid)) or c.locations[lid]["name"]


def char_name(char: str, lang: str = "en") -> str:
    """A hero's name in ``lang``."""
    c = default_content()
    if char not in c.characters:
        return "?"
    return (lang == "ru" and _ru("characters", char)) or c.characters[char]["name"]


def quest_name(qid: str, lang: str = "en") -> str:
    """A quest's name in ``lang``."""
    c = default_content()
    if qid not in c.quests:
        return "?"
    return (lang == "ru" and _ru("quests", qid)) or c.quests[qid]["name"]


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


def _titles(cid: str, lang: str) -> tuple[str, str]:
    card = default_content().cards[cid]
    names = _ru("cards", cid) if lang == "ru" else None
    return (names[0], names[1]) if names else (card["title"], card["name"])


def card_name(cid: str, lang: str = "en") -> str:
    """A card as the table calls it (a quest step by its quest, never by an internal id)."""
    c = default_content()
    card = c.cards.get(cid.upper()) or c.cards.get(cid)
    if card is None:
        return cid
    if card["deck"] == "quest":
        return say(lang, "word.step_of", quest=quest_name(step_owner()[card["id"]][0], lang))
    title, name = _titles(card["id"], lang)
    if card["type"] == "event" or card["deck"] in ("hut", "horseman") or name == title:
        return title
    return f"{title} ({name})"


def seat_label(seat: int, names: Sequence[str] | None) -> str:
    """What the log calls a seat: its name, else p1, p2..."""
    return names[seat] if names and seat < len(names) and names[seat] else f"p{seat + 1}"


def hero_name(view: dict, seat: int, lang: str = "en") -> str:
    """A seat with its hero, as the panels title it: ``p1 Ilya Muromets``."""
    char = view["heroes"][seat]["char"]
    return f"p{seat + 1} {char_name(char, lang) if char else '?'}"


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
    bits = [_titles(cid, lang)[1], word(lang, "type", card["type"])]
    bits += [f"+{n} {ability_name(a, lang)}" for a, n in card["icons"].items() if n]
    if card["rep"]:
        bits.append(say(lang, "word.rep", n=card["rep"]))
    bits += [power_text(p, lang) for p in card["powers"]]
    return ", ".join(bits)


def step_where(step: dict, lang: str = "en") -> str:
    """Where a quest step happens: a place, a token or by itself, and when."""
    trig = step["trigger"]
    if "at" in trig:
        where = say(lang, "word.step_at", place=loc_name(trig["at"], lang))
    elif "token" in trig:
        where = say(lang, "word.step_token", token=token_name(trig["token"], lang))
    else:
        where = say(lang, "word.step_passive")
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


def current_step(view: dict, seat: int, lang: str = "en") -> str:
    """A hero's quest and current step as the panel shows it."""
    c = default_content()
    hero = view["heroes"][seat]
    quest = c.quests.get(hero["quest"])
    if quest is None:
        return say(lang, "table.no_quest")
    name = quest_name(quest["id"], lang)
    if hero["elim"]:
        return say(lang, "table.quest_out", quest=name)
    if hero["done"]:
        return say(lang, "table.quest_done", quest=name)
    step = c.cards[quest["steps"][hero["step"]]]
    story = f": {step['story']}" if lang == "en" and step["story"] else ""
    return say(lang, "table.quest_step", quest=name, step=hero["step"] + 1,
               steps=len(quest["steps"]), where=step_where(step, lang), story=story,
               challenges=challenges_text(step, lang))


# ------------------------------------------------------------------------------ log lines ---
def _variant(lang: str, key: str, actor: int | None, target: int | None,
             viewer: int | None) -> str:
    variants = catalogue(lang)["event"][key]
    if "all" in variants:
        return variants["all"]
    if actor is not None and actor == viewer:
        return variants["you"]
    if target is not None and target == viewer and "to_you" in variants:
        return variants["to_you"]
    return variants["other"]


def _cards(cards: list[str], lang: str) -> str:
    return ", ".join(card_name(c, lang) for c in cards) or say(lang, "word.nothing")


def _winners(winners: list[int], lang: str, viewer: int | None,
             names: Sequence[str] | None) -> str:
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
        fields["cards"] = _cards(event["cards"], lang)
    elif kind == "special":
        fields["place"] = loc_name(_special_place(event["kind"]), lang)
    elif kind == "trade":
        fields.update(give=_cards(event["give"], lang), ask=_cards(event["ask"], lang),
                      answer=say(lang, "word.accepted" if event["accepted"] else "word.refused"))
    elif kind == "end":
        fields["how"] = word(lang, "how", event["how"])
        fields["winners"] = _winners(event["winners"], lang, viewer, names)
    target = event.get("target", event.get("from", event.get("to")))
    line = _variant(lang, key, event.get("seat"), target if isinstance(target, int) else None,
                    viewer)
    return line.format(**fields)


# ----------------------------------------------------------------------------- menu lines ---
def failure_cost(view: dict, lang: str) -> str:
    """What accepting a failed roll costs: the card's lose results, or the rule of the steal,
    beguile, Forlorn Hills or Koshchey rescue roll in progress."""
    encounter = view.get("encounter") or {}
    card = default_content().cards.get(encounter.get("card", ""))
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
        return say(lang, "action.accept_offer")
    if question == "which encounter to have":
        return say(lang, "action.accept_step")
    return say(lang, "action.accept")


def _option(view: dict, number: str, lang: str) -> str:
    choices = (view.get("encounter") or {}).get("choices")
    if choices and number.isdigit() and 0 < int(number) <= len(choices):
        kind = choices[int(number) - 1]
        result = say(lang, f"word.effect.{kind}") \
            if isinstance(catalogue(lang)["word"]["effect"].get(kind), str) else kind
        return say(lang, "action.option", result=result[:1].upper() + result[1:])
    return say(lang, "action.option_plain", number=number)


def _roll(view: dict, lang: str) -> str:
    roll = (view.get("encounter") or {}).get("challenge")
    if roll is None:
        return say(lang, "action.roll_plain")
    return say(lang, "action.roll", dice=plural(lang, "dice", roll["dice"]), diff=roll["diff"])


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
    if verb == "move" and arg == here:
        return say(lang, "action.stay", place=place)
    if verb == "move":
        tokens = [token_name(t, lang) for t, w in view["tokens"].items() if w == arg]
        meet = say(lang, "action.meet", tokens=", ".join(tokens)) if tokens else ""
        return say(lang, "action.move", place=place, meet=meet)
    if verb in ("fly", "sneak", "step"):
        return say(lang, f"action.{verb}", place=place)
    token = {"hut": "hut", "horseman": "horseman", "baba": "baba_yaga"}[verb]
    return say(lang, "action.token", token=token_name(token, lang), place=place)


def describe_action(view: dict, text: str, lang: str = "en") -> str:
    """A readable menu line for a legal notation, for the view's seat."""
    c = default_content()
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
        return say(lang, "action.use", card=_titles(card["id"], lang)[1],
                   powers="; ".join(power_text(p, lang) for p in card["powers"]))
    if verb == "card":
        card = c.cards.get(arg.upper())
        if card is None:
            return arg
        return say(lang, "action.card", title=_titles(card["id"], lang)[0],
                   challenges=challenges_text(card, lang), line=card_line(card["id"], lang))
    if verb == "choose":
        return say(lang, "action.choose", ability=ability_name(arg, lang))
    if verb in ("steal", "beguile", "offer"):
        return say(lang, f"action.{verb}", whom=hero_name(view, int(arg[1:]) - 1, lang))
    if verb in ("give", "ask"):
        return say(lang, f"action.{verb}", card=card_name(arg, lang),
                   whom=hero_name(view, int(parts[2][1:]) - 1, lang))
    if verb == "character":
        return _character(arg, lang)
    if verb == "quest":
        q = c.quests[arg]
        return say(lang, "action.quest", name=quest_name(arg, lang),
                   place=loc_name(q["start"], lang), steps=quest_steps(arg, lang))
    if verb == "order":
        return say(lang, "action.order", order=" ".join(parts[1:]))
    if verb == "accept":
        return _accept(view, lang)
    if verb == "roll":
        return _roll(view, lang)
    if verb == "rescue":
        rule = c.rules["special_rules"]["koshcheys_home"]["rescue"]
        return say(lang, "action.rescue",
                   challenge=f"{ability_name(rule['ability'], lang)} {rule['diff']}")
    if verb == "option":
        return _option(view, arg, lang)
    if text in ("decline", "pass", "done"):
        return say(lang, f"action.{text}")
    return text


# --------------------------------------------------------------------------------- terminal ---
def two_lines(name: str, width: int) -> tuple[str, str]:
    """A place name folded into two lines of at most ``width`` characters."""
    words = name.split()
    first = ""
    while words and len((first + " " + words[0]).strip()) <= width:
        first = (first + " " + words.pop(0)).strip()
    rest = " ".join(words)
    if not first:
        first, rest = name[:width], name[width:]
    return first, rest[:width]


def _edge_style(kind: str | None) -> str:
    return "blue" if kind in ("river", "lake") else "red" if kind == "mountain" else ""


def board_text(view: dict, lang: str = "en") -> Text:
    """The board as text: place names, tokens, heroes and the edges between."""
    c = default_content()
    width = 12
    cells = {loc["grid"]: lid for lid, loc in c.locations.items()}
    kinds = {frozenset((a, b)): kind for a, b, kind in c.edges}
    tokens_at: dict[str, str] = {}
    for tok, where in view["tokens"].items():
        if where is not None:
            tokens_at[where] = tokens_at.get(where, "") + TOKEN_MARK[tok]
    heroes_at: dict[str, str] = {}
    for hero in view["heroes"]:
        if hero["loc"] and not hero["elim"]:
            heroes_at[hero["loc"]] = heroes_at.get(hero["loc"], "") + str(hero["seat"] + 1)
    max_x = max(x for x, _ in cells)
    max_y = max(y for _, y in cells)
    text = Text()
    for y in range(max_y + 1):
        for line in range(3):
            for x in range(max_x + 1):
                lid = cells.get((x, y))
                if lid is None:
                    text.append(" " * width)
                    continue
                loc = c.locations[lid]
                if line < 2:
                    name = loc_name(lid, lang).replace("The ", "")
                    label = two_lines(name, width - 1)[line]
                    style = "bold red" if loc["kind"] == "town" else (
                        "bold" if loc["special"] else "")
                    text.append(f"{label:<{width - 1}}", style=style)
                else:
                    heroes = heroes_at.get(lid, "")
                    text.append(f"{tokens_at.get(lid, ''):<5}", style="bold magenta")
                    text.append(f"{('p' + heroes) if heroes else '':<{width - 6}}",
                                style="bold cyan")
                right = cells.get((x + 1, y))
                if right is not None and line == 2:
                    kind = kinds.get(frozenset((lid, right)))
                    text.append(H_CONNECT.get(kind, " "), style=_edge_style(kind))
                else:
                    text.append(" ")
            text.append("\n")
        if y < max_y:
            for x in range(max_x + 1):
                lid, below = cells.get((x, y)), cells.get((x, y + 1))
                kind = kinds.get(frozenset((lid, below))) if lid and below else None
                mark = V_CONNECT.get(kind, " ") if kind else " "
                text.append(f"{mark:<{width}}", style=_edge_style(kind) or "dim")
            text.append("\n")
    text.append(say(lang, "table.legend"), style="dim")
    return text


def hero_panel(view: dict, seat: int, lang: str = "en") -> Panel:
    """The viewing seat's hero: abilities, Rep, place, quest, cards, effects."""
    c = default_content()
    hero = view["heroes"][seat]
    if not hero["char"]:
        return Panel(say(lang, "table.no_character"), title=f"p{seat + 1}")
    char = c.characters[hero["char"]]
    totals = {ab: char["stats"][ab] + sum(c.cards[x]["icons"][ab] for x in hero["cards"])
              for ab in ABILITIES}
    stats = [f"{ability_name(ab, lang)} {totals[ab]}" for ab in ABILITIES]
    lines = []
    if lang == "en" and char["descriptor"]:
        lines.append(char["descriptor"])
    lines += [" · ".join(stats) + " · " + say(lang, "word.rep", n=view["rep"][seat]),
              say(lang, "table.at", place=loc_name(hero["loc"], lang))
              + (say(lang, "table.face_down") if hero["skip"] else "")
              + (say(lang, "table.eliminated") if hero["elim"] else ""),
              say(lang, "table.quest", step=current_step(view, seat, lang))]
    lines += [say(lang, "table.card", line=card_line(cid, lang)) for cid in hero["cards"]]
    lines += [say(lang, "table.pending", card=card_name(cid, lang)) for cid in hero["pending"]]
    lines += [say(lang, "table.lingering", modifier=modifier_text(
        eff["ability"], eff["amount"], eff["duration"], lang)) for eff in hero["effects"]]
    return Panel("\n".join(lines), title=hero_name(view, seat, lang))


def last_roll(view: dict) -> dict | None:
    """The viewer's own latest roll of this turn, if any (never another seat's)."""
    for event in reversed(view["log"]):
        if event["e"] == "turn":
            return None
        if event["e"] == "roll":
            return event if event["seat"] == view.get("seat") else None
    return None


def encounter_panel(view: dict, lang: str = "en") -> Panel | None:
    """The card being resolved: challenges, what a failure costs, the roll."""
    frame = view.get("encounter")
    if frame is None:
        return None
    card = default_content().cards[frame["card"]]
    lines = [card["story"]] if lang == "en" and card["story"] else []
    if card["challenges"]:
        bonus = say(lang, "table.diff_bonus", bonus=frame["diff_bonus"]) \
            if frame["diff_bonus"] else ""
        lines.append(say(lang, "table.challenge", challenges=challenges_text(card, lang)) + bonus)
    if card["optional"]:
        lines.append(say(lang, "table.optional"))
    if card["lose"]:
        lines.append(say(lang, "table.if_lost", results=effects_text(card["lose"], lang)))
    roll = frame.get("challenge")
    if roll is not None:
        lines.append(say(lang, "table.rolling", dice=plural(lang, "dice", roll["dice"]),
                         diff=roll["diff"]))
    last = last_roll(view)
    if last is not None:
        verdict = say(lang, "word.success" if last["won"] else "word.failure")
        lines.append(say(lang, "table.last_roll", dice=" ".join(str(d) for d in last["dice"]),
                         diff=last["diff"], verdict=verdict))
    return Panel("\n".join(lines), title=card_name(card["id"], lang))


def heroes_table(view: dict, lang: str = "en") -> Table:
    """Every hero in one table: place, Rep, quest step, cards."""
    table = Table(title=say(lang, "table.heroes"), show_lines=False)
    for col in catalogue(lang)["table"]["columns"]:
        table.add_column(col)
    for hero in view["heroes"]:
        s = hero["seat"]
        step = say(lang, "table.done") if hero["done"] else say(lang, "table.out") \
            if hero["elim"] else str(hero["step"] + 1)
        table.add_row(f"p{s + 1}" + (" *" if s == view["active"] else ""),
                      char_name(hero["char"], lang) if hero["char"] else "?",
                      loc_name(hero["loc"], lang) if hero["loc"] else "-", str(view["rep"][s]),
                      step, str(len(hero["cards"])))
    return table


def render_text(view: dict, lang: str = "en") -> Group:
    """The table as the view's seat sees it: board, heroes, own character, encounter."""
    header = Text()
    header.append(say(lang, "table.header", mode=word(lang, "mode", view["mode"]),
                      round=view["round"]), style="bold")
    header.append(word(lang, "time_full", view["time"] or "none"), style="bold yellow")
    header.append(say(lang, "table.decks", wilderness=view["deck_sizes"]["wilderness"],
                      town=view["deck_sizes"]["town"], beaten=view["by_beaten"]))
    parts: list[Any] = [header, board_text(view, lang), heroes_table(view, lang)]
    seat = view.get("seat")
    if seat is not None:
        parts.append(hero_panel(view, seat, lang))
    enc = encounter_panel(view, lang)
    if enc is not None:
        parts.append(enc)
    for key, cards in view.get("known", {}).items():
        parts.append(Text(say(lang, "table.known", deck=word(lang, "deck", key.split(":")[1]),
                              cards=_cards(cards, lang))))
    if view.get("result"):
        result = view["result"]
        parts.append(Text(say(lang, "table.result", how=word(lang, "how",
                                                              result["detail"].get("how", "")),
                              winners=_winners(result["winners"], lang, seat, None)),
                          style="bold green"))
    return Group(*parts)
