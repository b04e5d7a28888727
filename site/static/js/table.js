// The card table's movements, for the play pages: cards travelling across the drawn
// table, a card dragged with any pointer (mouse, touch or pen) and dropped on a place,
// a double click or double tap. No rule of any game is here: where a card travels is
// the server's answer (its journeys), where a dragged card may land is the server's
// judgement of the move it makes; this module only moves pictures and says where the
// reader let go. With prefers-reduced-motion nothing travels: the table is simply drawn.
(function () {
  "use strict";

  var motion = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : null;
  var DRAG_START = 6;
  var DOUBLE_TAP_MS = 500;

  function still() { return Boolean(motion && motion.matches); }

  // A card drawn the way cards.html draws one, from the face the server sent (null: a back).
  function cardElement(face, owner) {
    var card = document.createElement("span");
    card.className = "card ghost " + (face ? (face.red ? "red" : "black") : "back");
    if (owner !== undefined && owner !== null) { card.classList.add("owner-" + owner); }
    if (face) {
      card.dataset.rank = face.rank;
      card.dataset.suit = face.suit;
    }
    return card;
  }

  function centre(element, origin) {
    var box = element.getBoundingClientRect();
    return { x: box.left + box.width / 2 - origin.left, y: box.top + box.height / 2 - origin.top };
  }

  function finished(animation) {
    return animation.finished.then(null, function () { return null; });
  }

  // The stage: journeys between the board's anchors (data-anchor), drawn on a layer over
  // the board that outlives each new drawing of it (the board's parent is its frame).
  function Stage(board) {
    this.board = board;
    this.frame = board.parentNode;
    this.layer = null;
    this.held = [];
    this.animations = [];
  }

  Stage.prototype.ensureLayer = function () {
    if (!this.layer) {
      this.layer = document.createElement("div");
      this.layer.className = "ghosts";
      this.layer.setAttribute("aria-hidden", "true");
      this.frame.appendChild(this.layer);
    }
    return this.layer;
  };

  Stage.prototype.anchor = function (name) {
    return name ? this.board.querySelector("[data-anchor='" + name + "']") : null;
  };

  Stage.prototype.animate = function (element, frames, ms) {
    var animation = element.animate(frames, { duration: ms, easing: "cubic-bezier(.3,.7,.4,1)", fill: "forwards" });
    this.animations.push(animation);
    return finished(animation);
  };

  // One journey: its cards leave `from` and reach `to` in `ms`, fanned a little when
  // several travel together; held cards (a trick's) stay where they arrived.
  Stage.prototype.travel = function (journey, ms) {
    var from = this.anchor(journey.from);
    var to = this.anchor(journey.to);
    if (still() || !from || !to || !journey.cards) { return Promise.resolve(); }
    var self = this;
    var layer = this.ensureLayer();
    var origin = this.frame.getBoundingClientRect();
    var a = centre(from, origin);
    var b = centre(to, origin);
    var count = journey.cards.length;
    return Promise.all(journey.cards.map(function (face, index) {
      var card = cardElement(face, journey.owner);
      layer.appendChild(card);
      var spread = (index - (count - 1) / 2) * card.offsetWidth * 0.5;
      card.style.left = (b.x + spread - card.offsetWidth / 2) + "px";
      card.style.top = (b.y - card.offsetHeight / 2) + "px";
      var dx = a.x - b.x;
      var dy = a.y - b.y;
      return self.animate(card, [
        { transform: "translate(" + dx + "px," + dy + "px) scale(.8)" },
        { transform: "none" }
      ], ms).then(function () {
        if (journey.hold) { self.held.push(card); } else { card.remove(); }
      });
    }));
  };

  // The held cards (a finished trick) travel together to `anchor` and are gone.
  Stage.prototype.gather = function (anchor, ms) {
    var to = this.anchor(anchor);
    var held = this.held;
    this.held = [];
    if (still() || !to || !held.length) {
      held.forEach(function (card) { card.remove(); });
      return Promise.resolve();
    }
    var self = this;
    var b = centre(to, this.frame.getBoundingClientRect());
    return Promise.all(held.map(function (card) {
      var x = b.x - (parseFloat(card.style.left) + card.offsetWidth / 2);
      var y = b.y - (parseFloat(card.style.top) + card.offsetHeight / 2);
      return self.animate(card, [
        { transform: "none", opacity: 1 },
        { transform: "translate(" + x + "px," + y + "px) scale(.6)", opacity: 0 }
      ], ms).then(function () { card.remove(); });
    }));
  };

  // Everything in flight or held is gone at once (a skip, a new drawing).
  Stage.prototype.clear = function () {
    this.animations.forEach(function (animation) { animation.cancel(); });
    this.animations = [];
    this.held = [];
    if (this.layer) { this.layer.textContent = ""; }
  };

  // Dragging: a pointer pressed on a button.draggable and moved lifts the card (and the
  // cards lying on it, for a column); letting go over a [data-drop] place asks
  // options.drop(button, place), a promise of whether the move was accepted; anywhere
  // else, or on a refusal, the cards spring back. Two quick taps or clicks on the same
  // card call options.doubleTap(button). Clicks that end a drag never reach the page.
  function Dragger(board, options) {
    this.board = board;
    this.options = options;
    this.press = null;
    this.drag = null;
    this.lastTap = null;
    this.doubledAt = null;
    this.swallowClick = false;
    board.addEventListener("pointerdown", this.onDown.bind(this));
    board.addEventListener("pointermove", this.onMove.bind(this));
    board.addEventListener("pointerup", this.onUp.bind(this));
    board.addEventListener("pointercancel", this.onCancel.bind(this));
    board.addEventListener("click", this.onClick.bind(this), true);
    board.addEventListener("dblclick", this.onDoubleClick.bind(this));
  }

  Dragger.prototype.onDown = function (event) {
    var button = event.target.closest("button.draggable");
    if (!button || !event.isPrimary || (event.pointerType === "mouse" && event.button !== 0)) {
      this.lastTap = null;
      return;
    }
    this.press = { button: button, x: event.clientX, y: event.clientY, id: event.pointerId };
  };

  // The card pressed and, in a column, every card lying on it.
  Dragger.prototype.group = function (button) {
    var item = button.closest("li");
    var stack = button.closest("[data-stack]");
    if (!item || !stack) { return [button]; }
    var cards = [];
    for (var next = item; next; next = next.nextElementSibling) {
      var card = next.querySelector(".card");
      if (card) { cards.push(card); }
    }
    return cards;
  };

  Dragger.prototype.lift = function (press) {
    var stage = this.options.stage;
    var layer = stage.ensureLayer();
    var origin = stage.frame.getBoundingClientRect();
    var ghosts = this.group(press.button).map(function (card) {
      var box = card.getBoundingClientRect();
      var ghost = card.cloneNode(false);
      ghost.removeAttribute("id");
      ghost.className = card.className + " ghost dragged";
      ghost.setAttribute("tabindex", "-1");
      ghost.style.left = (box.left - origin.left) + "px";
      ghost.style.top = (box.top - origin.top) + "px";
      ghost.style.width = box.width + "px";
      ghost.style.height = box.height + "px";
      layer.appendChild(ghost);
      card.classList.add("lifted");
      return { ghost: ghost, card: card };
    });
    press.button.setPointerCapture(press.id);
    if (this.options.lifted) { this.options.lifted(); }
    return { button: press.button, x: press.x, y: press.y, ghosts: ghosts, over: null };
  };

  Dragger.prototype.placeAt = function (event) {
    var target = document.elementFromPoint(event.clientX, event.clientY);
    return target ? target.closest("[data-drop]") : null;
  };

  Dragger.prototype.onMove = function (event) {
    var press = this.press;
    if (!press || event.pointerId !== press.id) { return; }
    if (!this.drag) {
      if (Math.abs(event.clientX - press.x) + Math.abs(event.clientY - press.y) < DRAG_START) { return; }
      if (this.options.canDrag && !this.options.canDrag(press.button)) { this.press = null; return; }
      this.drag = this.lift(press);
    }
    event.preventDefault();
    var drag = this.drag;
    var shift = "translate(" + (event.clientX - drag.x) + "px," + (event.clientY - drag.y) + "px)";
    drag.ghosts.forEach(function (pair) { pair.ghost.style.transform = shift; });
    var over = this.placeAt(event);
    if (over !== drag.over) {
      if (drag.over) { drag.over.classList.remove("drop-over"); }
      if (over) { over.classList.add("drop-over"); }
      drag.over = over;
    }
  };

  Dragger.prototype.onUp = function (event) {
    var press = this.press;
    this.press = null;
    if (!press || event.pointerId !== press.id) { return; }
    if (!this.drag) { this.tapped(press, event); return; }
    var drag = this.drag;
    var self = this;
    this.drag = null;
    this.swallowClick = true;
    if (drag.over) { drag.over.classList.remove("drop-over"); }
    var place = this.placeAt(event);
    if (!place) { this.springBack(drag); return; }
    Promise.resolve(this.options.drop(drag.button, place)).then(function (accepted) {
      if (accepted) { self.putDown(drag); } else { self.springBack(drag); }
    }, function () { self.springBack(drag); });
  };

  Dragger.prototype.onCancel = function (event) {
    if (this.press && event.pointerId === this.press.id) { this.press = null; }
    if (this.drag) {
      var drag = this.drag;
      this.drag = null;
      this.springBack(drag);
    }
  };

  Dragger.prototype.tapped = function (press, event) {
    var last = this.lastTap;
    var now = event.timeStamp;
    var key = window.Naipes.cardKey(press.button);
    this.lastTap = { key: key, time: now };
    if (last && last.key === key && now - last.time < DOUBLE_TAP_MS && this.options.doubleTap) {
      this.lastTap = null;
      this.swallowClick = true;
      this.doubledAt = now;
      this.options.doubleTap(press.button);
    }
  };

  // The browser's own double click (its timing is the system's): the same as two quick taps,
  // unless those were already seen. The browser pairs the clicks its own way, so the taps may
  // have paired the first of its clicks with an earlier one: any double tap just before counts.
  Dragger.prototype.onDoubleClick = function (event) {
    var button = event.target.closest("button.draggable");
    var doubled = this.doubledAt !== null && event.timeStamp - this.doubledAt < DOUBLE_TAP_MS;
    this.doubledAt = null;
    if (!button || doubled || !this.options.doubleTap) { return; }
    this.lastTap = null;
    this.options.doubleTap(button);
  };

  Dragger.prototype.onClick = function (event) {
    if (!this.swallowClick) { return; }
    this.swallowClick = false;
    event.stopPropagation();
    event.preventDefault();
  };

  // The move was accepted: the new drawing replaces the cards; the ghosts just go.
  Dragger.prototype.putDown = function (drag) {
    drag.ghosts.forEach(function (pair) {
      pair.ghost.remove();
      pair.card.classList.remove("lifted");
    });
    this.landed();
  };

  Dragger.prototype.landed = function () {
    if (this.options.landed) { this.options.landed(); }
  };

  // Refused, or dropped nowhere: the cards fly back to where they lay.
  Dragger.prototype.springBack = function (drag) {
    var stage = this.options.stage;
    var self = this;
    var left = drag.ghosts.length;
    drag.ghosts.forEach(function (pair) {
      var done = function () {
        pair.ghost.remove();
        pair.card.classList.remove("lifted");
        left -= 1;
        if (!left) { self.landed(); }
      };
      if (still()) { done(); return; }
      var from = pair.ghost.style.transform || "none";
      pair.ghost.style.transform = "none";
      stage.animate(pair.ghost, [{ transform: from }, { transform: "none" }], 250).then(done);
    });
  };

  window.NaipesTable = { Stage: Stage, Dragger: Dragger, still: still };
})();
