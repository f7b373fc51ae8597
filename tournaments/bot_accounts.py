"""What the games and the tournaments hold against an account becoming a bot account
(registered with `wildcards_site.accounts.bot_accounts` by `tournaments.apps`)."""

from __future__ import annotations

from django.db.models import Q
from django.utils.translation import gettext as _

from games.models import Game, Seat
from tournaments.models import Tournament

# A rated game under way counts too: it would end rating a bot account against people who sat
# down with a person.
RATED_STATUSES = (Game.Status.FINISHED, Game.Status.RUNNING, Game.Status.PAUSED)


def rated_play_refusal(user) -> str:
    """Refused once the account has sat in a rated game (finished or under way), a seat it lost included."""
    seats = Seat.objects.filter(Q(user=user) | Q(first_user=user), game__rated=True, game__status__in=RATED_STATUSES)
    if seats.exists():
        return _(
            "This account has played rated games (or is playing one): only an account that never has may "
            "become a bot account. Open a new account for your bot."
        )
    return ""


def tournament_refusal(user) -> str:
    """Refused while the account is entered in a tournament not over that takes no bot accounts."""
    over = (Tournament.Status.FINISHED, Tournament.Status.CANCELLED)
    entered = Tournament.objects.filter(entries__user=user, allow_bot_accounts=False).exclude(status__in=over)
    if entered.exists():
        return _("You are entered in a tournament that does not take bot accounts: leave it first.")
    return ""


def mark_bot_accounts(entries, rounds: list[dict], standings: list[dict]) -> None:
    """Each standings row and each player at a round's table says whether it is a bot account
    (`bot_account`), for the page's bot mark and the API: in place, from the entries as loaded."""
    bots = {entry.pk for entry in entries if entry.user.profile.bot_account}
    for row in standings:
        row["bot_account"] = row["entry"] in bots
    for played in rounds:
        for table in played.get("tables", []):
            for player in table.get("players", []):
                player["bot_account"] = player["entry"] in bots
