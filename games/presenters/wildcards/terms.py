"""Wild Cards' words, as the rulebooks print them: habitats, species, the Leader (Capobranco,
Líder, Leider), the Refill card (Rifornisci la Mano, Reabastecimiento, Aanvulkaart), the
Talisman, and the reply commands."""

from __future__ import annotations

from django.utils.translation import gettext_lazy, ngettext_lazy, pgettext_lazy

HABITATS = {
    "forest": gettext_lazy("Forest"),
    "mountains": gettext_lazy("Mountains"),
    "savannah": gettext_lazy("Savannah"),
    "wild": gettext_lazy("Wild"),
}
SPECIES = {
    "peacock": gettext_lazy("Peacock"),
    "squirrel": gettext_lazy("Squirrel"),
    "eagle": gettext_lazy("Eagle"),
    "ibex": gettext_lazy("Ibex"),
    "lion": gettext_lazy("Lion"),
    "meerkat": gettext_lazy("Meerkat"),
}
PIECES = {
    "leader": gettext_lazy("Leaders"),
    "refill": gettext_lazy("Refill"),
    "talisman": gettext_lazy("Talisman"),
    "leo": gettext_lazy("Leo"),
}
REFILL_CARD = gettext_lazy("the Refill card")
# Where a copy lies when its species shows more than once on the display (Leo takes the
# animal closest to the animal deck, so the copy matters). Reply commands use these words too.
COPY_PLACES = {
    "nearest": gettext_lazy("nearest the deck"),
    "farthest": gettext_lazy("farthest from the deck"),
    "middle": gettext_lazy("in the middle"),
}
COMMANDS = {
    "bid": pgettext_lazy("wildcards command", "bid"),
    "eagle": gettext_lazy("eagle"),
    "keep": gettext_lazy("keep"),
    "swap": gettext_lazy("swap"),
    "no_swap": gettext_lazy("no swap"),
    "discard": gettext_lazy("discard"),
    "done": gettext_lazy("done"),
    "lay": pgettext_lazy("wildcards command", "lay"),
    "reveal": gettext_lazy("reveal"),
    "take": gettext_lazy("take"),
    "pass": gettext_lazy("pass"),
    "pay": gettext_lazy("pay"),
}
# Answers ahead: one's turn to take an animal, while those who bid higher take theirs.
CASE_CHOICES = {
    "first": gettext_lazy("your first choice"),
    "second": gettext_lazy("if that is gone, your second choice"),
    "third": gettext_lazy("if that is gone too, your third choice"),
}
CASE_PAY = ngettext_lazy("when %(count)s card is still to pay", "when %(count)s cards are still to pay", "count")
ACQUIRE_TURN = gettext_lazy("Your turn to take an animal this round, as you would play it now")
CASE_REFILL = gettext_lazy("refill, step %(step)s")
REFILL_TURN = gettext_lazy("Your refill this round, if you bid the Refill card: a card to discard, or done")
# The glue of those phrases in the four languages: what is left names the choice or the count.
CASE_GLUE = {
    *("your", "choice", "if", "that", "is", "gone", "too", "when", "card", "cards", "are", "still", "to", "pay"),
    *("tua", "scelta", "se", "non", "c", "e", "piu", "neanche", "quella", "quando", "resta", "restano", "da"),
    *("pagare", "carta", "carte", "paga", "tu", "opcion", "si", "ya", "no", "esta", "tampoco", "cuando"),
    *("queda", "quedan", "carta", "cartas", "por", "pagar", "paga", "je", "keus", "als", "die", "weg", "ook"),
    *("er", "nog", "kaart", "kaarten", "te", "betalen", "zijn", "betaal", "step", "passo", "paso", "stap"),
}
# The phases of a round, as the table names them.
PHASES = {
    "bid": gettext_lazy("bidding"),
    "eagle": gettext_lazy("the Eagle chooses a bid"),
    "swap": gettext_lazy("the Meerkat's swap"),
    "refill": gettext_lazy("refilling"),
    "tie_pay": gettext_lazy("breaking ties"),
    "tie_reveal": gettext_lazy("breaking ties"),
    "acquire": gettext_lazy("taking animals"),
    "pay": gettext_lazy("paying"),
    "round_over": gettext_lazy("end of the round"),
    "over": gettext_lazy("game over"),
}
OPTIONS = {
    "edition": gettext_lazy("Edition"),
    "leo": gettext_lazy("Leo, the virtual player"),
    "three_player_removal": gettext_lazy("Cards removed with three players"),
}
# The box stays as ticked at any size, but a 2-player game always has Leo: said, or it reads wrong.
OPTION_HELP = {"leo": gettext_lazy("Always in a 2-player game (2022 edition); chosen for 3 or 4 players.")}
# Options that matter only at some table sizes: a table lists them only there.
OPTION_PLAYERS = {"three_player_removal": (3,)}


def set_up_players(num_seats: int, options: dict) -> int:
    """The players the game is set up for, which `OPTION_PLAYERS` counts: Leo is one more."""
    return num_seats + (1 if options.get("leo") else 0)


CHOICES = {
    "edition": [
        ("2022", gettext_lazy("2022: four phases, ties broken by the Talisman")),
        ("2020", gettext_lazy("2020: three phases, ties broken by face-down payments")),
    ],
    "three_player_removal": [
        # 14 out with three players (seeds/wildcards/components.json), 6 of them one per species.
        ("one_per_species", gettext_lazy("One animal of each species, then 8 at random")),
        ("random", gettext_lazy("14 animals at random")),
    ],
}
GLOSSARY = [
    (gettext_lazy("Habitats"), HABITATS),
    (gettext_lazy("Animals"), SPECIES),
    (gettext_lazy("Pieces"), PIECES),
    (gettext_lazy("Reply words"), COMMANDS),
]
