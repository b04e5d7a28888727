// Old Maid's score pad: a game is who was left with the last queen. The loss it notes, whether fewer
// losses place higher and that equal totals share a place are the engine's data.
(function () {
  "use strict";

  window.NaipesPad.register("old-maid", {
    read: function (form) { return { entry: { loser: Number(form.elements.loser.value) } }; },

    settle: function (entry, ctx) {
      return {
        scores: ctx.names.map(function (name, seat) { return seat === entry.loser ? ctx.scoring.loss : 0; }),
        sentence: ctx.say("lost", { player: ctx.names[entry.loser] })
      };
    },

    // A place is one more than the players ahead; equal totals are not ahead of each other, so they share it.
    extras: function (totals, settled, ctx) {
      return totals.map(function (mine) {
        var ahead = totals.filter(function (other) {
          return ctx.scoring.fewer_is_better ? other < mine : other > mine;
        }).length;
        return [(1 + ahead) + ".º"];
      });
    }
  });
})();
