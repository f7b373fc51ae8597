"""The tournaments app's models; ratings live in tournaments/ratings/models.py."""

from tournaments.ratings.models import Rating, RatingChange  # noqa: F401
