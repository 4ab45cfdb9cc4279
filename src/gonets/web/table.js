// The table client: one seat's (or a spectator's) live view over a websocket, game-agnostic.
// The server sends whole frames (picture, legal actions, log, seats); this file only draws
// them, turns clicks into actions and reconnects by itself.
"use strict";

const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
const params = new URLSearchParams(location.hash.slice(1));
// A seat's secret comes in the URL fragment (never sent to the server in requests) and is
// kept in this browser, so reopening the table's plain address keeps the seat.
const seatKey = `gonets-seat:${tableId}`;
let token = params.get("token") || localStorage.getItem(seatKey);
if (params.get("token")) localStorage.setItem(seatKey, params.get("token"));
let takeBack = false;
const gonets = {frame: null, seat: null, pending: null, socket: null, retry: 0, refs: 0,
                errors: [], popups: new Set(), replay: {step: 0, steps: 0, seat: ""}};
window.gonets = gonets;

function nameKey() { return `gonets-name:${tableId}`; }

// Keep a new secret (a claimed seat, or one taken back) in the fragment and this browser.
function adoptLink(link) {
  token = link.token;
  localStorage.setItem(seatKey, token);
  history.replaceState(null, "", `${location.pathname}${location.search}#token=${token}`);
}

function setConnection(state, text) {
  const badge = document.getElementById("conn");
  badge.dataset.state = state;
  badge.className = `badge conn-${state}`;
  badge.textContent = text;
}

