"""A reply with a photo attached is a post of megabytes: the webhooks read it; pages keep a small limit."""

from __future__ import annotations

import os
from email import message_from_bytes
from email.policy import default as default_policy

import pytest

from games.bymail.models import InboundMail
from games.models import Action
from tests.bymail.conftest import listed_moves, post_mailgun, post_postmark, reply_mime
from tests.bymail.test_inbound_malformed import table  # noqa: F401 - fixture

PHOTO = 4 * 1024 * 1024  # a phone photo; base64 in the mail, again in Postmark's JSON


def reply_with_photo(mails) -> bytes:
    original = mails["alice@example.org"]
    message = message_from_bytes(
        reply_mime(original, "alice@example.org", listed_moves(original)[0]), policy=default_policy
    )
    message.make_mixed()
    message.add_attachment(os.urandom(PHOTO), maintype="image", subtype="jpeg", filename="table.jpg")
    return message.as_bytes()


@pytest.mark.parametrize("post", [post_postmark, post_mailgun], ids=["postmark", "mailgun"])
def test_a_reply_with_a_photo_attached_plays_its_move_through_the_webhook(table, client, post):  # noqa: F811
    game, mails, _deliver = table
    raw = reply_with_photo(mails)
    assert len(raw) > 5 * 1024 * 1024  # over Django's usual 2.5 MB, which refused it before
    response = post(client, raw)
    assert response.status_code == 200
    assert InboundMail.objects.get().outcome == "accepted"
    assert Action.objects.filter(game=game).count() == 1


def test_a_post_over_the_page_limit_is_refused_with_413_and_changes_nothing(table, client, settings):  # noqa: F811
    game, _mails, _deliver = table
    client.force_login(game.seats.get(position=0).user)
    body = {"version": "0", "action": '{"type": "bid"}', "padding": "x" * (settings.PAGE_MAX_BYTES + 1)}
    response = client.post(f"/games/{game.pk}/act/", body)
    assert response.status_code == 413
    assert b"too large" in response.content
    assert not Action.objects.filter(game=game).exists()


def test_a_webhook_post_over_its_limit_is_refused_with_413_and_logged(table, client, settings, caplog):  # noqa: F811
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1024 * 1024
    _game, mails, _deliver = table
    response = post_postmark(client, reply_with_photo(mails))
    assert response.status_code == 413
    assert not InboundMail.objects.exists()
    assert "outcome=too-large" in caplog.text
