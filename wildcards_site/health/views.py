from django.http import JsonResponse
from django.views.decorators.cache import never_cache

from wildcards_site.health.status import report


@never_cache
def health(request):
    status = report()
    return JsonResponse(status, status=200 if status["ok"] else 503)
