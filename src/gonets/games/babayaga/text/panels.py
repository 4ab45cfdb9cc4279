"""The side panels of a Baba Yaga view in words: the card being resolved, the heroes' sheets,
the table; the web page adds their pictures (``svg.panels``), the terminal shows them as they
are."""

from __future__ import annotations

from collections.abc import Callable

from gonets.games.babayaga.rules.content import ABILITIES, Content, default_content, view_content
from gonets.games.babayaga.text.words import (
    ability_name,
    card_name,
    card_story,
    cards_text,
    challenges_text,
    effects_text,
    hero_name,
    kept_text,
    loc_name,
    modifier_text,
    plural,
    power_text,
    quest_cell,
    quest_name,
    say,
    short_stakes,
    stakes,
    step_owner,
    step_where,
    winners_text,
    word,
)

Picture = Callable[..., "str | None"]


def step_lines(view: dict, seat: int, lang: str = "en") -> list[str]:
    """Every step of a hero's quest, marked done / current / to come, with its stakes."""
    c = view_content(view)
    hero = view["heroes"][seat]
    lines = []
    for i, sid in enumerate(c.quests[hero["quest"]]["steps"]):
        step = c.cards[sid]
        state = "done" if hero["done"] or i < hero["step"] else \
            "now" if i == hero["step"] and not hero["elim"] else "later"
        line = say(lang, "word.step_line", n=i + 1, where=step_where(step, lang, c),
                   challenges=challenges_text(step, lang))
        risk = short_stakes(view, sid, lang)
        lines.append(say(lang, f"panel.step_{state}", line=line) + (f" — {risk}" if risk else ""))
    return lines


def hero_lines(view: dict, seat: int, lang: str = "en") -> list:
    """A hero's sheet: abilities with card icons, Rep, place, powers, quest steps, cards."""
    c = view_content(view)
    hero = view["heroes"][seat]
    char = c.characters[hero["char"]]
    totals = {ab: char["stats"][ab] + sum(c.cards[x]["icons"][ab] for x in hero["cards"])
              for ab in ABILITIES}
    lines: list = [char["descriptor"]] if lang == "en" and char["descriptor"] else []
    lines.append(" · ".join(f"{ability_name(ab, lang)} {totals[ab]}" for ab in ABILITIES)
                 + " · " + say(lang, "word.rep", n=view["rep"][seat]))
    lines.append([say(lang, "panel.at"), loc_name(hero["loc"], lang, c)
                  + (say(lang, "table.face_down") if hero["skip"] else "")
                  + (say(lang, "table.eliminated") if hero["elim"] else "")])
    lines += [[say(lang, "panel.power"), power_text(p, lang)] for p in char["powers"]]
    quest = c.quests.get(hero["quest"])
    if quest is not None:
        lines.append([say(lang, "panel.quest"), f"{quest_name(quest['id'], lang, c)} · "
                      f"{quest_cell(view, seat, lang)}"])
        lines += step_lines(view, seat, lang)
    for kind in ("item", "ally", "deed", "event"):
        cards = [cid for cid in hero["cards"] if c.cards[cid]["type"] == kind]
        if cards:
            lines.append([say(lang, f"panel.{kind}"),
                          "; ".join(kept_text(x, lang, c) for x in cards)])
    if hero["pending"]:
        lines.append([say(lang, "panel.pending"), cards_text(hero["pending"], lang, c)])
    if hero["effects"]:
        lines.append([say(lang, "panel.lingering"), "; ".join(modifier_text(
            e["ability"], e["amount"], e["duration"], lang) for e in hero["effects"])])
    return lines


def _brief(view: dict, seat: int, lang: str) -> str:
    """Another hero in one line: place, Rep, quest progress, cards held."""
    c = view_content(view)
    hero = view["heroes"][seat]
    bits = [loc_name(hero["loc"], lang, c) if hero["loc"] else say(lang, "word.off_board"),
            say(lang, "word.rep", n=view["rep"][seat]), quest_cell(view, seat, lang)]
    bits += [kept_text(cid, lang, c) for cid in hero["cards"]]
    return " · ".join(bits)


def last_roll(view: dict) -> dict | None:
    """The viewer's own latest roll of this turn, if any (never another seat's)."""
    for event in reversed(view["log"]):
        if event["e"] == "turn":
            return None
        if event["e"] == "roll":
            return event if event["seat"] == view.get("seat") else None
    return None


def card_title(cid: str, lang: str = "en", c: Content | None = None) -> str:
    """A card's title for a panel (a quest step with its number: ``Slay the Dragon, step 4/6``)."""
    c = default_content() if c is None else c
    if c.cards[cid]["deck"] != "quest":
        return card_name(cid, lang, c)
    qid, n = step_owner(c)[cid]
    return say(lang, "panel.step_title", quest=quest_name(qid, lang, c), n=n,
               steps=len(c.quests[qid]["steps"]))


