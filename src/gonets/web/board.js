// Zoom and pan of a game picture whose root <svg> says `data-zoom="on"`, and of every picture
// on a phone-wide screen: the wheel, the +/−/fit buttons, dragging and a two-finger pinch move
// its viewBox.
//
// A picture may carry a second, narrow arrangement for phones: on a board under PHONE_WIDTH
// its root gets the class `narrow` (its own CSS then moves, swaps or hides its parts) and its
// base box is `data-narrow-box="x y w h"` instead of the viewBox; `data-narrow-unit`,
// `data-narrow-min-unit` and `data-narrow-min-scale` then stand for the attributes below (none
// given: no such limit). Everything else works the same on that box. Boxes are measured in the
// root's units with every transform (CSS ones too) applied, so a part may be moved by one.
//
// When a picture is drawn (and after every choice) the view holds everything that may be
// clicked now (`.pick`, `.clickable`) and the viewer's own piece (`[data-focus]`), as close as
// the picture allows: a board cell (`data-unit` SVG units) no smaller than `data-min-unit`
// pixels, the picture no smaller than `data-min-scale` of its drawn size, and on a phone its
// smallest word no smaller than READABLE_PX and its smallest target no smaller than TAP_PX
// (closer still where the frame holds every target); it zooms out further only as far as the
// targets need. "Fit" shows the whole picture. A view the player zoomed or panned is kept from frame
// to frame until "fit" is pressed, unless what may be clicked lies outside it; the whole
// picture "fit" shows is kept until the seat has something to click.
//
// On a phone a word the current zoom would draw under READABLE_PX is hidden until the player
// zooms in (`data-tiny`), so that nothing on the page is too small to read. Where the side
// panels stand below the board, one that shows the viewer's hand (a picture with `data-hand`)
// moves above the board while it is there, so the piece being placed stays in sight.
"use strict";

const PHONE_WIDTH = 600;       // boards narrower than this zoom and pan whatever the game says
const READABLE_PX = 12;
const TARGET_PAD = 8;          // pixels kept free around what may be clicked
const TAP_PX = 24;             // on a phone a decision opens with its smallest target this large
                               // (a finger's target, WCAG 2.5.8) where the frame holds them all
const zoom = {svg: null, base: null, wide: null, narrow: false, box: null, manual: false,
              whole: false, pointers: new Map(), moved: 0, pinch: null, labels: [], least: 0,
              size: null};

function parseBox(text) {
  const [x, y, w, h] = (text || "").split(/[\s,]+/).map(Number);
  return w > 0 && h > 0 ? {x, y, w, h} : null;
}

function setBox(box) {
  zoom.box = box;
  zoom.svg.setAttribute("viewBox", `${box.x} ${box.y} ${box.w} ${box.h}`);
  showLabels();
}

// The board box in pixels: the page's width, and a height up to 72% of the window (a tall
// picture as tall as it is drawn at the page's width, else 1.2 times the width); with a hand
// docked above it no more than leaves the box inside the window below where it starts, so
// that the hand and the box are seen at once.
function boardPixels() {
  const host = document.getElementById("board");
  const width = host.clientWidth || 800;
  const tall = zoom.base ? width * zoom.base.h / zoom.base.w : 0;
  let height = Math.min(window.innerHeight * 0.72, Math.max(width * 1.2, tall));
  const dock = document.getElementById("hand-dock");
  if (dock && !dock.hidden) {
    height = Math.min(height, window.innerHeight - host.getBoundingClientRect().top -
                              window.scrollY - 8);
  }
  return {width, height: Math.max(280, height)};
}

// The size the picture was given when it was drawn (the box is measured once per picture).
function framePixels() { return zoom.size || boardPixels(); }

function phone() { return document.getElementById("board").clientWidth < PHONE_WIDTH; }

