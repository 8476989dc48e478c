"""Running tournaments (docs/rules.md R24-R29; the decisions are ``engine.tournament``'s).

The database is the only truth: a tournament's clock is read from its stored start and
pauses (R24.4), its tables are ordinary tables that deal hands the usual way
(``tables.play.actions.hand``), and everything that concerns more than one table happens here,
between two hands of a table, in one transaction that locks the tournament row first and
then the tables it touches. A table's own transactions (an action, a timeout) lock only that
table and never the tournament, so the two kinds cannot deadlock; and the tournament's lock
makes its changes one at a time, with any number of server and clock processes.

Here: creating a tournament, entries (registration, late entries, re-entries, rebuys, the
add-on), the start, pauses and reading the clock. What happens between two hands of its
tables (busts, balancing, the end) is ``tables.tournaments.actions.hands``.

A tournament's chips are never money: no ledger row is written for them. The money is in
the entries (what each paid and won) and reaches the club's money book as the
tournament's result (``SessionNet``) when it ends.
"""

from __future__ import annotations

import math
import secrets
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from engine import tournament as rules
from engine.errors import EngineError
from engine.games import rules as game_rules
from pokerclub import access
from pokerclub.errors import Refused
from pokerclub.models import Club
from tables.play.actions.between_hands import (
    schedule_next_hand,
    seats_in_hand,
)
from tables.play.actions.common import commit_change, lock_table, table_seats
from tables.play.engine_text import engine_text
from tables.play.models import GameChoice, Seat, Structure, Table
from tables.tournaments.actions.common import (
    ACTIVE,
    _require_host,
    blinds_of,
    deal_open,
    hold,
    lock_tournament,
    reading,
    restart_clock,
    save_changed,
    schedule_of,
    seatings,
    tables_of,
    take_seat,
)
from tables.tournaments.error_codes import TournamentError, TournamentErrorCode
from tables.tournaments.models import Tournament, TournamentEntry

# ---------------------------------------------------------------- reading a tournament


# ---------------------------------------------------------------- creating


@dataclass(frozen=True)
class Settings:
    """What a host sets (validated by :func:`check_settings`)."""

    name: str
    buy_in: int
    starting_stack: int
    levels: tuple[rules.Level, ...]
    fee: int = 0
    game: str = GameChoice.HOLDEM
    structure: str = Structure.NO_LIMIT
    seats_per_table: int = 9
    break_every: int = 0
    break_minutes: int = 5
    late_until_level: int = 0
    rebuy_until_level: int = 0
    rebuy_limit: int = 0
    add_on_after_level: int = 0
    add_on_price: int = 0
    add_on_chips: int = 0
    entries_per_player: int = 1
    payout: tuple[int, ...] = ()
    start_mode: str = Tournament.StartMode.SIT_AND_GO
    start_players: int = 0
    starts_at: Any = None
    action_seconds: int = 30
    deals_allowed: bool = True
    in_person: bool = False


CHIPS_MAX = 2**31 - 1
"""The most a blind or an ante can be (the table's columns)."""


def _whole(value: Any, name: str, least: int = 0, most: int = 10**12) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not least <= value <= most:
        raise TournamentError(
            TournamentErrorCode.BAD_FIELD,
            _("'%(field)s' must be a whole number from %(least)s to %(most)s.")
            % {"field": name, "least": least, "most": most},
        )
    return value


