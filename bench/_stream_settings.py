"""Settings for the servers of `bench api_stream`: the site's own, with room for its many bots."""

from wildcards_site.settings import *  # noqa: F403

API_RATE_LIMIT = 1_000_000
API_BOT_RATE_LIMIT = 1_000_000
