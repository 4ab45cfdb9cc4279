"""Every refusal a person reads comes in the page's language: each one the server sends
carries a code the page's catalogues word (``error.<code>``), naming a form's field as the
form labels it and a seat as the page shows it; where the server words a refusal itself
(a page it makes, a request that named its language) it uses the same words. The English
``error``/``message`` that API scripts read stays as it was."""

from __future__ import annotations

import ast
import json
import re
from importlib import resources
from pathlib import Path

import pytest

from gonets.core import games
from gonets.server.limits import ClientLimits, Limits
from gonets.server.spec import TableError, error_fields, parse_spec

WEB = Path(str(resources.files("gonets") / "web"))
SERVER = Path(str(resources.files("gonets") / "server"))
PLACEHOLDER = re.compile(r"\{(\w+)\}")
NAMED = ("name", "table", "char")       # params that are names somebody gave: not words


def catalogue(lang: str) -> dict[str, str]:
    """The page's words in ``lang``, English where it has none (the page's ``t``)."""
    words = json.loads((WEB / "i18n" / "en.json").read_text(encoding="utf-8"))
    words.update(json.loads((WEB / "i18n" / f"{lang}.json").read_text(encoding="utf-8")))
    return words


def page_text(lang: str, fields: dict, game: str | None = None, labels: bool = True) -> str:
    """What a page in ``lang`` shows for a refusal, worded here as the pages' scripts do it:
    ``error.<code>`` with its params; with ``labels`` (the lobby, the account pages) a
    ``field`` by ``field.<name>`` and a rule ``option`` by its label in the lobby's
    catalogue; the server's message where the code has no words (table.js: no labels)."""
    words = catalogue(lang)
    key = f"error.{fields.get('code')}"
    if key not in words:
        return fields.get("message") or fields.get("error") or ""
    params = dict(fields.get("params") or {})
    if labels and f"field.{params.get('field')}" in words:
        params["field"] = words[f"field.{params['field']}"]
    if labels and params.get("option") and game:
        said = games()[game].option_words(lang)["options"].get(params["option"], {})
        params["field"] = said.get("label", params["option"])
        if params.get("part") is not None:              # lobby.js optionName, partLabel
            part = str(params["part"])
            part = said["part"].replace("{key}", part) if said.get("part") else part
            params["field"] = PLACEHOLDER.sub(lambda m: {"field": params["field"],
                                                         "part": part}[m.group(1)],
                                              words["lobby.field_part"])
    return PLACEHOLDER.sub(lambda m: str(params.get(m.group(1), m.group(0))), words[key])


def english_left(text: str, fields: dict) -> list[str]:
    """The Latin words of a Russian text, less the names somebody gave and numbers."""
    for key in NAMED:
        value = (fields.get("params") or {}).get(key)
        if isinstance(value, str) and value:
            text = text.replace(value, "")
    return re.findall(r"[A-Za-z]+", text)


def assert_worded(fields: dict, game: str | None = None, labels: bool = True) -> None:
    """Russian words without English ones; English words without Russian ones or gaps."""
    russian = page_text("ru", fields, game, labels)
    assert english_left(russian, fields) == [], (fields, russian)
    assert re.search("[а-яА-Я]", russian), (fields, russian)
    english = page_text("en", fields, game, labels)
    assert not re.search("[а-яА-Я{}]", english), (fields, english)


# -- every refusal in the code has a code the pages word -----------------------------------
def refusals_in_the_code() -> list[tuple[str, int, str | None, set[str], bool]]:
    """Each ``TableError(...)`` and ``error(...)`` of the server: file, line, its code (None
    when it gives none), the params it names and whether it passes more (``**params``)."""
    found = []
    for path in sorted(SERVER.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in ("TableError", "error")):
                continue
            place = 1 if node.func.id == "TableError" else 2
            code = node.args[place] if len(node.args) > place else next(
                (k.value for k in node.keywords if k.arg == "code"), None)
            literal = code.value if isinstance(code, ast.Constant) else None
            if code is not None and literal is None:
                continue                   # passes on a code it was given (cluster, http)
            found.append((path.name, node.lineno, literal,
                          {k.arg for k in node.keywords if k.arg},
                          any(k.arg is None for k in node.keywords)))
    return found


