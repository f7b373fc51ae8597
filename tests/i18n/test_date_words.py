"""Day and month names as each language writes them: Italian, Spanish and Dutch in lower case.

Not "Venerdì 27 Novembre" in an Italian mail: Django's Italian names are capitalized,
and its 3-letter months ("M") are title-cased in every language ("vie 27 Nov" in Spanish)."""

from datetime import UTC, datetime

import pytest
from django.template import Context, Template
from django.utils import translation

from wildcards_site.wording import format_date

MOMENT = datetime(2026, 11, 27, 16, 42, tzinfo=UTC)


@pytest.mark.parametrize(
    ("language", "pattern", "said"),
    [
        ("it", "l j F Y, H:i", "venerdì 27 novembre 2026, 16:42"),
        ("it", "D j M Y, H:i T", "ven 27 nov 2026, 16:42 UTC"),
        ("es", "D j M H:i", "vie 27 nov 16:42"),
        ("nl", "j M Y", "27 nov 2026"),
        ("en", "D j M Y, H:i T", "Fri 27 Nov 2026, 16:42 UTC"),
        ("en", "l j F Y", "Friday 27 November 2026"),
    ],
)
def test_day_and_month_names_follow_the_language(settings, language, pattern, said):
    settings.TIME_ZONE = "UTC"
    with translation.override(language):
        assert format_date(MOMENT, pattern) == said


def test_the_when_filter_formats_in_the_current_time_zone_like_date(settings):
    template = Template(
        '{% load wording %}{{ moment|when:"D j M H:i T" }}|{{ moment|when:"DATE_FORMAT" }}|{{ nothing|when:"j M" }}'
    )
    with translation.override("it"):
        from django.utils import timezone as tz

        with tz.override("Europe/Rome"):
            assert (
                template.render(Context({"moment": MOMENT, "nothing": None}))
                == "ven 27 nov 17:42 CET|27 novembre 2026|"
            )
