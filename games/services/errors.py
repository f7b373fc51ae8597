from __future__ import annotations


class ActionRejected(Exception):
    """A submission the service refused; nothing was changed.

    `code` is stable (for the API and tests); `message` is for the player, in the active language.
    `words`, when given, is the message as data (`games.services.refusals.words_text`), for a
    refusal kept to be read later by people who may each read another language.
    """

    def __init__(self, code: str, message: str, words: dict | None = None):
        super().__init__(message)
        self.code = code
        self.message = message
        self.words = words
