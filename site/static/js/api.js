// What the step-through widget, the puzzles and the play page share: calls to the JSON API,
// the click protocol of a diagram's buttons and the reader's pick on a board. A button carries
// a whole move (data-move), or the start of one (data-start) that a second click completes
// (data-finish); arrays are joined, so two cards make a pair. No rule of any game is written here.
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

  // POST a JSON body and read the HTML the server draws (a board, a diagram); an error status rejects.
  function postHTML(url, body) {
    return post(url, body).then(function (response) {
      if (!response.ok) { throw new Error(response.statusText); }
      return response.text();
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

  // The move that a press on ``place`` completes after a first press on ``button`` (its data-start),
  // as a drop or a double tap makes both at once; undefined if that place completes none.
  function completes(button, place) {
    return click({ move: JSON.parse(button.dataset.start), button: button }, place).send;
  }

  // The reader's pick on a board (``root``, the element holding its buttons): a first press on a
  // button that starts a move marks it pressed (aria-pressed) until a second press completes the
  // move, the same button is pressed again, Escape is pressed or the board is drawn again.
  // ``on.send(move)``: a move the reader made; ``on.picked(button)``, if given: a move was started.
  function picker(root, on) {
    var pending = null;

    function release() {
      if (pending) { pending.button.setAttribute("aria-pressed", "false"); }
      pending = null;
    }

    function pick(button) {
      release();
      pending = { move: JSON.parse(button.dataset.start), button: button };
      button.setAttribute("aria-pressed", "true");
    }

    function press(button) {
      var next = click(pending, button);
      if (next.send) {
        release();
        on.send(next.send);
      } else if (next.release) {
        release();
      } else if (next.start) {
        pick(button);
        if (on.picked) { on.picked(button); }
      }
    }

    // ``html`` drawn in ``area`` (the board, or a part of it) lets the pick go; with ``keep`` the card
    // picked stays picked if it is still there: the same place and the same face. A place alone would
    // pick the card left under one that went home, and the reader's next press would move a card
    // they never chose.
    function draw(area, html, keep) {
      var selected = keep && pending ? cardKey(pending.button) : null;
      release();
      area.innerHTML = html;
      if (!selected) { return; }
      var again = Array.prototype.filter.call(area.querySelectorAll("button[data-start]"), function (button) {
        return cardKey(button) === selected;
      })[0];
      if (again) { pick(again); }
    }

    root.addEventListener("keydown", function (event) {
      if (event.key !== "Escape" || !pending) { return; }
      event.preventDefault();
      release();
    });

    return { press: press, release: release, draw: draw, button: function () { return pending && pending.button; } };
  }

  // Of a sentence's two forms from the catalog, the one the page language's plural rules pick for
  // ``count``, so that no sentence says "1 segundos".
  function plural(count, one, other) {
    return new Intl.PluralRules(document.documentElement.lang).select(count) === "one" ? one : other;
  }

  window.Naipes = { postHTML: postHTML, postJSON: postJSON, getJSON: getJSON, partOf: partOf, click: click, buttonKey: buttonKey,
                    cardKey: cardKey, completes: completes, picker: picker, plural: plural };
}());
