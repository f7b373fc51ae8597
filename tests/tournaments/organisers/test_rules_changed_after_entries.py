"""The rules players entered under (the creator who plays must not make an unrated event with
two-week phases rated, with one-hour phases and a bot after one missed deadline, once rivals have
entered, and tell nobody). Once another player has entered, an organiser who plays does not
change how the event is played; another organiser may, and every entrant
is mailed to read the rules again (they may leave before the start)."""

import pytest

from games.services.errors import ActionRejected
from tests.tournaments.helpers import make_players
from tournaments.models import Tournament
from tournaments.services import do_add_organiser, do_create_tournament, do_register, do_update_tournament
from wildcards_site.outbox.models import OutboxMessage

pytestmark = pytest.mark.django_db


def unrated_cup(organiser) -> Tournament:
    return do_create_tournament(
        organiser,
        "Slow Cup",
        "wildcards",
        "swiss",
        seats_preferred=3,
        seats_min=3,
        seats_max=3,
        rounds=3,
        rated=False,
        phase_seconds=14 * 86400,
        timeouts_before_bot=10,
    )


def rules_mails() -> list[OutboxMessage]:
    return list(OutboxMessage.objects.filter(key__startswith="tournament-rules:"))


def test_an_organiser_who_plays_changes_no_rule_once_a_rival_has_entered():
    organiser = make_players(1, "org")[0]
    cup = unrated_cup(organiser)
    do_register(cup.pk, organiser)
    do_update_tournament(cup.pk, organiser, phase_seconds=7 * 86400)  # alone so far: their event
    for rival in make_players(3, "rival"):
        do_register(cup.pk, rival)
    for change in ({"rated": True}, {"phase_seconds": 3600}, {"timeouts_before_bot": 1}, {"format": "round_robin"}):
        with pytest.raises(ActionRejected) as rejected:
            do_update_tournament(cup.pk, organiser, **change)
        assert rejected.value.code == "rules_fixed"
    cup.refresh_from_db()
    assert (cup.rated, cup.phase_seconds, cup.timeouts_before_bot) == (False, 7 * 86400, 10)
    # What decides who may still enter, and the name, stay theirs to change: no entrant's game changes.
    do_update_tournament(cup.pk, organiser, name="Slow Cup 2027", capacity=12, min_rating=1400)
    assert rules_mails() == []


def test_another_organiser_may_change_the_rules_and_every_entrant_is_told():
    organiser = make_players(1, "org")[0]
    cup = unrated_cup(organiser)
    referee = make_players(1, "referee")[0]
    do_add_organiser(cup.pk, organiser, referee)
    do_register(cup.pk, organiser)
    rivals = make_players(3, "rival")
    for rival in rivals:
        do_register(cup.pk, rival)
    do_update_tournament(cup.pk, referee, rated=True, phase_seconds=86400)
    cup.refresh_from_db()
    assert cup.rated and cup.phase_seconds == 86400
    told = {mail.to for mail in rules_mails()}
    assert told == {player.email for player in [organiser, *rivals]}
    mail = next(m for m in rules_mails() if m.to == rivals[0].email)
    assert "Slow Cup" in mail.subject and f"/tournaments/{cup.pk}/" in mail.text
    # A change of name or entry conditions mails nobody.
    do_update_tournament(cup.pk, referee, name="Quick Cup", capacity=20)
    assert len(rules_mails()) == 4


def test_the_settings_page_says_what_entrants_change_for_each_organiser(client):
    from django.urls import reverse

    organiser = make_players(1, "org")[0]
    cup = unrated_cup(organiser)
    referee = make_players(1, "referee")[0]
    do_add_organiser(cup.pk, organiser, referee)
    do_register(cup.pk, organiser)
    client.force_login(organiser)
    page = client.get(reverse("tournaments:edit", args=[cup.pk])).content.decode()
    assert 'id="rules-fixed"' not in page and 'id="rules-told"' not in page  # nobody else yet
    for rival in make_players(2, "rival"):
        do_register(cup.pk, rival)
    page = client.get(reverse("tournaments:edit", args=[cup.pk])).content.decode()
    assert 'id="rules-fixed"' in page and "2 other players have entered under these rules" in page
    client.force_login(referee)
    page = client.get(reverse("tournaments:edit", args=[cup.pk])).content.decode()
    assert 'id="rules-told"' in page and "3 players have entered" in page


@pytest.mark.parametrize("plays", [True, False])
def test_a_start_stored_with_seconds_is_not_changed_by_a_form_that_shows_minutes(plays):
    # A start time with seconds (the admin's time field has them) does not count as changed when
    # the settings form sends it back to the minute, or a name-only save by an organiser who plays
    # would be refused, and another organiser's would mail every entrant that the rules changed.
    from datetime import timedelta

    from django.utils import timezone

    organiser, referee = make_players(1, "org")[0], make_players(1, "referee")[0]
    cup = do_create_tournament(
        organiser, "Timed Cup", "cubirds", "swiss", seats_preferred=2, seats_min=2, seats_max=2, rounds=3
    )
    start = timezone.now().replace(second=0, microsecond=0) + timedelta(days=3, seconds=37)
    Tournament.objects.filter(pk=cup.pk).update(starts_at=start)  # as the admin saves it
    cup.refresh_from_db()
    assert cup.starts_at.second == 37
    do_add_organiser(cup.pk, organiser, referee)
    do_register(cup.pk, organiser)
    for rival in make_players(2, "rival"):
        do_register(cup.pk, rival)
    editor = organiser if plays else referee
    shown = timezone.localtime(cup.starts_at).replace(second=0, microsecond=0)  # as the form's field has it
    do_update_tournament(cup.pk, editor, name="Timed Cup 2027", starts_at=shown)
    cup.refresh_from_db()
    assert cup.name == "Timed Cup 2027"
    assert rules_mails() == []
    # A start really moved is a change of the rules.
    if not plays:
        do_update_tournament(cup.pk, referee, starts_at=shown + timedelta(hours=1))
        assert len(rules_mails()) == 3
