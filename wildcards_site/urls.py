from django.contrib import admin
from django.urls import include, path, re_path
from django.views.decorators.csrf import csrf_exempt

from wildcards_site import views
from wildcards_site.health.views import health

urlpatterns = [
    path("", views.home, name="home"),
    path("accounts/", include("wildcards_site.accounts.urls")),
    path("games/", include("games.urls")),
    path("tournaments/", include("tournaments.pages.urls_tournaments")),
    path("ratings/", include("tournaments.pages.urls_ratings")),
    path("mail/", include("games.bymail.urls")),
    path("anymail/", include("anymail.urls")),
    path("api/v1/", include("games.api.urls")),
    path("api/v1/", include("tournaments.api.urls")),
    # Any other address under /api/ answers the API's JSON 404, DEBUG on or off (with DEBUG on,
    # Django's own 404 page is HTML, which a program cannot read).
    re_path(r"^api/", csrf_exempt(views.not_found)),  # a script's POST has no CSRF token either
    path("health/", health, name="health"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
]

handler404 = "wildcards_site.views.not_found"
handler500 = "wildcards_site.views.server_error"
