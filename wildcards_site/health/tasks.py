from celery import shared_task

from wildcards_site.health.status import record_heartbeat


@shared_task
def heartbeat() -> None:
    record_heartbeat(heartbeat.request.hostname or "")