// What may be clicked now on the picture (and the viewer's own piece, unless `own` is false),
// as one box of SVG units, with `least` the smallest side of a target in it; null when there
// is nothing.
function focusBox(svg, own = true) {
  const targets = svg.querySelectorAll(own ? ".pick, .clickable, [data-focus]"
                                           : ".pick, .clickable");
  const shown = Array.from(targets).filter(node => node.getClientRects().length)
    .map(node => ({node, box: rootBox(svg, node)})).filter(({box}) => box && box.width && box.height);
  if (!shown.length) return null;
  const boxes = shown.map(({box}) => box);
  const x = Math.min(...boxes.map(b => b.x)), y = Math.min(...boxes.map(b => b.y));
  const right = Math.max(...boxes.map(b => b.x + b.width));
  const bottom = Math.max(...boxes.map(b => b.y + b.height));
  const sides = shown.filter(({node}) => node.matches(".pick, .clickable"))
    .map(({box}) => Math.min(box.width, box.height));
  return {x, y, w: right - x, h: bottom - y, least: sides.length ? Math.min(...sides) : 0};
}

// An element's box in the root's units. getBBox leaves out the element's own transform and
// its ancestors' (a CSS transform of the narrow arrangement among them): its corners are
// carried through the element's screen matrix and back through the root's.
function rootBox(svg, node) {
  const box = node.getBBox();
  const root = svg.getScreenCTM(), own = node.getScreenCTM();
  if (!root || !own) return box;
  const m = root.inverse().multiply(own);
  const xs = [], ys = [];
  for (const [px, py] of [[box.x, box.y], [box.x + box.width, box.y],
                          [box.x, box.y + box.height], [box.x + box.width, box.y + box.height]]) {
    xs.push(m.a * px + m.c * py + m.e);
    ys.push(m.b * px + m.d * py + m.f);
  }
  const x = Math.min(...xs), y = Math.min(...ys);
  return {x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y};
}

// The arrangement for this board's width: the narrow one (`data-narrow-box`) on a phone.
function arrange(svg) {
  const narrow = phone() ? parseBox(svg.getAttribute("data-narrow-box")) : null;
  svg.classList.toggle("narrow", !!narrow);
  zoom.narrow = !!narrow;
  zoom.base = narrow || zoom.wide;
}

// One of the picture's numbers; in the narrow arrangement its `data-narrow-` twin.
function setting(name) {
  return parseFloat(zoom.svg.getAttribute(zoom.narrow ? name.replace("data-", "data-narrow-")
                                                      : name));
}

// -- words: their sizes, and those too small at this zoom hidden on a phone -----------------
// Each word's font size in the picture's own units (its transforms included): the words of
// the arrangement shown and of its previews (shown once their steps are chosen).
function measureLabels(svg) {
  for (const node of svg.querySelectorAll("text[data-tiny]")) node.removeAttribute("data-tiny");
  const root = svg.getScreenCTM();
  const rootScale = root ? Math.hypot(root.a, root.b) : 0;
  const drawn = node => node.getClientRects().length || node.closest("[data-show]");
  zoom.labels = Array.from(svg.querySelectorAll("text")).filter(drawn).map(node => {
    const own = node.getScreenCTM();
    const local = own && rootScale ? Math.hypot(own.a, own.b) / rootScale : 1;
    return {node, size: (parseFloat(getComputedStyle(node).fontSize) || 0) * local};
  }).filter(label => label.size > 0);
  zoom.least = zoom.labels.length ? Math.min(...zoom.labels.map(label => label.size)) : 0;
}

function drawnScale() {
  const {width, height} = framePixels();
  return Math.min(width / zoom.box.w, height / zoom.box.h);
}

function showLabels() {
  const scale = drawnScale();
  const small = phone();
  for (const label of zoom.labels) {
    const tiny = small && label.size * scale < READABLE_PX - 1e-6;
    if (tiny !== label.node.hasAttribute("data-tiny")) {
      label.node.toggleAttribute("data-tiny", tiny);
    }
  }
}

// -- the views ----------------------------------------------------------------------------------
function wholeScale() {
  const {width, height} = framePixels();
  return Math.min(width / zoom.base.w, height / zoom.base.h);
}

