"""Provider delivery events (anymail tracking webhooks) update the outbox rows they are about."""

from __future__ import annotations

from anymail.signals import AnymailTrackingEvent, EventType

from wildcards_site.outbox.models import OutboxMessage

Status = OutboxMessage.Status
STATUS_OF_EVENT = {
    EventType.QUEUED: Status.SENT,
    EventType.SENT: Status.SENT,
    EventType.DELIVERED: Status.SENT,
    EventType.BOUNCED: Status.BOUNCED,
    EventType.REJECTED: Status.FAILED,
    EventType.FAILED: Status.FAILED,
}
# A later "delivered" never hides an earlier bounce or failure.
FINAL = {Status.BOUNCED, Status.FAILED}


def do_track(event: AnymailTrackingEvent) -> int:
    """Apply one tracking event; returns how many rows changed (0 for unknown messages or event types)."""
    status = STATUS_OF_EVENT.get(event.event_type)
    if status is None or not event.message_id:
        return 0
    rows = OutboxMessage.objects.filter(provider_message_id=event.message_id)
    if status not in FINAL:
        rows = rows.exclude(status__in=FINAL)
    detail = " ".join(part for part in (event.event_type, event.description or "", event.mta_response or "") if part)
    return rows.update(status=status, last_error=detail[:2000] if status in FINAL else "")
