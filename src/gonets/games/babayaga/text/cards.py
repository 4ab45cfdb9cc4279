"""A Baba Yaga card in words: its challenges, results, powers, the line of a kept card, and the
steps of a quest; ids are read in the content ``c`` of the game shown (``None``: the built-in
pack)."""

from __future__ import annotations

from typing import Any

from gonets.games.babayaga.rules.content import Content, default_content
from gonets.games.babayaga.text.names import ability_name, loc_name, titles, token_name
from gonets.games.babayaga.text.phrases import plural, say, word


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


def effect_text(kind: str, arg: Any, lang: str = "en", c: Content | None = None) -> str:
    """One card result in words (``dice_mod``: the modifier; nested lists joined)."""
    if kind == "dice_mod":
        return modifier_text(arg["ability"], arg["amount"], arg["duration"], lang)
    if kind in ("global", "choose_one"):
        return say(lang, f"word.effect.{kind}", results=effects_text(arg, lang, c))
    if kind == "move_character":
        if arg.get("toward"):
            return say(lang, "word.effect.move_character_toward",
                       place=loc_name(arg["toward"], lang, c))
        return say(lang, "word.effect.move_character", spaces=plural(lang, "spaces", arg["steps"]))
    if kind == "discard_own":
        kinds = "/".join(word(lang, "type", t) for t in (arg or {}).get("type", []))
        return say(lang, "word.effect.discard_own") + (f" ({kinds})" if kinds else "")
    if kind in ("place_token", "remove_token"):
        where = arg.get("location")
        place = say(lang, "word.effect.here") if where == "here" else loc_name(where, lang, c)
        return say(lang, f"word.effect.{kind}", token=token_name(arg["token"], lang), place=place)
    return say(lang, f"word.effect.{kind}")


def effects_text(effects: list, lang: str = "en", c: Content | None = None) -> str:
    """A list of card results in words."""
    return "; ".join(effect_text(kind, arg, lang, c) for kind, arg in effects) or \
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


def card_line(cid: str, lang: str = "en", c: Content | None = None) -> str:
    """A kept card: its name, type, icons, Rep and powers."""
    card = (default_content() if c is None else c).cards[cid]
    bits = [titles(cid, lang, c)[1], word(lang, "type", card["type"])]
    bits += [f"+{n} {ability_name(a, lang)}" for a, n in card["icons"].items() if n]
    if card["rep"]:
        bits.append(say(lang, "word.rep", n=card["rep"]))
    bits += [power_text(p, lang) for p in card["powers"]]
    return ", ".join(bits)


def kept_text(cid: str, lang: str = "en", c: Content | None = None) -> str:
    """A kept card by its name, with what it gives: ``Leshii (+1 Move)``."""
    card = (default_content() if c is None else c).cards[cid]
    bits = [f"+{n} {ability_name(a, lang)}" for a, n in card["icons"].items() if n]
    bits += [say(lang, "word.rep", n=card["rep"])] if card["rep"] else []
    bits += [power_text(p, lang) for p in card["powers"]]
    name = titles(cid, lang, c)[1]
    return f"{name} ({', '.join(bits)})" if bits else name


def step_where(step: dict, lang: str = "en", c: Content | None = None) -> str:
    """Where a quest step happens: a place, a token or a condition that completes it, and
    when."""
    trig = step["trigger"]
    if "at" in trig:
        where = say(lang, "word.step_at", place=loc_name(trig["at"], lang, c))
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


def quest_steps(qid: str, lang: str = "en", c: Content | None = None) -> str:
    """Every step of a quest, where it happens and what it asks."""
    c = default_content() if c is None else c
    return "; ".join(say(lang, "word.step_line", n=i + 1, where=step_where(c.cards[sid], lang, c),
                         challenges=challenges_text(c.cards[sid], lang))
                     for i, sid in enumerate(c.quests[qid]["steps"]))
