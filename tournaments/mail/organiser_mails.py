"""Mail to a tournament's organisers: what needs them, or changes their event, while they are away
from its page. One message, `tournament-organiser`, in each organiser's language, under their
switch for it (`preferences.EVENTS["tournament-organising"]`); its kinds:

- `named`: they are now an organiser (to them alone);
- `left`: an entrant dropped out, an organiser dropped or disqualified one (the others are told),
  or the site withdrew a no-show;
- `decided`: another organiser set a table's result;
- `waiting`: a knock-out waits for their decision on a table nobody played (to organisers who
  do not play: only they may decide; where every organiser plays, to the site's staff who do not);
- `stuck`: the sweep cannot move the event on (at most once a day).

The end is the entrants' final mail, sent to organisers who do not play too (`running._mail_final`).
"""

from __future__ import annotations

import logging

from django.utils import timezone, translation
from django.utils.translation import gettext as _

from games.bymail import preferences
from games.bymail.headers import game_headers
from wildcards_site.outbox.sending import queue_mail
from wildcards_site.wording import names_list

EVENT = "tournament-organising"
log = logging.getLogger("tournaments")


def organiser_named(tournament, organiser, by) -> None:
    """`by` named `organiser` an organiser of `tournament` (staff naming themselves are not told)."""
    if by.pk == organiser.pk:
        return
    _tell(tournament, [organiser], "named", str(by.pk), {"by": by.profile.name})


def entrant_left(
    tournament, entry, actor=None, disqualified: bool = False, out: bool = False, half: dict | None = None
) -> None:
    """`entry` leaves after round `entry.dropped_before_round - 1`: by their own drop (`actor`
    None or themselves), an organiser's (`actor`, who is not told), or the site's for a no-show
    (`entry.dropped_by` says so). `out`: a knock-out had put them out already. `half`: a round
    robin's leaver against FIDE's half (`services.results.half_rule`)."""
    from tournaments.models import Entry

    if entry.dropped_by == Entry.WITHDRAWN_BY_SITE and actor is None:
        how = "withdrawn"
    elif actor is None or actor.pk == entry.user_id:
        how = "dropped"
    else:
        how = "disqualified" if disqualified else "removed"
    facts = {
        "how": how,
        "entrant": entry.user.profile.name,
        "by": actor.profile.name if actor is not None else "",
        "last": entry.dropped_before_round - 1,
        "next": entry.dropped_before_round,
        # A round robin may annul a leaver's results (formats/withdrawals.py).
        "round_robin": tournament.format_spec.annuls_early_leavers,
        "out": out,  # a knock-out had put them out already: no round is their last
    }
    if half is not None:  # where they stand against the half, said for this leaver, not left to work out
        games, scheduled, under_way = half["games"], half["scheduled"], half["under_way"]
        if 2 * games >= scheduled:
            case = "stand"
        elif 2 * (games + under_way) < scheduled:
            case = "annulled"
        else:
            case = "depends"  # on the game under way: finished, it makes half
        facts["half"] = half | {"case": case}
    detail = f"{entry.pk}:{how}"
    # Not the one who did it, nor the leaver (an organiser who plays has an entrant's mail of it).
    told = [organiser for organiser in _organisers(tournament, but=actor) if organiser.pk != entry.user_id]
    _tell(tournament, told, "left", detail, facts)


