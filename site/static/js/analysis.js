// The analysis board. No rule and no search is written here: the server analyses and draws
// the board; this script sends a card played to the API (/apply), asks for the new board,
// keeps the positions passed through for "take back", and sets up a position the reader
// chooses (an example's start, or JSON pasted in its form). The set-up form of cards and
// contract needs no script (a GET form the server answers with a new page); the script only
// fills it in for each board shown, from the fields the server sends with the board.
(function () {
  "use strict";

  var root = document.querySelector("[data-analysis]");
  if (!root) { return; }
  var data = root.dataset;
  var boardElement = root.querySelector("[data-board]");
  var message = root.querySelector("[data-message]");
  var backButton = root.querySelector("[data-back]");
  var textarea = root.querySelector("#analysis-position");
  var history = [];
  var position = textarea && textarea.value ? JSON.parse(textarea.value) : null;
  var busy = false;

  var setupForm = root.querySelector(".analysis-form");

  function say(text) { message.textContent = text; }

  // How many cards each player holds in the form, kept up to date as cards are given out.
  function count() {
    if (!setupForm) { return; }
    setupForm.querySelectorAll("[data-count]").forEach(function (shown) {
      var held = 0;
      setupForm.querySelectorAll("select[data-card]").forEach(function (select) {
        if (select.value === shown.dataset.count) { held += 1; }
      });
      shown.textContent = String(held);
    });
  }

  // The set-up form follows the board, so that a reader can change a card of the position shown.
  function fill(fields) {
    if (!setupForm || !fields) { return; }
    setupForm.querySelectorAll("select").forEach(function (select) {
      select.value = Object.prototype.hasOwnProperty.call(fields, select.name) ? fields[select.name] : "";
    });
    count();
  }

  if (setupForm) { setupForm.addEventListener("change", count); }

  function show(next, label, remember) {
    busy = true;
    return window.Naipes.postJSON(data.boardUrl, { position: next }).then(function (result) {
      if (!result.ok) { say(data.labelRefused + " " + result.data.error.message); return; }
      if (remember && position) { history.push(position); }
      position = result.data.position;
      boardElement.innerHTML = result.data.board;
      if (textarea) { textarea.value = JSON.stringify(position); }
      fill(result.data.fields);
      backButton.disabled = history.length === 0;
      say(result.data.on_board ? label : data.labelOver);
      var diagram = boardElement.querySelector("[data-diagram]");
      if (diagram) { diagram.focus(); }
    }).catch(function () { say(data.labelNetwork); }).then(function () { busy = false; });
  }

  function play(move) {
    busy = true;
    window.Naipes.postJSON(data.applyUrl, { position: position, move: move }).then(function (result) {
      busy = false;
      if (!result.ok) { say(data.labelRefused + " " + result.data.error.message); return; }
      return show(result.data.position, data.labelPlayed, true);
    }).catch(function () { busy = false; say(data.labelNetwork); });
  }

  boardElement.addEventListener("click", function (event) {
    var button = event.target.closest("button[data-move]");
    if (!button || busy || !position) { return; }
    play(JSON.parse(button.dataset.move));
  });

  backButton.addEventListener("click", function () {
    if (busy || !history.length) { return; }
    var previous = history.pop();
    position = null;
    show(previous, data.labelLoaded, false);
  });

  root.querySelectorAll("[data-start-position]").forEach(function (link) {
    link.addEventListener("click", function (event) {
      event.preventDefault();
      if (busy) { return; }
      root.querySelectorAll("[data-start-position]").forEach(function (other) { other.removeAttribute("aria-current"); });
      link.setAttribute("aria-current", "true");
      history = [];
      position = null;
      show(JSON.parse(link.dataset.startPosition), data.labelLoaded, false);
    });
  });

  var setup = root.querySelector("[data-setup]");
  if (setup) {
    setup.addEventListener("submit", function (event) {
      event.preventDefault();
      var pasted;
      try { pasted = JSON.parse(textarea.value); } catch (error) { say(data.labelRefused + " " + error.message); return; }
      history = [];
      position = null;
      show(pasted, data.labelLoaded, false);
    });
  }
}());