// The least scale the picture asks for (never under the whole picture's).
function readableScale() {
  let scale = wholeScale();
  const unit = setting("data-unit"), least = setting("data-min-unit");
  if (unit > 0 && least > 0) scale = Math.max(scale, least / unit);
  const floor = setting("data-min-scale");
  if (floor > 0) scale = Math.max(scale, floor);
  if (phone() && zoom.least > 0) scale = Math.max(scale, READABLE_PX / zoom.least);
  return scale;
}

function showAt(scale, centre) {
  const {width, height} = framePixels();
  const w = width / scale, h = height / scale;
  setBox(clamped({x: centre.x - w / 2, y: centre.y - h / 2, w, h}));
}

// The "fit" button: the whole picture.
function fitBoard() {
  if (!zoom.svg) return;
  const base = zoom.base;
  showAt(wholeScale(), {x: base.x + base.w / 2, y: base.y + base.h / 2});
  zoom.manual = false;
  zoom.whole = true;
}

// The view a decision opens with: what may be clicked, as close as the picture allows.
function frameChoice() {
  if (!zoom.svg) return;
  const base = zoom.base;
  const focus = focusBox(zoom.svg);
  let scale = readableScale();
  if (focus) {
    const {width, height} = framePixels();
    const room = Math.min((width - 2 * TARGET_PAD) / focus.w, (height - 2 * TARGET_PAD) / focus.h);
    if (phone() && focus.least > 0) scale = Math.max(scale, TAP_PX / focus.least);
    scale = Math.max(wholeScale(), Math.min(scale, room));
  }
  const centre = focus ? {x: focus.x + focus.w / 2, y: focus.y + focus.h / 2}
                       : {x: base.x + base.w / 2, y: base.y + base.h / 2};
  showAt(scale, centre);
  zoom.manual = false;
  zoom.whole = false;
}

// A view box moved back inside the picture wherever the picture is larger than it.
function clamped(box) {
  const base = zoom.base;
  const inside = (start, size, low, span) =>
    size <= span ? Math.min(Math.max(start, low), low + span - size) : low + (span - size) / 2;
  return {x: inside(box.x, box.w, base.x, base.w), y: inside(box.y, box.h, base.y, base.h),
          w: box.w, h: box.h};
}

function holds(box, focus) {
  const slack = 0.5;
  return focus.x >= box.x - slack && focus.y >= box.y - slack &&
         focus.x + focus.w <= box.x + box.w + slack && focus.y + focus.h <= box.y + box.h + slack;
}

// After a choice, bring the next choices into view when some lie outside it, or on a phone
// (unless the player zoomed by hand or pressed "fit") when one is drawn under TAP_PX.
function followPicks() {
  if (!zoom.svg || !zoom.svg.isConnected || !zoom.box) return;
  const focus = focusBox(zoom.svg);
  if (!focus) return;
  const tiny = phone() && !zoom.manual && !zoom.whole && focus.least > 0 &&
               focus.least * drawnScale() < TAP_PX - 0.5;
  if (!holds(zoom.box, focus) || tiny) frameChoice();
}

// -- zooming and panning by hand -----------------------------------------------------------------
// Zoom by `factor` (>1: closer) around a point of the picture given in client pixels.
function zoomAt(factor, clientX, clientY) {
  const rect = zoom.svg.getBoundingClientRect();
  const box = zoom.box;
  const fx = rect.width ? (clientX - rect.left) / rect.width : 0.5;
  const fy = rect.height ? (clientY - rect.top) / rect.height : 0.5;
  const w = Math.min(box.w / factor, zoom.base.w * 4), h = box.h * (w / box.w);
  setBox({x: box.x + (box.w - w) * fx, y: box.y + (box.h - h) * fy, w, h});
  zoom.manual = true;
  zoom.whole = false;
}

