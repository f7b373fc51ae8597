"""A server error is logged with its traceback whatever DEBUG says: production has no other record of it."""

from __future__ import annotations

import io
import logging

import pytest
from django.conf import settings


@pytest.fixture
def request_log():
    """What the configured handlers of `django.request` write, in place of standard error."""
    handlers = [handler for handler in logging.getLogger("django.request").handlers if hasattr(handler, "setStream")]
    assert handlers, "django.request has no stream handler of its own"
    buffer = io.StringIO()
    previous = [handler.setStream(buffer) for handler in handlers]
    yield buffer
    for handler, stream in zip(handlers, previous, strict=True):
        handler.setStream(stream)


@pytest.mark.urls("tests.site.urls_failing")
def test_a_failing_view_is_logged_at_error_with_its_traceback(db, client, request_log):
    assert not settings.DEBUG
    client.raise_request_exception = False
    response = client.get("/failing/")
    assert response.status_code == 500
    written = request_log.getvalue()
    assert " ERROR django.request Internal Server Error: /failing/" in written
    assert "Traceback (most recent call last)" in written
    assert "RuntimeError: the view failed on purpose" in written
