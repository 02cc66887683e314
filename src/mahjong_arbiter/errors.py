"""Errors that name exactly what is wrong with the input.

Every problem a user can cause raises :class:`ArbiterError` (or a subclass) with a stable
machine-readable ``code`` and a human ``message``.  The command line prints the message and exits
with status 2; in batch mode it writes ``{"id": ..., "error": {"code": ..., "message": ...}}``.

Codes used by the vocabulary (``HandError``): ``unknown_tile``, ``unknown_token``,
``fifth_copy``, ``tile_count``, ``winning_tile_missing``, ``bad_meld``, ``bad_claim``,
``bad_flowers``, ``bad_wind``, ``bad_context``, ``unknown_field``, ``missing_field``,
``bad_json``, ``bad_event``.  Profiles use ``ProfileError`` (``bad_profile``).
"""

from __future__ import annotations

__all__ = ["ArbiterError", "HandError", "ProfileError", "NotWinningError", "NotFoundError"]


class ArbiterError(ValueError):
    """A problem with the user's input, with a stable ``code`` and a precise ``message``."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def to_dict(self) -> dict[str, str]:
        return {"code": self.code, "message": self.message}


class HandError(ArbiterError):
    """A hand, a tile, a meld or a context that cannot be what it says."""


class ProfileError(ArbiterError):
    """A profile file that cannot be loaded; the message names the file, the rule and the field."""

    def __init__(self, message: str, code: str = "bad_profile") -> None:
        super().__init__(code, message)


class NotWinningError(ArbiterError):
    """A valid hand that cannot be read as a winning hand, or whose score is below the profile's
    minimum (CLI exit status 1, not 2); *code* ``not_winning`` or ``below_minimum``."""

    def __init__(self, message: str, code: str = "not_winning") -> None:
        super().__init__(code, message)

    def __reduce__(self) -> tuple[type[NotWinningError], tuple[str, str]]:
        return type(self), (self.message, self.code)  # the code survives a copy to a worker process


class NotFoundError(ArbiterError):
    """What a web address names (a profile in ``/api/profiles/ID``) does not exist: the web app
    answers 404 with the code and message of the refusal; anywhere else it is bad input (exit 2)."""
