"""Pages reached from mail: signed action links, unsubscribe, and the mail preferences with vacations.

A link only acts on POST: mail scanners fetch every link, so GET shows a
confirmation page and changes nothing.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt

from games.bymail import mail_context, preferences, vacations
from games.bymail.forms import PreferencesForm, VacationForm
from games.bymail.tokens import BadToken, read_action_link, read_unsubscribe
from games.models import Action, Game, Vacation
from games.presenters import action_label
from games.services import ActionRejected
from games.services.mail_reply import check_wait, do_mail_moves, link_was_used


def _problem(request: HttpRequest, title: str, message: str, game: Game | None = None, status: int = 400):
    return render(
        request, "bymail/link_problem.html", {"title": title, "message": message, "game": game}, status=status
    )


def action_link(request: HttpRequest, token: str) -> HttpResponse:
    try:
        link = read_action_link(token)
    except BadToken:
        return _problem(request, _("This link is not valid"), _("It was changed or made up. Nothing was changed."))
    game = Game.objects.filter(pk=link.wait.game_id).first()
    user = get_user_model().objects.filter(pk=link.user_id).select_related("profile").first()
    if game is None or user is None:
        return _problem(request, _("This link is not valid"), _("Its game no longer exists. Nothing was changed."))
    translation.activate(user.profile.language)
    request.LANGUAGE_CODE = user.profile.language
    label = action_label(link.action, game.engine)
    now = timezone.now()
    if link_was_used(link.wait, link.action):
        return _problem(
            request, _("This link was used already"), _("Your move “%(move)s” was made.") % {"move": label}, game, 200
        )
    try:
        check_wait(game, link.wait, now, user)  # the wait's deadline as it stands now, extensions included
    except ActionRejected as rejected:
        if rejected.code == "expired":
            return _problem(
                request, _("This link has expired"), _("Its deadline has passed; nothing was changed."), game, 410
            )
        return _problem(request, _("This link no longer works"), rejected.message, game, 409)
    if request.method != "POST":
        # The link plays for the player it was mailed to, whoever holds it: say whose seat it is,
        # and warn a visitor signed in as someone else.
        other = request.user if request.user.is_authenticated and request.user.pk != user.pk else None
        context = {
            "game": game,
            "label": label,
            "name": mail_context.game_name(game),
            "player": user,
            "signed_in": other,
        }
        return render(request, "bymail/link_confirm.html", context)
    try:
        moves = do_mail_moves(link.wait, user, [link.action], Action.Channel.EMAIL_LINK, now)
    except ActionRejected as rejected:
        return _problem(request, _("Your move was not made"), rejected.message, game, 409)
    seat = game.seats.select_related("user__profile").get(position=link.wait.seat)
    follow = mail_context.turn_context(moves.game, seat, moves.still_waiting) if moves.still_waiting else {}
    return render(
        request, "bymail/link_done.html", {"game": game, "label": label, "name": mail_context.game_name(game), **follow}
    )


@csrf_exempt  # RFC 8058 one-click: mail providers POST "List-Unsubscribe=One-Click" without a form
def unsubscribe(request: HttpRequest, token: str) -> HttpResponse:
    try:
        user_id, event = read_unsubscribe(token)
        user = get_user_model().objects.get(pk=user_id)
    except (BadToken, get_user_model().DoesNotExist):
        return _problem(request, _("This link is not valid"), _("It was changed or made up. Nothing was changed."))
    # In the language of the mail it came in, as a move's link is (whoever's browser opens it).
    translation.activate(user.profile.language)
    request.LANGUAGE_CODE = user.profile.language
    label = preferences.EVENTS.get(event, _("the daily digest"))
    if request.method == "POST":
        preferences.do_unsubscribe(user, event)
        return render(request, "bymail/unsubscribed.html", {"label": label})
    return render(request, "bymail/unsubscribe_confirm.html", {"label": label})


@login_required
def preferences_page(request: HttpRequest) -> HttpResponse:
    user = request.user
    initial = {f"event_{event}": on for event, on in preferences.current(user).items()}
    initial["digest"] = user.profile.email_digest
    form = PreferencesForm(request.POST or None, initial=initial)
    vacation_form = VacationForm(prefix="vacation")
    if request.method == "POST" and form.is_valid():
        preferences.do_set_preferences(user, form.choices(), digest=form.cleaned_data["digest"])
        messages.success(request, _("Your mail preferences were saved."))
        return redirect("bymail:preferences")
    return render(request, "bymail/preferences.html", _page_context(user, form, vacation_form))


@login_required
def book_vacation(request: HttpRequest) -> HttpResponse:
    user = request.user
    form = VacationForm(request.POST or None, prefix="vacation")
    if request.method == "POST" and form.is_valid():
        try:
            vacations.do_book_vacation(user, form.cleaned_data["first_day"], form.cleaned_data["days"])
        except vacations.VacationRefused as refused:
            form.add_error(None, str(refused))
        else:
            messages.success(request, _("Your vacation is booked; your deadlines wait for you."))
            return redirect("bymail:preferences")
    initial = {f"event_{event}": on for event, on in preferences.current(user).items()}
    prefs = PreferencesForm(initial=initial | {"digest": user.profile.email_digest})
    return render(request, "bymail/preferences.html", _page_context(user, prefs, form), status=400)


@login_required
def cancel_vacation(request: HttpRequest, vacation_id: int) -> HttpResponse:
    if request.method == "POST" and vacations.do_cancel_vacation(request.user, vacation_id):
        messages.success(request, _("The vacation was cancelled."))
    elif request.method == "POST":
        messages.error(request, _("Only a vacation that has not started can be cancelled."))
    return redirect("bymail:preferences")


def _page_context(user, form, vacation_form) -> dict:
    year = vacations.local_today(user).year
    return {
        "form": form,
        "vacation_form": vacation_form,
        "vacations": Vacation.objects.filter(user=user, ends_at__gt=timezone.now()),
        "allowance": vacations.allowance(),
        "used": vacations.days_used(user, year),
        "year": year,
    }
