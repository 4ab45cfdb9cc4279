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

async function fetchJSON(url, options) {
  const response = await fetch(url, options);
  let data = null;
  try { data = await response.json(); } catch (e) { data = null; }
  if (!response.ok) {
    throw new Error((data && data.error) || `${response.status} ${response.statusText}`);
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

function seatLabel(seats, index) {
  const seat = seats && seats[index];
  const base = `p${index + 1}`;
  if (!seat) return base;
  if (seat.name) return `${seat.name} (${base})`;
  if (seat.kind === "bot") return t("seat.bot", {agent: seat.agent, seat: base});
  return t(seat.free ? "seat.free" : "seat.waiting", {seat: base});
}
