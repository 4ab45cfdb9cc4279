"""The game's text room: the terminal picture (``render_text``), menu lines
(``describe_action``), the web table's step labels, prompts, score table and panels, and the
log lines (``describe_event``, ``LogReader``: from ``words``), in English and Russian.

Every phrase is in the catalogues ``data/phrases.<lang>.json``; ``words`` names seats, the
viewer and the set-aside card in the grammatical form each phrase needs. The terminal
picture fits an 80-column terminal: a header, one row per seat (tokens, state and marks, the
discard pile in order with the cause of every forced discard), the Sycophant and Jester marks,
the viewer's hand with each card's effect, and what the viewer knows from its own log.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import chain

from rich import box
from rich.console import Group
from rich.table import Table
from rich.text import Text

from gonets.games.loveletter.notation import NO_CHOICE_KEYS, action_steps, split_play
from gonets.games.loveletter.rules import cards as C
from gonets.games.loveletter.text.words import LogReader as LogReader  # the room's log adapters
from gonets.games.loveletter.text.words import (
    Voice,
    card,
    catalogue,
    effect,
    forms,
    guess_text,
    labels,
    lang_of,
    term,
    who,
)
from gonets.games.loveletter.text.words import describe_event as describe_event
from gonets.games.loveletter.views import Knowledge


# -- menu and log lines ----------------------------------------------------------------------
def describe_action(view: dict, text: str, lang: str = "en") -> str:
    """A menu line such as 'Guard — name 5 for p2', written for the view's seat (it reads
    nothing else of the view, so every frame's lines are remembered)."""
    return _action_line(text, lang_of(lang), view.get("seat"))


@lru_cache(maxsize=8192)
def _action_line(text: str, lang: str, viewer: int | None) -> str:
    phrases = catalogue(lang)["actions"]
    words = text.split()
    if not words:
        return text
    if words[0] in ("redraw", "keep"):
        return phrases[words[0]]
    key, name = words[0], card(words[0], lang)
    if key == "chancellor" and len(words) > 2 and words[1] == "keep":
        bottom = words[words.index("bottom") + 1:] if "bottom" in words else []
        line = phrases["keep_cards"].format(
            keep=card(words[2], lang), bottom=", ".join(card(b, lang) for b in bottom))
        return f"{name} — {line}"
    play = split_play(text)
    targets, guess, look = play["targets"], play["guess"], play["look"]
    if not targets and key not in NO_CHOICE_KEYS:
        return f"{name} — {phrases['no_effect']}"
    try:
        line = _effect_line(phrases, key, targets, guess, look, lang, viewer)
    except (KeyError, IndexError, TypeError, ValueError):
        return text                      # not a notation of this game: shown as written
    return f"{name} — {line}"


def _effect_line(phrases, key, targets, guess, look, lang, viewer) -> str:
    if not targets:
        if key == "princess" and viewer is not None:
            return phrases["princess_you"]
        return phrases.get(key, phrases["no_effect"])
    fields = {"guess": guess_text(guess, lang) if guess else ""}
    fields.update(forms("t", targets[0], lang, viewer, subject=viewer))
    if key == "prince" and targets[0] in ("spare", viewer):
        return phrases["prince_spare" if targets[0] == "spare" else "prince_you"]
    if key == "baroness":
        fields["hands"] = catalogue(lang)["words"]["and"].join(
            who(t, lang, viewer, "hand", subject=viewer) for t in targets)
    if key == "cardinal":
        return _cardinal_line(phrases, targets, look, lang, viewer)
    return phrases[key].format(**fields)


def _cardinal_line(phrases, targets, look, lang, viewer) -> str:
    a, b = targets
    if viewer is not None and viewer in (a, b):
        a, b = viewer, (b if a == viewer else a)
        phrase = "cardinal_you"
    else:
        phrase = "cardinal_spare" if b == "spare" else "cardinal"
    fields = {**forms("a", a, lang, viewer), **forms("b", b, lang, viewer)}
    line = phrases[phrase].format(**fields)
    if look is not None:
        line += phrases["look"].format(look_hand=who(look, lang, viewer, "hand",
                                                     subject=viewer))
    return line


# -- the terminal picture -----------------------------------------------------------------------
def card_value(view: dict, key: str) -> int | None:
    """The printed value of ``key`` in the deck the view plays with."""
    entry = view.get("cards", {}).get(key)
    return entry["value"] if entry else None


def card_label(view: dict, key: str, lang: str) -> str:
    """'Guard 1' (name and value in the deck in use)."""
    value = card_value(view, key)
    name = card(key, lang)
    return name if value is None else f"{name} {value}"


