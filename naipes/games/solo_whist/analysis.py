"""The analysis board: what each card the player to move may play is worth, double dummy.

For a position in play with every hand known, ``analyse`` gives, for each legal card, the tricks the
declaring side (the bidder and any partner) takes in the whole deal, those already won included, with
best play by everyone after that card, and whether the contract is then made. The review of a
finished game and the analysis endpoint both read it.

What "the tricks" are where the hand stops early: a misère stops at the bidder's first trick, so there
the count is the tricks already won plus one if the defenders can force the bidder to take a trick (the
contract is then lost), else plus none. A declared abundance stops at the first trick its bidder loses;
there the count is what the bidder would take if every card were played, best play on both sides, so
that a card which loses two tricks reads worse than one which loses one; it is made only with every
trick.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass

from ...engine.cards import DECK, SUITS, Card
from ...engine.errors import N_, InvalidPosition, TooMuchWork
from ...engine.sentences import Seat
from . import double_dummy
from .players import heuristics
from .rules import (
    CONTRACTS,
    DECLARED_ABUNDANCE,
    MISERES,
    PLAY,
    PROPOSAL,
    SEATS,
    TRICKS_NEEDED,
    Contract,
    Play,
    Position,
    Trick,
    legal_moves,
)
from .rules.tricks import STRENGTH, ends_early

NODE_LIMIT = 4_000_000
"""The most nodes the analysis endpoint may search for one position, from an empty table: at most about a
second of one core's time on a busy machine of middling speed (``benchmarks/README.md``)."""


@dataclass(frozen=True, slots=True)
class CardValue:
    """One legal card and what it is worth: the declaring side's tricks in the whole deal, and whether
    the contract is then made."""

    card: Card
    tricks: int
    made: bool


def sides(position: Position) -> tuple[int, int]:
    """The declaring side and its opponents, as bit masks of seats."""
    declaring = position.agreed.declaring_mask
    return declaring, 0b1111 ^ declaring


def deal_of(position: Position) -> double_dummy.Deal:
    """The search's view of a position in play: the cards still held, the trick on the table, the trump."""
    hands = tuple(double_dummy.mask_of(hand) for hand in position.hands)
    trick = position.trick
    played = () if trick is None else tuple(double_dummy.index_of(card) for card in trick.cards)
    trump = double_dummy.trump_index(position.agreed.trump)
    return double_dummy.Deal(hands, position.leader, played, trump)  # type: ignore[arg-type]


def on_board(position: Position) -> bool:
    """Whether the board can analyse ``position``: its cards are in play."""
    return position.phase == PLAY


def analyse(position: Position, node_limit: int = NODE_LIMIT) -> list[CardValue]:
    """Every legal card of the player to move, lowest first, with its double-dummy worth.

    ``InvalidPosition`` unless the position is in play; ``double_dummy.BudgetExceeded`` past ``node_limit``.
    """
    if not on_board(position):
        raise InvalidPosition("only a position in play can be analysed: this one is in phase %(phase)s",
                              phase=position.phase)
    contract = position.agreed
    declaring, defenders = sides(position)
    side_won = contract.declaring_won(position.tricks_won())
    deal = deal_of(position)
    legal = {double_dummy.index_of(move.card): move.card for move in legal_moves(position) if isinstance(move, Play)}
    if contract.bid in MISERES:
        forced = double_dummy.verdicts(deal, defenders, declaring, 1, node_limit)
        return [CardValue(legal[card], side_won + beaten, not beaten) for card, beaten in forced]
    values = double_dummy.values(deal, declaring, declaring, node_limit)
    if contract.bid == DECLARED_ABUNDANCE:
        every = len(position.tricks) + deal.tricks_left
        return [CardValue(legal[card], side_won + value, side_won + value == every) for card, value in values]
    needed = TRICKS_NEEDED[contract.bid]
    return [CardValue(legal[card], side_won + value, side_won + value >= needed) for card, value in values]


