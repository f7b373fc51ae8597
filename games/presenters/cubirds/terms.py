"""CuBirds' words: the eight species, one bird and many, and the reply commands."""

from __future__ import annotations

from django.utils.translation import gettext_lazy, ngettext_lazy, pgettext_lazy

BIRD = {
    "flamingo": gettext_lazy("flamingo"),
    "owl": gettext_lazy("owl"),
    "toucan": gettext_lazy("toucan"),
    "duck": gettext_lazy("duck"),
    "parrot": gettext_lazy("parrot"),
    "magpie": gettext_lazy("magpie"),
    "reed_warbler": gettext_lazy("reed warbler"),
    "robin": gettext_lazy("robin"),
}
BIRDS = {
    "flamingo": gettext_lazy("flamingos"),
    "owl": gettext_lazy("owls"),
    "toucan": gettext_lazy("toucans"),
    "duck": gettext_lazy("ducks"),
    "parrot": gettext_lazy("parrots"),
    "magpie": gettext_lazy("magpies"),
    "reed_warbler": gettext_lazy("reed warblers"),
    "robin": gettext_lazy("robins"),
}
COMMANDS = {
    "lay": pgettext_lazy("cubirds command", "lay"),
    "row": gettext_lazy("row"),
    "left": gettext_lazy("left"),
    "right": gettext_lazy("right"),
    "family": gettext_lazy("family"),
}
# The steps of a turn, as the table names whose move it is.
STEPS = {
    "lay": gettext_lazy("laying birds"),
    "draw": gettext_lazy("drawing"),
    "family": gettext_lazy("forming a family"),
    "over": gettext_lazy("game over"),
}
# Answers ahead: the next turn as it would be played now ("if row 2 is as you see it now: …").
CASE_ROW = gettext_lazy("if row %(row)s is as you see it now")
CASE_DRAW = gettext_lazy("if you may draw after your lay")
CASE_FAMILY = gettext_lazy("at the end of your turn, for a family")
NEXT_TURN = gettext_lazy("Your next turn, as you would play it now")
# The glue of those phrases in the four languages: what is left names the row or the step.
CASE_GLUE = {
    *("if", "is", "as", "you", "see", "it", "now", "may", "after", "your", "lay", "at", "end", "of", "turn", "for"),
    *("se", "e", "come", "vedi", "ora", "puoi", "dopo", "tua", "posa", "alla", "fine", "del", "turno", "per", "una"),
    *("si", "esta", "como", "ves", "ahora", "puedes", "despues", "de", "tu", "colocacion", "al", "final", "para"),
    *("als", "nog", "zoals", "je", "die", "nu", "ziet", "na", "het", "leggen", "mag", "aan", "eind", "van", "beurt"),
    *("voor", "een"),
}
# CuBirds has no points: a final result counts the birds in the player's collection.
RESULT_WORDS = ngettext_lazy("%(place)s, %(count)s bird collected", "%(place)s, %(count)s birds collected", "count")
SCORE_WORDS = ngettext_lazy("%(count)s bird collected", "%(count)s birds collected", "count")
OPTIONS: dict = {}
CHOICES: dict = {}
GLOSSARY = [
    (gettext_lazy("Birds"), BIRD),
    (gettext_lazy("Reply words"), COMMANDS),
]