def seat_name(seat: int | None, lang: str, viewer: int | None = None) -> str:
    """'p2', or 'p2 (you)' for the viewer."""
    if seat is None:
        return labels(lang)["nobody"]
    name = f"p{seat + 1}"
    return f"{name} ({labels(lang)['you']})" if seat == viewer else name


def tokens_text(tokens: int, target: int) -> str:
    """Filled and empty pips up to the target, e.g. '●●○ 2/3'."""
    shown = max(target, tokens)
    return "●" * tokens + "○" * (shown - tokens) + f" {tokens}/{target}"


def known_hands(view: dict) -> list[tuple[int | str, list[str]]]:
    """What the viewer knows about other hands this round: (seat or 'spare', possible keys),
    read from its own log; only narrow knowledge (three characters or fewer) is listed."""
    seat = view.get("seat")
    if view.get("phase") in (None, "deal", "over") or "deck" not in view:
        return []
    know = Knowledge(C.deck(view["deck"]), view["players"], seat).read(view.get("log", []))
    found: list[tuple[int | str, list[str]]] = []
    for s in view["seats"]:
        q = s["seat"]
        possible = know.possible[q]
        if q == seat or not s["in_round"] or possible is None or not 0 < len(possible) <= 3:
            continue
        found.append((q, sorted(C.KEYS[k] for k in possible)))
    if view.get("spare") and know.spare and len(know.spare) == 1:
        found.append(("spare", [C.KEYS[k] for k in know.spare]))
    return found


def _header(view: dict, lang: str) -> Text:
    words = labels(lang)
    parts = [words["title"]]
    if view.get("preset"):
        parts.append(view["preset"])
    parts.append(words["round"].format(n=view["round"]) if view.get("round") else
                 words["before"])
    if view.get("terminal"):
        parts.append(words["over"])
    elif view.get("to_move") is not None:
        parts.append(words["to_move"].format(p=seat_name(view["to_move"], lang)))
    parts.append(words["target"].format(n=view["target"]))
    return Text(" · ".join(parts), style="bold")


def _table_line(view: dict, lang: str) -> Text:
    words = labels(lang)
    line = Text()
    line.append(words["deck"].format(n=view["deck_size"]), style="bold")
    line.append(" · " + (words["spare"] if view.get("spare") else words["no_spare"]))
    for name in ("face_up", "burned"):
        cards = view.get(name) or []
        if cards or (name == "face_up" and view.get("players") == 2):
            shown = ", ".join(card_label(view, k, lang) for k in cards) or words["none"]
            line.append(f" · {words[name]}: {shown}")
    return line


def _state_text(view: dict, s: dict, lang: str) -> Text:
    words = labels(lang)
    text = Text()
    if not view.get("round"):
        text.append(words["waiting"], style="dim")
    elif s["in_round"]:
        text.append(words["in"], style="green")
    else:
        text.append(words["out"], style="bold red")
    marks = []
    if s["protected"]:
        marks.append((words["protected"], "cyan"))
    if view.get("sycophant") == s["seat"]:
        marks.append((words["marked"], "magenta"))
    jester = view.get("jester")
    if jester and jester["on"] == s["seat"]:
        marks.append((f"{words['jester_on']} ({seat_name(jester['by'], lang)})", "yellow"))
    if s["hand_size"] > 1:
        marks.append((words["cards_in_hand"].format(n=s["hand_size"]), "dim"))
    for word, style in marks:
        text.append(", ")
        text.append(word, style=style)
    return text


def _pile_text(view: dict, s: dict, lang: str) -> Text:
    words = labels(lang)
    text = Text()
    for i, entry in enumerate(s["discards"]):
        if i:
            text.append(", ")
        value = card_value(view, entry["card"])
        text.append(f"{card(entry['card'], lang)}({value})")
        if entry["cause"] != "played":
            style = "red" if entry["cause"] == "knockout" else "dim"
            text.append(f"[{words['causes'][entry['cause']]}]", style=style)
    return text


def _seats_table(view: dict, lang: str) -> Table:
    words = labels(lang)
    viewer = view.get("seat")
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, expand=False, show_edge=False)
    table.add_column("", width=1, no_wrap=True)
    table.add_column(words["seat"], no_wrap=True)
    table.add_column(words["tokens"], no_wrap=True)
    table.add_column(words["state"], max_width=22)
    table.add_column(words["discards"], ratio=1)
    table.add_column("Σ", justify="right", no_wrap=True)
    for s in view["seats"]:
        q = s["seat"]
        pointer = "▶" if q == view.get("turn") else ""
        name = Text(seat_name(q, lang, viewer), style="bold" if q == viewer else "")
        table.add_row(pointer, name, tokens_text(s["tokens"], view["target"]),
                      _state_text(view, s, lang), _pile_text(view, s, lang),
                      str(s["discard_total"]))
    return table


