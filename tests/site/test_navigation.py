"""The menu leads to tournaments and leaderboards from every page, signed in or not."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.conftest import make_user


@pytest.mark.parametrize("signed_in", [False, True])
@pytest.mark.parametrize("url", ["/", "/games/", "/games/history/", "/tournaments/", "/ratings/cubirds/"])
def test_every_page_links_to_tournaments_and_leaderboards(client, db, url, signed_in):
    if signed_in:
        client.force_login(make_user("ann"))
    page = client.get(url).content.decode()
    nav = page[page.index('<nav class="nav"') : page.index("</nav>")]
    assert f'href="{reverse("tournaments:list")}"' in nav
    assert f'href="{reverse("ratings:leaderboard", args=["wildcards"])}"' in nav
