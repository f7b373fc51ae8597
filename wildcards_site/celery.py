"""The Celery app; its settings are the CELERY_* names in Django's settings."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "wildcards_site.settings")

app = Celery("wildcards_site")
app.config_from_object("django.conf:settings", namespace="CELERY")
# Autodiscovery reads `tasks` of each installed app only; packages inside an app that have
# tasks of their own are listed here, or the worker refuses their tasks as unregistered
# (tests/site/test_registered_tasks.py compares this with every @shared_task in the code).
TASK_PACKAGES_BELOW_APPS = ["tournaments.ratings"]
app.autodiscover_tasks()
app.autodiscover_tasks(TASK_PACKAGES_BELOW_APPS)
