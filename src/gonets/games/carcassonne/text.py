"""Terminal pictures of a view: the map with coordinates, the tile in hand in every rotation,
scores and messenger positions, followers, remaining tiles; and readable action/event lines."""

from __future__ import annotations

from collections.abc import Sequence

from gonets.games.carcassonne.notation import FIGURES
from gonets.games.carcassonne.rules.phases import MESSAGE_NAMES
from gonets.games.carcassonne.rules.tiles import (
    CITY,
    HALVES,
    KIND_NAMES,
    MONASTERY,
    ROAD,
    SIDES,
    TILE_TYPES,
)
from gonets.games.carcassonne.rules.track import SPACES, figures_on_track, has_messenger

COLOURS = ("yellow", "red", "green", "blue", "black", "grey")   # rule M29
CELL_W = 7


def tile_block(letter: str, rot: int, centre: str = "") -> list[str]:
    """Three text lines (7 characters wide) drawing a tile from its feature data."""
    tile = TILE_TYPES[letter].rotations[rot]
    e = tile.edges
    top = {"C": "#####", "R": "  |  ", "F": "     "}[e[0]]
    bottom = {"C": "#####", "R": "  |  ", "F": "     "}[e[2]]
    left = {"C": "#", "R": "-", "F": " "}[e[3]]
    right = {"C": "#", "R": "-", "F": " "}[e[1]]
    middle = centre or (letter + ("+" if tile.monastery >= 0 else "") + ("*" if tile.arms else ""))
    return [f"+{top}+", f"{left}{middle:^5}{right}", f"+{bottom}+"]


def _follower_marks(view: dict) -> dict[tuple[int, int], str]:
    marks = {}
    for player, slots in enumerate(view["slots"]):
        for where in slots:
            if where is not None:
                x, y, segment = where
                marks[(x, y)] = (player, segment)
    board = {(x, y): (letter, rot) for letter, x, y, rot in view["board"]}
    out = {}
    for cell, (player, segment) in marks.items():
        letter, rot = board[cell]
        seg = TILE_TYPES[letter].rotations[rot].segments[segment]
        out[cell] = f"p{player + 1}{KIND_NAMES[seg.kind][0]}"
    return out


def render_map(view: dict) -> str:
    board = {(x, y): (letter, rot) for letter, x, y, rot in view["board"]}
    candidates = set()
    for text in view.get("legal", []):
        if text.startswith("place "):
            x, y = text.split()[-2].split(",")
            candidates.add((int(x), int(y)))
    cells = set(board) | candidates
    xs = [x for x, _ in cells]
    ys = [y for _, y in cells]
    marks = _follower_marks(view)
    last = tuple(view["board"][view["placed"]][1:3]) if view.get("placed", -1) >= 0 else None
    lines = ["      " + "".join(f"{x:^{CELL_W}}" for x in range(min(xs), max(xs) + 1))]
    for y in range(max(ys), min(ys) - 1, -1):
        rows = ["", "", ""]
        for x in range(min(xs), max(xs) + 1):
            if (x, y) in board:
                letter, rot = board[(x, y)]
                centre = ""
                if (x, y) in marks:
                    centre = f"{letter}{marks[(x, y)]}"
                elif (x, y) == last:
                    centre = f"[{letter}]"
                block = tile_block(letter, rot, centre)
            elif (x, y) in candidates:
                block = ["  . .  ", f"{x},{y}".center(CELL_W), "  . .  "]
            else:
                block = [" " * CELL_W] * 3
            for i in range(3):
                rows[i] += block[i]
        lines.append(f"{'':>5} " + rows[0])
        lines.append(f"{y:>5} " + rows[1])
        lines.append(f"{'':>5} " + rows[2])
    return "\n".join(lines)


def render_hand(view: dict) -> str:
    letter = view.get("hand")
    if not letter:
        return ""
    tile = TILE_TYPES[letter]
    blocks = [tile_block(letter, rot) for rot in tile.unique_rotations]
    labels = "".join(f"{'r' + str(rot * 90):^{CELL_W + 2}}" for rot in tile.unique_rotations)
    rows = ["  ".join(block[i] for block in blocks) for i in range(3)]
    return f"Tile in hand: {letter}\n" + "\n".join(rows) + "\n" + labels


