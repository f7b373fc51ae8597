"""The worked examples of the rulebook (seeds 004_..., Italian), one test each."""

from games.engines.emu_ranchers import ENGINE
from games.engines.emu_ranchers.birds import can_grow, score_bird
from games.engines.emu_ranchers.cards import CARDS, deck_for

from .helpers import table

ALL = deck_for({"excuse": True, "pawns": True, "courts": True})


def test_the_blue_bird_a_4_takes_only_a_wave_card_of_5_or_more():
    # "Far crescere un uccello", Esempio: A[onda], 4[onda, foglia] takes only [onda] of value 5 or more.
    bird = ["ace-waves", "sailor"]
    growers = {card for card in ALL if can_grow(bird, card)}
    fixed = {card for card in growers if CARDS[card]["rank"] is not None}
    assert fixed == {"discovery", "lunatic", "cave", "mill", "darkness", "sea"}
    assert all("waves" in CARDS[card]["suits"] and CARDS[card]["rank"] >= 5 for card in fixed)
    # A Pawn or Court with the wave suit can take a value of 5 or more too.
    assert growers - fixed == {"light-keeper", "borderland", "consul", "island"}


def test_the_blue_bird_a_4_in_a_game_offers_only_the_5_of_waves():
    state = table(
        hands=[["journey", "forest", "discovery", "origin", "mountain", "author"], []],
        ranches=[[["ace-waves", "sailor"]], []],
    )
    grows = {action["card"] for action in ENGINE.legal_actions(state, 0) if action["type"] == "grow"}
    assert grows == {"discovery"}


def test_the_orange_bird_crown_9_8_loses_6():
    # "Perdere soldi", Esempio: Bradstock's orange bird loses 18-9-8=1, and 5 for the Crown.
    scored = score_bird(["bard", "pact", "diplomat"])
    assert scored["total"] == 17
    assert scored["score"] == -6
    assert scored["upkeep"] == []


def test_the_blue_bird_pays_upkeep_with_4_6_and_8_and_scores_18():
    # "Possibile guadagno", Esempio: Braddock discards 4, 6 and 8; Ace, 3, 5 and Crown remain: 3+5+10 = 18.
    bird = ["ace-waves", "journey", "sailor", "discovery", "lunatic", "mill", "sea"]
    scored = score_bird(bird)
    assert sorted(CARDS[card]["rank"] for card in scored["upkeep"]) == [4, 6, 8]
    assert scored["score"] == 18


def test_the_pawn_is_worth_9_then_8_when_a_9_is_added():
    # "Usare il Decktet esteso", Esempio: Morgan's bird A-3-6-Pawn; the Pawn may be 9; after a 9, it may be 8.
    bird = ["ace-moons", "journey", "lunatic", "watchman"]
    assert score_bird(bird)["wild_values"] == {"watchman": 9}
    assert can_grow(bird, "pact")
    assert score_bird([*bird, "pact"])["wild_values"] == {"watchman": 8}


def test_a_pawn_must_leave_room_for_its_value():
    # "non potete giocare in maniera che non rimanga spazio per il valore che le date": 6-Pawn-7 has no room.
    bird = ["ace-moons", "journey", "lunatic", "watchman"]
    assert not can_grow(bird, "chance-meeting")  # a 7 of Moons
    assert not can_grow(bird, "mountain")  # a 4 of Moons: neither direction fits


def test_a_pawn_or_court_cannot_hatch_an_egg():
    # "non possono essere utilizzati per schiudere un uovo"
    hand = ["watchman", "consul", "ace-moons", "author", "desert", "origin"]
    state = table(hands=[hand, []], pawns=True, courts=True)
    hatches = {action["card"] for action in ENGINE.legal_actions(state, 0) if action["type"] == "hatch"}
    assert hatches == {"ace-moons", "author", "desert", "origin"}


def test_a_pawn_cannot_be_an_ace_or_a_crown():
    # "non possono essere giocati come Asso e Corona": Pawn on a 2 going down would need to be an Ace.
    assert not can_grow(["pact", "author"], "watchman")  # 9, 2: only an Ace fits below 2
    assert not can_grow(["author", "pact"], "watchman")  # 2, 9: only a Crown fits above 9


def test_the_excuse_discards_one_losing_bird_at_the_year_end():
    # "Se nella vostra mano avete La Scusa, alla fine dell'anno potete scartare uno dei vostri uccelli"
    losing_small = ["journey", "lunatic"]  # 3+6 = 9: loses 9
    losing_big = ["ace-knots", "author"]  # 2, and an Ace: loses 16 + 5 = 21
    winning = ["origin", "sailor", "mill", "darkness"]  # 2+4+8+9 = 23: pays 2+8+9, scores 4
    state = table(
        hands=[["excuse"], ["market"]],
        ranches=[[losing_small, losing_big, winning], [["penitent", "castle"]]],
        deck=[],
        phase="growing",
        excuse=True,
    )
    state = ENGINE.apply(state, 1, {"type": "done"})
    state = ENGINE.apply(state, 0, {"type": "done"})
    year = state["history"][0]["seats"]
    assert year[0]["excused"] == 1
    assert [bird["score"] for bird in year[0]["birds"]] == [-9, -21, 4]
    assert year[0]["score"] == -9 + 4
    assert state["scores"][0] == -5


def test_the_excuse_has_no_effect_without_a_losing_bird():
    # "Se non avete uccelli che vi arrecano una perdita, La Scusa non ha alcun effetto."
    state = table(
        hands=[["excuse"], []],
        ranches=[[["origin", "sailor", "mill", "darkness"]], []],
        deck=[],
        phase="growing",
        excuse=True,
    )
    state = ENGINE.apply(state, 0, {"type": "done"})
    state = ENGINE.apply(state, 1, {"type": "done"})
    assert state["history"][0]["seats"][0]["excused"] is None
    assert state["scores"] == [4, 0]
