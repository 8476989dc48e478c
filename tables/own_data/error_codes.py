"""Error codes of a member's own data: every refused erasure gets one, and nothing changes."""

from __future__ import annotations

from enum import StrEnum

from pokerclub.errors import Refused


class OwnDataErrorCode(StrEnum):
    OWNS_A_CLUB = "owns_a_club"
    STILL_PLAYING = "still_playing"
    ALREADY_ERASED = "already_erased"
    NOT_ALLOWED = "not_allowed"
    WRONG_CONFIRMATION = "wrong_confirmation"


class OwnDataError(Refused):
    """A refused erasure: ``code`` for programs, ``message`` for people."""

    code: OwnDataErrorCode

    def __init__(self, code: OwnDataErrorCode, message: str) -> None:
        super().__init__(code, message)
