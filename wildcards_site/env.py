"""The settings' tiny helpers: a value from the environment, and the mailer and broker it chooses."""

from __future__ import annotations

import os
from pathlib import Path

from wildcards_site.probe import LOCAL_REDIS_URL, redis_answers


def envbool(name: str, default: bool) -> bool:
    value = os.getenv(name)
    if value is None or value == "":
        return default
    return value.strip().lower() in ("1", "true", "yes", "on")


def envint(name: str, default: int) -> int:
    value = os.getenv(name)
    return int(value) if value else default


def envstr(name: str, default: str) -> str:
    return os.getenv(name) or default


def envlist(name: str, default: str) -> list[str]:
    return [item.strip() for item in envstr(name, default).split(",") if item.strip()]


def chosen_mailer(anymail_provider: str, mail_dir: Path, smtp_timeout: int) -> dict:
    """An anymail provider when ANYMAIL_PROVIDER is set; else SMTP when EMAIL_HOST is; else files."""
    if anymail_provider:
        return {"BACKEND": f"anymail.backends.{anymail_provider}.EmailBackend"}
    if os.getenv("EMAIL_HOST"):
        return {
            "BACKEND": "django.core.mail.backends.smtp.EmailBackend",
            "OPTIONS": {
                "host": os.environ["EMAIL_HOST"],
                "port": envint("EMAIL_PORT", 25),
                "username": envstr("EMAIL_HOST_USER", ""),
                "password": envstr("EMAIL_HOST_PASSWORD", ""),
                "use_tls": envbool("EMAIL_USE_TLS", False),
                "timeout": smtp_timeout,
            },
        }
    return {"BACKEND": "django.core.mail.backends.filebased.EmailBackend", "OPTIONS": {"file_path": mail_dir}}


def chosen_broker() -> tuple[str, str]:
    """The broker URL and a word on why: configured, local Redis, or files."""
    configured = os.getenv("CELERY_BROKER_URL")
    if configured:
        return configured, "configured"
    if redis_answers(LOCAL_REDIS_URL):
        return LOCAL_REDIS_URL, "local Redis answered"
    return "filesystem://", "no Redis answered: embedded filesystem broker"


def broker_transport_options(url: str, var_dir: Path) -> dict:
    """Files under var/broker for the embedded broker; for Redis, short timeouts and priorities."""
    if url.startswith("filesystem://"):
        queue_dir = var_dir / "broker"
        for sub in ("queue", "processed", "control"):
            (queue_dir / sub).mkdir(parents=True, exist_ok=True)
        return {
            "data_folder_in": str(queue_dir / "queue"),
            "data_folder_out": str(queue_dir / "queue"),
            "processed_folder": str(queue_dir / "processed"),
            # Kombu's default is "control" in the current folder: the checkout, when run from it.
            "control_folder": str(queue_dir / "control"),
            "store_processed": False,
        }
    if url.startswith(("redis://", "rediss://")):
        return {
            "socket_connect_timeout": 1,
            "socket_timeout": 5,
            "retry_on_timeout": False,
            # Priorities 0 (first, the default) to 9: a big sweep's deadline closes go before the
            # mail they cause (outbox tasks are sent at a lower priority), never behind it.
            "priority_steps": list(range(10)),
            "sep": ":",
            "queue_order_strategy": "priority",
        }
    return {}
