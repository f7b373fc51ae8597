"""What tournaments add to the games' pages (registered in `tournaments.apps`)."""

from __future__ import annotations

from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext as _

from games.sections import GameLink, PendingInvitation, PlayerSection
from tournaments.models import Entry, Table, Tournament, TournamentInvitation

SHOWN = 10


def tournaments_block(person, viewer) -> PlayerSection | None:
    """The player's latest tournaments with their place, linking to all of them: one query."""
    entries = list(
        Entry.objects.filter(user=person).select_related("tournament").order_by("-tournament__created_at")[: SHOWN + 1]
    )
    if not entries:
        return None
    return PlayerSection(
        "tournaments/_games_player_section.html",
        {"entries": entries[:SHOWN], "more": len(entries) > SHOWN, "person": person},
    )


def table_links(games) -> dict:
    """Each tournament table links back to its tournament, naming its round and table: one query."""
    tables = Table.objects.filter(game__in=[game.pk for game in games]).select_related("round__tournament")
    return {
        table.game_id: GameLink(
            _("Round %(round)s, table %(table)s of %(tournament)s")
            % {"round": table.round.number, "table": table.number, "tournament": table.round.tournament.name},
            reverse("tournaments:detail", args=[table.round.tournament_id]),
        )
        for table in tables
    }


def tournament_invitations(user) -> list[PendingInvitation]:
    """The player's invitations to tournaments still taking entries (late ones too), to accept from their home
    and Games pages: one query. An address invited before it had an account counts too."""
    mine = Q(user=user) | Q(user__isnull=True, email__iexact=user.email) if user.email else Q(user=user)
    invitations = (
        TournamentInvitation.objects.filter(mine, accepted_at__isnull=True)
        .filter(tournament__in=Tournament.objects.filter(Tournament.TAKES_ENTRIES))
        # Asked in past the conditions: that lets nobody in once the event has started.
        .exclude(Q(waives_conditions=True) & ~Q(tournament__status=Tournament.Status.REGISTRATION))
        .exclude(tournament__entries__user=user)
        .select_related("tournament", "invited_by__profile")[:SHOWN]
    )
    return [
        PendingInvitation(
            kind="tournament",
            text=_("%(who)s invites you to %(name)s, a tournament of %(game)s.")
            % {
                "who": invitation.invited_by.profile.name,
                "name": invitation.tournament.name,
                "game": invitation.tournament.game_title,
            },
            url=reverse("tournaments:detail", args=[invitation.tournament_id]),
            accept_url=reverse("tournaments:accept", args=[invitation.token]),
            accept_label=_("Accept the invitation"),
            created_at=invitation.created_at,
        )
        for invitation in invitations
    ]