def answer(position: Position) -> dict[str, object]:
    """The analysis endpoint's JSON: the player to move and each legal card's worth.

    ``TooMuchWork`` when the search would go past ``NODE_LIMIT`` (early in some deals).
    """
    # Each question from an empty table: what the process searched before must change neither the answer
    # nor whether it comes within the cap (a warm table reaches further, so a refusal could be retried away).
    double_dummy.forget()
    try:
        values = analyse(position, NODE_LIMIT)
    except double_dummy.BudgetExceeded:
        raise TooMuchWork("the analysis would search more than %(nodes)s positions", nodes=NODE_LIMIT) from None
    return {"to_move": position.to_move,
            "cards": [{"card": value.card.code, "tricks": value.tricks, "made": value.made} for value in values]}


SETUP_FIELDS = ("bid", "bidder", "partner", "trump", "leader", "won")
"""The set-up form's fields beside one per card (named by its code: who holds it, or empty when it is out
of the hand): the contract, who leads the trick set up, and in an ending how many of the tricks already
played the declaring side took. Left empty, that count makes the ending a partial position as the API
and the worked examples have them, judged on the tricks still to play alone; given, it makes the board
find an earlier play of the cards out (``_history``) that took them."""

HISTORY_STEPS = 10_000
"""The most suits the search for an ending's earlier play may lay (a few tenths of a second of CPU at the
most). An ending it finds no play for within them is refused, the reader told to change the cards or the
count; benchmarks/README.md gives how often that happens (``benchmarks/solo_whist_setup.py``)."""

HAND = len(DECK) // SEATS
"""The cards each player is dealt, and the tricks of a whole hand."""

SETUP_CARDS = tuple((suit, tuple(card.code for card in sorted(
    (card for card in DECK if card.suit == suit), key=STRENGTH.__getitem__, reverse=True))) for suit in SUITS)
"""The set-up form's cards: each suit with its cards from the highest down, as the form lists them."""

_WITHOUT_TRUMP = MISERES | {DECLARED_ABUNDANCE}
_SEATS = {str(seat): seat for seat in range(SEATS)}


def set_up(fields: Mapping[str, str]) -> Position:
    """The position at a trick's lead that the analysis page's set-up form describes: a whole deal, an
    ending on its own, or an ending with an earlier play that gave the declaring side the tricks the form
    says it took (``SETUP_FIELDS``).

    ``InvalidPosition``, its message for the reader, when the fields describe no position the board can
    analyse: the checks come before the engine's own, which speak to API clients, so that a reader
    setting up a hand by hand is told what to change.
    """
    contract, leader = _contract(fields)
    hands: list[list[str]] = [[] for _ in range(SEATS)]
    for card in DECK:
        holder = fields.get(card.code)
        if holder:
            hands[_seat(fields, card.code)].append(card.code)
    sizes = [len(hand) for hand in hands]
    if len(set(sizes)) != 1 or not sizes[0]:
        raise InvalidPosition(N_("Every player must hold as many cards as the others, at least one: now they hold"
                                 " %(sizes)s."), sizes=", ".join(map(str, sizes)))
    played = HAND - sizes[0]
    counted = fields.get("won", "")
    tricks = [] if not counted else _tricks_before(hands, fields, contract, leader, played, counted)
    first = tricks[0].leader if tricks else leader
    try:
        return Position.from_json({
            "dealer": (first - 1) % SEATS, "hands": hands, "turn_up": None, "phase": PLAY, "auction": [],
            "contract": contract.to_json(), "tricks": [trick.to_json() for trick in tricks], "trick": None,
            "result": None})
    except InvalidPosition:
        # The checks above leave the engine nothing to refuse; were one missed, the reader still reads
        # their own language rather than the engine's English for API clients.
        raise InvalidPosition(N_("These cards and this contract make no position the board can analyse.")) from None


