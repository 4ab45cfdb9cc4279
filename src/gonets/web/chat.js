// The table page's chat (table.js holds the page): lines come and go over the table's
// websocket (`send`, the receivers in table.js), and are shown as text only.
"use strict";

// -- chat -----------------------------------------------------------------------------------------
// Everyone at the table writes here; lines are shown as text only. Spectators write as
// "spectator N" unless they give a name.
function chatWho(entry) {
  if (entry.seat !== null && entry.seat !== undefined) return entry.name || seatBadge(entry.seat);
  return entry.name || t("chat.spectator", {n: entry.spectator});
}

function chatLine(entry) {
  const when = new Date(entry.ts * 1000);
  const clock = `${String(when.getHours()).padStart(2, "0")}:` +
                `${String(when.getMinutes()).padStart(2, "0")}`;
  return h("li", {"data-chat": entry.id, class: entry.seat === null ? "from-watcher" : ""},
           h("span", {class: "when"}, clock), " ", h("b", {class: "who"}, chatWho(entry)), " ",
           h("span", {class: "text"}, entry.text));
}

function receiveChat(message) {
  if (message.history) gonets.chat = [];
  if (message.me) showChatSelf(message.me);
  const known = new Set(gonets.chat.map(e => e.id));
  for (const entry of message.entries) if (!known.has(entry.id)) gonets.chat.push(entry);
  const list = document.getElementById("chat-log");
  const stick = list.scrollTop + list.clientHeight >= list.scrollHeight - 4;
  list.replaceChildren(...gonets.chat.map(chatLine));
  if (stick || message.history) list.scrollTop = list.scrollHeight;
}

function showChatSelf(me) {
  gonets.chatSelf = me;
  document.getElementById("chat-self").textContent = t("chat.you_write_as", {name: chatWho(me)});
}

function chatRefused(message) {
  document.getElementById("chat-error").textContent = errorText(message);
}

function chatSent() {
  document.getElementById("chat-input").value = "";
  document.getElementById("chat-error").textContent = "";
}

function chatNamed(name) {
  document.getElementById("chat-error").textContent = "";
  showChatSelf({...(gonets.chatSelf || {}), name, seat: null});
}

document.getElementById("chat-form").addEventListener("submit", event => {
  event.preventDefault();
  const text = document.getElementById("chat-input").value;
  document.getElementById("chat-error").textContent = "";
  gonets.chatRef = send({type: "chat", text});
});

document.getElementById("chat-name-form").addEventListener("submit", event => {
  event.preventDefault();
  gonets.chatNameRef = send({type: "chat_name", name: document.getElementById("chat-name").value});
});
