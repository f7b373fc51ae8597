from django.urls import path

from tournaments import views_organisers
from tournaments import views_tournaments as views

app_name = "tournaments"

urlpatterns = [
    path("", views.tournament_list, name="list"),
    path("new/", views.create, name="create"),
    path("<int:tournament_id>/", views.detail, name="detail"),
    path("<int:tournament_id>/register/", views.register, name="register"),
    path("<int:tournament_id>/leave/", views.leave, name="leave"),
    path("<int:tournament_id>/drop/", views.drop, name="drop"),
    path("<int:tournament_id>/write/", views.write, name="write"),
    path("<int:tournament_id>/organise/<str:action>/", views.organise, name="organise"),
    path("<int:tournament_id>/settings/", views_organisers.edit, name="edit"),
    path("<int:tournament_id>/tables/<int:game_id>/adjudicate/", views_organisers.adjudicate, name="adjudicate"),
    path("invitations/<str:token>/", views_organisers.invitation, name="invitation"),
    path("invitations/<str:token>/accept/", views_organisers.accept, name="accept"),
    path("players/<str:username>/", views.player_tournaments, name="player"),
    path("api/", views.api_list, name="api_list"),
    path("api/<int:tournament_id>/", views.api_detail, name="api_detail"),
]
