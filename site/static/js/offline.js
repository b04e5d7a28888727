// The site offline: registers the service worker (Workbox's, written by scripts/service-worker.mjs) and,
// when it first takes control, asks for this page again through it, so that the first page a reader opens
// is kept as well as the ones after. Without a network, a note says what still reads and what needs it.
(function () {
  "use strict";

  function note() {
    var shown = document.querySelector("[data-offline-note]");
    if (shown) { shown.hidden = navigator.onLine; }
  }

  function keep() {
    fetch(window.location.href, { credentials: "same-origin" }).catch(function () { /* offline already */ });
  }

  window.addEventListener("online", note);
  window.addEventListener("offline", note);
  document.addEventListener("DOMContentLoaded", note);

  if (!("serviceWorker" in navigator) || !window.isSecureContext) { return; }
  // A page loaded under the worker went through it, and is kept already; only the first one was not.
  var first = !navigator.serviceWorker.controller;
  navigator.serviceWorker.register("/sw.js").then(function () {
    if (first) { navigator.serviceWorker.addEventListener("controllerchange", keep, { once: true }); }
  }, function () { /* no worker (the server has none): the site simply needs the network */ });
})();
