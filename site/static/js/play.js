// A table against the computer. No rule of any game is written here: the tables API
// deals, judges every move and moves the computer players; the server draws what the
// reader's seat sees and says where each move's cards travel. This script draws the
// answer at once (the reader's hand first of all), then shows the moves on the way at
// the reader's pace (table.js moves the cards; every move is told in the live region),
// sends the reader's clicks, drags and double taps as moves, keeps earlier tables for
// "undo", asks for hints (and only highlights them), deals the session's next deal, and
// keeps the reader's choices and record in this browser. In the race it asks the
// computer for its next move at the pace the reader chose.
(function () {
  "use strict";

  var root = document.querySelector("[data-play]");
  var Motion = window.NaipesTable;
  if (!root || !Motion || !window.Naipes) { return; }

  var OWN_MOVE_MS = 260;
  // How long moves shown together (Old Maid's opening pairs) stay before the next, without motion.
  var GLANCE_MS = 500;

  function sleep(ms) { return new Promise(function (resolve) { window.setTimeout(resolve, ms); }); }

  function readStorage(storage, key) {
    try { return JSON.parse(storage.getItem(key) || "null"); } catch (error) { return null; }
  }

  function writeStorage(storage, key, value) {
    try {
      if (value === null) { storage.removeItem(key); } else { storage.setItem(key, JSON.stringify(value)); }
    } catch (error) { /* no storage: nothing is kept */ }
  }

  var api = window.Naipes;
  var postJSON = api.postJSON;
  var partOf = api.partOf;
  var buttonKey = api.buttonKey;

  function Table(element) {
    this.root = element;
    this.labels = element.dataset;
    this.gameId = element.dataset.game;
    this.tablesUrl = element.dataset.tablesUrl;
    this.lang = element.dataset.lang;
    this.setup = element.querySelector("[data-setup]");
    this.section = element.querySelector("[data-table]");
    this.board = element.querySelector("[data-board]");
    this.live = element.querySelector("[data-live]");
    this.coach = window.Naipes.coach(element.querySelector("[data-coach]"));
    this.log = element.querySelector("[data-log]");
    this.undoButton = element.querySelector("[data-undo]");
    this.pauseButton = element.querySelector("[data-pause]");
    this.skipButton = element.querySelector("[data-skip]");
    this.recordSection = element.querySelector("[data-record]");
    this.realtime = Boolean(this.setup.querySelector("[name=pace]"));
    this.answer = null;
    this.history = [];
    this.homeward = null;
    this.busy = false;
    this.holding = false;
    this.queue = Promise.resolve();
    this.timer = null;
    this.replay = null;
    this.hinted = null;
    this.recorded = null;
    this.game = 0;
    this.stage = new Motion.Stage(this.board);
    var self = this;
    this.picker = api.picker(this.board, {
      send: this.send.bind(this),
      picked: function () { self.say(self.labels.labelPicked); }
    });
    new Motion.Dragger(this.board, {
      stage: this.stage,
      drop: this.onDrop.bind(this),
      doubleTap: this.toHome.bind(this),
      lifted: this.hold.bind(this, true),
      landed: this.hold.bind(this, false)
    });
    element.querySelector("[data-needs-js]").hidden = true;
    this.setup.hidden = false;
    this.restoreChoices();
    this.setup.addEventListener("submit", this.onDeal.bind(this));
    this.setup.addEventListener("change", this.fitSeats.bind(this));
    this.board.addEventListener("click", this.onBoardClick.bind(this));
    element.querySelector("[data-hint]").addEventListener("click", this.hint.bind(this));
    this.undoButton.addEventListener("click", this.undo.bind(this));
    element.querySelector("[data-new]").addEventListener("click", this.newGame.bind(this));
    this.skipButton.addEventListener("click", this.skip.bind(this));
    element.querySelectorAll("[data-reveal]").forEach(function (button) {
      button.addEventListener("click", this.reveal.bind(this, button));
    }, this);
    element.querySelectorAll("[data-shift]").forEach(function (button) {
      button.addEventListener("click", this.shift.bind(this, Number(button.dataset.shift)));
    }, this);
    if (this.pauseButton) { this.pauseButton.addEventListener("click", this.togglePause.bind(this)); }
    element.querySelector("[data-clear-record]").addEventListener("click", this.clearRecord.bind(this));
    this.showRecord();
    this.resume();
  }

  // The game in play is kept for this browser tab, so that a reload or the language switch
  // returns to it: the server keeps the table, the tab keeps the seat's key (never in an address).
  Table.prototype.storageKey = function () { return "naipes-table:" + this.tablesUrl; };

  Table.prototype.remember = function () {
    writeStorage(window.sessionStorage, this.storageKey(), {
      table: this.answer.table, pace: this.pace, moment: this.moment, recorded: this.recorded
    });
  };

  Table.prototype.forget = function () { writeStorage(window.sessionStorage, this.storageKey(), null); };

  Table.prototype.resume = function () {
    var kept = readStorage(window.sessionStorage, this.storageKey());
    if (!kept || typeof kept.table !== "string") { return; }
    var self = this;
    this.pace = Number(kept.pace) || 1000;
    this.moment = Number(kept.moment) || 0;
    this.recorded = kept.recorded === undefined ? null : kept.recorded;
    this.setup.hidden = true;
    this.section.hidden = false;
    this.enqueue(function () {
      return api.getJSON(self.tablesUrl + "/state?lang=" + self.lang + "&table=" + encodeURIComponent(kept.table))
        .then(function (result) {
          if (!result.ok) { throw new Error(result.data.error.message); }
          return self.show(result.data);
        }).catch(function () {
        self.forget();
        self.section.hidden = true;
        self.setup.hidden = false;
      });
    });
  };

  // The reader's choices before dealing (seat, level, players, pace), kept on this device.
  Table.prototype.choicesKey = function () { return "naipes-choices:" + this.gameId; };

  Table.prototype.restoreChoices = function () {
    var kept = readStorage(window.localStorage, this.choicesKey()) || {};
    var form = this.setup;
    Object.keys(kept).forEach(function (name) {
      var field = form.elements[name];
      if (!field) { return; }
      if (field.tagName === "SELECT") {
        if (Array.prototype.some.call(field.options, function (option) { return option.value === String(kept[name]); })) {
          field.value = String(kept[name]);
        }
      } else {
        Array.prototype.forEach.call(form.querySelectorAll("[name='" + name + "']"), function (radio) {
          radio.checked = radio.value === String(kept[name]);
        });
      }
    });
    this.fitSeats();
  };

  Table.prototype.keepChoices = function () {
    var form = new FormData(this.setup);
    var kept = {};
    form.forEach(function (value, name) { kept[name] = value; });
    writeStorage(window.localStorage, this.choicesKey(), kept);
  };

  // Old Maid: the seats offered are those of the players chosen.
  Table.prototype.fitSeats = function () {
    var players = this.setup.elements.players;
    var seat = this.setup.elements.seat;
    if (!players || !seat) { return; }
    var count = Number(players.value);
    Array.prototype.forEach.call(seat.options, function (option) { option.disabled = Number(option.value) >= count; });
    if (Number(seat.value) >= count) { seat.value = "0"; }
  };

  // The reader's record on this device: deals played, won, lost, and the game's own counts
  // (the cells of its record, games/<game>/facts.html).
  Table.prototype.recordKey = function () { return "naipes-record:" + this.gameId; };

  Table.prototype.showRecord = function () {
    var record = readStorage(window.localStorage, this.recordKey()) || {};
    this.recordSection.querySelectorAll("[data-count]").forEach(function (cell) {
      var value = Number(record[cell.dataset.count] || 0);
      cell.textContent = "signed" in cell.dataset && value > 0 ? "+" + value : value < 0 ? "−" + (-value) : String(value);
    });
    this.recordSection.hidden = false;
  };

  Table.prototype.count = function (answer) {
    var session = answer.session;
    if (!answer.over || !session || !session.outcome || this.recorded === session.deals) { return; }
    this.recorded = session.deals;
    var record = readStorage(window.localStorage, this.recordKey()) || {};
    record.played = (record.played || 0) + 1;
    // A deal won or lost with hints or undos is practice: it is not counted as won or lost.
    var helped = answer.practice || (answer.help && (answer.help.hints || answer.help.undos));
    var outcome = helped ? "practice" : session.outcome;
    record[outcome] = (record[outcome] || 0) + 1;
    this.recordSection.querySelectorAll("[data-count-from]").forEach(function (cell) {
      var name = cell.dataset.count;
      record[name] = (record[name] || 0) + dealCount(answer, cell.dataset.countFrom, name);
    });
    writeStorage(window.localStorage, this.recordKey(), record);
    this.showRecord();
  };

  // What one deal adds to a running count of the record, as the game's record cell says (its
  // data-count-from): the seat's change of score in the session, or the seat's count in the view.
  function dealCount(answer, from, name) {
    var seat = answer.seat;
    if (from === "view") { return answer.view[name][seat]; }
    var scores = answer.session.history;
    var before = answer.session.deals > 1 && scores.length > 1 ? scores[scores.length - 2][seat] : 0;
    return scores[scores.length - 1][seat] - before;
  }

  Table.prototype.clearRecord = function () {
    writeStorage(window.localStorage, this.recordKey(), null);
    this.showRecord();
  };

  Table.prototype.api = function (path, body) {
    return postJSON(this.tablesUrl + path + "?lang=" + this.lang, body);
  };

  // Every request waits for the one before: each answer's table is the next request's.
  // While a request is under way the board says so (aria-busy); the next waits.
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

  // Hints, refusals and the other replies to the reader go to the coach panel, beside the table.
  Table.prototype.say = function (text) { this.coach.say(text); };

  Table.prototype.options = function () {
    var form = new FormData(this.setup);
    var options = { seat: Number(form.get("seat") || 0) };
    if (form.get("players")) { options.players = Number(form.get("players")); }
    if (form.get("level")) { options.level = form.get("level"); }
    this.pace = Number(form.get("pace") || 0);
    this.moment = Number(form.get("moment") || 0);
    return options;
  };

  Table.prototype.onDeal = function (event) {
    event.preventDefault();
    this.dealAfresh();
  };

  // A new table with the setup form's choices, kept on this device: the server is asked for ``body``,
  // or for the form's options (a table with friends names its seats). ``dealt``: as for ``deal``.
  Table.prototype.dealAfresh = function (body, dealt) {
    var options = this.options();
    this.keepChoices();
    this.recorded = null;
    this.deal("", body || options, dealt);
  };

  Table.prototype.start = function () {
    this.history = [];
    this.hinted = null;
    this.log.textContent = "";
    this.say("");
    this.setup.hidden = true;
    this.section.hidden = false;
  };

  // Draw the table as the reader's seat now sees it, then show the moves on the way.
  Table.prototype.show = function (answer, options) {
    var self = this;
    var game = this.game;
    options = options || {};
    this.answer = answer;
    return postJSON(this.root.dataset.renderUrl, { table: answer.table, events: answer.events }).then(function (result) {
      if (!result.ok) { throw new Error(result.data.error.message); }
      if (game !== self.game) { return; }
      self.endReplay();
      self.draw(result.data.diagram, options.focusBoard);
      self.root.dataset.version = answer.version;
      self.root.dispatchEvent(new CustomEvent("naipes:answer", { detail: answer }));
      self.keepHint();
      self.count(answer);
      self.remember();
      self.undoButton.disabled = self.history.length === 0;
      self.replayMoves(result.data.steps || [], game, options).then(function () {
        if (game !== self.game) { return; }
        if (answer.over) { self.finish(); } else if (self.realtime && !self.timer) { self.scheduleTick(); }
      });
    });
  };

  // The moves on the way, one at a time at the reader's pace: each told in the live region
  // and the log, its cards travelling (table.js) unless the reader prefers no motion. The
  // reader's own move goes quickly; one made by dragging has already travelled.
  Table.prototype.replayMoves = function (steps, game, options) {
    var self = this;
    var seat = this.answer.seat;
    var replay = { steps: steps, next: 0, done: false };
    var still = Motion.still();
    var moment = this.realtime ? Math.min(this.pace, 500) : this.moment;
    var own = true;
    this.replay = replay;
    if (!still && steps.some(function (step) { return step.journey && step.journey.hold; })) {
      this.board.classList.add("replaying");
    }
    var others = steps.filter(function (step) { return step.journey && step.journey.seat !== seat; }).length;
    this.skipButton.hidden = this.realtime || others < 2;
    this.root.dataset.replaying = "true";
    // Journeys marked "together" (Old Maid's pairs laid aside at the deal) travel at once, as one move.
    var groups = [];
    steps.forEach(function (step, index) {
      var last = groups[groups.length - 1];
      var together = step.journey && step.journey.together;
      if (together && last && last.together) { last.steps.push(step); last.end = index + 1; }
      else { groups.push({ steps: [step], end: index + 1, together: together }); }
    });
    var chain = Promise.resolve();
    groups.forEach(function (group) {
      chain = chain.then(function () {
        if (replay.done) { return; }
        replay.next = group.end;
        var moving = group.steps.filter(function (step) { return step.journey; });
        own = own && moving.length === group.steps.length && moving.every(function (step) {
          return step.journey.seat === seat;
        });
        group.steps.forEach(function (step) { if (step.text) { self.tell(step.text); } });
        if (!moving.length) { return moment ? sleep(own ? 0 : moment) : null; }
        var places = moving.map(function (step) {
          return self.board.querySelector("[data-anchor='seat-" + step.journey.seat + "']");
        }).filter(Boolean);
        if (!own) { places.forEach(function (place) { place.classList.add("acting"); }); }
        var travelMs = own ? OWN_MOVE_MS : Math.max(150, Math.min(moment * 0.7, 700));
        var travels = moving.map(function (step) {
          var journey = step.journey;
          return (own && options.dragged) ? null
            : journey.from ? self.stage.travel(journey, travelMs)
            : journey.gather ? self.stage.gather(journey.gather, travelMs) : null;
        });
        var travelled = travels.some(Boolean);
        var wait = own ? (travelled ? OWN_MOVE_MS : 0) : still ? moment : Math.max(moment, travelMs);
        // Many moves shown at once are one glance, not one pause per move.
        if (!own && moving.length > 1) { wait = still ? Math.min(moment, GLANCE_MS) : travelMs; }
        return Promise.all(travels.concat([sleep(wait)])).then(function () {
          places.forEach(function (place) { place.classList.remove("acting"); });
        });
      });
    });
    return chain.then(function () {
      if (replay === self.replay) { self.endReplay(); }
    });
  };

  Table.prototype.tell = function (text) {
    this.live.textContent = text;
    var item = document.createElement("li");
    item.textContent = text;
    this.log.appendChild(item);
  };

  // The replay ends, at its last move or at once (skip, a new answer): the moves not yet
  // shown are written to the log, and the table is as drawn.
  Table.prototype.endReplay = function () {
    var replay = this.replay;
    if (!replay) { return; }
    this.replay = null;
    replay.done = true;
    var self = this;
    replay.steps.slice(replay.next).forEach(function (step) { if (step.text) { self.tell(step.text); } });
    this.stage.clear();
    this.board.classList.remove("replaying");
    this.board.querySelectorAll(".acting").forEach(function (place) { place.classList.remove("acting"); });
    this.skipButton.hidden = true;
    delete this.root.dataset.replaying;
    if (!this.realtime && replay.steps.length && this.answer && this.answer.moves.length) {
      this.live.textContent = this.labels.labelYourTurn;
    }
  };

  Table.prototype.skip = function () {
    var focused = document.activeElement === this.skipButton;
    this.endReplay();
    if (focused) { (this.board.querySelector(".seat-me button, .race-mine button") || this.board.querySelector("[data-diagram]")).focus(); }
  };

  Table.prototype.draw = function (html, focusBoard) {
    var focused = this.board.contains(document.activeElement) ? document.activeElement : null;
    var key = focused && focused.tagName === "BUTTON" ? buttonKey(focused) : null;
    // The card picked stays picked through a redraw (the race's computer moving).
    this.picker.draw(this.board, html, true);
    if (focusBoard) {
      // A new deal: the table, not the page's introduction, fills the screen, the reader's own seat in view.
      this.section.scrollIntoView({ block: "start" });
      var mine = this.board.querySelector(".seat-me, .race-mine");
      if (mine) { mine.scrollIntoView({ block: "nearest" }); }
      this.board.querySelector("[data-diagram]").focus({ preventScroll: true });
    } else if (focused) {
      var same = key && Array.prototype.filter.call(this.board.querySelectorAll("button"), function (b) {
        return buttonKey(b) === key;
      })[0];
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
    // The review opens the finished table from this tab's storage: the seat's key stays out of the address.
    if (event.target.closest("[data-review-link]") && this.answer) {
      try { window.sessionStorage.setItem("naipes-review:" + this.gameId, this.answer.table); } catch (error) { /* none */ }
      return;
    }
    var button = event.target.closest("button");
    if (!button || !this.answer || (this.busy && !this.realtime)) { return; }
    this.endReplay();
    if (button.hasAttribute("data-next")) { this.nextDeal(); return; }
    if (button.hasAttribute("data-again")) { this.again(); return; }
    // A card the rules do not let the reader play now: the server drew it dimmed, with the reason.
    if (button.getAttribute("aria-disabled") === "true") { this.say(button.dataset.reason || ""); return; }
    this.picker.press(button);
  };

  // The reader's move; the promise says whether the engine accepted it.
  Table.prototype.send = function (move, keepSelection, options) {
    var self = this;
    var accepted = false;
    if (!keepSelection) { this.picker.release(); }
    return this.enqueue(function () {
      return self.api("/move", { table: self.answer.table, move: move, version: self.answer.version }).then(function (result) {
        if (!result.ok) {
          var error = result.data.error;
          self.say(error.code === "invalid_move" || error.code.indexOf("table") >= 0
            ? error.message : self.labels.labelRefused + " " + error.message);
          return;
        }
        accepted = true;
        self.hinted = null;
        self.say("");
        self.history.push(self.answer);
        return self.show(result.data, options);
      });
    }).then(function () { return accepted; });
  };

  // A card dropped on a place is the click protocol's two clicks at once: the card starts
  // the move, the place (its data-finish) completes it; the engine judges it.
  Table.prototype.onDrop = function (button, place) {
    if (!this.answer || !button.dataset.start) { return false; }
    this.endReplay();
    this.picker.release();
    var move = api.completes(button, place);
    return move ? this.send(move, false, { dragged: true }) : false;
  };

  // A double click or tap: the card goes home (the race: to a foundation), if the server lists such
  // a move. The game's table marks its home places (data-homes, each place with its data-finish).
  Table.prototype.toHome = function (button) {
    var homes = this.board.querySelector("[data-homes]");
    if (!this.answer || !button.dataset.start || !homes) { return; }
    this.picker.release();
    var wanted = Array.prototype.map.call(homes.querySelectorAll("[data-finish]"), function (place) {
      return api.completes(button, place);
    }).filter(Boolean);
    var move = this.answer.moves.filter(function (candidate) {
      return wanted.some(function (home) { return api.partOf(home, candidate); });
    })[0];
    if (!move) { this.say(homes.dataset.labelNoHome); return; }
    // A second double tap before the first one's answer would send the same move again from
    // the same answer, which the engine, by then past it, refuses. Once the answer is in (or the
    // network failed), the same tap may be tried again.
    var self = this;
    var key = JSON.stringify(move);
    if (this.homeward && this.homeward.answer === this.answer && this.homeward.key === key) { return; }
    var homeward = this.homeward = { answer: this.answer, key: key };
    this.send(move).then(function () {
      if (self.homeward === homeward) { self.homeward = null; }
    });
  };

  Table.prototype.hold = function (holding) {
    this.holding = holding;
    if (holding) { this.stopTicking(); } else if (this.realtime && this.answer && !this.answer.over && !this.paused) { this.scheduleTick(); }
  };

  Table.prototype.nextDeal = function () {
    if (!this.answer || !this.answer.over) { return; }
    var self = this;
    this.deal("/next", null, function () { self.say(self.labels.labelNext); });
  };

  // A new table the server deals at ``path``: afresh from ``body``, or from this table (the next deal,
  // the same one again) without one. ``dealt(answer)``, if given, runs before the new table is drawn.
  Table.prototype.deal = function (path, body, dealt) {
    var self = this;
    this.stopTicking();
    this.game += 1;
    this.enqueue(function () {
      return self.api(path, body || { table: self.answer.table }).then(function (result) {
        if (!result.ok) { self.say(result.data.error.message); return; }
        self.start();
        if (dealt) { dealt(result.data); }
        return self.show(result.data, { focusBoard: true });
      });
    });
  };

  Table.prototype.hint = function () {
    var self = this;
    if (!this.answer) { return; }
    this.enqueue(function () {
      return self.api("/hint", { table: self.answer.table }).then(function (result) {
        if (!result.ok) { self.say(result.data.error.message); return; }
        self.answer = Object.assign({}, self.answer, { help: result.data.help });
        self.remember();
        self.say(self.labels.labelHint + " " + result.data.reason);
        self.hinted = result.data.move;
        self.highlight(result.data.move, true);
      });
    });
  };

  // The buttons that make the hinted move: step 1 picks (or is) the move, step 2 finishes it.
  // Every card of a column finishes a move onto that column: only its end card is marked.
  // ``focus``: the first of them takes the focus (when the reader asked, not at a redraw).
  Table.prototype.highlight = function (move, focus) {
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
    if (first && focus) { first.focus(); }
  };

  // The hint's marks outlive a redraw (the race's computer moving) while the hinted move is still
  // one the reader may make; the reader's own move, or a position that no longer allows it, ends them.
  Table.prototype.keepHint = function () {
    var move = this.hinted;
    if (!move) { return; }
    var still = this.answer && this.answer.moves.some(function (legal) {
      return partOf(legal, move) && partOf(move, legal);
    });
    if (still) { this.highlight(move, false); } else { this.hinted = null; }
  };

  // The server undoes from the table's record, so the end of the game can say how many times.
  Table.prototype.undo = function () {
    var self = this;
    if (!this.history.length) { return; }
    this.enqueue(function () {
      return self.api("/undo", { table: self.answer.table }).then(function (result) {
        if (!result.ok) { self.say(result.data.error.message); return; }
        self.history.pop();
        return self.show(result.data).then(function () { self.say(self.labels.labelUndone); });
      });
    });
  };

  // The same deal again, as a new table: the same cards to the same seats.
  Table.prototype.again = function () {
    this.deal("/again");
  };

  Table.prototype.newGame = function () {
    this.stopTicking();
    this.endReplay();
    this.forget();
    this.game += 1;
    this.section.hidden = true;
    this.setup.hidden = false;
    this.setup.querySelector("button[type=submit]").focus();
  };

  // A control of the game's own (Old Maid: which pairs do I hold?) shows or hides the text of the
  // board it controls (aria-controls), and reads it out.
  Table.prototype.reveal = function (button) {
    var text = this.board.querySelector("#" + button.getAttribute("aria-controls"));
    if (!text) { return; }
    text.hidden = !text.hidden;
    button.setAttribute("aria-expanded", String(!text.hidden));
    if (!text.hidden) { this.say(text.textContent.replace(/\s+/g, " ").trim()); }
  };

  // The chosen card moves one place in the reader's hand (Old Maid's fan): the move its game's
  // table wrote on it (data-shifts), if it can go that way.
  Table.prototype.shift = function (step) {
    var picked = this.picker.button();
    if (!picked || !this.answer || !picked.dataset.shifts) { return; }
    var move = JSON.parse(picked.dataset.shifts)[String(step)];
    if (move) { this.send(move, true); }
  };

  Table.prototype.scheduleTick = function () {
    var self = this;
    var game = this.game;
    this.stopTicking();
    // In a race between friends there is no computer to ask: each person moves their own cards.
    if (this.paused || this.holding || (this.answer && this.answer.seats)) { return; }
    this.timer = window.setTimeout(function () {
      self.timer = null;
      if (game !== self.game || self.paused || self.holding) { return; }
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

  // friends.js seats friends at this same table.
  window.NaipesPlay = { table: new Table(root) };
})();
