"""The only code that changes game nights. Each public function is one transaction: it
checks its input and the actor's role (read in the transaction) first, raising
:class:`~tables.nights.error_codes.NightError` before anything changes, locks the night's row,
changes it, bumps its ``version``, and mails whoever must be told after commit."""

from tables.nights.actions.answers import answer
from tables.nights.actions.deciding import decide, decide_due
from tables.nights.actions.feeds import feed_of, set_mail_choice
from tables.nights.actions.opening import link_tournament, open_games
from tables.nights.actions.planning import NightPlan, cancel_night, change_night, plan_nights
from tables.nights.actions.reminders import remind_due
from tables.nights.actions.seasons import SeasonPlan, create_season

__all__ = [
    "NightPlan",
    "SeasonPlan",
    "answer",
    "cancel_night",
    "change_night",
    "create_season",
    "decide",
    "decide_due",
    "feed_of",
    "link_tournament",
    "open_games",
    "plan_nights",
    "remind_due",
    "set_mail_choice",
]