def check_settings(values: Settings) -> None:
    """Refuse what cannot run, with a message that names it; nothing is created."""
    if not values.name.strip() or len(values.name) > 60:
        raise TournamentError(
            TournamentErrorCode.BAD_FIELD,
            _("A tournament needs a name of at most 60 characters."),
        )
    if values.game not in GameChoice.values or values.structure not in Structure.values:
        raise TournamentError(TournamentErrorCode.BAD_FIELD, _("Unknown game or structure."))
    _whole(values.buy_in, "buy_in")
    _whole(values.fee, "fee")
    _whole(values.starting_stack, "starting_stack", 2, 10**9)
    most = game_rules(values.game).seats_for(1)
    _whole(values.seats_per_table, "seats_per_table", 2, min(10, most))
    try:
        schedule = rules.Schedule(
            tuple(
                rules.Level(
                    small_blind=_whole(level.small_blind, "small_blind", 0, CHIPS_MAX),
                    big_blind=_whole(level.big_blind, "big_blind", 0, CHIPS_MAX),
                    ante=_whole(level.ante, "ante", 0, CHIPS_MAX),
                    ante_by_big_blind=bool(level.ante_by_big_blind),
                    minutes=_whole(level.minutes, "minutes", 0, 10**4),
                )
                for level in values.levels
            ),
            break_every=_whole(values.break_every, "break_every", 0, 100),
            break_minutes=_whole(values.break_minutes, "break_minutes", 0, 1000),
        )
    except EngineError as error:
        raise TournamentError(
            TournamentErrorCode.BAD_FIELD,
            # Translators: %(problem)s says what is wrong with the levels
            _("Blind structure: %(problem)s.") % {"problem": engine_text(error.message)},
        ) from None
    except AttributeError:
        raise TournamentError(
            TournamentErrorCode.BAD_FIELD,
            _("Each level has small_blind, big_blind, ante and minutes."),
        ) from None
    count = len(schedule.levels)
    # the last level lasts until the end: what is open "until level N" must close before it
    for name in ("late_until_level", "rebuy_until_level", "add_on_after_level"):
        _whole(getattr(values, name), name, 0, count - 1)
    if values.add_on_after_level and not schedule.has_break_after(values.add_on_after_level):
        raise TournamentError(
            TournamentErrorCode.BAD_FIELD,
            _("There is no break after level %(level)s for the add-on.")
            % {"level": values.add_on_after_level},
        )
    if values.add_on_after_level and not values.add_on_chips:
        raise TournamentError(TournamentErrorCode.BAD_FIELD, _("An add-on gives some chips."))
    _whole(values.add_on_price, "add_on_price")
    _whole(values.add_on_chips, "add_on_chips", 0, 10**9)
    _whole(values.rebuy_limit, "rebuy_limit", 0, 1000)
    _whole(values.entries_per_player, "entries_per_player", 1, 100)
    _whole(values.action_seconds, "action_seconds", 5, 600)
    if values.entries_per_player > 1 and not values.late_until_level:
        raise TournamentError(
            TournamentErrorCode.BAD_FIELD,
            _("Re-entry needs late registration: it is a new entry."),
        )
    if values.start_mode == Tournament.StartMode.SIT_AND_GO:
        _whole(values.start_players, "start_players", 2, 1000)
    elif values.start_mode == Tournament.StartMode.SCHEDULED:
        if values.starts_at is None:
            raise TournamentError(
                TournamentErrorCode.BAD_FIELD, _("A scheduled tournament needs a start time.")
            )
    else:
        raise TournamentError(TournamentErrorCode.BAD_FIELD, _("Unknown start mode."))
    if values.payout:
        try:
            for share in values.payout:
                _whole(share, "payout", 0, rules.BASIS)
            # a sit & go knows its field; a scheduled one is checked again at its start
            field = values.start_players or len(values.payout)
            rules.check_payout(values.payout, field)
        except EngineError as error:
            raise TournamentError(
                TournamentErrorCode.BAD_FIELD,
                # Translators: %(problem)s says what is wrong with the payouts
                _("Payouts: %(problem)s.") % {"problem": engine_text(error.message)},
            ) from None


@transaction.atomic
def create_tournament(actor: Any, club: Club, values: Settings) -> Tournament:
    """A host creates a tournament in the club (registration opens at once)."""
    if not access.is_host(actor, club):
        raise TournamentError(
            TournamentErrorCode.NOT_ALLOWED,
            _("Only the club's owner or a host can create tournaments."),
        )
    check_settings(values)
    return Tournament.objects.create(
        club=club,
        created_by=actor,
        name=values.name.strip(),
        game=values.game,
        structure=values.structure,
        buy_in=values.buy_in,
        fee=values.fee,
        starting_stack=values.starting_stack,
        seats_per_table=values.seats_per_table,
        levels=[level.to_json() for level in values.levels],
        break_every=values.break_every,
        break_minutes=values.break_minutes,
        late_until_level=values.late_until_level,
        rebuy_until_level=values.rebuy_until_level,
        rebuy_limit=values.rebuy_limit,
        add_on_after_level=values.add_on_after_level,
        add_on_price=values.add_on_price,
        add_on_chips=values.add_on_chips,
        entries_per_player=values.entries_per_player,
        payout=list(values.payout),
        start_mode=values.start_mode,
        start_players=values.start_players,
        starts_at=values.starts_at,
        action_seconds=values.action_seconds,
        deals_allowed=values.deals_allowed,
        in_person=values.in_person,
    )


