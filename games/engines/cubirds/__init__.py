"""CuBirds (first part of `seeds/003_...`, Dutch): see README.md in this package."""

from games.engines.cubirds.engine import ENGINE, CubirdsEngine

__all__ = ["ENGINE", "CubirdsEngine"]
