from celery import shared_task

from wildcards_site.outbox.sending import claim, claim_batch, send_batch, send_claimed, send_due


@shared_task(ignore_result=True)
def send_outbox_message(pk: int) -> None:
    row = claim(pk)
    if row is not None:
        send_claimed(row)


@shared_task(ignore_result=True)
def send_outbox_messages(pks: list[int]) -> None:
    # Kept for tasks queued before keys were used; new mail is kicked by key.
    for pk in pks:
        row = claim(pk)
        if row is not None:
            send_claimed(row)


@shared_task(ignore_result=True)
def send_outbox_keys(keys: list[str]) -> None:
    """The mail one transaction queued, in the order it was queued."""
    send_batch(claim_batch(keys))


@shared_task(ignore_result=True)
def send_outbox() -> int:
    return send_due()
