"""Without ANYMAIL_WEBHOOK_SECRET nobody can post to the providers' webhooks: a forged inbound
post would otherwise play a move for another player."""

from __future__ import annotations

import json

import pytest

from games.bymail.models import InboundMail
from tests.bymail.conftest import postmark_payload, reply_mime
from tests.conftest import make_user
from tests.games.conftest import start_game


@pytest.mark.parametrize(
    "url", ["/anymail/postmark/inbound/", "/anymail/postmark/tracking/", "/anymail/mailgun/inbound_mime/"]
)
def test_every_webhook_answers_404_without_the_secret(db, client, settings, url):
    settings.ANYMAIL = {}
    assert client.post(url, "{}", content_type="application/json").status_code == 404


def test_a_forged_inbound_post_plays_nothing_without_the_secret(db, client, mail_server, settings):
    game = start_game([make_user("alice"), make_user("bruno")], engine="wildcards")
    original = next(m for m in mail_server() if str(m["To"]) == "alice@example.org")
    settings.ANYMAIL = {}
    raw = reply_mime(original, "alice@example.org", "bid refill")
    response = client.post(
        "/anymail/postmark/inbound/", json.dumps(postmark_payload(raw)), content_type="application/json"
    )
    assert response.status_code == 404
    version = game.version
    game.refresh_from_db()
    assert game.version == version and not InboundMail.objects.exists()
