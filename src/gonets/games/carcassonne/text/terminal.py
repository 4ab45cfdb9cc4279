"""The terminal's words of Carcassonne: the picture of a view and the menu lines.

The picture: the map with coordinates (a terminal player types them), the tile in hand in
every rotation, scores and the scoring track, followers, remaining tiles, the message stack.
The menu lines: one per legal action, written for the viewing seat. Every phrase comes from
the catalogues ``data/phrases.<lang>.json``.
"""

from __future__ import annotations

from gonets.games.carcassonne.notation import FIGURES
from gonets.games.carcassonne.rules.tiles import CITY, KIND_NAMES, MONASTERY, ROAD, TILE_TYPES
from gonets.games.carcassonne.rules.track import SPACES, figures_on_track, has_messenger
from gonets.games.carcassonne.text.log import source_phrase
from gonets.games.carcassonne.text.words import count, phrases

CELL_W = 7


def _label(label: str, lang: str, case: str = "acc") -> str:
    """A follower label (``knight 1``) as the object of a sentence (``рыцаря 1``) or, with
    ``case="nom"``, as its subject (``рыцарь 1``)."""
    head, _, number = label.partition(" ")
    word = phrases(lang)[f"followers_{case}"].get(head, head)
    return f"{word} {number}" if number else word


def _xy(x: int, y: int) -> str:
    return f"{x},{y}"


# -- the picture ---------------------------------------------------------------------------------
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
    board = {(x, y): (letter, rot) for letter, x, y, rot in view["board"]}
    out = {}
    for player, slots in enumerate(view["slots"]):
        for where in slots:
            if where is not None:
                x, y, segment = where
                letter, rot = board[(x, y)]
                seg = TILE_TYPES[letter].rotations[rot].segments[segment]
                out[(x, y)] = f"p{player + 1}{KIND_NAMES[seg.kind][0]}"
    return out


def render_map(view: dict) -> str:
    """The map, three text lines per row of tiles, candidate cells with their coordinates."""
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


def render_hand(view: dict, lang: str = "en") -> str:
    """The tile in hand in each of its distinct rotations."""
    letter = view.get("hand")
    if not letter:
        return ""
    tile = TILE_TYPES[letter]
    blocks = [tile_block(letter, rot) for rot in tile.unique_rotations]
    labels = "".join(f"{'r' + str(rot * 90):^{CELL_W + 2}}" for rot in tile.unique_rotations)
    rows = ["  ".join(block[i] for block in blocks) for i in range(3)]
    head = phrases(lang)["picture"]["hand"].format(tile=letter)
    return head + "\n" + "\n".join(rows) + "\n" + labels


def render_scores(view: dict, lang: str = "en") -> str:
    """One line per player: colour, both figures (or the total), followers in supply."""
    words = phrases(lang)["picture"]
    lines = []
    for player in range(view["players"]):
        meeple, messenger = view["scores"][player]
        if has_messenger(view):
            figures = words["score_figures"].format(
                meeple=meeple, meeple_space=meeple % SPACES, messenger=messenger,
                messenger_space=messenger % SPACES, total=meeple + messenger)
        else:
            figures = words["score_total"].format(total=meeple + messenger)
        marker = ">" if player == view["active"] else " "
        lines.append(words["score_line"].format(
            marker=marker, who=f"p{player + 1}", colour=words["colours"][player],
            figures=figures, supply=view["supply"][player]))
    return "\n".join(lines)


def render_track(view: dict, lang: str = "en") -> str:
    """The scoring track, one row per player: spaces 0-49 with the dark ones marked ':' and
    the player's scoring meeple 'M' and messenger 'm' ('*' when both share a space)."""
    words = phrases(lang)["picture"]
    legend = words["legend_both"] if has_messenger(view) else words["legend_meeple"]
    lines = [words["track"].format(legend=legend),
             " " * 8 + "".join(f"{space:<5}" for space in range(0, SPACES, 5))]
    figures = figures_on_track(view)
    for player in range(view["players"]):
        row = [":" if space % 5 == 0 else "." for space in range(SPACES)]
        notes = []
        for fig in (f for f in figures if f["player"] == player):
            mark = "M" if fig["figure"] == "meeple" else "m"
            space = fig["space"]
            row[space] = "*" if row[space] in "Mm" else mark
            lap = words["lap"].format(lap=fig["lap"] + 1) if fig["lap"] else ""
            dark = words["dark"] if fig["dark"] else ""
            notes.append(words["track_note"].format(mark=mark, total=fig["total"], space=space,
                                                    lap=lap, dark=dark))
        lines.append(f"  p{player + 1}    {''.join(row)}  {'  '.join(notes)}")
    return "\n".join(lines)


def _landing_line(view: dict, event: dict, lang: str) -> str:
    """Where each figure of the deciding player would land with the next points."""
    words = phrases(lang)["picture"]
    player, points = event["player"], event["points"]
    spots = []
    for index, name in enumerate(FIGURES):
        total = view["scores"][player][index] + points
        dark = words["landing_dark"] if total % 5 == 0 else ""
        spots.append(words["landing_spot"].format(
            figure=phrases(lang)["figures_acc"][name], total=total, space=total % SPACES,
            dark=dark))
    return words["landing"].format(who=f"p{player + 1}", spots=words["landing_or"].join(spots))


