"""The /api/ catch-all (wildcards_site/urls.py) is a resolved view without csrf_exempt, so a
script's POST to a mistyped API address (a trailing slash, a typo) meets Django's CSRF check and
gets its 403 HTML page, where the unresolved address would reach handler404's JSON 404."""

import pytest
from django.test import Client


@pytest.mark.parametrize("debug", [True, False])
@pytest.mark.parametrize("path", ["/api/v1/games/3/actions/", "/api/v1/game/3/actions"])
def test_a_post_to_an_address_the_api_does_not_have_answers_json_404(settings, db, debug, path):
    settings.DEBUG = debug
    client = Client(enforce_csrf_checks=True)  # as a real client: no CSRF token, as an API script
    response = client.post(
        path,
        data='{"version": 1, "action": {"type": "bid"}}',
        content_type="application/json",
        HTTP_AUTHORIZATION="Bearer nope",
    )
    assert response.status_code == 404, (response.status_code, response["Content-Type"])
    assert response["Content-Type"] == "application/json"
