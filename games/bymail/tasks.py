from celery import shared_task

from games.bymail.mails_digest import send_digests as _send_digests


@shared_task(ignore_result=True)
def send_digests() -> int:
    return _send_digests()