def test_every_refusal_of_the_server_has_a_code_worded_with_the_params_it_gives():
    found = refusals_in_the_code()
    assert len(found) > 100                                    # the scan finds them
    assert [(f, line) for f, line, code, _, _ in found if code is None] == []
    for lang in ("en", "ru"):
        words = catalogue(lang)
        for name, line, code, params, more in found:
            text = words.get(f"error.{code}")
            assert text is not None, (name, line, code, lang)
            given = params | ({"field"} if "option" in params else set())
            assert more or set(PLACEHOLDER.findall(text)) <= given, (name, line, code, lang)


# -- the lobby form's refusals ---------------------------------------------------------------
TOY_SEATS = [{"kind": "human"}, {"kind": "human"}]
SPECS = {
    "bad_request": [],
    "bad_field": {"players": 2},
    "no_game": {"game": "nogame", "players": 2},
    "not_whole": {"game": "loveletter", "players": "two"},
    "bad_value": {"game": "loveletter", "players": 2, "preset": "nope"},
    "unknown_option": {"game": "loveletter", "players": 2, "options": {"nope": 1}},
    "bad_players": {"game": "loveletter", "players": 12},
    "option_range": {"game": "loveletter", "players": 2, "options": {"tokens_to_win": {"2": 99}}},
    "option_value": {"game": "loveletter", "players": 2, "options": {"card_set": "nope"}},
    "bad_rules": {"game": "babayaga", "players": 2, "options": {"mode": "solo"}},
    "bad_seats": {"game": "loveletter", "players": 2, "seats": [{"kind": "human"}]},
    "bad_seat": {"game": "loveletter", "players": 2, "seats": [{"kind": "human"}, "bot"]},
    "unknown_bot": {"game": "loveletter", "players": 2,
                    "seats": [{"kind": "human"}, {"kind": "bot", "agent": "nobot"}]},
    "bot_above_max_level": {"game": "loveletter", "players": 2,
                            "seats": [{"kind": "human"}, {"kind": "bot", "agent": "expert"}]},
    "bad_number": {"game": "loveletter", "players": 2, "bot_delay": 99},
    "seed_refused": {"game": "loveletter", "players": 2, "seed": 5},
    "creator_seat": {"game": "loveletter", "players": 2, "seat": 7},
    "not_flag": {"game": "loveletter", "players": 2, "hints": "yes"},
    "rated_no_bots": {"game": "loveletter", "players": 2, "rated": True,
                      "seats": [{"kind": "human"}, {"kind": "bot"}]},
    "hints_above_max_level": {"game": "loveletter", "players": 2, "hints": True},
    "rated_needs_timer": {"game": "loveletter", "players": 2, "rated": True},
    "bad_absent": {"game": "loveletter", "players": 2, "absent": "sleep"},
    "rated_absent_bot": {"game": "loveletter", "players": 2, "rated": True,
                         "turn_seconds": 60, "absent": "bot"},
    "absent_needs_timer": {"game": "loveletter", "players": 2, "absent": "end"},
    "bad_invite": {"game": "loveletter", "players": 2, "invite": "Bob"},
    "too_many_invites": {"game": "loveletter", "players": 2, "invite": ["Bob", "Cid"]},
}


@pytest.mark.parametrize("code", sorted(SPECS))
def test_each_refusal_of_the_lobby_form_reads_in_the_page_s_language(code):
    from gonets.words import refusal_text

    spec = SPECS[code]
    with pytest.raises(TableError) as refused:
        parse_spec(spec, 1.0, max_level="normal")
    fields = error_fields(refused.value)
    assert fields["code"] == code, fields
    game = spec.get("game") if isinstance(spec, dict) else None
    assert_worded(fields, game if game in games() else None)
    # the server words it the same way where it knows the language (a page it makes)
    assert refusal_text("ru", fields, games().get(game)) == page_text("ru", fields, game)


