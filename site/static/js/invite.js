// The invitation page: the code comes in the address's fragment and leaves the address at once
// (kept in this tab, so that a reload or the language switch still has it); the reader's name
// seats them, and the seat's Table is handed to the play page through this tab's storage, where
// play.js keeps a table. Neither the code nor the seat's key stays in the history.
(function () {
  "use strict";

  var root = document.querySelector("[data-invite]");
  if (!root || !window.Naipes) { return; }

  var CODE_KEY = "naipes-invite:" + root.dataset.tablesUrl;
  var form = root.querySelector("[data-invite-form]");
  var message = root.querySelector("[data-message]");

  function read(key) {
    try { return window.sessionStorage.getItem(key); } catch (error) { return null; }
  }

  function write(key, value) {
    try {
      if (value === null) { window.sessionStorage.removeItem(key); } else { window.sessionStorage.setItem(key, value); }
    } catch (error) { /* no storage: the code lives as long as the page */ }
  }

  var code = window.location.hash.replace(/^#/, "") || read(CODE_KEY);
  if (window.location.hash) {
    write(CODE_KEY, code);
    window.history.replaceState(null, "", window.location.pathname + window.location.search);
  }
  if (!code) {
    root.querySelector("[data-invite-missing]").hidden = false;
    return;
  }
  form.hidden = false;
  form.elements.name.focus();

  form.addEventListener("submit", function (event) {
    event.preventDefault();
    var button = form.querySelector("button");
    button.disabled = true;
    message.textContent = "";
    window.Naipes.postJSON(root.dataset.joinUrl, { invite: code, name: form.elements.name.value }).then(function (result) {
      button.disabled = false;
      if (!result.ok) {
        message.textContent = result.data.error.message;
        if (result.status !== 400) { write(CODE_KEY, null); }
        return;
      }
      write(CODE_KEY, null);
      write("naipes-table:" + root.dataset.tablesUrl, JSON.stringify({ table: result.data.table }));
      window.location.replace(root.dataset.playUrl);
    }, function () {
      button.disabled = false;
      message.textContent = root.dataset.labelNetwork;
    });
  });
}());
