from django.urls import path

import games.converters  # noqa: F401 - registers the <id:…> converter
from tournaments.pages import views_organisers
from tournaments.pages import views_tournaments as views

app_name = "tournaments"

urlpatterns = [
    path("", views.tournament_list, name="list"),
    path("new/", views.create, name="create"),
    path("<id:tournament_id>/", views.detail, name="detail"),
    path("<id:tournament_id>/standings.csv", views.standings_csv, name="standings_csv"),
    path("<id:tournament_id>/register/", views.register, name="register"),
    path("<id:tournament_id>/leave/", views.leave, name="leave"),
    path("<id:tournament_id>/drop/", views.drop, name="drop"),
    path("<id:tournament_id>/write/", views.write, name="write"),
    path("<id:tournament_id>/organise/<str:action>/", views.organise, name="organise"),
    path("<id:tournament_id>/settings/", views_organisers.edit, name="edit"),
    path("<id:tournament_id>/tables/<id:game_id>/adjudicate/", views_organisers.adjudicate, name="adjudicate"),
    path("invitations/<str:token>/", views_organisers.invitation, name="invitation"),
    path("invitations/<str:token>/accept/", views_organisers.accept, name="accept"),
    path("players/<str:username>/", views.player_tournaments, name="player"),
    path("api/", views.api_list, name="api_list"),
    path("api/<id:tournament_id>/", views.api_detail, name="api_detail"),
]
