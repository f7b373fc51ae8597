from django.db import models


class Heartbeat(models.Model):
    """When a Celery worker last ran the periodic heartbeat task: proof that beat and a worker live."""

    name = models.CharField(max_length=40, unique=True)
    last_seen = models.DateTimeField()
    hostname = models.CharField(max_length=200, blank=True)

    def __str__(self) -> str:
        return f"{self.name} @ {self.last_seen:%Y-%m-%d %H:%M:%S}"
