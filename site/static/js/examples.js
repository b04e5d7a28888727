// The step-through widget for every worked example, and its "try it" mode.
// The page already holds every step (it reads without JavaScript); this script
// shows one step at a time, keeps the step in the address so that a link, a reload
// or the language switch returns to it, and lets the reader try moves, which the
// engine judges through the JSON API. In a lesson (data-lesson-url) the reader makes
// each of their decisions on the diagram of what their seat sees before the lesson goes
// on: the coach panel asks first, and the coach's judge answers a wrong try with a nudge,
// a second with the answer. No rule of any game is written here.
(function () {
  "use strict";

  function fill(template, values) {
    return template.replace(/%\((\w+)\)s/g, function (_, name) { return values[name]; });
  }

  function keepStepInLanguageLinks() {
    document.querySelectorAll("[data-lang-link]").forEach(function (link) {
      var url = new URL(link.getAttribute("href"), window.location.href);
      url.hash = window.location.hash;
      link.setAttribute("href", url.pathname + url.search + url.hash);
    });
  }

  function Example(figure) {
    this.figure = figure;
    this.id = figure.dataset.example;
    this.steps = Array.prototype.slice.call(figure.querySelectorAll(".example-step"));
    this.controls = figure.querySelector(".example-controls");
    this.counter = figure.querySelector(".step-counter");
    this.link = figure.querySelector(".step-link");
    this.live = figure.querySelector("[data-live]");
    this.panel = figure.querySelector(".try-panel");
    this.tryButton = figure.querySelector("[data-try]");
    this.current = 0;
    this.data = null;
    this.lessonUrl = figure.dataset.lessonUrl || null;
    this.decisions = {};
    this.attempts = {};
    this.steps.forEach(function (step, n) {
      var note = step.querySelector("[data-decision]");
      if (note) { this.decisions[n] = Number(note.dataset.decision); }
    }, this);
    figure.classList.add("enhanced");
    this.controls.hidden = false;
    this.controls.addEventListener("click", this.onControl.bind(this));
    figure.querySelector(".example-steps").addEventListener("keydown", this.onKey.bind(this));
    this.controls.addEventListener("keydown", this.onKey.bind(this));
    if (this.lessonUrl !== null) {
      this.coach = window.Naipes.coach(document.querySelector("[data-coach]"));
      // A lesson's decisions are made on the step's own diagram, drawn again with its buttons,
      // so that the page does not jump while the reader decides.
      this.listenForTries(figure.querySelector(".example-steps"));
    } else if (this.panel) {
      this.tryDiagram = this.panel.querySelector("[data-try-diagram]");
      this.tryMessage = this.panel.querySelector("[data-try-message]");
      this.listenForTries(this.tryDiagram);
      var restart = this.panel.querySelector("[data-try-restart]");
      var close = this.panel.querySelector("[data-try-close]");
      if (restart) { restart.addEventListener("click", this.openTry.bind(this)); }
      if (close) { close.addEventListener("click", this.closeTry.bind(this)); }
    }
    var match = window.location.hash.match(new RegExp("^#" + this.id + "-step-(\\d+)$"));
    this.show(match ? Number(match[1]) : 0, { announce: false, remember: false });
    if (match) { figure.scrollIntoView(); }
    // A link to a step (a review's summary, say) shows that step.
    var self = this;
    window.addEventListener("hashchange", function () {
      var linked = window.location.hash.match(new RegExp("^#" + self.id + "-step-(\\d+)$"));
      if (linked && Number(linked[1]) !== self.current) {
        self.show(Number(linked[1]), { remember: false });
        self.steps[self.current].scrollIntoView();
      }
    });
  }

  Example.prototype.label = function (n) {
    var total = this.steps.length - 1;
    return n === 0 ? this.figure.dataset.labelStart
      : fill(this.figure.dataset.labelStep, { n: n, total: total });
  };

  Example.prototype.show = function (n, options) {
    options = options || {};
    var last = this.steps.length - 1;
    this.current = Math.max(0, Math.min(last, n));
    var current = this.current;
    this.steps.forEach(function (step, i) { step.hidden = i !== current; });
    if (this.counter) { this.counter.textContent = this.label(current); }
    var buttons = this.controls.querySelectorAll("[data-go]");
    var deciding = this.lessonUrl !== null && this.decisions[current] !== undefined;
    buttons.forEach(function (button) {
      var go = button.dataset.go;
      button.disabled = (go === "first" || go === "prev") ? current === 0 : current === last || deciding;
    });
    // A button that disables itself under the reader's focus would drop the focus to
    // the page, and with it the arrow keys: hand it to the nearest live control.
    if (document.activeElement && document.activeElement.disabled) {
      var live = Array.prototype.filter.call(buttons, function (b) { return !b.disabled; });
      if (live.length) { live[current === 0 ? 0 : live.length - 1].focus(); }
    }
    var anchor = "#" + this.steps[current].id;
    if (this.link) { this.link.setAttribute("href", anchor); }
    if (options.remember !== false) {
      window.history.replaceState(null, "", anchor);
      keepStepInLanguageLinks();
    }
    if (options.announce !== false) {
      var caption = this.steps[current].querySelector(".caption");
      var note = this.steps[current].querySelector(".step-note");
      this.live.textContent = this.label(current) + ". " + caption.textContent + (note ? " " + note.textContent.replace(/\s+/g, " ").trim() : "");
    }
    if (this.coach) { this.coach.ask(deciding ? this.steps[current].querySelector(".step-note") : null); }
    if (deciding) { this.decideHere(options.announce !== false); }
  };

  Example.prototype.go = function (where) {
    var last = this.steps.length - 1;
    var target = { first: 0, prev: this.current - 1, next: this.current + 1, last: last }[where];
    if (target === undefined) { return; }
    if (this.panel && !this.panel.hidden) { this.closeTry(); }
    this.show(target);
    if (this.lessonUrl !== null && this.decisions[this.current] === undefined) {
      var next = this.controls.querySelector("[data-go=next]");
      if (next && !next.disabled && document.activeElement && this.figure.contains(document.activeElement) &&
          !this.controls.contains(document.activeElement)) { next.focus(); }
    }
  };

  Example.prototype.onControl = function (event) {
    var button = event.target.closest("[data-go]");
    if (button) { this.go(button.dataset.go); return; }
    if (event.target.closest("[data-try]")) {
      if (this.panel.hidden) { this.openTry(); } else { this.closeTry(); }
    }
  };

  Example.prototype.onKey = function (event) {
    var keys = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" };
    var where = keys[event.key];
    if (!where || event.altKey || event.ctrlKey || event.metaKey) { return; }
    var scroller = event.target.closest(".diagram-scroll");
    if (scroller && scroller.scrollWidth > scroller.clientWidth) { return; }
    event.preventDefault();
    this.go(where);
  };

  Example.prototype.loadData = function () {
    if (this.data) { return Promise.resolve(this.data); }
    var self = this;
    return window.Naipes.getJSON(this.figure.dataset.exampleUrl).then(function (result) {
      if (!result.ok) { throw new Error(result.status); }
      self.data = result.data;
      return result.data;
    });
  };

  // What the engine or the coach says about the reader's try: in a lesson the coach panel, else the try panel.
  Example.prototype.tell = function (text) {
    if (this.coach) { this.coach.say(text); } else { this.tryMessage.textContent = text; }
  };

  // A lesson's decision: the step's diagram, as the reader's seat sees it, with the seat's moves as buttons.
  Example.prototype.decideHere = function (focus) {
    var step = this.steps[this.current];
    var area = step.querySelector(".diagram-scroll");
    this.picker.draw(area, step.querySelector("template[data-try-view]").innerHTML);
    area.dataset.step = String(this.current);
    if (focus !== false) { area.focus(); }
  };

  Example.prototype.openTry = function (focus) {
    var self = this;
    this.panel.hidden = false;
    if (this.tryButton) { this.tryButton.setAttribute("aria-expanded", "true"); }
    this.tryMessage.textContent = "";
    // The diagram of an earlier step must not stay clickable while this one is drawn.
    var step = this.current;
    var area = this.tryDiagram;
    area.innerHTML = "";
    delete area.dataset.step;
    this.loadData().then(function (data) {
      self.position = step === 0 ? data.start : data.steps[step - 1].position;
      return self.renderTry();
    }).then(function () {
      if (step !== self.current) { return; }
      area.dataset.step = String(step);
      if (focus !== false) { area.focus(); }
    }).catch(function () {
      self.tryMessage.textContent = self.figure.dataset.labelNetwork;
    });
  };

  Example.prototype.closeTry = function () {
    if (!this.panel) { return; }
    this.panel.hidden = true;
    this.picker.release();
    if (this.tryButton) {
      this.tryButton.setAttribute("aria-expanded", "false");
      this.tryButton.focus();
    }
  };

  Example.prototype.renderTry = function () {
    var self = this;
    var body = { position: this.position, "try": Number(this.figure.dataset.tryPlayer) };
    return window.Naipes.postHTML(this.figure.dataset.diagramUrl, body).then(function (html) {
      self.picker.draw(self.tryDiagram, html);
    });
  };

  // The reader's tries are made on the buttons of ``area``'s diagrams.
  Example.prototype.listenForTries = function (area) {
    var self = this;
    this.picker = window.Naipes.picker(area, {
      send: this.send.bind(this),
      picked: function () { self.tell(self.figure.dataset.labelPicked); }
    });
    area.addEventListener("click", function (event) {
      var button = event.target.closest("button");
      if (button) { self.picker.press(button); }
    });
  };

  // A lesson's decision: the judge says whether the move is the lesson's; only then does the lesson go on.
  // Every wrong try counts, so that the second one is answered with the lesson's move and why.
  Example.prototype.decide = function (move) {
    var self = this;
    var dataset = this.figure.dataset;
    var decision = this.decisions[this.current];
    var attempt = (this.attempts[decision] || 0) + 1;
    window.Naipes.postJSON(this.lessonUrl, { step: decision, move: move, attempt: attempt }).then(function (result) {
      if (!result.ok || !result.data.correct) {
        self.attempts[decision] = attempt;
        self.tell(result.ok ? result.data.message : dataset.labelRefused + " " + result.data.error.message);
        return;
      }
      self.show(decision);
      self.tell(result.data.message);
      if (self.decisions[self.current] === undefined) {
        var next = self.controls.querySelector("[data-go=next]");
        (next && !next.disabled ? next : self.steps[self.current].querySelector(".diagram-scroll")).focus();
      }
    }).catch(function () {
      self.tell(dataset.labelNetwork);
    });
  };

  Example.prototype.send = function (move) {
    var self = this;
    var dataset = this.figure.dataset;
    if (this.lessonUrl !== null) { this.decide(move); return; }
    window.Naipes.postJSON(dataset.applyUrl, { position: this.position, move: move }).then(function (result) {
      if (!result.ok) {
        self.tell(dataset.labelRefused + " " + result.data.error.message);
        return;
      }
      self.position = result.data.position;
      return self.renderTry().then(function () {
        self.tryMessage.textContent = dataset.labelAccepted;
        self.tryDiagram.focus();
      });
    }).catch(function () {
      self.tryMessage.textContent = dataset.labelNetwork;
    });
  };

  document.querySelectorAll("figure.example").forEach(function (figure) { new Example(figure); });

  // The review page: the finished table's seat key is left in this tab's storage by the play
  // page's link (never in the address); the server draws the review, and the widget above steps
  // through it. "Play this deal again" deals the same cards as a practice table, and "Try again
  // from here" the same deal from one judged decision, and opens it on the play page, which
  // resumes the table whose key is kept for this tab.
  function loadReview(root) {
    var key = null;
    try { key = window.sessionStorage.getItem("naipes-review:" + root.dataset.game); } catch (error) { key = null; }
    var missing = root.querySelector("[data-review-missing]");
    if (!key) { missing.hidden = false; return; }
    window.Naipes.postJSON(root.dataset.renderUrl, { table: key }).then(function (result) {
      if (!result.ok) { missing.textContent = result.data.error.message; missing.hidden = false; return; }
      var body = root.querySelector("[data-review-body]");
      body.innerHTML = result.data.html;
      body.querySelectorAll("figure.example").forEach(function (figure) { new Example(figure); });
      var again = body.querySelector("[data-again]");
      again.addEventListener("click", function () { playAgain(root, key, again); });
      body.querySelectorAll("[data-again-from]").forEach(function (button) {
        button.addEventListener("click", function () {
          playAgain(root, key, button, Number(button.dataset.againFrom));
        });
      });
    }).catch(function () { missing.textContent = root.dataset.labelNetwork; missing.hidden = false; });
  }

  // With a step, "try again from here": the same deal played up to the reader's decision there.
  function playAgain(root, key, button, step) {
    button.disabled = true;
    var body = step ? { table: key, step: step } : { table: key };
    window.Naipes.postJSON(root.dataset.againUrl, body).then(function (result) {
      button.disabled = false;
      if (!result.ok) { button.insertAdjacentText("afterend", " " + result.data.error.message); return; }
      try {
        var kept = { table: result.data.table, pace: 1000, moment: 0 };
        window.sessionStorage.setItem("naipes-table:" + root.dataset.tablesUrl, JSON.stringify(kept));
      } catch (error) { return; }
      window.location.assign(root.dataset.playUrl);
    });
  }

  document.querySelectorAll("[data-review]").forEach(loadReview);
  // Browsers without ::details-content still print every FAQ answer.
  window.addEventListener("beforeprint", function () {
    document.querySelectorAll(".faq details").forEach(function (details) { details.open = true; });
  });
  keepStepInLanguageLinks();
})();
