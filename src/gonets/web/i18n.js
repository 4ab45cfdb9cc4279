// The page's words in the reader's language: one catalogue per language in /static/i18n/
// (en.json, ru.json; keys such as "table.rotate"). The language comes from ?lang= in the
// address, else the one chosen before in this browser, else the browser's own; the game's
// words (cards, log lines, menus) come translated from the server in the same language.
"use strict";

const LANGUAGES = ["en", "ru"];
const i18n = {lang: "en", messages: {}, english: {}};

function chooseLang() {
  const asked = new URLSearchParams(location.search).get("lang");
  const saved = localStorage.getItem("gonets-lang");
  const browser = (navigator.language || "en").slice(0, 2).toLowerCase();
  for (const lang of [asked, saved, browser]) if (LANGUAGES.includes(lang)) return lang;
  return "en";
}

// Remember a language for this browser and show the page in it.
function switchLang(lang) {
  if (!LANGUAGES.includes(lang)) return;
  localStorage.setItem("gonets-lang", lang);
  const url = new URL(location.href);
  url.searchParams.set("lang", lang);
  location.replace(url.toString());
}

async function loadCatalogue(lang) {
  const response = await fetch(`/static/i18n/${lang}.json`);
  return response.ok ? response.json() : {};
}

// A message with its {placeholders} filled; the English text if the language lacks the key.
function t(key, vars) {
  let text = i18n.messages[key] ?? i18n.english[key] ?? key;
  for (const [name, value] of Object.entries(vars || {})) {
    text = text.split(`{${name}}`).join(String(value));
  }
  return text;
}

// Whether the catalogues have words for ``key`` (the page's language or English).
function hasMessage(key) {
  return Object.prototype.hasOwnProperty.call(i18n.messages, key) ||
         Object.prototype.hasOwnProperty.call(i18n.english, key);
}

// The catalogue's words for ``key``, or ``fallback`` when no catalogue has them.
function translated(key, fallback) {
  const text = t(key);
  return text === key ? fallback : text;
}

// Static words of the page: elements with data-i18n (text) or data-i18n-placeholder.
function translatePage() {
  document.documentElement.lang = i18n.lang;
  for (const node of document.querySelectorAll("[data-i18n]")) {
    node.textContent = t(node.getAttribute("data-i18n"));
  }
  for (const node of document.querySelectorAll("[data-i18n-placeholder]")) {
    node.setAttribute("placeholder", t(node.getAttribute("data-i18n-placeholder")));
  }
  const switcher = document.getElementById("lang-switch");
  if (switcher) {
    switcher.value = i18n.lang;
    switcher.onchange = () => switchLang(switcher.value);
  }
}

// Resolves once the catalogues are loaded and the page translated.
const i18nReady = (async () => {
  i18n.lang = chooseLang();
  const [english, own] = await Promise.all([
    loadCatalogue("en"), i18n.lang === "en" ? Promise.resolve(null) : loadCatalogue(i18n.lang)]);
  i18n.english = english;
  i18n.messages = own || english;
  translatePage();
})();
