"""Tournaments, ratings and leaderboards in the JSON API (/api/v1/): views, URLs, OpenAPI paths."""