def render_scores(view: dict) -> str:
    lines = []
    for player in range(view["players"]):
        meeple, messenger = view["scores"][player]
        figures = (f"total {meeple}" if view["merged"] or "messengers" not in view["options"]
                   or not view["options"].get("messengers") else
                   f"meeple {meeple:>3} (space {meeple % 50:>2})  messenger {messenger:>3} "
                   f"(space {messenger % 50:>2})  total {meeple + messenger}")
        marker = ">" if player == view["active"] else " "
        lines.append(f"{marker} p{player + 1} {COLOURS[player]:<6} {figures}  "
                     f"followers in supply {view['supply'][player]}")
    return "\n".join(lines)


def render_track(view: dict) -> str:
    """The scoring track, one row per player: spaces 0-49 with the dark ones marked ':' and
    the player's scoring meeple 'M' and messenger 'm' ('*' when both share a space)."""
    both = has_messenger(view)
    legend = "M scoring meeple, m messenger, * both" if both else "M scoring meeple"
    lines = [f"Scoring track (space = total mod 50; ':' dark space, '.' light; {legend}):",
             " " * 8 + "".join(f"{space:<5}" for space in range(0, SPACES, 5))]
    figures = figures_on_track(view)
    for player in range(view["players"]):
        row = [":" if space % 5 == 0 else "." for space in range(SPACES)]
        notes = []
        for fig in (f for f in figures if f["player"] == player):
            mark = "M" if fig["figure"] == "meeple" else "m"
            space = fig["space"]
            row[space] = "*" if row[space] in "Mm" else mark
            lap = f" lap {fig['lap'] + 1}" if fig["lap"] else ""
            dark = " dark" if fig["dark"] else ""
            notes.append(f"{mark} {fig['total']} (space {space}{lap}{dark})")
        lines.append(f"  p{player + 1}    {''.join(row)}  {'  '.join(notes)}")
    return "\n".join(lines)


def _landing_line(view: dict, event: dict) -> str:
    """Where each figure of the deciding player would land with the next points."""
    player, points = event["player"], event["points"]
    spots = []
    for index, name in enumerate(FIGURES):
        total = view["scores"][player][index] + points
        dark = ", dark" if total % 5 == 0 else ""
        spots.append(f"{name} to {total} (space {total % SPACES}{dark})")
    return f"p{player + 1} can move the " + " or the ".join(spots)


def render_followers(view: dict) -> str:
    parts = []
    board = {(x, y): (letter, rot) for letter, x, y, rot in view["board"]}
    for player, slots in enumerate(view["slots"]):
        for where in slots:
            if where is not None:
                x, y, segment = where
                letter, rot = board[(x, y)]
                label = TILE_TYPES[letter].rotations[rot].segments[segment].label
                parts.append(f"p{player + 1} {label} at {x},{y}")
    return "Followers on the map: " + ("; ".join(parts) if parts else "none")


def render_remaining(view: dict) -> str:
    counts = " ".join(f"{k}{v}" for k, v in view["remaining"].items() if v)
    return f"Pile: {view['pile_size']} tiles ({counts})"


def render_messages(view: dict) -> str:
    info = view["messages"]
    if not view["options"].get("messengers"):
        return ""
    text = f"Messages drawn: {info['draws']}; never seen: {info['unseen']}"
    if info["known"]:
        text += "; known order under the stack: " + ", ".join(str(m) for m in info["known"])
    if info["current"]:
        text += f"; on the table: {info['current']} ({MESSAGE_NAMES[info['current']]})"
    return text


def render_text(view: dict, lang: str = "en") -> str:
    parts = [render_map(view), render_hand(view), render_scores(view), render_track(view),
             render_followers(view),
             render_remaining(view), render_messages(view)]
    decision = view.get("decision")
    if decision:
        parts.append(f"Waiting for p{decision['player'] + 1}: {decision['kind']}")
        pending = view["round"]["events"][view["round"]["next"]:]
        if decision["kind"] == "figure" and pending:
            parts.append("Points to place: " + ", ".join(
                f"p{e['player'] + 1} {e['points']} ({e['source']})" for e in pending))
            parts.append(_landing_line(view, pending[0]))
    if view.get("terminal"):
        parts.append("Final totals: " + ", ".join(
            f"p{i + 1} {t}" for i, t in enumerate(view["totals"])))
    return "\n".join(p for p in parts if p)