def _contract(fields: Mapping[str, str]) -> tuple[Contract, int]:
    """The contract the form names and who leads; ``InvalidPosition``, for the reader, where the rules
    allow no such contract."""
    bid = fields.get("bid", "")
    if bid not in CONTRACTS:
        raise InvalidPosition(N_("Choose one of the contracts."))
    bidder, leader = _seat(fields, "bidder"), _seat(fields, "leader")
    partner = _seat(fields, "partner") if fields.get("partner") else None
    trump = fields.get("trump") or None
    if trump is not None and trump not in SUITS:
        raise InvalidPosition(N_("Choose a trump suit, or none."))
    if bid == PROPOSAL and (partner is None or partner == bidder):
        raise InvalidPosition(N_("A proposal is played with a partner: choose a player other than the bidder."))
    if bid != PROPOSAL and partner is not None:
        raise InvalidPosition(N_("Only a proposal is played with a partner: choose no partner."))
    if bid in _WITHOUT_TRUMP and trump is not None:
        raise InvalidPosition(N_("A misère, an open misère and a declared abundance are played without trumps."))
    if bid not in _WITHOUT_TRUMP and trump is None:
        raise InvalidPosition(N_("A solo, a proposal and an abundance are played with trumps: choose the suit."))
    if bid == DECLARED_ABUNDANCE and leader != bidder:
        raise InvalidPosition(N_("In a declared abundance the bidder leads every trick: he leads the first and"
                                 " wins each one, or the hand is over."))
    return Contract(bid, bidder, partner, trump), leader


def _tricks_before(hands: list[list[str]], fields: Mapping[str, str], contract: Contract, leader: int, played: int,
                   counted: str) -> list[Trick]:
    """The earlier play of an ending whose form counts the tricks the declaring side took (``counted``)."""
    counts = {str(count): count for count in range(played + 1)}
    if counted not in counts:
        raise InvalidPosition(N_("Tricks played so far: %(played)s, as each player holds %(held)s of their %(hand)s"
                                 " cards; the declaring side took from 0 to %(played)s of them."),
                              held=HAND - played, played=played, hand=HAND)
    won = counts[counted]
    bid = contract.bid
    if played and leader in contract.declaring and not won:
        raise InvalidPosition(N_("Whoever leads won the last trick: with %(player)s to lead, the declaring side"
                                 " has taken at least one trick."), player=Seat(leader))
    if played and leader not in contract.declaring and won == played:
        raise InvalidPosition(N_("Whoever leads won the last trick: with %(player)s to lead, the declaring side"
                                 " did not take every trick played."), player=Seat(leader))
    if bid in MISERES and won > 0:
        raise InvalidPosition(N_("In a misère the bidder has taken no trick yet: one would have ended the hand."))
    if bid == DECLARED_ABUNDANCE and won < played:
        raise InvalidPosition(N_("In a declared abundance the bidder has taken every trick so far: losing one"
                                 " would have ended the hand."))
    held = [[Card.parse(code) for code in hand] for hand in hands]
    out = [card for card in DECK if not fields.get(card.code)]
    tricks = _history(held, out, contract, leader, won)
    if tricks is None:
        raise InvalidPosition(N_("No earlier play leaves these cards with that many tricks taken by the declaring"
                                 " side: change the cards or the tricks taken, or leave them uncounted."))
    return tricks


def dealt(fields: Mapping[str, str], rng: random.Random) -> dict[str, str]:
    """The set-up form's contract and leader kept, and the whole pack dealt at random, thirteen cards each
    (so no trick taken yet): dealt again, up to ``DEAL_TRIES`` times, until the bidder (and a partner)
    hold a hand the rules of thumb would bid the contract on, so that the board shows a contract someone
    would play. Where none turns up (a declared abundance hardly ever does), or the form names no
    contract, the last deal stands."""
    try:
        contract: Contract | None = _contract(fields)[0]
    except InvalidPosition:
        contract = None
    for _ in range(DEAL_TRIES):
        pack = list(DECK)
        rng.shuffle(pack)
        hands = [tuple(pack[seat::SEATS]) for seat in range(SEATS)]
        if contract is None or (heuristics.worth(hands[contract.bidder], contract) and (
                contract.partner is None or heuristics.worth(hands[contract.partner], contract, accepted=True))):
            break
    kept = {name: fields[name] for name in SETUP_FIELDS if name in fields}
    holder = {card: str(seat) for seat, hand in enumerate(hands) for card in hand}
    return kept | {"won": ""} | {card.code: holder[card] for card in DECK}


