"""The rules of thumb the Solo Whist rules page teaches, as a player that follows them.

Card play: second hand low, third hand high, cover an honour with an honour,
lead from length, return a partner's suit, trump when void, discard from the
shortest side suit; in misère, the highest card that stays under the trick. The
rules treat whoever sits on the same side alike (``Table.partners``): the other
member of a proposal, or the other defenders against a lone bidder; only the
first is called a partner in the reasons.

Bidding counts sure and likely tricks (``trick_count``) and bids the highest
contract whose threshold the hand reaches (``THRESHOLDS``); misères are judged by
whether every card has low cards below it in its suit (``misere_safe``).
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from ....engine.cards import DECK, SUITS, Card
from ....engine.choice import Choice, Reason
from ....engine.errors import N_
from ..rules import (
    ABUNDANCE, ACCEPTANCE, DECLARED_ABUNDANCE, MISERE, MISERES, OPEN_MISERE, PASS, PROPOSAL, SEATS, SOLO, STRENGTH,
    Bid, Contract, CurrentTrick, NameTrump, Play, trick_winner,
)
from ..view import View

HONOURS = frozenset({"J", "Q", "K", "A"})
_DECK = frozenset(DECK)

THRESHOLDS = {PROPOSAL: 4.0, ACCEPTANCE: 3.5, SOLO: 4.5, ABUNDANCE: 9.0}
"""Sure and likely tricks a hand must count to make each bid (acceptance: to join a proposal).
Measured with the rules-of-thumb play: a solo counted at 4.5 and an abundance counted at 9
are made well over half the time, so both pay (at even odds a contract only breaks even); an
abundance at 8.5 is made far too seldom. Checked again against the strong player's defence (two
strong defenders of three): solos bid at 4.5 still pay, while proposals bid at 4 and accepted at
3.5 are made little more than half the time, which the rules page now says."""

MISERE_MARGINS = {MISERE: 2, OPEN_MISERE: 1}
"""How far above the two a misère hand's lowest card of a suit may be (``misere_safe``); each
further card of the suit may be three ranks higher. Looser hands failed more often than not."""


def strength(card: Card) -> int:
    """0 for a two up to 12 for an ace: the rules' ace-high order, counted from the two."""
    return STRENGTH[card] - 2


def beats(card: Card, best: Card, trump: str | None) -> bool:
    """``card`` would win a trick that ``best`` is winning."""
    if card.suit == best.suit:
        return strength(card) > strength(best)
    return card.suit == trump


# --- what the seat knows of the table ---------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Table:
    """The facts the rules of thumb look at, read from a view."""

    view: View
    trump: str | None
    partners: frozenset[int]
    outstanding: frozenset[Card]

    @classmethod
    def of(cls, view: View) -> Table:
        contract = view.agreed
        side = set(contract.declaring)
        if view.seat not in side:
            side = set(range(SEATS)) - side
        played = {card for trick in view.tricks for card in trick.cards}
        if view.trick is not None:
            played |= set(view.trick.cards)
        seen = played | set(view.hand)
        return cls(view, contract.trump, frozenset(side - {view.seat}), _DECK - seen)

    @property
    def seat(self) -> int:
        return self.view.seat

    @property
    def bidder(self) -> int:
        return self.view.agreed.bidder

    @property
    def proposal(self) -> bool:
        """Partners exist only in a proposal: against a lone bidder the seat's side are fellow defenders."""
        return self.view.agreed.bid == PROPOSAL

    @property
    def misere(self) -> bool:
        return self.view.agreed.bid in MISERES

    def is_master(self, card: Card) -> bool:
        """Nobody else can still hold a higher card of its suit."""
        return not any(other.suit == card.suit and strength(other) > strength(card) for other in self.outstanding)

    def lower_outstanding(self, card: Card) -> int:
        return sum(1 for other in self.outstanding if other.suit == card.suit and strength(other) < strength(card))

    def higher_outstanding(self, card: Card) -> int:
        return sum(1 for other in self.outstanding if other.suit == card.suit and strength(other) > strength(card))

    @property
    def trick(self) -> CurrentTrick:
        """The trick in progress, when the seat follows to it; ``ValueError`` when the seat leads."""
        if self.view.trick is None:
            raise ValueError("no card has been led to the trick yet")
        return self.view.trick

    def winning(self) -> tuple[int, Card]:
        """Who is winning the trick in progress, and with which card."""
        trick = self.trick
        winner = trick_winner(trick.leader, trick.cards, self.trump)
        return winner, trick.cards[(winner - trick.leader) % SEATS]


