"""The organisers' pages beyond the tournament page's buttons: the settings until the start,
adjudicating a table, and the invitee's side of an invitation. Views call services only."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games.services.errors import ActionRejected
from tournaments import services
from tournaments.models import Table, Tournament, TournamentInvitation
from tournaments.pages.forms import TournamentForm, initial_of
from tournaments.services.running import plays_in_event

FORFEIT = "forfeit"


def is_organiser(tournament: Tournament, user) -> bool:
    return user.is_authenticated and (user.is_staff or tournament.organisers.filter(pk=user.pk).exists())


@login_required
def edit(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    if not is_organiser(tournament, request.user):
        raise Http404
    if tournament.status != Tournament.Status.REGISTRATION:
        messages.error(request, _("The tournament has started: its settings and entrants are fixed."))
        return redirect("tournaments:detail", tournament_id)
    form = TournamentForm(request.POST or None, initial=initial_of(tournament), tournament=tournament)
    if request.method == "POST" and form.is_valid():
        try:
            services.do_update_tournament(tournament_id, request.user, **form.all_settings())
        except ActionRejected as error:
            form.add_error(None, error.message)
        else:
            messages.success(request, _("The settings are saved."))
            return redirect("tournaments:detail", tournament_id)
    others = tournament.entries.exclude(user=request.user).count()
    context = {"form": form, "tournament": tournament, "others": others}
    context["plays"] = bool(others) and plays_in_event(tournament, request.user)
    return render(request, "tournaments/edit.html", context)


def invitation(request: HttpRequest, token: str) -> HttpResponse:
    """The mail's link: newcomers sign up (or log in) and come back here to accept."""
    invite = get_object_or_404(
        TournamentInvitation.objects.select_related("tournament", "invited_by__profile"), token=token
    )
    here = reverse("tournaments:invitation", args=[token])
    return render(request, "tournaments/invitation.html", {"invite": invite, "login_next": here})


@login_required
@require_POST
def accept(request: HttpRequest, token: str) -> HttpResponse:
    invite = get_object_or_404(TournamentInvitation, token=token)
    try:
        services.do_accept_tournament_invitation(token, request.user)
    except ActionRejected as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("You are in."))
    return redirect("tournaments:detail", invite.tournament_id)


@login_required
@require_POST
def adjudicate(request: HttpRequest, tournament_id: int, game_id: int) -> HttpResponse:
    """The form under each table of the current round: a place or "forfeit" per player, and a reason."""
    table = get_object_or_404(Table, game_id=game_id, round__tournament_id=tournament_id)
    ranks = {}
    for key, value in request.POST.items():
        if key.startswith("rank-"):
            ranks[key.removeprefix("rank-")] = None if value == FORFEIT else value
    try:
        services.do_adjudicate_table(
            table.pk, request.user, ranks, request.POST.get("reason", ""), drawn=request.POST.get("drawn")
        )
    except ActionRejected as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("The table's result is set; its players are told."))
    return redirect(reverse("tournaments:detail", args=[tournament_id]) + "#organiser")
