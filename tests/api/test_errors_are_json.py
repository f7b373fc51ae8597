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
