"""The OpenAPI document: a valid OpenAPI 3.1 description of every endpoint of shared/API.md,
and the app answering exactly as it says (Schemathesis, in-process, bounded examples)."""

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from openapi_spec_validator import validate
from schemathesis import GenerationMode

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
OPERATIONS = [result.ok() for result in schema.get_all_operations()]


def test_the_conformance_test_takes_every_operation_of_the_document(client):
    """The operations (and the kinds of data, valid and not) are this file's own parameters rather than
    ``schema.parametrize()``'s: under pytest-xdist, which the test command uses, that one ran a single
    operation of the 41."""
    paths = client.get("/api/v1/openapi.json").get_json()["paths"]
    documented = {f"{method.upper()} {path}" for path, item in paths.items() for method in item
                  if method in ("get", "put", "post", "delete", "patch")}
    # Schemathesis leaves out the document's own address, which takes no input.
    assert sorted(operation.label for operation in OPERATIONS) == sorted(documented - {"GET /api/v1/openapi.json"})


@pytest.mark.slow
@pytest.mark.parametrize("mode", list(GenerationMode), ids=lambda mode: mode.value)
@pytest.mark.parametrize("operation", OPERATIONS, ids=lambda operation: operation.label)
# Ten cases of each kind for each operation: every operation is met both ways in every full run, and
# more cases lengthen the run more than they widen what it meets.
@settings(max_examples=10, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_every_answer_conforms_to_the_document_and_none_is_a_server_error(operation, mode, data):
    # A schema cannot say every rule (a card twice, a pair left in a hand after the discarding):
    # a schema-valid position may still be refused with 400, so that check does not apply.
    # The test client does not decode brotli: ask for the plain answer.
    case = data.draw(operation.as_strategy(generation_mode=mode))
    case.call_and_validate(
        headers={"Accept-Encoding": "identity"},
        excluded_checks=[schemathesis.checks.positive_data_acceptance],
    )