# ---------------------------------------------------------------- locking


# ---------------------------------------------------------------- registering


@transaction.atomic
def register(user: Any, tournament_id: int, now: Any = None) -> TournamentEntry:
    """A member enters (R25.1): before the start, or during late registration (seated at
    once); a re-entry is a new entry, after the last one went out, up to the host's
    number of entries per player. A sit & go starts when the last seat is taken."""
    now = now or timezone.now()
    tournament = lock_tournament(tournament_id)
    if access.membership_of(user, tournament.club) is None:
        raise TournamentError(
            TournamentErrorCode.NOT_A_MEMBER, _("Only members of the club can enter.")
        )
    if tournament.status not in (Tournament.Status.REGISTERING, Tournament.Status.RUNNING):
        raise TournamentError(TournamentErrorCode.NOT_ALLOWED, _("This tournament is over."))
    if not rules.registration_open(reading(tournament, now), tournament.late_until_level):
        raise TournamentError(TournamentErrorCode.NOT_ALLOWED, _("Registration is closed."))
    mine = list(tournament.entries.filter(user=user).order_by("number"))
    if any(e.status in (TournamentEntry.Status.REGISTERED, *ACTIVE) for e in mine):
        raise TournamentError(
            TournamentErrorCode.ALREADY_ENTERED, _("You are already in this tournament.")
        )
    if len(mine) >= tournament.entries_per_player:
        raise TournamentError(TournamentErrorCode.NOT_ALLOWED,
            _("No more entries: one per player.") if tournament.entries_per_player == 1 else
            _("No more entries: %(count)s per player.")
            % {"count": tournament.entries_per_player})  # fmt: skip
    entry = TournamentEntry.objects.create(
        tournament=tournament,
        user=user,
        number=len(mine) + 1,
        paid=tournament.buy_in + tournament.fee,
        registered_at=now,
    )
    if tournament.status == Tournament.Status.RUNNING:
        _seat_late(tournament, entry, now)
    elif (
        tournament.start_mode == Tournament.StartMode.SIT_AND_GO
        and tournament.entries.count() >= tournament.start_players
    ):
        _start(tournament, now)
    save_changed(tournament, [])
    return entry


@transaction.atomic
def unregister(user: Any, tournament_id: int) -> None:
    """Take one's entry back before the start (nothing was paid to anyone yet)."""
    tournament = lock_tournament(tournament_id)
    if tournament.status != Tournament.Status.REGISTERING:
        raise TournamentError(
            TournamentErrorCode.NOT_ALLOWED, _("The tournament has started: an entry stays.")
        )
    entry = tournament.entries.filter(user=user, status=TournamentEntry.Status.REGISTERED).first()
    if entry is None:
        raise TournamentError(TournamentErrorCode.NOT_ENTERED, _("You are not registered."))
    entry.delete()
    save_changed(tournament, [])


@transaction.atomic
def start_now(actor: Any, tournament_id: int, now: Any = None) -> None:
    """The host starts a tournament before its time (or a sit & go before it fills)."""
    tournament = lock_tournament(tournament_id)
    _require_host(actor, tournament)
    if tournament.status != Tournament.Status.REGISTERING:
        raise TournamentError(
            TournamentErrorCode.NOT_ALLOWED, _("The tournament has already started.")
        )
    _start(tournament, now or timezone.now())
    save_changed(tournament, [])


@transaction.atomic
def cancel(actor: Any, tournament_id: int) -> None:
    """The host cancels a tournament before it starts (the entries are taken back)."""
    tournament = lock_tournament(tournament_id)
    _require_host(actor, tournament)
    if tournament.status != Tournament.Status.REGISTERING:
        raise TournamentError(
            TournamentErrorCode.NOT_ALLOWED, _("A tournament that has started is played out.")
        )
    tournament.entries.all().delete()
    tournament.status = Tournament.Status.CANCELLED
    save_changed(tournament, ["status"])


