"""The end screen of Baba Yaga: each hero with Rep and quest progress, ranked (competitive: the
winner first, then by Rep and quest progress, the eliminated last; cooperative and solo: the
heroes share one outcome, won or lost), why the game ended and in which round, with the decks
and Baba Yaga cards beaten."""

from __future__ import annotations

from gonets.core.ending import screen
from gonets.games.babayaga.rules.content import view_content
from gonets.games.babayaga.text.words import catalogue, char_name, quest_cell, quest_name, say, word

REP_ENDINGS = ("deck_out", "max_rounds", "baba_yaga")
"""Endings of competitive play that the most Rep wins (a tie wins for nobody)."""


def final(view: dict, lang: str = "en") -> dict:
    """The ranking, the reason and the deciding numbers of a finished view."""
    outcome = view.get("outcome") or {}
    winners = list(view["result"]["winners"])
    heroes, rep = view["heroes"], view["rep"]
    c = view_content(view)
    cells, keys = [], []
    for hero in heroes:
        seat = hero["seat"]
        quest = c.quests.get(hero["quest"])
        progress = quest_cell(view, seat, lang)
        if quest is not None:
            progress = f"{quest_name(quest['id'], lang, c)} · {progress}"
        cells.append([char_name(hero["char"], lang, c) if hero["char"] else
                      say(lang, "score.none"), rep[seat], progress])
        keys.append((0,) if view["mode"] != "competitive" else
                    (seat in winners, not hero["elim"], rep[seat], hero["done"], hero["step"]))
    lines = [[say(lang, "final.round"), outcome.get("round", view["round"])],
             [say(lang, "panel.decks"), say(lang, "panel.deck_sizes",
                                            wilderness=view["deck_sizes"]["wilderness"],
                                            town=view["deck_sizes"]["town"],
                                            beaten=view["by_beaten"])]]
    return screen(_reason(view, outcome.get("how", ""), winners, lang),
                  list(catalogue(lang)["score"]["columns"]), cells, keys, lines, score=1)


def _reason(view: dict, how: str, winners: list[int], lang: str) -> str:
    """Why the game ended and who won: in competitive play the winner (by the most Rep where
    the ending is scored so), in co-op the company's outcome, in solo the hero's."""
    names = view.get("names") or []
    who = ", ".join(names[s] if s < len(names) and names[s] else f"p{s + 1}" for s in winners)
    cause = word(lang, "how", how)
    cause = cause[:1].upper() + cause[1:]
    mode = view["mode"]
    if mode == "cooperative":
        key = "team_won" if winners else "team_lost"
    elif mode == "solo":
        key = "solo_won" if winners else "solo_lost"
        who = names[0] if names and names[0] else "p1"
    elif how in REP_ENDINGS:
        key = "most_rep" if winners else "rep_tie"
    else:
        key = "won" if winners else "nobody"
    rep = say(lang, "word.rep", n=view["rep"][winners[0]]) if winners else ""
    return say(lang, f"final.{key}", how=cause, who=who, rep=rep)
