// The first game guide (issue 21): a short tip the first time each kind of decision comes up
// at a table (what a card does, why these targets are highlighted, how a feature scores), in
// the page's language, until the player dismisses it; remembered per browser and per game in
// localStorage ("gonets-guide:<game>": the kinds dismissed, tips on or off, whether this
// browser has played the game to its end).
//
// A game's tips come from GET /api/games/<game>/guide (its data/guide.<lang>.json): patterns
// of click keys, in the order they are shown (gonets/server/guide.py says how they match).
// The kind of a decision is read from the clicks offered for the seat's own legal actions,
// nothing else, so a tip never tells what the seat's frame does not show.
//
// Tips are on for a game this browser never played to the end, and wherever the player turned
// them on (the table's "Show tips" box, or the lobby's "Guided first game", which opens a table
// against an easy bot with the tips on and every tip of that game to be shown again).
"use strict";

const guide = {game: null, prompts: null, frame: null, keys: []};
window.gonetsGuide = guide;          // for tests: the tips loaded and the decision seen last

function guideKey(game) { return `gonets-guide:${game}`; }

// What this browser keeps of one game's guide: {seen: [kinds], on: true|false|null, played}.
function guideState(game) {
  let saved = {};
  try {
    saved = JSON.parse(localStorage.getItem(guideKey(game)) || "{}") || {};
  } catch (e) { /* unreadable: start afresh */ }
  return {seen: Array.isArray(saved.seen) ? saved.seen : [],
          on: typeof saved.on === "boolean" ? saved.on : null, played: saved.played === true};
}

function saveGuideState(game, state) {
  localStorage.setItem(guideKey(game), JSON.stringify(state));
}

// Tips are shown where this browser chose them, else for a game it never played to the end.
function guideOn(game) {
  const state = guideState(game);
  return state.on === null ? !state.played : state.on;
}

// Whether a tip's pattern names a click key: alternatives joined by "|", each a step family,
// one key, or a key prefix ending in "*" (the same rule as gonets.server.guide.matches).
function guideMatches(pattern, key) {
  const family = key.split(":", 1)[0];
  return pattern.split("|").some(part => part.endsWith("*")
    ? key.startsWith(part.slice(0, -1)) : part === key || part === family);
}

// The kinds of the decision at hand: the tips naming any key offered now, in the file's order.
function guideKinds(prompts, keys) {
  return Object.keys(prompts || {}).filter(kind => keys.some(key => guideMatches(kind, key)));
}

// -- the table ------------------------------------------------------------------------------------
// Called whenever what the seat may click changes (picks.js, after each frame and each click).
function guideDecision(frame, keys) {
  guide.frame = frame;
  guide.keys = keys || [];
  const seated = frame.seat !== null && frame.seat !== undefined;
  document.getElementById("guide-switch").hidden = !seated;
  if (!seated) { showTip(); return; }
  if (frame.view && frame.view.terminal) markPlayed(frame.game);
  document.getElementById("guide-on").checked = guideOn(frame.game);
  if (guide.game !== frame.game) loadGuide(frame.game);
  showTip();
}

function markPlayed(game) {
  const state = guideState(game);
  if (!state.played) saveGuideState(game, {...state, played: true});
}

async function loadGuide(game) {
  guide.game = game;
  guide.prompts = null;
  try {
    const data = await fetchJSON(`/api/games/${encodeURIComponent(game)}/guide` +
                                 `?lang=${encodeURIComponent(i18n.lang)}`);
    if (guide.game === game) guide.prompts = data.prompts || {};
  } catch (error) {
    if (guide.game === game) guide.prompts = {};      // no tips; the table plays on
  }
  showTip();
}

// The first tip of the decision at hand not yet dismissed here, above the board and in the
// page's flow (never over what may be clicked); nothing when tips are off or none is left.
function showTip() {
  const box = document.getElementById("guide");
  const frame = guide.frame;
  const seated = frame && frame.seat !== null && frame.seat !== undefined;
  const waiting = seated && frame.legal.length && !(frame.view && frame.view.terminal) &&
    guide.prompts && guideOn(frame.game);
  const seen = waiting ? new Set(guideState(frame.game).seen) : new Set();
  const kinds = waiting ? guideKinds(guide.prompts, guide.keys).filter(k => !seen.has(k)) : [];
  if (!kinds.length) {
    box.hidden = true;
    delete box.dataset.kind;
    return;
  }
  const tip = guide.prompts[kinds[0]];
  box.dataset.kind = kinds[0];
  document.getElementById("guide-title").textContent = tip.title || "";
  document.getElementById("guide-text").replaceChildren(...inlineNodes(tip.text || ""));
  document.getElementById("guide-more").textContent =
    kinds.length > 1 ? t("guide.more", {n: kinds.length - 1}) : "";
  box.hidden = false;
}

function dismissTip() {
  const box = document.getElementById("guide");
  const frame = guide.frame;
  if (!frame || !box.dataset.kind) return;
  const state = guideState(frame.game);
  if (!state.seen.includes(box.dataset.kind)) state.seen.push(box.dataset.kind);
  saveGuideState(frame.game, state);
  showTip();
}

function switchTips(event) {
  const frame = guide.frame;
  if (!frame) return;
  saveGuideState(frame.game, {...guideState(frame.game), on: event.target.checked});
  showTip();
}

if (document.getElementById("guide")) {
  document.getElementById("guide-dismiss").addEventListener("click", dismissTip);
  document.getElementById("guide-on").addEventListener("change", switchTips);
}

// -- the lobby ------------------------------------------------------------------------------------
// "Guided first game": the game's usual rules, you against one easy bot, the tips on and every
// tip of the game to be shown again; the page goes straight to the new seat.
function guidedButton(game) {
  const problem = h("span", {class: "error guided-error", role: "alert"});
  const button = h("button", {type: "button", class: "guided-start", "data-guided": game.name,
                              title: t("guide.start_doc")}, t("guide.start"));
  button.addEventListener("click", () => startGuided(game, button, problem));
  return [button, problem];
}

async function startGuided(game, button, problem) {
  const preset = game.presets.find(p => p.name === game.default_preset) || game.presets[0];
  const players = Math.min(Math.max(2, preset.min_players), preset.max_players);
  const agent = game.agents.includes("easy") ? "easy" : game.agents[0];
  const seats = [{kind: "human"},
                 ...Array.from({length: players - 1}, () => ({kind: "bot", agent}))];
  const name = ((document.getElementById("creator-name") || {}).value || "").trim();
  const body = {game: game.name, players, preset: preset.name, seats, ...(name ? {name} : {})};
  button.disabled = true;
  problem.textContent = "";
  try {
    const created = await fetchJSON("/api/tables", {
      method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)});
    saveGuideState(game.name, {...guideState(game.name), seen: [], on: true});
    const [path, fragment] = created.links.seat.url.split("#");
    location.assign(`${path}?lang=${encodeURIComponent(i18n.lang)}#${fragment}`);
  } catch (error) {
    problem.textContent = error.code && hasMessage(`error.${error.code}`)
      ? t(`error.${error.code}`, error.params || {}) : error.message;
    button.disabled = false;
  }
}
