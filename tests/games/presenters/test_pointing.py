"""A presenter's `pointing` hook reaches the move forms as data-pick / data-target / data-preview."""

import types

import pytest
from django.test import Client
from django.urls import reverse

from games import registry
from games.engines import get_engine
from games.presenters.pointing import payload_key, pointing_for
from tests.games.conftest import seat_user, start_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def toy_presenter(monkeypatch):
    """A table presentation for the toy engine that points at every legal move, the first with no target."""
    module = types.ModuleType("games.presenters.toy.table")

    def pointing(view, legal):
        return [
            {
                "payload": action,
                "pick": f"hand:{i}",
                "target": None if i == 0 else f"pile:{i}",
                "preview": f"Would do {i}",
            }
            for i, action in enumerate(legal)
        ]

    module.pointing = pointing
    module.action_label = lambda action, view=None: ""
    real = registry.part

    def part(name, part_name):
        return module if (name, part_name) == ("toy", "table") else real(name, part_name)

    monkeypatch.setattr(registry, "part", part)
    return module


def test_it_keys_pointing_entries_by_the_posted_payload(toy_presenter):
    legal = [{"type": "b", "n": 1}, {"n": 2, "type": "b"}]
    entries = pointing_for("toy", {}, legal)
    assert entries[payload_key({"n": 1, "type": "b"})] == {"pick": "hand:0", "target": None, "preview": "Would do 0"}
    assert entries[payload_key(legal[1])]["target"] == "pile:1"


def test_it_points_at_nothing_when_the_presenter_has_no_hook():
    assert pointing_for("no_such_engine", {}, [{"type": "x"}]) == {}


def test_the_move_forms_carry_pick_target_and_preview(players, toy_presenter):
    game = start_game(players)
    position = get_engine("toy").to_act(game.state)[0]
    client = Client()
    client.force_login(seat_user(game, position))
    page = client.get(reverse("games:table", args=[game.pk])).content.decode()
    assert 'data-pick="hand:0" data-preview="Would do 0"' in page
    assert 'data-pick="hand:1" data-target="pile:1" data-preview="Would do 1"' in page
    assert 'id="pointing-preview"' in page and "js/table.js" in page


def test_wizard_preview_says_whether_the_card_would_win_the_trick_now():
    from games.presenters.wizard import table as wizard

    view = {"seat": 0, "options": {}, "trump": "blue", "trick": [{"seat": 1, "card": "red-9"}]}
    legal = [{"type": "play", "card": card} for card in ("wizard-1", "red-5", "blue-1")]
    entries = {entry["pick"]: entry for entry in wizard.pointing(view, legal)}
    assert entries["hand:wizard-1"]["target"] is None
    assert "would win" in entries["hand:wizard-1"]["preview"]
    assert "would not win" in entries["hand:red-5"]["preview"]
    assert "would win" in entries["hand:blue-1"]["preview"]


def test_wizard_bids_are_one_click_picks():
    from games.presenters.wizard import table as wizard

    [entry] = wizard.pointing({"seat": 0, "trick": []}, [{"type": "bid", "bid": 1}])
    assert entry["pick"] == "bid:1" and entry["target"] is None and entry["preview"] == "Bid 1"


def test_the_hint_says_where_a_card_goes_only_when_a_move_has_somewhere_to_go(players, toy_presenter, monkeypatch):
    # Wizard's bidding does not say "Click a card on the table, then where it goes": a bid is
    # one tap on a bid chip (and a Wizard card goes nowhere but the trick).
    game = start_game(players)
    client = Client()
    client.force_login(seat_user(game, get_engine("toy").to_act(game.state)[0]))
    url = reverse("games:table", args=[game.pk])
    assert "Click a card on the table, then where it goes" in client.get(url).content.decode()
    no_targets = toy_presenter.pointing
    monkeypatch.setattr(
        toy_presenter, "pointing", lambda view, legal: [dict(e, target=None) for e in no_targets(view, legal)]
    )
    page = client.get(url).content.decode()
    assert "then where it goes" not in page
    assert "Click your move on the table; a preview asks you to confirm." in page
