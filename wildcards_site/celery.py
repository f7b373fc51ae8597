"""The Celery app; its settings are the CELERY_* names in Django's settings."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "wildcards_site.settings")

app = Celery("wildcards_site")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
