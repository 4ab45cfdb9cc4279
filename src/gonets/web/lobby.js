// The lobby: open a table (game, preset, options, seats) and list open/running/finished ones.
"use strict";

const lobby = {games: [], byName: {}};

function currentGame() { return lobby.byName[document.getElementById("game").value]; }

function currentPreset() {
  const game = currentGame();
  const name = document.getElementById("preset").value;
  return game.presets.find(p => p.name === name) || game.presets[0];
}

function fillGames() {
  const select = document.getElementById("game");
  select.replaceChildren(...lobby.games.map(g => h("option", {value: g.name}, g.title)));
  if (!lobby.games.length) {
    document.getElementById("create-error").textContent = "no games are registered";
  }
}

function fillPresets() {
  const game = currentGame();
  if (!game) return;
  document.getElementById("game-doc").textContent = game.description || "";
  const select = document.getElementById("preset");
  select.replaceChildren(...game.presets.map(p => h("option", {value: p.name,
      selected: p.name === game.default_preset}, p.name)));
  presetChanged();
}

function presetChanged() {
  const preset = currentPreset();
  document.getElementById("preset-doc").textContent =
    `${preset.doc} (${preset.min_players}–${preset.max_players} players)`;
  const players = document.getElementById("players");
  players.min = preset.min_players; players.max = preset.max_players;
  const count = Number(players.value);
  if (!(count >= preset.min_players && count <= preset.max_players)) {
    players.value = preset.min_players;
  }
  fillOptions();
  fillSeats();
}

function fillOptions() {
  const game = currentGame();
  const values = currentPreset().options;
  const box = document.getElementById("options");
  box.replaceChildren(...game.options.map(option => {
    const value = values[option.name];
    let input;
    if (option.choices) {
      input = h("select", {"data-option": option.name},
        option.choices.map(c => h("option", {value: JSON.stringify(c), selected:
          JSON.stringify(c) === JSON.stringify(value)}, String(c))));
    } else if (typeof value === "boolean") {
      input = h("input", {type: "checkbox", "data-option": option.name, checked: value});
    } else {
      input = h("input", {type: "text", "data-option": option.name,
                          value: JSON.stringify(value)});
    }
    return h("label", {class: "option", title: option.doc}, option.name, " ", input,
             h("small", {}, option.doc));
  }));
}

function fillSeats() {
  const game = currentGame();
  const count = Number(document.getElementById("players").value) || 0;
  const box = document.getElementById("seat-choices");
  const rows = [h("legend", {}, "Seats")];
  for (let i = 0; i < count; i++) {
    const choices = [h("option", {value: "human"}, "human")].concat(
      game.agents.map(a => h("option", {value: `bot:${a}`, selected: i > 0 &&
        a === (game.agents.includes("heuristic") ? "heuristic" : "random")}, `bot: ${a}`)));
    rows.push(h("label", {class: "seat"}, `p${i + 1} `,
                h("select", {"data-seat": i}, choices)));
  }
  box.replaceChildren(...rows);
}

function readOptions() {
  const values = currentPreset().options;
  const options = {};
  for (const input of document.querySelectorAll("[data-option]")) {
    const name = input.dataset.option;
    let value;
    if (input.type === "checkbox") value = input.checked;
    else {
      try { value = JSON.parse(input.value); } catch (e) { value = input.value; }
    }
    if (JSON.stringify(value) !== JSON.stringify(values[name])) options[name] = value;
  }
  return options;
}

async function createTable(event) {
  event.preventDefault();
  const errorBox = document.getElementById("create-error");
  errorBox.textContent = "";
  const seats = Array.from(document.querySelectorAll("[data-seat]")).map(select =>
    select.value === "human" ? {kind: "human"} : {kind: "bot", agent: select.value.slice(4)});
  const turn = document.getElementById("turn-seconds").value;
  const body = {
    game: currentGame().name, preset: currentPreset().name,
    players: Number(document.getElementById("players").value),
    options: readOptions(), seats,
    bot_delay: Number(document.getElementById("bot-delay").value),
    turn_seconds: turn === "" ? null : Number(turn),
  };
  const name = document.getElementById("creator-name").value;
  if (name.trim()) body.name = name;
  try {
    const created = await fetchJSON("/api/tables", {method: "POST",
      headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)});
    showCreated(created);
    refreshTables();
  } catch (error) {
    errorBox.textContent = error.message;
  }
}

