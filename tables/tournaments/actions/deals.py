"""Deals (docs/rules.md R29.3): the players left in a tournament share the prizes still to
be paid by ICM or a chip chop instead of playing on, when every one of them agrees.

1. A player left proposes a deal, by a method (:data:`METHODS`). The tournament pauses as
   a host's pause does (R24.4): the clock stops and every table stops after its hand.
2. When no table is in a hand and nobody is left with no chips to be placed, the offer is
   worked out from the stacks then (``engine.tournament.icm_deal`` or ``chip_chop``) and
   shown to the players; until then it waits (:func:`offer_if_ready`, also called between
   hands by ``tournament_hands.table_due``).
3. Each player agrees to that offer by its number (an answer to an older offer changes
   nothing). When the last one agrees the tournament ends: the players of the deal are
   placed by their chips (equal stacks share a place) and paid what they agreed; everyone
   out before them is paid by place, as always.
4. Any player of the deal, or a host, may decline: the offer is gone and, if the deal
   paused the tournament, the clock and the tables go on.

Everything happens under the tournament's row lock, like every tournament change, and the
deal is stored on the tournament (``Tournament.deal``), so any process may answer it.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from engine import tournament as rules
from pokerclub import access
from tables.play.actions.common import broadcast_on_commit, table_seats
from tables.play.notices import DEAL_DECLINED, DEAL_OFFERED
from tables.tournaments.actions.common import (
    deal_open,
    lock_tournament,
    prize_pool,
    reading,
    restart_clock,
    save_changed,
    shares,
    tables_of,
)
from tables.tournaments.actions.ending import finish
from tables.tournaments.error_codes import TournamentError, TournamentErrorCode
from tables.tournaments.models import Tournament, TournamentEntry

METHODS = {"icm": gettext_lazy("ICM deal"), "chop": gettext_lazy("chip chop")}
"""R29.1 and R29.2, by the code a proposal names."""

MOST_PLAYERS = 10
"""The most players of a deal (ICM is exact over every finishing order: 2^n states)."""


def why_no_deal(tournament: Tournament, now: Any) -> str | None:
    """Why the players left may not propose a deal now, or ``None`` when they may: the
    tournament runs and allows deals, nobody can enter, rebuy or add on any more (the
    chips in play are final), two to ten are left, and no other deal is open."""
    if tournament.status != Tournament.Status.RUNNING:
        return _("Only a running tournament can end in a deal.")
    if not tournament.deals_allowed:
        return _("This tournament does not allow deals.")
    if tournament.in_person:  # its stacks are on a real table, not here
        return _("At a real table a deal is made at the table, where the chips are.")
    if deal_open(tournament):
        return _("A deal is already proposed: answer it first.")
    clock_now = reading(tournament, now)
    assert clock_now is not None  # it runs
    if rules.registration_open(clock_now, tournament.late_until_level):
        return _("A deal can be made once late registration is over.")
    if tournament.rebuy_until_level and clock_now.level <= tournament.rebuy_until_level:
        return _("A deal can be made once the rebuys are over.")
    if tournament.add_on_after_level and clock_now.level <= tournament.add_on_after_level:
        return _("A deal can be made once the add-on is over.")
    statuses = list(
        tournament.entries.filter(
            status__in=(TournamentEntry.Status.PLAYING, TournamentEntry.Status.BUSTED)
        ).values_list("status", flat=True)
    )
    if TournamentEntry.Status.BUSTED in statuses:
        return _("A deal can be made once every player with no chips is out.")
    if not 2 <= len(statuses) <= MOST_PLAYERS:
        return _("A deal is for two to %(most)s players left.") % {"most": MOST_PLAYERS}
    return None


@transaction.atomic
def propose(user: Any, tournament_id: int, method: str, now: Any = None) -> None:
    """A player left proposes a deal by ``method`` (R29.3): the tournament pauses, and the
    offer is worked out as soon as no table is in a hand."""
    now = now or timezone.now()
    if method not in METHODS:
        raise TournamentError(
            TournamentErrorCode.BAD_FIELD, _("Choose an ICM deal or a chip chop.")
        )
    tournament = lock_tournament(tournament_id)
    if not tournament.entries.filter(user=user, status=TournamentEntry.Status.PLAYING).exists():
        raise TournamentError(
            TournamentErrorCode.NOT_ALLOWED,
            _("Only the players left in the tournament can propose a deal."),
        )
    refusal = why_no_deal(tournament, now)
    if refusal is not None:
        raise TournamentError(TournamentErrorCode.NOT_ALLOWED, refusal)
    last = tournament.deal or {}
    tournament.deal = {
        "number": int(last.get("number", 0)) + 1,
        "method": method,
        "by": user.pk,
        "state": "waiting",
        "resume": tournament.paused_at is None,
        "players": [],
    }
    if tournament.paused_at is None:
        tournament.paused_at = now
    offer_if_ready(tournament)
    save_changed(tournament, ["deal", "paused_at"])


def offer_if_ready(tournament: Tournament) -> bool:
    """Work out a waiting deal's offer (R29.3.2) when no table of the tournament is in a
    hand and every player left has chips (a bust not yet placed waits for its table).
    Called under the tournament's lock; the caller saves the tournament."""
    deal = tournament.deal
    if not deal or deal.get("state") != "waiting":
        return False
    tables = tables_of(tournament, playing=False)
    if any(t.in_hand for t in tables):
        return False
    chips = {s.user_id: s.stack for t in tables for s in table_seats(t) if s.user_id is not None}
    left = list(tournament.entries.filter(status=TournamentEntry.Status.PLAYING).order_by("pk"))
    if len(left) < 2 or any(chips.get(e.user_id, 0) <= 0 for e in left):
        return False
    entries = list(tournament.entries.all())
    paid = rules.prizes(prize_pool(tournament, entries), shares(tournament, len(entries)))
    stacks = [chips[e.user_id] for e in left]
    share = rules.icm_deal if deal["method"] == "icm" else rules.chip_chop
    amounts = share(stacks, paid)
    deal["players"] = [
        {"entry": e.pk, "user": e.user_id, "chips": c, "amount": a, "agreed": False}
        for e, c, a in zip(left, stacks, amounts, strict=True)
    ]
    deal["state"] = "offered"
    _tell_tables(tables, DEAL_OFFERED, {"method": deal["method"]})
    return True


