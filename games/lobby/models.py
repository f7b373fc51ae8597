"""Who is asked to sit at a game: invitations before it starts, seat offers once it runs."""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone


class InvitationQuerySet(models.QuerySet):
    def open(self) -> InvitationQuerySet:
        """Neither taken up, withdrawn nor declined: the link still seats its holder."""
        return self.filter(accepted_at__isnull=True, withdrawn_at__isnull=True, declined_at__isnull=True)


class Invitation(models.Model):
    game = models.ForeignKey("games.Game", models.CASCADE, related_name="invitations")
    email = models.EmailField(blank=True)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, models.CASCADE, null=True, blank=True, related_name="+")
    invited_by = models.ForeignKey(settings.AUTH_USER_MODEL, models.CASCADE, related_name="+")
    token = models.CharField(max_length=43, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)
    accepted_at = models.DateTimeField(null=True, blank=True)
    withdrawn_at = models.DateTimeField(null=True, blank=True)
    declined_at = models.DateTimeField(null=True, blank=True)
    # Sent to an address (even one an account has): listed as that address to its sender
    # only, so an invitation never tells anyone else whose account an address is.
    by_address = models.BooleanField(default=False)

    objects = InvitationQuerySet.as_manager()

    def __str__(self) -> str:
        return f"invitation to {self.game} for {self.user or self.email}"


class SeatOfferQuerySet(models.QuerySet):
    def standing(self, now=None):
        """Offers not answered and not lapsed (`GAME_SEAT_OFFER_DAYS`): the ones that may still be accepted."""
        since = (now or timezone.now()) - timedelta(days=settings.GAME_SEAT_OFFER_DAYS)
        return self.filter(answered_at__isnull=True, created_at__gt=since)


class SeatOffer(models.Model):
    """A vacated seat offered to a player: nobody is seated (or rated, or mailed again) without accepting."""

    game = models.ForeignKey("games.Game", models.CASCADE, related_name="seat_offers")
    position = models.PositiveSmallIntegerField()
    user = models.ForeignKey(settings.AUTH_USER_MODEL, models.CASCADE, related_name="seat_offers")
    offered_by = models.ForeignKey(settings.AUTH_USER_MODEL, models.SET_NULL, null=True, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    answered_at = models.DateTimeField(null=True, blank=True)
    accepted = models.BooleanField(null=True)

    objects = SeatOfferQuerySet.as_manager()

    class Meta:
        ordering = ["-created_at"]
        constraints = [
            # One open offer per player and game: repeating an offer sends no second mail.
            models.UniqueConstraint(
                fields=["game", "user"], condition=Q(answered_at__isnull=True), name="one_open_seat_offer"
            )
        ]

    def __str__(self) -> str:
        return f"seat {self.position} of {self.game} offered to {self.user}"

    def gives_own_seat_back(self) -> bool:
        """Whether it gives a player their own seat back (rated for them, if the game is), not a
        seat to take over as a substitute (never rated: games/services/seats.py)."""
        seat = self.game.seats.filter(position=self.position).first()
        if seat is None:
            return False
        return seat.first_user_id == self.user_id or (seat.user_id == self.user_id and not seat.substitute)