def _marks(view: dict, lang: str) -> list[Text]:
    words = labels(lang)
    lines = []
    if view.get("sycophant") is not None:
        lines.append(Text(words["sycophant_line"].format(p=seat_name(view["sycophant"], lang)),
                          style="magenta"))
    jester = view.get("jester")
    if jester:
        lines.append(Text(words["jester_line"].format(by=seat_name(jester["by"], lang),
                                                      on=seat_name(jester["on"], lang)),
                          style="yellow"))
    return lines


def _hand(view: dict, lang: str) -> list:
    words = labels(lang)
    hand = view.get("hand")
    if hand is None:
        return [Text(words["spectator"], style="dim")]
    if not hand:
        return [Text(words["out_hand"] if view.get("round") and not view.get("terminal")
                     else "", style="dim")]
    grid = Table.grid(padding=(0, 1))
    grid.add_column(no_wrap=True)
    grid.add_column(no_wrap=True)
    grid.add_column()
    for key in hand:
        grid.add_row(" ", Text(card_label(view, key, lang), style="bold"),
                     f"— {effect(key, lang)}")
    return [Text(f"{words['hand']}:", style="bold"), grid]


def _knowledge(view: dict, lang: str) -> list[Text]:
    words = labels(lang)
    parts = []
    for holder, keys in known_hands(view):
        names = [card(k, lang) for k in keys]
        if holder == "spare":
            parts.append(words["spare_is"].format(card=names[0]))
        elif len(names) == 1:
            parts.append(words["holds"].format(p=seat_name(holder, lang), card=names[0]))
        else:
            parts.append(words["holds_one_of"].format(p=seat_name(holder, lang),
                                                      cards=", ".join(names)))
    if not parts:
        return []
    return [Text(f"{words['known']}: " + "; ".join(parts), style="cyan")]


def _phase(view: dict, lang: str) -> list[Text]:
    words = labels(lang)
    lines = []
    phase = view.get("phase")
    if phase == "redraw" and view.get("to_move") is not None:
        lines.append(Text(words["redraw_phase"].format(p=seat_name(view["to_move"], lang)),
                          style="bold yellow"))
    elif phase == "chancellor" and view.get("turn") is not None:
        lines.append(Text(words["chancellor_phase"].format(p=seat_name(view["turn"], lang)),
                          style="bold yellow"))
    elif phase == "deal" and not view.get("terminal"):
        lines.append(Text(words["dealing"].format(n=(view.get("round") or 0) + 1),
                          style="yellow"))
    elif phase == "play" and view.get("deck_size") == 0:
        lines.append(Text(words["showdown_next"], style="yellow"))
    result = view.get("result")
    if view.get("terminal") and result is not None:
        winners = ", ".join(seat_name(w, lang) for w in result["winners"]) or words["nobody"]
        lines.append(Text(words["winners"].format(p=winners), style="bold green"))
    return lines


def render_text(view: dict, lang: str = "en") -> Group:
    """The whole table as ``view``'s seat (or a spectator) sees it, as a Rich renderable."""
    lang = lang_of(lang)
    parts: list = [_header(view, lang), _table_line(view, lang), _seats_table(view, lang)]
    if any(d["cause"] != "played" for s in view["seats"] for d in s["discards"]):
        parts.append(Text(labels(lang)["legend"], style="dim"))
    parts += _marks(view, lang)
    parts += _phase(view, lang)
    parts += _hand(view, lang)
    parts += _knowledge(view, lang)
    return Group(*parts)


# -- the web table: step labels, prompts, the score table, panels ---------------------------------
def web(lang: str) -> dict:
    """The web table's phrases of ``lang`` (``web`` in the catalogue)."""
    return catalogue(lang)["web"]


def step_seat(word: str):
    """A step key's seat word as a seat int, or ``"spare"``."""
    return "spare" if word == "spare" else int(word[1:]) - 1


