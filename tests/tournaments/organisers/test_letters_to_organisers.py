"""An entrant writes to the tournament's organisers from its page.

The site's mails tell a withdrawn no-show, a dropped or disqualified player "write to the
organisers", and the organisers' own messages say a reply does not reach them: this is the way
to. Each organiser gets the letter by mail, with the entrant's
address to answer to, as the form tells the entrant.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.bymail import preferences
from games.services.errors import ActionRejected
from tests.conftest import make_user
from tests.tournaments.helpers import make_players
from tournaments.models import EntrantLetter
from tournaments.services import do_add_organiser, do_create_tournament, do_register
from tournaments.services.letters import do_write_to_organisers
from wildcards_site.outbox.models import OutboxMessage

pytestmark = pytest.mark.django_db


@pytest.fixture
def cup():
    organiser = make_user("olga", display_name="Olga", language="it")
    tournament = do_create_tournament(organiser, "Autumn Cup", "cubirds", "swiss", rounds=3)
    return tournament


def _entrant(cup, name="ann"):
    user = make_user(name, display_name=name.title())
    do_register(cup.pk, user)
    return user


def _letters(cup) -> list[OutboxMessage]:
    return list(OutboxMessage.objects.filter(key__startswith="tournament-letter:").order_by("to"))


def test_an_entrant_s_letter_goes_to_every_organiser_with_the_entrant_s_address_to_answer_to(cup):
    second = make_user("piet", display_name="Piet", language="nl")
    do_add_organiser(cup.pk, cup.created_by, second)
    ann = _entrant(cup)
    do_write_to_organisers(cup.pk, ann, "  I missed round 1: my mail went to spam. Can I come back?  ")
    letter = EntrantLetter.objects.get()
    assert (letter.author, letter.text) == (ann, "I missed round 1: my mail went to spam. Can I come back?")
    mails = _letters(cup)
    assert [m.to for m in mails] == ["olga@example.org", "piet@example.org"]
    for mail in mails:
        assert mail.headers["Reply-To"] == "ann@example.org"
        assert "I missed round 1: my mail went to spam. Can I come back?" in mail.text
        assert "Autumn Cup" in mail.subject and "Ann" in mail.subject
    assert "scrive" in mails[0].text and "ann@example.org" in mails[0].text  # Olga reads Italian
    assert "schrijft" in mails[1].text


def test_only_an_entrant_may_write_and_a_refused_letter_changes_nothing(cup):
    stranger = make_user("sam")
    with pytest.raises(ActionRejected) as refused:
        do_write_to_organisers(cup.pk, stranger, "Let me in")
    assert refused.value.code == "not_registered"
    ann = _entrant(cup)
    for text, code in (("   ", "bad_message"), ("x" * 2001, "bad_message")):
        with pytest.raises(ActionRejected) as refused:
            do_write_to_organisers(cup.pk, ann, text)
        assert refused.value.code == code
    assert not EntrantLetter.objects.exists() and not _letters(cup)


def test_an_entrant_writes_so_many_letters_a_day_and_no_more(cup, settings):
    settings.TOURNAMENT_LETTERS_PER_DAY = 2
    ann = _entrant(cup)
    do_write_to_organisers(cup.pk, ann, "One")
    do_write_to_organisers(cup.pk, ann, "Two")
    with pytest.raises(ActionRejected) as refused:
        do_write_to_organisers(cup.pk, ann, "Three")
    assert refused.value.code == "too_many" and "2 letters a day" in refused.value.message
    assert EntrantLetter.objects.count() == 2
    do_write_to_organisers(cup.pk, _entrant(cup, "ben"), "Mine")  # the limit is each entrant's own


def test_an_organiser_who_plays_is_not_mailed_their_own_letter(cup):
    do_register(cup.pk, cup.created_by)
    with pytest.raises(ActionRejected) as refused:
        do_write_to_organisers(cup.pk, cup.created_by, "To myself")
    assert refused.value.code == "no_organisers"


def test_letters_reach_only_organisers_who_take_them(cup, client):
    preferences.do_unsubscribe(cup.created_by, "tournament-letter")
    ann = _entrant(cup)
    with pytest.raises(ActionRejected) as refused:
        do_write_to_organisers(cup.pk, ann, "Hello?")
    assert refused.value.code == "no_organisers"
    assert not EntrantLetter.objects.exists()
    # Nor does the page offer a letter nobody would get.
    client.force_login(ann)
    assert 'id="write-to-organisers"' not in client.get(reverse("tournaments:detail", args=[cup.pk])).content.decode()


def test_the_page_offers_entrants_the_form_and_says_where_answers_go(client, cup):
    ann = _entrant(cup)
    client.force_login(ann)
    page = client.get(reverse("tournaments:detail", args=[cup.pk])).content.decode()
    card = page.split('id="write-to-organisers"', 1)[1].split("</section>", 1)[0]
    assert "The organisers get your mail address with it, to answer you." in card
    response = client.post(reverse("tournaments:write", args=[cup.pk]), {"text": "Hello from the page"}, follow=True)
    assert "Your letter went to the organisers." in response.content.decode()
    assert EntrantLetter.objects.get().text == "Hello from the page"


def test_a_refused_letter_comes_back_in_its_box(client, cup):
    ann = _entrant(cup)
    client.force_login(ann)
    response = client.post(reverse("tournaments:write", args=[cup.pk]), {"text": "y" * 2100}, follow=True)
    page = response.content.decode()
    assert "at most 2000 characters" in page.replace("\u202f", "").replace(",", "")
    assert "y" * 2100 in page


def test_visitors_and_players_who_did_not_enter_get_no_form(client, cup):
    page = client.get(reverse("tournaments:detail", args=[cup.pk])).content.decode()
    assert 'id="write-to-organisers"' not in page
    client.force_login(make_players(1, "x")[0])
    page = client.get(reverse("tournaments:detail", args=[cup.pk])).content.decode()
    assert 'id="write-to-organisers"' not in page
