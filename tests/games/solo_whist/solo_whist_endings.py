"""Random Solo Whist endings for the search tests: every hand the same length, cards as the
search's indexes (``double_dummy``'s numbering), and half the time a trick begun by legal cards."""

from __future__ import annotations

import random

from naipes.games.solo_whist import double_dummy

SEATS = 4


def ending(rng: random.Random, tricks: int, begun: bool = True) -> tuple[list[int], int, list[int]]:
    """``tricks`` random cards a hand and, if ``begun``, half the time a trick begun by legal cards."""
    pack = list(range(52))
    rng.shuffle(pack)
    hands = [0] * SEATS
    for seat in range(SEATS):
        for card in pack[seat * tricks:(seat + 1) * tricks]:
            hands[seat] |= 1 << card
    leader = rng.randrange(SEATS)
    trick: list[int] = []
    for offset in range(rng.choice((0, 0, 0, 1, 2, 3)) if begun else 0):
        seat = (leader + offset) % SEATS
        choices = hands[seat]
        if trick and choices & (0x1FFF << 13 * (trick[0] // 13)):
            choices &= 0x1FFF << 13 * (trick[0] // 13)
        card = rng.choice(double_dummy.cards_in(choices))
        hands[seat] ^= 1 << card
        trick.append(card)
    return hands, leader, trick
