"""The only code that changes a tournament (docs/rules.md R24-R29): its public actions.

Every action is one transaction that locks the tournament row first, then its tables in id
order (``common``), and refuses bad input with a code before anything changes. Modules:
``lifecycle`` (creating, entries, rebuys and the add-on, the start, pauses), ``hands`` (what
happens between two hands of its tables: busts, balancing, hand for hand), ``deals`` (R29),
``ending`` (the places, the prizes and the money book), ``in_person`` (a tournament at a real
table, kept by a host's hand), ``common`` (what they share).
"""

from tables.tournaments.actions.common import (
    hand_for_hand,
    prize_pool,
    reading,
    schedule_of,
    shares,
)
from tables.tournaments.actions.deals import agree, decline, propose, why_no_deal
from tables.tournaments.actions.ending import finish, finishing_order
from tables.tournaments.actions.hands import table_due
from tables.tournaments.actions.lifecycle import (
    Settings,
    add_on,
    cancel,
    check_settings,
    create_tournament,
    pause,
    rebuy,
    register,
    resume,
    start_due,
    start_now,
    unregister,
)

__all__ = [
    "Settings",
    "add_on",
    "agree",
    "cancel",
    "check_settings",
    "create_tournament",
    "decline",
    "finish",
    "finishing_order",
    "hand_for_hand",
    "pause",
    "prize_pool",
    "propose",
    "reading",
    "rebuy",
    "register",
    "resume",
    "schedule_of",
    "shares",
    "start_due",
    "start_now",
    "table_due",
    "unregister",
    "why_no_deal",
]
