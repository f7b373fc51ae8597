from django.db.models import F
from django.http import JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.defaults import page_not_found
from django.views.defaults import server_error as default_server_error

from games.lobby.pending import pending_invitations
from games.models import Deadline, Game, with_decided
from games.sections import game_links
from tournaments.pages.organised import organised_by
from wildcards_site.accounts.views import FIRST_VISIT


def _top_tens() -> list[tuple[str, str, list]]:
    from tournaments.ratings.leaderboards import top
    from tournaments.ratings.pools import POOLS, pool_title

    return [(pool, pool_title(pool), top(pool, 10)) for pool in POOLS]


LIVE = (Game.Status.OPEN, Game.Status.RUNNING, Game.Status.PAUSED)
LIVE_SHOWN = 100  # a bound for the page, far above what anyone plays at once
FINISHED_SHOWN = 10


def home(request):
    if not request.user.is_authenticated:
        return render(request, "home.html", {"top_tens": _top_tens()})
    # One filter() call: the seat's user and position come from the same seat row.
    waiting = (
        Deadline.objects.filter(
            closed_at__isnull=True,
            game__status=Game.Status.RUNNING,
            game__seats__user=request.user,
            seat=F("game__seats__position"),
        )
        .select_related("game")
        .order_by("closes_at")
    )
    waiting = list(waiting)
    waiting_ids = [deadline.game_id for deadline in waiting]
    mine = Game.objects.filter(seats__user=request.user).exclude(pk__in=waiting_ids)
    # Games under way first, every one (a player has a few); then the last ten to finish, with
    # the way to all of them: ordered by creation, finished tables pushed games under way off.
    others = list(mine.filter(status__in=LIVE).order_by("-created_at")[:LIVE_SHOWN])
    ended = mine.filter(status__in=(Game.Status.FINISHED, Game.Status.ABANDONED))
    finished = list(with_decided(ended).order_by("-finished_at", "-pk")[:FINISHED_SHOWN])
    # Tournament tables say which tournament, round and table they are.
    shown = [deadline.game for deadline in waiting] + others + finished
    links = game_links(shown)
    for game in shown:
        game.links = links.get(game.pk, [])
    context = {
        # "Welcome back", except during a new account's first visit (the session its confirmation opened).
        "returning": not request.session.get(FIRST_VISIT),
        "invitations": pending_invitations(request.user),
        "waiting": waiting,
        "others": others,
        "finished": finished,
        "organised": organised_by(request.user),
        "top_tens": _top_tens(),
    }
    return render(request, "home.html", context)


def _api(request) -> bool:
    return request.path.startswith("/api/")


def not_found(request, exception=None):
    """404: JSON in the API's error format under /api/, the site's page elsewhere."""
    if _api(request):
        message = _("There is nothing at this address of the API.")
        return JsonResponse({"error": {"code": "not_found", "message": str(message)}}, status=404)
    return page_not_found(request, exception)


def server_error(request):
    if _api(request):
        message = _("Something went wrong on our side; nothing was changed. Please try again later.")
        return JsonResponse({"error": {"code": "server_error", "message": str(message)}}, status=500)
    return default_server_error(request)
