// Building an action from clicks, the same for every game. Each legal action of a frame is a
// path of step keys (`card:guard`, `target:p2`, `guess:priest`); the seat chooses them one at
// a time. Picture elements carrying a key in `data-pick` become clickable while that key can
// continue a legal action (greyed while their family is chosen but they cannot), previews in
// `data-show="k1/k2"` appear once those keys are chosen, and keys nothing on the picture
// carries become buttons. A family starting with `~` (a tile's rotation) is cycled and then
// confirmed. See docs/architecture.md, "The web client".
"use strict";

const picks = {chosen: [], tentative: false};
window.gonetsPicks = picks;          // for tests: what is chosen so far

function familyOf(key) { return key.split(":", 1)[0]; }
function isCycle(key) { return key.startsWith("~"); }
function keysOf(node, attribute) {
  return (node.getAttribute(attribute) || "").split("|").map(k => k.trim()).filter(Boolean);
}

// Every way of clicking every legal action: its steps, and any other order the game allows
// (`paths`: a Baroness's two players clicked either way round).
function routes(frame) {
  return frame.legal.flatMap(a => (a.paths || [a.steps]).map(steps => ({text: a.text, steps})));
}

// The routes still open after the chosen keys, and the keys that may come next.
function candidates(frame) {
  const chosen = picks.chosen;
  return routes(frame).filter(a => chosen.length <= a.steps.length &&
                                   chosen.every((key, i) => a.steps[i] === key));
}

function nextKeys(frame) {
  const keys = [];
  for (const action of candidates(frame)) {
    const key = action.steps[picks.chosen.length];
    if (key !== undefined && !keys.includes(key)) keys.push(key);
  }
  return keys;
}

// The action the chosen keys complete, if one does.
function completed(frame) {
  return candidates(frame).find(a => a.steps.length === picks.chosen.length) || null;
}

function resetPicks() { picks.chosen = []; picks.tentative = false; }

function choose(frame, key) {
  picks.chosen.push(key);
  picks.tentative = false;
  advance(frame);
}

// After a choice: send the action if it is complete, pre-select a cycling step, or redraw.
function advance(frame) {
  const next = nextKeys(frame);
  const done = completed(frame);
  if (done && !next.length && !picks.tentative) { act(done.text); return; }
  if (next.length && isCycle(next[0]) && !picks.tentative) {
    picks.chosen.push(next[0]);
    picks.tentative = true;
  }
  decoratePictures(frame);
}

// The cycling step: the next key of the same family, wrapping round.
function cycle(frame) {
  if (!picks.tentative) return;
  const current = picks.chosen.pop();
  const options = nextKeys(frame);
  picks.chosen.push(options[(options.indexOf(current) + 1) % options.length]);
  decoratePictures(frame);
}

function confirm(frame) {
  if (!picks.tentative) return;
  picks.tentative = false;
  advance(frame);
}

function back(frame) {
  if (!picks.chosen.length) return;
  picks.chosen.pop();
  if (picks.tentative) {
    picks.tentative = false;
    picks.chosen.pop();                  // back from rotating to choosing the cell
  } else if (picks.chosen.length && isCycle(picks.chosen[picks.chosen.length - 1])) {
    picks.tentative = true;              // back to rotating
  }
  decoratePictures(frame);
}

// While rotating: the other keys that could have been chosen instead of the rotated one's
// (the other cells), so that a click on one moves the preview there.
function siblings(frame) {
  if (!picks.tentative || picks.chosen.length < 2) return [];
  const kept = picks.chosen.splice(-2);
  const keys = nextKeys(frame);
  picks.chosen.push(...kept);
  return keys.filter(k => k !== kept[0]);
}

// What the client offers now: the keys of the step being chosen (the tentative one's
// siblings while cycling).
function offered(frame) {
  if (!picks.tentative) return nextKeys(frame);
  const current = picks.chosen.pop();
  const keys = nextKeys(frame);
  picks.chosen.push(current);
  return keys;
}

function pictures() {
  return document.querySelectorAll("#board svg, #panels svg, #hand-dock svg");
}

// Mark every picture element for the current choice and rebuild the buttons.
function decoratePictures(frame) {
  const keys = offered(frame);
  const others = siblings(frame);
  const families = new Set(keys.map(familyOf));
  const chosen = picks.chosen;
  const covered = new Set();
  const mine = frame.legal.length > 0;
  for (const root of pictures()) {
    for (const node of root.querySelectorAll("[data-show]")) {
      const path = node.getAttribute("data-show").split("/");
      node.style.display = path.every((key, i) => chosen[i] === key) ? "" : "none";
    }
    for (const node of root.querySelectorAll("[data-pick]")) {
      const own = keysOf(node, "data-pick");
      const live = own.filter(k => keys.includes(k));
      const previous = picks.tentative && (own.includes(chosen[chosen.length - 2]) ||
                                           own.some(k => others.includes(k)));
      const visible = node.closest("[data-show]") === null ||
                      node.closest("[data-show]").style.display !== "none";
      node.classList.toggle("pick", mine && (live.length > 0 || previous));
      node.classList.toggle("pick-chosen", own.some(k => chosen.includes(k)));
      node.classList.toggle("pick-off", mine && !live.length && !previous &&
                            own.some(k => families.has(familyOf(k))));
      node.setAttribute("tabindex", live.length || previous ? "0" : "-1");
      if (visible) live.forEach(k => covered.add(k));
    }
    for (const node of root.querySelectorAll("[data-action]")) {
      const own = keysOf(node, "data-action");
      const live = chosen.length ? [] : own.filter(k => frame.legal.some(a => a.text === k));
      node.classList.toggle("clickable", live.length > 0);
      node.setAttribute("tabindex", live.length ? "0" : "-1");
      for (const action of frame.legal) {
        if (live.includes(action.text)) covered.add(action.steps[0]);
      }
    }
  }
  drawPickButtons(frame, keys.filter(k => !covered.has(k) || isCycle(k)));
  drawPrompt(frame, keys);
  if (typeof guideDecision === "function") guideDecision(frame, keys);   // guide.js
  followPicks();
}

