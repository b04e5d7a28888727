"""Old Maid with 51 cards (Q♣ removed), for 2 to 6 players, as the seeds define it.

The deal goes one card at a time clockwise from the dealer's left, so hands are
unequal. Any two cards of one rank are a pair and are laid aside: three of a kind
leaves one card, four of a kind is two pairs. Then the players draw blind from
each other's fans: the taker draws one card from the offerer's fan, lays aside
the pair it makes at once and offers their own fan to the next active player on
their left. A player whose hand is empty is out at once and skipped. The owner of
the last unmatched queen loses; the series score counts one defeat per game.

A short session (deal, a legal move, apply it, and a move the rules refuse)::

    >>> position = new_game(7, players=3)
    >>> position.phase
    'discarding'
    >>> move = legal_moves(position)[0]
    >>> move.to_json()
    {'type': 'discard', 'player': 0, 'cards': ['JS', 'JD']}
    >>> position, events = apply(position, move)
    >>> [event.to_json() for event in events]
    [{'type': 'discarded', 'player': 0, 'cards': ['JS', 'JD']}]
    >>> refusal(position, Draw(1, 0)).code
    'pair_pending'

Choices where the seeds are silent (tests check each one):

- A drawn card joins the right-hand end of the taker's fan.
- ``new_game`` shuffles first and only then draws the dealer by lot, so a seed
  gives the same sequence of cards whatever dealer is asked for.
- The game is over as soon as fewer than two players hold cards: nobody is left
  to offer to. With the 51-card deck every rank but the queen pairs off, so the
  one player left holds exactly one card, a queen, and loses. A partial position
  (an example showing only some cards) may end with another card left, which
  then loses in the queen's place, or with every hand empty and no loser.
- Rearranging a fan (``Arrange``) is allowed in every phase except ``over``,
  to any player, out or not; ``legal_moves`` does not list it.
- In ``discarding`` the players lay aside their pairs in any order, each at
  their own pace; a draw must wait until no hand holds a pair.
- The series ranking shares places as in sport ("1, 1, 3"): a player's place is
  one more than the number of players with fewer defeats.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from itertools import combinations

from ...engine import cards as _cards
from ...engine import decode
from ...engine.cards import Card
from ...engine.errors import InvalidMove, InvalidOptions, InvalidPosition, N_, Refusal, refuse
from ...engine.deal import shuffled
from ...engine.decode import read, read_union, write
from ...engine.events import Event
from . import shapes
from .shapes import (
    OldMaidArrange,
    OldMaidDiscard,
    OldMaidDraw,
    OldMaidMove,
    OldMaidPosition,
)

ID = "old-maid"
PLAYERS = (2, 6)
NEW_GAME_OPTIONS = frozenset({"players", "dealer"})

REMOVED = Card.parse(shapes.REMOVED)
"""The card taken out of the pack: with it gone, one queen can never be paired."""

DECK: tuple[Card, ...] = tuple(card for card in _cards.DECK if card != REMOVED)
"""The 51 cards of the game, in the order of a new pack."""

DISCARDING = "discarding"
DRAWING = "drawing"
PAIRING = "pairing"
OVER = "over"
PHASES = (DISCARDING, DRAWING, PAIRING, OVER)


@dataclass(frozen=True, slots=True)
class Position:
    """A table of Old Maid between moves; the players are numbered 0.. clockwise.

    ``hands[p]`` is p's fan from its left end; ``discards[p]`` the cards p has laid
    aside, two by two in the order laid. ``offerer`` and ``taker`` are set while
    drawing and pairing (the taker draws from the offerer's fan); ``loser`` once
    the game is over (``None`` only when a partial position left nobody holding).
    """

    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    discards: tuple[tuple[Card, ...], ...]
    phase: str = DISCARDING
    offerer: int | None = None
    taker: int | None = None
    loser: int | None = None

    @property
    def players(self) -> int:
        return len(self.hands)

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def drawing(self) -> tuple[int, int]:
        """``(offerer, taker)`` while drawing or pairing; ``ValueError`` in the other phases."""
        if self.offerer is None or self.taker is None:
            raise ValueError(f"nobody draws while {self.phase}")
        return self.offerer, self.taker

    def is_out(self, player: int) -> bool:
        """An empty hand: the player has escaped defeat and is skipped from now on."""
        return not self.hands[player]

    def active_players(self) -> tuple[int, ...]:
        """The players still holding cards, in seat order."""
        return tuple(player for player, hand in enumerate(self.hands) if hand)

    def to_json(self) -> dict[str, object]:
        return position_json(self)

    @classmethod
    def from_json(cls, data: object) -> Position:
        """The position an API client sent, checked whole; ``InvalidPosition`` for anything wrong."""
        return read_position(data)


def check(position: Position) -> None:
    """``InvalidPosition`` unless the rules can reach ``position`` (its JSON shape already checked)."""
    players = position.players
    if len(position.discards) != players:
        raise InvalidPosition("there must be one discard pile per hand")
    for field in ("dealer", "offerer", "taker", "loser"):
        seat = getattr(position, field)
        if seat is not None:
            decode.player(seat, field, players)
    _check_each_card_once(position.hands, position.discards)
    for player, pile in enumerate(position.discards):
        _check_pairs(pile, player)
    _check_phase(position)


def _check_each_card_once(hands: tuple[tuple[Card, ...], ...], discards: tuple[tuple[Card, ...], ...]) -> None:
    """One pack: a card is in one place only, whether a hand or a discard pile."""
    seen: set[Card] = set()
    for row in hands + discards:
        for card in row:
            if card in seen:
                raise InvalidPosition("%(card)s appears twice: there is one pack", card=card)
            seen.add(card)


def _check_pairs(pile: tuple[Card, ...], player: int) -> None:
    if len(pile) % 2:
        raise InvalidPosition("discards[%(player)s] must be pairs, two by two", player=player)
    for first, second in zip(pile[::2], pile[1::2]):
        if first.rank != second.rank:
            raise InvalidPosition(
                "discards[%(player)s] lays aside %(first)s and %(second)s, which are not a pair",
                player=player, first=first, second=second,
            )


def _check_phase(position: Position) -> None:
    """The fields each phase needs, and the state of the hands each phase implies."""
    hands, phase = position.hands, position.phase
    offerer, taker, loser = position.offerer, position.taker, position.loser
    if phase == DISCARDING:
        if offerer is not None or taker is not None or loser is not None:
            raise InvalidPosition("while discarding, offerer, taker and loser are null")
        if not any(_holds_pair(hand) for hand in hands):
            raise InvalidPosition("nobody holds a pair, so the discarding is over: the phase is drawing")
        return
    if phase == OVER:
        if offerer is not None or taker is not None:
            raise InvalidPosition("once the game is over, offerer and taker are null")
        holders = position.active_players()
        if len(holders) > 1:
            raise InvalidPosition("the game is not over while two players hold cards")
        if loser != (holders[0] if holders else None):
            raise InvalidPosition("the loser is the one player still holding cards")
        if loser is not None and _holds_pair(hands[loser]):
            raise InvalidPosition("the loser still holds a pair, which is laid aside before the end")
        return
    if offerer is None or taker is None or loser is not None:
        raise InvalidPosition("while drawing or pairing, offerer and taker are set and loser is null")
    if offerer == taker:
        raise InvalidPosition("a player does not draw from their own fan")
    if not hands[taker]:
        raise InvalidPosition("the taker has an empty hand and is out")
    if _next_active(hands, offerer) != taker:
        raise InvalidPosition("the taker is the next player on the offerer's left still holding cards")
    if phase == DRAWING:
        if not hands[offerer]:
            raise InvalidPosition("the offerer has an empty hand and is out")
        if any(_holds_pair(hand) for hand in hands):
            raise InvalidPosition("while drawing nobody holds a pair: pairs are laid aside at once")
        return
    ranks = [card.rank for card in hands[taker]]
    if len(ranks) - len(set(ranks)) != 1:
        raise InvalidPosition("while pairing the taker holds exactly one pair, the one just drawn")
    if any(_holds_pair(hand) for player, hand in enumerate(hands) if player != taker):
        raise InvalidPosition("while pairing only the taker holds a pair")


def _holds_pair(hand: tuple[Card, ...]) -> bool:
    return len({card.rank for card in hand}) < len(hand)


def _next_active(hands: tuple[tuple[Card, ...], ...], player: int) -> int | None:
    """The first player on ``player``'s left who still holds cards, or None if there is none."""
    players = len(hands)
    for step in range(1, players):
        seat = (player + step) % players
        if hands[seat]:
            return seat
    return None


@dataclass(frozen=True, slots=True)
class Discard:
    """``player`` lays aside two cards of one rank from their hand."""

    player: int
    cards: tuple[Card, Card]

    def to_json(self) -> dict[str, object]:
        return move_json(self)


@dataclass(frozen=True, slots=True)
class Draw:
    """The taker draws blind the card at ``index`` (0 is the left end) of the offerer's fan."""

    player: int
    index: int

    def to_json(self) -> dict[str, object]:
        return move_json(self)


@dataclass(frozen=True, slots=True)
class Arrange:
    """``player`` holds their fan in a new ``order``: the same cards, rearranged."""

    player: int
    order: tuple[Card, ...]

    def to_json(self) -> dict[str, object]:
        return move_json(self)


Move = Discard | Draw | Arrange


def move_from_json(data: object) -> Move:
    """The move an API client sent; ``InvalidMove`` for anything that does not fit the schema."""
    return read_move(data)


def new_game(seed: int, **options: object) -> Position:
    """A shuffled, dealt table, the deal's pairs not yet laid aside (``players`` 2–6, default 4).

    The dealer is ``dealer`` or, when not given, drawn by lot from the seed after
    the shuffle; the cards go one at a time clockwise from the dealer's left, so
    the first 51 mod n players from there hold one card more.
    """
    unknown = options.keys() - NEW_GAME_OPTIONS
    if unknown:
        raise InvalidOptions("Old Maid takes only the options players and dealer")
    if not decode.is_whole_number(seed):
        raise InvalidOptions("the seed must be a whole number")
    players: object = options.get("players", 4)
    if not decode.is_whole_number(players) or not PLAYERS[0] <= players <= PLAYERS[1]:
        raise InvalidOptions("Old Maid is for 2 to 6 players")
    pack, dealer = shuffled(seed, DECK, players, options.get("dealer"))
    hands = tuple(tuple(pack[(seat - dealer - 1) % players::players]) for seat in range(players))
    position = Position(dealer, hands, ((),) * players)
    if any(_holds_pair(hand) for hand in hands):
        return position
    return _pass_the_offer(position, dealer, [])[0]


def legal_moves(position: Position) -> list[Move]:
    """Every discard or draw allowed now, for every player who may move (``Arrange`` aside)."""
    return [move for move in _candidates(position) if refusal(position, move) is None]


def _candidates(position: Position) -> Iterator[Move]:
    """The moves worth asking ``refusal`` about: each card of the offered fan, and the
    two-card discards a player would look at (cards of one rank held together)."""
    if position.phase == DRAWING:
        offerer, taker = position.drawing
        yield from (Draw(taker, index) for index in range(len(position.hands[offerer])))
    elif position.phase != OVER:
        for player, hand in enumerate(position.hands):
            by_rank: dict[str, list[Card]] = {}
            for card in hand:
                by_rank.setdefault(card.rank, []).append(card)
            yield from (Discard(player, pair) for same in by_rank.values() for pair in combinations(same, 2))


def refusal(position: Position, move: Move) -> Refusal | None:
    """Why the rules forbid ``move`` now, or ``None`` if they allow it (``move`` is well formed)."""
    if position.phase == OVER:
        if position.loser is None:
            return refuse("game_over", N_("The game is over"))
        return refuse("game_over", N_("The game is over: %(losing_player)s was left with the last queen"),
                      losing_player=position.loser)
    if not 0 <= move.player < position.players:
        return refuse("no_such_player", N_("There is no %(player)s at this table"), player=move.player)
    if isinstance(move, Draw):
        return _draw_refusal(position, move)
    if isinstance(move, Discard):
        return _discard_refusal(position, move)
    return _arrange_refusal(position, move)


def _draw_refusal(position: Position, move: Draw) -> Refusal | None:
    hands, offerer, taker = position.hands, position.offerer, position.taker
    if position.phase == DISCARDING:
        holder = next(player for player, hand in enumerate(hands) if _holds_pair(hand))
        return refuse("pair_pending", N_("%(player)s still holds a pair: every pair is laid aside"
                                         " before the first card is drawn"), player=holder)
    if position.phase == PAIRING:
        return refuse("pair_pending", N_("%(taker_player)s must first lay aside the pair just made"),
                      taker_player=taker)
    if move.player != taker:
        return refuse("not_your_turn", N_("It is %(taker_player)s who draws now, from %(offering_player)s"),
                      player=move.player, taker_player=taker, offering_player=offerer)
    size = len(hands[position.drawing[0]])
    if not 0 <= move.index < size:
        return refuse("index_out_of_range", N_("There is no card at that place in %(offering_player)s's fan"),
                      index=move.index, size=size, offering_player=offerer)
    return None


def _discard_refusal(position: Position, move: Discard) -> Refusal | None:
    player, (first, second) = move.player, move.cards
    if position.phase == DRAWING:
        return refuse("draw_expected", N_("There is no pair to lay aside now: %(taker_player)s draws a card"
                                          " from %(offering_player)s"),
                      player=player, taker_player=position.taker, offering_player=position.offerer)
    if position.phase == PAIRING and player != position.taker:
        return refuse("not_your_turn", N_("Only %(taker_player)s may lay aside a pair now: the pair their"
                                          " draw just made"),
                      player=player, taker_player=position.taker)
    missing = _not_in_hand(position, player, move.cards)
    if missing is not None:
        return missing
    if first.rank != second.rank:
        return refuse("not_a_pair", N_("%(first)s and %(second)s are not a pair: a pair is two cards"
                                       " of the same rank"), first=first, second=second)
    return None


def _arrange_refusal(position: Position, move: Arrange) -> Refusal | None:
    hand = position.hands[move.player]
    missing = _not_in_hand(position, move.player, move.order)
    if missing is not None:
        return missing
    if len(move.order) != len(hand) or len(set(move.order)) != len(hand):
        return refuse("not_a_permutation", N_("A new order for %(player)s's fan holds every card"
                                              " of that hand, each once"), player=move.player)
    return None


def _not_in_hand(position: Position, player: int, cards: tuple[Card, ...]) -> Refusal | None:
    hand = position.hands[player]
    for card in cards:
        if card not in hand:
            return refuse("card_not_in_hand", N_("%(card)s is not in %(player)s's hand"), card=card, player=player)
    return None


def apply(position: Position, move: Move) -> tuple[Position, list[Event]]:
    """The position after ``move`` and what happened; ``IllegalMove`` if the rules forbid it now."""
    if position.phase != OVER and not isinstance(move, (Discard, Draw, Arrange)):
        raise InvalidMove("an Old Maid move is a discard, a draw or an arrange")
    refused = refusal(position, move)
    if refused is not None:
        raise refused.error()
    if isinstance(move, Draw):
        return _draw(position, move)
    if isinstance(move, Discard):
        return _discard(position, move)
    return replace(position, hands=_replace(position.hands, move.player, move.order)), []


def _draw(position: Position, move: Draw) -> tuple[Position, list[Event]]:
    hands, (offerer, taker) = position.hands, position.drawing
    offered = hands[offerer]
    card = offered[move.index]
    makes_pair = any(held.rank == card.rank for held in hands[taker])
    hands = _replace(hands, offerer, offered[: move.index] + offered[move.index + 1 :])
    hands = _replace(hands, taker, hands[taker] + (card,))
    events = [Event("drew", {"player": taker, "from": offerer, "card": card})]
    if not hands[offerer]:
        events.append(Event("out", {"player": offerer}))
    if makes_pair:
        return replace(position, hands=hands, phase=PAIRING), events
    return _pass_the_offer(replace(position, hands=hands), taker, events)


def _discard(position: Position, move: Discard) -> tuple[Position, list[Event]]:
    player, (first, second) = move.player, move.cards
    hand = position.hands[player]
    after = replace(
        position,
        hands=_replace(position.hands, player, tuple(card for card in hand if card != first and card != second)),
        discards=_replace(position.discards, player, position.discards[player] + move.cards),
    )
    events = [Event("discarded", {"player": player, "cards": move.cards})]
    if not after.hands[player]:
        events.append(Event("out", {"player": player}))
    if position.phase == PAIRING:
        return _pass_the_offer(after, player, events)
    if any(_holds_pair(held) for held in after.hands):
        return after, events
    return _pass_the_offer(after, position.dealer, events)


def _pass_the_offer(position: Position, player: int, events: list[Event]) -> tuple[Position, list[Event]]:
    """The drawing goes on from ``player`` (the last taker, or the dealer after the deal's discards).

    ``player`` offers if still holding cards, else the next active player on the
    left does; the taker is the next active player after the offerer. With fewer
    than two players holding cards the game is over and the one holding loses.
    """
    hands = position.hands
    offerer = player if hands[player] else _next_active(hands, player)
    taker = None if offerer is None else _next_active(hands, offerer)
    if taker is None:
        events.append(Event("game_over", {"loser": offerer}))
        return replace(position, phase=OVER, offerer=None, taker=None, loser=offerer), events
    return replace(position, phase=DRAWING, offerer=offerer, taker=taker, loser=None), events


def _replace(rows: tuple, index: int, row: tuple) -> tuple:
    return rows[:index] + (row,) + rows[index + 1 :]


@dataclass(frozen=True, slots=True)
class Standing:
    """One player's line in a series: defeats counted and the place they give (1 is best)."""

    player: int
    defeats: int
    place: int

    def to_json(self) -> dict[str, int]:
        return {"player": self.player, "defeats": self.defeats, "place": self.place}


def series_standings(losers: Iterable[int], players: int) -> tuple[Standing, ...]:
    """The optional series score: one defeat for each game's loser, fewer is better, ties share a place.

    ``losers`` holds each game's loser. Places are shared as in sport: two players
    tied first are both 1st and the next is 3rd. Listed best first, then by seat.
    """
    if not decode.is_whole_number(players) or not PLAYERS[0] <= players <= PLAYERS[1]:
        raise ValueError(f"Old Maid is for 2 to 6 players, not {players!r}")
    defeats = [0] * players
    for loser in losers:
        if not decode.is_whole_number(loser) or not 0 <= loser < players:
            raise ValueError(f"not a player of this series: {loser!r}")
        defeats[loser] += 1
    ranking = sorted(range(players), key=lambda player: (defeats[player], player))
    return tuple(
        Standing(player, defeats[player], 1 + sum(count < defeats[player] for count in defeats))
        for player in ranking
    )


# JSON: each value reads and writes itself through the shapes declared in ``shapes``.


def _parsed(codes: list[str]) -> tuple[Card, ...]:
    return tuple(Card.parse(code) for code in codes)


def read_position(data: object) -> Position:
    """The position an API client sent, checked whole; ``InvalidPosition`` for anything wrong."""
    shape = read(data, OldMaidPosition, InvalidPosition)
    position = Position(
        dealer=shape.dealer,
        hands=tuple(_parsed(hand) for hand in shape.hands),
        discards=tuple(_parsed(pile) for pile in shape.discards),
        phase=shape.phase,
        offerer=shape.offerer,
        taker=shape.taker,
        loser=shape.loser,
    )
    check(position)
    return position


def position_json(position: Position) -> dict[str, object]:
    """The API's JSON of ``position``."""
    return write(OldMaidPosition(
        dealer=position.dealer,
        hands=[[card.code for card in hand] for hand in position.hands],
        discards=[[card.code for card in pile] for pile in position.discards],
        phase=position.phase,
        offerer=position.offerer,
        taker=position.taker,
        loser=position.loser,
    ))


def read_move(data: object) -> Move:
    """The move an API client sent; ``InvalidMove`` for anything that does not fit the schema."""
    shape = read_union(data, OldMaidMove, InvalidMove)
    if isinstance(shape, OldMaidDraw):
        return Draw(shape.player, shape.index)
    if isinstance(shape, OldMaidArrange):
        return Arrange(shape.player, _parsed(shape.order))
    assert isinstance(shape, OldMaidDiscard)
    first, second = _parsed(shape.cards)
    if first == second:
        raise InvalidMove("a discard names two different cards")
    return Discard(shape.player, (first, second))


def move_json(move: Move) -> dict[str, object]:
    """The API's JSON of ``move``."""
    if isinstance(move, Draw):
        return write(OldMaidDraw(move.player, move.index))
    if isinstance(move, Arrange):
        return write(OldMaidArrange(move.player, [card.code for card in move.order]))
    return write(OldMaidDiscard(move.player, [card.code for card in move.cards]))