def test_a_field_and_a_seat_are_named_as_the_page_shows_them():
    def russian(spec: dict) -> str:
        with pytest.raises(TableError) as refused:
            parse_spec(spec, 1.0)
        return page_text("ru", error_fields(refused.value), spec["game"])

    assert russian(SPECS["bad_number"]).startswith(catalogue("ru")["field.bot_delay"] + ":")
    label = games()["loveletter"].option_words("ru")["options"]["tokens_to_win"]["label"]
    assert russian(SPECS["option_range"]).startswith(label + " — при 2 игроках:")
    badge = catalogue("ru")["seat.badge"].format(n=2)          # "игрок 2", as on the page
    assert russian(SPECS["bad_seat"]).lower().startswith(badge)
    assert russian(SPECS["unknown_bot"]).lower().startswith(badge)


def test_the_english_messages_api_scripts_read_are_as_before():
    expected = {
        "bad_seat": 'seat p2: give an object such as {"kind": "human"}',
        "not_whole": "'players' must be a whole number, not \"two\"",
        "unknown_bot": "seat p2: unknown bot 'nobot'; known bots: ",
        "seed_refused": "a chosen 'seed' is refused at a table with several human seats",
        "unknown_option": "loveletter has no option 'nope'; known options: tokens_to_win",
    }
    for code, start in expected.items():
        with pytest.raises(TableError) as refused:
            parse_spec(SPECS[code], 1.0)
        assert str(refused.value).startswith(start), (code, str(refused.value))


def test_the_limits_on_new_tables_are_worded_too():
    clients = ClientLimits(Limits(open_tables=1, open_tables_per_address=1,
                                  tables_per_minute=1))
    for open_ids, code in ((set(), "tables_rate"), ({"t1"}, "tables_full")):
        clients.created_table("1.2.3.4", "t0")
        with pytest.raises(TableError) as refused:
            clients.may_create("1.2.3.4", open_ids)
        assert refused.value.code == code
        assert_worded(error_fields(refused.value))
    clients = ClientLimits(Limits(open_tables=9, open_tables_per_address=1))
    clients.created_table("1.2.3.4", "t0")
    with pytest.raises(TableError) as refused:
        clients.may_create("1.2.3.4", {"t0"})
    assert refused.value.code == "too_many_tables"
    assert_worded(error_fields(refused.value))


# -- over the wire ---------------------------------------------------------------------------
def http_refusals(server) -> dict[str, dict]:
    """One refused request of each kind the pages send over HTTP, by what it shows."""
    http = server.http
    created = server.create(game="toy", players=2, seats=TOY_SEATS)
    table = created["id"]
    bots = server.create(game="toy", players=2, seats=[{"kind": "bot", "agent": "random"}] * 2)
    with server.client(bots["id"]) as watcher:
        watcher.until(lambda m: m["type"] == "state" and m["view"]["terminal"], timeout=60)
    return {
        "invalid JSON": http.post("/api/tables", content=b"{nope"),
        "too large": http.post("/api/tables", content=b" " * 70_000),
        "rated without an account": http.post("/api/tables", json={
            "game": "toy", "players": 2, "rated": True, "turn_seconds": 60}),
        "private without an account": http.post("/api/tables", json={
            "game": "toy", "players": 2, "private": True}),
        "bad list": http.get("/api/tables", params={"status": "lost"}),
        "bad offset": http.get("/api/tables", params={"offset": "x"}),
        "no table": http.get("/api/tables/nosuchtable"),
        "no address": http.get("/api/nothing/here"),
        "claim a taken seat": http.post(f"/api/tables/{table}/seats", json={"seat": 0}),
        "claim with a blank name": http.post(f"/api/tables/{table}/seats",
                                             json={"seat": 1, "name": "\u200b"}),
        "claim not an object": http.post(f"/api/tables/{table}/seats", json=[1]),
        "record too early": http.get(f"/api/tables/{table}/record"),
        "replay step": http.get(f"/api/tables/{bots['id']}/replay", params={"step": 999}),
        "replay seat": http.get(f"/api/tables/{bots['id']}/replay", params={"seat": 5}),
        "review seat": http.get(f"/api/tables/{bots['id']}/review", params={"seat": 5}),
        "help of no game": http.get("/api/games/nogame/help"),
        "sign up without a password": http.post("/api/account/signup", json={"name": "Ann"}),
        "short password": http.post("/api/account/signup",
                                    json={"name": "Ann", "password": "x"}),
        "bad e-mail": http.post("/api/account/signup", json={
            "name": "Ann", "password": "long enough", "email": "nope"}),
        "wrong password": http.post("/api/account/login",
                                    json={"name": "Nobody", "password": "whatever"}),
        "my tables, logged out": http.get("/api/me/tables"),
        "friends, logged out": http.post("/api/friends/request", json={"name": "Bob"}),
        "ladder class": http.get("/api/ladder/toy", params={"class": "7"}),
        "no CSRF token": http.post("/api/tables", json={}, headers={"X-CSRF-Token": ""}),
    }


