"""The site's URLs plus the floor view of `bench play_http` (used only by that benchmark's server).

The floor is the smallest action-shaped request this stack can serve: a
signed-in POST through every middleware (session, CSRF, profile,
messages) that locks one game row, bumps its version and redirects, as
the real action view does, but with no engine, log, deadline or mail.
"""

from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.db.models import F
from django.shortcuts import redirect
from django.urls import include, path
from django.views.decorators.http import require_POST

from games.models import Game


@login_required
@require_POST
def floor(request, game_id: int):
    with transaction.atomic():
        Game.objects.select_for_update().only("pk").get(pk=game_id)
        Game.objects.filter(pk=game_id).update(version=F("version") + 1)
    return redirect("games:table", game_id=game_id)


urlpatterns = [path("bench/floor/<int:game_id>/", floor), path("", include("wildcards_site.urls"))]
