"""How a name reads at a table: the key two names share when people would take one for the other.

A table shows each player's display name (or username). A name that reads as another player's,
as a bot seat's ("Bot 2 · Good bot") or as Leo's lets its holder pass for them ("Alice" at
Alice's table, "Вruno" with a Cyrillic В beside Bruno, "AIice" with a capital I). So names are
compared by a key, `name_key`, kept for every profile (`Profile.display_key`, `Profile.username_key`):
- compatibility characters folded (NFKC: "Ⅼeo" is "Leo"), invisible characters dropped (a
  joiner or a filler inside "Ali͏ce");
- letters of other scripts that look like Latin ones read as those (Unicode's confusables,
  UTS #39, through confusable-homoglyphs), and the ASCII lookalikes I, 1, | as l and 0 as o,
  rn as m;
- case and spacing ignored.

One key cannot hold both readings of a capital I: drawn, it is an l ("AIice" passes for
Alice); read as a word in capitals, it is an i ("ALICE" is Alice, where its drawn key is
"allce"). So each name keeps a second key, `case_key`, its letters read case-blind first, and
two names clash when either key is the same ("ALICE" beside Alice).
"""

from __future__ import annotations

import functools
import re
import unicodedata

from confusable_homoglyphs import confusables

# Characters that show nothing of their own, beside format characters (Cf: joiners, direction
# marks): the combining grapheme joiner, the Mongolian and other variation selectors, Khmer's
# inherent vowels. They are dropped; the blank ones that take a letter's room (the Hangul
# fillers, the blank Braille cell) read as a space.
_INVISIBLE = frozenset(
    [0x034F, 0x17B4, 0x17B5] + list(range(0x180B, 0x1810)) + list(range(0xFE00, 0xFE10)) + list(range(0xE0100, 0xE01F0))
)
_BLANK = str.maketrans(dict.fromkeys([0x115F, 0x1160, 0x2800, 0x3164, 0xFFA0], " "))
_ASCII_LOOKALIKES = str.maketrans({"I": "l", "1": "l", "|": "l", "0": "o"})
# A bot seat is "Bot <n>" and its label "… · <level> bot" (games.models.Seat), in every language
# with the word "bot"; Leo plays in Wild Cards.
_AUTOMATIC = re.compile(r"\bbot(?![a-z])|^leo$")


def invisible(char: str) -> bool:
    return unicodedata.category(char) == "Cf" or ord(char) in _INVISIBLE


def name_key(name: str) -> str:
    """The name as people read it (see the module's docstring)."""
    folded = "".join(char for char in unicodedata.normalize("NFKC", name).translate(_BLANK) if not invisible(char))
    latin = "".join(_latin_lookalike(char) for char in folded).translate(_ASCII_LOOKALIKES)
    return " ".join(latin.casefold().split()).replace("rn", "m")


def case_key(name: str) -> str:
    """The name read as a word, whatever the case of its letters: a capital I is an i here."""
    return name_key(name.casefold())


def looks_automatic(key: str) -> bool:
    """Whether a name of this key passes for a bot seat or for Leo."""
    return bool(_AUTOMATIC.search(key))


@functools.cache
def _latin_lookalike(char: str) -> str:
    """The ASCII letter `char` is confusable with (Unicode's confusables), else `char`."""
    if char.isascii():
        return char
    found = confusables.is_confusable(char, preferred_aliases=["latin"]) or []
    for homoglyph in (glyph["c"] for entry in found for glyph in entry["homoglyphs"]):
        if homoglyph.isascii():
            return homoglyph
    return char
