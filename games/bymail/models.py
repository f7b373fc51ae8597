"""What play by mail stores: inbound mail seen (each Message-ID once) and opt-outs."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class InboundMail(models.Model):
    """One inbound mail, recorded before it is acted on: a second delivery finds the row and stops."""

    message_id = models.CharField(max_length=300, unique=True)
    sender = models.CharField(max_length=254, blank=True)
    subject = models.CharField(max_length=300, blank=True)
    received_at = models.DateTimeField(auto_now_add=True)
    game = models.ForeignKey("games.Game", models.SET_NULL, null=True, blank=True, related_name="+")
    seat = models.PositiveSmallIntegerField(null=True, blank=True)
    # "accepted" or the code of the refusal (ActionRejected codes and the mail's own).
    outcome = models.CharField(max_length=20, blank=True)
    detail = models.TextField(blank=True)
    # A refusal was mailed back (answers an hour are limited: `mails_replies.move_refused`).
    answered = models.BooleanField(default=False)

    class Meta:
        ordering = ["-received_at"]

    def __str__(self) -> str:
        return f"{self.message_id} from {self.sender}: {self.outcome}"


class MailOptOut(models.Model):
    """A mail event the user does not want (the profile holds turns, results and reminders)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, models.CASCADE, related_name="mail_opt_outs")
    event = models.CharField(max_length=30)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "event"], name="one_opt_out_per_event")]

    def __str__(self) -> str:
        return f"{self.user} does not want {self.event}"
