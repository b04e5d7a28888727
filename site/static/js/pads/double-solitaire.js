// The race's score pad: after a mutual block each player's cards brought to the foundations (or what is
// left of their deck, counted back); who wins, and that equal counts draw, is the engine's data.
(function () {
  "use strict";

  window.NaipesPad.register("double-solitaire", {
    read: function (form, ctx) {
      var deck = ctx.scoring.block.deck;
      var left = form.elements.count.value === "left";
      var cards = [];
      var inputs = form.querySelectorAll('input[name="cards"]');
      for (var i = 0; i < inputs.length; i += 1) {
        var text = inputs[i].value.trim();
        if (!/^\d+$/.test(text) || Number(text) > deck) { return { error: "bad-cards" }; }
        cards.push(left ? deck - Number(text) : Number(text));
      }
      return { entry: { cards: cards } };
    },

    settle: function (entry, ctx) {
      var block = ctx.scoring.block;
      var cards = entry.cards;
      if (cards[0] === cards[1]) {
        return {
          scores: cards.map(function () { return ctx.scoring.draw; }), cards: cards,
          sentence: ctx.say("draw", { first: cards[0] })
        };
      }
      var winner = (cards[0] > cards[1]) === block.more_wins ? 0 : 1;
      return {
        scores: cards.map(function (count, seat) { return seat === winner ? ctx.scoring.win : 0; }), cards: cards,
        sentence: ctx.say("won", { winner: ctx.names[winner], first: cards[winner], second: cards[1 - winner] })
      };
    },

    extras: function (totals, settled) {
      return totals.map(function (total, seat) {
        return [String(settled.reduce(function (sum, deal) { return sum + deal.cards[seat]; }, 0))];
      });
    }
  });
})();
