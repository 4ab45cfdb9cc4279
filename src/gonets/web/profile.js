// A player's page (/u/<name>): ratings (mu ± 2 sigma and the ordinal), played and won, recent
// tables leading to their replays; on one's own page also the live tables and the notices.
"use strict";

const pageName = decodeURIComponent(location.pathname.split("/")[2] || "");
const fixed = number => Number(number).toFixed(1);

function ratingLine(rating) {
  const game = {name: rating.game, title: rating.game};
  return h("li", {"data-game": rating.game}, h("strong", {}, gameTitle(game)), " ",
           t("profile.rating", {klass: rating.class, mu: fixed(rating.mu),
             spread: fixed(2 * rating.sigma), ordinal: fixed(rating.ordinal),
             games: rating.games, wins: rating.wins}));
}

function recentLine(entry) {
  const names = (entry.players || []).map((p, i) => p.kind === "bot"
    ? seatName(entry.players, i) : p.name || t("profile.bot")).join(", ");
  return h("li", {"data-table": entry.id},
           h("strong", {}, gameTitle({name: entry.game, title: entry.title})), " ", names, " — ",
           t(entry.won ? "profile.won" : "profile.lost"),
           entry.rated ? ` (${t("profile.rated")})` : "", " ",
           h("a", {href: `/table/${entry.id}#replay`}, t("lobby.replay")), " · ",
           h("a", {href: withLang(entry.review), class: "review-link"}, t("review.open")));
}

function liveLine(table) {
  const turn = table.your_move ? t("profile.your_move")
    : table.to_move ? t("profile.their_move",
                        {name: seatName(table.players, table.to_move.seat) || "?"})
                    : t("profile.waiting");
  return h("li", {"data-table": table.id, class: table.your_move ? "mine" : ""},
           h("strong", {}, gameTitle({name: table.game, title: table.title})), " — ", turn,
           table.deadline ? ` · ${t("profile.deadline", {when: when(table.deadline)})}` : "",
           " ", h("a", {href: table.url}, t("profile.open")));
}

function noticeLine(notice) {
  const key = `notice.${notice.kind}`;
  const text = hasMessage(key) ? t(key, notice.params || {}) : notice.kind;
  return h("li", {"data-notice": notice.id, class: notice.seen ? "" : "unseen"},
           `${when(notice.ts)} · `, text, " ",
           notice.table_id ? h("a", {href: `/table/${notice.table_id}`}, t("profile.open")) : "");
}

const emptyItem = key => h("li", {class: "empty"}, t(key));

async function showOwn() {
  document.getElementById("own").hidden = false;
  try {
    const mine = await fetchJSON("/api/me/tables");
    document.getElementById("profile-live").replaceChildren(
      ...(mine.tables.length ? mine.tables.map(liveLine) : [emptyItem("profile.no_live")]));
  } catch (error) {
    document.getElementById("profile-live").replaceChildren(h("li", {class: "error"},
                                                              accountError(error)));
  }
  try {
    const data = await fetchJSON("/api/me/notices");
    const notices = data.notices || [];
    document.getElementById("profile-notices").replaceChildren(
      ...(notices.length ? notices.map(noticeLine) : [emptyItem("profile.no_notices")]));
    const unseen = notices.filter(n => !n.seen).map(n => n.id);
    if (unseen.length) await postJSON("/api/me/notices/seen", {ids: unseen});
  } catch (error) {
    document.getElementById("profile-notices").replaceChildren(h("li", {class: "error"},
                                                                 accountError(error)));
  }
}

async function startProfile() {
  const user = await accountBar();
  document.getElementById("profile-name").textContent = pageName;
  try {
    const data = await fetchJSON(`/api/users/${encodeURIComponent(pageName)}`);
    document.getElementById("profile-since").textContent =
      t("profile.since", {when: when(data.user.created)});
    document.getElementById("profile-counts").textContent =
      data.played ? t("profile.counts", {played: data.played, won: data.won})
                  : t("profile.no_games");
    document.getElementById("profile-ratings").replaceChildren(
      ...(data.ratings.length ? data.ratings.map(ratingLine) : [emptyItem("profile.unrated")]));
    document.getElementById("profile-recent").replaceChildren(
      ...(data.recent.length ? data.recent.map(recentLine) : [emptyItem("profile.no_recent")]));
  } catch (error) {
    document.getElementById("profile-error").textContent = accountError(error);
  }
  if (user && user.name === pageName) await showOwn();
  document.body.dataset.ready = "1";
}

startProfile();
