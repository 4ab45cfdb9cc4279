"""The words of the Love Letter table that everything else builds on: the phrase catalogues
(``data/phrases.<lang>.json``), how cards and seats are named in each grammatical case
(``{t}``, ``{t_acc}``, ``{t_gen}``, ``{t_ins}``, ``{t_hand}``: see :func:`forms`), and the
log's lines (:func:`describe_event`, :class:`LogReader`). ``text`` (the game's text room)
builds the menu lines, the terminal picture and the panels on them."""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import cache, lru_cache
from pathlib import Path

from gonets.core.memo import Keyed, put_names, stand_ins
from gonets.games.loveletter.notation import split_play
from gonets.games.loveletter.rules import cards as C

DATA = Path(__file__).parents[1] / "data"
LANGUAGES = ("en", "ru")


@cache
def catalogue(lang: str) -> dict:
    """The phrase catalogue of ``lang`` (English when the language is unknown)."""
    lang = lang_of(lang)
    return json.loads((DATA / f"phrases.{lang}.json").read_text(encoding="utf-8"))


def labels(lang: str) -> dict[str, str]:
    """The table's words in ``lang`` (English when the language is unknown)."""
    return catalogue(lang)["labels"]


def effect(key: str, lang: str = "en") -> str:
    """The short effect text of a character."""
    return catalogue(lang)["effects"].get(key, "")


def lang_of(lang: str) -> str:
    """``lang`` when it has a catalogue, else English."""
    return lang if lang in LANGUAGES else "en"


def card(key, lang: str) -> str:
    return C.card_name(key, lang) if key in C.INDEX else str(key)


def who(target, lang: str, viewer: int | None = None, case: str = "nom",
        names: Sequence[str] | None = None, subject=None) -> str:
    """A seat (int), ``"spare"`` or None written in ``case``: the viewer as "you", a seat
    that is the sentence's ``subject`` reflexively ("their own hand"), a seat by
    ``names[seat]`` when names are given, else ``p1``, ``p2``..."""
    forms_of = catalogue(lang)["forms"]
    if target == "spare":
        kind = "spare"
    elif target is None:
        kind = "nobody"
    elif viewer is not None and target == viewer:
        kind = "you"
    else:
        kind = "named" if names else "player"
    if subject is not None and target == subject and kind in ("you", "named", "player"):
        reflexive = forms_of["self_you" if kind == "you" else "self"]
        if case in reflexive:
            return reflexive[case]
    number = target + 1 if isinstance(target, int) else ""
    name = names[target] if kind == "named" else ""
    return forms_of[kind][case].format(n=number, name=name)


CASES = ("acc", "gen", "ins", "hand", "refl")


def forms(name: str, target, lang: str, viewer: int | None = None,
          names: Sequence[str] | None = None, subject=None) -> dict[str, str]:
    """``{name}`` and its cases ``{name}_acc``, ``_gen``, ``_ins``, ``_hand``, ``_refl``
    (remembered, since every log line and picture asks again: read-only)."""
    return _forms(name, target, lang, viewer, tuple(names) if names else None, subject)


@lru_cache(maxsize=4096)
def _forms(name: str, target, lang: str, viewer: int | None, names: tuple[str, ...] | None,
           subject) -> dict[str, str]:
    found = {name: who(target, lang, viewer, "nom", names, subject)}
    for case in CASES:
        found[f"{name}_{case}"] = who(target, lang, viewer, case, names, subject)
    return found


def guess_text(guess, lang: str) -> str:
    """A guessed value as is; a guessed character by name (quoted in Russian)."""
    if isinstance(guess, int) or str(guess).isdigit():
        return str(guess)
    name = card(guess, lang)
    return f"«{name}»" if lang == "ru" else name


def count_text(n: int, lang: str) -> str:
    """'2 cards' / '2 карты'."""
    table = catalogue(lang)["events"]["cards"]
    return table.get(str(n), table["other"]).format(n=n)


def term(word, lang: str) -> str:
    return catalogue(lang)["terms"].get(word, str(word))


def cause(word, lang: str) -> str:
    return catalogue(lang)["causes"].get(word, str(word))