def encounter_lines(view: dict, lang: str = "en") -> list:
    """The card being resolved: story, challenges, results, the roll, what rides on it."""
    frame = view["encounter"]
    c = view_content(view)
    card = c.cards[frame["card"]]
    story = card_story(frame["card"], card["story"], lang, c)
    lines: list = [story] if story else []
    if card["challenges"]:
        bonus = say(lang, "table.diff_bonus", bonus=frame["diff_bonus"]) \
            if frame["diff_bonus"] else ""
        lines.append([say(lang, "panel.challenge"), challenges_text(card, lang) + bonus])
    if card["optional"]:
        lines.append(say(lang, "table.optional"))
    if card["win"]:
        won = effects_text(card["win"], lang, c)
        kept = kept_text(card["id"], lang, c) if card["type"] in ("item", "ally", "deed") else ""
        lines.append([say(lang, "panel.if_won"), won + (f": {kept}" if kept else "")])
    if card["lose"]:
        lines.append([say(lang, "panel.if_lost"), effects_text(card["lose"], lang, c)])
    lines += stakes(view, lang)
    roll = frame.get("challenge")
    if roll is not None:
        lines.append(say(lang, "table.rolling", dice=plural(lang, "dice", roll["dice"]),
                         diff=roll["diff"]))
    last = last_roll(view)
    if last is not None:
        verdict = say(lang, "word.success" if last["won"] else "word.failure")
        lines.append([say(lang, "panel.last_roll"), say(
            lang, "panel.roll", dice=" ".join(str(d) for d in last["dice"]), diff=last["diff"],
            verdict=verdict)])
    return lines


def table_lines(view: dict, lang: str = "en") -> list:
    """What lies on the table besides the board: discard piles, set-aside cards, Koshchey's
    captive, the deck tops this seat knows."""
    c = view_content(view)
    lines: list = [[say(lang, "panel.decks"), say(
        lang, "panel.deck_sizes", wilderness=view["deck_sizes"]["wilderness"],
        town=view["deck_sizes"]["town"], beaten=view["by_beaten"])]]
    for deck, pile in view["discard"].items():
        if pile:
            lines.append([say(lang, "panel.discard", deck=word(lang, "deck", deck)), say(
                lang, "panel.pile", n=len(pile), top=card_name(pile[-1], lang, c))])
    if view["set_aside"]:
        lines.append([say(lang, "panel.set_aside"), cards_text(view["set_aside"], lang, c)])
    if view["koshchey"]:
        lines.append([say(lang, "panel.koshchey"), card_name(view["koshchey"][0], lang, c)])
    for key, cards in view.get("known", {}).items():
        lines.append([say(lang, "panel.known", deck=word(lang, "deck", key.split(":")[1])),
                      cards_text(cards, lang, c)])
    return lines


def panels(view: dict, lang: str = "en", card_svg: Picture | None = None,
           track_svg: Picture | None = None) -> list[dict]:
    """The side panels: the card being resolved (with its challenges and the viewer's dice),
    the viewer's hero (with the quest track), the other heroes, the table, and the result
    once the game is over (shown once as a popup). ``card_svg(view, lang)`` and
    ``track_svg(view, seat, lang)`` draw the card's and the quest's pictures (the web page's
    ``svg.panels`` passes them; the terminal shows the lines alone)."""
    seat = view.get("seat")
    out = []
    if view.get("encounter"):
        panel = {"title": card_title(view["encounter"]["card"], lang, view_content(view)),
                 "lines": encounter_lines(view, lang)}
        if card_svg is not None:
            panel["svg"] = card_svg(view, lang)
        out.append(panel)
    if seat is not None and view["heroes"][seat]["char"]:
        panel = {"title": say(lang, "panel.you", hero=hero_name(view, seat, lang)),
                 "lines": hero_lines(view, seat, lang)}
        if track_svg is not None:
            panel["svg"] = track_svg(view, seat, lang)
        out.append(panel)
    others = [h["seat"] for h in view["heroes"] if h["seat"] != seat and h["char"]]
    if others:
        out.append({"title": say(lang, "panel.others" if seat is not None else "panel.heroes"),
                    "lines": [[hero_name(view, s, lang), _brief(view, s, lang)] for s in others]})
    out.append({"title": say(lang, "panel.table"), "lines": table_lines(view, lang)})
    result = view.get("result")
    if result:
        out.append({"title": say(lang, "panel.over"), "popup": "end", "lines": [
            word(lang, "how", result["detail"].get("how", "")),
            winners_text(result["winners"], lang, seat, [hero_name(view, s, lang)
                                                     for s in range(len(view["heroes"]))])]})
    return out