def describe_step(view: dict, key: str, lang: str = "en") -> str:
    """The label of one click (``notation.action_steps``): 'Guard (1)', 'p2', '5: Prince,
    Count', 'look at p3's hand', 'no second player'..."""
    lang = lang_of(lang)
    words = web(lang)["steps"]
    family, _, value = key.partition(":")
    viewer = view.get("seat")
    if family == "bishop":
        return catalogue(lang)["actions"][value]
    if value == "none":
        return words[f"{family}_none"]
    if family in ("card", "keep", "under"):
        return words[family].format(card=card(value, lang), value=card_value(view, value))
    if family == "guess":
        return guess_label(view, value, lang)
    seat = step_seat(value)
    if family == "target" and seat == viewer:
        return words["target_self"]
    return words[family].format(**forms("t", seat, lang, viewer, subject=viewer))


def guess_label(view: dict, guess: str, lang: str) -> str:
    """'5: Prince, Count' for a value (the characters of that value in the deck in use),
    'Prince (5)' for a character."""
    words = web(lang)["steps"]
    if guess.isdigit():
        names = [card(k, lang) for k, entry in view.get("cards", {}).items()
                 if entry["value"] == int(guess)]
        return words["guess_value"].format(value=guess, names=", ".join(names))
    return words["guess_card"].format(card=card(guess, lang), value=card_value(view, guess))


def prompt(view: dict, family: str, lang: str = "en") -> str:
    """What the seat is asked to do when its next click is of ``family``, e.g. 'Play one of
    your two cards (click it)'; it names the card when only one card asks for it."""
    words = web(lang_of(lang))["prompts"]
    legal = view.get("legal") or []
    if family == "card":
        hand = view.get("hand") or []
        if len(hand) < 2:
            return words["card_one"]
        forced = {text.split()[0] for text in legal} == {"countess"} and len(set(hand)) > 1
        return words["card_countess" if forced else "card"]
    choosing = {text.split()[0] for text in legal if len(text.split()) > 1}
    if family == "guess":
        choosing &= {"guard", "bishop"}
    if family in ("target", "guess") and choosing in ({"guard"}, {"bishop"}):
        return words[f"{family}_{next(iter(choosing))}"]
    if family == "target" and any(" spare" in text for text in legal):
        return words["target_spare"]
    if family == "also" and not any("also:none" in action_steps(view, t) for t in legal):
        return words["also_pair"]
    return words.get(family, "")


def scoreboard(view: dict, lang: str = "en") -> dict:
    """Tokens (with the target), in or out of the round or protected, and the discard total
    (the showdown's tiebreak) of every seat."""
    words = web(lang_of(lang))["score"]
    rows = []
    for s in view["seats"]:
        if not view.get("round"):
            state = words["waiting"]
        else:
            state = words["out" if not s["in_round"] else
                          "protected" if s["protected"] else "in"]
        rows.append([s["tokens"], state, s["discard_total"]])
    return {"columns": [words["tokens"].format(n=view["target"]), words["state"],
                        words["total"]], "rows": rows}


def panels(view: dict, lang: str = "en") -> list[dict]:
    """The last round's summary (a popup once per round), what the viewer knows about other
    hands, and how many of each card the viewer has not seen yet."""
    lang = lang_of(lang)
    found = [panel for panel in (round_summary(view, lang), known_panel(view, lang),
                                 unseen_panel(view, lang)) if panel]
    return found


def cap_start(words: str) -> str:
    """'You', 'Игрок 2' at the start of a line ('p2' stays as it is)."""
    return words if words[1:2].isdigit() else words[:1].upper() + words[1:]


def last_event(log: list[dict], kind: str, before: int | None = None) -> int | None:
    """The index of the last event of ``kind`` in ``log`` (before ``before``), or None."""
    end = len(log) if before is None else before
    return next((i for i in range(end - 1, -1, -1) if log[i]["e"] == kind), None)


def round_summary(view: dict, lang: str) -> dict | None:
    """Who won the last finished round and why (the showdown hands as the table saw them,
    the knock-outs, the tokens gained), from the log alone; None before any round ended."""
    log = view.get("log") or []
    end = last_event(log, "round_end")
    if end is None:
        return None
    start = last_event(log, "round", end) or 0
    stop = next((i for i in range(end, len(log)) if log[i]["e"] == "round"), len(log))
    events, final = log[start:stop], log[end]
    voice = Voice(lang, view.get("seat"), view.get("names"))
    words = web(lang)["panels"]
    lines: list = [words[final["reason"]]]
    lines += showdown_lines(view, events, voice)
    lines += knockout_lines(events, voice)
    lines += token_lines(events, voice)
    for event in events:
        if event["e"] == "game_end":
            lines.append(words["game_over"].format(winners=winners_words(event["winners"], voice)))
    if final["reason"] == "game_won":
        title = words["game_won_title"].format(round=final["round"])
    else:
        title = words["round_title"].format(round=final["round"],
                                            winners=winners_words(final["winners"], voice))
    return {"title": title, "lines": lines, "popup": f"round-{final['round']}"}


