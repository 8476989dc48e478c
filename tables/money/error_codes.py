"""Error codes of money: every refused request (a payment's mark, a group, the real-table
bank, a ledger import) gets one, and nothing changes."""

from __future__ import annotations

from enum import StrEnum

from pokerclub.errors import Refused


class MoneyErrorCode(StrEnum):
    NOT_ALLOWED = "not_allowed"
    NOT_A_MEMBER = "not_a_member"
    BAD_FIELD = "bad_field"
    NO_SUCH_PAYMENT = "no_such_payment"
    NO_SUCH_GROUP = "no_such_group"
    NO_SUCH_SESSION = "no_such_session"
    NO_SUCH_LINE = "no_such_line"
    NO_SUCH_IMPORT = "no_such_import"
    SETTLEMENT_CHANGED = "settlement_changed"
    ALREADY_GROUPED = "already_grouped"
    GROUP_HAS_PAYMENTS = "group_has_payments"
    SESSION_CLOSED = "session_closed"
    NOT_BOUGHT_IN = "not_bought_in"
    CHIPS_DO_NOT_COUNT = "chips_do_not_count"
    ALREADY_IMPORTED = "already_imported"


class MoneyError(Refused):
    """A refused money request: ``code`` for programs, ``message`` for people."""

    code: MoneyErrorCode

    def __init__(self, code: MoneyErrorCode, message: str) -> None:
        super().__init__(code, message)
