// The coach panel that the lesson and play pages share (coach.html): what the coach asks before
// a decision, and its last word after the reader's action. The stylesheet keeps it beside the
// table or pinned under it; if a layout still leaves it outside the window when it speaks, it is
// brought into view, because a reply the reader has to scroll for is a reply unread.
(function () {
  "use strict";

  function Coach(element) {
    this.element = element;
    this.prompt = element.querySelector("[data-coach-prompt]");
    this.message = element.querySelector("[data-coach-message]");
    element.hidden = false;
  }

  Coach.prototype.quiet = function () {
    this.element.classList.toggle("is-quiet", !this.prompt.textContent.trim() && !this.message.textContent.trim());
  };

  // The question before a decision, copied with its links from the page's own note (or none).
  Coach.prototype.ask = function (note) {
    this.prompt.textContent = "";
    if (note) {
      Array.prototype.forEach.call(note.childNodes, function (node) { this.prompt.appendChild(node.cloneNode(true)); }, this);
    }
    this.message.textContent = "";
    this.quiet();
  };

  Coach.prototype.say = function (text) {
    this.message.textContent = text;
    this.quiet();
    if (text) { this.reveal(); }
  };

  Coach.prototype.reveal = function () {
    this.element.scrollTop = 0;
    var box = this.element.getBoundingClientRect();
    if (box.top < 0 || box.bottom > window.innerHeight) { this.element.scrollIntoView({ block: "nearest" }); return; }
    // Pinned over the end of the table, where the reader's own cards are, the panel would hide them.
    var above = this.element.previousElementSibling;
    if (this.element.hasAttribute("data-coach-uncover") && above) {
      var hidden = above.getBoundingClientRect().bottom - this.element.getBoundingClientRect().top;
      if (hidden > 0) { window.scrollBy(0, hidden); }
    }
  };

  window.Naipes = window.Naipes || {};
  window.Naipes.coach = function (element) { return new Coach(element); };
}());
