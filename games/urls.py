from django.urls import path

import games.converters  # noqa: F401 - registers the <id:…> converter
from games.api import views_tokens
from games.history import views as views_history
from games.lobby import views as views_lobby
from games.play import views, views_ahead, views_organiser
from games.rules_pages import views as views_rules

app_name = "games"

urlpatterns = [
    path("", views_lobby.lobby, name="lobby"),
    path("new/", views_lobby.create_game, name="create"),
    path("<id:game_id>/", views.table, name="table"),
    path("<id:game_id>/act/", views.act, name="act"),
    path("<id:game_id>/ahead/", views_ahead.answer_ahead, name="answer_ahead"),
    path("<id:game_id>/delegate/", views_ahead.delegate, name="delegate"),
    path("<id:game_id>/say/", views.say, name="say"),
    path("<id:game_id>/join/", views_lobby.join, name="join"),
    path("<id:game_id>/leave/", views_lobby.leave, name="leave"),
    path("<id:game_id>/rematch/", views_lobby.rematch, name="rematch"),
    path("<id:game_id>/invite/", views_lobby.invite, name="invite"),
    path(
        "<id:game_id>/invitations/<id:invitation_id>/withdraw/",
        views_lobby.withdraw_invitation,
        name="withdraw_invitation",
    ),
    path("invitation/<str:token>/", views_lobby.invitation, name="invitation"),
    path("invitations/<id:invitation_id>/decline/", views_lobby.decline_invitation, name="decline_invitation"),
    path("<id:game_id>/resign/", views_organiser.resign, name="resign"),
    path("<id:game_id>/pause/", views_organiser.pause, name="pause"),
    path("<id:game_id>/resume/", views_organiser.resume, name="resume"),
    path("<id:game_id>/extend/", views_organiser.extend, name="extend"),
    path("<id:game_id>/replace/", views_organiser.replace, name="replace"),
    path("<id:game_id>/offers/<id:offer_id>/", views_organiser.answer_offer, name="answer_offer"),
    path("history/", views_history.history_list, name="history"),
    path("rules/", views_rules.rules_index, name="rules_index"),
    path("rules/<str:engine>/", views_rules.rules_page, name="rules"),
    path("players/<str:username>/", views_history.player, name="player"),
    path("<id:game_id>/replay/", views_history.replay, name="replay"),
    path("<id:game_id>/download/", views_history.download, name="download"),
    path("<id:game_id>/replay/<id:step>/", views_history.replay, name="replay_step"),
    path("api-tokens/", views_tokens.tokens, name="api_tokens"),
    path("api-tokens/<id:token_id>/revoke/", views_tokens.revoke, name="api_token_revoke"),
]
