"""The hand-written OpenAPI document is valid, served, and a fuzzer finds no server error behind it."""

import pytest
import schemathesis
from django.core import signals
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections
from hypothesis import HealthCheck, given
from hypothesis import settings as fuzz_settings
from openapi_spec_validator import validate
from schemathesis.checks import (
    content_type_conformance,
    not_a_server_error,
    response_schema_conformance,
    status_code_conformance,
)
from schemathesis.generation import GenerationMode

from games.api.openapi import document
from games.api.openapi_schemas import ERROR_CODES
from tests.api.conftest import api_for
from tests.history.conftest import new_game

pytestmark = pytest.mark.django_db


def test_it_serves_a_valid_openapi_document(client):
    response = client.get("/api/v1/openapi.json")
    assert response.status_code == 200
    served = response.json()
    validate(served)
    assert served == document("http://testserver/api/v1")


def test_it_documents_every_error_code_the_api_uses():
    import pathlib
    import re

    # tokens.py: issuing tokens on the settings page, whose refusals are the page's, not the API's.
    api = [path for path in pathlib.Path("games/api").glob("*.py") if path.name != "tokens.py"]
    source = "".join(path.read_text() for path in api)
    source += "".join(path.read_text() for path in pathlib.Path("tournaments/api").glob("*.py"))
    source += pathlib.Path("games/services/play.py").read_text()
    source += pathlib.Path("games/services/ahead.py").read_text()
    used = set(re.findall(r'(?:ApiError|ActionRejected)\(\s*"([a-z_]+)"', source))
    used |= {"not_found", "malformed"}
    assert used <= set(ERROR_CODES), used - set(ERROR_CODES)


@pytest.fixture
def keep_connection():
    """A WSGI call opens and ends by closing old connections; keep the test's transaction, as Django's Client does."""
    for signal in (signals.request_started, signals.request_finished):
        signal.disconnect(close_old_connections)
    yield
    for signal in (signals.request_started, signals.request_finished):
        signal.connect(close_old_connections)


CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_schema_conformance]


@pytest.mark.parametrize("mode", [GenerationMode.POSITIVE, GenerationMode.NEGATIVE])
def test_it_gives_no_server_error_to_a_fuzzer(players, mode, keep_connection):
    alice, bob, _carol = players
    new_game([alice, bob], "secret")  # a running game, id 1 or near, for the fuzzer to find
    token_headers = api_for(alice).headers
    schema = schemathesis.openapi.from_wsgi("/api/v1/openapi.json", get_wsgi_application())
    operations = [result.ok() for result in schema.get_all_operations()]
    assert len(operations) >= 13  # games' own and those tournaments registers (ratings, tournaments)
    checked = []
    for operation in operations:

        @given(case=operation.as_strategy(generation_mode=mode))
        @fuzz_settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck), database=None)
        def fuzz(case):
            response = case.call(headers=token_headers)
            checks = CHECKS if mode == GenerationMode.POSITIVE else [not_a_server_error]
            case.validate_response(response, checks=checks)
            checked.append(response.status_code)

        fuzz()
    assert len(checked) >= 9