def start_due(now: Any = None) -> int:
    """The clock's job: start every scheduled tournament whose time has come (each in its
    own transaction; a tournament that cannot start yet stays registering). Returns how
    many started."""
    now = now or timezone.now()
    due = Tournament.objects.filter(
        status=Tournament.Status.REGISTERING,
        start_mode=Tournament.StartMode.SCHEDULED,
        starts_at__lte=now,
    ).values_list("pk", flat=True)
    started = 0
    for pk in list(due):
        try:
            with transaction.atomic():
                tournament = lock_tournament(pk)
                if tournament.status == Tournament.Status.REGISTERING:  # compare-and-set
                    _start(tournament, now)
                    save_changed(tournament, [])
                    started += 1
        except Refused:
            continue  # too few entries for its payout: the lobby says so
    return started


def _start(tournament: Tournament, now: Any) -> None:
    """Seat the registered entries at random (``secrets``) on as few tables as hold them,
    as evenly as they go, and start the clock."""
    entries = list(tournament.entries.filter(status=TournamentEntry.Status.REGISTERED))
    if len(entries) < 2:
        raise TournamentError(
            TournamentErrorCode.NOT_ALLOWED, _("A tournament needs two entries to start.")
        )
    if tournament.payout:
        try:
            rules.check_payout(tournament.payout, len(entries))
        except EngineError as error:
            raise TournamentError(
                TournamentErrorCode.NOT_ALLOWED,
                _("Payouts: %(problem)s.") % {"problem": engine_text(error.message)},
            ) from None
    secrets.SystemRandom().shuffle(entries)
    count = math.ceil(len(entries) / tournament.seats_per_table)
    if tournament.in_person:  # at a real table: the seat draw, and the clock runs
        draw = []
        for number in range(1, count + 1):
            group = entries[number - 1 :: count]
            chairs = sorted(
                secrets.SystemRandom().sample(range(1, tournament.seats_per_table + 1), len(group))
            )
            draw += [{"user": e.user_id, "table": number, "seat": c}
                     for c, e in zip(chairs, group, strict=True)]  # fmt: skip
        TournamentEntry.objects.filter(pk__in=[e.pk for e in entries]).update(
            status=TournamentEntry.Status.PLAYING
        )
        tournament.seat_draw = sorted(draw, key=lambda d: (d["table"], d["seat"]))
        tournament.status = Tournament.Status.RUNNING
        tournament.started_at = now
        tournament.save(update_fields=["seat_draw", "status", "started_at"])
        return
    level = schedule_of(tournament).levels[0]
    for number in range(1, count + 1):
        group = entries[number - 1 :: count]
        table = _open_table(tournament, number, level)
        chairs = sorted(
            secrets.SystemRandom().sample(range(1, tournament.seats_per_table + 1), len(group))
        )
        seats = {s.number: s for s in table_seats(table)}
        for chair, entry in zip(chairs, group, strict=True):
            take_seat(seats[chair], entry.user_id, tournament.starting_stack)
        entry_ids = [e.pk for e in group]
        TournamentEntry.objects.filter(pk__in=entry_ids).update(
            status=TournamentEntry.Status.PLAYING
        )
        seated = table_seats(table)
        commit_change(table, seated, fields=schedule_next_hand(table, seated, now))
    tournament.status = Tournament.Status.RUNNING
    tournament.started_at = now
    tournament.save(update_fields=["status", "started_at"])


def _open_table(tournament: Tournament, number: int, level: rules.Level) -> Table:
    table = Table.objects.create(
        club=tournament.club,
        created_by=tournament.created_by,
        # "Friday cup #2": a name is stored once and read in every language, so it holds
        # no word of one (the table's page says "table 2" in its reader's)
        name=f"{tournament.name} #{number}",
        tournament=tournament,
        tournament_number=number,
        game=tournament.game,
        structure=tournament.structure,
        max_seats=tournament.seats_per_table,
        action_seconds=tournament.action_seconds,
        time_bank_seconds=0,
        min_buy_in=tournament.starting_stack,
        max_buy_in=tournament.starting_stack,
        # a player back from a rebuy whose big blind passed while they had no chips waits
        # for it (R2.6), so the blinds keep their order; moved and late players owe none
        new_player_policy="wait",
        **blinds_of(level),
    )
    Seat.objects.bulk_create(Seat(table=table, number=n) for n in range(1, table.max_seats + 1))
    return table


