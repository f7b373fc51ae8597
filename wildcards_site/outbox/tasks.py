from celery import shared_task

from wildcards_site.outbox.sending import claim_batch, send_batch, send_due


@shared_task(ignore_result=True)
def send_outbox_keys(keys: list[str]) -> None:
    """The mail one transaction queued, in the order it was queued."""
    send_batch(claim_batch(keys))


@shared_task(ignore_result=True)
def send_outbox() -> int:
    return send_due()
