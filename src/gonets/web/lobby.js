// The lobby: open a table (game, preset, options, seats), list open/running/finished ones, and
// each game's short description and rules. Every word comes from the page's catalogue; the
// games' option and preset labels and descriptions come from the server in the page's language.
"use strict";

const lobby = {games: [], byName: {}, creating: false};

function currentGame() { return lobby.byName[document.getElementById("game").value]; }

function currentPreset() {
  const game = currentGame();
  const chosen = document.querySelector("#presets input[name=preset]:checked");
  return game.presets.find(p => chosen && p.name === chosen.value) || game.presets[0];
}

// The player counts a preset allows, in the page's words ("from 2 to 8 players").
function playersRange(preset) {
  const low = preset.min_players, high = preset.max_players;
  return low === high ? t("lobby.players_fixed", {min: low})
                      : t("lobby.players_range", {min: low, max: high});
}

function fillGames() {
  const select = document.getElementById("game");
  select.replaceChildren(...lobby.games.map(g => h("option", {value: g.name}, gameTitle(g))));
  if (!lobby.games.length) {
    document.getElementById("create-error").textContent = t("lobby.no_games");
  }
  document.getElementById("games-list").replaceChildren(...lobby.games.map(game =>
    h("li", {"data-game": game.name}, h("strong", {}, gameTitle(game)),
      h("button", {type: "button", class: "game-rules", "data-help": game.name,
                   onclick: () => openHelp(game.name)}, t("help.open")),
      typeof guidedButton === "function" ? guidedButton(game) : null,    // guide.js
      h("p", {}, gameSummary(game)))));
}

function fillPresets() {
  const game = currentGame();
  if (!game) return;
  document.getElementById("game-doc").textContent = gameSummary(game);
  const hints = document.getElementById("hints");      // a server whose bots stop below hard
  document.getElementById("hints-choice").hidden = !game.hints;
  if (!game.hints) hints.checked = false;
  // each rule set a named choice with one line on what it changes (and its player counts
  // where they are not the game's)
  const counts = p => p.min_players === game.min_players && p.max_players === game.max_players
    ? "" : ` (${playersRange(p)})`;
  document.getElementById("presets").replaceChildren(...game.presets.map(p =>
    h("label", {class: "preset-choice", "data-preset": p.name},
      h("input", {type: "radio", name: "preset", value: p.name,
                  checked: p.name === game.default_preset, onchange: presetChanged}),
      h("span", {}, h("strong", {}, p.label || p.name),
        h("small", {}, `${p.line || p.doc}${counts(p)}`)))));
  presetChanged();
}

// What stops the table being made as asked: a player count that is not a whole number in
// the preset's range, a name of nothing but spaces, a rated table without a turn timer; the
// words and the field at fault (null when nothing does).
function requestProblem() {
  const preset = currentPreset();
  const typed = document.getElementById("players").value.trim();
  const count = Number(typed);
  if (!/^[0-9]+$/.test(typed) || count < preset.min_players || count > preset.max_players) {
    return {text: t("lobby.bad_players", {min: preset.min_players, max: preset.max_players}),
            field: "#players"};
  }
  const name = document.getElementById("creator-name").value;
  if (name !== "" && !name.trim()) return {text: t("lobby.blank_name"), field: "#creator-name"};
  if (document.getElementById("rated").checked &&
      document.getElementById("turn-seconds").value === "") {
    return {text: t("error.rated_needs_timer"), field: "#turn-seconds"};
  }
  return null;
}

// The player count the preset allows: the field's value, brought within the preset's range
// (for the seat rows while it is typed; a table is only made from a count in range).
function playerCount() {
  const preset = currentPreset();
  const typed = parseInt(document.getElementById("players").value, 10);
  if (!Number.isFinite(typed)) return preset.min_players;
  return Math.max(preset.min_players, Math.min(preset.max_players, typed));
}

function presetChanged() {
  const preset = currentPreset();
  const low = preset.min_players, high = preset.max_players;
  document.getElementById("players-doc").textContent = playersRange(preset);
  const players = document.getElementById("players");
  players.min = low;
  players.max = high;
  players.value = playerCount();
  fillOptions();
  syncSeats();
}

// A choice as the player reads it: the game's words for it, yes/no for a flag, else the value.
function choiceLabel(option, value, index) {
  const label = (option.choice_labels || [])[index];
  if (label) return label;
  if (typeof value === "boolean") return t(value ? "lobby.yes" : "lobby.no");
  return value === null ? t("lobby.none") : String(value);
}

