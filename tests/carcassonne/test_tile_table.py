"""tiles.json against the machine-friendly table of rules file 1.4, line by line.

The 24 lines below are the table's facts (letter, count, edges, cities, roads, fields with the
cities they border, flags), restated in the table's own format; every tile in the data file
must match its line exactly, so a transcription slip in any segment fails here.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import gonets.games.carcassonne as package

TABLE = """
A 2 FFRF | - | S | Nw.Ne.En.Es.Se.Sw.Ws.Wn>- | monastery
B 4 FFFF | - | - | Nw.Ne.En.Es.Se.Sw.Ws.Wn>- | monastery
C 1 CCCC | NESW | - | - | arms
D 4 CRFR | N | EW | Wn.En>0 ; Es.Se.Sw.Ws>- | start
E 5 CFFF | N | - | En.Es.Se.Sw.Ws.Wn>0 |
F 2 FCFC | EW | - | Nw.Ne>0 ; Se.Sw>0 | arms
G 1 FCFC | EW | - | Nw.Ne>0 ; Se.Sw>0 |
H 3 CFCF | N ; S | - | En.Es.Ws.Wn>0,1 |
I 2 CFFC | N ; W | - | En.Es.Se.Sw>0,1 |
J 3 CRRF | N | ES | En.Sw.Ws.Wn>0 ; Es.Se>- |
K 3 CFRR | N | SW | En.Es.Se.Wn>0 ; Sw.Ws>- |
L 3 CRRR | N | E ; S ; W | Wn.En>0 ; Es.Se>- ; Sw.Ws>- |
M 2 CCFF | NE | - | Se.Sw.Ws.Wn>0 | arms
N 3 CCFF | NE | - | Se.Sw.Ws.Wn>0 |
O 2 CRRC | NW | ES | En.Sw>0 ; Es.Se>- | arms
P 3 CRRC | NW | ES | En.Sw>0 ; Es.Se>- |
Q 1 CCFC | NEW | - | Se.Sw>0 | arms
R 3 CCFC | NEW | - | Se.Sw>0 |
S 2 CCRC | NEW | S | Se>0 ; Sw>0 | arms
T 1 CCRC | NEW | S | Se>0 ; Sw>0 |
U 8 RFRF | - | NS | Ne.En.Es.Se>- ; Sw.Ws.Wn.Nw>- |
V 9 FFRR | - | SW | Sw.Ws>- ; Wn.Nw.Ne.En.Es.Se>- |
W 4 FRRR | - | E ; S ; W | Wn.Nw.Ne.En>- ; Es.Se>- ; Sw.Ws>- |
X 1 RRRR | - | N ; E ; S ; W | Wn.Nw>- ; Ne.En>- ; Es.Se>- ; Sw.Ws>- |
"""

DATA = json.loads((Path(package.__file__).parent / "data" / "tiles.json").read_text())["tiles"]


def parse(line: str) -> tuple[str, dict]:
    head, cities, roads, fields, flags = (part.strip() for part in line.split("|"))
    letter, count, edges = head.split()

    def groups(text: str) -> list[set]:
        return [] if text == "-" else [set(g.strip()) for g in text.split(";")]

    field_list = []
    if fields != "-":
        for part in fields.split(";"):
            halves, borders = part.strip().split(">")
            field_list.append((set(halves.split(".")),
                               [] if borders == "-" else [int(c) for c in borders.split(",")]))
    return letter, {"count": int(count), "edges": edges, "cities": groups(cities),
                    "roads": groups(roads), "fields": field_list, "flags": set(flags.split())}


ROWS = dict(parse(line) for line in TABLE.strip().splitlines())


def test_the_table_has_all_24_types():
    assert sorted(ROWS) == sorted(DATA) and len(ROWS) == 24


@pytest.mark.parametrize("letter", sorted(ROWS))
def test_tile_matches_its_table_line(letter):
    row, data = ROWS[letter], DATA[letter]
    assert data["count"] == row["count"] and data["edges"] == row["edges"]
    assert [set(c) for c in data["cities"]] == row["cities"]
    assert [set(r) for r in data["roads"]] == row["roads"]
    fields = [(set(f["halves"]), sorted(f["cities"])) for f in data["fields"]]
    assert fields == row["fields"]
    assert data["monastery"] == ("monastery" in row["flags"])
    assert data["arms"] == ("arms" in row["flags"])
    assert data["start"] == ("start" in row["flags"])
