"""Tournament pages, organiser actions and the read-only JSON answers. Views call services only."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.db.models import Case, Value, When
from django.http import Http404, HttpResponse, HttpResponseBadRequest, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.functional import Promise
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from games import registry
from games.engines import available_engines
from games.models import Game
from games.presenters.game_settings import option_words
from games.services.errors import ActionRejected
from tournaments import services
from tournaments.models import Tournament
from tournaments.pages.forms import TournamentForm
from tournaments.pages.organisers_box import organiser_choices, unplayable_tables
from tournaments.pages.presenters import tournament_data, tournament_json
from tournaments.pages.rules_words import number_words, round_robin_words, scoring_words
from tournaments.pages.standings_csv import standings_csv as csv_text
from tournaments.pages.your_table import your_table
from tournaments.reasons import cancel_reason_words, organisers_why, problem_words
from tournaments.services.letters import MAX_LETTER_CHARS, letter_readers
from tournaments.services.organising import MAX_CANCEL_WHY_CHARS, MAX_MESSAGE_CHARS
from tournaments.services.registration import registration_refusal, unpaired_latecomer
from wildcards_site import throttle

User = get_user_model()


# Tournaments a page of the list shows: anyone may organise, so the list can grow long.
LIST_PAGE_SIZE = 25
# Open for registration first, then running (or preparing, paused), then finished or cancelled;
# newest first in each.
LIST_ORDER = Case(
    When(status=Tournament.Status.REGISTRATION, then=Value(0)),
    When(status__in=[Tournament.Status.PREPARING, Tournament.Status.RUNNING, Tournament.Status.PAUSED], then=Value(1)),
    default=Value(2),
)


def tournament_list(request):
    # Cancelled events stay listed (with the finished ones): their entrants look for them.
    tournaments = Tournament.objects.all()
    engine = request.GET.get("game")
    if engine in available_engines():
        tournaments = tournaments.filter(engine=engine)
    listed = tournaments.annotate(section=LIST_ORDER).order_by("section", "-created_at", "-pk")
    # get_page clamps: junk is page 1, a number past the end (or below 1) the last page.
    page = Paginator(listed, LIST_PAGE_SIZE).get_page(request.GET.get("page"))
    rows = list(page)
    query = request.GET.copy()
    query.pop("page", None)
    return render(
        request,
        "tournaments/list.html",
        {
            "page": page,
            "query": query.urlencode(),
            "first_page": page.number == 1,
            "open": [t for t in rows if t.section == 0],
            "running": [t for t in rows if t.section == 1],
            "finished": [t for t in rows if t.section == 2],
            "engines": registry.choices(),
            "engine": engine,
        },
    )


@login_required
def create(request):
    form = TournamentForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            tournament = services.do_create_tournament(
                request.user, data["name"], data["engine"], data["format"], **form.service_fields()
            )
        except ActionRejected as error:
            form.add_error(None, error.message)
        else:
            return redirect("tournaments:detail", tournament.pk)
    return render(request, "tournaments/create.html", {"form": form})


def standings_csv(request, tournament_id: int):
    """The standings (a knock-out: its final places) as CSV, for anyone who may read the page."""
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    spec = tournament.format_spec
    text = csv_text(tournament_data(tournament), spec.knock_out, spec.tie_break_order == "sonneborn_berger")
    if text is None:
        raise Http404(_("This tournament has no standings yet."))
    # With a byte-order mark: spreadsheets then read the names' accents as UTF-8.
    response = HttpResponse("\ufeff" + text, content_type="text/csv; charset=utf-8")
    filename = f"{slugify(tournament.name) or 'tournament'}-standings.csv"
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def detail(request, tournament_id: int):
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    data = tournament_data(tournament)
    is_organiser = request.user.is_authenticated and (
        request.user.is_staff or tournament.organisers.filter(pk=request.user.pk).exists()
    )
    my_entry = next((entry for entry in data["entries"] if entry.user_id == request.user.pk), None)
    registered = my_entry is not None
    invited = request.user.is_authenticated and tournament.invited.filter(pk=request.user.pk).exists()
    over = tournament.status in (Tournament.Status.FINISHED, Tournament.Status.CANCELLED)
    # Why this visitor could not enter, said instead of a Register button that would fail.
    refusal, asked = "", None
    if request.user.is_authenticated and my_entry is None and not over:
        refusal = registration_refusal(tournament, request.user)
        # Asked in past the conditions: accepted here too, whatever the conditions say.
        asked = tournament.invitations.filter(
            user=request.user, waives_conditions=True, accepted_at__isnull=True
        ).first()
    if my_entry is not None:  # an organiser who plays decides no table (services/leaving.py)
        data["adjudicable"] = []
    return render(
        request,
        "tournaments/detail.html",
        {
            "tournament": tournament,
            "is_organiser": is_organiser,
            "registered": registered,
            "my_entry": my_entry,
            "invited": invited,
            # After the end the organisers have nothing left to do here, unless something went wrong.
            "organiser_box": is_organiser and (not over or bool(tournament.problem)),
            "invitations": tournament.invitations.select_related("user__profile") if is_organiser else [],
            "unplayable": unplayable_tables(tournament) if is_organiser else [],
            "choices": organiser_choices(tournament, request.user, data["entries"], data["last_round"], data["beaten"])
            if is_organiser
            else {},
            "message_limit": settings.TOURNAMENT_MESSAGES_PER_DAY,
            "message_chars": MAX_MESSAGE_CHARS,
            "cancel_why_chars": MAX_CANCEL_WHY_CHARS,
            # A refused message comes back to be shortened, once (see `organise`).
            "message_draft": request.session.pop(f"{MESSAGE_DRAFT}:{tournament.pk}", ""),
            "letter_draft": request.session.pop(f"{LETTER_DRAFT}:{tournament.pk}", ""),
            # The letter card only where a letter reaches someone, not refused after typing.
            "takes_letters": my_entry is not None and bool(letter_readers(tournament, request.user)),
            "unpaired_latecomer": my_entry is not None and unpaired_latecomer(tournament, request.user),
            "letter_chars": MAX_LETTER_CHARS,
            "letter_limit": settings.TOURNAMENT_LETTERS_PER_DAY,
            "your_table": your_table(tournament, request.user),
            "scoring": scoring_words(tournament),
            # The game's options, as each table says them (games/presenters/game_settings.py), at
            # any of the event's table sizes (an option may matter only at some).
            "game_options": _option_words(tournament),
            "cancel_reason": cancel_reason_words(tournament),
            "organisers_why": organisers_why(tournament),
            "cancel_draft": request.session.pop(f"{CANCEL_DRAFT}:{tournament.pk}", ""),
            "problem": problem_words(tournament) if is_organiser else "",
            "round_robin": round_robin_words(tournament, data["entries"]),
            "refusal": refusal,
            "asked": asked,
            "opens_later": bool(tournament.registration_opens_at and tournament.registration_opens_at > timezone.now()),
            "min_rating_words": "" if tournament.min_rating is None else number_words(tournament.min_rating),
            "min_reliability_words": ""
            if tournament.min_reliability is None
            else number_words(round(tournament.min_reliability * 100, 1)),
            **data,
        },
    )


def player_tournaments(request, username: str):
    user = get_object_or_404(User, username=username)
    entries = user.tournament_entries.select_related("tournament").order_by("-tournament__created_at")
    return render(request, "tournaments/player.html", {"player": user, "entries": entries})


MESSAGE_DRAFT = "tournament_message_draft"
LETTER_DRAFT = "tournament_letter_draft"
CANCEL_DRAFT = "tournament_cancel_draft"


def _act(request, tournament_id: int, action, success: str, refused=None):
    """`refused`: called on a refusal, before the page is shown again (to keep what was typed)."""
    try:
        action()
    except ActionRejected as error:
        messages.error(request, error.message)
        if refused is not None:
            refused()
    else:
        messages.success(request, success)
    return redirect("tournaments:detail", tournament_id)


@login_required
@require_POST
def register(request, tournament_id: int):
    get_object_or_404(Tournament, pk=tournament_id)
    return _act(request, tournament_id, lambda: services.do_register(tournament_id, request.user), _("You are in."))


@login_required
@require_POST
def leave(request, tournament_id: int):
    get_object_or_404(Tournament, pk=tournament_id)
    return _act(request, tournament_id, lambda: services.do_leave(tournament_id, request.user), _("You have left."))


@login_required
@require_POST
def drop(request, tournament_id: int):
    get_object_or_404(Tournament, pk=tournament_id)
    return _act(
        request, tournament_id, lambda: services.do_drop(tournament_id, request.user), _("You leave after this round.")
    )


@login_required
@require_POST
def write(request, tournament_id: int):
    """An entrant's letter to the organisers; a refused one comes back in its box."""
    get_object_or_404(Tournament, pk=tournament_id)
    text = request.POST.get("text", "")

    def keep() -> None:
        request.session[f"{LETTER_DRAFT}:{tournament_id}"] = text[: 2 * MAX_LETTER_CHARS]

    return _act(
        request,
        tournament_id,
        lambda: services.do_write_to_organisers(tournament_id, request.user, text),
        _("Your letter went to the organisers."),
        keep,
    )


