"""Wild Cards (Board Game Circus, 2020 and 2022 editions) as a pure-Python engine.

Documentation of options, actions, views and rule decisions: README.md here.
"""

from .engine import ENGINE, WildCardsEngine

__all__ = ["ENGINE", "WildCardsEngine"]
