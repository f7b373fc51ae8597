"""Reply commands in the four languages, with the card names the mail shows, for every engine."""

from __future__ import annotations

import random

import pytest
from django.utils import translation

from games.bymail import commands
from games.engines import get_engine
from games.presenters.emu_ranchers import decktet


def _menu(engine_name: str, players: int, seed: str = "c1"):
    engine = get_engine(engine_name)
    state = engine.new_game(players, seed)
    seat = engine.to_act(state)[0]
    return engine, state, seat, commands.menu(engine_name, engine.legal_actions(state, seat), engine.view(state, seat))


@pytest.mark.parametrize("engine_name,players", [("wildcards", 2), ("wizard", 3), ("cubirds", 2), ("emu_ranchers", 2)])
def test_it_matches_every_legal_action_of_every_engine_by_its_english_phrase(engine_name, players):
    from games.bymail import render

    engine, state, seat, menu = _menu(engine_name, players)
    view = engine.view(state, seat)
    for action in engine.legal_actions(state, seat):
        found = menu.match(render.phrase(engine_name, action, view))
        assert render.phrase(engine_name, found, view) == render.phrase(engine_name, action, view)


def test_it_still_reads_the_italian_plural_of_earlier_mails_for_the_mountains():
    for seed in range(20):
        engine, state, seat, menu = _menu("wildcards", 2, f"m{seed}")
        mountains = [card for card in engine.view(state, seat)["hand"] if card["habitat"] == "mountains"]
        if mountains:
            break
    value = mountains[0]["value"]
    assert menu.match(f"offerta montagne {value}") == menu.match(f"offerta Montagna {value}")
    assert menu.match(f"offerta montagne {value}")["type"] == "bid"


def test_it_reads_a_wild_cards_bid_in_any_language_and_word_order():
    engine, state, seat, menu = _menu("wildcards", 2)
    hand = engine.view(state, seat)["hand"]
    card = hand[0]
    value, habitat = card["value"], card["habitat"]
    names = {
        "forest": ("forest", "foresta", "bosque", "bos"),
        "mountains": ("mountains", "montagna", "montañas", "bergen"),
        "savannah": ("savannah", "savana", "sabana", "savanne"),
        "wild": ("wild", "jolly", "comodín", "joker"),
    }[habitat]
    verbs = ("bid", "offerta", "puja", "bod")
    chosen = {str(menu.match(f"{verb} {value} {name.upper()}.")) for verb, name in zip(verbs, names, strict=True)}
    assert len(chosen) == 1
    # The Refill card by the rulebooks' names for it.
    assert menu.match("offerta Rifornisci la Mano") == {"type": "bid", "card": "refill"}
    assert menu.match("puja reabastecimiento") == {"type": "bid", "card": "refill"}
    assert menu.match("bod aanvulkaart") == {"type": "bid", "card": "refill"}


def test_it_reads_the_dutch_bid_as_the_mail_words_it():
    # The Dutch mail's buttons and confirmations say "Bied Bergen 4"; a player who typed that
    # was told it was none of his moves (the command word was the noun, "bod").
    engine, state, seat, menu = _menu("wildcards", 2)
    card = engine.view(state, seat)["hand"][0]
    name = {"forest": "bos", "mountains": "bergen", "savannah": "savanne", "wild": "joker"}[card["habitat"]]
    bid = menu.match(f"Bied {name} {card['value']}")
    assert bid is not None and bid["type"] == "bid"
    # Mails sent before still say "bod": it is read as before.
    assert menu.match(f"bod {name} {card['value']}") == bid
    assert menu.match("bied aanvulkaart") == {"type": "bid", "card": "refill"}