function zoomCentre(factor) {
  const rect = zoom.svg.getBoundingClientRect();
  zoomAt(factor, rect.left + rect.width / 2, rect.top + rect.height / 2);
}

function panBy(dx, dy) {
  const rect = zoom.svg.getBoundingClientRect();
  const box = zoom.box;
  setBox({x: box.x - dx * box.w / rect.width, y: box.y - dy * box.h / rect.height,
          w: box.w, h: box.h});
  zoom.manual = true;
  zoom.whole = false;
}

function onPointerDown(event) {
  zoom.pointers.set(event.pointerId, {x: event.clientX, y: event.clientY});
  zoom.moved = 0;
  if (zoom.pointers.size === 2) zoom.pinch = pinchDistance();
}

function onPointerMove(event) {
  const last = zoom.pointers.get(event.pointerId);
  if (!last) return;
  const dx = event.clientX - last.x, dy = event.clientY - last.y;
  zoom.pointers.set(event.pointerId, {x: event.clientX, y: event.clientY});
  if (zoom.pointers.size === 2 && zoom.pinch) {
    const distance = pinchDistance();
    const points = Array.from(zoom.pointers.values());
    zoomAt(distance / zoom.pinch, (points[0].x + points[1].x) / 2,
           (points[0].y + points[1].y) / 2);
    zoom.pinch = distance;
    zoom.moved += 10;
    return;
  }
  zoom.moved += Math.abs(dx) + Math.abs(dy);
  if (zoom.moved > 6) panBy(dx, dy);
}

function onPointerUp(event) {
  zoom.pointers.delete(event.pointerId);
  if (zoom.pointers.size < 2) zoom.pinch = null;
}

function pinchDistance() {
  const [a, b] = Array.from(zoom.pointers.values());
  return Math.hypot(a.x - b.x, a.y - b.y) || 1;
}

// Take over a freshly drawn board picture (or leave a picture without data-zoom alone).
function mountBoard(svg) {
  const tools = document.getElementById("zoom-tools");
  const zoomable = svg && svg.getAttribute && (svg.getAttribute("data-zoom") === "on" ||
                                               (phone() && svg.getAttribute("viewBox")));
  tools.hidden = !zoomable;
  document.getElementById("board").classList.toggle("zoomable", !!zoomable);
  if (!zoomable) { zoom.svg = null; zoom.labels = []; return; }
  const wasNarrow = zoom.narrow;
  zoom.svg = svg;
  zoom.wide = parseBox(svg.getAttribute("viewBox"));
  if (!zoom.wide) { zoom.svg = null; zoom.labels = []; return; }
  arrange(svg);
  const kept = zoom.manual && zoom.box && zoom.narrow === wasNarrow;
  zoom.size = boardPixels();
  svg.style.height = `${zoom.size.height}px`;
  svg.setAttribute("preserveAspectRatio", "xMidYMid meet");
  measureLabels(svg);
  if (kept) {
    setBox(zoom.box);
    followPicks();
  } else if (zoom.whole && !focusBox(svg, false)) fitBoard();   // "fit" holds until a choice
  else frameChoice();
  svg.addEventListener("wheel", event => {
    event.preventDefault();
    zoomAt(event.deltaY < 0 ? 1.2 : 1 / 1.2, event.clientX, event.clientY);
  }, {passive: false});
  svg.addEventListener("pointerdown", onPointerDown);
  svg.addEventListener("pointermove", onPointerMove);
  svg.addEventListener("pointerup", onPointerUp);
  svg.addEventListener("pointercancel", onPointerUp);
  // A drag or a pinch is not a click on what lies under the finger.
  svg.addEventListener("click", event => {
    if (zoom.moved > 6) { event.stopPropagation(); event.preventDefault(); }
  }, true);
}

