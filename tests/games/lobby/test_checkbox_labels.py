"""A checkbox's label, after its box, ends without a colon, in the create form as in the
tournament form: not "Rated: the result changes the players' ratings:"."""

import re

import pytest

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("url", ["/games/new/?engine=wizard", "/tournaments/new/"])
def test_a_checkbox_label_ends_without_a_colon(client, players, url):
    client.force_login(players[0])
    page = client.get(url).content.decode()
    box_then_label = r'<input type="checkbox"[^>]*id="([^"]+)"[^>]*>\s*<label for="\1"[^>]*>(.*?)</label>'
    labels = re.findall(box_then_label, page, re.S)
    assert labels, "no checkbox on the form"
    assert [text for _id, text in labels if text.rstrip().endswith(":")] == []
    if url.startswith("/games/"):
        assert ("id_rated", "Rated: the result changes the players&#x27; ratings") in labels
    # A field whose label stands before it keeps its colon.
    assert re.search(r"<label for=\"id_clock\"[^>]*>Time control:</label>", page)
