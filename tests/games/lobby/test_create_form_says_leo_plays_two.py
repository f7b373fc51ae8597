"""The create form says Leo always plays a 2-player Wild Cards game (the
box may stay unticked: the 2-player game is made with Leo, as the rules need, and says so)."""

import pytest
from django.urls import reverse

from tests.conftest import make_user


@pytest.mark.django_db
def test_the_leo_box_says_he_always_plays_a_two_player_game(client):
    client.force_login(make_user("ann"))
    page = client.get(reverse("games:create") + "?engine=wildcards").content.decode()
    leo = page[page.index('name="option_leo"') :].split("</div>")[0]
    assert "Always in a 2-player game (2022 edition); chosen for 3 or 4 players." in leo
