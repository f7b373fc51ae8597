"""Every API error is JSON, an unexpected one too, with DEBUG on (scripts/run) or off."""

from __future__ import annotations

import pytest
from django.test import Client


@pytest.mark.parametrize("debug", [True, False])
def test_an_unexpected_api_failure_answers_json_and_is_logged(settings, caplog, debug):
    settings.ROOT_URLCONF = "tests.api.boom_urls"
    settings.DEBUG = debug
    response = Client(raise_request_exception=False).get("/api/v1/boom")
    assert response.status_code == 500
    assert response["Content-Type"] == "application/json"
    assert response.json()["error"]["code"] == "server_error"
    record = next(r for r in caplog.records if r.name == "django.request" and r.levelname == "ERROR")
    assert record.exc_info and "an unexpected failure" in str(record.exc_info[1])


@pytest.mark.parametrize("debug", [True, False])
@pytest.mark.parametrize("path", ["/api/v1/games/3/", "/api/v1/game/3", "/api/v2/games"])
def test_an_address_the_api_does_not_have_answers_json(settings, db, debug, path):
    # With DEBUG on (scripts/run) a typo or a trailing slash must not answer Django's HTML
    # debug page, which a program cannot read.
    settings.DEBUG = debug
    response = Client().get(path)
    assert response.status_code == 404
    assert response["Content-Type"] == "application/json"
    assert response.json()["error"]["code"] == "not_found"


def test_the_document_lists_every_error_code_the_api_answers():
    from games.api.openapi_schemas import ERROR_CODES

    assert "server_error" in ERROR_CODES and "not_found" in ERROR_CODES
