"""The race's events told in words, one sentence each, for a table's live region.

Events arrive as the API's JSON; every field is checked, and an event that does
not fit is left untold (``None``) rather than trusted.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from ...engine.errors import N_, Nn_
from ...engine.sentences import Journey, Sentence, Spoken, Untold, card_in, cards_in, journey, seat_in, travelling


def _pile_index(value: object, kind: str) -> int:
    if isinstance(value, str) and len(value) == 2 and value[0] == kind and value[1].isdigit():
        return int(value[1]) + 1
    raise Untold


def _source(value: object) -> Sentence:
    """Where a move takes its cards from: the waste or a column."""
    if value == "waste":
        return Sentence(N_("from the waste"))
    return Sentence(N_("from column %(n)s"), {"n": _pile_index(value, "c")})


def _target(value: object) -> Sentence:
    """Where a move puts its cards: a column or a foundation."""
    if isinstance(value, str) and value.startswith("f"):
        return Sentence(N_("to foundation %(n)s"), {"n": _pile_index(value, "f")})
    return Sentence(N_("to column %(n)s"), {"n": _pile_index(value, "c")})


def tell(event: Mapping[str, object]) -> Sentence:
    """``event`` in an English template and its parameters; ``Untold`` if it is not one of the race's."""
    kind = event.get("type")
    if kind == "drew":
        cards = cards_in(event["cards"])
        player = seat_in(event["player"])
        top = cards[-1] if cards else None
        if top is None:
            raise Untold
        return Sentence.counted(Nn_("%(player)s draws %(num)s card: %(card)s is on top of the waste.",
                                    "%(player)s draws %(num)s cards: %(card)s is on top of the waste."),
                                len(cards), {"player": player, "card": Spoken(top)},
                                Nn_("You draw %(num)s card: %(card)s is on top of the waste.",
                                    "You draw %(num)s cards: %(card)s is on top of the waste."))
    if kind == "recycled":
        return Sentence(N_("%(player)s turns the waste over as a new stock."), {"player": seat_in(event["player"])},
                        yours=N_("You turn the waste over as a new stock."))
    if kind == "moved":
        cards = cards_in(event["cards"])
        if not cards or cards[0] is None:
            raise Untold
        return Sentence.counted(Nn_("%(player)s moves the %(card)s %(source)s %(target)s.",
                                    "%(player)s moves %(num)s cards, from the %(card)s down, %(source)s %(target)s."),
                                len(cards), {"player": seat_in(event["player"]), "card": Spoken(cards[0]),
                                             "source": _source(event["from"]), "target": _target(event["to"])},
                                Nn_("You move the %(card)s %(source)s %(target)s.",
                                    "You move %(num)s cards, from the %(card)s down, %(source)s %(target)s."))
    if kind == "flipped":
        card = card_in(event["card"])
        return Sentence(N_("%(player)s turns up the %(card)s in column %(n)s."),
                        {"player": seat_in(event["player"]), "card": "?" if card is None else Spoken(card),
                         "n": _pile_index(event["column"], "c")}, yours=N_("You turn up the %(card)s in column %(n)s."))
    if kind == "won":
        return Sentence(N_("%(player)s has moved every card and wins the race."), {"player": seat_in(event["winner"])},
                        yours=N_("You have moved every card and win the race."))
    if kind == "blocked":
        if event["winner"] is None:
            return Sentence(N_("Both players are blocked with equal contributions: a draw."))
        return Sentence(N_("Both players are blocked: %(player)s contributed more cards and wins."),
                        {"player": seat_in(event["winner"])}, yours=N_("Both players are blocked: you contributed more"
                                                                      " cards and win."))
    raise Untold


_PILE = re.compile(r"^(waste|c[0-6]|f[0-7])$")


def _pile(value: object) -> str:
    if not isinstance(value, str) or not _PILE.match(value):
        raise Untold
    return value


def stage(event: Mapping[str, object]) -> Journey | None:
    """Where ``event``'s cards travel on the race's table (``games/double-solitaire/table.html``):
    None if nothing travels, ``Untold`` if the event does not fit."""
    kind = event.get("type")
    player = seat_in(event["player"]) if "player" in event else None
    if player is None or player.index > 1:
        return None
    mine = f"p{player.index}"
    if kind == "moved":
        origin, destination = _pile(event["from"]), _pile(event["to"])
        # A foundation is shared: its place on the table is not either player's.
        target = destination if destination.startswith("f") else f"{mine}-{destination}"
        return journey(f"{mine}-{origin}", target, travelling(event["cards"]), player)
    if kind == "drew":
        return journey(f"{mine}-stock", f"{mine}-waste", travelling(event["cards"], 3)[-1:], player)
    if kind == "recycled":
        return journey(f"{mine}-waste", f"{mine}-stock", [None], player)
    return None
