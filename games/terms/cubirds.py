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
# CuBirds has no points: a final result counts the birds in the player's collection.
RESULT_WORDS = ngettext_lazy("%(place)s, %(count)s bird collected", "%(place)s, %(count)s birds collected", "count")
SCORE_WORDS = ngettext_lazy("%(count)s bird collected", "%(count)s birds collected", "count")
OPTIONS: dict = {}
CHOICES: dict = {}
GLOSSARY = [
    (gettext_lazy("Birds"), BIRD),
    (gettext_lazy("Reply words"), COMMANDS),
]