def _choice(card: Card, message: str, seat: int, **params: object) -> Choice:
    return Choice(Play(seat, card), Reason(message, {"card": card, **params}))


def _lowest(cards: list[Card]) -> Card:
    return min(cards, key=strength)


def _highest(cards: list[Card]) -> Card:
    return max(cards, key=strength)


def suit_of(cards: list[Card], suit: str) -> list[Card]:
    return [card for card in cards if card.suit == suit]


# --- card play ------------------------------------------------------------------------------


def play(view: View, cards: list[Card]) -> Choice:
    """The card the rules of thumb pick among the legal ``cards``, and why."""
    if len(cards) == 1:
        return _forced(view, cards[0])
    table = Table.of(view)
    if table.misere:
        if table.seat == table.bidder:
            return _misere_bidder(table, cards)
        return _misere_defender(table, cards)
    if view.trick is None:
        return _lead(table, cards)
    if cards[0].suit != view.trick.cards[0].suit:
        return _void(table, cards)
    return _follow(table, cards)


def _forced(view: View, card: Card) -> Choice:
    """The one card the seat may play, said as such: a rule of play would read oddly over it (an ace
    played "second hand low")."""
    if view.trick is None:
        return _choice(card, N_("Lead the %(card)s: it is your last card"), view.seat)
    if len(view.hand) > 1:
        return _choice(card, N_("Play the %(card)s: it is your only card of the suit led, and you must follow"
                                " suit"), view.seat)
    return _choice(card, N_("Play the %(card)s: it is your last card"), view.seat)


def _lead(table: Table, cards: list[Card]) -> Choice:
    seat, trump = table.seat, table.trump
    partner_suits = [trick.cards[0].suit for trick in table.view.tricks if trick.leader in table.partners]
    for suit in reversed(partner_suits):
        held = suit_of(cards, suit)
        if held and suit != trump:
            card = _highest(held) if table.is_master(_highest(held)) else _lowest(held)
            return _choice(card, N_("Lead the %(card)s: return your partner's suit") if table.proposal else
                           N_("Lead the %(card)s: return the suit another defender led"), seat)
    trumps = suit_of(cards, trump) if trump else []
    declaring = seat == table.bidder or table.bidder in table.partners
    outstanding_trumps = any(card.suit == trump for card in table.outstanding)
    if declaring and trumps and outstanding_trumps and table.is_master(_highest(trumps)):
        return _choice(_highest(trumps), N_("Lead the %(card)s: draw the other players' trumps with the"
                                            " highest one left"), seat)
    masters = [card for card in cards if table.is_master(card) and card.suit != trump]
    if masters:
        return _choice(_highest(masters), N_("Lead the %(card)s: it is the highest card left in its suit,"
                                             " a sure trick"), seat)
    side = [card for card in cards if card.suit != trump] or cards
    longest = max(SUITS, key=lambda suit: (len(suit_of(side, suit)), -SUITS.index(suit)))
    return _choice(_lowest(suit_of(side, longest)), N_("Lead the %(card)s: lead from length, your longest"
                                                       " suit"), seat)


