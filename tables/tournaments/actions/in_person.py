"""A tournament at a real table (``Tournament.in_person``): no online tables, the clock on a
screen (``templates/tournaments/clock.html``) and a host's phone writing down what happens:
busts (each player's place, R27), rebuys and add-ons (R25), a level moved on or back or one
more added (R24). The end places and pays everyone and writes the result to the club's
money book, as an online tournament's end does (``tables.tournaments.actions.ending``).

Every action locks the tournament row, checks the host's role and the version the phone
showed (a second tap changes nothing), and saves a new version, so the clock page and the
lobby follow."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from engine import tournament as rules
from tables.play.engine_text import engine_text
from tables.tournaments.actions.common import (
    ACTIVE,
    _require_host,
    lock_tournament,
    played_seconds,
    reading,
    save_changed,
    schedule_of,
)
from tables.tournaments.actions.ending import finish
from tables.tournaments.error_codes import TournamentError, TournamentErrorCode
from tables.tournaments.models import Tournament, TournamentEntry

MOST_LEVELS = 60


def _running(actor: Any, tournament_id: int, version: int | None) -> Tournament:
    tournament = lock_tournament(tournament_id)
    _require_host(actor, tournament)
    if not tournament.in_person:
        raise TournamentError(
            TournamentErrorCode.NOT_ALLOWED, _("Only a tournament at a real table is kept by hand.")
        )
    if tournament.status != Tournament.Status.RUNNING:
        raise TournamentError(TournamentErrorCode.NOT_ALLOWED, _("The tournament is not running."))
    if version is not None and version != tournament.version:
        raise TournamentError(
            TournamentErrorCode.STALE_VERSION,
            _("The tournament changed meanwhile: look again, then tap."),
        )
    return tournament


def _entry_of(tournament: Tournament, user_id: Any, *statuses: str) -> TournamentEntry:
    entry = (
        tournament.entries.filter(user_id=user_id, status__in=statuses).order_by("-number").first()
        if isinstance(user_id, int) and not isinstance(user_id, bool)
        else None
    )
    if entry is None:
        raise TournamentError(TournamentErrorCode.NOT_ENTERED, _("That player is not in it."))
    return entry


@transaction.atomic
def bust(actor: Any, tournament_id: int, user_id: Any, version: int | None = None,
         now: Any = None) -> TournamentEntry:  # fmt: skip
    """A player is out of chips: out, in the next place from the bottom (R27.1), or, while
    rebuys are open, waiting to rebuy (R25.2). When one player is left and nobody can
    enter any more, the tournament ends: places, prizes and the money book."""
    now = now or timezone.now()
    tournament = _running(actor, tournament_id, version)
    entry = _entry_of(tournament, user_id, TournamentEntry.Status.PLAYING)
    clock_now = reading(tournament, now)
    assert clock_now is not None
    _close_rebuys(tournament, clock_now)
    tournament.eliminations += 1
    entry.busted_order = tournament.eliminations
    entry.start_stack = 0  # one at a time: nobody shares the place
    can_rebuy = rules.may_rebuy(
        clock_now, stack=0, starting_stack=tournament.starting_stack, rebuys=entry.rebuys,
        limit=tournament.rebuy_limit, until_level=tournament.rebuy_until_level,
    ) is None  # fmt: skip
    entry.status = TournamentEntry.Status.BUSTED if can_rebuy else TournamentEntry.Status.OUT
    entry.save(update_fields=["busted_order", "start_stack", "status"])
    if not can_rebuy:
        tournament.seat_draw = [d for d in tournament.seat_draw if d["user"] != entry.user_id]
    save_changed(tournament, ["eliminations", "seat_draw"])
    _finish_if_won(tournament, clock_now, now)
    return entry


def _close_rebuys(tournament: Tournament, clock_now: rules.ClockReading) -> None:
    """Players waiting to rebuy once rebuys have closed are out, in the order they busted."""
    if tournament.rebuy_until_level and clock_now.level <= tournament.rebuy_until_level:
        return
    waiting = tournament.entries.filter(status=TournamentEntry.Status.BUSTED)
    users = set(waiting.values_list("user_id", flat=True))
    if users:
        waiting.update(status=TournamentEntry.Status.OUT)
        tournament.seat_draw = [d for d in tournament.seat_draw if d["user"] not in users]


def _finish_if_won(tournament: Tournament, clock_now: rules.ClockReading, now: Any) -> None:
    alive = list(tournament.entries.filter(status__in=ACTIVE))
    if len(alive) != 1 or alive[0].status != TournamentEntry.Status.PLAYING:
        return
    if rules.registration_open(clock_now, tournament.late_until_level):
        return
    finish(tournament, [], {}, now, [(1, [alive[0]])])


@transaction.atomic
def record_rebuy(actor: Any, tournament_id: int, user_id: Any, version: int | None = None,
                 now: Any = None) -> TournamentEntry:  # fmt: skip
    """A player buys chips again while rebuys are open (R25.2): with no chips (after a
    bust), or at the starting stack or below; the buy-in goes to the prize pool."""
    now = now or timezone.now()
    tournament = _running(actor, tournament_id, version)
    entry = _entry_of(
        tournament, user_id, TournamentEntry.Status.PLAYING, TournamentEntry.Status.BUSTED
    )
    clock_now = reading(tournament, now)
    assert clock_now is not None
    refusal = rules.may_rebuy(
        clock_now, stack=0 if entry.status == TournamentEntry.Status.BUSTED else
        tournament.starting_stack, starting_stack=tournament.starting_stack,
        rebuys=entry.rebuys, limit=tournament.rebuy_limit,
        until_level=tournament.rebuy_until_level,
    )  # fmt: skip
    if refusal is not None:
        raise TournamentError(TournamentErrorCode.NOT_ALLOWED, engine_text(refusal))
    entry.rebuys += 1
    entry.paid += tournament.buy_in
    entry.status = TournamentEntry.Status.PLAYING
    entry.save(update_fields=["rebuys", "paid", "status"])
    save_changed(tournament, [])
    return entry


@transaction.atomic
def record_add_on(actor: Any, tournament_id: int, user_id: Any, version: int | None = None,
                  now: Any = None) -> TournamentEntry:  # fmt: skip
    """A player takes the add-on in its break (R25.3): its price to the prize pool."""
    now = now or timezone.now()
    tournament = _running(actor, tournament_id, version)
    entry = _entry_of(tournament, user_id, TournamentEntry.Status.PLAYING)
    clock_now = reading(tournament, now)
    assert clock_now is not None
    refusal = rules.may_add_on(
        clock_now, after_level=tournament.add_on_after_level, taken=entry.add_on
    )
    if refusal is not None:
        raise TournamentError(TournamentErrorCode.NOT_ALLOWED, engine_text(refusal))
    entry.add_on = True
    entry.paid += tournament.add_on_price
    entry.save(update_fields=["add_on", "paid"])
    save_changed(tournament, [])
    return entry


@transaction.atomic
def change_level(actor: Any, tournament_id: int, step: Any, version: int | None = None,
                 now: Any = None) -> int:  # fmt: skip
    """The clock jumps to the start of the next level (``step`` 1) or back to the start of
    the one before (-1; from a level's middle, its own start first), keeping a pause. The
    time is moved, not the record: everything else reads the clock from stored times
    (R24.4). Returns the level now played."""
    if step not in (1, -1):
        raise TournamentError(TournamentErrorCode.BAD_FIELD, _("Move one level at a time."))
    now = now or timezone.now()
    tournament = _running(actor, tournament_id, version)
    schedule = schedule_of(tournament)
    clock_now = reading(tournament, now)
    assert clock_now is not None
    played = played_seconds(tournament, now)
    current = clock_now.next_level
    start = rules.level_start(schedule, current)
    if step == 1:
        target = min(current + 1, len(schedule.levels))
    else:
        target = current if played - start > 10 and not clock_now.on_break else max(1, current - 1)
    tournament.paused_seconds += played - rules.level_start(schedule, target)
    save_changed(tournament, ["paused_seconds"])
    return target


@transaction.atomic
def add_level(actor: Any, tournament_id: int, version: int | None = None) -> int:
    """One more level at the end: the last level's blinds and ante doubled, for as long.
    Returns how many levels there are now."""
    tournament = _running(actor, tournament_id, version)
    if len(tournament.levels) >= MOST_LEVELS:
        raise TournamentError(
            TournamentErrorCode.NOT_ALLOWED,
            _("%(count)s levels at most.") % {"count": MOST_LEVELS},
        )
    last = rules.Level.from_json(tournament.levels[-1])
    more = rules.Level(last.small_blind * 2, last.big_blind * 2, ante=last.ante * 2,
                       ante_by_big_blind=last.ante_by_big_blind, minutes=last.minutes)  # fmt: skip
    tournament.levels = [*tournament.levels, more.to_json()]
    save_changed(tournament, ["levels"])
    return len(tournament.levels)
