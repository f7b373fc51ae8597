from django.urls import path

import games.converters  # noqa: F401 - registers the <id:…> converter
from games.bymail import views

app_name = "bymail"

urlpatterns = [
    path("act/<str:token>/", views.action_link, name="act"),
    path("unsubscribe/<str:token>/", views.unsubscribe, name="unsubscribe"),
    path("preferences/", views.preferences_page, name="preferences"),
    path("vacation/", views.book_vacation, name="vacation"),
    path("vacation/<id:vacation_id>/cancel/", views.cancel_vacation, name="cancel_vacation"),
]