function showError(message) {
  gonets.errors.push(message);
  const bar = document.getElementById("error");
  bar.textContent = message;
  bar.hidden = false;
  clearTimeout(showError.timer);
  showError.timer = setTimeout(() => { bar.hidden = true; }, 6000);
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
  setConnection("connecting", t(gonets.retry ? "conn.reconnecting" : "conn.connecting"));
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}/ws/${encodeURIComponent(tableId)}`);
  gonets.socket = socket;
  socket.onopen = () => {
    gonets.retry = 0;
    const join = {type: "join", lang: i18n.lang};
    if (token) {
      join.token = token;
      const saved = localStorage.getItem(nameKey());
      if (saved) join.name = saved;
      if (takeBack) join.take_back = true;
      takeBack = false;
    }
    send(join);
  };
  socket.onmessage = event => receive(JSON.parse(event.data));
  socket.onclose = event => {
    gonets.pending = null;
    document.body.classList.remove("busy");
    if (event.code === 4404) { setConnection("closed", t("conn.no_table")); return; }
    if (event.code === 4409) { setConnection("closed", t("conn.elsewhere")); return; }
    setConnection("disconnected", t("conn.lost"));
    const wait = Math.min(5000, 300 * 2 ** gonets.retry++);
    setTimeout(connect, wait);
  };
}

function receive(message) {
  if (message.type === "welcome") {
    gonets.seat = message.seat;
    if (message.link) adoptLink(message.link);
    document.getElementById("displaced").hidden = true;
    setConnection("connected", t("conn.connected"));
    document.getElementById("whoami").textContent =
      message.seat === null ? t("table.spectator") : t("table.you_are", {seat: message.seat + 1});
    document.getElementById("name-form").hidden = !message.needs_name;
  } else if (message.type === "state") {
    gonets.frame = message;
    if (gonets.pending) { gonets.pending = null; document.body.classList.remove("busy"); }
    draw(message);
  } else if (message.type === "error") {
    if (message.ref && message.ref === gonets.pending) {
      gonets.pending = null;
      document.body.classList.remove("busy");
    }
    showError(message.message);
    if (message.fatal) setConnection("closed", t("conn.closed"));
    if (token && gonets.frame === null && /seat link is not valid/.test(message.message)) {
      localStorage.removeItem(seatKey);     // a stale secret: watch instead, seats stay free
      token = null;
      gonets.socket.close();
    }
  } else if (message.type === "presence") {
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
  } else if (message.type === "displaced") {
    showDisplaced(message);
  } else if (message.type === "notice") {
    showError(message.message);
  } else if (message.type === "ack") {
    if (message.ref === gonets.pending) {
      gonets.pending = null;
      document.body.classList.remove("busy");
    }
  }
}

// -- seats ----------------------------------------------------------------------------------------
// This seat was opened in another place: say so, and offer to take it back (with a new secret
// that shuts the other place out), unless the other place already did that to this link.
function showDisplaced(message) {
  document.getElementById("displaced-text").textContent = message.message;
  document.getElementById("take-back").hidden = message.link_changed;
  document.getElementById("displaced").hidden = false;
  if (message.link_changed) { localStorage.removeItem(seatKey); token = null; }
}

document.getElementById("take-back").addEventListener("click", () => {
  document.getElementById("displaced").hidden = true;
  takeBack = true;
  i18nReady.then(connect);
});

// An invited visitor (no secret) sees the free seats and may take one under a name.
function drawClaim(frame) {
  const form = document.getElementById("claim-form");
  const free = frame.seats.map((s, i) => s.free ? i : null).filter(i => i !== null);
  form.hidden = gonets.seat !== null || !free.length || frame.status === "finished";
  if (form.hidden) return;
  const select = document.getElementById("claim-seat");
  const chosen = select.value;
  select.replaceChildren(...free.map(i => h("option", {value: i, selected: String(i) === chosen},
                                            `p${i + 1}`)));
}

document.getElementById("claim-form").addEventListener("submit", async event => {
  event.preventDefault();
  const name = document.getElementById("claim-name").value;
  const seat = Number(document.getElementById("claim-seat").value);
  try {
    const link = await fetchJSON(`/api/tables/${encodeURIComponent(tableId)}/seats`, {
      method: "POST", headers: {"Content-Type": "application/json"},
      body: JSON.stringify({seat, name})});
    adoptLink(link);
    localStorage.setItem(nameKey(), name);
    document.getElementById("claim-form").hidden = true;
    if (gonets.socket) { gonets.socket.onclose = null; gonets.socket.close(); }
    i18nReady.then(connect);
  } catch (error) { showError(error.message); }
});

// -- drawing --------------------------------------------------------------------------------------
function draw(frame) {
  const previous = gonets.drawn;
  gonets.drawn = frame;
  if (!previous || previous.version !== frame.version || previous.seat !== frame.seat) {
    resetPicks();                     // a new position: an unfinished choice no longer applies
  }
  drawClaim(frame);
  document.title = `${frame.title} — gonets`;
  document.getElementById("title").textContent = `${frame.title} · ${t("table.table")} ${frame.table}`;
  drawSeats(frame);
  drawTurn(frame);
  drawPanels(frame.panels || []);
  drawLog(frame.log);
  document.getElementById("replay-open").hidden = frame.status !== "finished";
  if (!document.getElementById("replay").hidden) return;   // the replay owns the board
  const board = document.getElementById("board");
  const picture = svgNode(frame.svg);
  board.replaceChildren(picture);
  for (const root of pictures()) wirePicture(root, frame);
  decoratePictures(frame);
  mountBoard(picture);             // after the picks are marked: a fitted view centres on them
  if (frame.status === "finished" && location.hash.includes("replay")) openReplay();
}

// Side panels (the viewer's hero, the card being resolved...); a panel with a popup id is
// shown once as an overlay (a round's summary) until dismissed or a few seconds pass.
function drawPanels(panels) {
  const host = document.getElementById("panels");
  host.replaceChildren(...panels.filter(p => !p.popup).map(panelNode));
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
  turn.replaceChildren(text, h("span", {id: "turn-timer"}));
  tickTimer();
  turn.classList.toggle("mine", !view.terminal && view.to_move === frame.seat);
  document.getElementById("status").textContent = t("table.status", {
    status: t(`status.${frame.status}`), step: frame.version, spectators: frame.spectators});
}

// The turn timer counts down between frames (the server decides when it runs out).
function tickTimer() {
  const span = document.getElementById("turn-timer");
  if (!span) return;
  if (gonets.deadline === null || gonets.deadline === undefined) { span.textContent = ""; return; }
  const left = Math.max(0, Math.ceil((gonets.deadline - performance.now()) / 1000));
  span.textContent = ` ${t("table.timer", {seconds: left})}`;
}
setInterval(tickTimer, 500);

// The score table: each seat with the game's own scores (Game.scoreboard).
function drawSeats(frame) {
  const board = frame.scoreboard || {columns: [], rows: []};
  const head = h("tr", {}, h("th", {}, t("table.seat")), board.columns.map(c => h("th", {}, c)));
  const rows = frame.seats.map((seat, index) => {
    const marks = [];
    if (index === frame.seat) marks.push(t("table.you"));
    if (seat.kind === "human") marks.push(seat.connected ? t("table.online") : t("table.away"));
    const winner = frame.view.result && frame.view.result.winners.includes(index);
    const cells = (board.rows[index] || []).map(cell =>
      h("td", {class: typeof cell === "number" ? "num" : ""}, cell));
    return h("tr", {class: [index === frame.view.to_move ? "to-move" : "",
                            winner ? "winner" : ""].join(" ").trim(), "data-seat": index},
      h("td", {}, seatLabel(frame.seats, index), marks.length ? ` · ${marks.join(", ")}` : ""),
      cells);
  });
  document.getElementById("seats").replaceChildren(head, ...rows);
}

// Numbered log lines (the numbers are part of the line, so they are never cut off).
function drawLog(lines) {
  const list = document.getElementById("log");
  const stick = list.scrollTop + list.clientHeight >= list.scrollHeight - 4;
  list.replaceChildren(...lines.map((line, i) =>
    h("li", {}, h("span", {class: "n"}, `${i + 1}.`), " ", line)));
  if (stick) list.scrollTop = list.scrollHeight;
}

function showMenu(keys, labels, event, onChoose) {
  const menu = document.getElementById("menu");
  menu.replaceChildren(...keys.map(key => h("button", {type: "button", "data-pick": key,
    "data-action": key, role: "menuitem",
    onclick: e => { e.stopPropagation(); hideMenu(); onChoose(key); }}, labels[key] || key)),
    h("button", {type: "button", class: "cancel", onclick: hideMenu}, t("table.cancel")));
  menu.style.left = `${Math.min(event.pageX || 20, window.innerWidth - 220)}px`;
  menu.style.top = `${event.pageY || 20}px`;
  menu.hidden = false;
}

function hideMenu() { document.getElementById("menu").hidden = true; }

// -- name -----------------------------------------------------------------------------------------
document.getElementById("name-form").addEventListener("submit", event => {
  event.preventDefault();
  const name = document.getElementById("name-input").value;
  localStorage.setItem(nameKey(), name);
  if (send({type: "name", name})) document.getElementById("name-form").hidden = true;
});
document.addEventListener("click", event => {
  if (!event.target.closest("#menu")) hideMenu();
});
document.addEventListener("keydown", e => { if (e.key === "Escape") hideMenu(); });

// -- replay ---------------------------------------------------------------------------------------
async function showReplayStep() {
  const r = gonets.replay;
  try {
    const data = await fetchJSON(`/api/tables/${encodeURIComponent(tableId)}/replay?step=${r.step}`
                                 + `&seat=${encodeURIComponent(r.seat)}`
                                 + `&lang=${encodeURIComponent(i18n.lang)}`);
    r.steps = data.steps;
    const slider = document.getElementById("replay-step");
    slider.max = data.steps; slider.value = data.step;
    document.getElementById("replay-pos").textContent =
      t("replay.position", {step: data.step, steps: data.steps});
    const picture = svgNode(data.svg);
    document.getElementById("board").replaceChildren(picture);
    mountBoard(picture);
    document.getElementById("actions").replaceChildren();
    drawPanels((data.panels || []).filter(p => !p.popup));
    drawSeats({...gonets.frame, scoreboard: data.scoreboard, view: data.view});
    drawLog(data.log);
  } catch (error) { showError(error.message); }
}

function openReplay() {
  const frame = gonets.frame;
  const panel = document.getElementById("replay");
  panel.hidden = false;
  const select = document.getElementById("replay-seat");
  select.replaceChildren(h("option", {value: "spectator"}, t("table.spectator")),
    ...frame.seats.map((s, i) => h("option", {value: i}, seatLabel(frame.seats, i))));
  gonets.replay.seat = frame.seat === null ? "spectator" : String(frame.seat);
  select.value = gonets.replay.seat;
  document.getElementById("replay-record").href =
    `/api/tables/${encodeURIComponent(tableId)}/record`;
  gonets.replay.step = frame.version;
  showReplayStep();
}

function moveReplay(to) {
  const r = gonets.replay;
  r.step = Math.max(0, Math.min(r.steps || 0, to));
  showReplayStep();
}

document.getElementById("replay-open").addEventListener("click", openReplay);
document.getElementById("replay-seat").addEventListener("change", e => {
  gonets.replay.seat = e.target.value; showReplayStep();
});
document.getElementById("replay-first").addEventListener("click", () => moveReplay(0));
document.getElementById("replay-prev").addEventListener("click",
  () => moveReplay(gonets.replay.step - 1));
document.getElementById("replay-next").addEventListener("click",
  () => moveReplay(gonets.replay.step + 1));
document.getElementById("replay-last").addEventListener("click",
  () => moveReplay(gonets.replay.steps));
document.getElementById("replay-step").addEventListener("input",
  e => moveReplay(Number(e.target.value)));

i18nReady.then(connect);