function showCreated(created) {
  document.getElementById("created").hidden = false;
  document.getElementById("created-id").textContent = created.id;
  const items = [];
  const mine = created.links.seat;
  if (mine) {
    const url = new URL(mine.url, location.href).href;
    items.push(h("li", {}, `your seat (p${mine.seat + 1}): `, h("a", {href: url,
      class: "seat-link", "data-seat": mine.seat, target: "_blank"}, "open your seat")));
  }
  if (created.table.seats.some(s => s.free)) {
    const invite = new URL(created.links.invite, location.href).href;
    items.push(h("li", {}, "invite friends: ", h("a", {href: invite, class: "invite-link",
      target: "_blank"}, invite)));
  }
  const watch = new URL(created.links.spectator, location.href).href;
  items.push(h("li", {}, "spectators: ", h("a", {href: watch, class: "spectator-link",
    target: "_blank"}, watch)));
  document.getElementById("created-links").replaceChildren(...items);
}

function tableLine(table) {
  const names = table.seats.map((s, i) => seatLabel(table.seats, i)).join(", ");
  const parts = [h("strong", {}, table.title), ` (${table.preset}, ${table.players}p) `,
                 h("span", {class: "names"}, names)];
  if (table.result) {
    const winners = table.result.winners.map(w => seatLabel(table.seats, w)).join(", ");
    parts.push(h("span", {class: "result"}, ` — won by ${winners || "nobody"}; scores `
      + table.result.scores.join(" : ")));
    parts.push(" ", h("a", {href: `/table/${table.id}#replay`}, "replay"));
  } else {
    parts.push(` — step ${table.version} `, h("a", {href: `/table/${table.id}`}, "watch"));
    if (table.seats.some(s => s.free)) {
      parts.push(" ", h("a", {href: `/table/${table.id}#invite`, class: "join-link"},
                        "take a seat"));
    }
  }
  return h("li", {"data-table": table.id}, parts);
}

// Each list is paged by the server; tables where somebody is connected come first.
const pages = {open: 0, running: 0, finished: 0};

async function refreshTables() {
  for (const status of Object.keys(pages)) {
    try {
      const data = await fetchJSON(`/api/tables?status=${status}&offset=${pages[status]}`);
      const items = data[status].map(tableLine);
      const total = data.totals[status];
      const count = items.length;
      if (pages[status] > 0 && !count) { pages[status] = 0; continue; }
      if (total > count) {
        const shown = `${pages[status] + 1}–${pages[status] + count} of ${total}`;
        items.push(h("li", {class: "pager"}, shown, " ",
          h("button", {type: "button", onclick: () => turnPage(status, -data.limit),
                       disabled: pages[status] === 0}, "◀"),
          h("button", {type: "button", onclick: () => turnPage(status, data.limit),
                       disabled: pages[status] + count >= total}, "▶")));
      }
      document.getElementById(`list-${status}`).replaceChildren(
        ...(items.length ? items : [h("li", {class: "empty"}, "none")]));
    } catch (error) { /* the next refresh tries again */ }
  }
}

function turnPage(status, by) {
  pages[status] = Math.max(0, pages[status] + by);
  refreshTables();
}

async function startLobby() {
  const data = await fetchJSON("/api/games");
  lobby.games = data.games;
  document.getElementById("bot-delay").value = data.bot_delay;
  for (const game of data.games) lobby.byName[game.name] = game;
  fillGames();
  if (lobby.games.length) fillPresets();
  document.getElementById("game").addEventListener("change", fillPresets);
  document.getElementById("preset").addEventListener("change", presetChanged);
  document.getElementById("players").addEventListener("change", fillSeats);
  document.getElementById("create-form").addEventListener("submit", createTable);
  refreshTables();
  setInterval(refreshTables, 3000);
}

startLobby();
