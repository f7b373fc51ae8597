from django.urls import path

import games.converters  # noqa: F401 - registers the <id:…> converter
from tournaments.api import views as api

app_name = "tournaments_api"
urlpatterns = [
    path("ratings/<str:pool>", api.leaderboard, name="leaderboard"),
    path("players/<str:username>/ratings", api.player_ratings, name="player_ratings"),
    path("players/<str:username>/ratings/<str:pool>", api.rating_history, name="rating_history"),
    path("tournaments", api.tournaments, name="tournaments"),
    path("tournaments/<id:tournament_id>", api.tournament, name="tournament"),
    path("tournaments/invitations", api.invitations, name="invitations"),
    path("tournaments/invitations/<id:invitation_id>/accept", api.accept_invitation, name="accept_invitation"),
    path("tournaments/<id:tournament_id>/register", api.register, name="register"),
    path("tournaments/<id:tournament_id>/leave", api.leave, name="leave"),
]
