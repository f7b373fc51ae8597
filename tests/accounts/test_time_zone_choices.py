"""The settings' time-zone list is grouped by region and names each zone by its place ("Rome",
under "Europe"), not ~600 raw identifiers from "Africa/Abidjan" to "Zulu" with the legacy aliases
among them (a Roman player would scroll past "Etc/GMT-1" and "Europe/Rome"
alike, in one list as long as a phone's screen fifteen times)."""

import re

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


def _select(page: str) -> str:
    return page.split('name="time_zone"', 1)[1].split("</select>", 1)[0]


def test_zones_are_grouped_by_region_and_named_by_place(client, alice):
    client.force_login(alice)
    field = _select(client.get(reverse("accounts:profile")).content.decode())
    assert '<optgroup label="Europe">' in field and '<optgroup label="America">' in field
    assert re.search(r'<option value="Europe/Rome"[^>]*>Rome</option>', field)
    assert re.search(r'<option value="America/Argentina/Buenos_Aires"[^>]*>Argentina / Buenos Aires</option>', field)
    assert 'value="UTC"' in field
    # Legacy aliases and fixed offsets are not offered to new choosers.
    for alias in ("US/Eastern", "Etc/GMT-1", "Zulu", "Europe/Rome "):
        assert f'value="{alias}"' not in field


def test_region_names_read_in_the_players_language(client, alice):
    alice.profile.language = "it"
    alice.profile.save()
    client.force_login(alice)
    field = _select(client.get(reverse("accounts:profile")).content.decode())
    assert '<optgroup label="Europa">' in field and '<optgroup label="Europe">' not in field


def test_a_legacy_zone_saved_before_stays_selected_and_can_be_kept(client, alice):
    alice.profile.time_zone = "US/Eastern"
    alice.profile.save()
    client.force_login(alice)
    field = _select(client.get(reverse("accounts:profile")).content.decode())
    assert re.search(r'<option value="US/Eastern"[^>]*selected', field)
    response = client.post(
        reverse("accounts:profile"), {"display_name": "Alice", "language": "en", "time_zone": "US/Eastern"}
    )
    assert response.status_code == 302


def test_a_chosen_zone_is_saved_and_a_made_up_one_refused(client, alice):
    client.force_login(alice)
    data = {"display_name": "Alice", "language": "en", "time_zone": "Asia/Tokyo"}
    assert client.post(reverse("accounts:profile"), data).status_code == 302
    alice.profile.refresh_from_db()
    assert alice.profile.time_zone == "Asia/Tokyo"
    page = client.post(reverse("accounts:profile"), data | {"time_zone": "Etc/GMT-1"}).content.decode()
    assert "Select a valid choice" in page
    alice.profile.refresh_from_db()
    assert alice.profile.time_zone == "Asia/Tokyo"
