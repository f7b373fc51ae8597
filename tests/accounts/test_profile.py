import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


def profile_data(**changes):
    data = {
        "display_name": "Alice A.",
        "language": "nl",
        "time_zone": "Europe/Amsterdam",
    }
    data.update(changes)
    return {key: value for key, value in data.items() if value != ""}


def test_it_needs_a_login(client):
    response = client.get(reverse("accounts:profile"))
    assert response.status_code == 302
    assert "/accounts/login/" in response["Location"]


def test_it_saves_name_language_and_time_zone(client, alice):
    client.force_login(alice)
    response = client.post(reverse("accounts:profile"), profile_data())
    assert response.status_code == 302
    alice.profile.refresh_from_db()
    assert alice.profile.display_name == "Alice A."
    assert alice.profile.language == "nl"
    assert alice.profile.time_zone == "Europe/Amsterdam"


def test_pages_speak_the_players_language(client, alice):
    client.force_login(alice)
    client.post(reverse("accounts:profile"), profile_data(language="it"))
    page = client.get(reverse("home"))
    assert page["Content-Language"] == "it"


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"time_zone": "Mars/Olympus"}, "time_zone"),
        ({"language": "xx"}, "language"),
        ({"display_name": "x" * 51}, "display_name"),
    ],
)
def test_it_explains_bad_profile_input_and_saves_nothing(client, alice, changes, field):
    client.force_login(alice)
    response = client.post(reverse("accounts:profile"), profile_data(**changes))
    assert response.status_code == 200
    assert response.context["form"].errors[field]
    assert "Nothing was saved" in response.content.decode()
    alice.profile.refresh_from_db()
    assert alice.profile.display_name == "Alice"
    assert alice.profile.language == "en"


def test_the_settings_page_links_mail_preferences_and_api_tokens(client, alice):
    client.force_login(alice)
    page = client.get(reverse("accounts:profile")).content.decode()
    assert reverse("bymail:preferences") in page
    assert reverse("games:api_tokens") in page


@pytest.mark.parametrize(
    "name",
    [
        "Bruno",
        "bruno",
        "BRUNO ",
        "Bruno B.",
        "Bot 2",
        "bot",
        "Bot 2 · Good bot",
        "Leo",
        "Alice · Good bot",
        # Letters of other scripts that read as Latin ones: Cyrillic В and о,
        # Greek ο, Cyrillic е, the script small l.
        "\u0412run\u043e B.",
        "Brun\u03bf",
        "L\u0435o",
        "\u0412\u043e\u0442 2".replace("\u0442", "t"),
        "Bruno B\u2024",
        "\u2113eo",
    ],
)
def test_a_name_that_passes_for_another_player_or_a_bot_is_refused(client, alice, name):
    # Nobody may be named "Alice" at Alice's table, nor "Bot 2 · Good bot".
    from tests.conftest import make_user

    make_user("bruno", display_name="Bruno B.")
    client.force_login(alice)
    response = client.post(reverse("accounts:profile"), profile_data(display_name=name))
    assert response.status_code == 200
    assert response.context["form"].errors["display_name"]
    alice.profile.refresh_from_db()
    assert alice.profile.display_name == "Alice"


def test_a_player_keeps_their_own_name_and_a_name_like_others_only_in_part(client, alice):
    from tests.conftest import make_user

    make_user("bruno", display_name="Bruno B.")
    client.force_login(alice)
    for name in ("Alice", "alice", "Bruno Bianchi", "Robotnik", "Leonora"):
        assert client.post(reverse("accounts:profile"), profile_data(display_name=name)).status_code == 302
        alice.profile.refresh_from_db()
        assert alice.profile.display_name == name


def test_a_name_in_another_script_that_reads_as_no_one_else_is_kept(client, alice):
    client.force_login(alice)
    for name in ("Алиса", "Ζωή", "Леонид"):
        assert client.post(reverse("accounts:profile"), profile_data(display_name=name)).status_code == 302
        alice.profile.refresh_from_db()
        assert alice.profile.display_name == name


