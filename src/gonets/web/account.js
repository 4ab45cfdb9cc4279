// The account page: log in or sign up (a visitor); settings, password and deletion (a member).
"use strict";

function onSubmit(id, handler, said) {
  document.getElementById(id).addEventListener("submit", async event => {
    event.preventDefault();
    const box = document.getElementById(said);
    box.textContent = "";
    try { await handler(box); } catch (error) { box.textContent = accountError(error); }
  });
}

const value = id => document.getElementById(id).value;

// After logging in or signing up the session (and its CSRF token) is new: ask for it again,
// and show the pages in the account's language from then on.
async function enter(answer) {
  await session(true);
  await claimSeats();
  if (answer.user && answer.user.lang) localStorage.setItem("gonets-lang", answer.user.lang);
  location.href = `${profilePath(answer.user.name)}?lang=${answer.user.lang || i18n.lang}`;
}

// The seats this browser played as a guest (their secrets are kept per table) join the
// account's history; a seat another account holds, or one that no longer exists, is left.
const MAX_CLAIMS = 100;
async function claimSeats() {
  const links = Object.keys(localStorage).filter(key => key.startsWith("gonets-seat:"))
    .slice(0, MAX_CLAIMS);
  for (const key of links) {
    const body = {table: key.slice("gonets-seat:".length), token: localStorage.getItem(key)};
    try { await postJSON("/api/account/claim", body); } catch (error) { /* not this seat */ }
  }
}

function showVisitor() {
  document.getElementById("visitor").hidden = false;
  onSubmit("login-form", async () => enter(await postJSON("/api/account/login",
    {name: value("login-name"), password: value("login-password")})), "login-error");
  onSubmit("signup-form", async () => {
    const body = {name: value("signup-name"), password: value("signup-password"),
                  lang: i18n.lang};
    if (value("signup-email").trim()) body.email = value("signup-email").trim();
    enter(await postJSON("/api/account/signup", body));
  }, "signup-error");
}

function showMember(user) {
  document.getElementById("member").hidden = false;
  document.getElementById("member-title").textContent = t("account.hello", {name: user.name});
  document.getElementById("member-profile").href = withLang(profilePath(user.name));
  document.getElementById("settings-email").value = user.email || "";
  document.getElementById("settings-lang").value = user.lang || i18n.lang;
  document.getElementById("settings-notify").checked = !!user.notify;
  onSubmit("settings-form", async box => {
    const lang = value("settings-lang");
    await postJSON("/api/account/settings", {email: value("settings-email").trim() || null,
      lang, notify: document.getElementById("settings-notify").checked});
    box.textContent = t("account.saved");
    if (lang !== i18n.lang) switchLang(lang);
  }, "settings-said");
  onSubmit("password-form", async box => {
    await postJSON("/api/account/password", {old: value("password-old"),
                                             new: value("password-new")});
    await session(true);
    box.textContent = t("account.password_changed");
  }, "password-said");
  onSubmit("delete-form", async () => {
    if (!confirm(t("account.delete_confirm"))) return;
    await postJSON("/api/account/delete", {password: value("delete-password")});
    await session(true);
    location.href = withLang("/");
  }, "delete-said");
}

async function startAccount() {
  const user = await accountBar();
  if (user) showMember(user); else showVisitor();
  document.body.dataset.ready = "1";
}

startAccount();
