"""Outgoing mail: one `make_message` and one small function per message.

Templates live flat in templates/emails/: `<name>-subject.html`,
`<name>-body-text.html` and `<name>-body-html.html`, rendered in the
recipient's language.
"""

from __future__ import annotations

from contextlib import nullcontext

from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.template.loader import render_to_string
from django.utils import timezone, translation

from wildcards_site.accounts.time_zones import zone_named


def make_message(
    name: str,
    to: str,
    ctx: dict,
    language: str | None = None,
    headers: dict | None = None,
    time_zone: str | None = None,
):
    """Render the three templates of message `name` for one recipient; `time_zone`: theirs, for
    the moments the templates show (`|when`), as their pages show them."""
    ctx = {"site_name": settings.SITE_NAME, "site_url": settings.SITE_URL, **ctx}
    zone = timezone.override(zone_named(time_zone)) if time_zone else nullcontext()
    with translation.override(language or settings.LANGUAGE_CODE), zone:
        subject = render_to_string(f"emails/{name}-subject.html", ctx)
        text = render_to_string(f"emails/{name}-body-text.html", ctx)
        html = render_to_string(f"emails/{name}-body-html.html", ctx)
    # A subject is one line, however the template wraps it.
    subject = " ".join(subject.split())
    message = EmailMultiAlternatives(subject, text, to=[to], headers=headers or {})
    message.attach_alternative(html, "text/html")
    return message


def verify_email(to: str, ctx: dict, language: str | None = None) -> None:
    make_message("verify-email", to, ctx, language).send()


def login_link(to: str, ctx: dict, language: str | None = None) -> None:
    make_message("login-link", to, ctx, language).send()


def password_reset(to: str, ctx: dict, language: str | None = None) -> None:
    make_message("password-reset", to, ctx, language).send()


def account_exists(to: str, ctx: dict, language: str | None = None) -> None:
    make_message("account-exists", to, ctx, language).send()
