"""Saves that change what a table's players or an account hear of (connected in `games.apps`)."""

from __future__ import annotations

from django.db.models.signals import post_save

from games.events.publish import account_event, game_changed
from games.models import Game, GameEvent, Invitation, Seat, SeatOffer, TableMessage


def _game_saved(sender, instance: Game, **kwargs) -> None:
    game_changed(instance.pk)


def _part_saved(sender, instance, **kwargs) -> None:
    game_changed(instance.game_id)


def _invited(sender, instance: Invitation, created: bool, update_fields=None, **kwargs) -> None:
    if created and instance.user_id is not None:
        event = {"type": "invitation", "invitation": instance.pk, "game": instance.game_id}
        account_event([instance.user_id], event)
    elif instance.declined_at is not None and update_fields and "declined_at" in update_fields:
        event = {"type": "invitation_declined", "invitation": instance.pk, "game": instance.game_id}
        account_event([instance.invited_by_id], event)


def _offered(sender, instance: SeatOffer, created: bool, **kwargs) -> None:
    if created and instance.user_id is not None:
        account_event([instance.user_id], {"type": "seat_offer", "offer": instance.pk, "game": instance.game_id})


def connect() -> None:
    post_save.connect(_game_saved, sender=Game, dispatch_uid="events-game")
    for model in (Seat, TableMessage, GameEvent):
        post_save.connect(_part_saved, sender=model, dispatch_uid=f"events-{model.__name__}")
    post_save.connect(_invited, sender=Invitation, dispatch_uid="events-invitation")
    post_save.connect(_offered, sender=SeatOffer, dispatch_uid="events-offer")
