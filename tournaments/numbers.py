"""How the tournament pages write their numbers: rounded as people round, a column alike."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

from django.utils.formats import number_format


def hundredths(value: float) -> float:
    """To two decimals, halves up as people round ("3.625" reads 3.63; `round` gave 3.62)."""
    return float(Decimal(repr(value)).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP))


def alike(values: list[float]) -> list[str]:
    """A column's numbers with as many decimals each as the column needs (at most two), halves up
    as `hundredths` rounds them, in the reader's format: "0" beside "0.0" would read as two kinds of
    number."""
    rounded = [Decimal(repr(float(value))).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP) for value in values]
    places = max((2 if value != value.quantize(Decimal("0.1")) else 1 for value in rounded if value % 1), default=0)
    return [number_format(value.quantize(Decimal(1).scaleb(-places)), places) for value in rounded]
