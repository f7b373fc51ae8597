from django.urls import path

import games.converters  # noqa: F401 - registers the <id:…> converter
from games.api import views, views_ahead, views_lobby, views_me, views_stream, views_table

app_name = "api"

urlpatterns = [
    path("openapi.json", views.openapi, name="openapi"),
    path("me", views.me, name="me"),
    path("me/mail-preferences", views_me.mail_preferences, name="mail_preferences"),
    path("me/vacations", views_me.my_vacations, name="vacations"),
    path("stream/events", views_stream.account_events, name="account_events"),
    path("games", views_lobby.games, name="games"),
    path("games/open", views_lobby.open_games, name="open_games"),
    path("games/<id:game_id>", views.game_detail, name="game"),
    path("games/<id:game_id>/legal-actions", views.legal_actions, name="legal_actions"),
    path("games/<id:game_id>/actions", views.submit_action, name="actions"),
    path("games/<id:game_id>/answers-ahead", views_ahead.answers, name="answers_ahead"),
    path("games/<id:game_id>/join", views_lobby.join, name="join"),
    path("games/<id:game_id>/leave", views_lobby.leave, name="leave"),
    path("games/<id:game_id>/invitations", views_lobby.invite, name="invite"),
    path("games/<id:game_id>/resign", views_table.resign, name="resign"),
    path("games/<id:game_id>/talk", views_table.talk, name="talk"),
    path("games/<id:game_id>/stream", views_stream.game_events, name="game_events"),
    path("games/<id:game_id>/replay", views.replay, name="replay"),
    path("games/<id:game_id>/export", views.export, name="export"),
    path("invitations", views_lobby.invitations, name="invitations"),
    path("invitations/<id:invitation_id>/accept", views_lobby.accept_invitation, name="accept_invitation"),
    path("invitations/<id:invitation_id>/decline", views_lobby.decline_invitation, name="decline_invitation"),
    path(
        "seat-offers/<id:offer_id>/accept",
        views_lobby.answer_seat_offer,
        {"answer": "accept"},
        name="accept_seat_offer",
    ),
    path(
        "seat-offers/<id:offer_id>/decline",
        views_lobby.answer_seat_offer,
        {"answer": "decline"},
        name="decline_seat_offer",
    ),
    path("history", views.history_list, name="history"),
]