def test_it_reads_wizard_plays_by_card_name():
    # Every card of several leaders' first hands, so that both a numbered card and a Wizard or a
    # Jester are read (a single card of one fixed deal took one of the two branches only).
    engine = get_engine("wizard")
    words = {
        "blue": "blu",
        "green": "verde",
        "red": "rosso",
        "yellow": "giallo",
        "wizard": "stregone",
        "jester": "giullare",
    }
    read = {"numbered": 0, "special": 0}
    for seed in ("w0", "w2", "w3", "w4"):
        state = engine.new_game(3, seed)
        while engine.view(state, engine.to_act(state)[0])["phase"] != "play":
            seat = engine.to_act(state)[0]
            state = engine.apply(state, seat, engine.legal_actions(state, seat)[0])
        seat = engine.to_act(state)[0]
        view = engine.view(state, seat)
        menu = commands.menu("wizard", engine.legal_actions(state, seat), view)
        for card in view["hand"]:  # the leader may play any card
            suit, _dash, rank = card.partition("-")
            if suit in ("wizard", "jester"):
                read["special"] += 1
                assert menu.match(f"play {suit}")["card"].startswith(suit)
                assert menu.match(f"gioca {words[suit]}")["card"].startswith(suit)
            else:
                read["numbered"] += 1
                assert menu.match(f"play {suit} {rank}") == {"type": "play", "card": card}
                assert menu.match(f"gioca {words[suit]} {rank}") == {"type": "play", "card": card}
    assert read["numbered"] and read["special"], read


def test_it_reads_an_italian_move_written_in_the_first_person_and_a_thank_you():
    # "dichiaro 2" and "Dichiaro 2, grazie!" are read as the mail's own "dichiara 2", and
    # "gioco verde 3" as "gioca verde 3".
    engine, state, seat, menu = _menu("wizard", 3, "w1")
    assert menu.match("dichiaro 1") == {"type": "bid", "bid": 1}
    assert menu.match("Dichiaro 1, grazie!") == {"type": "bid", "bid": 1}
    assert menu.match("bid 1, thanks") == {"type": "bid", "bid": 1}
    # A thank-you alone is no move, and is quoted back as written (not "an empty line").
    with pytest.raises(commands.CommandError, match="“Grazie!” is not one of your legal moves now."):
        menu.match("Grazie!")
    _engine, _state, _seat, cubirds = _menu("cubirds", 2)
    lay = next(action for action in cubirds.actions if action["type"] == "lay")
    with translation.override("it"):
        from games.bymail import render

        said = render.phrase("cubirds", lay, _engine.view(_state, _seat))
    assert said.startswith("posa ")
    assert cubirds.match("poso" + said[len("posa") :]) == lay


def test_it_reads_cubirds_and_emu_ranchers_commands_in_other_languages():
    _engine, _state, _seat, menu = _menu("cubirds", 2)
    lay = menu.actions[0]
    spanish = {
        "flamingo": "flamenco",
        "owl": "búho",
        "toucan": "tucán",
        "duck": "pato",
        "parrot": "loro",
        "magpie": "urraca",
        "reed_warbler": "carricero",
        "robin": "petirrojo",
    }[lay["species"]]
    side = "izquierda" if lay["side"] == "left" else "derecha"
    assert menu.match(f"pon {spanish} fila {lay['row'] + 1} {side}") == lay

    engine, state, seat, menu = _menu("emu_ranchers", 2)
    hatch = next(a for a in menu.actions if a["type"] == "hatch")
    name = next(c["name"] for c in engine.view(state, seat)["hand"] if c["id"] == hatch["card"])
    with translation.override("nl"):
        dutch = decktet.card_name(name)  # the card as a Dutch mail names it
    assert dutch != name
    assert menu.match(f"broed {dutch} trekstapel") == hatch
    assert menu.match(f"hatch {name} deck") == hatch


def test_it_refuses_what_is_not_a_legal_move():
    _engine, _state, _seat, menu = _menu("wildcards", 2)
    for line in ("take the lion", "bid 99 forest", "hello", ""):
        with pytest.raises(commands.CommandError):
            menu.match(line)


