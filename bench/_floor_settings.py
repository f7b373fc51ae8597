"""Settings for the server of `bench play_http`: the site's own, plus the floor view's URL."""

from wildcards_site.settings import *  # noqa: F403

ROOT_URLCONF = "bench._floor_urls"
