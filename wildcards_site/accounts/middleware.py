from django.utils import timezone, translation

from wildcards_site.accounts.models import Profile
from wildcards_site.accounts.time_zones import zone_named


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
        # Overrides, not activations: the language and zone end with the request, so a
        # thread (a test, a worker) serving someone else next does not inherit them.
        request.LANGUAGE_CODE = profile.language
        with translation.override(profile.language), timezone.override(zone_named(profile.time_zone)):
            response = self.get_response(request)
        response.headers.setdefault("Content-Language", profile.language)
        return response
