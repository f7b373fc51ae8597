"""Every game, variant and player count the bots must play, and a small game of each to test on."""

from __future__ import annotations

WIZARD_OPTIONS = [
    {},
    {"blind_bids": True},
    {"hidden_bids": True},
    {"dark_wizard": True},
    {"bid_sum_restriction": True},
    {"clairvoyance": True},
    {"monocolor": True},
]

# (game, players, options): each Wizard variant at a player count it allows, the others at every count.
VARIANTS: list[tuple[str, int, dict]] = (
    [("wizard", 2, {}), ("wizard", 2, {"dark_wizard": True}), ("wizard", 2, {"clairvoyance": True})]
    + [("wizard", players, {}) for players in (3, 4, 5, 6)]
    + [("wizard", 3 + index % 2, options) for index, options in enumerate(WIZARD_OPTIONS[1:])]
    + [("wizard", 5, {"blind_bids": True, "clairvoyance": True, "dark_wizard": True})]
    + [("cubirds", players, {}) for players in (2, 3, 4, 5)]
    + [
        ("emu_ranchers", 2, {"years": 1}),
        ("emu_ranchers", 2, {"years": 1, "excuse": True, "pawns": True, "courts": True}),
    ]
    + [("wildcards", players, {}) for players in (2, 3, 4, 5)]
    + [
        ("wildcards", 3, {"edition": "2020"}),
        ("wildcards", 4, {"edition": "2020"}),
        ("wildcards", 5, {"edition": "2020"}),
        ("wildcards", 3, {"leo": True}),
        ("wildcards", 3, {"three_player_removal": "random"}),
    ]
)


def variant_id(variant: tuple[str, int, dict]) -> str:
    game, players, options = variant
    named = ",".join(f"{key}={value}" for key, value in sorted(options.items()))
    return f"{game}-{players}p{'-' + named if named else ''}"
