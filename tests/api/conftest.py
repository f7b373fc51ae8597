from __future__ import annotations

import json

import pytest
from django.test import Client

from games.api.models import ApiToken
from tests.history.conftest import players, secret_engine  # noqa: F401 - fixtures shared with the history tests


class Api:
    """A client that speaks to /api/v1 with one user's token."""

    def __init__(self, token: str | None):
        self.client = Client()
        self.headers = {"Authorization": f"Bearer {token}"} if token else {}

    def get(self, path: str, **params):
        return self.client.get(f"/api/v1{path}", params, headers=self.headers)

    def post(self, path: str, body, raw: bool = False):
        data = body if raw else json.dumps(body)
        return self.client.post(f"/api/v1{path}", data, content_type="application/json", headers=self.headers)

    def delete(self, path: str, body):
        data = json.dumps(body)
        return self.client.delete(f"/api/v1{path}", data, content_type="application/json", headers=self.headers)


def api_for(user) -> Api:
    _row, token = ApiToken.issue(user, "test bot")
    return Api(token)


@pytest.fixture(autouse=True)
def generous_rate_limit(settings):
    settings.API_RATE_LIMIT = 100_000
