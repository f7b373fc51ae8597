"""The ASGI entry point: the server of the event streams (docs/operators.md).

Its sync code runs in a thread per request that ends with the request, so a connection kept
open for reuse would be left behind: the database connections here close after each use.
"""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "wildcards_site.settings")
os.environ.setdefault("DB_CONN_MAX_AGE", "0")
django_application = get_asgi_application()

from wildcards_site.lean_asgi import with_lean_views  # noqa: E402 - needs the settings configured

application = with_lean_views(django_application)
