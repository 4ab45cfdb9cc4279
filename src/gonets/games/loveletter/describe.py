"""``describe_action`` (menu lines from the viewer's side) and ``describe_event`` (log lines in
a neutral voice), in English and Russian; the phrases are in ``texts.py``."""

from __future__ import annotations

from gonets.games.loveletter import texts as T
from gonets.games.loveletter.actions import NO_CHOICE_KEYS, split_play

SEAT_FIELDS = ("seat", "target", "starter", "guard", "loser")


def describe_action(view: dict, text: str, lang: str = "en") -> str:
    """A menu line such as 'Guard — name 5 for p2', written for the view's seat."""
    lang = T.lang_of(lang)
    phrases = T.ACTIONS[lang]
    words = text.split()
    if not words:
        return text
    if words[0] in ("redraw", "keep"):
        return phrases[words[0]]
    key, name = words[0], T.card(words[0], lang)
    if key == "chancellor" and len(words) > 2 and words[1] == "keep":
        bottom = words[words.index("bottom") + 1:] if "bottom" in words else []
        line = phrases["keep_cards"].format(
            keep=T.card(words[2], lang), bottom=", ".join(T.card(b, lang) for b in bottom))
        return f"{name} — {line}"
    play = split_play(text)
    targets, guess, look = play["targets"], play["guess"], play["look"]
    if not targets and key not in NO_CHOICE_KEYS:
        return f"{name} — {phrases['no_effect']}"
    try:
        line = _effect_line(phrases, key, targets, guess, look, lang, view.get("seat"))
    except (KeyError, IndexError, TypeError, ValueError):
        return text                      # not a notation of this game: shown as written
    return f"{name} — {line}"


def _effect_line(phrases, key, targets, guess, look, lang, viewer) -> str:
    if not targets:
        if key == "princess" and viewer is not None:
            return phrases["princess_you"]
        return phrases.get(key, phrases["no_effect"])
    fields = {"guess": T.guess_text(guess, lang) if guess else ""}
    fields.update(T.forms("t", targets[0], lang, viewer))
    if key == "prince" and targets[0] in ("spare", viewer):
        return phrases["prince_spare" if targets[0] == "spare" else "prince_you"]
    if key == "baroness":
        fields["hands"] = T.WORDS[lang]["and"].join(T.who(t, lang, viewer, "hand")
                                                    for t in targets)
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
    fields = {**T.forms("a", a, lang, viewer), **T.forms("b", b, lang, viewer)}
    line = phrases[phrase].format(**fields)
    if look is not None:
        line += phrases["look"].format(look_hand=T.who(look, lang, viewer, "hand"))
    return line


# -- events ----------------------------------------------------------------------------------------
def describe_event(event: dict, lang: str = "en") -> str:
    """One readable log line for an event of a view's ``log`` (seats written p1..pN); an
    event it cannot read is shown as its data."""
    lang = T.lang_of(lang)
    try:
        return _event_line(event, lang)
    except (KeyError, IndexError, TypeError, ValueError, AttributeError):
        return str(event)


def _event_line(event: dict, lang: str) -> str:
    kind = event.get("e")
    fields = {k: v for k, v in event.items() if k != "e"}
    for name in SEAT_FIELDS:
        if name in event:
            fields.update(T.forms(name, event[name], lang))
    if "card" in fields and kind not in ("deal", "draw", "look"):
        fields["card"] = T.card(fields["card"], lang)
    fields["card_part"] = f": {T.card(event['card'], lang)}" if "card" in event else ""
    kind = _variant(kind, event)
    for extra in (_guess_fields, _card_fields, _seat_pair_fields, _round_fields):
        extra(kind, event, fields, lang)
    template = T.EVENTS[lang].get(kind)
    return str(event) if template is None else template.format(**fields)


def _variant(kind, event) -> str:
    """The template for this event: hits and misses, the set-aside card, game wins."""
    if kind in ("guard", "bishop"):
        return f"{kind}_{'hit' if event.get('hit') else 'miss'}"
    if kind == "draw" and event.get("from") == "spare":
        return "draw_spare"
    if kind == "swap" and (event.get("between") or [None, None])[1] == "spare":
        return "swap_spare"
    if kind == "round_end" and event.get("reason") == "game_won":
        return "round_end_game_won"
    return kind


def _guess_fields(kind, event, fields, lang) -> None:
    if "guess" in event:
        fields["guess"] = T.guess_text(event["guess"], lang)
    if "cause" in event:
        fields["cause"] = T.cause(event["cause"], lang)
    for name in ("reason", "choice"):
        if name in event:
            fields[name] = T.term(event[name], lang)
    for name in ("kind", "by"):
        if name in event:
            fields[name] = T.card(event[name], lang)


def _card_fields(kind, event, fields, lang) -> None:
    lines = T.EVENTS[lang]
    if kind == "face_up":
        fields["cards"] = ", ".join(T.card(c, lang) for c in event["cards"])
    if kind == "chancellor":
        fields["drew_cards"] = T.count_text(event["drew"], lang)
        cards = event.get("cards")
        fields["cards_part"] = (": " + ", ".join(T.card(c, lang) for c in cards)) if cards else ""
    if kind == "return":
        fields["count_cards"] = T.count_text(event["count"], lang)
        fields["kept_part"] = (lines["kept"].format(
            kept=T.card(event["kept"], lang),
            bottom=", ".join(T.card(c, lang) for c in event["bottom"]))
            if "kept" in event else "")
    if kind == "burn":
        fields["refill_part"] = lines["refilled"] if event.get("refilled") else ""
    if kind == "showdown":
        parts = []
        for q, (hand, score) in enumerate(zip(event["hands"], event["scores"])):
            if hand is not None:
                shown = lines["excluded"] if score is None else score
                parts.append(f"{T.who(q, lang)} {T.card(hand, lang)} ({shown})")
        fields["hands"] = "; ".join(parts)


def _seat_pair_fields(kind, event, fields, lang) -> None:
    lines = T.EVENTS[lang]
    if kind in ("swap", "swap_spare"):
        a, b = event["between"]
        fields.update(T.forms("a", a, lang))
        fields.update(T.forms("b", b, lang))
        fields["cards_part"] = _holdings(lines["now"], (a, b), event.get("cards"), lang)
    if kind == "compare":
        pair = (event["seat"], event["target"])
        fields["cards_part"] = _holdings(lines["shown"], pair, event.get("cards"), lang)
        fields["loser_part"] = (lines["lost"].format(loser=T.who(event["loser"], lang))
                                if event.get("loser") is not None else lines["tie"])


def _holdings(frame: str, seats, cards, lang) -> str:
    """' (now p1: King, p2: Baron)' for the entitled seats; '' for everybody else."""
    if not cards:
        return ""
    holds = T.EVENTS[lang]["holds"]
    pairs = ", ".join(holds.format(who=T.who(q, lang), card=T.card(c, lang))
                      for q, c in zip(seats, cards))
    return frame.format(pairs=pairs)


def _round_fields(kind, event, fields, lang) -> None:
    if kind in ("round_end", "game_end"):
        fields["winners"] = ", ".join(T.who(w, lang) for w in event["winners"]) or \
            T.WORDS[lang]["nobody"]
    if kind == "play":
        fields["action"] = describe_action({}, event["action"], lang).split(" — ", 1)[-1]
