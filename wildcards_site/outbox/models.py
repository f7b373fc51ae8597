"""Mail waiting to be sent: written in the transaction that caused it, sent by a task.

A broker or provider outage delays these rows; it never loses them. The
unique `key` names the event a mail is about, so one event mails once.
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _


class OutboxMessage(models.Model):
    class Status(models.TextChoices):
        PENDING = "pending", _("waiting")
        SENDING = "sending", _("being sent")
        SENT = "sent", _("sent")
        FAILED = "failed", _("failed for good")
        BOUNCED = "bounced", _("bounced")
        DROPPED = "dropped", _("not sent: no longer needed")

    key = models.CharField(max_length=200, unique=True)
    to = models.EmailField()
    subject = models.CharField(max_length=300)
    text = models.TextField()
    html = models.TextField(blank=True)
    headers = models.JSONField(default=dict, blank=True)
    # Set for mail rendered at sending time (see outbox.recipes); subject and text stay empty until then.
    recipe = models.JSONField(null=True, blank=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING, db_index=True)
    attempts = models.PositiveSmallIntegerField(default=0)
    next_attempt_at = models.DateTimeField(db_index=True)
    claimed_at = models.DateTimeField(null=True, blank=True)
    last_error = models.TextField(blank=True)
    provider_message_id = models.CharField(max_length=200, blank=True, db_index=True)
    created_at = models.DateTimeField(auto_now_add=True)
    sent_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["created_at"]

    def __str__(self) -> str:
        return f"{self.key} → {self.to} ({self.status})"
