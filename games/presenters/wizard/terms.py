"""Wizard's words (the Italian rulebook's: Stregone, Giullare, briscola, dichiarazione)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy, pgettext_lazy

SUITS = {
    "blue": gettext_lazy("blue"),
    "green": gettext_lazy("green"),
    "red": gettext_lazy("red"),
    "yellow": gettext_lazy("yellow"),
}
# The special cards as pages name them, and as mail and reply commands write them.
WIZARD = pgettext_lazy("Wizard card", "Wizard")
JESTER = gettext_lazy("Jester")
CARD_WORDS = {"wizard": gettext_lazy("wizard"), "jester": gettext_lazy("jester")}
COMMANDS = {
    "bid": pgettext_lazy("wizard command", "bid"),
    "play": pgettext_lazy("wizard command", "play"),
    "trump": gettext_lazy("trump"),
}
# Answers ahead: each case as a mail, a reply and the table's panel write it ("se esce blu: gioca blu 7").
CASES = {
    "wizard": gettext_lazy("if a Wizard is led"),
    "jester": gettext_lazy("if a Jester is led"),
    "any": gettext_lazy("otherwise"),
    "lead": gettext_lazy("if I lead (if I win this trick)"),
}
SUIT_CASE = gettext_lazy("if %(suit)s is led")
SUM_CASE = gettext_lazy("if the bids before mine add up to %(sum)s")
# The glue of those phrases in the four languages (and its other forms): what is left of a
# written condition without them names the case ("se esce blu" and "if blue" both leave "blu(e)").
CASE_GLUE = {
    *("if", "is", "led", "bids", "before", "mine", "add", "up", "to", "comes"),
    *("se", "esce", "escono", "uno", "dichiarazioni", "prima", "della", "mia", "sommano", "fanno"),
    *("si", "sale", "salen", "las", "apuestas", "antes", "mia", "suman"),
    *("als", "uitkomt", "komt", "biedingen", "voor", "het", "mijne", "samen", "zijn", "er"),
}
OPTIONS = {
    "blind_bids": gettext_lazy("Blind bids"),
    "hidden_bids": gettext_lazy("Bids revealed at the end"),
    "dark_wizard": gettext_lazy("Dark Wizard"),
    "two_players": gettext_lazy("Two-player game"),
    "bid_sum_restriction": gettext_lazy("Bid sum: the leader, bidding last, may not make the bids match the tricks"),
    "clairvoyance": gettext_lazy("Clairvoyance"),
    "monocolor": gettext_lazy("Monocolor"),
}
CHOICES: dict = {}
# The phases of a round, as the table's status line names them.
PHASES = {
    "choose_trump": gettext_lazy("the dealer chooses trump"),
    "bid": pgettext_lazy("wizard phase", "bidding"),
    "play": gettext_lazy("playing tricks"),
    "over": gettext_lazy("game over"),
}
GLOSSARY = [
    (gettext_lazy("Cards"), {"wizard": WIZARD, "jester": JESTER, **SUITS}),
    (gettext_lazy("Reply words"), COMMANDS),
    (gettext_lazy("Variants"), OPTIONS),
]
