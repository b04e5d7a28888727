"""The OpenAPI document: a valid OpenAPI 3.1 description of every endpoint of shared/API.md,
and the app answering exactly as it says (Schemathesis, in-process, bounded examples)."""

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from openapi_spec_validator import validate

from naipes.web import create_app
from naipes.games import GAMES as REGISTERED

GAMES = list(REGISTERED)


def test_the_document_is_valid_openapi_3_1(client):
    document = client.get("/api/v1/openapi.json").get_json()
    assert document["openapi"].startswith("3.1")
    validate(document)


def test_the_document_describes_every_endpoint_of_the_api(client):
    paths = client.get("/api/v1/openapi.json").get_json()["paths"]
    expected = {"/api/v1/games", "/api/v1/examples", "/api/v1/examples/{id}"}
    expected |= {f"/api/v1/{game}/{action}" for game in GAMES for action in ("new", "legal", "apply")}
    expected |= {f"/api/v1/{game}/tables{action}" for game in GAMES for action in ("", "/move", "/hint", "/review", "/again", "/undo")}
    expected |= {"/api/v1/double-solitaire/tables/tick"}
    expected |= {f"/api/v1/lessons/{game}{action}" for game in GAMES for action in ("", "/check")}
    assert expected <= set(paths)


def test_the_document_has_each_games_position_move_and_event_and_the_error(client):
    schemas = client.get("/api/v1/openapi.json").get_json()["components"]["schemas"]
    assert "Error" in schemas
    assert {f"{game}.{kind}" for game in GAMES for kind in ("Position", "Move", "Event")} <= set(schemas)


schema = schemathesis.openapi.from_wsgi("/api/v1/openapi.json", create_app({"TESTING": True}))


@schema.parametrize()
@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
def test_every_answer_conforms_to_the_document_and_none_is_a_server_error(case):
    # A schema cannot say every rule (a card twice, a pair left in a hand after the discarding):
    # a schema-valid position may still be refused with 400, so that check does not apply.
    # The test client does not decode brotli: ask for the plain answer.
    case.call_and_validate(
        headers={"Accept-Encoding": "identity"},
        excluded_checks=[schemathesis.checks.positive_data_acceptance],
    )
