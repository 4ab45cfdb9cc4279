// Shared by the account pages and the lobby: the account bar in the header (log in / sign up,
// or the account's name, its profile, friends and log out, with a count of tables waiting for
// its move and of unseen notices), and the words of refusals. Loaded after common.js.
"use strict";

const BAR_REFRESH_MS = 30000;

// A refusal in the page's words (its code's catalogue entry), else the server's message.
function accountError(error) {
  const key = `error.${error.code}`;
  const params = {...(error.params || {})};
  const field = params.field;
  if (field && hasMessage(`field.${field}`)) params.field = t(`field.${field}`);
  return error.code && hasMessage(key) ? t(key, params) : error.message;
}

// A stored time (seconds since the epoch) as the reader's locale writes it.
function when(seconds) {
  if (seconds === null || seconds === undefined) return "";
  return new Date(seconds * 1000).toLocaleString(i18n.lang);
}

function withLang(path) {
  return `${path}${path.includes("?") ? "&" : "?"}lang=${encodeURIComponent(i18n.lang)}`;
}

function profilePath(name) { return `/u/${encodeURIComponent(name)}`; }

// POST JSON (fetchJSON adds the CSRF token); after a call that changes the session, call
// session(true) so that later POSTs carry the new token.
async function postJSON(url, body) {
  return fetchJSON(url, {method: "POST", headers: {"Content-Type": "application/json"},
                         body: JSON.stringify(body || {})});
}

async function logOut() {
  try { await postJSON("/api/account/logout", {}); } catch (error) { /* shown as logged out */ }
  await session(true);
  location.href = withLang("/account");
}

// How many of my tables wait for my move, and how many notices I have not seen (0 when the
// server does not answer: the badge shows again at the next refresh).
async function waitingCount() {
  let count = 0;
  try {
    const tables = await fetchJSON("/api/me/tables");
    count += tables.tables.filter(table => table.your_move).length;
  } catch (error) { /* nothing counted */ }
  try {
    const notices = await fetchJSON("/api/me/notices");
    count += (notices.notices || []).filter(notice => !notice.seen).length;
  } catch (error) { /* nothing counted */ }
  return count;
}

async function refreshBadge(user) {
  const badge = document.getElementById("account-badge");
  if (!badge || !user) return;
  const count = await waitingCount();
  badge.hidden = count === 0;
  badge.textContent = t("account.waiting", {count});
  badge.dataset.count = String(count);
}

// Fill the header's #account-bar; resolves with the session's user (null for a visitor).
async function accountBar() {
  await i18nReady;
  const bar = document.getElementById("account-bar");
  const {user} = await session();
  if (!bar) return user;
  if (!user) {
    bar.replaceChildren(h("a", {href: withLang("/account"), id: "account-login"},
                          t("account.login_signup")));
    bar.dataset.user = "";
    return null;
  }
  bar.replaceChildren(
    h("a", {href: withLang(profilePath(user.name)), id: "account-name"}, user.name),
    h("a", {href: withLang(profilePath(user.name)), id: "account-badge", class: "badge waiting",
            hidden: true}, ""),
    h("a", {href: withLang("/friends"), id: "account-friends"}, t("account.friends")),
    h("a", {href: withLang("/ladder"), id: "account-ladder"}, t("account.ladder")),
    h("a", {href: withLang("/account"), id: "account-settings"}, t("account.settings")),
    h("button", {type: "button", id: "account-logout", onclick: logOut}, t("account.logout")));
  bar.dataset.user = user.name;
  refreshBadge(user);
  setInterval(() => refreshBadge(user), BAR_REFRESH_MS);
  return user;
}
