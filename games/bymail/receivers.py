"""anymail's webhooks: inbound mail becomes moves, tracking events update the outbox."""

from __future__ import annotations

import logging

from anymail.signals import EventType, inbound, tracking
from django.dispatch import receiver

from games.bymail.inbound import receive
from wildcards_site.outbox.tracking import do_track

log = logging.getLogger(__name__)


@receiver(inbound, dispatch_uid="bymail-inbound")
def on_inbound(sender, event, esp_name, **kwargs) -> None:
    if event.event_type != EventType.INBOUND or event.message is None:
        log.warning("inbound %s event from %s ignored", event.event_type, esp_name)
        return
    receive(event.message)


@receiver(tracking, dispatch_uid="bymail-tracking")
def on_tracking(sender, event, esp_name, **kwargs) -> None:
    do_track(event)
