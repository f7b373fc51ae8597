"""Ratings: pools, Elo maths (pure, in elo.py), stored changes, recompute."""
