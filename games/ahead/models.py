"""Answers stored ahead: what a player will do when called, by what will then be public.

Seen by their owner alone (`games.services.ahead`): no page, mail or API answer of anyone else
reads these rows. A played answer is deleted (its move is in the action log, on its own
channel); one whose phase passed unused is deleted; one that could not be played is kept as
dropped, with why, until its owner has been told.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models

# The wait named by a mail that asks for answers ahead only, not for a move now: no Deadline.
AHEAD_WAIT = 0


class StoredAnswer(models.Model):
    class Status(models.TextChoices):
        WAITING = "waiting"
        DROPPED = "dropped"

    game = models.ForeignKey("games.Game", models.CASCADE, related_name="stored_answers")
    seat = models.PositiveSmallIntegerField()
    user = models.ForeignKey(settings.AUTH_USER_MODEL, models.CASCADE, related_name="+")
    # The engine's names (`ahead_cases`): the call it is for ("r3:t2") and what will then be public ("hearts").
    phase = models.CharField(max_length=40)
    case = models.CharField(max_length=40)
    action = models.JSONField()
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.WAITING)
    # Why it was not played, as words to be put in the owner's language (`refusals.words_text`).
    reason = models.JSONField(null=True, blank=True)
    created_at = models.DateTimeField()
    updated_at = models.DateTimeField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "seat", "phase", "case"], name="one_answer_a_case"),
        ]
        indexes = [models.Index(fields=["game", "status"], name="answers_of_a_game")]

    def __str__(self) -> str:
        return f"{self.game_id} seat {self.seat} {self.phase}/{self.case}: {self.action}"
