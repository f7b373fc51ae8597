from __future__ import annotations

import zoneinfo

from django import forms
from django.conf import settings
from django.contrib.auth import authenticate, get_user_model, password_validation
from django.contrib.auth.forms import PasswordResetForm
from django.db.models import Q
from django.utils.http import urlsafe_base64_encode
from django.utils.text import capfirst
from django.utils.translation import get_language_info
from django.utils.translation import gettext_lazy as _

from wildcards_site import emails
from wildcards_site.accounts.backends import find_user
from wildcards_site.accounts.models import Profile
from wildcards_site.accounts.names import case_key, looks_automatic, name_key
from wildcards_site.accounts.time_zones import time_zone_choices

User = get_user_model()

USERNAME_HELP = _("Letters, digits and . _ - only; 3 to 30 characters. Others see it on game tables.")


class SignupForm(forms.Form):
    username = forms.RegexField(
        label=_("Username"),
        regex=r"^[A-Za-z0-9._-]{3,30}$",
        help_text=USERNAME_HELP,
        error_messages={"invalid": USERNAME_HELP},
    )
    email = forms.EmailField(label=_("Email address"), help_text=_("Your games arrive here; we confirm it first."))
    password = forms.CharField(label=_("Password"), widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}))
    # The browser's own zone, filled in by forms.js, so deadlines read right from the first mail.
    time_zone = forms.CharField(required=False, widget=forms.HiddenInput(attrs={"data-browser-time-zone": ""}))

    def clean_time_zone(self) -> str:
        # Not the player's typing: a zone that does not exist (an old browser, a forged form) is UTC, never an error.
        zone = self.cleaned_data.get("time_zone") or ""
        return zone if zone in zoneinfo.available_timezones() else "UTC"

    def clean_username(self) -> str:
        username = self.cleaned_data["username"]
        if User.objects.filter(username__iexact=username).exclude(**_UNCONFIRMED).exists():
            raise forms.ValidationError(_("That username is taken. Please choose another."))
        # A table shows the username of a player without a display name: like a display name, it
        # must not pass for a bot, Leo or another player's name.
        if _passes_for_another(username, None):
            raise forms.ValidationError(
                _("That name passes for another player, a bot or Leo at the table. Please choose another.")
            )
        return username

    def clean_email(self) -> str:
        # An address already in use is not refused here: the sign-up view answers as for a
        # new one and mails its owner, so the form does not tell who has an account.
        return User.objects.normalize_email(self.cleaned_data["email"]).lower()

    def clean(self):
        cleaned = super().clean()
        password = cleaned.get("password")
        if password and cleaned.get("username"):
            probe = User(username=cleaned["username"], email=cleaned.get("email", ""))
            try:
                password_validation.validate_password(password, probe)
            except forms.ValidationError as error:
                self.add_error("password", error)
        return cleaned


# Accounts that never confirmed their address and never logged in hold no
# games; a new sign-up with the same name or address replaces them, so a
# mistyped sign-up cannot lock out the address's real owner.
_UNCONFIRMED = {"is_active": False, "last_login__isnull": True}


def existing_account(email: str):
    """The account that holds this address already (an unconfirmed sign-up does not count), or None."""
    return User.objects.filter(email__iexact=email).exclude(**_UNCONFIRMED).first()


def remove_unconfirmed(username: str, email: str) -> None:
    User.objects.filter(**_UNCONFIRMED).filter(username__iexact=username).delete()
    User.objects.filter(**_UNCONFIRMED).filter(email__iexact=email).delete()


class LoginForm(forms.Form):
    login = forms.CharField(label=_("Username or email address"), max_length=254)
    password = forms.CharField(
        label=_("Password"), widget=forms.PasswordInput(attrs={"autocomplete": "current-password"})
    )

    def __init__(self, request=None, *args, **kwargs):
        self.request = request
        self.user = None
        super().__init__(*args, **kwargs)

    def clean(self):
        cleaned = super().clean()
        login, password = cleaned.get("login"), cleaned.get("password")
        if not login or not password:
            return cleaned
        self.user = authenticate(self.request, username=login, password=password)
        if self.user is None:
            candidate = find_user(login)
            if candidate is not None and not candidate.is_active and candidate.check_password(password):
                raise forms.ValidationError(
                    _("Please confirm your email address first: follow the link in the mail we sent you."),
                    code="unconfirmed",
                )
            raise forms.ValidationError(
                _("That username or email address and password do not match. Passwords are case-sensitive."),
                code="invalid_login",
            )
        return cleaned


class LoginLinkForm(forms.Form):
    email = forms.EmailField(label=_("Email address"))


class ProfileForm(forms.ModelForm):
    # The tz database's place names are no language's words: translation tools leave them be.
    time_zone = forms.ChoiceField(label=_("Time zone"), choices=(), widget=forms.Select(attrs={"translate": "no"}))

    class Meta:
        model = Profile
        fields = ["display_name", "language", "time_zone"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["time_zone"].choices = time_zone_choices(self.instance.time_zone if self.instance else "")
        # Each language in its own name ("Español"), as the footer's menu has them: a reader looks
        # for theirs, whatever language the page is in now.
        self.fields["language"].choices = [
            (code, capfirst(get_language_info(code)["name_local"])) for code, _name in settings.LANGUAGES
        ]
        self.fields["display_name"].help_text = _("Shown instead of your username; up to 50 characters.")

    def clean_display_name(self) -> str:
        name = " ".join(self.cleaned_data["display_name"].split())
        if any(not char.isprintable() for char in name):
            raise forms.ValidationError(_("Please use only printable characters."))
        # Names are what a table shows: one that passes for another player, or for a bot seat
        # ("Bot 2 · Good bot") or Leo, is refused ("Alice" at Alice's table).
        if name and not name_key(name):
            raise forms.ValidationError(_("Please use only printable characters."))
        # A name kept from before these rules does not lock its player out of other changes.
        if name != self.instance.display_name and _passes_for_another(name, self.instance.user_id):
            raise forms.ValidationError(
                _("That name passes for another player, a bot or Leo at the table. Please choose another.")
            )
        return name


def _passes_for_another(name: str, user_id: int | None) -> bool:
    """Whether `name` reads as a bot seat, Leo, or another player's username or display name
    (accounts/names.py); `user_id` is the player's own (their own names are theirs)."""
    key, case = name_key(name), case_key(name)
    if not key:
        return False
    others = Profile.objects.exclude(user_id=user_id).exclude(**{f"user__{k}": v for k, v in _UNCONFIRMED.items()})
    clash = Q(display_key=key) | Q(username_key=key) | Q(display_case_key=case) | Q(username_case_key=case)
    return looks_automatic(key) or looks_automatic(case) or others.filter(clash).exists()


class WildcardsPasswordResetForm(PasswordResetForm):
    """Django's reset form, sending our own templated mail in the player's language."""

    def send_mail(self, subject_template_name, email_template_name, context, from_email, to_email, **kwargs):
        user = context["user"]
        link = settings.SITE_URL + _reset_path(user, context["token"])
        profile = Profile.objects.filter(user=user).first()
        emails.password_reset(
            to_email,
            {"user": user, "link": link, "hours": settings.PASSWORD_RESET_TIMEOUT // 3600},
            language=profile.language if profile else None,
        )


def _reset_path(user, token: str) -> str:
    from django.urls import reverse

    uid = urlsafe_base64_encode(str(user.pk).encode())
    return reverse("accounts:password_reset_confirm", kwargs={"uidb64": uid, "token": token})
