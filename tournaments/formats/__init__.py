"""Pairing and advancement for each tournament format: pure Python, no Django import.

Players are plain hashable ids (ints or strings); results come in as finishing ranks
(1 = first, equal ranks for shared places), exactly as `engine.result()` gives them.

- `tables`: how many tables of which sizes, and how many byes.
- `scoring`: points per finishing place, shared places sharing points.
- `swiss`: Swiss rounds at multiplayer tables, standings with tie-breaks, top cut.
- `round_robin`: Berger tables for 2 players, resolvable designs (`designs/`) or covering schedules
  for 3-6-player tables.
- `elimination`: single elimination (2-player and multiplayer), double elimination.
"""
