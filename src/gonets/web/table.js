// The table client: one seat's (or a spectator's) live view over a websocket, game-agnostic.
// The server sends whole frames (picture, legal actions, log, seats); this file only draws
// them, turns clicks into actions and reconnects by itself.
"use strict";

const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
const params = new URLSearchParams(location.hash.slice(1));
// A seat's secret comes in the URL fragment (never sent to the server in requests) and is
// kept in this browser once the server has accepted it, so reopening the table's plain
// address keeps the seat; a secret the server refuses is forgotten at once.
const seatKey = `gonets-seat:${tableId}`;
const utf8 = new TextDecoder();
let token = params.get("token") || localStorage.getItem(seatKey);
let takeBack = false;
const gonets = {frame: null, seat: null, pending: null, socket: null, retry: 0, refs: 0,
                errors: [], popups: new Set(), replay: {step: 0, steps: 0, seat: ""},
                stopped: false, joinRef: null, nameRef: null, chatRef: null, chatNameRef: null,
                reconnectAt: null, chat: []};
window.gonets = gonets;

function nameKey() { return `gonets-name:${tableId}`; }

// Keep a new secret (a claimed seat, or one taken back) in the fragment and this browser.
function adoptLink(link) {
  token = link.token;
  localStorage.setItem(seatKey, token);
  history.replaceState(null, "", `${location.pathname}${location.search}#token=${token}`);
}

// A secret the server refused: gone from this browser and from the address bar.
function forgetToken() {
  if (localStorage.getItem(seatKey) === token) localStorage.removeItem(seatKey);
  localStorage.removeItem(nameKey());
  token = null;
  history.replaceState(null, "", `${location.pathname}${location.search}`);
}

function setConnection(state, text) {
  const badge = document.getElementById("conn");
  badge.dataset.state = state;
  badge.className = `badge conn-${state}`;
  badge.textContent = text;
}

// A refusal in the page's language: the catalogue's words for its code, else the server's.
function errorText(error) {
  const key = `error.${error.code}`;
  if (error.code && hasMessage(key)) return t(key, error.params || {});
  return error.message || String(error);
}

function showError(message) {
  gonets.errors.push(message);
  const bar = document.getElementById("error");
  bar.textContent = message;
  bar.hidden = false;
  clearTimeout(showError.timer);
  showError.timer = setTimeout(() => { bar.hidden = true; }, 6000);
}

// A lasting message: what happened and what can be done now (buttons or links).
function showNotice(kind, text, actions) {
  const box = document.getElementById("notice");
  box.dataset.kind = kind;
  document.getElementById("notice-text").textContent = text;
  document.getElementById("notice-actions").replaceChildren(...(actions || []));
  box.hidden = false;
}

function hideNotice(kind) {
  const box = document.getElementById("notice");
  if (!kind || box.dataset.kind === kind) box.hidden = true;
}

function lobbyLink() {
  return h("a", {href: "/", class: "button", id: "notice-lobby"}, t("notice.lobby"));
}

function retryButton() {
  return h("button", {type: "button", id: "notice-retry", onclick: () => {
    hideNotice(); gonets.stopped = false; gonets.retry = 0; connect();
  }}, t("notice.retry"));
}

function send(message) {
  if (!gonets.socket || gonets.socket.readyState !== WebSocket.OPEN) {
    showError(t("conn.not_connected"));
    return null;
  }
  message.ref = `r${++gonets.refs}`;
  gonets.socket.send(JSON.stringify(message));
  return message.ref;
}

function act(action) {
  if (gonets.pending) return;   // one action at a time: a double click sends nothing twice
  hideMenu();
  const version = gonets.frame ? gonets.frame.version : null;
  gonets.pending = send({type: "act", action, version});
  document.body.classList.toggle("busy", !!gonets.pending);
}

