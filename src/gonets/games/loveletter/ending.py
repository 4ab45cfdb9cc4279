"""The end screen of Love Letter: every seat ranked by its tokens (the winners first), why the
game ended and how its last round was won (the showdown's hands, the knock-outs and the
tokens it gave), from the reader's view alone."""

from __future__ import annotations

from gonets.core.ending import screen
from gonets.games.loveletter.text import (
    Voice,
    cap_start,
    knockout_lines,
    lang_of,
    last_event,
    showdown_lines,
    token_lines,
    web,
    winners_words,
)


def final(view: dict, lang: str = "en") -> dict:
    """The ranking (tokens), the reason and the last round's story of a finished view."""
    lang = lang_of(lang)
    voice = Voice(lang, view.get("seat"), view.get("names"))
    words = web(lang)["final"]
    winners = list(view["result"]["winners"])
    tokens = [seat["tokens"] for seat in view["seats"]]
    log = view.get("log") or []
    end = last_event(log, "round_end")
    number = log[end]["round"] if end is not None else view.get("round")
    if len(winners) == 1:
        reason = voice.pick(words["reason"], winners[0]).format(
            who=cap_start(voice.who(winners[0])), target=view["target"], round=number)
    elif winners:
        reason = words["reason_many"].format(who=", ".join(voice.who(w) for w in winners),
                                             target=view["target"], round=number)
    else:
        reason = words["reason_none"].format(round=number)
    column = web(lang)["score"]["tokens"].format(n=view["target"])
    return screen(reason, [column], [[n] for n in tokens],
                  [(seat in winners, n) for seat, n in enumerate(tokens)],
                  _last_round(view, log, end, voice))


def _last_round(view: dict, log: list[dict], end: int | None, voice: Voice) -> list:
    """How the last round was won: who won it and why, the hands shown at a showdown, who
    was knocked out by what, and the tokens it gave."""
    if end is None:
        return []
    words = web(voice.lang)
    start = last_event(log, "round", end) or 0
    events, last = log[start:], log[end]
    title = words["final"]["last_round"].format(round=last["round"])
    lines: list = [[title, cap_start(winners_words(last["winners"], voice))],
                   words["panels"][last["reason"]]]
    lines += showdown_lines(view, events, voice)
    lines += knockout_lines(events, voice)
    lines += token_lines(events, voice)
    return lines
