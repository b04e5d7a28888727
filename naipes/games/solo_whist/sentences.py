"""Solo Whist's words: its calls' names, and its events told one sentence each.

Events arrive as the API's JSON; every field is checked, and an event that does
not fit is left untold (``None``) rather than trusted.
"""

from __future__ import annotations

from collections.abc import Mapping

from ...engine.cards import SUITS
from ...engine.errors import N_
from ...engine.sentences import Journey, Sentence, Spoken, Suit, Term, Untold, card_in, journey, seat_in, spoken_list, travelling

CALL_NAMES = {
    "pass": N_("Pass"),
    "proposal": N_("Proposal"),
    "acceptance": N_("Acceptance"),
    "solo": N_("Solo"),
    "misere": N_("Misère"),
    "abundance": N_("Abundance"),
    "open_misere": N_("Open misère"),
    "declared_abundance": N_("Declared abundance"),
}
"""Solo Whist's calls, named as the rules pages name them: on buttons and in lists of calls."""

CONTRACTS_IN_TEXT = {
    "proposal": N_("a proposal"),
    "solo": N_("a solo"),
    "misere": N_("a misère"),
    "abundance": N_("an abundance"),
    "open_misere": N_("an open misère"),
    "declared_abundance": N_("a declared abundance"),
}
"""The contracts inside a sentence: in lower case, with the article their name takes in each language."""


def _in_text(value: object) -> Term:
    """A contract (or a bid) as a sentence says it; a call the game does not have is not told."""
    if not isinstance(value, str) or value not in CONTRACTS_IN_TEXT:
        raise Untold
    return Term(CONTRACTS_IN_TEXT[value])


def _contract(contract: object) -> Sentence:
    if not isinstance(contract, dict):
        raise Untold
    bidder = seat_in(contract.get("bidder"))
    told = Sentence(N_("%(player)s plays %(contract)s"), {"player": bidder, "contract": _in_text(contract.get("bid"))},
                    yours=N_("You play %(contract)s"))
    if contract.get("partner") is not None:
        partner = seat_in(contract["partner"])
        told = Sentence(N_("%(told)s with %(partner)s"), {"told": told, "partner": partner, "player": partner},
                        yours=N_("%(told)s with you"))
    trump = contract.get("trump")
    if trump in SUITS:
        return Sentence(N_("%(told)s; trumps: %(suit)s."), {"told": told, "suit": Suit(str(trump))})
    if contract.get("bid") == "abundance":
        # The auction closes before the abundance's bidder names trumps: not named yet is not none.
        return Sentence(N_("%(told)s; the bidder names trumps next."), {"told": told, "player": bidder},
                        yours=N_("%(told)s; you name trumps next."))
    return Sentence(N_("%(told)s, without trumps."), {"told": told})


def tell(event: Mapping[str, object]) -> Sentence:
    """``event`` in an English template and its parameters; ``Untold`` if it is not one of Solo Whist's."""
    kind = event.get("type")
    if kind == "bid":
        player, bid = seat_in(event["player"]), event["bid"]
        if bid == "pass":
            return Sentence(N_("%(player)s passes."), {"player": player}, yours=N_("You pass."))
        if bid == "acceptance":
            return Sentence(N_("%(player)s accepts the proposal."), {"player": player},
                            yours=N_("You accept the proposal."))
        return Sentence(N_("%(player)s bids %(bid)s."), {"player": player, "bid": _in_text(bid)},
                        yours=N_("You bid %(bid)s."))
    if kind == "auction_closed":
        return Sentence(N_("The auction closes: %(contract)s"), {"contract": _contract(event["contract"])})
    if kind == "annulled":
        return Sentence(N_("Nobody plays this deal: it is annulled and passes to the next dealer."))
    if kind == "trump_named":
        suit = event["suit"]
        if suit not in SUITS:
            raise Untold
        return Sentence(N_("%(player)s names %(suit)s as trumps."),
                        {"player": seat_in(event["player"]), "suit": Suit(str(suit))},
                        yours=N_("You name %(suit)s as trumps."))
    if kind == "played":
        card = card_in(event["card"])
        return Sentence(N_("%(player)s plays the %(card)s."),
                        {"player": seat_in(event["player"]), "card": "?" if card is None else Spoken(card)},
                        yours=N_("You play the %(card)s."))
    if kind == "trick_won":
        return Sentence(N_("%(player)s wins the trick."), {"player": seat_in(event["winner"])},
                        yours=N_("You win the trick."))
    if kind == "hand_exposed":
        return Sentence(N_("%(player)s lays their hand open: %(cards)s."),
                        {"player": seat_in(event["player"]), "cards": spoken_list(event["cards"])},
                        yours=N_("You lay your hand open: %(cards)s."))
    if kind == "contract_decided":
        return Sentence(N_("The contract is made.") if event["made"] is True else N_("The contract has failed."))
    raise Untold


def stage(event: Mapping[str, object]) -> Journey | None:
    """Where ``event``'s cards travel on Solo Whist's table (``games/solo-whist/table.html``):
    None if nothing travels, ``Untold`` if the event does not fit."""
    kind = event.get("type")
    if kind in ("bid", "trump_named"):
        return {"seat": seat_in(event["player"]).index} if "player" in event else None
    if kind == "played":
        player = seat_in(event["player"])
        # The card stays in front of its player until the trick is won.
        return journey(f"hand-{player.index}", f"trick-{player.index}", travelling([event["card"]]), player, hold=True)
    if kind == "trick_won":
        winner = seat_in(event["winner"])
        return {"gather": f"seat-{winner.index}", "seat": winner.index}
    return None
