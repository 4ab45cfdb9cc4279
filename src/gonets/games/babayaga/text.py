"""The terminal picture of a Baba Yaga view (Rich), menu lines and log lines.

They draw from the view alone (plus the public content pack): the board with its rivers and
mountains, the tokens and heroes, the time of day, the viewer's character and the encounter
being resolved.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from gonets.games.babayaga.rules.content import ABILITIES, default_content

TOKEN_MARK = {"wolves": "W", "solovey": "S", "horseman": "R", "hut": "H", "baba_yaga": "B"}
TOKEN_NAME = {"wolves": "the Wolves", "solovey": "Solovey", "horseman": "the Horseman",
              "hut": "the Hut", "baba_yaga": "Baba Yaga"}
TIME_NAME = {None: "time of day not rolled yet (solo: rolled when it matters)",
             "dawn": "dawn (White Dawn rides)", "noon": "noon (Red Sun rides)",
             "night": "night (Black Night rides)"}
H_CONNECT = {"open": "─", "bridge": "═", "pass": "═", "causeway": "┄", "river": "≈",
             "mountain": "▲", "lake": "~"}
V_CONNECT = {"open": "│", "bridge": "║", "pass": "║", "causeway": "┆", "river": "≈",
             "mountain": "▲", "lake": "~"}


def loc_name(lid: str | None) -> str:
    if lid is None:
        return "off the board"
    c = default_content()
    return c.locations[lid]["name"] if lid in c.locations else lid


def card_name(cid: str) -> str:
    c = default_content()
    card = c.cards.get(cid.upper())
    if card is None:
        return cid
    if card["deck"] == "quest":
        return f"{card['title']} step"
    if card["type"] == "event" or card["deck"] in ("hut", "horseman"):
        return card["title"]
    return f"{card['title']} ({card['name']})" if card["name"] != card["title"] else card["title"]


def hero_name(view: dict, seat: int) -> str:
    c = default_content()
    char = view["heroes"][seat]["char"]
    name = c.characters[char]["name"] if char else "?"
    return f"p{seat + 1} {name}"


def power_text(power: dict) -> str:
    eff = power["effect"]
    cond = power["condition"]
    what = {"reroll_all": "reroll all dice", "cancel_death": "survive a death",
            "cancel_lose": "cancel a lose result", "skip_token_encounter": "slip past tokens",
            "cancel_skip": "cancel a missed turn"}.get(eff, eff)
    if eff == "add_dice":
        what = f"+{power['amount']} dice"
    elif eff == "extra_move":
        what = f"+{power['amount']} Move this turn"
    elif eff == "teleport":
        what = "fly to any wilderness space"
    where = []
    if cond.get("ability"):
        where.append(cond["ability"].title())
    if cond.get("context") == "town":
        where.append("in towns")
    if cond.get("context") == "baba_yaga":
        where.append("against Baba Yaga")
    if cond.get("baba_yaga_card"):
        where.append(f"against Baba Yaga #{cond['baba_yaga_card']}")
    if cond.get("time"):
        where.append("at " + "/".join(cond["time"]))
    cost = "discard: " if power["cost"] == "discard_self" else ""
    return cost + what + (f" ({', '.join(where)})" if where else "")


def card_line(cid: str) -> str:
    c = default_content()
    card = c.cards[cid]
    bits = [card["name"], card["type"].title()]
    icons = [f"+{n} {a.title()}" for a, n in card["icons"].items() if n]
    bits += icons
    if card["rep"]:
        bits.append(f"{card['rep']} Rep")
    bits += [power_text(p) for p in card["powers"]]
    return ", ".join(bits)


def challenge_text(ch: dict) -> str:
    return f"{ch['ability'].title()} {ch['base']}" + (" + Rep" if ch["plus_rep"] else "")


def current_step(view: dict, seat: int) -> str:
    c = default_content()
    hero = view["heroes"][seat]
    quest = c.quests.get(hero["quest"])
    if quest is None:
        return "no quest yet"
    if hero["elim"]:
        return f"{quest['name']}: eliminated"
    if hero["done"]:
        return f"{quest['name']}: complete"
    sid = quest["steps"][hero["step"]]
    step = c.cards[sid]
    trig = step["trigger"]
    where = (f"at {loc_name(trig['at'])}" if "at" in trig else
             f"at {TOKEN_NAME[trig['token']]}" if "token" in trig else "passive")
    if trig.get("time"):
        where += " (" + "/".join(trig["time"]) + " only)"
    chs = ", ".join(challenge_text(ch) for ch in step["challenges"]) or "no challenge"
    return (f"{quest['name']}, step {hero['step'] + 1}/{len(quest['steps'])} {where}: "
            f"{step['story']} [{chs}]")


# ----------------------------------------------------------------------------- terminal ---
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


def board_text(view: dict) -> Text:
    c = default_content()
    width = 12
    cells = {}
    for lid, loc in c.locations.items():
        cells[loc["grid"]] = lid
    kinds = {}
    for a, b, kind in c.edges:
        kinds[frozenset((a, b))] = kind
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
                else:
                    loc = c.locations[lid]
                    if line < 2:
                        label = two_lines(loc["name"].replace("The ", ""), width - 1)[line]
                        style = "bold red" if loc["kind"] == "town" else (
                            "bold" if loc["special"] else "")
                        text.append(f"{label:<{width - 1}}", style=style)
                    else:
                        marks = tokens_at.get(lid, "")
                        heroes = heroes_at.get(lid, "")
                        text.append(f"{marks:<5}", style="bold magenta")
                        shown = ("p" + heroes) if heroes else ""
                        text.append(f"{shown:<{width - 6}}", style="bold cyan")
                    right = cells.get((x + 1, y))
                    if right is not None and line == 2:
                        kind = kinds.get(frozenset((lid, right)))
                        text.append(H_CONNECT.get(kind, " "),
                                    style="blue" if kind in ("river", "lake") else
                                    "red" if kind == "mountain" else "")
                    else:
                        text.append(" ")
            text.append("\n")
        if y < max_y:
            for x in range(max_x + 1):
                lid, below = cells.get((x, y)), cells.get((x, y + 1))
                kind = kinds.get(frozenset((lid, below))) if lid and below else None
                mark = V_CONNECT.get(kind, " ") if kind else " "
                text.append(f"{mark:<{width}}", style="blue" if kind in ("river", "lake") else
                            "red" if kind == "mountain" else "dim")
            text.append("\n")
    text.append("Tokens: H Hut, R Horseman, B Baba Yaga, W Wolves, S Solovey; p1.. heroes; "
                "≈ river, ▲ mountains (no crossing on foot), ═ bridge/pass, ┄ causeway",
                style="dim")
    return text


def hero_panel(view: dict, seat: int) -> Panel:
    c = default_content()
    hero = view["heroes"][seat]
    if not hero["char"]:
        return Panel("no character yet", title=f"p{seat + 1}")
    char = c.characters[hero["char"]]
    stats = []
    for ab in ABILITIES:
        total = char["stats"][ab] + sum(c.cards[x]["icons"][ab] for x in hero["cards"])
        stats.append(f"{ab.title()} {total}")
    lines = [f"{char['descriptor']}", " · ".join(stats) + f" · Rep {view['rep'][seat]}",
             f"at {loc_name(hero['loc'])}"
             + (" · face down (misses the next turn)" if hero["skip"] else "")
             + (" · ELIMINATED" if hero["elim"] else ""),
             "quest: " + current_step(view, seat)]
    for cid in hero["cards"]:
        lines.append("  card: " + card_line(cid))
    for cid in hero["pending"]:
        lines.append("  pending: " + card_name(cid))
    for eff in hero["effects"]:
        lines.append(f"  lingering: {eff['amount']:+d} {eff['ability']} "
                     f"({eff['duration'].replace('_', ' ')})")
    return Panel("\n".join(lines), title=hero_name(view, seat))


def encounter_panel(view: dict) -> Panel | None:
    c = default_content()
    frame = view.get("encounter")
    if frame is None:
        return None
    card = c.cards[frame["card"]]
    chs = card["challenges"]
    mode = " or " if card["mode"] == "choice" else ", then "
    lines = [card["story"]]
    if chs:
        lines.append("Challenge: " + mode.join(challenge_text(ch) for ch in chs)
                     + (f" (every Diff +{frame['diff_bonus']})" if frame["diff_bonus"] else ""))
    if card["optional"]:
        lines.append("Optional.")
    roll = frame.get("challenge")
    if roll is not None:
        lines.append(f"Rolling {roll['dice']} dice against Diff {roll['diff']}")
    last = next((e for e in reversed(view["log"]) if e["e"] == "roll"), None)
    if last is not None:
        lines.append(f"Last roll: {' '.join(str(d) for d in last['dice'])} vs {last['diff']}: "
                     + ("success" if last["won"] else "failure"))
    return Panel("\n".join(lines), title=card_name(card["id"]))


def render_text(view: dict, lang: str = "en") -> Group:
    """The table as the view's seat sees it: board, heroes, own character, encounter."""
    header = Text()
    header.append(f"Baba Yaga · {view['mode']} · round {view['round']} · ", style="bold")
    header.append(TIME_NAME[view["time"]], style="bold yellow")
    header.append(f" · decks: Wilderness {view['deck_sizes']['wilderness']}, Town "
                  f"{view['deck_sizes']['town']} · Baba Yaga cards beaten {view['by_beaten']}/3")
    parts = [header, board_text(view)]
    seat = view.get("seat")
    table = Table(title="Heroes", show_lines=False)
    for col in ("seat", "hero", "at", "Rep", "quest step", "cards"):
        table.add_column(col)
    for hero in view["heroes"]:
        s = hero["seat"]
        table.add_row(f"p{s + 1}" + (" *" if s == view["active"] else ""),
                      hero_name(view, s).split(" ", 1)[1],
                      loc_name(hero["loc"]) if hero["loc"] else "-", str(view["rep"][s]),
                      "done" if hero["done"] else "out" if hero["elim"] else str(hero["step"] + 1),
                      str(len(hero["cards"])))
    parts.append(table)
    if seat is not None:
        parts.append(hero_panel(view, seat))
    enc = encounter_panel(view)
    if enc is not None:
        parts.append(enc)
    for key, cards in view.get("known", {}).items():
        parts.append(Text(f"You know the top of the {key.split(':')[1]} deck: "
                          + ", ".join(card_name(x) for x in cards)))
    if view.get("result"):
        winners = view["result"]["winners"]
        parts.append(Text("Result: " + (", ".join(f"p{w + 1}" for w in winners) + " won"
                                        if winners else "nobody won")
                          + f" ({view['result']['detail'].get('how')})", style="bold green"))
    return Group(*parts)


