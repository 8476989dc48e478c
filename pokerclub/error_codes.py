"""Error codes of the club domain: every refused change to a club, its members or its
invitations gets one, and nothing changes."""

from __future__ import annotations

from enum import StrEnum

from pokerclub.errors import Refused


class ClubErrorCode(StrEnum):
    NOT_ALLOWED = "not_allowed"
    NOT_A_MEMBER = "not_a_member"
    ALREADY_MEMBER = "already_member"
    INVITATION_EXPIRED = "invitation_expired"
    INVITATION_REVOKED = "invitation_revoked"
    INVITATION_USED_UP = "invitation_used_up"
    INVITATION_NOT_FOUND = "invitation_not_found"
    OWNER_MUST_STAY = "owner_must_stay"
    BAD_ROLE = "bad_role"
    BAD_INPUT = "bad_input"
    SECOND_FACTOR_NEEDED = "second_factor_needed"
    NOT_A_GUEST = "not_a_guest"


class ClubError(Refused):
    """A refused change to a club, its members or its invitations."""

    code: ClubErrorCode

    def __init__(self, code: ClubErrorCode, message: str) -> None:
        super().__init__(code, message)