def winners_words(winners: list[int], voice: Voice) -> str:
    """The winners of a round or match as a line says them (none, one, or several)."""
    words = web(voice.lang)["panels"]
    if not winners:
        return words["no_winner"]
    if len(winners) == 1:
        return voice.pick(words["wins"], winners[0]).format(who=voice.who(winners[0]))
    return words["win_many"].format(who=", ".join(voice.who(w) for w in winners))


def showdown_lines(view: dict, events: list[dict], voice: Voice) -> list:
    """A round's showdown as the table saw it: each hand shown, and the totals of a tie."""
    words = web(voice.lang)["panels"]
    showdown = next((e for e in events if e["e"] == "showdown"), None)
    if showdown is None:
        return []
    scores = [s for s in showdown["scores"] if s is not None]
    best = max(scores, default=None)
    tied = scores.count(best) > 1
    lines: list = [words["hands"]]
    for q, hand in enumerate(showdown["hands"]):
        if hand is None:
            continue
        score = showdown["scores"][q]
        fields = {"card": card(hand, voice.lang), "value": card_value(view, hand),
                  "score": score}
        phrase = ("excluded" if score is None else
                  "hand" if score == fields["value"] else "hand_score")
        shown = words[phrase].format(**fields)
        if tied and score == best:
            shown += " · " + words["total"].format(total=showdown["totals"][q])
        lines.append([cap_start(voice.who(q)), shown])
    if tied:
        lines.append(words["tiebreak"])
    return lines


def knockout_lines(events: list[dict], voice: Voice) -> list:
    """Who knocked whom out of the round, and with what."""
    words = web(voice.lang)["panels"]
    lines: list = []
    player = assassin = None
    for event in events:
        if event["e"] == "play":
            player = event["seat"], event["card"]
        elif event["e"] == "assassin":
            assassin = event["seat"]
        elif event["e"] == "out":
            q, by = event["seat"], event["by"]
            owner = assassin if by == "assassin" else (
                player[0] if player and player[1] == by else None)
            if owner is None or owner == q:
                line = words["out_by"]["none"].format(card=card(by, voice.lang))
            else:
                line = voice.pick(words["out_by"], owner).format(
                    card=card(by, voice.lang), owner_gen=voice.who(owner, "gen"))
            lines.append([cap_start(voice.who(q)), line])
    return [words["knocked_out"], *lines] if lines else []


def token_lines(events: list[dict], voice: Voice) -> list:
    """The tokens of affection the round gave, and to whom."""
    words = web(voice.lang)["panels"]
    lines: list = [words["tokens"]]
    for event in events:
        if event["e"] == "token":
            lines.append([cap_start(voice.who(event["seat"])), words["token"].format(
                reason=term(event["reason"], voice.lang), tokens=event["tokens"])])
    return lines if len(lines) > 1 else [words["tokens"], words["no_tokens"]]


def known_panel(view: dict, lang: str) -> dict | None:
    """What the viewer's own log tells about other hands this round, or None."""
    words = labels(lang)
    lines = []
    for holder, keys in known_hands(view):
        names = ", ".join(card(k, lang) for k in keys)
        if holder == "spare":
            lines.append(cap_start(words["spare_is"].format(card=names)))
        else:
            phrase = "holds" if len(keys) == 1 else "holds_one_of"
            holder_name = who(holder, lang, None, "gen", view.get("names"))
            lines.append(cap_start(words[phrase].format(p=holder_name, card=names, cards=names)))
    return {"title": web(lang)["panels"]["known_title"], "lines": lines} if lines else None


def unseen_panel(view: dict, lang: str) -> dict | None:
    """For each character of the deck in use: copies the viewer has not seen (neither in a
    discard pile, face up, burned, nor in its own hand) out of the deck's copies."""
    if view.get("phase") not in ("play", "redraw", "chancellor") or view.get("seat") is None:
        return None
    seen: dict[str, int] = {}
    for key in chain(view.get("face_up") or (), view.get("burned") or (),
                     view.get("hand") or (),
                     (d["card"] for s in view["seats"] for d in s["discards"])):
        seen[key] = seen.get(key, 0) + 1
    words = web(lang)["panels"]
    lines = [[card_label(view, key, lang),
              words["cards_line"].format(left=entry["copies"] - seen.get(key, 0),
                                         copies=entry["copies"])]
             for key, entry in view["cards"].items()]
    return {"title": words["cards_title"], "lines": lines}
