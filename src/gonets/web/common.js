// Shared helpers of the gonets web client. Text always goes in through textContent (never
// innerHTML), and game pictures are parsed as SVG and stripped of anything active.
"use strict";

function h(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

// Who this browser is (GET /api/session: {user, csrf}), asked once per page; every request
// that changes something carries its CSRF token.
let sessionAsked = null;
function session(fresh) {
  if (!sessionAsked || fresh) {
    sessionAsked = fetch("/api/session", {cache: "no-store"}).then(r => r.json());
  }
  return sessionAsked;
}

async function fetchJSON(url, options) {
  options = options || {};
  const method = (options.method || "GET").toUpperCase();
  if (method !== "GET" && method !== "HEAD") {
    const {csrf} = await session();
    options = {...options, headers: {...(options.headers || {}), "X-CSRF-Token": csrf}};
  }
  const response = await fetch(url, options);
  let data = null;
  try { data = await response.json(); } catch (e) { data = null; }
  if (!response.ok) {
    const error = new Error((data && data.error) || `${response.status} ${response.statusText}`);
    error.code = data && data.code;           // stable: the page shows its own words for it
    error.params = (data && data.params) || {};
    throw error;
  }
  return data;
}

const FORBIDDEN_SVG = ["script", "foreignObject", "iframe", "object", "embed", "audio", "video"];

// Parse a game's SVG picture into a node, removing scripts, event handlers and script links.
function svgNode(text) {
  const doc = new DOMParser().parseFromString(text || "<svg xmlns='http://www.w3.org/2000/svg'/>",
                                              "image/svg+xml");
  const root = doc.documentElement;
  if (!root || root.nodeName !== "svg" || doc.getElementsByTagName("parsererror").length) {
    return h("p", {class: "error"}, "the picture could not be drawn");
  }
  for (const name of FORBIDDEN_SVG) {
    for (const bad of Array.from(root.getElementsByTagName(name))) bad.remove();
  }
  for (const node of [root, ...root.querySelectorAll("*")]) {
    for (const attr of Array.from(node.attributes)) {
      const name = attr.name.toLowerCase();
      const value = attr.value.trim().toLowerCase();
      if (name.startsWith("on") || ((name === "href" || name.endsWith(":href")) &&
          !value.startsWith("#") && !value.startsWith("data:image/"))) {
        node.removeAttribute(attr.name);
      }
    }
  }
  // Give pictures without a viewBox one, so that they scale with the page.
  const width = parseFloat(root.getAttribute("width"));
  const height = parseFloat(root.getAttribute("height"));
  if (!root.getAttribute("viewBox") && width > 0 && height > 0) {
    root.setAttribute("viewBox", `0 0 ${width} ${height}`);
  }
  root.removeAttribute("width");
  root.removeAttribute("height");
  return document.importNode(root, true);
}

// The person-names bots are given (the catalogue's "bot.names": the same places in each
// language). Each bot seat keeps its name's English form in ``persona``.
function botNames(catalogue) {
  return String(catalogue["bot.names"] || "").split(",").map(n => n.trim()).filter(Boolean);
}

// The person-name (English form) of each bot seat, null for the others, as the server's
// gonets.core.botnames.personas: a seat of an older table without one keeps a person's
// name it was given, else gets the name of its place or the next one nobody has.
function botPersonas(seats) {
  const own = seat => {
    if (!seat || seat.kind !== "bot") return null;
    if (seat.persona) return seat.persona;
    const name = String(seat.name || "").trim().toLowerCase();
    const agent = String(seat.agent || "").toLowerCase();
    if (!name || name.split(/[^\p{L}\p{N}]+/u).includes("bot")) return null;
    return agent && name.includes(agent) ? null : seat.name;
  };
  const found = (seats || []).map(own);
  const used = new Set(found.filter(Boolean));
  const names = botNames(i18n.english);
  found.forEach((persona, index) => {
    if (persona || !seats[index] || seats[index].kind !== "bot" || !names.length) return;
    const free = names.map((_, step) => names[(index + step) % names.length]);
    found[index] = free.find(name => !used.has(name)) || free[0];
    used.add(found[index]);
  });
  return found;
}

// A bot's name in the page's language and its level beside it: "Vera · hard bot".
function botName(seat, persona) {
  const place = botNames(i18n.english).indexOf(persona);
  const name = (place >= 0 && botNames(i18n.messages)[place]) || persona;
  const key = `bot.${seat.agent}`;
  return seat.agent !== "names" && hasMessage(key) ? t(key, {name})
    : t("seat.bot", {name, agent: seat.agent});
}

// What a seat is called, without its place: a bot by its name and level, a person by theirs.
function seatName(seats, index) {
  const seat = seats && seats[index];
  const persona = botPersonas(seats)[index];
  if (persona) return botName(seat, persona);
  return (seat && seat.name) || seatBadge(index);
}

// A seat's number as the page's language writes it: "p2", "игрок 2".
function seatBadge(index) {
  return t("seat.badge", {n: index + 1});
}

function seatLabel(seats, index) {
  const seat = seats && seats[index];
  const base = seatBadge(index);
  if (!seat) return base;
  if (seat.kind === "bot" || seat.name) return `${seatName(seats, index)} (${base})`;
  return t(seat.free ? "seat.free" : "seat.waiting", {seat: base});
}

// -- games' help --------------------------------------------------------------------------------
// A game's name and short description in the page's language (the catalogue's, else the
// server's English).
function gameTitle(game) {
  const key = `game.${game.name || game.game}.title`;
  return hasMessage(key) ? t(key) : game.title;
}

function gameSummary(game) {
  const key = `game.${game.name || game.game}.summary`;
  return hasMessage(key) ? t(key) : (game.description || "");
}

// A small, safe Markdown: headings (#), lists (- or 1.), paragraphs, **bold**, *italic* and
// `code`, all built as elements and text nodes (never parsed as HTML).
function markdownNodes(text) {
  const nodes = [];
  let list = null;
  let paragraph = [];
  const flush = () => {
    if (paragraph.length) nodes.push(h("p", {}, inlineNodes(paragraph.join(" "))));
    paragraph = [];
  };
  for (const raw of (text || "").split(/\r?\n/)) {
    const line = raw.trim();
    const heading = /^(#{1,4})\s+(.*)$/.exec(line);
    const item = /^(?:[-*+]|\d+[.)])\s+(.*)$/.exec(line);
    if (!line) { flush(); list = null; continue; }
    if (heading) {
      flush(); list = null;
      nodes.push(h(`h${Math.min(6, heading[1].length + 2)}`, {}, inlineNodes(heading[2])));
    } else if (item) {
      flush();
      const kind = /^\d/.test(line) ? "ol" : "ul";
      if (!list || list.tagName.toLowerCase() !== kind) { list = h(kind, {}); nodes.push(list); }
      list.append(h("li", {}, inlineNodes(item[1])));
    } else if (list && /^\s/.test(raw)) {
      list.lastChild.append(" ", ...inlineNodes(line));      // a list item's next line
    } else {
      list = null;
      paragraph.push(line);
    }
  }
  flush();
  return nodes;
}

function inlineNodes(text) {
  const parts = [];
  let last = 0;
  for (const match of text.matchAll(/\*\*[^*]+\*\*|`[^`]+`|\*[^*\s][^*]*\*/g)) {
    if (match.index > last) parts.push(text.slice(last, match.index));
    const token = match[0];
    if (token.startsWith("**")) parts.push(h("strong", {}, token.slice(2, -2)));
    else if (token.startsWith("`")) parts.push(h("code", {}, token.slice(1, -1)));
    else parts.push(h("em", {}, token.slice(1, -1)));
    last = match.index + token.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

// Open the help dialog of a game (its rules in the page's language).
async function openHelp(name) {
  const dialog = document.getElementById("help-dialog");
  const body = document.getElementById("help-body");
  body.replaceChildren(h("p", {class: "doc"}, t("help.loading")));
  if (!dialog.open) dialog.showModal();
  try {
    const data = await fetchJSON(`/api/games/${encodeURIComponent(name)}/help` +
                                 `?lang=${encodeURIComponent(i18n.lang)}`);
    const nodes = markdownNodes(data.help);
    body.replaceChildren(h("h2", {}, t("help.title", {game: gameTitle(data)})),
                         h("p", {class: "summary"}, gameSummary(data)),
                         ...(nodes.length ? nodes : [h("p", {class: "doc"}, t("help.none"))]));
  } catch (error) {
    body.replaceChildren(h("p", {class: "error"}, error.message));
  }
}
