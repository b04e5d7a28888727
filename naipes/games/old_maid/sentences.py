"""Old Maid's events told in words, one sentence each, for a table's live region.

Events arrive as the API's JSON; every field is checked, and an event that does
not fit is left untold (``None``) rather than trusted.
"""

from __future__ import annotations

from collections.abc import Mapping

from ...engine.errors import N_
from ...engine.sentences import Journey, Sentence, Spoken, Untold, card_in, journey, seat_in, spoken_list, travelling


def tell(event: Mapping[str, object]) -> Sentence:
    """``event`` in an English template and its parameters; ``Untold`` if it is not one of Old Maid's."""
    kind = event.get("type")
    if kind == "discarded":
        return Sentence(N_("%(player)s lays aside %(cards)s."),
                        {"player": seat_in(event["player"]), "cards": spoken_list(event["cards"])},
                        yours=N_("You lay aside %(cards)s."))
    if kind == "drew":
        card = card_in(event["card"])
        player, offerer = seat_in(event["player"]), seat_in(event["from"])
        if card is None:
            return Sentence(N_("%(player)s draws a card from the fan of %(offerer)s."),
                            {"player": player, "offerer": offerer},
                            yours=N_("You draw a card from the fan of %(offerer)s."),
                            to_others={"offerer": N_("%(player)s draws a card from your fan.")})
        return Sentence(N_("%(player)s draws the %(card)s from the fan of %(offerer)s."),
                        {"player": player, "card": Spoken(card), "offerer": offerer},
                        yours=N_("You draw the %(card)s from the fan of %(offerer)s."),
                        to_others={"offerer": N_("%(player)s draws the %(card)s from your fan.")})
    if kind == "out":
        return Sentence(N_("%(player)s has no cards left and is out."), {"player": seat_in(event["player"])},
                        yours=N_("You have no cards left and are out."))
    if kind == "game_over":
        return Sentence(N_("%(player)s is left with the last queen and loses."), {"player": seat_in(event["loser"])},
                        yours=N_("You are left with the last queen and lose."))
    raise Untold


def stage(event: Mapping[str, object]) -> Journey | None:
    """Where ``event``'s cards travel on Old Maid's table (``games/old-maid/table.html``):
    None if nothing travels, ``Untold`` if the event does not fit."""
    kind = event.get("type")
    if kind == "discarded":
        player = seat_in(event["player"])
        # The pairs laid aside at the deal are shown together, not one by one: the reader's first
        # move waits for them.
        return journey(f"hand-{player.index}", f"discards-{player.index}", travelling(event["cards"], 2), player,
                       together=True)
    if kind == "drew":
        player, offerer = seat_in(event["player"]), seat_in(event["from"])
        return journey(f"hand-{offerer.index}", f"hand-{player.index}", travelling([event["card"]]), player)
    if kind == "out":
        return {"seat": seat_in(event["player"]).index}
    if kind == "game_over":
        return {"seat": seat_in(event["loser"]).index}
    return None