def test_it_reads_only_the_first_paragraph_without_quotes_or_signature():
    from games.bymail.replies import own_text

    body = "pay forest 3; pay wild 1\n\nCheers,\nAlice\n\nOn Mon, 2 Mar 2026, Wildcards wrote:\n> bid forest 3\n"
    assert commands.command_lines(own_text(body)) == ["pay forest 3", "pay wild 1"]
    italian = "passo\n\nIl giorno lun 2 mar 2026 alle 10:00 Wildcards ha scritto:\n> offerta foresta 3"
    assert commands.command_lines(own_text(italian)) == ["passo"]
    assert commands.command_lines(own_text("> quoted only\n-- \nsig")) == []


@pytest.mark.django_db
def test_an_italian_emu_ranchers_turn_mail_names_the_cards_in_italian():
    from tests.conftest import make_user, rendered
    from tests.games.conftest import start_game
    from wildcards_site.outbox.models import OutboxMessage

    players = [make_user("bruno", language="it"), make_user("carla", language="it")]
    game = start_game(players, engine="emu_ranchers")
    row = OutboxMessage.objects.get(key__startswith=f"turn:{game.pk}:")  # whoever moves first
    position = int(row.key.split(":")[2])
    hand = get_engine("emu_ranchers").view(game.state, position)["hand"]
    text = rendered(row).text
    with translation.override("it"):
        italian = [decktet.card_name(card["name"]) for card in hand]
    assert [name for name in italian if name in text], (italian, text[:800])
    assert not [card["name"] for card in hand if card["name"].startswith("The ") and card["name"] in text]


def _two_way_swaps(limit: int = 3):
    """Wild Cards positions where a seat may swap (Meerkat) both ways between two species:
    "swap Lion Ibex" and "swap Ibex Lion" have the same words and are different moves."""
    from games.bymail import render

    engine = get_engine("wildcards")
    found = []
    for game in range(40):
        state = engine.new_game(3, f"swaps{game}")
        rng = random.Random(game)
        while not engine.is_over(state) and len(found) < limit:
            for seat in engine.to_act(state):
                legal = engine.legal_actions(state, seat)
                view = engine.view(state, seat)
                with translation.override("en"):
                    phrases = {render.phrase("wildcards", a, view): a for a in legal if a["type"] == "swap"}
                for written, action in phrases.items():
                    verb, *names = written.split(" ", 1)[0], *written.split(" ")[1:]
                    flipped = " ".join([verb, *reversed(names)])
                    if len(names) == 2 and flipped in phrases and phrases[flipped] != action:
                        found.append((state, seat, written, action, flipped, phrases[flipped]))
                        break
            seat = rng.choice(engine.to_act(state))
            state = engine.apply(state, seat, rng.choice(engine.legal_actions(state, seat)))
        if len(found) >= limit:
            return found
    return found


def test_a_listed_command_makes_its_own_move_when_another_move_has_the_same_words():
    positions = _two_way_swaps()
    assert positions, "no two-way swap in 40 random games: widen the search"
    engine = get_engine("wildcards")
    for state, seat, written, action, flipped, other in positions:
        menu = commands.menu("wildcards", engine.legal_actions(state, seat), engine.view(state, seat))
        assert menu.match(written) == action
        assert menu.match(flipped) == other
        assert menu.match(written.upper() + ".") == action  # case and punctuation still do not matter


def test_the_same_words_in_another_order_are_refused_when_they_could_be_either_move():
    state, seat, written, _action, _flipped, _other = _two_way_swaps(limit=1)[0]
    engine = get_engine("wildcards")
    menu = commands.menu("wildcards", engine.legal_actions(state, seat), engine.view(state, seat))
    verb, first, second = written.split(" ")
    with translation.override("en"), pytest.raises(commands.CommandError) as refused:
        menu.match(f"{first} {verb} {second}")
    assert "could be more than one move" in str(refused.value)