function connect() {
  clearTimeout(connect.timer);
  gonets.reconnectAt = null;
  setConnection("connecting", t(gonets.retry ? "conn.reconnecting" : "conn.connecting"));
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}/ws/${encodeURIComponent(tableId)}`);
  gonets.socket = socket;
  socket.binaryType = "arraybuffer";     // protocol 2: UTF-8 JSON in binary messages
  socket.onopen = () => {
    const join = {type: "join", lang: i18n.lang, protocol: 2};
    if (token) {
      join.token = token;
      const saved = localStorage.getItem(nameKey());
      if (saved) join.name = saved;
      if (takeBack) join.take_back = true;
      takeBack = false;
    }
    gonets.joinRef = send(join);
  };
  socket.onmessage = event => receive(JSON.parse(
    typeof event.data === "string" ? event.data : utf8.decode(event.data)));
  socket.onclose = event => {
    if (gonets.socket !== socket) return;        // replaced on purpose
    gonets.pending = null;
    document.body.classList.remove("busy");
    if (gonets.stopped || event.code === 4404 || event.code === 4409) return;
    scheduleReconnect();
  };
}

// A frame whose log starts at entry log_from (the server sends what is new since the last
// frame): the earlier entries come from the frame this page holds. False when it holds too
// few (it cannot happen on one socket: a new one first gets a whole frame).
function withEarlierLog(message) {
  const held = gonets.frame;
  const start = message.log_from;
  if (!held || held.log.length < start || (held.view.log || []).length < start) return false;
  message.view.log = (held.view.log || []).slice(0, start).concat(message.view.log);
  message.log = held.log.slice(0, start).concat(message.log);
  message.log_refs = held.log_refs.slice(0, start).concat(message.log_refs);
  message.log_from = 0;                  // whole again
  return true;
}

// Replace the socket on purpose (a seat claimed, a stale link given up): no reconnecting.
function reconnectNow() {
  const old = gonets.socket;
  gonets.socket = null;
  if (old) old.close();
  gonets.stopped = false;
  i18nReady.then(connect);
}

// A lost connection: say so, count down to the next try, offer to try at once.
function scheduleReconnect() {
  const wait = Math.min(8000, 1000 * 2 ** gonets.retry++);
  gonets.reconnectAt = performance.now() + wait;
  setConnection("disconnected", t("conn.lost"));
  tickReconnect();
  connect.timer = setTimeout(connect, wait);
}

function tickReconnect() {
  if (gonets.reconnectAt === null) return;
  const seconds = Math.max(0, Math.ceil((gonets.reconnectAt - performance.now()) / 1000));
  const now = h("button", {type: "button", id: "notice-reconnect", onclick: connect},
                t("notice.reconnect_now"));
  if (document.getElementById("notice").dataset.kind === "lost" &&
      !document.getElementById("notice").hidden) {
    document.getElementById("notice-text").textContent = t("notice.lost", {seconds});
    return;
  }
  showNotice("lost", t("notice.lost", {seconds}), [now]);
}
setInterval(tickReconnect, 250);

function receive(message) {
  const handler = RECEIVERS[message.type];
  if (handler) handler(message);
}

const RECEIVERS = {
  welcome(message) {
    gonets.seat = message.seat;
    gonets.retry = 0;
    if (message.link) adoptLink(message.link);
    else if (token && message.seat !== null) localStorage.setItem(seatKey, token);
    document.getElementById("displaced").hidden = true;
    hideNotice("lost");
    setConnection("connected", t("conn.connected"));
    document.getElementById("whoami").textContent =
      message.seat === null ? t("table.spectator") : t("table.you_are", {seat: message.seat + 1});
    showNameForm(message.needs_name);
    document.getElementById("chat-name-form").hidden = message.seat !== null;
  },
  state(message) {
    if (message.log_from && !withEarlierLog(message)) { reconnectNow(); return; }
    gonets.frame = message;
    if (gonets.pending) { gonets.pending = null; document.body.classList.remove("busy"); }
    draw(message);
    drawPlatform(message);
  },
  error(message) {
    if (message.ref && message.ref === gonets.pending) {
      gonets.pending = null;
      document.body.classList.remove("busy");
    }
    if (message.fatal) { stopOn(message); return; }
    if (message.ref && message.ref === gonets.joinRef && message.code !== undefined &&
        !String(message.code).startsWith("name")) { joinRefused(message); return; }
    if (String(message.code || "").startsWith("name")) { nameRefused(message); return; }
    if (message.ref && message.ref === gonets.chatRef) { chatRefused(message); return; }
    if (String(message.code || "").startsWith("hint")) document.getElementById("hint-panel")?.remove();
    showError(errorText(message));
  },
  hint(message) {
    if (gonets.frame && message.version === gonets.frame.version) {
      showHint(gonets.frame, message.choices);
    }
  },
  presence(message) {
    if (!gonets.frame) return;
    const frame = gonets.frame;
    frame.seats.forEach((seat, index) => {
      seat.connected = message.connected[index];
      seat.free = message.free.includes(index) || undefined;
    });
    frame.spectators = message.spectators;
    drawSeats(frame);
    drawTurn(frame);
    drawClaim(frame);
  },
  displaced(message) { showDisplaced(message); },
  notice(message) { showError(errorText(message)); },
  ack(message) {
    if (message.ref === gonets.pending) {
      gonets.pending = null;
      document.body.classList.remove("busy");
    }
    if (message.ref === gonets.nameRef) nameAccepted();
    if (message.ref === gonets.chatRef) chatSent();
    if (message.ref === gonets.chatNameRef) chatNamed(message.name);
  },
  chat(message) { receiveChat(message); },
  rematch(message) { goToRematch(message); },
};

// The server will not have this page at all (no such table, too many connections): a lasting
// message with the way on; no reconnecting behind it.
function stopOn(message) {
  gonets.stopped = true;
  // no table: no board, players or chat that look as if they worked
  if (message.code === "no_table") document.querySelector("main.table-layout").hidden = true;
  setConnection("closed", t(message.code === "no_table" ? "conn.no_table" : "conn.closed"));
  const actions = message.code === "no_table" ? [lobbyLink()] : [retryButton(), lobbyLink()];
  showNotice(message.code || "closed", errorText(message), actions);
}

// The join was refused: a seat link that is wrong or stale (offer to watch instead), or a
// table that takes no more watchers now.
function joinRefused(message) {
  gonets.stopped = true;
  const socket = gonets.socket;
  gonets.socket = null;
  if (socket) socket.close();
  setConnection("closed", t("conn.closed"));
  if (message.code === "bad_token") {
    forgetToken();
    session().then(({user}) => {     // an account's seat is joined by its session instead
      if (user) reconnectNow(); else showBadToken();
    }, showBadToken);
    return;
  }
  showNotice(message.code || "refused", errorText(message), [retryButton(), lobbyLink()]);
}

// A refused seat link, seen by a visitor: watch the table, or go back to the lobby.
function showBadToken() {
  const watch = h("button", {type: "button", id: "notice-watch", onclick: () => {
    hideNotice(); reconnectNow();
  }}, t("notice.watch"));
  showNotice("bad_token", t("notice.bad_token"), [watch, lobbyLink()]);
}

// -- seats ----------------------------------------------------------------------------------------
// This seat was opened in another place: say so, and offer to take it back (with a new secret
// that shuts the other place out), unless the other place already did that to this link.
function showDisplaced(message) {
  gonets.stopped = true;
  document.getElementById("displaced-text").textContent = message.link_changed
    ? t("notice.link_changed") : t("notice.displaced");
  document.getElementById("take-back").hidden = message.link_changed;
  document.getElementById("displaced").hidden = false;
  if (message.link_changed) forgetToken();
}

document.getElementById("take-back").addEventListener("click", () => {
  document.getElementById("displaced").hidden = true;
  takeBack = true;
  reconnectNow();
});

// An invited visitor (no secret) sees the free seats and may take one under a name; seats
// kept for the players invited to a rematch are not offered.
function drawClaim(frame) {
  const form = document.getElementById("claim-form");
  const free = frame.seats.map((s, i) => s.free && !s.reserved ? i : null)
    .filter(i => i !== null);
  form.hidden = gonets.seat !== null || !free.length || frame.status === "finished";
  if (form.hidden) return;
  const select = document.getElementById("claim-seat");
  const chosen = select.value;
  select.replaceChildren(...free.map(i => h("option", {value: i, selected: String(i) === chosen},
                                            seatBadge(i))));
}

document.getElementById("claim-form").addEventListener("submit", async event => {
  event.preventDefault();
  const name = document.getElementById("claim-name").value;
  const seat = Number(document.getElementById("claim-seat").value);
  const problem = document.getElementById("claim-error");
  problem.textContent = "";
  try {
    const link = await fetchJSON(`/api/tables/${encodeURIComponent(tableId)}/seats`, {
      method: "POST", headers: {"Content-Type": "application/json"},
      body: JSON.stringify({seat, name})});
    adoptLink(link);
    localStorage.setItem(nameKey(), name.trim());
    document.getElementById("claim-form").hidden = true;
    reconnectNow();
  } catch (error) {
    problem.textContent = errorText(error);        // stays until the next try
    document.getElementById("claim-name").focus();
  }
});

// -- drawing --------------------------------------------------------------------------------------
function draw(frame) {
  const previous = gonets.drawn;
  gonets.drawn = frame;
  if (!previous || previous.version !== frame.version || previous.seat !== frame.seat) {
    resetPicks();                     // a new position: an unfinished choice no longer applies
  }
  drawClaim(frame);
  const title = translated(`game.${frame.view.game}.title`, frame.title);
  document.title = `${title} — gonets`;
  document.getElementById("title").textContent = `${title} · ${t("table.table")} ${frame.table}`;
  drawSeats(frame);
  drawTurn(frame);
  drawFinal(frame);                // the end screen (ending.js): before the pop-ups it quiets
  drawPanels(frame.panels || []);
  dockHand();                      // a phone shows the hand above the board
  drawLog(frame.log, frame.log_refs);
  document.getElementById("replay-open").hidden = frame.status !== "finished";
  const review = document.getElementById("review-open");
  review.hidden = frame.status !== "finished";
  review.href = reviewAddress(frame.seat === null ? 0 : frame.seat);
  if (!document.getElementById("replay").hidden) return;   // the replay owns the board
  const board = document.getElementById("board");
  const picture = svgNode(frame.svg);
  board.replaceChildren(picture);
  for (const root of pictures()) wirePicture(root, frame);
  decoratePictures(frame);
  mountBoard(picture);             // after the picks are marked: a fitted view centres on them
  lightRefs(gonets.pinnedRefs || []);
  if (frame.status === "finished" && location.hash.includes("replay")) openReplay();
}

// Side panels (the viewer's hero, the card being resolved...); a panel with a popup id is
// shown once as an overlay (a round's summary) until dismissed or a few seconds pass.
function drawPanels(panels) {
  const host = document.getElementById("panels");
  const kept = panels.filter(p => p.popup).map(p =>      // a summary stays to be read again
    h("details", {class: "card panel-again"}, h("summary", {}, p.title || ""), panelNode(p)));
  host.replaceChildren(...panels.filter(p => !p.popup).map(panelNode), ...kept);
  for (const panel of panels.filter(p => p.popup && !gonets.popups.has(p.popup))) {
    gonets.popups.add(panel.popup);
    showPopup(panel);
  }
}

function panelNode(panel) {
  const lines = (panel.lines || []).map(line => Array.isArray(line)
    ? h("li", {}, h("span", {class: "label"}, line[0]), " ", h("b", {}, line[1]))
    : h("li", {}, line));
  return h("section", {class: "card panel"}, h("h2", {}, panel.title || ""),
           panel.svg ? h("div", {class: "panel-picture"}, svgNode(panel.svg)) : null,
           lines.length ? h("ul", {class: "panel-lines"}, lines) : null);
}

function showPopup(panel) {
  const popup = document.getElementById("popup");
  popup.replaceChildren(panelNode(panel), h("button", {type: "button", id: "popup-close",
    onclick: () => { popup.hidden = true; }}, t("table.dismiss")));
  popup.hidden = false;
  clearTimeout(showPopup.timer);
  showPopup.timer = setTimeout(() => { popup.hidden = true; }, 8000);
}

function drawTurn(frame) {
  const turn = document.getElementById("turn");
  const view = frame.view;
  let text;
  if (frame.failure) text = t("table.stopped", {reason: frame.failure});
  else if (frame.ended) text = t("table.over", {reason: frame.ended});
  else if (view.terminal) {
    const winners = (view.result.winners || []).map(w => seatLabel(frame.seats, w));
    text = winners.length ? t("table.won_by", {names: winners.join(", ")}) : t("table.no_winner");
  } else if (frame.status === "open") text = t("table.waiting");
  else if (view.to_move === null || view.to_move === undefined) text = "…";
  else if (view.to_move === frame.seat) text = t("table.your_turn");
  else text = t("table.to_play", {name: seatLabel(frame.seats, view.to_move)});
  const timed = frame.turn_left !== null && frame.turn_left !== undefined && !view.terminal;
  gonets.deadline = timed ? performance.now() + frame.turn_left * 1000 : null;
  turn.replaceChildren(...[text, h("span", {id: "turn-timer"}), awayNotice(frame)]
    .filter(node => node !== null));      // replaceChildren writes a null as "null"
  tickTimer();
  turn.classList.toggle("mine", !view.terminal && view.to_move === frame.seat);
  document.getElementById("status").textContent = t("table.status", {
    status: t(`status.${frame.status}`), step: frame.version, spectators: frame.spectators});
}

// This seat missed a deadline: a bot plays its turns on the short timer until the player
// says they are back (or makes a move of their own).
function awayNotice(frame) {
  const seat = frame.seat === null ? null : frame.seats[frame.seat];
  if (!seat || !seat.away) return null;
  return h("div", {id: "away-notice", class: "away-notice", role: "status"},
    h("span", {}, t("table.you_are_away", {seconds: frame.away_seconds})), " ",
    h("button", {type: "button", id: "away-back", class: "primary",
                 onclick: () => send({type: "back"})}, t("table.im_back")));
}

// The turn timer counts down between frames (the server decides when it runs out).
function tickTimer() {
  const span = document.getElementById("turn-timer");
  if (!span) return;
  if (gonets.deadline === null || gonets.deadline === undefined) { span.textContent = ""; return; }
  const left = Math.max(0, Math.ceil((gonets.deadline - performance.now()) / 1000));
  span.textContent = left < 3600 ? ` ${t("table.timer", {seconds: left})}`
    : ` ${t("table.timer_long", {hours: Math.floor(left / 3600),
                                 minutes: Math.floor((left % 3600) / 60)})}`;
}
setInterval(tickTimer, 500);

// The score table: each seat with the game's own scores (Game.scoreboard).
function drawSeats(frame) {
  const board = frame.scoreboard || {columns: [], rows: []};
  const head = h("tr", {}, h("th", {}, t("table.seat")), board.columns.map(c => h("th", {}, c)));
  const rows = frame.seats.map((seat, index) => {
    const marks = [];
    if (index === frame.seat) marks.push(t("table.you"));
    if (seat.kind === "human") marks.push(seat.connected ? t("table.online") : t("table.offline"));
    const winner = frame.view.result && frame.view.result.winners.includes(index);
    const cells = (board.rows[index] || []).map(cell =>
      h("td", {class: typeof cell === "number" ? "num" : ""}, cell));
    return h("tr", {class: [index === frame.view.to_move ? "to-move" : "",
                            winner ? "winner" : ""].join(" ").trim(), "data-seat": index},
      h("td", {}, seatLabel(frame.seats, index),
        seat.away ? h("span", {class: "badge away", "data-away": index,
                               title: t("table.away_title", {seconds: frame.away_seconds})},
                      t("table.away")) : null,
        marks.length ? h("span", {class: "marks"}, marks.join(", ")) : null),
      cells);
  });
  document.getElementById("seats").replaceChildren(head, ...rows);
}

// Numbered log lines (the numbers are part of the line, so they are never cut off). A line
// that refers to something on the picture (`refs`: keys its elements carry in `data-ref`)
// lights it while pointed at or focused; a tap keeps it lit until the next tap.
function drawLog(lines, refs = []) {
  const list = document.getElementById("log");
  const stick = list.scrollTop + list.clientHeight >= list.scrollHeight - 4;
  list.replaceChildren(...lines.map((line, i) => {
    const keys = refs[i] || [];
    if (!keys.length) return h("li", {}, h("span", {class: "n"}, `${i + 1}.`), " ", line);
    const light = on => lightRefs(on ? keys : gonets.pinnedRefs || []);
    return h("li", {class: "ref", tabindex: 0, "data-refs": keys.join(" "),
                    onmouseenter: () => light(true), onmouseleave: () => light(false),
                    onfocus: () => light(true), onblur: () => light(false),
                    onclick: () => {
                      const same = (gonets.pinnedRefs || []).join(" ") === keys.join(" ");
                      gonets.pinnedRefs = same ? null : keys;
                      lightRefs(gonets.pinnedRefs || []);
                    }},
             h("span", {class: "n"}, `${i + 1}.`), " ", line);
  }));
  if (stick) list.scrollTop = list.scrollHeight;
  lightRefs(gonets.pinnedRefs || []);
}

// Light the elements of the board and the panels that carry any of `keys` in `data-ref`; a
// key `k@s` only inside a picture whose `data-scope` is `s` (Love Letter's round).
function lightRefs(keys) {
  for (const node of document.querySelectorAll(".lit")) node.classList.remove("lit");
  for (const key of keys) {
    const [ref, scope] = key.split("@");
    const within = scope === undefined ? "" : `[data-scope="${CSS.escape(scope)}"] `;
    const element = `${within}[data-ref~="${CSS.escape(ref)}"]`;
    for (const node of document.querySelectorAll(`#board ${element}, #panels ${element}`)) {
      node.classList.add("lit");
    }
  }
}

