"""What a player sees of the board on a small screen, measured in the page: where the legal
targets lie against the board's box, whether "Fit" shows the whole picture, which words are
drawn too small to read, where the hand is."""

from __future__ import annotations

READABLE_PX = 12
TAP_PX = 24
"""The least width and height of a target a finger taps (WCAG 2.2, 2.5.8 Target Size)."""
PHONE = {"width": 390, "height": 844}

TARGETS = """() => {
  // The keys the seat may click next (the step after those chosen; a turning step's
  // alternatives while it is being turned), and the picture elements on the board carrying
  // them; keys that only buttons or side panels offer are left out.
  const frame = window.gonets.frame;
  const picks = window.gonetsPicks;
  const chosen = picks.tentative ? picks.chosen.slice(0, -1) : picks.chosen;
  const routes = frame.legal.flatMap(a => (a.paths || [a.steps]).map(steps => steps));
  const keys = new Set(routes
    .filter(s => s.length > chosen.length && chosen.every((k, i) => s[i] === k))
    .map(s => s[chosen.length]));
  const own = (el, attr) => el.getAttribute(attr).split('|').map(k => k.trim());
  const shown = el => el.getClientRects().length > 0;
  const board = document.getElementById('board').getBoundingClientRect();
  const out = [];
  for (const el of document.querySelectorAll('#board [data-pick]')) {
    const live = own(el, 'data-pick').filter(k => keys.has(k));
    if (live.length && shown(el)) out.push({keys: live, rect: el.getBoundingClientRect()});
  }
  if (!chosen.length) {
    const texts = new Set(frame.legal.map(a => a.text));
    for (const el of document.querySelectorAll('#board [data-action]')) {
      const live = own(el, 'data-action').filter(k => texts.has(k));
      if (live.length && shown(el)) out.push({keys: live, rect: el.getBoundingClientRect()});
    }
  }
  return {board: {left: board.left, top: board.top, right: board.right, bottom: board.bottom},
          targets: out.map(t => ({keys: t.keys, left: t.rect.left, top: t.rect.top,
                                  right: t.rect.right, bottom: t.rect.bottom}))};
}"""

SMALL_WORDS = """(least) => {
  // Every word the page draws (text of HTML elements and of pictures, at its rendered size;
  // board words only where the board's box shows them) smaller than `least` pixels.
  const board = document.getElementById('board').getBoundingClientRect();
  const found = [];
  const seen = new Set();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode;
    const el = node.parentElement;
    if (!node.textContent.trim() || !el || seen.has(el)) continue;
    seen.add(el);
    if (el.closest('script, style, title, option, template')) continue;
    if (!el.getClientRects().length) continue;
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || style.opacity === '0') continue;
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height) continue;
    let size = parseFloat(style.fontSize);
    if (el.ownerSVGElement) {
      const m = el.getScreenCTM();
      size *= Math.hypot(m.a, m.b);
      if (el.closest('#board') && (r.right <= board.left || r.left >= board.right ||
                                   r.bottom <= board.top || r.top >= board.bottom)) continue;
    }
    if (size < least - 0.01) {
      found.push(`${el.tagName} ${size.toFixed(1)}px "${node.textContent.trim().slice(0, 30)}"`);
    }
  }
  return found;
}"""

WHOLE_PICTURE = """() => {
  // How many pixels of the board picture lie outside the board's box (0: all of it shows).
  const svg = document.querySelector('#board svg');
  const box = svg.getBBox();
  const m = svg.getScreenCTM();
  const board = document.getElementById('board').getBoundingClientRect();
  const xs = [box.x, box.x + box.width].map(x => m.a * x + m.e);
  const ys = [box.y, box.y + box.height].map(y => m.d * y + m.f);
  return Math.max(0, board.left - Math.min(...xs), Math.max(...xs) - board.right,
                  board.top - Math.min(...ys), Math.max(...ys) - board.bottom);
}"""

HAND = """() => {
  // Where the picture of the hand is against the window (null: none on the page).
  const el = document.querySelector('svg[data-hand]');
  if (!el || !el.getClientRects().length) return null;
  const r = el.getBoundingClientRect();
  return {left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: innerWidth,
          height: innerHeight};
}"""


def targets_outside(page) -> list[str]:
    """The legal targets of the current step (by key) not wholly inside the board's box."""
    found = page.evaluate(TARGETS)
    board = found["board"]
    return [f"{'|'.join(t['keys'])} {[round(t[side]) for side in board]}"
            for t in found["targets"]
            if t["left"] < board["left"] - 1 or t["top"] < board["top"] - 1
            or t["right"] > board["right"] + 1 or t["bottom"] > board["bottom"] + 1]


def small_targets(page, least: float = TAP_PX) -> list[str]:
    """The legal targets of the current step (by key) drawn narrower or lower than ``least``
    pixels."""
    return [f"{'|'.join(t['keys'])} {t['right'] - t['left']:.0f}x{t['bottom'] - t['top']:.0f}"
            for t in page.evaluate(TARGETS)["targets"]
            if min(t["right"] - t["left"], t["bottom"] - t["top"]) < least - 0.5]


def target_count(page) -> int:
    return len(page.evaluate(TARGETS)["targets"])


def small_words(page, least: float = READABLE_PX) -> list[str]:
    return page.evaluate(SMALL_WORDS, least)


def picture_overflow(page) -> float:
    return page.evaluate(WHOLE_PICTURE)


def hand_box(page) -> dict | None:
    return page.evaluate(HAND)


def hand_in_window(page) -> bool:
    hand = hand_box(page)
    return hand is not None and hand["left"] >= -1 and hand["top"] >= -1 \
        and hand["right"] <= hand["width"] + 1 and hand["bottom"] <= hand["height"] + 1


def overlaps(a: dict, b: dict) -> bool:
    return a["x"] < b["x"] + b["width"] and b["x"] < a["x"] + a["width"] \
        and a["y"] < b["y"] + b["height"] and b["y"] < a["y"] + a["height"]
