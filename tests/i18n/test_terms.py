"""Each game's words live in one module (`games/presenters/<game>/terms.py`): the table, the mail, the
reply commands and the rules page say the same word, and it is the rulebook's."""

import ast
from pathlib import Path

import pytest
from django.utils import translation

from games import registry, terms
from games.bymail import commands
from games.engines import get_engine
from games.engines.wildcards import cards
from games.presenters.wildcards import mail as wildcards_mail
from games.presenters.wildcards import table as wildcards_page
from games.presenters.wizard import mail as wizard_mail

ROOT = Path(__file__).resolve().parents[2]
LAZY = {"gettext_lazy", "pgettext_lazy", "_"}


def _vocabulary_dicts(path: Path) -> list[str]:
    """Module-level dicts of three or more translated literals: a list of game words."""
    found = []
    for node in ast.parse(path.read_text()).body:
        value = node.value if isinstance(node, ast.Assign | ast.AnnAssign) else None
        if not isinstance(value, ast.Dict):
            continue
        lazy = [v for v in value.values if isinstance(v, ast.Call) and getattr(v.func, "id", None) in LAZY]
        if len(lazy) >= 3:
            found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    return found


def test_no_module_but_a_games_terms_keeps_its_own_list_of_game_words():
    places = [ROOT / "games" / "presenters", ROOT / "games" / "templatetags"]
    paths = [path for place in places for path in place.rglob("*.py") if path.name != "terms.py"]
    paths.append(ROOT / "games" / "bymail" / "render.py")
    found = [hit for path in paths for hit in _vocabulary_dicts(path)]
    assert found == []


def test_the_checker_finds_a_list_of_game_words():
    assert _vocabulary_dicts(ROOT / "games" / "presenters" / "cubirds" / "terms.py")


def test_a_wild_habitat_card_is_a_joker_on_the_dutch_table_in_the_mail_and_in_a_reply():
    wild = next(card for card in range(cards.NUM_HABITAT_CARDS) if cards.HABITAT[card] == "wild")
    with translation.override("nl"):
        assert wildcards_page.habitat_card(wild) == f"Joker {cards.VALUE[wild]}"
        assert wildcards_mail.card(cards.card_view(wild)) == f"Joker {cards.VALUE[wild]}"
        assert str(terms.of("wildcards").HABITATS["wild"]) == "Joker"


# Dutch: the rulebook's phase is "Bieden", and the mail's buttons say "Bied …": the imperative, as
# Wizard's "bied" (the noun "bod" was the command once; replies with it are still read).
@pytest.mark.parametrize(("language", "word"), [("en", "bid"), ("it", "offerta"), ("es", "puja"), ("nl", "bied")])
def test_a_wild_cards_bid_is_written_and_read_with_the_rulebooks_verb(language, word):
    engine = get_engine("wildcards")
    state = engine.new_game(3, "terms")
    seat = engine.to_act(state)[0]
    view = engine.view(state, seat)
    bid = next(action for action in engine.legal_actions(state, seat) if action["type"] == "bid")
    with translation.override(language):
        phrase = wildcards_mail.phrase(bid, view)
    assert phrase.split()[0] == word
    assert commands.menu("wildcards", engine.legal_actions(state, seat), view).match(phrase) == bid


@pytest.mark.parametrize(("language", "word"), [("it", "dichiara"), ("es", "apuesta"), ("nl", "bied")])
def test_a_wizard_bid_uses_wizards_own_verb_not_wild_cards(language, word):
    engine = get_engine("wizard")
    state = engine.new_game(3, "terms")
    seat = engine.to_act(state)[0]
    view = engine.view(state, seat)
    bid = next(action for action in engine.legal_actions(state, seat) if action["type"] == "bid")
    with translation.override(language):
        phrase = wizard_mail.phrase(bid, view)
    assert phrase == f"{word} {bid['bid']}"
    assert commands.menu("wizard", engine.legal_actions(state, seat), view).match(phrase) == bid


def test_the_italian_variant_names_are_the_rulebooks():
    with translation.override("it"):
        labels = {key: terms.option_label("wizard", key) for key in get_engine("wizard").default_options}
    assert labels["blind_bids"] == "Dichiarazione al Buio"
    assert labels["hidden_bids"] == "Dichiarazione Rivelata a Fine Round"
    assert labels["dark_wizard"] == "Stregone Oscuro"
    assert labels["bid_sum_restriction"].startswith("Somma Scoperta di Dichiarazioni")


@pytest.mark.parametrize("engine", registry.names())
def test_every_engine_option_has_a_label_in_the_games_terms(engine):
    assert set(get_engine(engine).default_options) <= set(terms.of(engine).OPTIONS)


@pytest.mark.parametrize("language", ["it", "es", "nl"])
@pytest.mark.parametrize("engine", registry.names())
def test_every_glossary_word_is_translated(engine, language):
    with translation.override("en"):
        english = terms.glossary(engine)
    with translation.override(language):
        translated = terms.glossary(engine)
    names = {"Leo", "Talisman", "Monocolor", "flamingo"}  # the same word in some languages
    for group_en, group in zip(english, translated, strict=True):
        assert group_en["heading"] != group["heading"]
        untranslated = [en for en, word in zip(group_en["terms"], group["terms"], strict=True) if en == word]
        assert set(untranslated) <= names, untranslated


def test_the_games_are_called_what_their_rulebooks_call_them():
    """The Italian Wizard rulebook presents "Wizard" (its Stregone is a card); the Italian Emu
    Ranchers rulebook is "Allevatori di emù"; the Italian habitats are singular, as printed."""
    from games import registry
    from games.presenters.wildcards import terms as wildcards_terms
    from games.presenters.wizard import terms as wizard_terms

    with translation.override("it"):
        assert str(registry.TITLES["wizard"]) == "Wizard"
        assert str(registry.TITLES["emu_ranchers"]) == "Allevatori di emù"
        assert str(wizard_terms.WIZARD) == "Stregone"
        assert [str(wildcards_terms.HABITATS[h]) for h in ("forest", "savannah", "mountains")] == [
            "Foresta",
            "Savana",
            "Montagna",
        ]


def test_the_italian_wild_cards_display_is_the_rulebooks_mercato_pubblico_everywhere():
    # The heading said "Mercato pubblico" (the rulebook's word) and the text under it and the log
    # "esposizione": one thing, one word.
    import polib

    catalog = polib.pofile(str(ROOT / "locale" / "it" / "LC_MESSAGES" / "django.po"))
    display = [entry for entry in catalog if "display" in entry.msgid.lower() and "display name" not in entry.msgid]
    assert len(display) >= 5
    for entry in display:
        assert "mercato pubblico" in entry.msgstr.lower(), entry.msgid
    assert not [entry.msgid for entry in catalog if "esposizion" in entry.msgstr.lower()]
