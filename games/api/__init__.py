"""The versioned JSON API (`/api/v1/`): per-user tokens, stable error codes, rate limits."""