# ---------------------------------------------------------------------------- describe ---
def describe_action(view: dict, text: str, lang: str = "en") -> str:
    """A readable menu line for a legal notation."""
    c = default_content()
    parts = text.split()
    verb = parts[0]
    arg = parts[1] if len(parts) > 1 else ""
    seat = view.get("seat")
    here = view["heroes"][seat]["loc"] if seat is not None and view["heroes"][seat]["loc"] else None
    if verb == "move":
        if arg == here:
            return f"Stay at {loc_name(arg)} and have an encounter here"
        tokens = [TOKEN_NAME[t] for t, w in view["tokens"].items() if w == arg]
        return f"Move to {loc_name(arg)}" + (f" (meet {', '.join(tokens)})" if tokens else "")
    if verb == "fly":
        return f"Discard the Flying Carpet and fly to {loc_name(arg)}"
    if verb == "sneak":
        return f"Discard the Cap of Invisibility, slip past the tokens and move to {loc_name(arg)}"
    if verb == "step":
        return f"Move the character to {loc_name(arg)}"
    if verb in ("hut", "horseman", "baba"):
        name = {"hut": "the Hut", "horseman": "the Horseman", "baba": "Baba Yaga"}[verb]
        return f"Move {name} to {loc_name(arg)}"
    if text == "draw":
        deck = "Town" if here and c.locations[here]["kind"] == "town" else "Wilderness"
        return f"Draw a {deck} encounter card"
    if verb == "draw":
        return f"Draw from the {arg.title()} deck"
    if verb == "special":
        return {"dead_forest": "The Dead Forest: encounter a Wilderness discard, every Diff +1",
                "forlorn_hills": "Forlorn Hills: Fight 3/4/5 by time of day for a Rep card",
                "khorov": "Khorov: draw 2 Town cards and choose one",
                "spirits_hollow": "Spirit's Hollow: draw 2 Wilderness cards and choose one",
                "koldunoi": "Koldunoi: give up an Item or Ally to pick a Town discard",
                "koshcheys_home": "Koshchey's Home: leave an Ally for +1 die against Baba Yaga",
                "tsarov": "Tsarov: give up an Item to take any discarded Item"}.get(
            c.locations[here]["special"] if here else "", "Use this place's special option")
    if verb == "reroll":
        return f"Discard {card_name(arg)} (Rep) and reroll all dice"
    if verb == "use":
        card = c.cards[arg.upper()]
        return f"Use {card['name']}: " + "; ".join(power_text(p) for p in card["powers"])
    if verb == "pay":
        return f"Throw {card_name(arg)} behind you for +1 die"
    if verb == "card":
        card = c.cards.get(arg.upper())
        if card is None:
            return arg
        chs = " or ".join(challenge_text(ch) for ch in card["challenges"])
        return f"{card['title']} [{chs or 'no challenge'}] -> {card_line(card['id'])}"
    if verb == "choose":
        return f"Take the {arg.title()} challenge"
    if verb in ("steal", "beguile"):
        what = "an Item" if verb == "steal" else "an Ally"
        return f"{verb.title()} {what} from {hero_name(view, int(arg[1:]) - 1)}"
    if verb == "give":
        return f"Offer {card_name(arg)} to {hero_name(view, int(parts[2][1:]) - 1)}"
    if verb == "ask":
        return f"Ask {hero_name(view, int(parts[2][1:]) - 1)} for {card_name(arg)}"
    if verb == "offer":
        return f"Propose the exchange to {hero_name(view, int(arg[1:]) - 1)}"
    if verb == "character":
        ch = c.characters[arg]
        return f"Play {ch['name']} (Move {ch['stats']['move']}, Fight {ch['stats']['fight']}, " \
               f"Cunning {ch['stats']['cunning']}): {ch['descriptor']}"
    if verb == "quest":
        q = c.quests[arg]
        return f"Take the quest {q['name']} (starts in {loc_name(q['start'])})"
    if verb == "deck":
        return f"Look at the top of the {arg.title()} deck"
    if verb == "pile":
        return f"Take from the {arg.title()} discard pile"
    if verb == "order":
        return "Put the cards back in the order " + " ".join(parts[1:]) + " (first = top)"
    simple = {"accept": "Accept (the card, the result or the offer)", "decline": "Decline the card",
              "roll": "Roll the dice", "rescue": "Try to rescue your Ally from Koshchey (Move 5)",
              "pass": "Pass", "done": "Done"}
    if text in simple:
        return simple[text]
    if verb == "option":
        choices = (view.get("encounter") or {}).get("choices")
        if choices and 0 < int(arg) <= len(choices):
            kind = choices[int(arg) - 1]
            return {"miss_turn": "Miss your next turn"}.get(
                kind, "Discard one of your cards" if kind == "discard_own" else kind)
        return f"Option {arg}"
    return text


