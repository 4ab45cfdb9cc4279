// The end screen of a finished table, drawn from the frame's "final" (the game's own
// Game.final of this reader's view): each player's place, name and scores, why the game
// ended, the numbers that decided it, and the ways on (the replay, the review). It sits in
// the page above the board, under the Rematch box; no pop-up covers either at the end.
"use strict";

// Called by draw() before the side panels: at the end the pop-ups (a round's summary, the
// final scoring) stay in the side column instead of covering the board.
function drawFinal(frame) {
  const box = document.getElementById("final");
  const final = frame.final;
  const over = frame.status === "finished" && !!frame.view.terminal && !!final;
  if (frame.view.terminal) quietEnd(frame);
  box.hidden = !over;
  if (!over) return;
  const winners = (frame.view.result && frame.view.result.winners) || [];
  const head = h("tr", {}, h("th", {scope: "col"}, t("final.rank")),
                 h("th", {scope: "col"}, t("final.player")),
                 final.columns.map((column, index) => h("th", {scope: "col",
                   class: index === (final.score || 0) ? "score" : null}, column)));
  const rows = final.rows.map(row => h("tr", {"data-seat": row.seat,
                                              class: winners.includes(row.seat) ? "winner" : ""},
    h("td", {class: "rank"}, row.rank),
    h("td", {class: "name"}, seatName(frame.seats, row.seat),
      winners.includes(row.seat) ? h("span", {class: "star", "aria-hidden": "true"}, " ★") : null,
      row.seat === frame.seat ? h("span", {class: "marks"}, t("table.you")) : null),
    row.cells.map((cell, index) => h("td", {"data-label": final.columns[index],
      class: [typeof cell === "number" ? "num" : "",
              index === (final.score || 0) ? "score" : ""].join(" ").trim()}, cell))));
  const lines = (final.lines || []).map(line => Array.isArray(line)
    ? h("li", {}, h("span", {class: "label"}, line[0]), " ", h("b", {}, line[1]))
    : h("li", {}, line));
  box.replaceChildren(
    h("h2", {}, t("final.title")),
    h("p", {id: "final-reason", class: "final-reason"}, final.reason),
    h("div", {class: "final-table-box"}, h("table", {id: "final-table"}, head, rows)),
    lines.length ? h("ul", {id: "final-lines", class: "panel-lines"}, lines) : null,
    h("p", {class: "final-links"},
      h("a", {id: "final-replay", class: "button", href: replayLink(),
              onclick: event => { event.preventDefault(); openReplay(); }}, t("final.replay")),
      " ",
      h("a", {id: "final-review", class: "button",
              href: reviewAddress(frame.seat === null ? 0 : frame.seat)}, t("review.open"))));
}

// The address of this table's replay (it opens by itself there, for whoever follows it).
function replayLink() {
  return `/table/${encodeURIComponent(tableId)}${location.search}#replay`;
}

// The game is over: no pop-up from now on, none left open, and the end (the heading, the
// Rematch box, the ranking) brought into sight once if the page was scrolled past it.
function quietEnd(frame) {
  for (const panel of frame.panels || []) if (panel.popup) gonets.popups.add(panel.popup);
  document.getElementById("popup").hidden = true;
  if (gonets.endShown) return;
  gonets.endShown = true;
  const turn = document.getElementById("turn");
  if (turn.getBoundingClientRect().top < 0) turn.scrollIntoView({block: "start"});
}
