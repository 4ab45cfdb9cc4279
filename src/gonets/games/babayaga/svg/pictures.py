"""The side panels of the web table and their pictures: the card being resolved (its
challenges as chips, the viewer's last dice) and a hero's quest track."""

from __future__ import annotations

from html import escape

from gonets.games.babayaga.rules.content import view_content
from gonets.games.babayaga.svg.parts import FONT, text, text_width
from gonets.games.babayaga.text.panels import last_roll, step_lines
from gonets.games.babayaga.text.panels import panels as panels_in_words
from gonets.games.babayaga.text.words import challenge_text, quest_name, say, titles


def panels(view: dict, lang: str = "en") -> list[dict]:
    """The web page's side panels: the panels in words with the card's and the quest's
    pictures."""
    return panels_in_words(view, lang, card_picture, quest_track)


# ------------------------------------------------------------------------ panel pictures ---
def _panel_svg(width: int, height: int, body: list[str], title: str) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" font-family="{FONT}" role="img">'
            f"<title>{escape(title)}</title>" + "".join(body) + "</svg>")


def quest_track(view: dict, seat: int, lang: str = "en") -> str | None:
    """The hero's quest as a row of numbered steps: done, current, to come; the last (final)
    one ringed; the whole row lights for the log key ``quest:N``."""
    c = view_content(view)
    hero = view["heroes"][seat]
    quest = c.quests.get(hero["quest"])
    if quest is None:
        return None
    steps = quest["steps"]
    gap = 250 / max(1, len(steps) - 1)
    body = [f'<line x1="25" y1="26" x2="{25 + gap * (len(steps) - 1):.0f}" y2="26" '
            f'stroke="#aab7b8" stroke-width="3"/>']
    for i, line in enumerate(step_lines(view, seat, lang)):
        x = 25 + gap * i
        done = hero["done"] or i < hero["step"]
        now = i == hero["step"] and not hero["done"] and not hero["elim"]
        fill, ink = ("#27ae60", "#fff") if done else ("#f4d03f", "#1c2833") if now else \
            ("#fff", "#566573")
        ring = (f'<circle cx="{x:.0f}" cy="26" r="20" fill="none" stroke="#922b21" '
                f'stroke-width="2"/>' if c.cards[steps[i]].get("final") else "")
        body.append(f'<g class="step{" done" if done else " now" if now else ""}">'
                    f"<title>{escape(line)}</title>{ring}"
                    f'<circle cx="{x:.0f}" cy="26" r="15" fill="{fill}" stroke="#566573" '
                    f'stroke-width="2"/>' + text(x, 32, str(i + 1), 16, fill=ink, bold=True)
                    + "</g>")
    return _panel_svg(300, 52, [f'<g data-ref="quest:{seat}">', *body, "</g>"],
                      quest_name(quest["id"], lang, c))


def card_picture(view: dict, lang: str = "en") -> str | None:
    """The card being resolved: its challenges as chips (clickable when the hero chooses
    which to face) and the viewer's latest dice against their Diff."""
    frame = view["encounter"]
    c = view_content(view)
    card = c.cards[frame["card"]]
    if not card["challenges"]:
        return None
    legal = view.get("legal") or []
    rolling = (frame.get("challenge") or {}).get("ability")
    body, x, y = [], 4.0, 6.0
    joint = (say(lang, "word.or") if card["mode"] == "choice" else "→").strip()
    for i, ch in enumerate(card["challenges"]):
        label = challenge_text(ch, lang)
        width = text_width(label, 15) + 20
        if x > 4 and x + width > 296:
            x, y = 4.0, y + 36
        choose = f"choose {ch['ability']}"
        pick = f' data-pick="choose:{ch["ability"]}"' if choose in legal else ""
        fill = "#f4d03f" if ch["ability"] == rolling else "#fdfefe"
        body.append(f'<g class="challenge"{pick}><rect x="{x:.0f}" y="{y:.0f}" '
                    f'width="{width:.0f}" height="28" rx="6" fill="{fill}" stroke="#7d6608" '
                    f'stroke-width="1.5"/>' + text(x + width / 2, y + 19, label, 15) + "</g>")
        x += width + 6
        if i < len(card["challenges"]) - 1:
            body.append(text(x, y + 19, joint, 15, "start", fill="#566573"))
            x += text_width(joint, 15) + 8
    height = y + 36
    last = last_roll(view)
    if last is not None:
        for i, die in enumerate(last["dice"][:7]):
            colour = "#27ae60" if die >= last["diff"] else "#fdfefe"
            ink = "#fff" if die >= last["diff"] else "#1c2833"
            body.append(f'<rect class="die" x="{4 + i * 38}" y="{height:.0f}" width="32" '
                        f'height="32" rx="5" fill="{colour}" stroke="#1c2833" stroke-width="1.5"/>'
                        + text(20 + i * 38, height + 23, str(die), 17, fill=ink, bold=True))
        diff = say(lang, "svg.diff", diff=last["diff"])
        body.append(text(4 + min(7, len(last["dice"])) * 38, height + 22, diff, 15, "start"))
        height += 40
    return _panel_svg(300, int(height), body, titles(card["id"], lang, c)[0])