# -- log lines -----------------------------------------------------------------------------------
SEAT_FIELDS = ("seat", "target", "starter", "guard", "loser", "a", "b")
SUBJECTS = {"round": "starter", "swap": "a", "swap_spare": "a"}
"""The field naming the seat that acts in an event (default ``seat``)."""


class Voice:
    """Who reads a log line (``viewer``, None for a spectator) and how seats are called."""

    def __init__(self, lang: str, viewer: int | None, names: Sequence[str] | None = None):
        self.lang, self.viewer, self.names = lang, viewer, names
        self.lines = catalogue(lang)["events"]

    def who(self, target, case: str = "nom", subject=None) -> str:
        return who(target, self.lang, self.viewer, case, self.names, subject)

    def forms(self, name: str, target, subject=None) -> dict[str, str]:
        return forms(name, target, self.lang, self.viewer, self.names, subject)

    def pick(self, phrase, subject):
        """The ``you`` variant of a phrase when the viewer is its subject, else ``other``."""
        if not isinstance(phrase, dict):
            return phrase
        mine = subject is not None and subject == self.viewer
        return phrase["you" if mine else "other"]


def describe_event(event: dict, lang: str = "en", viewer: int | None = None,
                   names: Sequence[str] | None = None) -> str:
    """One readable log line for an event of a view's ``log``, written for ``viewer`` in the
    second person ("You play the Guard on p2"; None: a spectator, who reads only names), the
    seats called by ``names[seat]`` (default p1, p2...); an event it cannot read is shown as
    its data."""
    return LogReader(lang, viewer, names).line(event)


class LogReader:
    """A pass through one log (``Game.log_reader``): each event's line for one reader and
    one set of names. Lines are remembered under stand-ins for the names (``core.memo``),
    which go back in after, since a match repeats its events (every draw of a seat) and
    every frame asks for its new ones."""

    def __init__(self, lang: str = "en", viewer: int | None = None,
                 names: Sequence[str] | None = None):
        self.lang, self.viewer, self.names = lang_of(lang), viewer, names
        self.marks = stand_ins(names)
        self.direct = bool(names) and self.marks is None    # a name holds the stand-in mark

    def __call__(self, events: Sequence[dict]) -> list[str]:
        return [self.line(event) for event in events]

    def line(self, event: dict) -> str:
        """The line of one event (:func:`describe_event`)."""
        try:
            key = None if self.direct else Keyed(event)
        except TypeError:
            key = None
        if key is None:
            line, upper = _event_line(event, self.lang, self.viewer, self.names)
        else:
            line, upper = _remembered_line(key, self.lang, self.viewer, self.marks)
            line = put_names(line, self.marks, self.names) if self.marks else line
        return line[:1].upper() + line[1:] if upper else line       # "You ...", "Вы ..."


@lru_cache(maxsize=16384)
def _remembered_line(event: Keyed, lang: str, viewer: int | None,
                     marks: tuple | None) -> tuple[str, bool]:
    """:func:`_event_line` remembered, the seats named by stand-ins (:class:`LogReader`)."""
    return _event_line(event.value, lang, viewer, marks)


def _event_line(event: dict, lang: str, viewer: int | None,
                names: Sequence[str] | None) -> tuple[str, bool]:
    """An event's line, and whether its first letter is to be made capital (put there
    after the names, which the line may begin with)."""
    try:
        return _event_text(event, Voice(lang, viewer, names))
    except (KeyError, IndexError, TypeError, ValueError, AttributeError):
        return str(event), False


def _event_text(event: dict, voice: Voice) -> tuple[str, bool]:
    kind = _variant(event.get("e"), event)
    template = voice.lines.get(kind) if isinstance(kind, str) else None
    if template is None:
        return str(event), False
    raw = {k: v for k, v in event.items() if k != "e"}
    if kind in ("swap", "swap_spare"):
        a, b = event["between"]
        raw["a"], raw["b"] = (b, a) if b == voice.viewer else (a, b)
    subject_field = SUBJECTS.get(kind, "seat")
    subject = raw.get(subject_field)
    fields = dict(raw)
    for name in SEAT_FIELDS:
        if name in raw:
            fields.update(voice.forms(name, raw[name], None if name == subject_field
                                      else subject))
    lang = voice.lang
    if "card" in raw and kind not in ("deal", "draw", "draw_spare", "look"):
        fields["card"] = card(raw["card"], lang)
    fields["card_part"] = f": {card(raw['card'], lang)}" if "card" in raw else ""
    for extra in (_word_fields, _card_fields, _seat_pair_fields, _round_fields):
        extra(kind, raw, fields, voice)
    line = voice.pick(template, subject).format(**fields)
    return line, isinstance(template, dict) and subject is not None and subject == voice.viewer


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


