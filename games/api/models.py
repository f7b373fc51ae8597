"""API tokens: per user, revocable, stored only as a hash (like the login links).

Imported by `games.models`, so the model belongs to the games app.
"""

from __future__ import annotations

import hashlib
import secrets
from datetime import datetime

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

# The token's first characters are kept in clear so a person can tell tokens apart.
PREFIX_LENGTH = 8


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class ApiToken(models.Model):
    user = models.ForeignKey(settings.AUTH_USER_MODEL, models.CASCADE, related_name="api_tokens")
    name = models.CharField(_("name"), max_length=60)
    token_hash = models.CharField(max_length=64, unique=True)
    prefix = models.CharField(max_length=PREFIX_LENGTH)
    created_at = models.DateTimeField(auto_now_add=True)
    last_used_at = models.DateTimeField(null=True, blank=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        verbose_name = _("API token")

    def __str__(self) -> str:
        return f"{self.name} ({self.prefix}…) of {self.user}"

    @classmethod
    def issue(cls, user, name: str) -> tuple[ApiToken, str]:
        """Make a token; return the row and the token itself, which is shown once and never stored."""
        token = "wc_" + secrets.token_urlsafe(30)
        row = cls.objects.create(user=user, name=name, token_hash=hash_token(token), prefix=token[:PREFIX_LENGTH])
        return row, token

    @classmethod
    def find(cls, token: str) -> ApiToken | None:
        """The live token row for `token`, or None (unknown or revoked)."""
        if not token or len(token) > 200:
            return None
        return (
            cls.objects.select_related("user__profile")
            .filter(token_hash=hash_token(token), revoked_at__isnull=True)
            .first()
        )

    def touch(self, now: datetime | None = None) -> None:
        """Remember when the token was last used (shown on the tokens page)."""
        ApiToken.objects.filter(pk=self.pk).update(last_used_at=now or timezone.now())

    def revoke(self) -> None:
        ApiToken.objects.filter(pk=self.pk, revoked_at__isnull=True).update(revoked_at=timezone.now())
