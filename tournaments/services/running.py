"""Starting a tournament and moving it on: each round's tables are ordinary games.

`do_advance_round` is the one way a round is created. It locks the tournament row, does
nothing unless every table of the current round is over, and the unique (tournament,
number) constraint backs the lock: the finishing task and the beat sweep may race and one
round results.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from games.engines import IllegalOptions
from games.events.publish import account_event
from games.models import Game
from games.services import do_create_table
from games.services.errors import ActionRejected
from games.services.lobby import TimeControl
from games.services.refusals import refusal_words, words_text
from tournaments.formats import get_format
from tournaments.mail.mails import mail_round
from tournaments.mail.organiser_mails import EVENT as ORGANISING
from tournaments.mail.organiser_mails import decision_awaited, entrant_left
from tournaments.models import Bye, EntrantLeft, Entry, Round, Table, Tournament
from tournaments.services.annulments import tell_annulled
from tournaments.services.byes import bye_kinds
from tournaments.services.final_places import final_places
from tournaments.services.planning import (
    WAITING,
    Plan,
    plan_next_round,
    round_robin_goes_on,
    without_table,
)
from tournaments.services.registration import ratings_of
from tournaments.services.results import (
    PlayedRound,
    PlayedTable,
    elimination_seeds,
    half_rule,
    no_shows,
    played_rounds,
    undecided_forfeits,
)
from tournaments.services.rules import table_options
from wildcards_site.queueing import queue_task

log = logging.getLogger("tournaments")
User = get_user_model()

# A round robin's schedule is computed by this task (tournaments.services.preparing), named
# rather than imported (see wildcards_site.queueing); the sweep hands it out again after this.
PREPARE_TASK = "tournaments.tasks.prepare_tournament"
PREPARING_STALE = timedelta(minutes=5)


def check_organiser(tournament: Tournament, user) -> None:
    """Refuses anyone but the organisers and staff. Staff acting on a started event are recorded
    with its former organisers (in the caller's transaction: only if the action goes through):
    they decided at its tables, so they never enter it late (services/registration.py)."""
    if user is not None and tournament.organisers.filter(pk=user.pk).exists():
        return
    if user is None or not user.is_staff:
        raise ActionRejected("forbidden", _("Only the tournament's organisers can do this."))
    if tournament.status != Tournament.Status.REGISTRATION:
        tournament.former_organisers.add(user)


def plays_in_event(tournament: Tournament, user) -> bool:
    """Whether `user` entered the tournament (dropped or not): an organiser who did holds no
    power over any entrant's result, their rivals' at other tables included (a creator who plays
    could disqualify a rival for the cut). Another organiser, who does not play,
    decides."""
    return bool(getattr(user, "pk", None)) and tournament.entries.filter(user=user).exists()


def check_not_playing(tournament: Tournament, user) -> None:
    if plays_in_event(tournament, user):
        raise ActionRejected(
            "plays_in_event", _("You play in this tournament: an organiser who does not play decides this.")
        )


def minimum_entries(tournament: Tournament) -> int:
    return 2 if tournament.seats_max == 2 else tournament.seats_min


def do_start(tournament_id: int, user=None, now: datetime | None = None) -> Tournament:
    """Seed by rating and create round 1; `user` None is the scheduled start."""
    now = now or timezone.now()
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament_id)
        if user is not None:
            check_organiser(tournament, user)
        if tournament.status != Tournament.Status.REGISTRATION:
            raise ActionRejected("not_registration", _("This tournament has already started."))
        entries = list(tournament.entries.select_related("user"))
        if len(entries) < minimum_entries(tournament):
            raise ActionRejected(
                "too_few",
                _("At least %(count)s players are needed to start.") % {"count": minimum_entries(tournament)},
            )
        ratings = ratings_of([entry.user_id for entry in entries], tournament.engine)  # one query, not one each
        for entry in entries:
            entry.rating = ratings.get(entry.user_id, 1500)
        entries.sort(key=lambda entry: (-entry.rating, entry.registered_at, entry.pk))
        for number, entry in enumerate(entries, 1):
            entry.seed = number
        Entry.objects.bulk_update(entries, ["rating", "seed"])
        tournament.started_at = now
        if get_format(tournament.format).scheduled:
            # Its whole schedule can take a worker a minute (200 players at tables of 3): never
            # here, holding this lock. The task makes round 1 once it is stored.
            tournament.status, tournament.preparing_since = Tournament.Status.PREPARING, now
            tournament.save(update_fields=["status", "started_at", "preparing_since"])
            transaction.on_commit(lambda: queue_task(PREPARE_TASK, (tournament_id,)))
            return tournament
        tournament.status = Tournament.Status.RUNNING
        tournament.save(update_fields=["status", "started_at"])
        _next_round(tournament, now)
        return tournament


def do_advance_round(tournament_id: int, now: datetime | None = None) -> Round | None:
    """Create the next round if every table of the current one is over (or finish the tournament).

    Returns the new round, or None when there was nothing to do. Safe to call any number of times.
    """
    now = now or timezone.now()
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament_id)
        if tournament.status != Tournament.Status.RUNNING:
            return None
        current = Round.objects.filter(tournament=tournament, number=tournament.current_round).first()
        if current is not None:
            pending = current.tables.exclude(
                game__status__in=[Game.Status.FINISHED, Game.Status.ABANDONED, Game.Status.CANCELLED]
            )
            if pending.exists():
                return None
            if current.finished_at is None:  # a round waiting for an adjudication is seen every sweep
                current.finished_at = now
                current.save(update_fields=["finished_at"])
        return _next_round(tournament, now)


def _next_round(tournament: Tournament, now: datetime) -> Round | None:
    entries = list(tournament.entries.select_related("user__profile"))
    rounds = played_rounds(tournament)
    _withdraw_no_shows(tournament, entries, rounds)
    tell_annulled(tournament, entries, rounds)  # a leaver's results annulled as this round ended
    plan = plan_next_round(tournament, entries, rounds)
    if plan is not None and plan.stage == WAITING:
        # The organisers' adjudication of a table nobody played comes first: they are asked (once a round).
        decision_awaited(tournament, rounds[-1].number, undecided_forfeits(rounds[-1]))
        return None
    if plan is None or not plan.tables:
        _finish(tournament, entries, rounds, now)
        return None
    return _create_round(tournament, entries, rounds, plan, now)


def _withdraw_no_shows(tournament: Tournament, entries: list[Entry], rounds: list) -> None:
    """A Swiss or a round robin withdraws a player who forfeited a table without one move of
    their own, as FIDE's rules do: left in, a no-show would take a later round's bye (worth a win),
    sit again, and stand above players who had played.
    They are told by mail; their results are kept or annulled as a drop's are. After the last
    Swiss round too when a top cut follows: a no-show of that round does not go on to the knock-out."""
    if not rounds or not rounds[-1].finished:
        return
    last = rounds[-1]
    spec = get_format(tournament.format)
    if not spec.withdraws_no_shows or last.stage != spec.stage:
        return  # a knock-out round (a Swiss's top cut too) puts them out anyway
    final = spec.last_round(tournament)
    if final is not None and last.number >= final:
        return  # its last round by its settings (a Swiss with no top cut): nothing more to pair
    absent = no_shows(last)
    if spec.scheduled and not round_robin_goes_on(tournament, entries, rounds):
        # Withdrawn whenever a round follows for the field as it stands: kept in, they would be
        # seated again, even where their leaving then ends the event. After the last
        # round nothing is to be paired, and a withdrawal would only annul results.
        return
    for entry in entries:
        if entry.pk in absent and entry.dropped_before_round is None and not entry.disqualified:
            entry.dropped_before_round = last.number + 1
            entry.dropped_by = Entry.WITHDRAWN_BY_SITE
            entry.save(update_fields=["dropped_before_round", "dropped_by"])
            EntrantLeft.objects.create(
                tournament=tournament, entry=entry, how=EntrantLeft.How.WITHDRAWN, next_round=last.number + 1
            )
            from tournaments.mail.mails import no_show_withdrawn

            no_show_withdrawn(entry.user, tournament, last.number)
            entrant_left(tournament, entry, half=half_rule(tournament, entry.pk, rounds))


def _create_round(tournament: Tournament, entries: list[Entry], rounds, plan: Plan, now: datetime) -> Round:
    number = len(rounds) + 1
    _check_playable(tournament, number, {len(players) for players in plan.tables})
    if plan.stage == "elimination" and get_format(tournament.format).has_top_cut and tournament.cut is None:
        # The cut as this round's plan drew it, kept for the rest of the knock-out.
        tournament.cut = elimination_seeds(tournament, entries, rounds)
        tournament.save(update_fields=["cut"])
    by_id = {entry.pk: entry for entry in entries}
    round_ = Round.objects.create(
        tournament=tournament,
        number=number,
        stage=plan.stage,
        started_at=now,
        repeats=plan.repeats,
        repeat_bound=plan.repeat_bound if plan.stage == "swiss" else None,
    )
    control = TimeControl.of(tournament)
    tables_of: dict[int, list[Table]] = {}
    tables = []
    for index, players in enumerate(plan.tables):
        # The table belongs to the tournament: no entrant is its creator, its seed is secret,
        # and it is rated only if the tournament is.
        game = do_create_table(
            tournament.engine,
            [by_id[player].user for player in players],
            tournament.options,
            time_control=control,
            timeouts_before_bot=tournament.timeouts_before_bot,
            rated=tournament.rated,
            allow_ahead=tournament.allow_ahead,
            allow_delegates=tournament.allow_delegates,
            now=now,
        )
        match = plan.matches[index] if plan.matches else ""
        table = Table(round=round_, number=index + 1, game=game, match=match)
        tables.append(table)
        for player in players:
            tables_of.setdefault(player, []).append(table)
    Table.objects.bulk_create(tables)
    Bye.objects.bulk_create([Bye(round=round_, entry_id=player) for player in plan.byes])
    tournament.current_round = number
    tournament.save(update_fields=["current_round"])
    seated = [(by_id[player].user, player_tables) for player, player_tables in tables_of.items()]
    idle = []
    if plan.stage == "elimination":
        idle = [by_id[p].user for p in sorted(without_table(tournament, entries, rounds, number, set(tables_of)))]
    seats = [PlayedTable(0, "", 0, "", dict.fromkeys(players)) for players in plan.tables]
    made = PlayedRound(number, plan.stage, seats, plan.byes)  # what the bye kinds need of it
    kinds = bye_kinds(tournament, entries, [*rounds, made], number)
    byes = [(by_id[player].user, kinds[player]) for player in plan.byes]
    mail_round(tournament, number, seated, byes, idle, plan.stage)
    _announce_round(tournament, number, seated, byes)
    return round_


def _announce_round(tournament: Tournament, number: int, seated: list, byes: list) -> None:
    """The round on each entrant's event stream: the games to play, or the bye."""
    heard = {"type": "tournament_round", "tournament": tournament.pk, "round": number}
    for user, tables in seated:
        account_event([user.pk], {**heard, "games": [table.game_id for table in tables], "bye": None})
    for user, kind in byes:
        account_event([user.pk], {**heard, "games": [], "bye": str(kind)})


_UNPLAYABLE_ROUND = gettext_noop(
    "Round %(round)s needs a table of %(size)s players, and %(game)s cannot be played by "
    "%(size)s with this tournament's options: %(reason)s"
)


def _check_playable(tournament: Tournament, number: int, sizes: set[int]) -> None:
    """Refuse the round, plainly, when its game cannot be played at one of its table sizes with
    the tournament's options (settings checked before every size was: `rules.unplayable_sizes`)."""
    for size in sorted(sizes):
        try:
            table_options(tournament.engine, tournament.options, size)
        except IllegalOptions as error:
            # Kept as data too: the organisers read it later, each in their own language.
            with translation.override(None):  # the title's msgid: the English name
                game = {"template": tournament.game_title}
            words = {
                "template": _UNPLAYABLE_ROUND,
                "params": {"round": number, "size": size, "game": game, "reason": refusal_words(error)},
            }
            raise ActionRejected("unplayable_table", words_text(words), words=words) from None


def _finish(tournament: Tournament, entries: list[Entry], rounds, now: datetime) -> None:
    places = dict((player, place) for place, player in final_places(tournament, entries, rounds))
    for entry in entries:
        entry.final_place = places.get(entry.pk)
    Entry.objects.bulk_update(entries, ["final_place"])
    tournament.status = Tournament.Status.FINISHED
    tournament.finished_at = now
    tournament.save(update_fields=["status", "finished_at"])
    _mail_final(tournament, entries, rounds, places)


def _mail_final(tournament: Tournament, entries: list[Entry], rounds, places: dict[int, int]) -> None:
    from tournaments.mail.mails import TOP, tournament_final
    from tournaments.services.results import swiss_standings

    # A knock-out counts no points (its mail listed "(0.0)" after every name).
    counted = not get_format(tournament.format).knock_out
    points = {row.player: row.points for row in swiss_standings(tournament, entries, rounds)} if counted else {}
    by_place = sorted(entries, key=lambda entry: places.get(entry.pk) or 10**9)
    top = [
        {
            "place": places.get(entry.pk),
            "name": entry.user.profile.name,
            "bot_account": entry.user.profile.bot_account,  # marked in the reader's language
            "points": points.get(entry.pk, 0) if counted else None,
            # Marked as the standings page marks them (presenters.leaving_mark).
            "disqualified": entry.disqualified,
            "dropped": entry.dropped_before_round is not None,
            "withdrawn": entry.dropped_by == Entry.WITHDRAWN_BY_SITE and entry.dropped_before_round is not None,
        }
        for entry in by_place[:TOP]
    ]
    cut = any(played.stage == "elimination" for played in rounds)
    url = settings.SITE_URL + reverse("tournaments:detail", args=[tournament.pk])
    label = f"{tournament.name} (#{tournament.pk})"
    for entry in entries:
        tournament_final(entry.user, label, str(tournament.pk), places.get(entry.pk), top, url, counted and cut)
    # Organisers who do not play read the same standings, under their switch for organisers' mail.
    playing = {entry.user_id for entry in entries}
    for organiser in tournament.organisers.select_related("profile").exclude(pk__in=playing).order_by("pk"):
        tournament_final(organiser, label, str(tournament.pk), None, top, url, counted and cut, event=ORGANISING)


def do_pause_tournament(tournament_id: int, user) -> Tournament:
    """No new round starts while paused (the tables' own clocks are the games' business)."""
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament_id)
        check_organiser(tournament, user)
        check_not_playing(tournament, user)  # a pause makes no new round: a losing player's freeze
        if tournament.status != Tournament.Status.RUNNING:
            raise ActionRejected("not_running", _("Only a running tournament can be paused."))
        tournament.status = Tournament.Status.PAUSED
        tournament.save(update_fields=["status"])
        return tournament


def do_resume_tournament(tournament_id: int, user) -> Tournament:
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament_id)
        check_organiser(tournament, user)
        check_not_playing(tournament, user)
        if tournament.status != Tournament.Status.PAUSED:
            raise ActionRejected("not_paused", _("The tournament is not paused."))
        tournament.status = Tournament.Status.RUNNING
        tournament.save(update_fields=["status"])
    do_advance_round(tournament_id)
    return tournament
