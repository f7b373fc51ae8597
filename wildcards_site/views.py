from django.db.models import F
from django.shortcuts import render

from games.models import Deadline, Game


def home(request):
    if not request.user.is_authenticated:
        return render(request, "home.html")
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
    waiting_ids = [deadline.game_id for deadline in waiting]
    others = (
        Game.objects.filter(seats__user=request.user)
        .exclude(status=Game.Status.CANCELLED)
        .exclude(pk__in=waiting_ids)
        .order_by("-created_at")[:30]
    )
    return render(request, "home.html", {"waiting": waiting, "others": others})
