// The static site's front door: send the reader to the first of their browser's languages
// that the site speaks, else to the default, as the live site's "/" does on the server.
// The page's links stay for readers without JavaScript.
(function () {
  "use strict";
  var choices = document.querySelector("[data-default-language]");
  var links = {};
  document.querySelectorAll("a[data-language]").forEach(function (link) {
    links[link.dataset.language] = link.href;
  });
  var wanted = (navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language || ""])
    .map(function (tag) { return tag.split(/[-_]/)[0].toLowerCase(); })
    .filter(function (lang) { return links[lang]; });
  var target = links[wanted[0]] || links[choices.dataset.defaultLanguage];
  if (target) { window.location.replace(target); }
})();
