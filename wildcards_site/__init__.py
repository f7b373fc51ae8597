# Importing the Celery app here makes @shared_task use it (Celery's Django recipe).
from wildcards_site.celery import app as celery_app

__all__ = ["celery_app"]