def test_each_http_refusal_reads_in_the_page_s_language(server):
    for what, answer in http_refusals(server).items():
        assert answer.status_code >= 400, what
        body = answer.json()
        fields = {"message": body["error"], "code": body["code"], "params": body["params"]}
        assert fields["code"] not in ("refused", None), (what, body)
        assert_worded(fields)


def test_the_server_words_a_refusal_in_the_language_a_request_names(server):
    table = server.create(game="toy", players=2, seats=TOY_SEATS)["id"]
    english = server.http.get("/api/games/nogame/help").json()
    assert english["error"] == "there is no game 'nogame'"
    russian = server.http.get("/api/games/nogame/help", params={"lang": "ru"}).json()
    assert russian["code"] == "no_game" and russian["error"] == catalogue("ru")["error.no_game"]
    page = server.http.get(f"/table/{table}/review", params={"seat": 0, "lang": "ru"})
    assert page.status_code == 404
    assert catalogue("ru")["error.not_finished"] in page.text
    page = server.http.get(f"/table/{table}/review", params={"seat": 0})
    assert "the record is available once the game is over" in page.text


def test_each_websocket_refusal_reads_in_the_page_s_language(server):
    created = server.create(game="toy", players=2, seats=TOY_SEATS)
    tokens = server.seat_tokens(created)
    refusals = []
    with server.client(created["id"], join=False) as early:
        early.send({"type": "act", "action": "keep"})
        refusals.append(early.until(lambda m: m["type"] == "error"))
    with server.client(created["id"]) as watcher:
        watcher.until(lambda m: m["type"] == "welcome")
        for message in ("{nope", "[1]", {"type": "dance"}, {"type": "join"},
                        {"type": "act", "action": "keep"}, {"type": "chat", "text": " "},
                        {"type": "chat", "text": "x" * 5000}, {"type": "chat", "text": 5},
                        {"type": "chat_name", "name": "Robot bot"}):
            watcher.send(message if isinstance(message, str) else json.dumps(message))
            refusals.append(watcher.until(lambda m: m["type"] == "error"))
    ann = server.client(created["id"], tokens[0], name="Ann")
    bob = server.client(created["id"], tokens[1], name="Bob")
    for client in (ann, bob):
        client.until(lambda m: m["type"] == "state" and m["status"] == "running")
    for message in ({"type": "act", "action": 5}, {"type": "act", "action": "keep",
                                                   "version": 999},
                    {"type": "act", "action": "dance"}, {"type": "hint"},
                    {"type": "rematch"}, {"type": "name", "name": "Bob"}):
        ann.send(message)
        refusals.append(ann.until(lambda m: m["type"] == "error"))
    bob.send({"type": "act", "action": "keep"})
    refusals.append(bob.until(lambda m: m["type"] == "error"))
    ann.close()
    bob.close()
    codes = [refused["code"] for refused in refusals]
    assert "refused" not in codes and len(set(codes)) >= 14, codes
    for refused in refusals:
        assert_worded(refused, labels=False)           # table.js names no fields
