"""Events told in the reader's language, one sentence each, for a table's live region.

The play page announces every move the computer players make; the API's events
say what happened, this module says it in words ("Player 3 draws a card from
Player 2's fan."). Events come back from the browser, so every field is checked
and an event that does not fit is left untold rather than trusted.
"""

from __future__ import annotations

from flask_babel import gettext, ngettext

from ..engine.cards import SUITS, Card, UnknownCard
from ..engine.decode import is_whole_number
from .i18n import BID_NAMES, bid_name, card_name, player_name, suit_name

_MAX_SEATS = 6
# The most cards one event names: a Solo Whist hand laid open, a race's run of a column.
_MAX_CARDS = 13


class _Untold(Exception):
    """An event field that does not fit: the event is not told."""


def _player(value: object) -> str:
    if not is_whole_number(value) or not 0 <= value < _MAX_SEATS:
        raise _Untold
    return player_name(value)


def _card(value: object) -> str | None:
    """A card's name, or None for a card the seat did not see."""
    if value is None:
        return None
    try:
        return card_name(Card.parse(value))
    except UnknownCard:
        raise _Untold from None


def _cards(value: object) -> list[str | None]:
    if not isinstance(value, list) or len(value) > _MAX_CARDS:
        raise _Untold
    return [_card(item) for item in value]


def _named(value: object) -> str:
    names = [name for name in _cards(value) if name is not None]
    if not names:
        raise _Untold
    return gettext("%(first)s and %(second)s", first=", ".join(names[:-1]), second=names[-1]) if len(names) > 1 else names[0]


def _pile_index(value: object, kind: str) -> int:
    if isinstance(value, str) and len(value) == 2 and value[0] == kind and value[1].isdigit():
        return int(value[1]) + 1
    raise _Untold


def _source(value: object) -> str:
    """Where a race move takes its cards from: the waste or a column."""
    if value == "waste":
        return gettext("from the waste")
    return gettext("from column %(n)s", n=_pile_index(value, "c"))


def _target(value: object) -> str:
    """Where a race move puts its cards: a column or a foundation."""
    if isinstance(value, str) and value.startswith("f"):
        return gettext("to foundation %(n)s", n=_pile_index(value, "f"))
    return gettext("to column %(n)s", n=_pile_index(value, "c"))


def _old_maid(kind: str, event: dict) -> str:
    if kind == "discarded":
        return gettext("%(player)s lays aside %(cards)s.", player=_player(event["player"]), cards=_named(event["cards"]))
    if kind == "drew":
        card = _card(event["card"])
        player, offerer = _player(event["player"]), _player(event["from"])
        if card is None:
            return gettext("%(player)s draws a card from the fan of %(offerer)s.", player=player, offerer=offerer)
        return gettext("%(player)s draws the %(card)s from the fan of %(offerer)s.", player=player, card=card,
                       offerer=offerer)
    if kind == "out":
        return gettext("%(player)s has no cards left and is out.", player=_player(event["player"]))
    if kind == "game_over":
        return gettext("%(player)s is left with the last queen and loses.", player=_player(event["loser"]))
    raise _Untold


def _race(kind: str, event: dict) -> str:
    if kind == "drew":
        cards = _cards(event["cards"])
        player = _player(event["player"])
        top = cards[-1] if cards else None
        if top is None:
            raise _Untold
        return ngettext("%(player)s draws %(num)s card: %(card)s is on top of the waste.",
                        "%(player)s draws %(num)s cards: %(card)s is on top of the waste.",
                        len(cards), player=player, card=top)
    if kind == "recycled":
        return gettext("%(player)s turns the waste over as a new stock.", player=_player(event["player"]))
    if kind == "moved":
        cards = _cards(event["cards"])
        if not cards or cards[0] is None:
            raise _Untold
        return ngettext("%(player)s moves the %(card)s %(source)s %(target)s.",
                        "%(player)s moves %(num)s cards, from the %(card)s down, %(source)s %(target)s.",
                        len(cards), player=_player(event["player"]), card=cards[0],
                        source=_source(event["from"]), target=_target(event["to"]))
    if kind == "flipped":
        return gettext("%(player)s turns up the %(card)s in column %(n)s.", player=_player(event["player"]),
                       card=_card(event["card"]) or "?", n=_pile_index(event["column"], "c"))
    if kind == "won":
        return gettext("%(player)s has moved every card and wins the race.", player=_player(event["winner"]))
    if kind == "blocked":
        if event["winner"] is None:
            return gettext("Both players are blocked with equal contributions: a draw.")
        return gettext("Both players are blocked: %(player)s contributed more cards and wins.",
                       player=_player(event["winner"]))
    raise _Untold


def _bid(value: object) -> str:
    """A call's name; a call the game does not have is not told (nor echoed back)."""
    if not isinstance(value, str) or value not in BID_NAMES:
        raise _Untold
    return bid_name(value)


def _contract(contract: object) -> str:
    if not isinstance(contract, dict):
        raise _Untold
    told = gettext("%(player)s plays %(contract)s", player=_player(contract.get("bidder")),
                   contract=_bid(contract.get("bid")))
    if contract.get("partner") is not None:
        told = gettext("%(told)s with %(partner)s", told=told, partner=_player(contract["partner"]))
    trump = contract.get("trump")
    if trump in SUITS:
        return gettext("%(told)s; trumps: %(suit)s.", told=told, suit=suit_name(trump))
    return gettext("%(told)s, without trumps.", told=told)


def _solo_whist(kind: str, event: dict) -> str:
    if kind == "bid":
        return gettext("%(player)s: %(bid)s.", player=_player(event["player"]), bid=_bid(event["bid"]))
    if kind == "auction_closed":
        return gettext("The auction closes: %(contract)s", contract=_contract(event["contract"]))
    if kind == "annulled":
        return gettext("Nobody plays this deal: it is annulled and passes to the next dealer.")
    if kind == "trump_named":
        suit = event["suit"]
        if suit not in SUITS:
            raise _Untold
        return gettext("%(player)s names %(suit)s as trumps.", player=_player(event["player"]), suit=suit_name(suit))
    if kind == "played":
        return gettext("%(player)s plays the %(card)s.", player=_player(event["player"]), card=_card(event["card"]) or "?")
    if kind == "trick_won":
        return gettext("%(player)s wins the trick.", player=_player(event["winner"]))
    if kind == "hand_exposed":
        return gettext("%(player)s lays their hand open: %(cards)s.", player=_player(event["player"]),
                       cards=_named(event["cards"]))
    if kind == "contract_decided":
        return gettext("The contract is made.") if event["made"] is True else gettext("The contract has failed.")
    raise _Untold


_TELLERS = {"old-maid": _old_maid, "double-solitaire": _race, "solo-whist": _solo_whist}


def narrate(game: str, event: dict) -> str | None:
    """One event of ``game`` in the reader's language, or None if it does not fit the API's events."""
    teller = _TELLERS.get(game)
    kind = event.get("type")
    if teller is None or not isinstance(kind, str):
        return None
    try:
        return teller(kind, event)
    except (_Untold, KeyError):
        return None