// One listener per picture: a click on an element carrying keys chooses among them.
function wirePicture(root, frame) {
  const handle = event => {
    const node = event.target.closest("[data-pick], [data-action]");
    if (!node || !root.contains(node)) return;
    event.stopPropagation();
    const keys = offered(frame);
    if (node.hasAttribute("data-pick")) {
      const own = keysOf(node, "data-pick");
      if (picks.tentative && own.includes(picks.chosen[picks.chosen.length - 2])) {
        cycle(frame);
        return;
      }
      const moved = picks.tentative ? own.filter(k => siblings(frame).includes(k)) : [];
      if (moved.length) {              // another cell while rotating: the preview moves there
        picks.chosen.splice(-2);
        picks.tentative = false;
        choose(frame, moved[0]);
        return;
      }
      const live = own.filter(k => keys.includes(k));
      if (live.length === 1) choose(frame, live[0]);
      else if (live.length > 1) showMenu(live, frame.picks, event, key => choose(frame, key));
      return;
    }
    if (picks.chosen.length) return;
    const live = keysOf(node, "data-action").filter(k => frame.legal.some(a => a.text === k));
    if (live.length === 1) act(live[0]);
    else if (live.length > 1) showMenu(live, labels(frame), event, act);
  };
  root.addEventListener("click", handle);
  root.addEventListener("keydown", e => { if (e.key === "Enter" || e.key === " ") handle(e); });
}

// Labels of whole actions and of step keys alike.
function labels(frame) {
  const out = Object.assign({}, frame.picks || {});
  for (const action of frame.legal) {
    if (action.steps.length === 1 && action.steps[0] === action.text) out[action.text] = action.label;
  }
  return out;
}

function drawPickButtons(frame, keys) {
  const label = labels(frame);
  const buttons = [];
  if (picks.tentative) {
    buttons.push(h("button", {type: "button", id: "pick-rotate", "data-role": "cycle",
                              onclick: () => cycle(frame)},
                   `${t("table.rotate")} · ${label[picks.chosen[picks.chosen.length - 1]] || ""}`));
    buttons.push(h("button", {type: "button", id: "pick-confirm", class: "primary",
                              "data-role": "confirm", onclick: () => confirm(frame)},
                   t("table.confirm")));
  } else {
    for (const key of keys) {
      buttons.push(h("button", {type: "button", "data-pick": key, title: key,
                                "data-action": frame.legal.some(a => a.text === key) ? key : null,
                                onclick: () => choose(frame, key)}, label[key] || key));
    }
  }
  if (frame.hints && frame.legal.length && !picks.chosen.length) {
    buttons.push(h("button", {type: "button", id: "hint", class: "hint",
                              onclick: () => askHint(frame)}, t("table.hint")));
  }
  if (picks.chosen.length) {
    buttons.push(h("button", {type: "button", id: "pick-back", class: "cancel",
                              "data-role": "back", onclick: () => back(frame)}, t("table.back")));
  }
  document.getElementById("actions").replaceChildren(...buttons);
}

// A hint: the server's search ranks this seat's moves from its own view; shown in a panel
// until the position changes.
function askHint(frame) {
  showHint(frame, null);
  if (send({type: "hint"}) === null) document.getElementById("hint-panel")?.remove();
}

function showHint(frame, choices) {
  document.getElementById("hint-panel")?.remove();
  const label = Object.fromEntries(frame.legal.map(a => [a.text, a.label]));
  const lines = choices === null ? [h("li", {}, t("table.hint_thinking"))]
    : choices.map(c => h("li", {"data-action": c.action}, h("b", {}, label[c.action] || c.action),
        " — ", t("table.hint_line", {chance: `${Math.round(c.win_chance * 100)}%`,
                                      visits: c.visits})));
  document.getElementById("panels").prepend(
    h("section", {class: "card panel", id: "hint-panel"}, h("h2", {}, t("table.hint_title")),
      h("ol", {class: "panel-lines"}, lines)));
}

function drawPrompt(frame, keys) {
  const line = document.getElementById("prompt");
  if (!line) return;
  if (!frame.legal.length) { line.textContent = ""; return; }
  const prompts = frame.prompts || {};
  const family = keys.length ? familyOf(keys[0]) : "";
  line.textContent = prompts[family] || prompts[keys[0]] || t("table.choose");
}

document.addEventListener("keydown", event => {
  const frame = window.gonets && window.gonets.frame;
  if (!frame || event.target.closest("input, textarea, select")) return;
  if (event.key === "Escape") back(frame);
  else if ((event.key === "r" || event.key === "R") && picks.tentative) cycle(frame);
});
