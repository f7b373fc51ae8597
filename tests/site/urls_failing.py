"""A URL whose view fails, for the error logging test, beside the site's own."""

from django.urls import path

from wildcards_site.urls import urlpatterns as site_urlpatterns


def failing_view(request):
    raise RuntimeError("the view failed on purpose")


urlpatterns = [path("failing/", failing_view), *site_urlpatterns]
handler404 = "wildcards_site.views.not_found"
handler500 = "wildcards_site.views.server_error"
