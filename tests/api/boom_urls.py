"""The site's URLs plus one API view that fails, for test_errors_are_json."""

from django.urls import path

from wildcards_site.urls import urlpatterns as site_urlpatterns


def boom(request):
    raise RuntimeError("an unexpected failure")


urlpatterns = [path("api/v1/boom", boom), *site_urlpatterns]