def _seat_late(tournament: Tournament, entry: TournamentEntry, now: Any) -> None:
    """A late entry sits at the table with the fewest players, in the seat where it posts
    the big blind soonest (R28.3); a table opens if every seat is taken. At a real table
    the entry draws a free seat (``secrets``), in a new table's if every seat is taken."""
    if tournament.in_person:
        taken = {(d["table"], d["seat"]) for d in tournament.seat_draw}
        tables = max((d["table"] for d in tournament.seat_draw), default=0)
        free = [(t, c) for t in range(1, tables + 1)
                for c in range(1, tournament.seats_per_table + 1) if (t, c) not in taken]  # fmt: skip
        table, chair = secrets.choice(free) if free else (tables + 1, 1)
        tournament.seat_draw = sorted(
            [d for d in tournament.seat_draw if d["user"] != entry.user_id]
            + [{"user": entry.user_id, "table": table, "seat": chair}],
            key=lambda d: (d["table"], d["seat"]),
        )
        tournament.save(update_fields=["seat_draw"])
        entry.status = TournamentEntry.Status.PLAYING
        entry.save(update_fields=["status"])
        return
    tables = tables_of(tournament, playing=False)
    seats = {t.pk: table_seats(t) for t in tables}
    open_tables = [
        t for t, s in zip(tables, seatings(tables, seats), strict=True) if s.free_seats()
    ]
    if not open_tables:
        number = max((t.tournament_number or 0) for t in tables) + 1 if tables else 1
        level = schedule_of(tournament).levels[reading(tournament, now).next_level - 1]  # type: ignore[union-attr]
        table = _open_table(tournament, number, level)
        tables.append(lock_table(table.pk))
        seats[table.pk] = table_seats(table)
        open_tables = [tables[-1]]
    by_number = {t.tournament_number or t.pk: t for t in open_tables}
    views = [s for s in seatings(open_tables, seats)]
    target = min(views, key=lambda v: (len(v.players), v.number))
    chair = min(target.free_seats(), key=lambda c: (rules.hands_until_big_blind(target, c), c))
    table = hold(tables, seats, by_number[target.number].pk)
    seat = next(s for s in seats[table.pk] if s.number == chair)
    take_seat(seat, entry.user_id, tournament.starting_stack)
    entry.status = TournamentEntry.Status.PLAYING
    entry.save(update_fields=["status"])
    seated = table_seats(table)
    commit_change(table, seated, fields=schedule_next_hand(table, seated, now))


# ---------------------------------------------------------------- rebuys and the add-on


def _entry(tournament: Tournament, user: Any) -> TournamentEntry:
    entry = tournament.entries.filter(user=user, status__in=ACTIVE).first()
    if entry is None:
        raise TournamentError(
            TournamentErrorCode.NOT_ENTERED, _("You are not playing in this tournament.")
        )
    return entry


def _seat_of(tournament: Tournament, user_id: int) -> tuple[Table, Seat]:
    """The player's table, locked, and their seat (only the tournament's changes, under its
    lock, move a player, so where they sit does not change meanwhile)."""
    table_id = (
        Seat.objects.filter(table__tournament=tournament, user_id=user_id)
        .exclude(table__status=Table.Status.CLOSED)
        .values_list("table_id", flat=True)
        .first()
    )
    if table_id is not None:
        table = lock_table(table_id)
        seat = next((s for s in table_seats(table) if s.user_id == user_id), None)
        if seat is not None:
            return table, seat
    raise TournamentError(
        TournamentErrorCode.NOT_ENTERED, _("You have no seat in this tournament.")
    )