# Lazy: the message is put in the organiser's language when it is shown, not at import.
ORGANISER_ACTIONS = {
    "start": (lambda t, user, other: services.do_start(t, user), gettext_lazy("The tournament has started.")),
    "pause": (
        lambda t, user, other: services.do_pause_tournament(t, user),
        gettext_lazy(
            "Paused: no new round is made until you resume. The tables under way go on, their clocks running."
        ),
    ),
    "resume": (lambda t, user, other: services.do_resume_tournament(t, user), gettext_lazy("Resumed.")),
    "drop": (
        lambda t, user, other: services.do_drop(t, user, other),
        gettext_lazy("The player leaves after this round."),
    ),
    "disqualify": (
        lambda t, user, other: services.do_disqualify(t, user, *other),
        gettext_lazy("The player is disqualified."),
    ),
    "add": (
        lambda t, user, other: services.do_add_entrant(t, user, other),
        gettext_lazy("The player is invited: they are in once they accept."),
    ),
    "remove": (
        lambda t, user, other: services.do_remove_entrant(t, user, other),
        gettext_lazy("The player is no longer in the tournament."),
    ),
    "add_organiser": (
        lambda t, user, other: services.do_add_organiser(t, user, other),
        lambda other: _("%(name)s organises this tournament too.") % {"name": other.profile.name},
    ),
    "remove_organiser": (
        lambda t, user, other: services.do_remove_organiser(t, user, other),
        lambda other: _("%(name)s no longer organises this tournament.") % {"name": other.profile.name},
    ),
    "invite": (
        lambda t, user, who: services.do_invite_to_tournament(t, user, who),
        gettext_lazy("The invitation is on its way."),
    ),
    "withdraw": (
        lambda t, user, invitation: services.do_withdraw_tournament_invitation(t, user, invitation),
        gettext_lazy("The invitation is withdrawn."),
    ),
    "message": (
        lambda t, user, text: services.do_message_entrants(t, user, text),
        gettext_lazy("Your message is on its way to every entrant."),
    ),
    "cancel": (
        lambda t, user, why: services.do_cancel_tournament(t, user, why=why),
        gettext_lazy("The tournament is cancelled."),
    ),
    "extend": (
        lambda t, user, hours: services.do_extend_round(t, user, hours),
        gettext_lazy("Every table of the round has more time."),
    ),
}