def _follow(table: Table, cards: list[Card]) -> Choice:
    seat, trump, trick = table.seat, table.trump, table.trick
    winner, best = table.winning()
    beaters = [card for card in cards if beats(card, best, trump)]
    place = len(trick.cards)
    if winner in table.partners and (place == 3 or table.is_master(best)):
        return _choice(_lowest(cards), N_("Play the %(card)s: your partner is already winning the trick, so"
                                          " play low") if table.proposal else
                       N_("Play the %(card)s: another defender is already winning the trick, so play low"), seat)
    if not beaters:
        return _choice(_lowest(cards), N_("Play the %(card)s: you cannot win the trick, so play your lowest"
                                          " card"), seat)
    if place == 1:
        led = trick.cards[0]
        honours = [card for card in beaters if card.rank in HONOURS]
        if led.rank in HONOURS and honours and winner not in table.partners:
            return _choice(_lowest(honours), N_("Play the %(card)s: cover an honour with an honour"), seat)
        return _choice(_lowest(cards), N_("Play the %(card)s: second hand low, keep your high cards for"
                                          " later"), seat)
    if place == 2:
        if trick.leader in table.partners:
            return _choice(_highest(beaters), N_("Play the %(card)s: third hand high, to win the trick your"
                                                 " partner led") if table.proposal else
                           N_("Play the %(card)s: third hand high, to win the trick another defender led"), seat)
        return _choice(_highest(beaters), N_("Play the %(card)s: third hand high, to win the trick"), seat)
    return _choice(_lowest(beaters), N_("Play the %(card)s: last to play, win with the lowest card that"
                                        " does"), seat)


def _void(table: Table, cards: list[Card]) -> Choice:
    seat, trump = table.seat, table.trump
    winner, best = table.winning()
    trumps = [card for card in suit_of(cards, trump) if beats(card, best, trump)] if trump else []
    if trumps and winner not in table.partners:
        return _choice(_lowest(trumps), N_("Trump with the %(card)s: you are void in the suit led"), seat)
    side = [card for card in cards if card.suit != trump] or cards
    shortest = min((suit for suit in SUITS if suit_of(side, suit)), key=lambda suit: len(suit_of(side, suit)))
    return _choice(_lowest(suit_of(side, shortest)), N_("Discard the %(card)s: from your shortest side suit,"
                                                        " keeping your long suits and your trumps"), seat)


def _misere_bidder(table: Table, cards: list[Card]) -> Choice:
    seat, trick = table.seat, table.view.trick
    if trick is None:
        safe = [card for card in cards if table.higher_outstanding(card)] or cards
        card = min(safe, key=lambda card: (table.lower_outstanding(card), strength(card)))
        return _choice(card, N_("Lead the %(card)s: in misère, lead a low card that others must beat"), seat)
    if cards[0].suit != trick.cards[0].suit:
        card = min(cards, key=lambda card: (table.higher_outstanding(card), -strength(card)))
        return _choice(card, N_("Discard the %(card)s: in misère you must shed the cards that could win a"
                                " trick"), seat)
    _, best = table.winning()
    under = [card for card in cards if not beats(card, best, None)]
    if under:
        return _choice(_highest(under), N_("Play the %(card)s: in misère, the highest card that stays under"
                                           " the trick"), seat)
    if len(trick.cards) == 3:
        return _choice(_highest(cards), N_("Play the %(card)s: you take this trick whatever you play, so get"
                                           " rid of your highest card"), seat)
    return _choice(_lowest(cards), N_("Play the %(card)s: you cannot stay under the trick, so play your lowest"
                                      " card and hope a later one beats it"), seat)


def _misere_defender(table: Table, cards: list[Card]) -> Choice:
    seat, trick, bidder = table.seat, table.view.trick, table.bidder
    if trick is None:
        card = min(cards, key=lambda card: (strength(card), table.lower_outstanding(card)))
        return _choice(card, N_("Lead the %(card)s: lead low, so the misère bidder may be forced to win the"
                                " trick"), seat)
    winner, best = table.winning()
    if cards[0].suit != trick.cards[0].suit:
        return _choice(_highest(cards), N_("Discard the %(card)s: a high card is no use against a misère;"
                                           " keep low cards to stay under the bidder"), seat)
    if winner == bidder:
        under = [card for card in cards if not beats(card, best, None)]
        if under:
            return _choice(_highest(under), N_("Play the %(card)s: stay under the misère bidder's card, so"
                                               " they take the trick"), seat)
    played = {(trick.leader + offset) % SEATS for offset in range(len(trick.cards))}
    if bidder not in played:
        return _choice(_lowest(cards), N_("Play the %(card)s: play low and leave room for the misère bidder"
                                          " to win the trick"), seat)
    return _choice(_highest(cards), N_("Play the %(card)s: the misère bidder is safe in this trick, so shed a"
                                       " high card"), seat)