@transaction.atomic
def rebuy(user: Any, tournament_id: int, now: Any = None, seen: int | None = None) -> None:
    """R25.2: the starting stack again for the buy-in, between hands. ``seen``: how many
    rebuys the player's page showed, so a second click of the same button is refused
    instead of charged twice."""
    now = now or timezone.now()
    tournament = lock_tournament(tournament_id)
    entry = _entry(tournament, user)
    if seen is not None and seen != entry.rebuys:
        raise TournamentError(TournamentErrorCode.STALE_VERSION, _("That rebuy is already in."))
    table, seat = _seat_of(tournament, user.pk)
    clock_now = reading(tournament, now)
    assert clock_now is not None  # a running tournament
    why = rules.may_rebuy(
        clock_now,
        stack=seat.stack,
        starting_stack=tournament.starting_stack,
        rebuys=entry.rebuys,
        limit=tournament.rebuy_limit,
        until_level=tournament.rebuy_until_level,
    )
    if why:
        raise TournamentError(TournamentErrorCode.NOT_ALLOWED, engine_text(why))
    _add_chips(table, seat, tournament.starting_stack, _("You can rebuy when this hand is over."))
    entry.rebuys += 1
    entry.paid += tournament.buy_in
    entry.status = TournamentEntry.Status.PLAYING
    entry.busted_order = None
    entry.busted_hand = None
    entry.save(update_fields=["rebuys", "paid", "status", "busted_order", "busted_hand"])
    _chips_added(tournament, table, now)


@transaction.atomic
def add_on(user: Any, tournament_id: int, now: Any = None) -> None:
    """R25.3: the add-on's chips for its price, once, in its break."""
    now = now or timezone.now()
    tournament = lock_tournament(tournament_id)
    entry = _entry(tournament, user)
    clock_now = reading(tournament, now)
    assert clock_now is not None
    why = rules.may_add_on(clock_now, after_level=tournament.add_on_after_level, taken=entry.add_on)
    if why:
        raise TournamentError(TournamentErrorCode.NOT_ALLOWED, engine_text(why))
    table, seat = _seat_of(tournament, user.pk)
    _add_chips(
        table, seat, tournament.add_on_chips, _("You can take the add-on when this hand is over.")
    )
    entry.add_on = True
    entry.paid += tournament.add_on_price
    entry.status = TournamentEntry.Status.PLAYING
    entry.save(update_fields=["add_on", "paid", "status"])
    _chips_added(tournament, table, now)


def _add_chips(table: Table, seat: Seat, chips: int, in_hand: str) -> None:
    """Chips to a seat between its hands (in a hand the stacks are the engine's until it
    ends, and its end writes them back: chips added then would be lost); ``in_hand``: the
    refusal during a hand."""
    if seat.number in seats_in_hand(table):
        raise TournamentError(TournamentErrorCode.IN_HAND, in_hand)
    seat.stack += chips
    seat.save(update_fields=["stack"])


def _chips_added(tournament: Tournament, table: Table, now: Any) -> None:
    seated = table_seats(table)
    commit_change(table, seated, fields=schedule_next_hand(table, seated, now))
    save_changed(tournament, [])


# ---------------------------------------------------------------- pause


@transaction.atomic
def pause(actor: Any, tournament_id: int, now: Any = None) -> None:
    """R24.4: the clock stops now; every table stops after its current hand."""
    now = now or timezone.now()
    tournament = lock_tournament(tournament_id)
    _require_host(actor, tournament)
    if tournament.status != Tournament.Status.RUNNING or tournament.paused_at is not None:
        raise TournamentError(
            TournamentErrorCode.NOT_ALLOWED, _("Only a running tournament can be paused.")
        )
    tournament.paused_at = now
    save_changed(tournament, ["paused_at"])


@transaction.atomic
def resume(actor: Any, tournament_id: int, now: Any = None) -> None:
    now = now or timezone.now()
    tournament = lock_tournament(tournament_id)
    _require_host(actor, tournament)
    if tournament.paused_at is None:
        raise TournamentError(TournamentErrorCode.NOT_ALLOWED, _("The tournament is not paused."))
    if deal_open(tournament):
        raise TournamentError(
            TournamentErrorCode.NOT_ALLOWED,
            _("The players are looking at a deal: decline it first, or let them answer."),
        )
    save_changed(tournament, restart_clock(tournament, now))
