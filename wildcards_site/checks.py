"""Deployment checks of our own, run by `manage.py check --deploy`: errors, not warnings.

Django's W009 only warns about a weak SECRET_KEY; a forged action link plays a move,
so a development key or a provider without a webhook secret is an error here.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.staticfiles.finders import get_finders
from django.contrib.staticfiles.storage import ManifestFilesMixin
from django.core.checks import Error, Tags, register
from django.core.files.storage import storages

from wildcards_site.webhooks import webhooks_enabled


@register(Tags.security, deploy=True)
def check_secrets(app_configs=None, **kwargs) -> list[Error]:
    errors = []
    key = settings.SECRET_KEY
    if key == settings.DEVELOPMENT_SECRET_KEY or key.startswith("django-insecure-") or len(key) < 40:
        errors.append(
            Error(
                "SECRET_KEY is the development default or too short.",
                hint="Set SECRET_KEY to at least 40 random characters; it signs action links and reply addresses.",
                id="wildcards.E001",
            )
        )
    if settings.DEBUG:
        errors.append(Error("DEBUG is on.", hint="Set DEBUG=0 in production.", id="wildcards.E002"))
    if settings.ANYMAIL_PROVIDER and not webhooks_enabled():
        errors.append(
            Error(
                f"ANYMAIL_PROVIDER={settings.ANYMAIL_PROVIDER} is set but ANYMAIL_WEBHOOK_SECRET is not: "
                "inbound replies and delivery reports would be refused (every /anymail/ URL answers 404).",
                hint="Set ANYMAIL_WEBHOOK_SECRET=user:password and give the same credentials to the provider.",
                id="wildcards.E003",
            )
        )
    if settings.ANYMAIL_PROVIDER == "mailgun" and not settings.ANYMAIL.get("MAILGUN_WEBHOOK_SIGNING_KEY"):
        errors.append(
            Error(
                "Mailgun is the provider but ANYMAIL_MAILGUN_WEBHOOK_SIGNING_KEY is not set.",
                hint="Copy the webhook signing key from Mailgun's dashboard.",
                id="wildcards.E004",
            )
        )
    if settings.CACHES["default"]["BACKEND"].endswith("LocMemCache"):
        errors.append(
            Error(
                "CACHE_URL is not set: every process would keep its own throttle counts and replay cache.",
                hint="Set CACHE_URL to a Redis database shared by every web and worker process.",
                id="wildcards.E005",
            )
        )
    return errors


@register(Tags.staticfiles, deploy=True)
def check_static_collected(app_configs=None, **kwargs) -> list[Error]:
    """With the manifest storage a page linking a static file the manifest lacks answers 500:
    every page, when `collectstatic` was never run, or one file added since it last ran."""
    storage = storages["staticfiles"]
    if not isinstance(storage, ManifestFilesMixin):
        return []
    hint = f"Run `manage.py collectstatic --noinput` (into STATIC_ROOT, {settings.STATIC_ROOT}) at every deploy."
    try:
        collected = storage.load_manifest()[0] if storage.read_manifest() is not None else None
    except ValueError:  # a manifest that does not parse is as good as none
        collected = None
    if collected is None:
        return [Error("Static files were not collected: there is no manifest.", hint=hint, id="wildcards.E006")]
    missing = sorted(
        path for finder in get_finders() for path, _storage in finder.list(["CVS", ".*", "*~"]) if path not in collected
    )
    if missing:
        return [
            Error(
                f"{len(missing)} static files are not in the collected manifest, e.g. {', '.join(missing[:3])}.",
                hint=hint,
                id="wildcards.E006",
            )
        ]
    return []


@register(Tags.security)
def check_inbound_verdict_headers(app_configs=None, **kwargs) -> list[Error]:
    """A misspelt name in INBOUND_VERDICT_HEADERS would leave the server's own verdict unread."""
    from games.bymail.authenticity import HEADERS

    known = {header.lower() for header in HEADERS}
    unknown = [name for name in settings.INBOUND_VERDICT_HEADERS if name.lower() not in known]
    if not unknown:
        return []
    return [
        Error(
            f"INBOUND_VERDICT_HEADERS names headers we do not read: {', '.join(unknown)}.",
            hint=f"Name some of {', '.join(HEADERS)}: those your receiving mail server or provider writes.",
            id="wildcards.E007",
        )
    ]