@pytest.mark.parametrize(
    ("theirs", "mine"),
    [
        ("Вера", "Вера"),  # an exact copy of a name in another script (else accepted)
        ("Вера", "BEPA"),  # Latin letters that read as it
        ("Alice B.", "AIice B."),  # a capital I for an l
        ("Alice B.", "Ali\u034fce B."),  # a combining grapheme joiner inside
        ("Alice B.", "Alice B.\ufe0f"),  # a variation selector after
        ("Alice B.", "Alice\u3164B."),  # a Hangul filler for the space
        ("Bernard", "Bemard"),  # rn for m
        ("Alice B.", "ALICE B."),  # the same name in capitals (its I would read as l)
        ("Lucia", "LUCIA"),
        ("ILSE", "Ilse"),  # and the other way round
        ("Ilse", "llse"),  # lowercase ls for a capital I
    ],
)
def test_a_name_that_reads_as_another_players_is_refused_however_it_is_written(client, alice, theirs, mine):
    from tests.conftest import make_user

    make_user("other", display_name=theirs)
    client.force_login(alice)
    response = client.post(reverse("accounts:profile"), profile_data(display_name=mine))
    assert response.status_code == 200
    assert response.context["form"].errors["display_name"]
    alice.profile.refresh_from_db()
    assert alice.profile.display_name == "Alice"


def test_names_that_only_share_letters_people_tell_apart_are_both_welcome(client, alice):
    from tests.conftest import make_user

    make_user("other", display_name="Ilse")
    client.force_login(alice)
    assert client.post(reverse("accounts:profile"), profile_data(display_name="Lise")).status_code == 302
    alice.profile.refresh_from_db()
    assert alice.profile.display_name == "Lise"


@pytest.mark.parametrize("name", ["Bot 2 ∙ Good bot", "Alice - Good bot", "Bruno (bot)", "B0t 1", "Le0", "Leo\ufe0f"])
def test_a_name_that_passes_for_a_bot_or_leo_however_it_is_written_is_refused(client, alice, name):
    client.force_login(alice)
    response = client.post(reverse("accounts:profile"), profile_data(display_name=name))
    assert response.status_code == 200
    assert response.context["form"].errors["display_name"]


@pytest.mark.parametrize("name", ["Marcel·la", "买买提·艾力", "Botond", "Abbot Jones", "Leonora"])
def test_real_names_with_a_middle_dot_or_a_bot_inside_a_word_are_welcome(client, alice, name):
    client.force_login(alice)
    assert client.post(reverse("accounts:profile"), profile_data(display_name=name)).status_code == 302
    alice.profile.refresh_from_db()
    assert alice.profile.display_name == name


def test_the_keys_follow_the_names_through_save():
    from tests.conftest import make_user

    user = make_user("vera", display_name="Вера")
    assert (user.profile.display_key, user.profile.username_key) == ("bepa", "vera")
    # Case-blind, Вера reads as вера, whose в looks like no Latin letter.
    assert (user.profile.display_case_key, user.profile.username_case_key) == ("вepa", "vera")
    capitals = make_user("ilse", display_name="ILSE")
    assert (capitals.profile.display_key, capitals.profile.display_case_key) == ("llse", "ilse")
    user.profile.display_name = ""
    user.profile.save(update_fields=["display_name"])
    user.profile.refresh_from_db()
    assert user.profile.display_key == ""


def test_a_name_kept_from_before_the_rules_does_not_stop_other_changes(client, alice):
    # A name chosen before the name rules (one with "bot" in it, or one that now reads as
    # another's) must not lock its player out of changing their language or time zone.
    from wildcards_site.accounts.models import Profile

    Profile.objects.filter(user=alice).update(display_name="Bruno (bot)")
    client.force_login(alice)
    response = client.post(reverse("accounts:profile"), profile_data(display_name="Bruno (bot)", language="it"))
    assert response.status_code == 302
    alice.profile.refresh_from_db()
    assert (alice.profile.display_name, alice.profile.language) == ("Bruno (bot)", "it")


def test_the_saved_message_speaks_the_language_just_chosen(client, alice):
    # Switching to Italian reads no "Your settings are saved." above "Le tue impostazioni":
    # the message is made once the new language takes effect.
    client.force_login(alice)
    page = client.post(reverse("accounts:profile"), profile_data(language="it"), follow=True).content.decode()
    assert "Le tue impostazioni sono salvate." in page and "Your settings are saved." not in page


@pytest.mark.parametrize("language", ["en", "it"])
def test_each_language_is_offered_in_its_own_name(client, alice, language):
    # The English settings do not list "Italian, Spanish, Dutch", where a reader of
    # one of those looks for "Italiano", "Español", "Nederlands" (the footer's menu says so).
    alice.profile.language = language
    alice.profile.save()
    client.force_login(alice)
    page = client.get(reverse("accounts:profile")).content.decode()
    field = page.split('name="language"', 1)[1].split("</select>", 1)[0]
    for name in ("English", "Italiano", "Español", "Nederlands"):
        assert f">{name}</option>" in field