@login_required
@require_POST
def organise(request, tournament_id: int, action: str):
    get_object_or_404(Tournament, pk=tournament_id)
    if action not in ORGANISER_ACTIONS:
        raise Http404
    run, success = ORGANISER_ACTIONS[action]
    other = None
    # Both mail an invitation: one limit for the two, or "add" would mail past it.
    if action in ("invite", "add") and not throttle.allowed(request, "invite", "user", throttle.rate("invite_user")):
        return throttle.too_many(request)
    if action in ("invite", "message", "cancel"):
        other = request.POST.get({"invite": "who", "message": "text", "cancel": "why"}[action], "")
    if action in ("drop", "disqualify", "add", "remove", "add_organiser", "remove_organiser"):
        username = request.POST.get("username", "").strip()
        other = User.objects.filter(username=username).first()
        if other is None:
            # Typed by hand ("Add a player"): said on the page, where it can be typed again.
            messages.error(request, _("No player has the username “%(username)s”.") % {"username": username[:150]})
            return redirect("tournaments:detail", tournament_id)
    if action == "disqualify":
        other = (other, request.POST.get("reason", ""))
    if action == "withdraw":
        try:
            other = int(request.POST.get("invitation", ""))
        except ValueError:
            return HttpResponseBadRequest(_("No such invitation."))
    if action == "extend":
        try:
            other = int(request.POST.get("hours", ""))
        except ValueError:
            messages.error(request, _("Give the extension in whole hours."))
            return redirect("tournaments:detail", tournament_id)
    done = success(other) if callable(success) and not isinstance(success, Promise) else str(success)
    keep = None
    if action in ("message", "cancel"):  # a refused text comes back in its box, to be shortened
        draft = MESSAGE_DRAFT if action == "message" else CANCEL_DRAFT

        def keep() -> None:
            request.session[f"{draft}:{tournament_id}"] = other[: 2 * MAX_MESSAGE_CHARS]

    return _act(request, tournament_id, lambda: run(tournament_id, request.user, other), done, keep)


def api_list(request):
    return JsonResponse({"tournaments": [tournament_json(t) for t in Tournament.objects.all()[:100]]})


def api_detail(request, tournament_id: int):
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    data = tournament_data(tournament)
    return JsonResponse(
        {
            **tournament_json(tournament),
            "pairings": data["rounds"],
            "standings": data["standings"],
        }
    )


def _option_words(tournament: Tournament) -> list[str]:
    sizes = range(tournament.seats_min, tournament.seats_max + 1)
    tables = [Game(engine=tournament.engine, options=tournament.options, num_seats=size) for size in sizes]
    return list(dict.fromkeys(words for table in tables for words in option_words(table)))