def describe_event(event: dict, lang: str = "en", viewer: int | None = None,
                   names: Sequence[str] | None = None) -> str:
    """One readable log line."""
    e = event.get("e")
    who = f"p{event['seat'] + 1}" if "seat" in event else ""
    if e == "setup":
        c = default_content()
        return "Set-up: " + "; ".join(
            f"p{i + 1} {c.characters[ch]['name']} ({c.quests[q]['name']})"
            for i, (ch, q) in enumerate(zip(event["characters"], event["quests"])))
    if e == "removed":
        count = event["count"]
        return (f"{count['wilderness']} Wilderness and {count['town']} Town cards "
                "removed unseen")
    if e == "turn":
        return f"— round {event['round']}, p{event['seat'] + 1}'s turn —"
    if e == "time":
        return f"It is now {event['time']}" + (f" (die {event['die']})" if "die" in event else "")
    if e == "move":
        return f"{who} moves to {loc_name(event['to'])}"
    if e == "pushed":
        return f"{who} is moved to {loc_name(event['to'])}"
    if e == "token":
        return f"{TOKEN_NAME[event['token']].capitalize()} moves to {loc_name(event['to'])}"
    if e == "draw":
        return f"{who} draws {card_name(event['card'])} from the {event['deck']} deck"
    if e == "encounter":
        return f"{who} encounters {card_name(event['card'])}"
    if e == "roll":
        dice = " ".join(str(d) for d in event["dice"])
        return f"{who} rolls {event['ability'].title()}: [{dice}] against Diff {event['diff']}: " \
               + ("success!" if event["won"] else "failure")
    if e == "won":
        return f"{who} wins {card_name(event['card'])}"
    if e == "lost":
        cancelled = " (lose result cancelled)" if event.get("cancelled") else ""
        return f"{who} loses {card_name(event['card'])}{cancelled}"
    if e == "gain":
        return f"{who} takes {card_name(event['card'])}"
    if e == "discard":
        return f"{who} discards {card_name(event['card'])}"
    if e == "reroll":
        return f"{who} discards {card_name(event['card'])} to reroll"
    if e == "used":
        return f"{who} uses {card_name(event['card'])}"
    if e == "killed":
        return f"{who} is killed, loses every Rep card and returns to the quest's town"
    if e == "death_cancelled":
        return f"{who} escapes death thanks to {card_name(event['card'])}"
    if e == "eliminated":
        return f"{who} is eliminated"
    if e == "miss_turn":
        return f"{who} will miss the next turn"
    if e == "skipped":
        return f"{who} misses this turn"
    if e == "cancel_skip":
        return f"{who} plays this turn after all"
    if e == "effect":
        duration = event["duration"].replace("_", " ")
        return f"{who}: {event['amount']:+d} {event['ability']} ({duration})"
    if e == "step":
        helped = " (helped by a friend)" if event.get("auto") else ""
        return f"{who} completes quest step {event['step']}{helped}"
    if e == "quest_done":
        return f"{who} completes the quest!"
    if e == "unmet":
        return f"{card_name(event['card'])}: requirement not met ({event['how'].replace('_', ' ')})"
    if e == "peek":
        return f"{who} looks at the top {event['count']} cards of the {event['deck']} deck"
    if e == "peeked":
        return f"{who} sees: " + ", ".join(card_name(c) for c in event["cards"])
    if e == "reordered":
        return f"{who} puts the cards back"
    if e == "shuffle_back":
        return f"{card_name(event['card'])} is shuffled back into the {event['deck']} deck"
    if e == "reshuffle":
        return f"The {event['deck']} discard pile becomes a new deck"
    if e == "special":
        return f"{who} uses the special option of {event['kind'].replace('_', ' ')}"
    if e in ("steal", "beguile"):
        return f"{who} tries to {e} from p{event['target'] + 1}"
    if e == "took":
        return f"{who} takes {card_name(event['card'])} from p{event['from'] + 1}"
    if e == "trade":
        gives = ", ".join(card_name(c) for c in event["give"]) or "nothing"
        asks = ", ".join(card_name(c) for c in event["ask"]) or "nothing"
        return f"{who} offers p{event['to'] + 1} {gives} for {asks}: " + (
            "accepted" if event["accepted"] else "refused")
    if e == "gave":
        return f"{who} gives {card_name(event['card'])} to p{event['to'] + 1}"
    if e == "declined":
        return f"{who} declines {card_name(event['card'])}"
    if e == "cleared":
        return f"{who}'s lingering effects end"
    if e == "global":
        return f"{card_name(event['card'])} affects every character"
    if e == "rescued":
        return f"{who} rescues {card_name(event['card'])} from Koshchey"
    if e == "rescue_failed":
        return f"{who} fails to rescue the Ally"
    if e == "end":
        winners = event["winners"]
        return "Game over (" + event["how"].replace("_", " ") + "): " + (
            ", ".join(f"p{w + 1}" for w in winners) + " won" if winners else "nobody won")
    return str(event)