def render_followers(view: dict, lang: str = "en") -> str:
    """Every follower on the map with its owner and place."""
    words = phrases(lang)["picture"]
    parts = []
    board = {(x, y): (letter, rot) for letter, x, y, rot in view["board"]}
    for player, slots in enumerate(view["slots"]):
        for where in slots:
            if where is not None:
                x, y, segment = where
                letter, rot = board[(x, y)]
                label = TILE_TYPES[letter].rotations[rot].segments[segment].label
                parts.append(words["follower_at"].format(who=f"p{player + 1}",
                                                         label=_label(label, lang, "nom"),
                                                         xy=_xy(x, y)))
    return words["followers"].format(list="; ".join(parts) if parts else words["none"])


def render_remaining(view: dict, lang: str = "en") -> str:
    """The pile's size and the remaining tiles per type."""
    counts = " ".join(f"{k}{v}" for k, v in view["remaining"].items() if v)
    return phrases(lang)["picture"]["pile"].format(size=count(view["pile_size"], "tile", lang),
                                                   counts=counts)


def render_messages(view: dict, lang: str = "en") -> str:
    """What is known of the message stack (nothing without The Messengers)."""
    if not view["options"].get("messengers"):
        return ""
    info = view["messages"]
    words = phrases(lang)["picture"]
    text = words["messages"].format(draws=info["draws"], unseen=info["unseen"])
    if info["known"]:
        text += words["messages_known"].format(known=", ".join(str(m) for m in info["known"]))
    if info["current"]:
        text += words["messages_current"].format(
            number=info["current"], name=phrases(lang)["messages"][str(info["current"])])
    return text


def render_text(view: dict, lang: str = "en") -> str:
    """The whole terminal picture of a view."""
    words = phrases(lang)["picture"]
    parts = [render_map(view), render_hand(view, lang), render_scores(view, lang),
             render_track(view, lang), render_followers(view, lang),
             render_remaining(view, lang), render_messages(view, lang)]
    decision = view.get("decision")
    if decision:
        parts.append(words["waiting"].format(who=f"p{decision['player'] + 1}",
                                             kind=words["kinds"][decision["kind"]]))
        pending = view["round"]["events"][view["round"]["next"]:]
        if decision["kind"] == "figure" and pending:
            parts.append(words["points_to_place"].format(list=", ".join(
                words["pending"].format(who=f"p{e['player'] + 1}", points=e["points"],
                                        source=source_phrase(e["source"], lang, table="kinds"))
                for e in pending)))
            parts.append(_landing_line(view, pending[0], lang))
    if view.get("terminal"):
        parts.append(words["final"].format(totals=", ".join(
            f"p{i + 1} {t}" for i, t in enumerate(view["totals"]))))
    return "\n".join(p for p in parts if p)


# -- menu lines ----------------------------------------------------------------------------------
def _segment_phrase(letter: str, rot: int, segment: int, lang: str) -> str:
    words = phrases(lang)
    seg = TILE_TYPES[letter].rotations[rot].segments[segment]
    if seg.kind == MONASTERY:
        return words["actions"]["segment_monastery"]
    if seg.kind in (ROAD, CITY):
        sides = ",".join(words["sides"][s] for s in seg.sides)
        return words["actions"]["segment_feature"].format(
            kind=words["kinds_acc"][KIND_NAMES[seg.kind]], sides=sides)
    halves = ",".join(words["halves"][h] for h in seg.halves)
    return words["actions"]["segment_field"].format(halves=halves)


def describe_action(view: dict, text: str, lang: str = "en") -> str:
    """A menu line for one legal action of the view's seat."""
    words = phrases(lang)
    say = words["actions"]
    parts = text.split()
    head = parts[0]
    if head == "place":
        return say["place"].format(tile=view.get("hand"), xy=parts[-2], deg=parts[-1][1:])
    if head in ("highwayman", "knight", "farmer", "monk") and view.get("placed", -1) >= 0:
        letter, x, y, rot = view["board"][view["placed"]]
        tile = TILE_TYPES[letter].rotations[rot]
        for index, seg in enumerate(tile.segments):
            if seg.label == text:
                return say["follower"].format(follower=words["followers_acc"][head],
                                              segment=_segment_phrase(letter, rot, index, lang),
                                              xy=_xy(x, y))
    if head == "pass":
        return say["pass"]
    if head == "figure":
        rnd = view["round"]
        event = rnd["events"][rnd["next"]] if rnd["next"] < len(rnd["events"]) else None
        if event:
            figure = FIGURES.index(parts[1])
            new = view["scores"][event["player"]][figure] + event["points"]
            return say["figure"].format(figure=words["figures_acc"][parts[1]],
                                        points=count(event["points"], "point", lang),
                                        total=new, dark=say["dark"] if new % 5 == 0 else "")
    if head == "message":
        number = view["messages"]["current"]
        if parts[1] == "seal":
            return say["seal"]
        return say["message"].format(number=number, name=words["messages"].get(str(number), ""))
    if head == "recall":
        return say["recall"].format(label=_label(" ".join(parts[2:]), lang), xy=parts[1])
    if head == "chain":
        return say["chain_draw"] if parts[1] == "draw" else say["chain_stop"]
    return text