# --- bidding ---------------------------------------------------------------------------------


_ACE, _KING, _QUEEN = 1 << 12, 1 << 11, 1 << 10


def suit_tricks(ranks: int, trump: bool) -> float:
    """Sure and likely tricks in one suit, ``ranks`` its cards held as bits (``1 << strength``)."""
    length = ranks.bit_count()
    ace, king = bool(ranks & _ACE), bool(ranks & _KING)
    tricks = 0.0
    if ace:
        tricks += 1
    if king:
        tricks += 1 if ace else 0.5 if length >= 2 else 0
    if ranks & _QUEEN:
        tricks += 1 if ace and king else 0.5 if length >= 3 and (ace or king) else 0
    if trump:
        tricks += max(0, length - 3)
    return tricks


Suits = dict[str, int]
"""A hand as each suit's cards, in ``SUITS`` order, as bits (``1 << strength``): what the counts below
read, built once however many of them a hand needs (the samplers judge thousands of hands a decision)."""


def suits_of(hand: tuple[Card, ...]) -> Suits:
    suits = dict.fromkeys(SUITS, 0)
    for card in hand:
        suits[card.suit] |= 1 << strength(card)
    return suits


def _count(suits: Suits, trump: str | None) -> float:
    tricks = sum(suit_tricks(ranks, suit == trump) for suit, ranks in suits.items())
    if trump is not None and suits[trump].bit_count() >= 4:
        spare = suits[trump].bit_count() - 3
        for suit, ranks in suits.items():
            if suit != trump and ranks.bit_count() <= 1 and spare > 0:
                tricks += 1 if not ranks else 0.5
                spare -= 1
    return tricks


def trick_count(hand: tuple[Card, ...], trump: str | None) -> float:
    """Sure and likely tricks: honours, long trumps, and ruffs in short side suits."""
    return _count(suits_of(hand), trump)


def misere_safe(suits: Suits, margin: int) -> bool:
    """Every card has low cards under it: the i-th lowest card of a suit (from 0) is at most
    ``margin`` + 3 × i ranks above the two."""
    for ranks in suits.values():
        position = 0
        while ranks:
            low = ranks & -ranks
            if low.bit_length() - 1 > margin + 3 * position:
                return False
            ranks ^= low
            position += 1
    return True


def runs_from_the_top(suits: Suits) -> bool:
    """Every suit held wins every round: its top cards are unbroken from the ace and, once
    they have drawn the others' cards of the suit, the rest are the highest left."""
    for ranks in suits.values():
        length = ranks.bit_count()
        top = 0
        while top < length and ranks >> (12 - top) & 1:
            top += 1
        if length and top < min(length, 13 - length):
            return False
    return True


def _best_trump(suits: Suits) -> str:
    return max((suit for suit in SUITS if suits[suit]), key=lambda suit: (_count(suits, suit), suits[suit].bit_count(), suit))


def best_trump(hand: tuple[Card, ...]) -> str:
    """The suit that would make the most tricks as trumps (the longer suit on a tie)."""
    return _best_trump(suits_of(hand))


def worth(hand: tuple[Card, ...], contract: Contract, accepted: bool = False) -> bool:
    """Whether a thirteen-card ``hand`` reaches this player's threshold for ``contract`` as agreed
    (``accepted``: for accepting its proposal), its tricks counted in the trump it names: the hands the
    analysis board deals for a contract set up on it."""
    suits, bid = suits_of(hand), contract.bid
    if bid in MISERES or bid == DECLARED_ABUNDANCE:
        return worth_any(suits, (bid,), None)
    return _count(suits, contract.trump) >= THRESHOLDS[ACCEPTANCE if accepted else bid]


