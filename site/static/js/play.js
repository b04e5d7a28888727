// A table against the computer. No rule of any game is written here: the tables API
// deals, judges every move and moves the computer players; the server draws what the
// reader's seat sees. This script sends the reader's clicks as moves, tells each
// computer move in the live region for a moment before the next, keeps earlier tables
// for "undo", asks for hints (and only highlights them) and, in the race, asks the
// computer for its next move at the pace the reader chose.
(function () {
  "use strict";

  var root = document.querySelector("[data-play]");
  if (!root) { return; }

  function sleep(ms) { return new Promise(function (resolve) { window.setTimeout(resolve, ms); }); }

  var postJSON = window.Naipes.postJSON;
  var partOf = window.Naipes.partOf;
  var buttonKey = window.Naipes.buttonKey;

  function Table(element) {
    this.root = element;
    this.labels = element.dataset;
    this.tablesUrl = element.dataset.tablesUrl;
    this.lang = element.dataset.lang;
    this.setup = element.querySelector("[data-setup]");
    this.section = element.querySelector("[data-table]");
    this.board = element.querySelector("[data-board]");
    this.live = element.querySelector("[data-live]");
    this.message = element.querySelector("[data-message]");
    this.log = element.querySelector("[data-log]");
    this.undoButton = element.querySelector("[data-undo]");
    this.pauseButton = element.querySelector("[data-pause]");
    this.realtime = Boolean(this.setup.querySelector("[name=pace]"));
    this.answer = null;
    this.history = [];
    this.pending = null;
    this.busy = false;
    this.queue = Promise.resolve();
    this.timer = null;
    this.game = 0;
    element.querySelector("[data-needs-js]").hidden = true;
    this.setup.hidden = false;
    this.setup.addEventListener("submit", this.onDeal.bind(this));
    this.board.addEventListener("click", this.onBoardClick.bind(this));
    element.querySelector("[data-hint]").addEventListener("click", this.hint.bind(this));
    this.undoButton.addEventListener("click", this.undo.bind(this));
    element.querySelector("[data-new]").addEventListener("click", this.newGame.bind(this));
    var pairs = element.querySelector("[data-pairs]");
    if (pairs) { pairs.addEventListener("click", this.togglePairs.bind(this, pairs)); }
    element.querySelectorAll("[data-shift]").forEach(function (button) {
      button.addEventListener("click", this.shift.bind(this, Number(button.dataset.shift)));
    }, this);
    if (this.pauseButton) { this.pauseButton.addEventListener("click", this.togglePause.bind(this)); }
    this.resume();
  }

  // The game in play is kept for this browser tab, so that a reload or the language switch
  // returns to it: the token is all there is to keep (the server keeps nothing).
  Table.prototype.storageKey = function () { return "naipes-table:" + this.tablesUrl; };

  Table.prototype.remember = function () {
    try {
      var kept = { answer: Object.assign({}, this.answer, { events: [] }), pace: this.pace, moment: this.moment };
      window.sessionStorage.setItem(this.storageKey(), JSON.stringify(kept));
    } catch (error) { /* no storage: the game simply is not kept */ }
  };

  Table.prototype.forget = function () {
    try { window.sessionStorage.removeItem(this.storageKey()); } catch (error) { /* nothing kept */ }
  };

  Table.prototype.resume = function () {
    var kept = null;
    try { kept = JSON.parse(window.sessionStorage.getItem(this.storageKey()) || "null"); } catch (error) { kept = null; }
    if (!kept || !kept.answer || typeof kept.answer.table !== "string") { return; }
    var self = this;
    this.pace = Number(kept.pace) || 1000;
    this.moment = Number(kept.moment) || 0;
    this.setup.hidden = true;
    this.section.hidden = false;
    this.enqueue(function () {
      return self.show(kept.answer).catch(function () {
        self.forget();
        self.section.hidden = true;
        self.setup.hidden = false;
      });
    });
  };

  Table.prototype.api = function (path, body) {
    return postJSON(this.tablesUrl + path + "?lang=" + this.lang, body);
  };

  // Every request waits for the one before: each answer's table is the next request's.
  // While a request or a telling is under way the board says so (aria-busy); the next waits.
  Table.prototype.enqueue = function (work) {
    var self = this;
    this.pendingWork = (this.pendingWork || 0) + 1;
    this.setBusy(true);
    this.queue = this.queue.then(work).catch(function () {
      self.say(self.labels.labelNetwork);
    }).then(function () {
      self.pendingWork -= 1;
      if (!self.pendingWork) { self.setBusy(false); }
    });
    return this.queue;
  };

  Table.prototype.setBusy = function (busy) {
    this.busy = busy;
    if (busy) {
      this.root.dataset.busy = "true";
      this.board.setAttribute("aria-busy", "true");
    } else {
      delete this.root.dataset.busy;
      this.board.removeAttribute("aria-busy");
    }
  };

  Table.prototype.say = function (text) { this.message.textContent = text; };

  Table.prototype.options = function () {
    var form = new FormData(this.setup);
    var options = {};
    if (form.get("players")) { options.players = Number(form.get("players")); }
    if (form.get("level")) { options.level = form.get("level"); }
    this.pace = Number(form.get("pace") || 0);
    this.moment = Number(form.get("moment") || 0);
    return options;
  };

  Table.prototype.onDeal = function (event) {
    event.preventDefault();
    var self = this;
    var options = this.options();
    this.stopTicking();
    this.game += 1;
    this.enqueue(function () {
      return self.api("", options).then(function (result) {
        if (!result.ok) { self.say(result.data.error.message); return; }
        self.history = [];
        self.log.textContent = "";
        self.say("");
        self.setup.hidden = true;
        self.section.hidden = false;
        return self.show(result.data, true);
      });
    });
  };

  // Tell the events one by one, then draw the table as the reader's seat now sees it.
  Table.prototype.show = function (answer, focusBoard) {
    var self = this;
    var game = this.game;
    this.answer = answer;
    return postJSON(this.root.dataset.renderUrl, { table: answer.table, events: answer.events }).then(function (result) {
      if (!result.ok) { throw new Error(result.data.error.message); }
      return self.tell(result.data.events, game).then(function () {
        if (game !== self.game) { return; }
        self.draw(result.data.diagram, focusBoard);
        self.remember();
        self.undoButton.disabled = self.history.length === 0;
        if (answer.over) { self.finish(); } else if (self.realtime && !self.timer) { self.scheduleTick(); }
      });
    });
  };

  Table.prototype.tell = function (texts, game) {
    var self = this;
    var moment = this.realtime ? 0 : this.moment;
    var told = Promise.resolve();
    texts.forEach(function (text, index) {
      told = told.then(function () {
        if (game !== self.game) { return; }
        self.live.textContent = text;
        var item = document.createElement("li");
        item.textContent = text;
        self.log.appendChild(item);
        return moment > 0 ? sleep(moment) : null;
      });
    });
    return told.then(function () {
      if (!self.realtime && texts.length && self.answer.moves.length && game === self.game) {
        self.live.textContent = self.labels.labelYourTurn;
      }
    });
  };

  Table.prototype.draw = function (html, focusBoard) {
    var focused = this.board.contains(document.activeElement) ? document.activeElement : null;
    var key = focused && focused.tagName === "BUTTON" ? buttonKey(focused) : null;
    var selected = this.pending ? buttonKey(this.pending.button) : null;
    this.pending = null;
    this.board.innerHTML = html;
    var buttons = Array.prototype.slice.call(this.board.querySelectorAll("button"));
    if (selected) {
      var again = buttons.filter(function (b) { return buttonKey(b) === selected && b.dataset.start; })[0];
      if (again) { this.pick(again); }
    }
    if (focused || focusBoard) {
      var same = key && buttons.filter(function (b) { return buttonKey(b) === key; })[0];
      (same || this.board.querySelector("[data-diagram]")).focus();
    }
  };

  Table.prototype.finish = function () {
    this.stopTicking();
    var result = this.board.querySelector("[data-result] h3");
    if (result) {
      result.setAttribute("tabindex", "-1");
      result.focus();
    }
  };

  Table.prototype.onBoardClick = function (event) {
    var button = event.target.closest("button");
    if (!button || !this.answer || (this.busy && !this.realtime)) { return; }
    var next = window.Naipes.click(this.pending, button);
    if (next.send) {
      this.send(next.send);
    } else if (next.release) {
      this.release();
    } else if (next.start) {
      this.release();
      this.pick(button);
      this.say(this.labels.labelPicked);
    }
  };

  Table.prototype.pick = function (button) {
    this.pending = { move: JSON.parse(button.dataset.start), button: button };
    button.setAttribute("aria-pressed", "true");
  };

  Table.prototype.release = function () {
    if (this.pending) { this.pending.button.setAttribute("aria-pressed", "false"); }
    this.pending = null;
  };

  Table.prototype.send = function (move, keepSelection) {
    var self = this;
    if (!keepSelection) { this.release(); }
    this.enqueue(function () {
      return self.api("/move", { table: self.answer.table, move: move }).then(function (result) {
        if (!result.ok) {
          var error = result.data.error;
          self.say(error.code === "invalid_move" || error.code.indexOf("table") >= 0
            ? error.message : self.labels.labelRefused + " " + error.message);
          return;
        }
        self.say("");
        self.history.push(self.answer);
        return self.show(result.data);
      });
    });
  };

  Table.prototype.hint = function () {
    var self = this;
    if (!this.answer) { return; }
    this.enqueue(function () {
      return self.api("/hint", { table: self.answer.table }).then(function (result) {
        if (!result.ok) { self.say(result.data.error.message); return; }
        self.say(self.labels.labelHint + " " + result.data.reason);
        self.highlight(result.data.move);
      });
    });
  };

  // The buttons that make the hinted move: step 1 picks (or is) the move, step 2 finishes it.
  // Every card of a column finishes a move onto that column: only its end card is marked.
  Table.prototype.highlight = function (move) {
    var steps = new Map();
    var finishing = null;
    this.board.querySelectorAll("button").forEach(function (button) {
      var data = button.dataset;
      button.classList.remove("hinted");
      button.removeAttribute("data-hint-step");
      if (data.move && partOf(JSON.parse(data.move), move) && partOf(move, JSON.parse(data.move))) {
        steps.set(button, 1);
      } else if (data.start && partOf(JSON.parse(data.start), move)) {
        steps.set(button, 1);
      } else if (data.finish && partOf(JSON.parse(data.finish), move)) {
        finishing = button;
      }
    });
    if (finishing) { steps.set(finishing, 2); }
    var first = null;
    steps.forEach(function (step, button) {
      button.classList.add("hinted");
      button.dataset.hintStep = String(step);
      if (step === 1 && !first) { first = button; }
    });
    if (first) { first.focus(); }
  };

  Table.prototype.undo = function () {
    var self = this;
    if (!this.history.length) { return; }
    this.enqueue(function () {
      var earlier = self.history.pop();
      return self.show(Object.assign({}, earlier, { events: [] })).then(function () {
        self.say(self.labels.labelUndone);
      });
    });
  };

  Table.prototype.newGame = function () {
    this.stopTicking();
    this.forget();
    this.game += 1;
    this.section.hidden = true;
    this.setup.hidden = false;
    this.setup.querySelector("button[type=submit]").focus();
  };

  Table.prototype.togglePairs = function (button) {
    var text = this.board.querySelector("[data-pairs-text]");
    if (!text) { return; }
    text.hidden = !text.hidden;
    button.setAttribute("aria-expanded", String(!text.hidden));
    if (!text.hidden) { this.say(text.textContent.replace(/\s+/g, " ").trim()); }
  };

  // Old Maid: the chosen card of the reader's own fan moves one place, as an "arrange" move.
  Table.prototype.shift = function (step) {
    if (!this.pending || !this.answer) { return; }
    var hand = this.answer.view.hands[this.answer.seat].slice();
    var card = (this.pending.move.cards || [])[0];
    var from = hand.indexOf(card);
    var to = from + step;
    if (from < 0 || to < 0 || to >= hand.length) { return; }
    hand.splice(from, 1);
    hand.splice(to, 0, card);
    this.send({ type: "arrange", player: this.answer.seat, order: hand }, true);
  };

  Table.prototype.scheduleTick = function () {
    var self = this;
    var game = this.game;
    this.stopTicking();
    if (this.paused) { return; }
    this.timer = window.setTimeout(function () {
      self.timer = null;
      if (game !== self.game || self.paused) { return; }
      self.enqueue(function () {
        if (game !== self.game || !self.answer || self.answer.over) { return; }
        return self.api("/tick", { table: self.answer.table }).then(function (result) {
          if (!result.ok) { self.say(result.data.error.message); return; }
          return self.show(result.data);
        });
      });
    }, this.pace);
  };

  Table.prototype.stopTicking = function () {
    if (this.timer) { window.clearTimeout(this.timer); }
    this.timer = null;
  };

  Table.prototype.togglePause = function () {
    this.paused = !this.paused;
    this.pauseButton.setAttribute("aria-pressed", String(this.paused));
    if (this.paused) { this.stopTicking(); } else if (this.answer && !this.answer.over) { this.scheduleTick(); }
  };

  new Table(root);
})();
