"""Issue 10, defect 1: no Double Solitaire position can hold a worker for long.

Positions that cannot arise (face-up cards that are not a run) are refused with
400 ``invalid_position``; the heaviest legal layouts are answered, the block search
giving up at its budget so that the race is treated as still playing. The CPU
cost of these requests is measured by ``benchmarks/bench_double_solitaire.py``.
"""

from __future__ import annotations

import random

from naipes.engine.cards import DECK

HEAVY = [
    ([], ["KS", "QH", "JS", "10H", "9S", "8H", "7S", "6H"]), (["AS"], ["4H", "3S", "2H"]), ([], ["KC", "QD", "JC"]),
    ([], ["10D"]), ([], ["9C"]), ([], ["8D", "7C", "6D", "5C", "4D"]), ([], ["3C"]),
]


def layout(columns) -> dict:
    return {
        "tableau": [[{"card": code, "up": False} for code in down] + [{"card": code, "up": True} for code in up]
                    for down, up in columns],
        "stock": [],
        "waste": [],
    }


def race(first: dict, second: dict) -> dict:
    return {"players": [first, second], "foundations": [[] for _ in range(8)]}


def test_a_column_of_fourteen_face_up_cards_in_no_order_is_refused(client):
    deck = [card.code for card in DECK]
    random.Random(1).shuffle(deck)
    columns = [([], deck[:14])] + [([], deck[14 + 6 * index:20 + 6 * index]) for index in range(6)]
    answer = client.post("/api/v1/double-solitaire/legal?lang=es", json={"position": race(layout(columns), layout(HEAVY))})
    assert answer.status_code == 400
    assert answer.get_json()["error"]["code"] == "invalid_position"


def test_the_heaviest_legal_layouts_are_answered_and_the_race_goes_on(client):
    position = race(layout(HEAVY), layout(HEAVY))
    answer = client.post("/api/v1/double-solitaire/legal", json={"position": position})
    assert answer.status_code == 200
    moves = answer.get_json()["moves"]
    assert moves
    for move in moves:
        applied = client.post("/api/v1/double-solitaire/apply", json={"position": position, "move": move})
        assert applied.status_code == 200
        assert applied.get_json()["position"]["status"] == "playing"