def decision_awaited(tournament, round_number: int, tables: list) -> None:
    """A knock-out waits for the organisers' decision on `tables` (`tournaments.models.Table`,
    nobody played them) of round `round_number`; once a round."""
    from django.conf import settings
    from django.urls import reverse

    shown = [
        {
            "number": table.number,
            # The table's form on the event's page (its form posts to the adjudicate address).
            "url": settings.SITE_URL
            + reverse("tournaments:detail", args=[tournament.pk])
            + f"#adjudicate-{table.game_id}",
        }
        for table in tables
    ]
    facts = {"round": round_number, "tables": shown}
    # Only organisers who do not play may decide (`running.check_not_playing`): only they are asked.
    playing = set(tournament.entries.values_list("user_id", flat=True))
    asked = [organiser for organiser in _organisers(tournament) if organiser.pk not in playing]
    staff = not asked
    if staff:  # every organiser plays: else nobody is asked, and the event stands still for good
        from django.contrib.auth import get_user_model

        found = get_user_model().objects.filter(is_staff=True, is_active=True).exclude(pk__in=playing)
        asked = list(found.select_related("profile").order_by("pk"))
        if not asked:  # no staff outside the event: nobody can decide, which the site's log must say
            log.error(
                "tournament %s waits for a decision nobody may make: every organiser and staff plays", tournament.pk
            )
            return
        # The organisers are told who decides, and that it is not them.
        _tell(tournament, _organisers(tournament), "waiting", str(round_number), {**facts, "playing": True})
    _tell(tournament, asked, "waiting", str(round_number), {**facts, "staff": staff})


def table_decided(tournament, table, by, reason: str, seated: set[int], result: list[dict]) -> None:
    """`by` set the result of `table` (`tournaments.models.Table`, its round loaded) with `reason`
    and `result` ({"name", "rank"} rows, best first, rank None for a forfeit):
    the other organisers are told, who may have been asked for the same decision, but not those
    seated there (`seated`: user ids), who have the players' mail of it."""
    # Said as the players' mail says it: the places, and the reason without a second full stop.
    facts = {
        "by": by.profile.name,
        "number": table.number,
        "round": table.round.number,
        "reason": reason.strip().rstrip("."),
        "result": result,
    }
    detail = f"{table.pk}:{timezone.now().isoformat()}"  # each decision, a table may be decided again
    told = [organiser for organiser in _organisers(tournament, but=by) if organiser.pk not in seated]
    _tell(tournament, told, "decided", detail, facts)


def event_stuck(tournament, today: str) -> None:
    """The sweep could not move the event on (`tournament.problem`): each organiser reads why in
    their language; at most once a day (`today`), however often the sweep tries."""
    if tournament.status != tournament.Status.RUNNING:
        return  # an event that could not start is cancelled, and its organisers told so
    _tell(tournament, _organisers(tournament), "stuck", today, {}, problem=True)


def _organisers(tournament, but=None) -> list:
    organisers = tournament.organisers.select_related("profile").order_by("pk")
    if but is not None:
        organisers = organisers.exclude(pk=but.pk)
    return list(organisers)


def _tell(tournament, organisers: list, kind: str, detail: str, facts: dict, problem: bool = False) -> None:
    from django.conf import settings
    from django.urls import reverse

    from tournaments.reasons import problem_words

    url = settings.SITE_URL + reverse("tournaments:detail", args=[tournament.pk])
    preferences.load_opt_outs(organisers)
    for organiser in organisers:
        if not preferences.wants(organiser, EVENT):
            continue
        key = f"tournament-organiser:{kind}:{tournament.pk}:{detail}:{organiser.pk}"
        headers = game_headers(key, None, organiser.pk, EVENT)
        profile = organiser.profile
        ctx = {
            "kind": kind,
            "player": profile.name,
            "tournament": tournament.name,
            "tournament_url": url,
            "unsubscribe_url": headers["List-Unsubscribe"][1:-1],
            # The switch the named mail speaks of, and every other.
            "preferences_url": settings.SITE_URL + reverse("bymail:preferences"),
            **facts,
        }
        with translation.override(profile.language):
            if problem:
                ctx["problem"] = problem_words(tournament)
            if "tables" in facts:  # "1 and 3", in the reader's words
                ctx["numbers"] = names_list([str(table["number"]) for table in facts["tables"]])
            if "result" in facts:  # "1. Carmen, 2. Alice", as the table's log says it
                ctx["result"] = ", ".join(
                    _("%(place)s. %(name)s") % {"place": row["rank"], "name": row["name"]}
                    if row["rank"]
                    else _("%(name)s forfeits") % {"name": row["name"]}
                    for row in facts["result"]
                )
        queue_mail(key, "tournament-organiser", organiser.email, ctx, profile.language, headers)
