// The puzzles' pages. On a puzzle, the reader plays on the board (the game's own diagram and its
// buttons, through the click protocol of api.js); each move goes to the check, where the engine
// judges the line and answers for the other seats, and the board is drawn again by the server;
// while it waits for the server the puzzle is marked busy (data-busy). Progress (solved, tried,
// the streak of puzzles solved in a row) is kept in this browser only.
// No rule of any game is written here.
(function () {
  "use strict";

  var KEY = "naipes-puzzles:";

  function progress(game) {
    try {
      var kept = JSON.parse(window.localStorage.getItem(KEY + game));
      if (kept && Array.isArray(kept.solved) && Array.isArray(kept.tried)) { return kept; }
    } catch (error) { /* storage refused or spoilt: start afresh */ }
    return { solved: [], tried: [], streak: 0 };
  }

  function record(game, id, solved) {
    var kept = progress(game);
    if (solved) {
      if (kept.solved.indexOf(id) < 0) { kept.solved.push(id); kept.streak = (kept.streak || 0) + 1; }
    } else {
      if (kept.tried.indexOf(id) < 0 && kept.solved.indexOf(id) < 0) { kept.tried.push(id); }
      kept.streak = 0;
    }
    try { window.localStorage.setItem(KEY + game, JSON.stringify(kept)); } catch (error) { /* not kept */ }
  }

  function Puzzle(root) {
    this.root = root;
    this.board = root.querySelector("[data-board]");
    this.feedback = root.querySelector("[data-feedback]");
    this.again = root.querySelector("[data-again]");
    this.moves = [];
    this.over = false;
    this.picker = window.Naipes.picker(this.board, { send: this.send.bind(this) });
    this.board.addEventListener("click", this.onClick.bind(this));
    this.again.addEventListener("click", this.restart.bind(this));
  }

  Puzzle.prototype.onClick = function (event) {
    var button = event.target.closest("button");
    if (button && !this.over) { this.picker.press(button); }
  };

  Puzzle.prototype.say = function (text) { this.feedback.textContent = text; };

  Puzzle.prototype.send = function (move) {
    var self = this;
    var data = this.root.dataset;
    var line = this.moves.concat([move]);
    this.say(data.labelChecking);
    this.root.dataset.busy = "";
    window.Naipes.postJSON(data.checkUrl, { moves: line }).then(function (result) {
      if (!result.ok) { self.say(result.data.error.message); return null; }
      var verdict = result.data;
      self.feedback.classList.toggle("puzzle-right", verdict.correct);
      self.feedback.classList.toggle("puzzle-wrong", !verdict.correct);
      if (!verdict.correct) {
        record(data.game, data.puzzle, false);
        self.finish(verdict.message);
        return null;
      }
      self.moves = line;
      if (verdict.done) { record(data.game, data.puzzle, true); }
      return self.draw().then(function () {
        if (verdict.done) { self.finish(verdict.message); } else { self.say(verdict.message); }
      });
    }).catch(function () { self.say(data.labelStart); }).then(function () { delete data.busy; });
  };

  Puzzle.prototype.finish = function (message) {
    this.over = true;
    this.say(message);
    this.again.hidden = false;
  };

  Puzzle.prototype.draw = function () {
    var self = this;
    return window.Naipes.postHTML(this.root.dataset.boardUrl, { moves: this.moves }).then(function (html) {
      self.picker.draw(self.board, html);
      self.board.focus();
    });
  };

  Puzzle.prototype.restart = function () {
    var root = this.root;
    root.dataset.busy = "";
    this.moves = [];
    this.over = false;
    this.again.hidden = true;
    this.feedback.classList.remove("puzzle-right", "puzzle-wrong");
    this.say(root.dataset.labelStart);
    this.draw().catch(function () { return null; }).then(function () { delete root.dataset.busy; });
  };

  function list(root) {
    var kept = progress(root.dataset.game);
    var section = root.querySelector("[data-progress]");
    section.querySelector("[data-count=solved]").textContent = kept.solved.length;
    section.querySelector("[data-count=tried]").textContent = kept.tried.length;
    section.querySelector("[data-count=streak]").textContent = kept.streak || 0;
    section.hidden = false;
    var rows = root.querySelectorAll("tr[data-puzzle]");
    rows.forEach(function (row) {
      var id = row.dataset.puzzle;
      var state = kept.solved.indexOf(id) >= 0 ? root.dataset.labelSolved
        : kept.tried.indexOf(id) >= 0 ? root.dataset.labelTried : "";
      row.querySelector("[data-state]").textContent = state ? "(" + state + ")" : "";
    });
    var filter = root.querySelector("[data-filter]");
    var select = filter.querySelector("select");
    filter.hidden = false;
    select.addEventListener("change", function () {
      rows.forEach(function (row) { row.hidden = select.value !== "" && row.dataset.theme.split("|").indexOf(select.value) < 0; });
    });
  }

  document.querySelectorAll("article.puzzle[data-check-url]").forEach(function (root) { new Puzzle(root); });
  document.querySelectorAll("[data-puzzle-list]").forEach(list);
  // A printed puzzle shows its hint and its answer.
  window.addEventListener("beforeprint", function () {
    document.querySelectorAll("[data-hint], [data-answer]").forEach(function (details) { details.open = true; });
  });
}());
