"""Whole numbers typed into forms and query strings.

`str.isdigit()` takes "²" and Arabic-Indic digits, and a 5,000-digit string, all of which
`int()` refuses or should not be asked to read: a server error where a clear refusal was due.
"""

from __future__ import annotations


def whole_number(text: str, low: int = 0, high: int = 10**6) -> int | None:
    """`text` as a whole number from `low` to `high`, or None: ASCII digits only, no sign."""
    text = text.strip()
    if not (text.isascii() and text.isdigit()) or len(text) > len(str(high)):
        return None
    value = int(text)
    return value if low <= value <= high else None
