from django.urls import path

import games.converters  # noqa: F401 - registers the <id:…> converter
from games.api import views, views_ahead

app_name = "api"

urlpatterns = [
    path("openapi.json", views.openapi, name="openapi"),
    path("me", views.me, name="me"),
    path("games", views.my_games, name="games"),
    path("games/<id:game_id>", views.game_detail, name="game"),
    path("games/<id:game_id>/legal-actions", views.legal_actions, name="legal_actions"),
    path("games/<id:game_id>/actions", views.submit_action, name="actions"),
    path("games/<id:game_id>/answers-ahead", views_ahead.answers, name="answers_ahead"),
    path("games/<id:game_id>/replay", views.replay, name="replay"),
    path("games/<id:game_id>/export", views.export, name="export"),
    path("history", views.history_list, name="history"),
]
