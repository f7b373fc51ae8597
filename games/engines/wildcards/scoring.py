"""Final scoring: largest species x2, second largest x1 (one species per
category even when counts are tied), 1 point per Leader (peacock 3), plus
score tokens. Ties go to the most animals, then the rank is shared.
Leo is never scored.
"""

from __future__ import annotations

from .cards import LEADER_POINTS, PEACOCK, PEACOCK_POINTS, SPECIES


def score_parts(counts: list[int], leaders: list[int], tokens: int) -> dict:
    """The score of one collection; `leaders` lists species indices held."""
    ranked = sorted(range(len(counts)), key=lambda species: (-counts[species], species))
    first, second = ranked[0], ranked[1]
    first_points = 2 * counts[first]
    second_points = counts[second]
    leader_points = sum(PEACOCK_POINTS if species == PEACOCK else LEADER_POINTS for species in leaders)
    return {
        "largest_species": SPECIES[first] if counts[first] else None,
        "largest_points": first_points,
        "second_species": SPECIES[second] if counts[second] else None,
        "second_points": second_points,
        "leader_points": leader_points,
        "token_points": tokens,
        "total": first_points + second_points + leader_points + tokens,
        "animals": sum(counts),
    }


def final_scores(state: dict) -> list[dict]:
    scores = []
    leaders = state["leaders"]
    for seat in range(state["num_players"]):
        counts = [len(animals) for animals in state["coll"][seat]]
        held = [species for species, holder in enumerate(leaders) if holder == seat]
        scores.append({"seat": seat, **score_parts(counts, held, state["tokens"][seat])})
    return scores
