from django.http import JsonResponse
from django.views.decorators.cache import never_cache

from wildcards_site.health.status import report

# What anyone may see; the database vendor, broker and worker details are for staff.
PUBLIC_KEYS = ("ok",)


@never_cache
def health(request):
    status = report()
    if not (request.user.is_authenticated and request.user.is_staff):
        status = {key: status[key] for key in PUBLIC_KEYS}
    return JsonResponse(status, status=200 if status["ok"] else 503)