def _segment_phrase(letter: str, rot: int, segment: int) -> str:
    seg = TILE_TYPES[letter].rotations[rot].segments[segment]
    if seg.kind == MONASTERY:
        return "the monastery"
    if seg.kind in (ROAD, CITY):
        sides = ",".join(SIDES[s] for s in seg.sides)
        return f"the {KIND_NAMES[seg.kind]} leaving {sides}"
    return "the field along " + ",".join(HALVES[h] for h in seg.halves)


def describe_action(view: dict, text: str, lang: str = "en") -> str:
    words = text.split()
    head = words[0]
    if head == "place":
        rot = words[-1][1:]
        return f"Place tile {view.get('hand')} at {words[-2]} turned {rot} degrees clockwise"
    if head in ("highwayman", "knight", "farmer", "monk") and view.get("placed", -1) >= 0:
        letter, x, y, rot = view["board"][view["placed"]]
        tile = TILE_TYPES[letter].rotations[rot]
        for index, seg in enumerate(tile.segments):
            if seg.label == text:
                return f"Put a {head} on {_segment_phrase(letter, rot, index)} of tile {x},{y}"
    if head == "pass":
        return "Place no follower"
    if head == "figure":
        rnd = view["round"]
        event = rnd["events"][rnd["next"]] if rnd["next"] < len(rnd["events"]) else None
        if event:
            figure = FIGURES.index(words[1])
            new = view["scores"][event["player"]][figure] + event["points"]
            dark = " (dark space)" if new % 5 == 0 else ""
            return f"Move the {words[1]} {event['points']} points to {new}{dark}"
    if head == "message":
        number = view["messages"]["current"]
        if words[1] == "seal":
            return "Take the seal: 2 points"
        return f"Carry out message {number}: {MESSAGE_NAMES.get(number, '')}"
    if head == "recall":
        return f"Message 8: score and take back your {' '.join(words[2:])} at {words[1]}"
    if head == "chain":
        return "Draw another message" if words[1] == "draw" else "Draw no more messages"
    return text


def describe_event(event: dict, lang: str = "en", viewer: int | None = None,
                   names: Sequence[str] | None = None) -> str:
    kind = event.get("type")
    who = f"p{event['player'] + 1}" if "player" in event else ""
    forced = " (forced)" if event.get("forced") else ""
    if kind == "draw":
        extra = " for message 4" if event.get("part") == "extra" else ""
        return f"{who} draws tile {event['tile']}{extra}"
    if kind == "place":
        return f"{who} places {event['tile']} at {event['x']},{event['y']} r{event['rot']}{forced}"
    if kind == "follower":
        return f"{who} puts a {event['as']} on {event['x']},{event['y']}"
    if kind == "no_follower":
        return f"{who} places no follower"
    if kind == "discard":
        return f"{who} discards unplaceable tile {event['tile']}"
    if kind == "under":
        return f"{who} puts unplaceable tile {event['tile']} under the pile"
    if kind == "discard_rest":
        return f"no remaining tile fits: {' '.join(event['tiles'])} leave the game"
    if kind in ("score", "final"):
        holders = ", ".join(f"p{p + 1}" for p in event["holders"]) or "nobody"
        arms = f", {event['arms']} coats of arms" if event.get("arms") else ""
        when = "final: " if kind == "final" else ""
        return (f"{when}{event['feature']} at {event['x']},{event['y']} ({event['tiles']} tiles"
                f"{arms}) -> {event['points']} points to {holders} [{event['rule']}]")
    if kind == "figure":
        source = event.get("source", "")
        if "at" in event:
            source += " at {},{}".format(*event["at"][:2])
        source = f" for the {source}" if source else ""
        return (f"{who} moves the {event['figure']} {event['points']} points{source} to "
                f"{event['total']}{forced}")
    if kind == "trigger":
        return f"{who} stands on a dark space ({', '.join(event['figures'])}): a message"
    if kind == "message":
        return f"{who} draws message {event['number']} ({event['name']})"
    if kind == "message_result":
        return (f"{who} takes the {event['option']} of message {event['number']}: "
                f"{event['points']} points{forced}")
    if kind == "chain":
        return f"{who} {'draws another message' if event['draw'] else 'stops the chain'}"
    if kind == "extra_failed":
        return f"{who}: the pile ran out, message 4 gives nothing"
    if kind == "merge":
        return "figures merged: " + ", ".join(f"p{i + 1} {t}" for i, t in
                                              enumerate(event["totals"]))
    if kind == "end":
        return "game over: " + ", ".join(f"p{i + 1} {t}" for i, t in enumerate(event["totals"]))
    return str(event)
