"""A review as one standalone HTML page: a summary, the win-chance graph, every decision."""

from __future__ import annotations

import json
from functools import cache
from html import escape
from pathlib import Path

from gonets.agents.review import FEW_VISITS, Review
from gonets.core.registry import get_game

PHRASES = Path(__file__).with_name("data") / "review.json"
COLOURS = {"blunder": "#c0392b", "mistake": "#e67e22", "inaccuracy": "#d4ac0d", None: "#2e86c1"}
WIDTH, HEIGHT, PAD = 720, 220, 32


@cache
def phrases(lang: str) -> dict:
    """The page's words in ``lang`` (English where the language is unknown)."""
    found = json.loads(PHRASES.read_text(encoding="utf-8"))
    return found.get(lang, found["en"])


def summary(review: Review) -> str:
    """One sentence: how many decisions, judged by whom, how many of each mark."""
    words = phrases(review.lang)
    level = words["levels"].get(review.level, review.level)
    return words["summary"].format(decisions=len(review.decisions), level=level,
                                   name=review.names[review.seat], **review.counts())


def graph(review: Review) -> str:
    """The seat's win chance after each decision, an SVG line with a dot per decision."""
    decisions = review.decisions
    if not decisions:
        return ""
    step = (WIDTH - 2 * PAD) / max(1, len(decisions) - 1)

    def point(i: int, chance: float) -> tuple[float, float]:
        return PAD + i * step, HEIGHT - PAD - chance * (HEIGHT - 2 * PAD)

    line = " ".join("{:.1f},{:.1f}".format(*point(i, d.after))
                    for i, d in enumerate(decisions))
    label = phrases(review.lang)["graph"].format(name=review.names[review.seat])
    parts = [f'<svg class="graph" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
             f'aria-label="{escape(label)}">']
    for level in (0.0, 0.5, 1.0):
        y = point(0, level)[1]
        parts.append(f'<line x1="{PAD}" x2="{WIDTH - PAD}" y1="{y:.1f}" y2="{y:.1f}" '
                     f'stroke="#ccc"/><text x="2" y="{y + 4:.1f}" font-size="11">'
                     f'{level:.0%}</text>')
    parts.append(f'<polyline fill="none" stroke="#555" stroke-width="1.5" points="{line}"/>')
    for i, decision in enumerate(decisions):
        x, y = point(i, decision.after)
        radius = 3 if decision.mark is None else 5
        parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{radius}" '
                     f'fill="{COLOURS[decision.mark]}"><title>{i + 1}: '
                     f'{escape(decision.said[0])} ({decision.after:.0%})</title></circle>')
    parts.append("</svg>")
    return "".join(parts)


def page(review: Review, links: list[tuple[str, str]] = ()) -> str:
    """The whole review as HTML in the review's language; ``links`` (text, address) are
    listed under the title (the server's: the other seats' reviews, the table)."""
    words = phrases(review.lang)
    name = review.names[review.seat]
    title = words["title"].format(name=name, game=get_game(review.game).title)
    rows = []
    for i, d in enumerate(review.decisions):
        best = words["same"] if d.best == d.played else d.said[1]
        mark = words[d.mark] if d.mark else ""
        few = f' <small>({words["few"]})</small>' if d.visits < FEW_VISITS else ""
        rows.append(f'<tr class="{d.mark or "fine"}"><td>{i + 1}</td><td>{escape(d.said[0])}'
                    f'</td><td>{escape(best)}</td><td>{d.before:.0%}</td><td>{d.after:.0%}'
                    f'{few}</td><td style="color:{COLOURS[d.mark]}">{mark}</td></tr>')
    head = "".join(f"<th>{words[key]}</th>" for key in ("number", "played", "best", "before",
                                                        "after", "mark"))
    return (f'<!doctype html><html lang="{review.lang}"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{escape(title)}</title><style>{STYLE}</style></head><body>"
            f"<h1>{escape(title)}</h1>{_links(links)}<p>{escape(summary(review))}</p>"
            f"<h2>{escape(words['graph'].format(name=name))}</h2>{graph(review)}"
            f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
            f"<p class=\"legend\">{escape(words['legend'])}</p></body></html>\n")


def notice(lang: str, title: str, text: str, refresh: int | None = None,
           links: list[tuple[str, str]] = ()) -> str:
    """A short page in ``lang`` while a review is not there yet (reloading itself every
    ``refresh`` seconds)."""
    again = f'<meta http-equiv="refresh" content="{refresh}">' if refresh else ""
    return (f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">{again}'
            f"<title>{escape(title)}</title><style>{STYLE}</style></head><body>"
            f"<h1>{escape(title)}</h1>{_links(links)}<p id=\"notice\">{escape(text, False)}</p>"
            "</body></html>\n")


def _links(links) -> str:
    if not links:
        return ""
    return "<nav>" + " · ".join(f'<a href="{escape(href)}">{escape(text)}</a>'
                                for text, href in links) + "</nav>"


STYLE = ("body{font-family:sans-serif;max-width:760px;margin:1em auto;padding:0 8px}"
         ".graph{width:100%;height:auto}table{border-collapse:collapse;width:100%}"
         "td,th{border-bottom:1px solid #ddd;padding:4px;text-align:left;font-size:14px}"
         "tr.blunder{background:#fdecea}tr.mistake{background:#fdf2e6}"
         "tr.inaccuracy{background:#fcf8e3}.legend{color:#555;font-size:13px}")
