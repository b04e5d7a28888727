// What the step-through widget and the play page share: calls to the JSON API and the
// click protocol of a diagram's buttons. A button carries a whole move (data-move), or
// the start of one (data-start) that a second click completes (data-finish); arrays
// are joined, so two cards make a pair. No rule of any game is written here.
(function () {
  "use strict";

  // POST a JSON body; the answer is the fetch response, to read as JSON or as HTML.
  function post(url, body) {
    return fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Accept": "application/json" },
      body: JSON.stringify(body)
    });
  }

  // POST a JSON body and read the JSON answer: { ok, status, data }.
  function postJSON(url, body) {
    return post(url, body).then(function (response) {
      return response.json().then(function (data) { return { ok: response.ok, status: response.status, data: data }; });
    });
  }

  // GET a JSON answer: { ok, status, data }.
  function getJSON(url) {
    return fetch(url, { headers: { "Accept": "application/json" } }).then(function (response) {
      return response.json().then(function (data) { return { ok: response.ok, status: response.status, data: data }; });
    });
  }

  function merge(pending, finish) {
    var move = Object.assign({}, pending);
    Object.keys(finish).forEach(function (key) {
      move[key] = Array.isArray(pending[key]) && Array.isArray(finish[key])
        ? pending[key].concat(finish[key]) : finish[key];
    });
    return move;
  }

  // Whether what a button contributes is part of a whole move (for highlighting a hint).
  function partOf(fragment, move) {
    return Object.keys(fragment).every(function (key) {
      if (Array.isArray(fragment[key])) {
        return Array.isArray(move[key]) && fragment[key].every(function (item) { return move[key].indexOf(item) >= 0; });
      }
      return move[key] === fragment[key];
    });
  }

  // What a click on ``button`` does, given the move started by an earlier click (``pending``:
  // { move, button } or null): { send: move }, { release: true } (the same button again),
  // { start: move } (a new selection), or {} (nothing).
  function click(pending, button) {
    var data = button.dataset;
    if (data.move) { return { send: JSON.parse(data.move) }; }
    var finish = data.finish ? JSON.parse(data.finish) : null;
    var samePlayer = pending && finish && (finish.player === undefined || finish.player === pending.move.player);
    if (pending && pending.button === button) { return { release: true }; }
    if (pending && finish && samePlayer) { return { send: merge(pending.move, finish) }; }
    if (data.start) { return { start: JSON.parse(data.start) }; }
    return {};
  }

  // A button's identity across redraws, to give focus back to the same button.
  function buttonKey(button) {
    var data = button.dataset;
    return data.move || data.start || data.finish || button.getAttribute("aria-label");
  }

  // A card's identity across redraws: its button and its face. The place alone names another
  // card once the one there has moved (a column's end card after it went home).
  function cardKey(button) {
    var data = button.dataset;
    return buttonKey(button) + " " + (data.rank || "") + (data.suit || "");
  }

  window.Naipes = { post: post, postJSON: postJSON, getJSON: getJSON, partOf: partOf, click: click, buttonKey: buttonKey,
                    cardKey: cardKey };
}());
