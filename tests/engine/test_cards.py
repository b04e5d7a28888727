"""The one card model: 52 cards, each a single object however it is reached."""

from __future__ import annotations

import copy
import pickle

import pytest

from naipes.engine.cards import DECK, Card, UnknownCard


def test_there_are_fifty_two_cards_and_each_is_one_object():
    assert len(set(DECK)) == 52
    for card in DECK:
        assert Card.parse(card.code) is card
        assert Card(card.rank, card.suit) is card
        assert copy.copy(card) is card and copy.deepcopy(card) is card
        assert pickle.loads(pickle.dumps(card)) is card


def test_cards_are_equal_only_to_themselves():
    ace = Card.parse("AS")
    assert ace == Card("A", "S") and hash(ace) == hash(Card("A", "S"))
    assert ace != Card.parse("AH") and ace != "AS"
    assert {ace: 1}[Card("A", "S")] == 1


@pytest.mark.parametrize("code", ["1H", "QX", "", 7, None])
def test_a_string_that_names_no_card_is_refused(code):
    with pytest.raises(UnknownCard):
        Card.parse(code)
