// A table with friends on the play page. play.js draws the table and sends this seat's moves;
// this script creates the table with the seats chosen, shows the invitations to copy or share,
// the seats filling and whose turn it is, and listens to the table's server-sent events so that
// every other seat's move is drawn here as it happens, and counts down the seconds left in the turn. The seat's key lives in this tab's
// storage (play.js keeps it), never in an address.
(function () {
  "use strict";

  var root = document.querySelector("[data-play]");
  var play = window.NaipesPlay;
  var panel = root && root.querySelector("[data-friends]");
  if (!root || !play || !panel) { return; }

  var table = play.table;
  var labels = panel.dataset;
  var setup = root.querySelector("[data-setup]");
  var invites = panel.querySelector("[data-invites]");
  var seatsList = panel.querySelector("[data-seats]");
  var turn = panel.querySelector("[data-turn]");
  var clock = panel.querySelector("[data-clock]");
  var clockText = clock.querySelector("[data-clock-text]");
  var clockBar = clock.querySelector("[data-clock-bar]");
  var warning = panel.querySelector("[data-clock-warning]");
  var stream = null;
  var streamKey = null;
  // The turn's countdown, by this device's own clock from the seconds the server said were left: the
  // instant it ends (performance.now()), the turn it counts (its deadline), and what was last shown.
  var WARN_SECONDS = 10;
  var turnEnds = null;
  var turnDeadline = null;
  var shownSeconds = null;
  var warned = false;
  var mine = false;
  var ticking = null;

  function friendly(answer) { return Boolean(answer && answer.seats); }

  function seatChoices() {
    var players = setup.elements.players ? Number(setup.elements.players.value) : null;
    return Array.prototype.filter.call(setup.querySelectorAll("[data-friends-seat]"), function (select) {
      return players === null || Number(select.dataset.friendsSeat) < players;
    }).map(function (select) { return select.value; });
  }

  // Old Maid: only the seats of the players chosen are offered.
  function fitSeats() {
    var players = setup.elements.players ? Number(setup.elements.players.value) : null;
    setup.querySelectorAll("[data-friends-seat]").forEach(function (select) {
      select.closest("p").hidden = players !== null && Number(select.dataset.friendsSeat) >= players;
    });
  }

  function create() {
    var seats = seatChoices();
    // The pace the computers' moves are shown at is the page's own setting (play.js reads it).
    var body = { seats: seats };
    var name = setup.elements["friends-name"].value.trim();
    if (name) { body.name = name; }
    var level = setup.querySelector("[name=level]:checked");
    if (level) { body.level = level.value; }
    if (setup.elements.players) { body.players = seats.length; }
    table.dealAfresh(body, function (answer) { showInvites(answer.invites || []); });
  }

  function copy(input, button) {
    input.select();
    var done = function () { button.textContent = labels.labelCopied; };
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(input.value).then(done, function () { document.execCommand("copy"); done(); });
    } else {
      document.execCommand("copy");
      done();
    }
  }

  // One line per invitation: the link to copy, and the system's share sheet where there is one.
  function showInvites(list) {
    invites.textContent = "";
    list.forEach(function (invite) {
      var item = document.createElement("li");
      var id = "invite-" + invite.seat;
      var label = document.createElement("label");
      label.setAttribute("for", id);
      label.textContent = labels.labelInviteFor.replace("%(player)s", String(invite.seat + 1));
      var input = document.createElement("input");
      input.type = "url";
      input.id = id;
      input.readOnly = true;
      input.value = invite.url;
      var copyButton = document.createElement("button");
      copyButton.type = "button";
      copyButton.textContent = labels.labelCopy;
      copyButton.addEventListener("click", function () { copy(input, copyButton); });
      item.append(label, " ", input, " ", copyButton);
      if (navigator.share) {
        var share = document.createElement("button");
        share.type = "button";
        share.textContent = labels.labelShare;
        share.addEventListener("click", function () {
          navigator.share({ title: document.title, text: labels.labelShareText, url: invite.url }).catch(function () {});
        });
        item.append(" ", share);
      }
      invites.appendChild(item);
    });
    invites.closest("[data-invite-list]").hidden = list.length === 0;
  }

  function seatLine(seat, answer) {
    var number = labels.labelPlayer.replace("%(number)s", String(seat.seat + 1));
    var name = seat.name || number;
    var who = seat.kind === "computer" ? labels.labelComputer
      : !seat.taken ? labels.labelWaiting
      : seat.present ? name : labels.labelAway.replace("%(name)s", name);
    var item = document.createElement("li");
    item.textContent = number + ": " + who + (seat.seat === answer.seat ? " (" + labels.labelYou + ")" : "");
    item.dataset.seat = String(seat.seat);
    if (answer.turn && answer.turn.indexOf(seat.seat) >= 0) { item.className = "seat-turn"; }
    return item;
  }

  function whoseTurn(answer) {
    if (answer.over) { return answer.next ? labels.labelNextReady : labels.labelOver; }
    var waiting = answer.turn || [];
    if (waiting.indexOf(answer.seat) >= 0) { return labels.labelYourTurn; }
    var names = answer.seats.filter(function (seat) { return waiting.indexOf(seat.seat) >= 0; }).map(function (seat) {
      return seat.name || labels.labelPlayer.replace("%(number)s", String(seat.seat + 1));
    });
    return names.length ? labels.labelTheirTurn.replace("%(names)s", names.join(", ")) : "";
  }

  function secondsLeft(seconds) {
    return Naipes.plural(seconds, labels.labelSecondsOne, labels.labelSecondsOther).replace("%(num)s", String(seconds));
  }

  // The seconds left, drawn once a second; a screen reader hears the turn when it starts (the turn's
  // sentence above) and, on the reader's own turn, once more when ten seconds are left, never every second.
  function tickClock() {
    var seconds = Math.max(0, Math.ceil((turnEnds - performance.now()) / 1000));
    if (seconds === shownSeconds) { return; }
    shownSeconds = seconds;
    clockText.textContent = secondsLeft(seconds);
    clockBar.style.width = Math.min(100, 100 * seconds / Number(labels.turnSeconds)) + "%";
    if (!warned && seconds <= WARN_SECONDS) {
      warned = true;
      if (mine) { warning.textContent = secondsLeft(seconds); }
    }
  }

  function countdown(answer) {
    var left = answer.over ? null : answer.seconds_left;
    if (left === null || left === undefined) { stopClock(); return; }
    if (answer.deadline !== turnDeadline) {
      turnDeadline = answer.deadline;
      warned = left <= WARN_SECONDS;
      warning.textContent = "";
    }
    turnEnds = performance.now() + left * 1000;
    mine = (answer.turn || []).indexOf(answer.seat) >= 0;
    clock.classList.toggle("play-clock-mine", mine);
    clock.hidden = false;
    shownSeconds = null;
    tickClock();
    if (ticking === null) { ticking = window.setInterval(tickClock, 250); }
  }

  function stopClock() {
    if (ticking !== null) { window.clearInterval(ticking); }
    ticking = turnEnds = turnDeadline = shownSeconds = null;
    clock.hidden = true;
  }

  function update(answer) {
    var friends = friendly(answer);
    panel.hidden = !friends;
    root.classList.toggle("play-with-friends", friends);
    table.undoButton.hidden = friends;
    if (table.pauseButton) { table.pauseButton.hidden = friends; }
    if (!friends) { close(); stopClock(); return; }
    seatsList.textContent = "";
    answer.seats.forEach(function (seat) { seatsList.appendChild(seatLine(seat, answer)); });
    var said = whoseTurn(answer);
    // A new turn is said again even in the same words (the reader's turn once more, after the computers').
    var newTurn = !answer.over && answer.seconds_left !== null && answer.deadline !== turnDeadline;
    if (turn.textContent !== said || newTurn) { turn.textContent = said; }
    countdown(answer);
    if (answer.seats.every(function (seat) { return seat.taken; })) {
      invites.closest("[data-invite-list]").hidden = true;
    }
    listen(answer);
  }

  // Every change at the table arrives as the seat's Table: drawn like an answer of this seat's own,
  // unless it is one this page has drawn already (its own move's answer). The browser reconnects a
  // dropped stream itself and sends the last id it saw, from which the server resumes.
  function listen(answer) {
    if (stream && streamKey === answer.table) { return; }
    close();
    streamKey = answer.table;
    var url = table.tablesUrl + "/events?table=" + encodeURIComponent(answer.table) + "&after=" + answer.version;
    stream = new EventSource(url);
    stream.onmessage = function (message) {
      var next;
      try { next = JSON.parse(message.data); } catch (error) { return; }
      table.enqueue(function () {
        var shown = table.answer;
        if (!shown || shown.table !== next.table) { return; }
        if (next.version <= shown.version && !next.events.length) {
          update(Object.assign({}, shown, { seats: next.seats, turn: next.turn, deadline: next.deadline,
                                            seconds_left: next.seconds_left }));
          return;
        }
        if (next.version <= shown.version) { return; }
        return table.show(next);
      });
    };
  }

  function close() {
    if (stream) { stream.close(); }
    stream = null;
    streamKey = null;
  }

  // Leaving the table (a new game) gives the seat to the computer until its key is used again.
  function leave() {
    var answer = table.answer;
    close();
    stopClock();
    if (friendly(answer)) { table.api("/leave", { table: answer.table }); }
  }

  root.addEventListener("naipes:answer", function (event) { update(event.detail); });
  root.querySelector("[data-new]").addEventListener("click", leave);
  setup.addEventListener("change", fitSeats);
  setup.querySelector("[data-friends-create]").addEventListener("click", create);
  fitSeats();
  if (table.answer) { update(table.answer); }
}());