def _same_move(a: dict, b: dict, view: dict) -> bool:
    """Whether two Wild Cards actions are one move as a player sees it: the same species given
    and animal taken, the same cards (alike cards are one), read off the view, not the phrases."""
    from games.presenters.wildcards.mail import _animal_by_id, _card_by_id

    if a == b:
        return True
    if a["type"] != b["type"]:
        return False
    if a["type"] == "swap":
        return a["give"] == b["give"] and _animal_by_id(view, a["take"]) == _animal_by_id(view, b["take"])
    if a["type"] == "eagle_bid":
        return sorted(_card_by_id(view, c) for c in a["cards"]) == sorted(_card_by_id(view, c) for c in b["cards"])
    if "card" in a:
        return _card_by_id(view, a["card"]) == _card_by_id(view, b["card"])
    return False


@pytest.mark.parametrize("kind", ["eagle_bid", "swap", "bid", "take"])
def test_every_command_a_wild_cards_mail_lists_makes_that_move_over_whole_games(kind):
    from games.bymail import render

    engine = get_engine("wildcards")
    wrong, checked = [], 0
    with translation.override("en"):
        for game in range(8):
            rng = random.Random(game)
            state = engine.new_game(3, f"listed{game}")
            while not engine.is_over(state):
                for seat in engine.to_act(state):
                    legal = engine.legal_actions(state, seat)
                    view = engine.view(state, seat)
                    menu = commands.menu("wildcards", legal, view)
                    for action in (a for a in legal if a["type"] == kind):
                        made = menu.match(render.phrase("wildcards", action, view))
                        checked += 1
                        if not _same_move(action, made, view):
                            wrong.append((render.phrase("wildcards", action, view), action, made))
                seat = rng.choice(engine.to_act(state))
                state = engine.apply(state, seat, rng.choice(engine.legal_actions(state, seat)))
    assert checked > 20 and wrong == []


def test_a_command_may_leave_out_words_no_other_move_needs():
    # "hatch diplomat" is read where the deck is the only place to draw from, without
    # "hatch diplomat deck". Words that tell no two legal moves apart may be left out.
    engine, state, seat, menu = _menu("emu_ranchers", 2)
    hatch = next(a for a in menu.actions if a["type"] == "hatch")
    name = next(c["name"] for c in engine.view(state, seat)["hand"] if c["id"] == hatch["card"])
    same_card = [a for a in menu.actions if a.get("card") == hatch["card"] and a["type"] == "hatch"]
    assert len(same_card) == 1  # the discard pile is empty at the start: one place to draw from
    assert menu.match(f"hatch {name}") == hatch


def test_a_shortened_command_that_fits_several_moves_is_refused_as_ambiguous():
    _engine, _state, _seat, menu = _menu("wildcards", 2)
    with pytest.raises(commands.CommandError, match="more than one move"):
        menu.match("bid")  # every card of the hand is a bid


@pytest.mark.parametrize("apostrophe", ["'", "’", "‘", "ʼ"])
def test_a_phones_curly_apostrophe_reads_as_the_straight_one(apostrophe):
    # "schiudi L’Origine mazzo", typed on a phone, is read as the mail's "schiudi L'Origine
    # mazzo": the curly apostrophe must not fall out and glue the words.
    assert commands.ordered_words(f"schiudi L{apostrophe}Origine mazzo") == commands.ordered_words(
        "schiudi L'Origine mazzo"
    )


