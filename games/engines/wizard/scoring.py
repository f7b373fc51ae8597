"""Scoring ("Realizzare Punti") and the final ranking."""

from __future__ import annotations

from games.engines.base import shared_ranks
from games.engines.wizard.cards import SCORING


def round_points(bid: int, tricks: int) -> int:
    """20 + 10 per trick taken when the bid is exact, else -10 per trick over or under."""
    if bid == tricks:
        return SCORING["exact"] + SCORING["per_trick_when_exact"] * tricks
    return SCORING["per_trick_off"] * abs(bid - tricks)


def result(state: dict) -> list[dict]:
    """Cumulative scores, highest first; equal scores share a rank."""
    return shared_ranks([(seat, (score,)) for seat, score in enumerate(state["scores"])])
