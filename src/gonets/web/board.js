// Zoom and pan of a game picture whose root <svg> says `data-zoom="on"`, and of every picture
// on a phone-wide screen: the wheel, the +/−/fit buttons, dragging and a two-finger pinch move
// its viewBox. The picture opens fitted to the box, but never shows a board cell (`data-unit`
// SVG units) smaller than `data-min-unit` pixels, nor the picture below `data-min-scale` of
// its drawn size (on a phone 0.7 unless the game says otherwise, so that its words stay
// readable); it then centres on what may be clicked (or on `[data-focus]`). A view the player
// zoomed or panned is kept from frame to frame until "fit" is pressed.
"use strict";

const PHONE_WIDTH = 600;       // boards narrower than this zoom and pan whatever the game says
const PHONE_SCALE = 0.7;
const zoom = {svg: null, base: null, box: null, manual: false, pointers: new Map(),
              moved: 0, pinch: null};

function parseBox(text) {
  const [x, y, w, h] = (text || "").split(/[\s,]+/).map(Number);
  return w > 0 && h > 0 ? {x, y, w, h} : null;
}

function setBox(box) {
  zoom.box = box;
  zoom.svg.setAttribute("viewBox", `${box.x} ${box.y} ${box.w} ${box.h}`);
}

function boardPixels() {
  const host = document.getElementById("board");
  const width = host.clientWidth || 800;
  const height = Math.max(280, Math.min(window.innerHeight * 0.72, width * 1.2));
  return {width, height};
}

// Where the fitted view centres when the whole board does not fit readably.
function focusBox(svg) {
  const targets = svg.querySelectorAll(".pick, .clickable, [data-focus]");
  if (!targets.length) return null;
  const boxes = Array.from(targets).map(node => node.getBBox()).filter(b => b.width && b.height);
  if (!boxes.length) return null;
  const x = Math.min(...boxes.map(b => b.x)), y = Math.min(...boxes.map(b => b.y));
  const right = Math.max(...boxes.map(b => b.x + b.width));
  const bottom = Math.max(...boxes.map(b => b.y + b.height));
  return {x, y, w: right - x, h: bottom - y};
}

function phone() { return document.getElementById("board").clientWidth < PHONE_WIDTH; }

function fitBoard() {
  if (!zoom.svg) return;
  const {width, height} = boardPixels();
  const base = zoom.base;
  let scale = Math.min(width / base.w, height / base.h);
  const unit = parseFloat(zoom.svg.getAttribute("data-unit"));
  const least = parseFloat(zoom.svg.getAttribute("data-min-unit"));
  if (unit > 0 && least > 0) scale = Math.max(scale, least / unit);
  const floor = parseFloat(zoom.svg.getAttribute("data-min-scale")) || (phone() ? PHONE_SCALE : 0);
  scale = Math.max(scale, floor);
  const w = width / scale, h = height / scale;
  const focus = (w < base.w || h < base.h) ? focusBox(zoom.svg) : null;
  const centre = focus ? {x: focus.x + focus.w / 2, y: focus.y + focus.h / 2}
                       : {x: base.x + base.w / 2, y: base.y + base.h / 2};
  setBox(clamped({x: centre.x - w / 2, y: centre.y - h / 2, w, h}));
  zoom.manual = false;
}

// A view box moved back inside the picture wherever the picture is larger than it.
function clamped(box) {
  const base = zoom.base;
  const inside = (start, size, low, span) =>
    size <= span ? Math.min(Math.max(start, low), low + span - size) : low + (span - size) / 2;
  return {x: inside(box.x, box.w, base.x, base.w), y: inside(box.y, box.h, base.y, base.h),
          w: box.w, h: box.h};
}

// After a choice, bring the next choices into view unless the player moved the view.
function followPicks() {
  if (!zoom.svg || zoom.manual || !zoom.box) return;
  const focus = focusBox(zoom.svg);
  const box = zoom.box;
  if (focus && (focus.x < box.x || focus.y < box.y || focus.x + focus.w > box.x + box.w ||
                focus.y + focus.h > box.y + box.h)) fitBoard();
}

// Zoom by `factor` (>1: closer) around a point of the picture given in client pixels.
function zoomAt(factor, clientX, clientY) {
  const rect = zoom.svg.getBoundingClientRect();
  const box = zoom.box;
  const fx = rect.width ? (clientX - rect.left) / rect.width : 0.5;
  const fy = rect.height ? (clientY - rect.top) / rect.height : 0.5;
  const w = Math.min(box.w / factor, zoom.base.w * 4), h = box.h * (w / box.w);
  setBox({x: box.x + (box.w - w) * fx, y: box.y + (box.h - h) * fy, w, h});
  zoom.manual = true;
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
  const zoomable = svg && svg.getAttribute &&
                   (svg.getAttribute("data-zoom") === "on" || (phone() && svg.getAttribute("viewBox")));
  tools.hidden = !zoomable;
  document.getElementById("board").classList.toggle("zoomable", !!zoomable);
  if (!zoomable) { zoom.svg = null; return; }
  const kept = zoom.manual && zoom.box;
  zoom.svg = svg;
  zoom.base = parseBox(svg.getAttribute("viewBox"));
  if (!zoom.base) { zoom.svg = null; return; }
  svg.style.height = `${boardPixels().height}px`;
  svg.setAttribute("preserveAspectRatio", "xMidYMid meet");
  if (kept) setBox(zoom.box); else fitBoard();
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

document.getElementById("zoom-in").addEventListener("click", () => zoomCentre(1.25));
document.getElementById("zoom-out").addEventListener("click", () => zoomCentre(1 / 1.25));
document.getElementById("zoom-fit").addEventListener("click", fitBoard);
window.addEventListener("resize", () => { if (zoom.svg && !zoom.manual) fitBoard(); });