def test_a_wild_cards_turn_mail_lists_the_bids_in_the_order_of_the_hand_it_shows(db, mail_server):
    # The hand reads "Forest 2, Forest 3, Savannah 2, ..." and the commands follow it, not
    # "bid Forest 2, bid Wild 1, bid Mountains 2, bid Forest 3, ...", the cards' draw order.
    from tests.bymail.conftest import text_of
    from tests.conftest import make_user
    from tests.games.conftest import start_game

    start_game([make_user("ann"), make_user("ben")], engine="wildcards")
    mails = mail_server()
    assert len(mails) == 2
    for mail in mails:
        text = text_of(mail)
        hand = text.split("== Your hand ==", 1)[1].strip().split("\r\n", 1)[0].split(", ")
        listed = [line[len("  bid ") :] for line in text.splitlines() if line.startswith("  bid ")]
        assert len(listed) > 2
        assert listed == [card for card in dict.fromkeys(hand) if card in listed], (hand, listed)


def test_a_misspelt_move_is_refused_with_the_nearest_legal_move_named():
    # A Dutch mail player who types "bod Bergne 4" or "arend bos2 aanvulkaart" is not only told
    # neither is one of his moves: the answer says which move it takes him to mean, in the
    # reader's language, and still plays nothing.
    from games.bymail import render

    engine, state, seat, _menu_en = _menu("wildcards", 2)
    view = engine.view(state, seat)
    from games.engines.wildcards.cards import HABITAT, VALUE

    bid = next(
        a
        for a in engine.legal_actions(state, seat)
        if a["type"] == "bid" and a["card"] != "refill" and HABITAT[a["card"]] != "wild"
    )
    habitat = {"forest": "Bos", "mountains": "Bergen", "savannah": "Savanne"}[HABITAT[bid["card"]]]
    typo = f"bod {habitat[:-1]}{habitat[-1] * 2} {VALUE[bid['card']]}"  # "Bergenn 4"
    with translation.override("nl"):
        menu = commands.menu("wildcards", engine.legal_actions(state, seat), view)
        with pytest.raises(commands.CommandError) as refused:
            menu.match(typo)
        assert f"Bedoelde je „{render.phrase('wildcards', bid, view)}”?" in str(refused.value)
    with translation.override("en"):
        menu = commands.menu("wildcards", engine.legal_actions(state, seat), view)
        with pytest.raises(commands.CommandError) as refused:
            menu.match(typo)
        assert f"Did you mean “{render.phrase('wildcards', bid, view)}”?" in str(refused.value)
        # Words far from every move suggest nothing.
        with pytest.raises(commands.CommandError) as refused:
            menu.match("hello there how are you")
        assert "Did you mean" not in str(refused.value)


def test_a_move_with_a_wrong_number_suggests_no_other_card():
    # "bid forest 9" is not offered "bid Forest 3", a card the player did not mean; and where two
    # moves are as near, neither is offered.
    from games.engines.wildcards.cards import HABITAT, VALUE

    engine, state, seat, _menu_en = _menu("wildcards", 2)
    view = engine.view(state, seat)
    held = {
        (HABITAT[a["card"]], VALUE[a["card"]])
        for a in engine.legal_actions(state, seat)
        if a["type"] == "bid" and a["card"] != "refill"
    }
    habitat, value = next(iter(held))
    missing = next(v for v in range(1, 10) if (habitat, v) not in held)
    with translation.override("en"):
        menu = commands.menu("wildcards", engine.legal_actions(state, seat), view)
        with pytest.raises(commands.CommandError) as refused:
            menu.match(f"bid {habitat} {missing}")
        assert "Did you mean" not in str(refused.value)
        # A line far longer than any move is refused without a search for the nearest.
        with pytest.raises(commands.CommandError) as refused:
            menu.match(f"bid {habitat}{'x' * 5000} {value}")
        assert "Did you mean" not in str(refused.value)
    # Wizard: "bid 12" in a round of fewer cards is no "bid 2" nor "bid 1".
    engine = get_engine("wizard")
    state = engine.new_game(3, "w-near")
    seat = engine.to_act(state)[0]
    menu = commands.menu("wizard", engine.legal_actions(state, seat), engine.view(state, seat))
    with translation.override("en"), pytest.raises(commands.CommandError) as refused:
        menu.match("bid 12")
    assert "Did you mean" not in str(refused.value)
