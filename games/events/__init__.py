"""Events pushed to API clients: what happened to an account and at a table.

The database stays the truth; these are notices of it, written to Redis after
each commit (`publish`), kept a while per topic so that a client that
reconnects gets what it missed, and read by the streaming views
(`games.api.views_stream`) through one subscription per server process (`hub`).
"""
