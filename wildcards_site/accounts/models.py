"""A player's profile: how they are named, spoken to and mailed."""

from __future__ import annotations

import hashlib
import secrets
import zoneinfo
from datetime import timedelta

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.utils import timezone
from django.utils.crypto import constant_time_compare
from django.utils.translation import gettext_lazy as _


def validate_time_zone(value: str) -> None:
    if value not in zoneinfo.available_timezones():
        raise ValidationError(_("“%(value)s” is not a time zone we know."), params={"value": value})


# The keys `Profile.save` keeps from the names (accounts/names.py).
KEYS = ("display_key", "username_key", "display_case_key", "username_case_key")


class Profile(models.Model):
    user = models.OneToOneField(settings.AUTH_USER_MODEL, models.CASCADE, related_name="profile")
    display_name = models.CharField(_("display name"), max_length=50, blank=True)
    language = models.CharField(_("language"), max_length=5, choices=settings.LANGUAGES, default="en")
    time_zone = models.CharField(_("time zone"), max_length=64, default="UTC", validators=[validate_time_zone])
    email_turns = models.BooleanField(_("mail me when it is my turn"), default=True)
    email_results = models.BooleanField(_("mail me the results of each phase"), default=True)
    email_reminders = models.BooleanField(_("mail me a reminder before a deadline"), default=True)
    email_digest = models.BooleanField(_("one daily digest instead of a mail per turn"), default=False)
    # Played by its owner's program through the API: marked as a bot wherever it is named, rated
    # against people only where a game's creator chose so (accounts/bot_accounts.py). One-way.
    bot_account = models.BooleanField(_("bot account"), default=False, db_default=False)
    # A login link's token is stored only as a hash, with the time it was made.
    login_token_hash = models.CharField(max_length=64, blank=True)
    login_token_created = models.DateTimeField(null=True, blank=True)
    # How the display name and the username read (accounts/names.py), kept by `save` so that a
    # new name is compared with every other at once. A queryset's update() skips them: save.
    display_key = models.CharField(max_length=200, blank=True, db_index=True)
    username_key = models.CharField(max_length=200, blank=True, db_index=True)
    # The same names read case-blind (names.case_key: "ALICE" is Alice).
    display_case_key = models.CharField(max_length=200, blank=True, db_index=True)
    username_case_key = models.CharField(max_length=200, blank=True, db_index=True)

    class Meta:
        verbose_name = _("profile")
        verbose_name_plural = _("profiles")

    def __str__(self) -> str:
        return self.name

    def save(self, *args, **kwargs) -> None:
        from wildcards_site.accounts.names import case_key, name_key

        self.display_key = name_key(self.display_name) if self.display_name else ""
        self.display_case_key = case_key(self.display_name) if self.display_name else ""
        self.username_key = name_key(self.user.get_username())
        self.username_case_key = case_key(self.user.get_username())
        update_fields = kwargs.get("update_fields")
        if update_fields is not None:
            kwargs["update_fields"] = {*update_fields, *KEYS}
        super().save(*args, **kwargs)

    @property
    def name(self) -> str:
        return self.display_name or self.user.get_username()

    def prepare_login_token(self) -> str:
        """Make a one-time login token, store its hash, return the token itself."""
        token = secrets.token_urlsafe(24)
        self.login_token_hash = _hash(token)
        self.login_token_created = timezone.now()
        self.save(update_fields=["login_token_hash", "login_token_created"])
        return token

    def check_login_token(self, token: str) -> bool:
        """True for the current, unexpired token. Does not use it up: see `use_login_token`."""
        if not self.login_token_hash or not self.login_token_created or not token:
            return False
        expires = self.login_token_created + timedelta(seconds=settings.LOGIN_LINK_TIMEOUT)
        if timezone.now() > expires:
            return False
        return constant_time_compare(self.login_token_hash, _hash(token))

    def use_login_token(self, token: str) -> bool:
        """Check the token and, atomically, clear it so that it works once only."""
        if not self.check_login_token(token):
            return False
        cleared = Profile.objects.filter(pk=self.pk, login_token_hash=_hash(token)).update(
            login_token_hash="", login_token_created=None
        )
        return cleared == 1


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def profile_for(user) -> Profile:
    """The user's profile, made on first use (users made by createsuperuser have none yet).

    A profile already loaded with the user (select_related) is used as it is:
    the mail of a busy game asks for it once per recipient.
    """
    try:
        return user.profile
    except Profile.DoesNotExist:
        profile, _created = Profile.objects.get_or_create(user=user)
        return profile
