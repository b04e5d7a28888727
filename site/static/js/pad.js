// The score pad's shared part: the series kept in this browser (localStorage, nothing sent), the names,
// the list of deals, the totals, undo, a new series and printing. Each game's file in js/pads/ reads one
// deal from the form and settles it by looking it up in the engine's data embedded in the page
// (#pad-scoring); nothing here knows a rule of any game.
(function () {
  "use strict";

  var games = {};
  window.NaipesPad = { register: function (id, game) { games[id] = game; } };

  // A number said with its noun takes the page's plural piece for it (data-count), in the form the
  // language's plural rules pick, so no sentence says "1 fichas".
  function counted(root, name, value) {
    var piece = root.querySelector('[data-count~="' + name + '"]');
    if (!piece || typeof value !== "number") { return String(value); }
    return Naipes.plural(value, piece.dataset.one, piece.textContent.trim()).split("{num}").join(String(value));
  }

  function say(root, key, params) {
    var template = root.querySelector('[data-say="' + key + '"]');
    var text = template ? template.textContent.trim() : key;
    Object.keys(params || {}).forEach(function (name) {
      text = text.split("{" + name + "}").join(counted(root, name, params[name]));
    });
    // A sentence may open with a contract's name, which the rules write in lower case.
    return text.charAt(0).toUpperCase() + text.slice(1);
  }

  function start(root) {
    var game = games[root.dataset.game];
    if (!game) { return; }
    var scoring = JSON.parse(document.getElementById("pad-scoring").textContent);
    var key = "naipes-pad:" + root.dataset.game;
    var namesForm = root.querySelector("[data-pad-names]");
    var entryForm = root.querySelector("[data-pad-entry]");
    var series = root.querySelector("[data-pad-series]");
    var error = root.querySelector("[data-pad-error]");
    var state = load();

    function load() {
      try {
        var kept = JSON.parse(window.localStorage.getItem(key) || "null");
        if (kept && Array.isArray(kept.names) && Array.isArray(kept.entries)) { return kept; }
      } catch (ignored) { /* an unreadable entry is a fresh series */ }
      return { names: [], entries: [] };
    }

    function save() { window.localStorage.setItem(key, JSON.stringify(state)); }

    function context() {
      return { scoring: scoring, names: state.names, say: function (k, p) { return say(root, k, p); } };
    }

    function showNames() {
      root.querySelectorAll("[data-pad-seat]").forEach(function (option) {
        var seat = Number(option.dataset.padSeat);
        option.hidden = option.disabled = seat >= state.names.length;
        if (seat < state.names.length) { option.textContent = state.names[seat]; }
      });
      root.querySelectorAll("[data-pad-name]").forEach(function (label) {
        var seat = Number(label.dataset.padName);
        if (seat < state.names.length) { label.textContent = state.names[seat]; }
      });
    }

    function render() {
      var playing = state.names.length > 0;
      namesForm.hidden = playing;
      entryForm.hidden = !playing;
      series.hidden = !playing;
      if (!playing) { return; }
      showNames();
      var ctx = context();
      var settled = state.entries.map(function (entry) { return game.settle(entry, ctx); });
      var totals = state.names.map(function (name, seat) {
        return settled.reduce(function (sum, deal) { return sum + deal.scores[seat]; }, 0);
      });
      var extras = game.extras ? game.extras(totals, settled, ctx) : state.names.map(function () { return []; });
      var body = root.querySelector("[data-pad-totals]");
      body.replaceChildren();
      state.names.forEach(function (name, seat) {
        var row = document.createElement("tr");
        var head = document.createElement("th");
        head.scope = "row";
        head.textContent = name;
        row.appendChild(head);
        [game.signed ? game.signed(totals[seat]) : String(totals[seat])].concat(extras[seat]).forEach(function (text) {
          var cell = document.createElement("td");
          cell.textContent = text;
          row.appendChild(cell);
        });
        body.appendChild(row);
      });
      var list = root.querySelector("[data-pad-deals]");
      list.replaceChildren();
      settled.forEach(function (deal) {
        var item = document.createElement("li");
        item.textContent = deal.sentence;
        list.appendChild(item);
      });
      root.querySelector("[data-pad-count]").textContent = settled.length ? settled[settled.length - 1].sentence : "";
      root.querySelector("[data-pad-undo]").disabled = settled.length === 0;
      if (game.update) { game.update(entryForm, ctx); }
    }

    namesForm.addEventListener("submit", function (event) {
      event.preventDefault();
      var names = Array.prototype.map.call(namesForm.querySelectorAll('input[name="name"]'), function (input) {
        return input.value.trim();
      }).filter(function (name) { return name !== ""; });
      state = { names: names, entries: [] };
      save();
      render();
      entryForm.querySelector("select, input").focus();
    });

    entryForm.addEventListener("change", function () { if (game.update) { game.update(entryForm, context()); } });

    entryForm.addEventListener("submit", function (event) {
      event.preventDefault();
      var read = game.read(entryForm, context());
      error.textContent = read.error ? say(root, read.error, read.params) : "";
      if (read.error) { return; }
      state.entries.push(read.entry);
      save();
      render();
    });

    root.querySelector("[data-pad-undo]").addEventListener("click", function () {
      state.entries.pop();
      save();
      render();
    });

    root.querySelector("[data-pad-new]").addEventListener("click", function (event) {
      if (state.entries.length && !window.confirm(event.currentTarget.dataset.confirm)) { return; }
      window.localStorage.removeItem(key);
      state = { names: [], entries: [] };
      render();
      namesForm.querySelector("input").focus();
    });

    root.querySelector("[data-pad-print]").addEventListener("click", function () { window.print(); });

    render();
    root.dataset.padReady = "";
  }

  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("[data-pad]").forEach(start);
  });
})();
