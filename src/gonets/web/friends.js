// Friends: the list, requests to me (accept or decline), mine, and a request by name.
"use strict";

function fill(id, names, buttons) {
  document.getElementById(id).replaceChildren(...(names.length ? names.map(name =>
    h("li", {"data-name": name}, h("a", {href: withLang(profilePath(name))}, name), " ",
      ...buttons.map(([key, path]) => h("button", {type: "button", "data-do": path,
        onclick: () => change(path, name)}, t(key)))))
    : [h("li", {class: "empty"}, t("friends.none"))]));
}

function show(lists) {
  fill("friends-incoming", lists.incoming, [["friends.accept", "accept"],
                                            ["friends.decline", "remove"]]);
  fill("friends-list", lists.friends, [["friends.remove", "remove"]]);
  fill("friends-outgoing", lists.outgoing, [["friends.cancel", "remove"]]);
}

async function change(path, name) {
  const box = document.getElementById("friend-error");
  box.textContent = "";
  try { show(await postJSON(`/api/friends/${path}`, {name})); } catch (error) {
    box.textContent = accountError(error);
  }
}

async function startFriends() {
  const user = await accountBar();
  if (!user) {
    document.getElementById("friends-login").hidden = false;
    document.getElementById("friend-form").hidden = true;
  } else {
    document.getElementById("friend-form").addEventListener("submit", event => {
      event.preventDefault();
      const input = document.getElementById("friend-name");
      change("request", input.value.trim()).then(() => { input.value = ""; });
    });
    try { show(await fetchJSON("/api/friends")); } catch (error) {
      document.getElementById("friend-error").textContent = accountError(error);
    }
  }
  document.body.dataset.ready = "1";
}

startFriends();
