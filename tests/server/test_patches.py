"""Frames sent as patches: what changed since the frame a listener holds (``frames.py``).

A patch must rebuild exactly the frame the table built, whoever reads it and whenever they
joined; a patch of a frame the client does not hold is refused, never applied."""

from __future__ import annotations

import copy
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gonets.server.frames import FrameReader, frame_patch, patched

LEAVES = st.none() | st.booleans() | st.integers(-5, 5) | st.text(max_size=3)
JSON = st.recursive(LEAVES, lambda inner: st.lists(inner, max_size=4)
                    | st.dictionaries(st.text(max_size=2), inner, max_size=4), max_leaves=12)
FRAMES = st.dictionaries(st.sampled_from("abcdef"), JSON, max_size=6)


@st.composite
def grown(draw, frame):
    """``frame`` with some values changed, some lists grown, some keys gone or new."""
    new = copy.deepcopy(frame)
    for key in list(new):
        roll = draw(st.integers(0, 4))
        if roll == 0:
            del new[key]
        elif roll == 1:
            new[key] = draw(JSON)
        elif roll == 2 and isinstance(new[key], list):
            new[key] += draw(st.lists(JSON, min_size=1, max_size=3))
        elif roll == 3 and isinstance(new[key], dict):
            new[key] = {**new[key], **draw(FRAMES)}
    return {**new, **draw(st.dictionaries(st.sampled_from("ghij"), JSON, max_size=2))}


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_a_patch_rebuilds_the_new_frame_and_leaves_the_old_one_alone(data):
    old = data.draw(FRAMES)
    new = data.draw(grown(old))
    kept = copy.deepcopy(old)
    change = frame_patch(old, new)
    assert patched(old, change) == new
    assert old == kept
    assert json.loads(json.dumps(change)) == change       # it travels as JSON
    assert (change == {}) == (old == new)


def test_a_patch_carries_only_what_changed():
    old = {"log": ["a", "b"], "view": {"hand": ["guard"], "log": [1]}, "svg": "<svg/>",
           "gone": 1}
    new = {"log": ["a", "b", "c"], "view": {"hand": ["priest"], "log": [1, 2]},
           "svg": "<svg/>", "legal": []}
    assert frame_patch(old, new) == {
        "add": {"log": ["c"]},
        "in": {"view": {"set": {"hand": ["priest"]}, "add": {"log": [2]}}},
        "set": {"legal": []},
        "drop": ["gone"]}
    assert frame_patch(old, {**old, "log": ["b"]}) == {"set": {"log": ["b"]}}  # not a growth


def test_a_reader_refuses_a_patch_of_a_frame_it_does_not_hold():
    reader = FrameReader()
    with pytest.raises(ValueError, match="patch of frame 1 arrived at a client holding no frame"):
        reader.read({"type": "patch", "base": 1, "set": {"x": 1}})
    reader.read({"type": "state", "frame": 3, "x": 0})
    with pytest.raises(ValueError, match="patch of frame 2 .* holding frame 3"):
        reader.read({"type": "patch", "base": 2, "set": {"x": 1}})
    assert reader.read({"type": "patch", "base": 3, "set": {"frame": 4, "x": 1}}) == \
        {"type": "state", "frame": 4, "x": 1}
    assert reader.read({"type": "chat", "x": 9}) == {"type": "chat", "x": 9}


def test_listeners_rebuild_the_table_s_frames_from_patches_whenever_they_joined(server):
    """A Love Letter seat plays against a random bot with one spectator there from the start
    and one joining in the middle: after the first frame every frame arrives as a patch, and
    every rebuilt frame is the one the table built (checked against a frame built afresh)."""
    created = server.create(game="loveletter", players=2, seed=7,
                            seats=[{"kind": "human"}, {"kind": "bot", "agent": "random"}])
    table_id, token = created["id"], server.seat_tokens(created)[0]
    ann = server.client(table_id, token, name="Ann")
    early = server.client(table_id)
    rng, late, acted = random.Random(7), None, set()
    while True:
        frame = ann.state()
        if frame["view"]["terminal"]:
            break
        if late is None and frame["version"] >= 6:
            late = server.client(table_id)
        if frame["legal"] and frame["version"] not in acted:
            acted.add(frame["version"])
            ann.send({"type": "act", "action": rng.choice(frame["legal"])["text"],
                      "version": frame["version"]})
    assert late is not None, "the match ended before the late spectator joined"
    table = server.manager.tables[table_id]
    clients = ((ann, 0), (early, None), (late, None))
    finals = []
    for client, _ in clients:
        final = client.latest_state()
        if final is None or not final["view"]["terminal"]:
            final = client.until(lambda m: m["type"] == "state" and m["view"]["terminal"])
        finals.append(final)
    for (client, seat), final in zip(clients, finals):
        fresh = table.frame(seat, lang="en")
        assert {**final, "frame": None} == {**fresh, "frame": None}
        kinds = [json.loads(text)["type"] for text in client.raw]
        frames = [kind for kind in kinds if kind in ("state", "patch")]
        assert frames[0] == "state" and set(frames[1:]) == {"patch"}, frames
        assert len(frames) > 4
    for client, _ in clients:
        client.close()