def _tell_tables(tables: list[Any], notice: str, args: dict[str, Any]) -> None:
    """A notice to everyone at ``tables``, written in each one's language by their socket
    (``tables.play.notices.notice_text``)."""
    for table in tables:
        broadcast_on_commit(table.pk, {"type": "table.notice", "notice": notice, "args": args})


def _open_deal(tournament: Tournament, number: Any) -> dict[str, Any]:
    deal = tournament.deal
    if not deal_open(tournament) or deal is None:
        raise TournamentError(TournamentErrorCode.NOT_ALLOWED, _("There is no deal to answer."))
    if type(number) is not int or number != deal["number"]:
        raise TournamentError(
            TournamentErrorCode.STALE_VERSION, _("This deal has changed: look at it again.")
        )
    return deal


@transaction.atomic
def agree(user: Any, tournament_id: int, number: Any, now: Any = None) -> bool:
    """A player of the offer agrees to it (R29.3.3); the last one's agreement ends the
    tournament. Returns whether it ended."""
    now = now or timezone.now()
    tournament = lock_tournament(tournament_id)
    deal = _open_deal(tournament, number)
    if deal["state"] != "offered":
        raise TournamentError(
            TournamentErrorCode.NOT_ALLOWED,
            _("The offer is being worked out: the tables finish their hands first."),
        )
    mine = [p for p in deal["players"] if p["user"] == user.pk]
    if not mine:
        raise TournamentError(
            TournamentErrorCode.NOT_ALLOWED, _("Only the players of the deal can agree to it.")
        )
    for part in mine:
        part["agreed"] = True
    if not all(p["agreed"] for p in deal["players"]):
        save_changed(tournament, ["deal"])
        return False
    tables = tables_of(tournament, playing=False)
    seats = {t.pk: table_seats(t) for t in tables}
    chips = {s.user_id: s.stack for t in tables for s in seats[t.pk] if s.user_id is not None}
    entries = {e.pk: e for e in tournament.entries.filter(status=TournamentEntry.Status.PLAYING)}
    players = deal["players"]
    if (
        any(t.in_hand for t in tables)
        or set(entries) != {p["entry"] for p in players}
        or any(chips.get(p["user"]) != p["chips"] for p in players)
    ):  # cannot happen while paused; if it did, the offer would be out of date
        deal["state"] = "waiting"
        offer_if_ready(tournament)
        save_changed(tournament, ["deal"])
        raise TournamentError(
            TournamentErrorCode.STALE_VERSION, _("The stacks changed: look at the deal again.")
        )
    top = rules.places_by_chips({entries[p["entry"]]: p["chips"] for p in players})
    deal["state"] = "done"
    if tournament.paused_at is not None:
        tournament.paused_seconds += (now - tournament.paused_at).total_seconds()
        tournament.paused_at = None
    tournament.save(update_fields=["deal", "paused_at", "paused_seconds"])
    finish(tournament, tables, seats, now, top, {p["entry"]: p["amount"] for p in players})
    return True


@transaction.atomic
def decline(user: Any, tournament_id: int, number: Any, now: Any = None) -> None:
    """A player of the deal, or a host, declines it (R29.3.4): play goes on."""
    now = now or timezone.now()
    tournament = lock_tournament(tournament_id)
    deal = _open_deal(tournament, number)
    playing = tournament.entries.filter(user=user, status=TournamentEntry.Status.PLAYING).exists()
    if not playing and not access.is_host(user, tournament.club_id):
        raise TournamentError(
            TournamentErrorCode.NOT_ALLOWED,
            _("Only the players of the deal or a host can decline it."),
        )
    deal["state"] = "declined"
    deal["declined_by"] = user.pk
    fields = ["deal"]
    if deal.get("resume") and tournament.paused_at is not None:
        fields += restart_clock(tournament, now)
    _tell_tables(tables_of(tournament, playing=False), DEAL_DECLINED, {"name": str(user)})
    save_changed(tournament, fields)