DEAL_TRIES = 3_000
"""The deals "deal at random" may try for a hand worth the contract (a small part of a request's time):
enough to find a solo's, a proposal's or a misère's nearly always, an abundance's or an open misère's
almost always too."""


def setup_fields(position: Position) -> dict[str, str]:
    """The set-up form's fields for ``position`` in play: its contract, who leads the trick in progress
    (or the next), how many tricks the declaring side has taken, and who holds each card still in the
    hand, those on the table counted as their players'; which cards the earlier tricks held is left out."""
    contract = position.agreed
    leader = position.leader
    won = contract.declaring_won(position.tricks_won())
    fields = {"bid": contract.bid, "bidder": str(contract.bidder),
              "partner": "" if contract.partner is None else str(contract.partner),
              "trump": contract.trump or "", "leader": str(leader), "won": str(won) if position.tricks else ""}
    for seat, hand in enumerate(position.hands):
        fields.update((card.code, str(seat)) for card in hand)
    if position.trick is not None:
        fields.update((card.code, str((leader + index) % SEATS)) for index, card in enumerate(position.trick.cards))
    return fields


def _seat(fields: Mapping[str, str], name: str) -> int:
    value = fields.get(name, "")
    if value not in _SEATS:
        raise InvalidPosition(N_("Choose players from 1 to %(seats)s."), seats=SEATS)
    return _SEATS[value]


def _history(hands: list[list[Card]], out: list[Card], contract: Contract, leader: int,
             won: int) -> list[Trick] | None:
    """Tricks the rules allow that could have taken ``out`` from the whole pack and left ``hands``: the
    declaring side winning ``won`` of them, ``leader`` the last, nobody playing a suit they showed out
    of or still holds; None when the search (``_EarlierPlay``) finds none within ``HISTORY_STEPS``."""
    if not out:
        return []
    search = _EarlierPlay(hands, out, contract, leader, won)
    return _ranked(search.laid, out) if search.run() else None


