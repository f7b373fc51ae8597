from __future__ import annotations


class ActionRejected(Exception):
    """A submission the service refused; nothing was changed.

    `code` is stable (for the API and tests); `message` is for the player.
    """

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code
        self.message = message
