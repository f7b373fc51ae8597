"""Players leave a running tournament: they drop (or an organiser drops them), or an organiser
disqualifies them; from the next round on they are not paired. An organiser who plays removes
nobody they sit with that round (a table they are at is another organiser's to decide)."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils.translation import gettext as _

from games.services.errors import ActionRejected
from tournaments.mail.organiser_mails import entrant_left
from tournaments.models import EntrantLeft, Entry, Table, Tournament
from tournaments.services.adjudication import MAX_REASON_CHARS
from tournaments.services.planning import beaten_in_bracket, knocked_out, last_round_under_way
from tournaments.services.results import half_rule, played_rounds, undecided_forfeits
from tournaments.services.running import check_not_playing, check_organiser

User = get_user_model()


def table_mates(tournament: Tournament, user) -> set[int]:
    """The user ids seated with `user` at a table of the current round (`user`'s own among them
    when seated): an organiser who plays neither drops nor disqualifies them."""
    if user is None or not getattr(user, "pk", None):
        return set()
    shared = Table.objects.filter(
        round__tournament=tournament, round__number=tournament.current_round, game__seats__user=user
    )
    return set(User.objects.filter(seats__game__tournament_table__in=shared).values_list("pk", flat=True).distinct())


def check_not_their_table(tournament: Tournament, user, entry_user) -> None:
    """An organiser who plays removes nobody (`check_not_playing`); staff who are not entrants
    do not remove a player they sit with this round either."""
    check_not_playing(tournament, user)
    if entry_user.pk in table_mates(tournament, user):
        raise ActionRejected(
            "own_table", _("You play at this player's table this round: another organiser decides this.")
        )


def may_drop(user, entry: Entry, mates: set[int], playing: bool, last_round: bool = False) -> bool:
    """Whether `do_drop` accepts `user` dropping `entry` (once the event runs); `mates` is
    `table_mates(tournament, user)`, `playing` whether `user` entered it (`plays_in_event`),
    `last_round` whether the round under way is the last (`last_round_under_way`: nothing
    follows it to drop out of). The pickers offer what this accepts."""
    if entry.dropped_before_round is not None or last_round:
        return False
    return entry.user_id == user.pk or (not playing and entry.user_id not in mates)


def may_disqualify(entry: Entry, mates: set[int], playing: bool) -> bool:
    """Whether `do_disqualify` accepts `user` disqualifying `entry` (a player who dropped may
    still be); `mates` and `playing` as for `may_drop`."""
    return not playing and not entry.disqualified and entry.user_id not in mates


def do_drop(tournament_id: int, user, entry_user=None) -> Entry:
    """A player leaves (or an organiser drops them): from the next round on they are not paired."""
    entry_user = entry_user or user
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament_id)
        if entry_user != user:
            check_organiser(tournament, user)
            check_not_their_table(tournament, user, entry_user)
        if not tournament.under_way:
            raise ActionRejected("not_running", _("Only a running tournament can be left this way."))
        entry = tournament.entries.select_for_update().filter(user=entry_user).first()
        if entry is None:
            raise ActionRejected("not_registered", _("This player is not in the tournament."))
        if entry.dropped_before_round is not None:
            raise ActionRejected("already_dropped", _("This player has already dropped."))
        entries = list(tournament.entries.all())
        rounds = played_rounds(tournament)
        if last_round_under_way(tournament, entries, rounds):
            raise ActionRejected("last_round", _("This is the last round: no round follows it to drop out of."))
        if entry.pk in beaten_in_bracket(tournament, entries, rounds):
            raise ActionRejected(
                "knocked_out", _("This player is out of the knock-out already: nothing is left to drop out of.")
            )
        entry.dropped_before_round = tournament.current_round + 1
        entry.dropped_by = Entry.DROPPED_BY_ORGANISERS if entry_user != user else ""
        entry.save(update_fields=["dropped_before_round", "dropped_by"])
        how = EntrantLeft.How.REMOVED if entry_user != user else EntrantLeft.How.DROPPED
        EntrantLeft.objects.create(
            tournament=tournament, entry=entry, how=how, actor=user, next_round=entry.dropped_before_round
        )
        if entry_user != user:
            from tournaments.mail.mails import removed_by_organiser

            removed_by_organiser(entry_user, tournament, user, entry.dropped_before_round, disqualified=False)
        entrant_left(tournament, entry, actor=user, half=half_rule(tournament, entry.pk, rounds))
        return entry


def do_disqualify(tournament_id: int, user, entry_user, reason: str) -> Entry:
    """An organiser removes a player from the next round on, saying why; their results so far stand."""
    reason = (reason or "").strip()
    if not reason or len(reason) > MAX_REASON_CHARS:
        raise ActionRejected(
            "bad_reason", _("Give the reason in at most %(count)s characters.") % {"count": MAX_REASON_CHARS}
        )
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament_id)
        check_organiser(tournament, user)
        check_not_their_table(tournament, user, entry_user)
        if tournament.status not in (Tournament.Status.RUNNING, Tournament.Status.PAUSED):
            raise ActionRejected("not_running", _("Players can be disqualified only while the tournament runs."))
        entry = tournament.entries.filter(user=entry_user).first()
        if entry is None:
            raise ActionRejected("not_registered", _("This player is not in the tournament."))
        if entry.disqualified:
            raise ActionRejected("already_disqualified", _("This player is already disqualified."))
        # A player a knock-out had put out has no round left to be their last, not "round 2 is
        # your last" of a final they are not in. Read before the disqualification, which would put
        # them out at once, and with a table nobody played still theirs
        # to be placed at while it waits for a decision.
        entries, rounds = list(tournament.entries.all()), played_rounds(tournament)
        awaiting = bool(rounds) and bool(undecided_forfeits(rounds[-1]))
        out = entry.pk in knocked_out(tournament, entries, rounds, awaiting)
        entry.disqualified = True
        # Dated like a drop, so a bracket knows the walkovers they had before stay theirs.
        if entry.dropped_before_round is None:
            entry.dropped_before_round = tournament.current_round + 1
        entry.save(update_fields=["disqualified", "dropped_before_round"])
        EntrantLeft.objects.create(
            tournament=tournament,
            entry=entry,
            how=EntrantLeft.How.DISQUALIFIED,
            actor=user,
            next_round=entry.dropped_before_round,
            reason=reason,
        )
        from tournaments.mail.mails import removed_by_organiser

        # A player who had dropped already played their last round before it.
        removed_by_organiser(
            entry_user, tournament, user, entry.dropped_before_round, disqualified=True, out=out, reason=reason
        )
        entrant_left(
            tournament, entry, actor=user, disqualified=True, out=out, half=half_rule(tournament, entry.pk, rounds)
        )
        return entry