// -- the hand beside the board, and menus clear of what may be clicked --------------------------
// Where the side panels come after the board (a window up to 800 px wide, app.css), out of
// sight: a panel showing the viewer's hand (its picture says `data-hand`) is moved just above
// the board instead.
// When the seat is to choose and the page was left scrolled down (to a side panel, say) with
// the board in sight but the hand just above the window, the page scrolls up to show both.
function dockHand() {
  const dock = document.getElementById("hand-dock");
  if (!dock) return;
  const hand = document.querySelector("#panels svg[data-hand]");
  const stacked = window.matchMedia("(max-width: 800px)").matches;
  const panel = hand && stacked ? hand.closest(".panel") : null;
  dock.replaceChildren(...(panel ? [panel] : []));
  dock.hidden = !panel;
  const frame = window.gonets && window.gonets.frame;
  if (!panel || !frame || !frame.legal.length) return;
  const top = dock.getBoundingClientRect().top;
  const board = document.getElementById("board").getBoundingClientRect();
  if (top < 0 && board.bottom > 0) window.scrollBy(0, top - 4);
}

// A menu of several choices for one clicked element: where it covers nothing that may be
// clicked (on a phone above or below the board first, so the board stays in sight), inside
// the window; next to the click when nowhere else will do.
function placeMenu(menu, event) {
  menu.style.left = "0px";           // measured where it may take the window's whole width
  menu.style.top = "0px";
  const width = menu.offsetWidth, height = menu.offsetHeight;
  const right = document.documentElement.clientWidth, bottom = window.innerHeight;
  const clickX = event && event.clientX ? event.clientX : 20;
  const clickY = event && event.clientY ? event.clientY : 20;
  const left = Math.max(4, Math.min(clickX - width / 2, right - width - 4));
  const board = document.getElementById("board").getBoundingClientRect();
  const near = [{x: left, y: clickY + 16}, {x: left, y: clickY - height - 16},
                {x: clickX + 16, y: clickY - height / 2},
                {x: clickX - width - 16, y: clickY - height / 2}];
  const outside = [{x: left, y: board.top - height - 4}, {x: left, y: board.bottom + 4}];
  const spots = phone() ? [...outside, ...near] : [...near, ...outside];
  const targets = Array.from(document.querySelectorAll(
    "#board .pick, #board .clickable, #panels .pick")).map(node => node.getBoundingClientRect())
    .filter(r => r.width && r.height);
  const covers = spot => targets.some(r => r.left < spot.x + width && r.right > spot.x &&
                                           r.top < spot.y + height && r.bottom > spot.y);
  const fits = spot => spot.x >= 0 && spot.y >= 0 && spot.x + width <= right &&
                       spot.y + height <= bottom;
  const spot = spots.find(s => fits(s) && !covers(s)) || spots.find(fits) || near[0];
  menu.style.left = `${spot.x + window.scrollX}px`;
  menu.style.top = `${spot.y + window.scrollY}px`;
}

document.getElementById("zoom-in").addEventListener("click", () => zoomCentre(1.25));
document.getElementById("zoom-out").addEventListener("click", () => zoomCentre(1 / 1.25));
document.getElementById("zoom-fit").addEventListener("click", fitBoard);
// A new window size, or what stands above the board grown or gone (a tip, a longer prompt):
// the box is measured again and the view kept, or made again if it was the opening one. A
// board that crossed PHONE_WIDTH changes arrangement, and its view is made again.
function remeasure() {
  if (!zoom.svg || !zoom.svg.isConnected) return;
  const wasNarrow = zoom.narrow;
  arrange(zoom.svg);
  if (zoom.narrow !== wasNarrow) {
    measureLabels(zoom.svg);
    zoom.manual = false;
    zoom.size = null;
  }
  const size = boardPixels(), old = zoom.size;
  if (old && Math.abs(size.width - old.width) < 2 && Math.abs(size.height - old.height) < 2) return;
  zoom.size = size;
  zoom.svg.style.height = `${size.height}px`;
  if (zoom.manual) setBox(zoom.box); else if (zoom.whole) fitBoard(); else frameChoice();
}
window.addEventListener("resize", remeasure);
new ResizeObserver(remeasure).observe(document.body);
