"""Emu Ranchers' words: the Decktet's suits and card names (the engine keeps the English
names as ids) and the reply commands."""

from __future__ import annotations

from django.utils.translation import gettext_lazy

SUITS = {
    "moons": gettext_lazy("moons"),
    "suns": gettext_lazy("suns"),
    "waves": gettext_lazy("waves"),
    "leaves": gettext_lazy("leaves"),
    "wyrms": gettext_lazy("wyrms"),
    "knots": gettext_lazy("knots"),
}
CARD_NAMES = {
    "The Author": gettext_lazy("The Author"),
    "The Bard": gettext_lazy("The Bard"),
    "The Battle": gettext_lazy("The Battle"),
    "The Betrayal": gettext_lazy("The Betrayal"),
    "The Borderland": gettext_lazy("The Borderland"),
    "The Calamity": gettext_lazy("The Calamity"),
    "The Castle": gettext_lazy("The Castle"),
    "The Cave": gettext_lazy("The Cave"),
    "The Chance Meeting": gettext_lazy("The Chance Meeting"),
    "The Consul": gettext_lazy("The Consul"),
    "The Darkness": gettext_lazy("The Darkness"),
    "The Desert": gettext_lazy("The Desert"),
    "The Diplomat": gettext_lazy("The Diplomat"),
    "The Discovery": gettext_lazy("The Discovery"),
    "The End": gettext_lazy("The End"),
    "The Excuse": gettext_lazy("The Excuse"),
    "The Forest": gettext_lazy("The Forest"),
    "The Harvest": gettext_lazy("The Harvest"),
    "The Huntress": gettext_lazy("The Huntress"),
    "The Island": gettext_lazy("The Island"),
    "The Journey": gettext_lazy("The Journey"),
    "The Light Keeper": gettext_lazy("The Light Keeper"),
    "The Lunatic": gettext_lazy("The Lunatic"),
    "The Market": gettext_lazy("The Market"),
    "The Merchant": gettext_lazy("The Merchant"),
    "The Mill": gettext_lazy("The Mill"),
    "The Mountain": gettext_lazy("The Mountain"),
    "The Origin": gettext_lazy("The Origin"),
    "The Pact": gettext_lazy("The Pact"),
    "The Painter": gettext_lazy("The Painter"),
    "The Penitent": gettext_lazy("The Penitent"),
    "The Rite": gettext_lazy("The Rite"),
    "The Sailor": gettext_lazy("The Sailor"),
    "The Savage": gettext_lazy("The Savage"),
    "The Sea": gettext_lazy("The Sea"),
    "The Soldier": gettext_lazy("The Soldier"),
    "The Watchman": gettext_lazy("The Watchman"),
    "The Windfall": gettext_lazy("The Windfall"),
    "The Window": gettext_lazy("The Window"),
}
COMMANDS = {
    "hatch": gettext_lazy("hatch"),
    "grow": gettext_lazy("grow"),
    "bird": gettext_lazy("bird"),
    "discard": gettext_lazy("discard"),
    "deck": gettext_lazy("deck"),
    "discard_pile": gettext_lazy("discard pile"),
    "done": gettext_lazy("done"),
}
OPTIONS = {
    "years": gettext_lazy("Years"),
    "excuse": gettext_lazy("The Excuse"),
    "pawns": gettext_lazy("Pawns"),
    "courts": gettext_lazy("Courts"),
    "first_player": gettext_lazy("First player"),
}
CHOICES = {
    "first_player": [
        ("random", gettext_lazy("Drawn at random")),
        (0, gettext_lazy("The first seat")),
        (1, gettext_lazy("The second seat")),
    ],
}
GLOSSARY = [
    (gettext_lazy("Suits"), SUITS),
    (gettext_lazy("Reply words"), COMMANDS),
]

# Answers ahead: the next turn as it would be played now ("if The Mill is still on top: …").
CASE_ON_TOP = gettext_lazy("if %(card)s is still on top of the discard pile")
CASE_ANY = gettext_lazy("otherwise")
NEXT_TURN = gettext_lazy("Your next turn, as you would play it now")
# The glue of those phrases in the four languages: what is left names the card.
CASE_GLUE = {
    *("if", "is", "still", "on", "top", "of", "discard", "pile"),
    *("se", "e", "ancora", "in", "cima", "agli", "alla", "pila", "degli", "scarti"),
    *("si", "sigue", "encima", "los", "del", "monton", "descartes", "pila"),
    *("als", "nog", "bovenop", "ligt", "aflegstapel", "op", "stapel"),
}
