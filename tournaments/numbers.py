"""How the tournament pages write their numbers: rounded as people round, a column alike."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

from django.utils.formats import number_format


def hundredths(value: float) -> float:
    """To two decimals, halves up as people round ("3.625" reads 3.63; `round` gave 3.62)."""
    return float(Decimal(repr(value)).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP))


def alike(values: list[float]) -> list[str]:
    """A column's numbers with as many decimals each as the column needs (at most two), in the
    reader's format: "0" beside "0.0" read as two kinds of number (an organiser's walk-through)."""
    places = 0
    for value in values:
        rounded = round(float(value), 2)
        if not rounded.is_integer():
            places = max(places, 1 if round(rounded, 1) == rounded else 2)
    return [number_format(round(float(value), places), places) for value in values]
