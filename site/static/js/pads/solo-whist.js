// Solo Whist's score pad: a deal is a contract, its bidder (and partner), and the tricks of the bidder's
// side, or an annulled deal. Whether it is made and who pays what are looked up in the engine's data:
// made_with (the tricks that make each contract) and contracts (each seat's chips, made and failed).
(function () {
  "use strict";

  function row(scoring, bid, made) {
    return scoring.contracts.filter(function (contract) {
      return contract.bid === bid && (made === undefined || contract.made === made);
    })[0];
  }

  function withPartner(scoring, bid) { return bid !== "" && row(scoring, bid).partner !== null; }

  function bidName(bid) { return document.querySelector('[data-bid-name="' + bid + '"]').textContent; }

  window.NaipesPad.register("solo-whist", {
    update: function (form, ctx) {
      var bid = form.elements.bid.value;
      form.querySelectorAll("[data-pad-when-bid]").forEach(function (field) { field.hidden = bid === ""; });
      form.querySelector("[data-pad-when-partner]").hidden = !withPartner(ctx.scoring, bid);
    },

    read: function (form, ctx) {
      var bid = form.elements.bid.value;
      if (bid === "") { return { entry: { bid: null } }; }
      var bidder = Number(form.elements.bidder.value);
      var partner = withPartner(ctx.scoring, bid) ? Number(form.elements.partner.value) : null;
      if (partner === bidder) { return { error: "same-partner" }; }
      var tricks = form.elements.tricks.value.trim();
      if (!/^\d+$/.test(tricks) || Number(tricks) > ctx.scoring.tricks) { return { error: "bad-tricks" }; }
      return { entry: { bid: bid, bidder: bidder, partner: partner, tricks: Number(tricks) } };
    },

    settle: function (entry, ctx) {
      if (entry.bid === null) {
        return { scores: ctx.names.map(function () { return 0; }), sentence: ctx.say("annulled") };
      }
      var made = ctx.scoring.made_with[entry.bid].indexOf(entry.tricks) >= 0;
      var chips = row(ctx.scoring, entry.bid, made);
      var scores = ctx.names.map(function (name, seat) {
        return seat === entry.bidder ? chips.bidder : seat === entry.partner ? chips.partner : chips.defender;
      });
      var key = (made ? "made" : "failed") + (entry.partner === null ? "" : "-pair");
      return {
        scores: scores,
        sentence: ctx.say(key, {
          bid: bidName(entry.bid), bidder: ctx.names[entry.bidder],
          partner: entry.partner === null ? "" : ctx.names[entry.partner],
          tricks: entry.tricks, chips: Math.abs(chips.defender)
        })
      };
    },

    signed: function (value) { return value > 0 ? "+" + value : value < 0 ? "−" + (-value) : "0"; }
  });
})();
