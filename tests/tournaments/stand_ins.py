"""Plain stand-ins for a tournament and its entries, for driving the planner and the formats
without a database (the whole-event simulator, hand-worked places)."""

from types import SimpleNamespace


def stand_in_tournament(fmt: str, seats: tuple[int, int, int], rounds=None, top_cut=0, advance=1) -> SimpleNamespace:
    """`seats`: (preferred, minimum, maximum); place points 4/2/1/0/0 (1/0 at tables of two)."""
    preferred, minimum, maximum = seats
    return SimpleNamespace(
        format=fmt,
        rounds=rounds,
        top_cut=top_cut,
        seats_preferred=preferred,
        seats_min=minimum,
        seats_max=maximum,
        advance_per_table=advance,
        place_points=[4, 2, 1, 0, 0][:maximum] if maximum > 2 else [1, 0],
        bye_points=None,
        schedule=None,
        cut=None,  # no knock-out kept yet: drawn from the standings
    )


def stand_in_entry(pk: int, rating: float, seed: int | None = None) -> SimpleNamespace:
    """Entry `pk`, seeded `pk` unless told (None: a late entrant)."""
    return SimpleNamespace(pk=pk, seed=seed, rating=rating, disqualified=False, dropped_before_round=None)
