"""Comparing a player with themselves says "Choose another player to compare with.", not,
under it, "No rated game together yet." (templates/ratings/player.html: `{% if other %}` would
render the head-to-head block, whose empty loop says so)."""

import pytest

pytestmark = pytest.mark.django_db


def test_comparing_with_oneself_says_only_to_choose_another(client, people):
    page = client.get("/ratings/players/alice/?vs=alice").content.decode()
    assert "Choose another player to compare with." in page
    assert "No rated game together yet." not in page
