from django.conf import settings


def site(request) -> dict:
    return {"site_name": settings.SITE_NAME, "site_url": settings.SITE_URL}