// The game's options: the few a newcomer may want (``basic``) in the form, the rest folded
// away under the advanced options. A number has a field bounded by the option's ``bounds``;
// an option holding several numbers (tokens to win per player count) a field for each.
function fillOptions() {
  const game = currentGame();
  const values = currentPreset().options;
  const fields = option => optionField(option, values[option.name]);
  document.getElementById("basic-options").replaceChildren(
    ...game.options.filter(o => o.basic).map(fields));
  document.getElementById("options").replaceChildren(
    ...game.options.filter(o => !o.basic).map(fields));
  document.getElementById("rule-details").hidden = !game.options.some(o => !o.basic);
}

function numberField(option, value, attrs) {
  const [low, high] = option.bounds;
  return h("input", {type: "number", inputmode: "numeric", min: low, max: high, step: 1,
                     value: value ?? "", "data-option": option.name, ...attrs});
}

// What one of an option's numbers is, in the page's words ("3 players"; the key itself where
// the game says nothing).
function partLabel(option, key) {
  return option && option.part ? option.part.split("{key}").join(key) : String(key);
}

function optionParts(value) {
  if (Array.isArray(value)) return value.map((item, i) => [String(i + 1), item]);
  return Object.keys(value).sort((a, b) => Number(a) - Number(b)).map(key => [key, value[key]]);
}

function optionField(option, value) {
  const label = option.label || option.name;
  const doc = h("small", {}, option.doc);
  if (option.bounds && value !== null && typeof value === "object") {
    return h("fieldset", {class: "option option-parts", "data-option-label": option.name},
      h("legend", {}, label),
      h("div", {class: "parts"}, optionParts(value).map(([key, number]) =>
        h("label", {}, partLabel(option, key), " ",
          numberField(option, number, {"data-part": key})))), doc);
  }
  let input;
  if (option.choices) {
    input = h("select", {"data-option": option.name},
      option.choices.map((c, i) => h("option", {value: JSON.stringify(c), selected:
        JSON.stringify(c) === JSON.stringify(value)}, choiceLabel(option, c, i))));
  } else if (typeof value === "boolean") {
    input = h("input", {type: "checkbox", "data-option": option.name, checked: value});
  } else if (option.bounds) {
    input = numberField(option, value, {});
  } else {                               // free text; empty for none
    input = h("input", {type: "text", "data-option": option.name,
                        value: value === null ? "" : JSON.stringify(value)});
  }
  return h("label", {class: "option", "data-option-label": option.name}, label, " ", input, doc);
}

const LEVELS = ["easy", "normal", "hard", "expert"];

// A seat's choice: a person, or a bot by level, then the game's other bots, each called as
// the table will call it ("Oleg · hard bot"), with a line on how the chosen one plays.
function seatRow(game, index) {
  const names = botNames(i18n.english);
  const persona = names.length ? names[index % names.length] : "";
  const levels = LEVELS.filter(a => game.agents.includes(a));
  const others = game.agents.filter(a => !LEVELS.includes(a));
  const usual = levels.includes("normal") ? "normal" : levels[0] || others[0];
  const choice = a => h("option", {value: `bot:${a}`, selected: index > 0 && a === usual},
                        botName({kind: "bot", agent: a}, persona));
  const select = h("select", {"data-seat": index}, h("option", {value: "human"}, t("lobby.human")),
    levels.length ? h("optgroup", {label: t("lobby.bot_levels")}, levels.map(choice)) : null,
    others.length ? h("optgroup", {label: t("lobby.bot_others")}, others.map(choice)) : null);
  const doc = h("small", {class: "seat-doc"});
  const describe = () => {
    const agent = select.value.startsWith("bot:") ? select.value.slice(4) : "";
    doc.textContent = agent && hasMessage(`agent.${agent}`) ? t(`agent.${agent}`) : "";
  };
  select.addEventListener("change", describe);
  describe();
  return h("div", {class: "seat seat-row"}, h("label", {}, seatBadge(index), " ", select), doc);
}

// One row per seat, only within the preset's range: rows are added or removed as the count
// changes (while typing), never rebuilt, so choices made stay and nothing moves on blur.
function syncSeats() {
  const game = currentGame();
  const box = document.getElementById("seat-rows");
  const count = playerCount();
  if (box.dataset.game !== game.name) { box.replaceChildren(); box.dataset.game = game.name; }
  while (box.children.length > count) box.lastElementChild.remove();
  while (box.children.length < count) box.append(seatRow(game, box.children.length));
}

// One field's value: a number field's number (null when empty: the server names it), a
// choice's value, a free text as JSON where it reads as JSON (empty: none).
function fieldValue(input) {
  if (input.type === "checkbox") return input.checked;
  if (input.type === "number") return input.value.trim() === "" ? null : Number(input.value);
  if (input.value.trim() === "") return null;
  try { return JSON.parse(input.value); } catch (e) { return input.value; }
}