class _EarlierPlay:
    """The search for an ending's earlier play, over suits rather than cards.

    Following suit and showing out depend on the suits alone, so the search lays suits, and the ranks
    are put in last (``_ranked``): trick by trick it picks who wins (which makes the next leader), the
    suit led, and for each other player whether they follow or, holding none of the suit now, throw
    another suit, a trump being a ruff. An unlucky early trick can leave a search that cannot end well,
    so it starts again in another order every ``_ATTEMPT_STEPS`` suits; the orders come from a fixed
    seed, so one set-up's history is the same from one request to the next.
    """

    def __init__(self, hands: list[list[Card]], out: list[Card], contract: Contract, leader: int,
                 won: int) -> None:
        self.contract, self.leader, self.won = contract, leader, won
        self.played = len(out) // SEATS
        self.holds = [{card.suit for card in hand} for hand in hands]
        self.left = {suit: sum(1 for card in out if card.suit == suit) for suit in SUITS}
        self.void: list[set[str]] = [set() for _ in range(SEATS)]
        self.laid: list[tuple[int, list[str], int]] = []
        self.rng = random.Random(self.played * 14 + won)
        self.steps = self.budget = 0

    def run(self) -> bool:
        """Whether a play is found (then in ``laid``), trying again from another first leader and order
        until ``HISTORY_STEPS`` suits are laid."""
        contract = self.contract
        while self.budget < HISTORY_STEPS:
            self.budget = min(self.budget + _ATTEMPT_STEPS, HISTORY_STEPS)
            first = contract.bidder if contract.bid == DECLARED_ABUNDANCE else self.rng.randrange(SEATS)
            if self.trick(0, first, 0):
                return True
        return False

    def shareable(self, tricks_left: int) -> bool:
        """Can the cards still out go to the players, ``tricks_left`` each, none of a suit its player
        showed out of? Hall's condition over every set of suits: their cards fit the players able to
        take one."""
        able = [sum(1 << bit for bit, suit in enumerate(SUITS) if suit not in self.void[seat])
                for seat in range(SEATS)]
        for mask in range(1, 1 << len(SUITS)):
            cards = sum(self.left[suit] for bit, suit in enumerate(SUITS) if mask >> bit & 1)
            if cards > tricks_left * sum(1 for suits in able if suits & mask):
                return False
        return True

    def trick(self, index: int, lead: int, taken: int) -> bool:
        """Lays trick ``index`` and those after it, ``lead`` leading, the declaring side having ``taken``."""
        if index == self.played:
            return True
        winners = [self.leader] if index == self.played - 1 else self.rng.sample(range(SEATS), SEATS)
        for winner in winners:
            count = taken + (winner in self.contract.declaring)
            if ends_early(self.contract, winner) or count > self.won or count + self.played - index - 1 < self.won:
                continue
            for led in self.rng.sample(SUITS, len(SUITS)):
                if led in self.void[lead] or not self.left[led]:
                    continue
                self.left[led] -= 1
                found = self.lay(index, lead, winner, count, [led])
                self.left[led] += 1
                if found:
                    return True
        return False

    def lay(self, index: int, lead: int, winner: int, taken: int, suits: list[str]) -> bool:
        """Lays the next suit of trick ``index`` (``suits`` so far), ``winner`` to win it."""
        if len(suits) == SEATS:
            self.laid.append((lead, suits, winner))
            if self.shareable(self.played - index - 1) and self.trick(index + 1, winner, taken):
                return True
            self.laid.pop()
            return False
        if self.steps >= self.budget:
            return False
        self.steps += 1
        seat = (lead + len(suits)) % SEATS
        for suit, shows_out in self.options(seat, lead, winner, suits):
            self.left[suit] -= 1
            if shows_out:
                self.void[seat].add(suits[0])
            found = self.lay(index, lead, winner, taken, suits + [suit])
            if shows_out:
                self.void[seat].discard(suits[0])
            self.left[suit] += 1
            if found:
                return True
        return False

    def options(self, seat: int, lead: int, winner: int, suits: list[str]) -> list[tuple[str, bool]]:
        """The suits ``seat`` may play next to ``suits``, each with whether it shows out of the suit led by
        it: the suit led, or (holding none of it now) any other it has not shown out of, but never one
        that keeps ``winner`` from winning (the winner plays the suit that decides the trick: a trump
        once anyone has ruffed; nobody ruffs after the winner has followed)."""
        led, trump = suits[0], self.contract.trump
        found = [(led, False)] if led not in self.void[seat] else []
        if led not in self.holds[seat]:
            found += [(suit, led not in self.void[seat]) for suit in self.rng.sample(SUITS, len(SUITS))
                      if suit != led and suit not in self.void[seat]]
        deciding = trump if trump != led and trump in suits else led
        winner_place = (winner - lead) % SEATS
        winner_followed = winner_place < len(suits) and suits[winner_place] != trump
        allowed = []
        for suit, shows_out in found:
            ruff = suit == trump != led
            if not self.left[suit] or (seat == winner and suit != deciding and not ruff) or \
                    (ruff and seat != winner and winner_followed):
                continue
            allowed.append((suit, shows_out))
        return allowed


_ATTEMPT_STEPS = 500
"""The suits one try at an ending's earlier play may lay before the search starts again in another order."""


def _ranked(laid: list[tuple[int, list[str], int]], out: list[Card]) -> list[Trick]:
    """The tricks ``laid`` (each its leader, its suits in play order and its winner) with the cards
    ``out`` put in: in each suit the winners' plays get its highest cards, so each winner beats every
    other card of its suit in its trick."""
    ranked = {suit: sorted((card for card in out if card.suit == suit), key=STRENGTH.__getitem__, reverse=True)
              for suit in SUITS}
    winning = {(index, (winner - lead) % SEATS) for index, (lead, _, winner) in enumerate(laid)}
    order = sorted(((index, place) for index in range(len(laid)) for place in range(SEATS)),
                   key=lambda slot: slot not in winning)
    cards: dict[tuple[int, int], Card] = {}
    for index, place in order:
        cards[index, place] = ranked[laid[index][1][place]].pop(0)
    return [Trick(lead, tuple(cards[index, place] for place in range(SEATS)), winner)
            for index, (lead, _, winner) in enumerate(laid)]

