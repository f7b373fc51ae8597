"""Outgoing mail: one `make_message` and one small function per message.

Templates live flat in templates/emails/: `<name>-subject.html`,
`<name>-body-text.html` and `<name>-body-html.html`, rendered in the
recipient's language.
"""

from __future__ import annotations

from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.template.loader import render_to_string
from django.utils import translation


def make_message(name: str, to: str, ctx: dict, language: str | None = None, headers: dict | None = None):
    """Render the three templates of message `name` for one recipient."""
    ctx = {"site_name": settings.SITE_NAME, "site_url": settings.SITE_URL, **ctx}
    with translation.override(language or settings.LANGUAGE_CODE):
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