BID_ORDER = (DECLARED_ABUNDANCE, OPEN_MISERE, ABUNDANCE, MISERE, SOLO, ACCEPTANCE, PROPOSAL)
"""The calls the rules of thumb make, the one they prefer first."""


def worth_any(suits: Suits, calls: Collection[str], turned: str | None) -> bool:
    """Whether a thirteen-card hand (``suits_of``) reaches the rules of thumb's threshold for any of
    ``calls``, ``turned`` the turned-up card's suit (abundance counts with the hand's best suit as
    trumps); each count made once, the cheapest first."""
    counted = [THRESHOLDS[call] for call in calls if call in (PROPOSAL, ACCEPTANCE, SOLO)]
    if counted and turned is not None and _count(suits, turned) >= min(counted):
        return True
    margins = [MISERE_MARGINS[call] for call in calls if call in MISERES]
    if margins and misere_safe(suits, max(margins)):
        return True
    if DECLARED_ABUNDANCE in calls and runs_from_the_top(suits):
        return True
    return ABUNDANCE in calls and _count(suits, _best_trump(suits)) >= THRESHOLDS[ABUNDANCE]


def call_for(hand: tuple[Card, ...], calls: Collection[str], turned: str | None) -> str:
    """The call the rules of thumb make among the legal ``calls``: the highest the hand is worth, or a pass."""
    suits = suits_of(hand)
    return next((call for call in BID_ORDER if call in calls and worth_any(suits, (call,), turned)), PASS)


_BID_REASONS = {
    DECLARED_ABUNDANCE: N_("Bid declared abundance: every suit you hold runs from the top, so you can take all"
                           " thirteen tricks"),
    OPEN_MISERE: N_("Bid open misère: your hand is safe even laid face up, with low cards in every suit"),
    ABUNDANCE: N_("Bid abundance: with your best suit as trumps your sure and likely tricks come to %(tricks)s,"
                  " and abundance needs nine"),
    MISERE: N_("Bid misère: every high card you hold has low cards under it in its suit, so you can play under"
               " the others"),
    SOLO: N_("Bid solo: with the turned-up suit as trumps your sure and likely tricks come to %(tricks)s, and solo"
             " needs five"),
    ACCEPTANCE: N_("Accept the proposal: your sure and likely tricks come to %(tricks)s, and with your partner's"
                   " they should make eight"),
    PROPOSAL: N_("Propose: your sure and likely tricks come to %(tricks)s, about half of the eight a partnership"
                 " needs"),
    PASS: N_("Pass: your sure and likely tricks come to %(tricks)s, too few for any bid you may still make"),
}


def _said(count: float) -> int:
    """A count of tricks as a reason says it, rounded half up: a hand counted at 4.5 reaches solo's
    threshold, and "your tricks come to 4, and solo needs five" would read as a reason not to bid it."""
    return int(count + 0.5)


def bid(view: View, calls: list[str]) -> Choice:
    """The highest bid the hand is worth among the legal ``calls``, or a pass."""
    hand = view.hand
    turned = view.turn_up.suit if view.turn_up is not None else None
    call = call_for(hand, calls, turned)
    counted = trick_count(hand, best_trump(hand)) if call == ABUNDANCE else (
        trick_count(hand, turned) if turned is not None else 0.0)
    return Choice(Bid(view.seat, call), Reason(_BID_REASONS[call], {"tricks": _said(counted)}))


def name_trump(view: View) -> Choice:
    """Abundance: trumps in the suit that makes the most tricks."""
    suit = best_trump(view.hand)
    top = max((card for card in view.hand if card.suit == suit), key=strength)
    return Choice(NameTrump(view.seat, suit),
                  Reason(N_("Name trumps in the suit of your %(card)s, your best: with it your sure and"
                            " likely tricks come to %(tricks)s"),
                         {"card": top, "tricks": _said(trick_count(view.hand, suit))}))

