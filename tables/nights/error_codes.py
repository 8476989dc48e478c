"""Error codes of game nights: every refused request gets one, and nothing changes."""

from __future__ import annotations

from enum import StrEnum

from pokerclub.errors import Refused


class NightErrorCode(StrEnum):
    NOT_A_MEMBER = "not_a_member"
    NOT_ALLOWED = "not_allowed"
    NO_SUCH_NIGHT = "no_such_night"
    BAD_FIELD = "bad_field"
    IN_THE_PAST = "in_the_past"
    QUORUM_ABOVE_CAP = "quorum_above_cap"
    TOO_MANY_NIGHTS = "too_many_nights"
    ANSWERS_CLOSED = "answers_closed"
    STALE_VERSION = "stale_version"
    BAD_DATES = "bad_dates"
    SEASON_OVERLAP = "season_overlap"


class NightError(Refused):
    """A refused game-night request: ``code`` for programs, ``message`` for people."""

    code: NightErrorCode

    def __init__(self, code: NightErrorCode, message: str) -> None:
        super().__init__(code, message)