def _word_fields(kind, raw, fields, voice: Voice) -> None:
    lang = voice.lang
    if "guess" in raw:
        fields["guess"] = guess_text(raw["guess"], lang)
    if "cause" in raw:
        fields["cause"] = cause(raw["cause"], lang)
    for name in ("reason", "choice"):
        if name in raw:
            fields[name] = term(raw[name], lang)
    for name in ("kind", "by"):
        if name in raw:
            fields[name] = card(raw[name], lang)


def _card_fields(kind, raw, fields, voice: Voice) -> None:
    lang, lines = voice.lang, voice.lines
    if kind == "face_up":
        fields["cards"] = ", ".join(card(c, lang) for c in raw["cards"])
    if kind == "chancellor":
        fields["drew_cards"] = count_text(raw["drew"], lang)
        cards = raw.get("cards")
        fields["cards_part"] = (": " + ", ".join(card(c, lang) for c in cards)) if cards else ""
    if kind == "return":
        fields["count_cards"] = count_text(raw["count"], lang)
        fields["kept_part"] = (voice.pick(lines["kept"], raw["seat"]).format(
            kept=card(raw["kept"], lang),
            bottom=", ".join(card(c, lang) for c in raw["bottom"]))
            if "kept" in raw else "")
    if kind == "burn":
        fields["refill_part"] = lines["refilled"] if raw.get("refilled") else ""
    if kind == "showdown":
        parts = []
        for q, (hand, score) in enumerate(zip(raw["hands"], raw["scores"])):
            if hand is not None:
                shown = lines["excluded"] if score is None else score
                parts.append(_holds(voice, q, hand) + lines["score"].format(score=shown))
        fields["hands"] = "; ".join(parts)


def _seat_pair_fields(kind, raw, fields, voice: Voice) -> None:
    lines = voice.lines
    if kind in ("swap", "swap_spare"):
        pairs = dict(zip(raw["between"], raw.get("cards") or ()))
        fields["cards_part"] = _holdings(voice, lines["now"], (raw["a"], raw["b"]), pairs)
    if kind == "compare":
        pair = (raw["seat"], raw["target"])
        pairs = dict(zip(pair, raw.get("cards") or ()))
        fields["cards_part"] = _holdings(voice, lines["shown"], pair, pairs)
        loser = raw.get("loser")
        fields["loser_part"] = (lines["tie"] if loser is None else
                                voice.pick(lines["lost"], loser).format(loser=voice.who(loser)))
    if kind == "play":
        targets = split_play(raw["action"])["targets"]
        fields["target_part"] = lines["target_part"].format(
            targets=catalogue(voice.lang)["words"]["and"].join(
                voice.who(t, "refl", raw["seat"]) for t in targets)) if targets else ""


def _holds(voice: Voice, seat, key: str) -> str:
    """'p2 holds the Guard' / 'you hold the Guard' / 'the set-aside card is the Guard'."""
    holds = voice.lines["holds"]
    name = card(key, voice.lang)
    if seat == "spare":
        return holds["spare"].format(card=name)
    phrase = voice.pick(holds, seat)
    return phrase.format(card=name, **voice.forms("who", seat))


def _holdings(voice: Voice, frame: str, seats, cards: dict) -> str:
    """'; now you hold the King, p2 holds the Baron' for the entitled seats; '' otherwise."""
    if not cards:
        return ""
    return frame.format(pairs=", ".join(_holds(voice, q, cards[q]) for q in seats))


def _round_fields(kind, raw, fields, voice: Voice) -> None:
    if kind in ("round_end", "game_end"):
        fields["winners"] = ", ".join(voice.who(w) for w in raw["winners"]) or \
            catalogue(voice.lang)["words"]["nobody"]
