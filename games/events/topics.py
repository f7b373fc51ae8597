"""The names of the event topics: who hears what."""


def account(user_id: int) -> str:
    """An account's own news: its turns, games started and over, invitations, offers, rounds."""
    return f"account:{user_id}"


def seat(game_id: int, position: int) -> str:
    """A table as one seat sees it: its own hidden cards and moves, nobody else's."""
    return f"game:{game_id}:{position}"


def watch(game_id: int) -> str:
    """A table as a spectator sees it."""
    return f"game:{game_id}:watch"
