"""Staff moderate table talk from the admin: they find a line and delete it, and cannot write one."""

import pytest
from django.urls import reverse

from games.models import TableMessage
from games.services import do_say
from tests.conftest import make_user
from tests.games.conftest import start_game

pytestmark = pytest.mark.django_db


def test_staff_find_and_delete_a_line_and_cannot_add_or_edit_one(client, players):
    game = start_game(players)
    said = do_say(game.pk, players[0], "something rude")
    admin_user = make_user("moderator", staff=True)
    admin_user.is_superuser = True
    admin_user.save()
    client.force_login(admin_user)
    listing = client.get(reverse("admin:games_tablemessage_changelist"), {"q": "rude"}).content.decode()
    assert "something rude" in listing
    assert client.get(reverse("admin:games_tablemessage_add")).status_code == 403
    client.post(reverse("admin:games_tablemessage_change", args=[said.pk]), {"text": "edited"})
    assert TableMessage.objects.get(pk=said.pk).text == "something rude"
    client.post(reverse("admin:games_tablemessage_delete", args=[said.pk]), {"post": "yes"})
    assert not TableMessage.objects.exists()