function showMenu(keys, labels, event, onChoose) {
  const menu = document.getElementById("menu");
  menu.replaceChildren(...keys.map(key => h("button", {type: "button", "data-pick": key,
    "data-action": key, role: "menuitem",
    onclick: e => { e.stopPropagation(); hideMenu(); onChoose(key); }}, labels[key] || key)),
    h("button", {type: "button", class: "cancel", onclick: hideMenu}, t("table.cancel")));
  menu.hidden = false;
  placeMenu(menu, event);          // clear of what may be clicked (board.js)
}

function hideMenu() { document.getElementById("menu").hidden = true; }

// -- name -----------------------------------------------------------------------------------------
// The name is kept in this browser only once the server took it; a refused name brings the
// form back with what was wrong, and the name this browser had saved is forgotten.
function showNameForm(needed) {
  const form = document.getElementById("name-form");
  form.hidden = !needed;
  if (needed) document.getElementById("name-input").focus();
}

function nameRefused(message) {
  localStorage.removeItem(nameKey());
  if (gonets.seat === null) { chatRefused(message); return; }
  const needed = !gonets.frame || !gonets.frame.seats[gonets.seat].name;
  if (!needed && message.ref !== gonets.nameRef) { showError(errorText(message)); return; }
  document.getElementById("name-error").textContent = errorText(message);
  showNameForm(true);
}