// The options that differ from the preset's, as the fields hold them.
function readOptions() {
  const values = currentPreset().options;
  const read = {};
  for (const input of document.querySelectorAll("[data-option]")) {
    const name = input.dataset.option;
    const part = input.dataset.part;
    if (part === undefined) { read[name] = fieldValue(input); continue; }
    const whole = read[name] ?? (Array.isArray(values[name]) ? [] : {});
    whole[Array.isArray(whole) ? Number(part) - 1 : part] = fieldValue(input);
    read[name] = whole;
  }
  const options = {};
  for (const [name, value] of Object.entries(read)) {
    if (JSON.stringify(value) !== JSON.stringify(values[name])) options[name] = value;
  }
  return options;
}

function tableRequest() {
  const players = playerCount();
  syncSeats();
  const seats = Array.from(document.querySelectorAll("[data-seat]")).map(select =>
    select.value === "human" ? {kind: "human"} : {kind: "bot", agent: select.value.slice(4)});
  const turn = document.getElementById("turn-seconds").value;
  const body = {
    game: currentGame().name, preset: currentPreset().name, players,
    options: readOptions(), seats,
    bot_delay: Number(document.getElementById("bot-delay").value),
    turn_seconds: turn === "" ? null : Number(turn),
    hints: document.getElementById("hints").checked,
  };
  if (document.getElementById("rated").checked) body.rated = true;
  if (document.getElementById("private").checked) body.private = true;
  const invite = document.getElementById("invite").value.split(",").map(n => n.trim())
    .filter(n => n);
  if (invite.length) body.invite = invite;
  const absent = document.getElementById("absent").value;
  if (absent !== "bot") body.absent = absent;    // drop and end need a turn timer
  const name = document.getElementById("creator-name").value;
  if (name.trim()) body.name = name;
  return body;
}

async function createTable(event) {
  event.preventDefault();
  if (lobby.creating) return;               // one table per click, however fast the clicks
  const errorBox = document.getElementById("create-error");
  const problem = requestProblem();
  errorBox.textContent = problem ? problem.text : "";
  if (problem) {                            // said on the page, nothing made
    showField(problem.field);
    return;
  }
  lobby.creating = true;
  document.getElementById("create-button").setAttribute("aria-busy", "true");
  try {
    const created = await fetchJSON("/api/tables", {method: "POST",
      headers: {"Content-Type": "application/json"}, body: JSON.stringify(tableRequest())});
    showCreated(created);
    refreshTables();
  } catch (error) {
    errorBox.textContent = lobbyError(error);
    showField(faultySelector(error.params || {}));
  } finally {
    lobby.creating = false;
    document.getElementById("create-button").removeAttribute("aria-busy");
  }
}

// A refusal in the page's words; a field it names is named as the form labels it: a rule
// option by its label from the game's catalogue ("Tokens to win, 3 players"), the others
// by the page's own words (``field.<name>``).
function lobbyError(error) {
  const key = `error.${error.code}`;
  const params = {...(error.params || {})};
  if (params.field && hasMessage(`field.${params.field}`)) params.field = t(`field.${params.field}`);
  if (params.option) params.field = optionName(params.option, params.part);
  return error.code && hasMessage(key) ? t(key, params) : error.message;
}

function optionName(name, part) {
  const option = ((currentGame() || {}).options || []).find(o => o.name === name);
  const label = option ? option.label || name : name;
  if (part === undefined || part === null) return label;
  return t("lobby.field_part", {field: label, part: partLabel(option, part)});
}

const FIELDS = {bot_delay: "#bot-delay", turn_seconds: "#turn-seconds"};

// The field a refusal names, if the form has one.
function faultySelector(params) {
  if (params.option) {
    const part = params.part === undefined || params.part === null ? ""
      : `[data-part="${CSS.escape(String(params.part))}"]`;
    return `[data-option="${CSS.escape(params.option)}"]${part}`;
  }
  return FIELDS[params.field] || null;
}

// Bring a field in question into sight: its folded section opened, the field focused.
function showField(selector) {
  const field = selector && document.querySelector(selector);
  if (!field) return;
  const folded = field.closest("details");
  if (folded) folded.open = true;
  field.focus();
}

