import zoneinfo

from django.utils import timezone, translation

from wildcards_site.accounts.models import Profile


class ProfilePreferencesMiddleware:
    """Speak the signed-in player's language and show times in their time zone."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        profile = None
        if request.user.is_authenticated:
            profile = Profile.objects.filter(user=request.user).only("language", "time_zone").first()
        if profile is None:
            timezone.deactivate()
            return self.get_response(request)
        translation.activate(profile.language)
        request.LANGUAGE_CODE = profile.language
        try:
            timezone.activate(zoneinfo.ZoneInfo(profile.time_zone))
        except (zoneinfo.ZoneInfoNotFoundError, ValueError):
            timezone.deactivate()
        return self.get_response(request)
