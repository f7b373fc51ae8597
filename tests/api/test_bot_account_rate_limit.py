"""A bot account has its own, larger rate limit, and /me reports the one that applies."""

import pytest

from tests.api.conftest import api_for
from tests.conftest import make_user
from wildcards_site.accounts.bot_accounts import do_become_bot_account

pytestmark = pytest.mark.django_db


@pytest.fixture
def limits(settings, still_ratelimit_clock):
    settings.API_RATE_LIMIT = 3
    settings.API_BOT_RATE_LIMIT = 6
    settings.API_RATE_WINDOW_SECONDS = 60


def test_it_gives_a_bot_account_the_larger_limit(limits):
    robo = make_user("robo")
    do_become_bot_account(robo)
    api = api_for(robo)
    answers = [api.get("/me") for _ in range(7)]
    assert [answer.status_code for answer in answers] == [200] * 6 + [429]
    me = answers[0].json()
    assert me["bot_account"] is True and me["rate_limit"]["requests"] == 6


def test_it_gives_a_person_the_smaller_limit(limits, alice):
    api = api_for(alice)
    answers = [api.get("/me") for _ in range(4)]
    assert [answer.status_code for answer in answers] == [200] * 3 + [429]
    me = answers[0].json()
    assert me["bot_account"] is False and me["rate_limit"]["requests"] == 3


def test_the_default_bot_limit_fits_several_games_and_their_streams(settings):
    from games.api.auth import rate_limit

    del settings.API_BOT_RATE_LIMIT, settings.API_RATE_LIMIT  # the defaults
    robo = make_user("robo")
    do_become_bot_account(robo)
    limit, window = rate_limit(robo)
    # Ten games at a move a second each, beside its streams' reconnections.
    assert limit / window.total_seconds() >= 10
    assert rate_limit(None)[0] < limit
