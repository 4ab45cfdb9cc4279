// The table page's replay viewer and review links (table.js holds the page): any step of a
// finished table from any seat's view, fetched from the server and drawn as a frame is.
"use strict";

// -- replay and review ----------------------------------------------------------------------------
// A finished table's review of one seat: the server's page, made once, in the reader's language.
function reviewAddress(seat) {
  return `/table/${encodeURIComponent(tableId)}/review?seat=${seat}` +
         `&lang=${encodeURIComponent(i18n.lang)}`;
}

function showReplayReview() {
  const link = document.getElementById("replay-review");
  const seat = gonets.replay.seat;
  link.hidden = seat === "spectator";
  if (!link.hidden) link.href = reviewAddress(seat);
}

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
    drawLog(data.log, data.log_refs);
  } catch (error) { showError(errorText(error)); }
}

function openReplay() {
  const frame = gonets.frame;
  const panel = document.getElementById("replay");
  panel.hidden = false;
  panel.scrollIntoView({block: "start"});    // the controls above the board, in sight
  const select = document.getElementById("replay-seat");
  select.replaceChildren(h("option", {value: "spectator"}, t("table.spectator")),
    ...frame.seats.map((s, i) => h("option", {value: i}, seatLabel(frame.seats, i))));
  gonets.replay.seat = frame.seat === null ? "spectator" : String(frame.seat);
  select.value = gonets.replay.seat;
  document.getElementById("replay-record").href =
    `/api/tables/${encodeURIComponent(tableId)}/record`;
  gonets.replay.step = frame.version;
  showReplayReview();
  showReplayStep();
}

function moveReplay(to) {
  const r = gonets.replay;
  r.step = Math.max(0, Math.min(r.steps || 0, to));
  showReplayStep();
}

document.getElementById("replay-open").addEventListener("click", openReplay);
document.getElementById("replay-seat").addEventListener("change", e => {
  gonets.replay.seat = e.target.value; showReplayReview(); showReplayStep();
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
