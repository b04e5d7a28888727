"""War's events told in words, and where their cards travel on the table (``games/war/table.html``)."""

from __future__ import annotations

from collections.abc import Mapping

from ...engine.errors import N_, Nn_
from ...engine.sentences import Journey, Sentence, Spoken, Untold, card_in, cards_in, journey, seat_in, travelling


def tell(event: Mapping[str, object]) -> Sentence:
    """``event`` in an English template and its parameters; ``Untold`` if it is not one of War's."""
    kind = event.get("type")
    if kind == "turned":
        card, player = card_in(event["card"]), seat_in(event["player"])
        if card is None:
            return Sentence(N_("%(player)s lays a card face down."), {"player": player},
                            yours=N_("You lay a card face down."))
        return Sentence(N_("%(player)s turns the %(card)s."), {"player": player, "card": Spoken(card)},
                        yours=N_("You turn the %(card)s."))
    if kind == "took":
        count = len(cards_in(event["cards"]))
        return Sentence.counted(Nn_("%(player)s takes %(num)s card.", "%(player)s takes %(num)s cards."), count,
                                {"player": seat_in(event["player"])},
                                yours=Nn_("You take %(num)s card.", "You take %(num)s cards."))
    if kind == "took_back":
        return Sentence(N_("The stocks are spent before the war ends: each player takes back their own cards."))
    if kind == "game_over":
        winner = event["winner"]
        if winner is None:
            return Sentence(N_("The game is over: both players won as many cards."))
        return Sentence(N_("The game is over: %(player)s won more cards."), {"player": seat_in(winner)},
                        yours=N_("The game is over: you won more cards."))
    raise Untold


def stage(event: Mapping[str, object]) -> Journey | None:
    """Where ``event``'s cards travel: None if nothing does, ``Untold`` if the event does not fit."""
    kind = event.get("type")
    if kind == "turned":
        player = seat_in(event["player"])
        return journey(f"stock-{player.index}", f"battle-{player.index}", [card_in(event["card"])], player)
    if kind == "took":
        player = seat_in(event["player"])
        return journey("battle", f"won-{player.index}", travelling(event["cards"]), player)
    if kind in ("took_back", "game_over"):
        return None
    raise Untold