function showCreated(created) {
  document.getElementById("created").hidden = false;
  document.getElementById("created-title").textContent = t("lobby.created", {table: created.id});
  const items = [];
  const mine = created.links.seat;
  if (mine) {
    const url = new URL(mine.url, location.href).href;
    items.push(h("li", {}, t("lobby.your_seat", {seat: mine.seat + 1}), " ", h("a", {href: url,
      class: "seat-link", "data-seat": mine.seat, target: "_blank"}, t("lobby.open_seat"))));
  }
  if (created.table.seats.some(s => s.free)) {
    const invite = new URL(created.links.invite, location.href).href;
    items.push(h("li", {}, t("lobby.invite"), " ", h("a", {href: invite, class: "invite-link",
      target: "_blank"}, invite)));
  }
  const watch = new URL(created.links.spectator, location.href).href;
  items.push(h("li", {}, t("lobby.spectators"), " ", h("a", {href: watch,
    class: "spectator-link", target: "_blank"}, watch)));
  document.getElementById("created-links").replaceChildren(...items);
}

function tableLine(table) {
  const names = table.seats.map((s, i) => seatLabel(table.seats, i)).join(", ");
  const game = lobby.byName[table.game] || {name: table.game, title: table.title};
  const parts = [h("strong", {}, gameTitle(game)),
                 ` (${t("lobby.table_line", {preset: presetLabel(game, table.preset),
                                             players: table.players})}) `,
                 h("span", {class: "names"}, names)];
  if (table.result) {
    const winners = table.result.winners.map(w => seatLabel(table.seats, w)).join(", ");
    parts.push(h("span", {class: "result"}, ` — ${t("lobby.won_by",
      {names: winners || t("lobby.nobody")})}; ${t("lobby.scores",
      {scores: table.result.scores.join(" : ")})}`));
    parts.push(" ", h("a", {href: `/table/${table.id}#replay`}, t("lobby.replay")));
  } else {
    parts.push(` — ${t("lobby.step", {step: table.version})} `,
               h("a", {href: `/table/${table.id}`}, t("lobby.watch")));
    if (table.seats.some(s => s.free && !s.reserved)) {
      parts.push(" ", h("a", {href: `/table/${table.id}#invite`, class: "join-link"},
                        t("lobby.take_seat")));
    }
  }
  return h("li", {"data-table": table.id}, parts);
}

// A preset's label in the page's language (its name for a game the lobby does not offer).
function presetLabel(game, name) {
  const preset = (game.presets || []).find(p => p.name === name);
  return preset && preset.label ? preset.label : name;
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
        const shown = t("lobby.page", {first: pages[status] + 1, last: pages[status] + count,
                                       total});
        items.push(h("li", {class: "pager"}, shown, " ",
          h("button", {type: "button", onclick: () => turnPage(status, -data.limit),
                       disabled: pages[status] === 0}, "◀"),
          h("button", {type: "button", onclick: () => turnPage(status, data.limit),
                       disabled: pages[status] + count >= total}, "▶")));
      }
      document.getElementById(`list-${status}`).replaceChildren(
        ...(items.length ? items : [h("li", {class: "empty"}, t("lobby.empty"))]));
    } catch (error) { /* the next refresh tries again */ }
  }
}

function turnPage(status, by) {
  pages[status] = Math.max(0, pages[status] + by);
  refreshTables();
}

async function startLobby() {
  await i18nReady;
  accountBar().then(user => {          // rated and private tables need an account
    document.getElementById("account-options").hidden = !user;
  }).catch(() => {});                  // the lobby works without it
  const data = await fetchJSON(`/api/games?lang=${encodeURIComponent(i18n.lang)}`);
  lobby.games = data.games;
  document.getElementById("bot-delay").value = data.bot_delay;
  for (const game of data.games) lobby.byName[game.name] = game;
  fillGames();
  if (lobby.games.length) fillPresets();
  document.getElementById("game").addEventListener("change", fillPresets);
  document.getElementById("rated").addEventListener("change", event => {
    if (event.target.checked) document.getElementById("options-box").open = true;  // a timer
  });
  const players = document.getElementById("players");
  players.addEventListener("input", syncSeats);
  players.addEventListener("change", () => {
    const problem = requestProblem();
    document.getElementById("create-error").textContent = problem ? problem.text : "";
  });
  document.getElementById("game-help").addEventListener("click", () => {
    if (currentGame()) openHelp(currentGame().name);
  });
  document.getElementById("create-form").addEventListener("submit", createTable);
  const turnPreset = document.getElementById("turn-preset");
  turnPreset.addEventListener("change", () => {     // 1 h .. 72 h: the seconds filled in
    if (turnPreset.value) document.getElementById("turn-seconds").value = turnPreset.value;
  });
  document.getElementById("turn-seconds").addEventListener("input", () => {
    turnPreset.value = "";
  });
  document.body.dataset.ready = "1";
  refreshTables();
  setInterval(refreshTables, 3000);
}

startLobby().catch(error => {
  document.getElementById("create-error").textContent = lobbyError(error);
});
