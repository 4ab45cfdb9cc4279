"""The Love Letter ``Game``: metadata, options, presets and the adapters over the rules."""

from __future__ import annotations

import random

from gonets.core.game import Game
from gonets.core.options import Config
from gonets.games.loveletter import texts as T
from gonets.games.loveletter.actions import rules_for
from gonets.games.loveletter.options import OPTIONS, PRESETS, check_config
from gonets.games.loveletter.state import LoveLetterState
from gonets.games.loveletter.views import sample_world


class LoveLetter(Game):
    """Love Letter (Тайное Послание): classic, Premium 2-8 players, 2019 edition, the seed."""

    name = "loveletter"
    title = "Love Letter"
    min_players = 2
    max_players = 8
    options = OPTIONS
    presets = PRESETS
    default_preset = "seed"
    description = ("Court the princess: draw one, play one; the last suitor standing or the "
                   "highest card wins the round. Seed rules for 2-8 players with Premium cards.")

    def check_config(self, config: Config) -> None:
        check_config(config)

    def new_state(self, config: Config) -> LoveLetterState:
        return LoveLetterState(config)

    def num_actions(self, config: Config) -> int:
        return len(rules_for(config).table)

    def sample_world(self, view: dict, rng: random.Random) -> LoveLetterState:
        return sample_world(self, view, rng)

    # -- text ---------------------------------------------------------------------------------
    def describe_action(self, view: dict, text: str, lang: str = "en") -> str:
        """A menu line such as 'Guard — name 5 for p2'."""
        lang = T.lang_of(lang)
        phrases = T.ACTIONS[lang]
        words = text.split()
        if not words:
            return text
        seat = view.get("seat")
        if words[0] in ("redraw", "keep"):
            return phrases[words[0]]
        key = words[0]
        name = T.card(key, lang)
        if key == "chancellor" and len(words) > 1:
            bottom = words[words.index("bottom") + 1:]
            line = phrases["keep_cards"].format(
                keep=T.card(words[2], lang), bottom=", ".join(T.card(b, lang) for b in bottom))
            return f"{name} — {line}"
        targets, guess, look = [], None, None
        rest = words[1:]
        while rest:
            word = rest.pop(0)
            if word == "look":
                look = rest.pop(0) if rest else None
            elif word == "spare" or (word.startswith("p") and word[1:].isdigit()):
                targets.append("spare" if word == "spare" else int(word[1:]) - 1)
            else:
                guess = word
        if not targets and key not in ("handmaid", "countess", "princess", "constable",
                                       "count", "assassin", "spy", "chancellor"):
            return f"{name} — {phrases['no_effect']}"
        joined = T.WORDS[lang]["and"].join(T.who(t, lang, seat) for t in targets)
        look_text = None
        if look is not None:
            look_text = T.who("spare" if look == "spare" else int(look[1:]) - 1, lang, seat)
        phrase = phrases["cardinal_look" if look_text else key]
        line = phrase.format(t=joined, guess=T.guess_text(guess, lang) if guess else "",
                             look=look_text)
        return f"{name} — {line}"

    def describe_event(self, event: dict, lang: str = "en") -> str:
        """One readable log line for an event of a view's ``log``."""
        lang = T.lang_of(lang)
        lines = T.EVENTS[lang]
        kind = event.get("e")
        fields = {k: v for k, v in event.items() if k != "e"}

        def seat(value):
            return T.who(value, lang)

        for name in ("seat", "target", "starter", "guard", "loser"):
            if name in fields:
                fields[name] = seat(fields[name])
        if "card" in fields and kind not in ("deal", "draw", "look"):
            fields["card"] = T.card(fields["card"], lang)
        card_part = f": {T.card(event['card'], lang)}" if "card" in event else ""
        fields["card_part"] = card_part
        if kind == "draw":
            fields["source"] = T.term("from_spare", lang) if event["from"] == "spare" else ""
        if kind == "look" and event["target"] == "spare":
            kind = "look_spare"
        if kind in ("guard", "bishop"):
            kind = f"{kind}_{'hit' if event['hit'] else 'miss'}"
            fields["guess"] = T.guess_text(event["guess"], lang)
        if kind == "face_up":
            fields["cards"] = ", ".join(T.card(c, lang) for c in event["cards"])
        if kind in ("compare", "swap", "chancellor"):
            cards = event.get("cards")
            fields["cards_part"] = (" [" + ", ".join(T.card(c, lang) for c in cards) + "]"
                                    if cards else "")
            if "kind" in fields:
                fields["kind"] = T.card(fields["kind"], lang)
        if kind == "compare":
            fields["loser_part"] = (lines["lost"].format(loser=seat(event["loser"]))
                                    if event["loser"] is not None else lines["tie"])
        if kind == "swap":
            fields["a"], fields["b"] = (seat(x) for x in event["between"])
        if kind == "mark":
            fields["kind"] = T.card(event["kind"], lang)
        if kind == "out":
            fields["by"] = T.card(event["by"], lang)
        if kind == "return":
            fields["kept_part"] = (f" ({T.card(event['kept'], lang)}; "
                                   + ", ".join(T.card(c, lang) for c in event["bottom"]) + ")"
                                   if "kept" in event else "")
        for name in ("cause", "reason", "choice"):
            if name in fields:
                fields[name] = T.term(fields[name], lang)
        if kind == "showdown":
            fields["hands"] = "; ".join(
                f"{seat(q)} {T.card(h, lang)} ({s})" for q, (h, s) in
                enumerate(zip(event["hands"], event["scores"])) if h is not None)
        if kind in ("round_end", "game_end"):
            fields["winners"] = ", ".join(seat(w) for w in event["winners"]) or \
                T.WORDS[lang]["nobody"]
        if kind == "play":
            fields["action"] = self.describe_action({}, event["action"], lang).split(" — ", 1)[-1]
        template = lines.get(kind)
        if template is None:
            return str(event)
        try:
            return template.format(**fields)
        except (KeyError, IndexError):
            return str(event)

    def render_text(self, view: dict, lang: str = "en"):
        """The table as the view's seat sees it (a Rich renderable; see render_text.py)."""
        from gonets.games.loveletter.render_text import render_text

        return render_text(view, lang)

    def render_svg(self, view: dict) -> str:
        """A standalone SVG of the table with clickable hand cards (see render_svg.py)."""
        from gonets.games.loveletter.render_svg import render_svg

        return render_svg(view)

    # -- extras -------------------------------------------------------------------------------
    def agents(self) -> dict:
        """The card-counting ``heuristic`` bot (see agent.py)."""
        from gonets.games.loveletter.agent import heuristic

        return {"heuristic": heuristic}

    def cli(self):
        from gonets.games.loveletter.cli import app

        return app

    def bench_counts(self, state: LoveLetterState) -> dict[str, int]:
        return {"rounds": state.rounds_done, "cards_played": state.played}

    def bench_steps(self, state: LoveLetterState) -> int:
        return state.played
