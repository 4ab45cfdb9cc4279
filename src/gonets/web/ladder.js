// A game's ladder in a player-count class (2, 3+), by the ordinal (mu - 3 sigma).
"use strict";

async function showLadder() {
  const game = document.getElementById("ladder-game").value;
  const kind = document.getElementById("ladder-class").value;
  const box = document.getElementById("ladder-error");
  box.textContent = "";
  try {
    const data = await fetchJSON(`/api/ladder/${encodeURIComponent(game)}` +
                                 `?class=${encodeURIComponent(kind)}`);
    document.getElementById("ladder-rows").replaceChildren(...(data.entries.length ?
      data.entries.map(row => h("li", {"data-name": row.name},
        h("a", {href: withLang(profilePath(row.name))}, row.name), " ",
        t("ladder.row", {ordinal: Number(row.ordinal).toFixed(1), mu: Number(row.mu).toFixed(1),
          spread: (2 * row.sigma).toFixed(1), games: row.games, wins: row.wins})))
      : [h("li", {class: "empty"}, t("ladder.empty"))]));
  } catch (error) { box.textContent = accountError(error); }
}

async function startLadder() {
  await accountBar();
  const data = await fetchJSON(`/api/games?lang=${encodeURIComponent(i18n.lang)}`);
  const select = document.getElementById("ladder-game");
  const asked = new URLSearchParams(location.search).get("game");
  select.replaceChildren(...data.games.map(g => h("option", {value: g.name,
    selected: g.name === asked}, gameTitle(g))));
  select.addEventListener("change", showLadder);
  document.getElementById("ladder-class").addEventListener("change", showLadder);
  if (data.games.length) await showLadder();
  document.body.dataset.ready = "1";
}

startLadder();
