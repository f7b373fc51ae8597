from django.urls import path

from tournaments.pages import views_ratings as views

app_name = "ratings"
urlpatterns = [
    path("", views.leaderboards_index, name="index"),
    path("players/<str:username>/", views.player, name="player"),
    path("<str:pool>/", views.leaderboard, name="leaderboard"),
]
