"""The play tables' drawings, in every phase of each game and in both languages, pass the Nu HTML Checker.

The page itself is checked as served (test_accessibility); what the page draws after each answer
comes from the render endpoint, so its drawings are checked here: just dealt, mid-game and over,
each inside a minimal document.
"""

from __future__ import annotations

import json
import subprocess

from naipes.games import GAMES
from naipes.tables import Table

from test_accessibility import VNU
from tests.kept import kept_table, seated

SLUGS = {"es": "jugar", "pt": "jogar"}
DOCUMENT = ('<!doctype html><html lang="{lang}"><head><meta charset="utf-8"><title>{name}</title></head>'
            '<body><main>{diagram}</main></body></html>')


def snapshot(app, game, table):
    """The answer with a key of its own to the table as it is now: the table itself moves on."""
    return {**table, "table": seated(app, kept_table(app, game, table["table"]))}


def answers(app, client, game):
    """A table just dealt, one mid-game (in Solo Whist, in the play) and one over (the race's: kept for the test)."""
    options = {"players": 3} if game == "old-maid" else {}
    for _ in range(10):
        table = client.post(f"/api/v1/{game}/tables", json=options).get_json()
        dealt, middle = snapshot(app, game, table), None
        for step in range(400):
            if table["over"]:
                break
            if middle is None and step >= 3 and table["view"].get("phase") not in ("auction", "naming_trump"):
                middle = snapshot(app, game, table)
            # Solo Whist's reader bids solo when they may and passes otherwise, so that most deals are played.
            bids = [move for move in table["moves"] if move.get("bid") in ("solo", "pass")]
            move = bids[0] if bids else table["moves"][-1]
            table = client.post(f"/api/v1/{game}/tables/move", json={"table": table["table"], "move": move}).get_json()
        if middle is not None:
            return [("dealt", dealt), ("mid-game", middle)] + ([("over", table)] if table["over"] else [])
    raise AssertionError(f"no {game} table reached the middle of a game")


def won_race_token(app):
    ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    position = {
        "players": [{"tableau": [[] for _ in range(7)], "stock": [], "waste": []},
                    {"tableau": [[] for _ in range(7)], "stock": [rank + "C" for rank in ranks], "waste": []}],
        "foundations": [[{"card": rank + suit, "owner": 0} for rank in ranks] for suit in "SHDC"] + [[]] * 4,
    }
    race = GAMES["double-solitaire"]
    return seated(app, Table.at_deal(race, race.Position.from_json(position), 0, "basic"))


def test_every_phase_of_every_play_table_is_valid_html(app, client, tmp_path):
    files, names = [], []
    for game in ("old-maid", "solo-whist", "double-solitaire"):
        tables = list(answers(app, client, game))
        if game == "double-solitaire":
            tables.append(("over", client.post("/api/v1/double-solitaire/tables/tick", json={"table": won_race_token(app)}).get_json()))
        assert {phase for phase, _ in tables} >= {"dealt", "mid-game", "over"}, game
        for phase, table in tables:
            for lang, slug in SLUGS.items():
                drawn = client.post(f"/{lang}/{game}/{slug}/render", json={"table": table["table"], "events": table["events"]}).get_json()
                name = f"{game} {phase} {lang}"
                path = tmp_path / f"{len(files)}.html"
                path.write_text(DOCUMENT.format(lang=lang, name=name, diagram=drawn["diagram"]), encoding="utf-8")
                files.append(str(path))
                names.append(name)
    result = subprocess.run(["java", "-jar", str(VNU), "--errors-only", "--format", "json", *files],
                            capture_output=True, text=True)
    messages = json.loads(result.stderr or '{"messages": []}')["messages"]
    problems = [f"{names[files.index(m['url'].removeprefix('file:'))]}: {m['message']}" for m in messages]
    assert not problems, "\n".join(problems)
