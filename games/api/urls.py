from django.urls import path

from games.api import views

app_name = "api"

urlpatterns = [
    path("openapi.json", views.openapi, name="openapi"),
    path("me", views.me, name="me"),
    path("games", views.my_games, name="games"),
    path("games/<int:game_id>", views.game_detail, name="game"),
    path("games/<int:game_id>/legal-actions", views.legal_actions, name="legal_actions"),
    path("games/<int:game_id>/actions", views.submit_action, name="actions"),
    path("games/<int:game_id>/replay", views.replay, name="replay"),
    path("games/<int:game_id>/export", views.export, name="export"),
    path("history", views.history_list, name="history"),
]