function nameAccepted() {
  localStorage.setItem(nameKey(), gonets.nameSent);
  document.getElementById("name-error").textContent = "";
  document.getElementById("name-form").hidden = true;
}

document.getElementById("name-form").addEventListener("submit", event => {
  event.preventDefault();
  gonets.nameSent = document.getElementById("name-input").value.trim();
  document.getElementById("name-error").textContent = "";
  gonets.nameRef = send({type: "name", name: gonets.nameSent});
});
document.addEventListener("click", event => {
  if (!event.target.closest("#menu")) hideMenu();
});
document.addEventListener("keydown", e => { if (e.key === "Escape") hideMenu(); });

// -- rematch and help -----------------------------------------------------------------------------
// At the end, a seated player opens the rematch (same seats and options) with one click; the
// others see the invitation and take their own seat there with one click as well.
function drawPlatform(frame) {
  if (gonets.seat !== null && frame.seats[gonets.seat]) {
    showChatSelf({seat: gonets.seat, name: seatLabel(frame.seats, gonets.seat)});
  }
  const box = document.getElementById("rematch-box");
  const over = frame.status === "finished";
  const seated = gonets.seat !== null;
  box.hidden = !over || (!seated && !frame.rematch);
  if (box.hidden) return;
  const text = document.getElementById("rematch-text");
  const button = document.getElementById("rematch-button");
  const watch = document.getElementById("rematch-watch");
  watch.hidden = !frame.rematch;
  button.hidden = !seated;
  if (frame.rematch) {
    text.textContent = t(seated ? "rematch.invited" : "rematch.watching", {table: frame.rematch});
    button.textContent = t("rematch.join");
    watch.href = `/table/${encodeURIComponent(frame.rematch)}${location.search}`;
  } else {
    text.textContent = t("rematch.offer");
    button.textContent = t("rematch.open");
  }
}

document.getElementById("rematch-button").addEventListener("click", () => {
  const ref = send({type: "rematch"});
  if (ref) document.getElementById("rematch-button").disabled = true;
  setTimeout(() => { document.getElementById("rematch-button").disabled = false; }, 3000);
});

// This seat's own link to the rematch: keep its secret (and name) for that table and go.
function goToRematch(message) {
  const target = message.table;
  localStorage.setItem(`gonets-seat:${target}`, message.link.token);
  const name = gonets.frame && gonets.seat !== null ? gonets.frame.seats[gonets.seat].name : null;
  if (name) localStorage.setItem(`gonets-name:${target}`, name);
  location.assign(`/table/${encodeURIComponent(target)}${location.search}` +
                  `#token=${message.link.token}`);
}

document.getElementById("help-open").addEventListener("click", () => {
  if (gonets.frame) openHelp(gonets.frame.game);
});

i18nReady.then(connect);
