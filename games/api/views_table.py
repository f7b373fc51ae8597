"""At a running game's table, through the API: resigning, and the table's talk.

The same services as the table's page (games/play/views.py, views_organiser.py).
"""

from __future__ import annotations

from django.http import HttpRequest, JsonResponse
from django.utils.translation import gettext as _

from games import table_talk
from games.api import views
from games.api.auth import endpoint
from games.api.errors import malformed
from games.api.views_lobby import json_body
from games.models import TableMessage
from games.services import do_resign, do_say


@endpoint("POST")
def resign(request: HttpRequest, token, game_id: int) -> dict:
    """Leave a running game: a bot plays on, and the player ranks below everyone who stayed."""
    views.visible_game(token, game_id)
    game = do_resign(game_id, token.user)
    game.refresh_from_db()
    return views.detail(game, token)


@endpoint("GET", "POST")
def talk(request: HttpRequest, token, game_id: int) -> dict | JsonResponse:
    """GET: the table's latest lines, oldest first, as the table shows them. POST {"text"}: say one."""
    game = views.visible_game(token, game_id)
    if request.method == "GET":
        return {"game": game.pk, "messages": [_line(message) for message in table_talk.latest(game)]}
    text = json_body(request, {"text"}).get("text")
    if not isinstance(text, str):
        raise malformed(_("“text” must be what you say, as text."))
    message = do_say(game_id, token.user, text)
    message = TableMessage.objects.select_related("user__profile").get(pk=message.pk)
    return JsonResponse(_line(message), status=201)


def _line(message: TableMessage) -> dict:
    return {"id": message.pk, "name": message.user.profile.name, "text": message.text, "at": message.created_at}
