"""The events a person organises, for their home page: those waiting for them first."""

from __future__ import annotations

from django.db.models import OuterRef, Subquery

from tournaments.models import Round, Tournament
from tournaments.pages.organisers_box import awaiting_decision
from tournaments.services.results import played_rounds

UNDER_WAY = (
    Tournament.Status.REGISTRATION,
    Tournament.Status.PREPARING,
    Tournament.Status.RUNNING,
    Tournament.Status.PAUSED,
)


def organised_by(user) -> list[dict]:
    """Each event `user` organises that has not ended: whether a knock-out waits for the
    organisers' decision, and whether something stopped the site from moving it on."""
    rows = []
    # Only a knock-out's round can wait for a decision: the others' rounds are never read (eight
    # queries an event otherwise).
    last_stage = Round.objects.filter(tournament=OuterRef("pk")).order_by("-number").values("stage")[:1]
    tournaments = (
        Tournament.objects.filter(organisers=user, status__in=UNDER_WAY)
        .annotate(last_stage=Subquery(last_stage))
        .order_by("created_at", "pk")
    )
    for tournament in tournaments:
        live = tournament.status in (Tournament.Status.RUNNING, Tournament.Status.PAUSED)
        knockout = live and tournament.last_stage == "elimination"
        waits = knockout and awaiting_decision(tournament, list(tournament.entries.all()), played_rounds(tournament))
        rows.append({"tournament": tournament, "awaiting_decision": waits, "stopped": bool(tournament.problem)})
    # What waits for them first; the rest in the order they made them.
    rows.sort(key=lambda row: not (row["awaiting_decision"] or row["stopped"]))
    return rows
