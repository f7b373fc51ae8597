"""A tournament's name is one line of printable text: it heads pages and mails.

A tournament named "Cup\\r\\nBcc: victim@x.example ..." must not carry the lines into the
invitation mail's text as if the site had written them.
"""

import pytest
from django.urls import reverse

from games.services.errors import ActionRejected
from tests.conftest import make_user
from tests.tournaments.organisers.test_organiser_pages import FORM
from tournaments.models import Tournament
from tournaments.services import do_create_tournament

pytestmark = pytest.mark.django_db


def test_line_breaks_and_runs_of_spaces_in_a_name_become_single_spaces():
    tournament = do_create_tournament(
        make_user("ann"), "  Cup\r\nBcc: victim@x.example\n\tX:  y ", "emu_ranchers", "single"
    )
    assert tournament.name == "Cup Bcc: victim@x.example X: y"


@pytest.mark.parametrize("name", ["Cup\u202eevil", "Cup\x07", "Cup\u200b"])
def test_a_name_with_characters_that_show_nothing_or_turn_the_text_is_refused(name):
    with pytest.raises(ActionRejected) as refused:
        do_create_tournament(make_user("ann"), name, "emu_ranchers", "single")
    assert "printable" in refused.value.message
    assert not Tournament.objects.exists()


def test_the_form_keeps_the_name_on_one_line(client):
    ann = make_user("ann")
    client.force_login(ann)
    response = client.post(reverse("tournaments:create"), {**FORM, "name": "Spring\r\nCup"})
    assert response.status_code == 302
    assert Tournament.objects.get().name == "Spring Cup"
