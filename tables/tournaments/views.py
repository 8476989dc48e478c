"""Tournament pages: the club's list, the host's form, the lobby (live: it reloads its
part when the tournament changes, ``static/js/tournament.js``) and what members do there
(register, rebuy, take the add-on, propose and answer a deal; a host starts, pauses,
resumes or cancels). Thin views: the services decide (``tables.tournaments.actions.lifecycle``,
``tables.tournaments.actions.deals``)."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db.models import Case, Count, IntegerField, Min, Q, Sum, Value, When
from django.http import HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods, require_POST

from engine import tournament as rules
from pokerclub import access
from pokerclub.access import club_for_member
from pokerclub.errors import Refused
from pokerclub.http import AuthenticatedHttpRequest
from pokerclub.models import User
from tables.play.models import Seat, Table
from tables.tournaments import actions as tournaments
from tables.tournaments.actions import deals, in_person
from tables.tournaments.forms import TournamentForm
from tables.tournaments.models import Tournament, TournamentEntry


def clock_text(seconds: int) -> str:
    """A time left as a clock shows it: 354 -> "5:54", 3725 -> "1:02:05".

    >>> clock_text(354), clock_text(59), clock_text(3725)
    ('5:54', '0:59', '1:02:05')
    """
    hours, rest = divmod(max(0, seconds), 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


@login_required
def tournament_list(request: AuthenticatedHttpRequest, slug: str) -> HttpResponse:
    club, membership = club_for_member(request, slug)
    order = Case(
        When(status=Tournament.Status.RUNNING, then=Value(0)),
        When(status=Tournament.Status.REGISTERING, then=Value(1)),
        default=Value(2),
        output_field=IntegerField(),
    )
    found = (
        Tournament.objects.filter(club=club).annotate(rank=order).order_by("rank", "-created_at")
    )
    fmt = club.format_amount
    listed = list(found[:100])
    for t in listed:
        t.buy_in_text = fmt(t.buy_in) + (f" + {fmt(t.fee)}" if t.fee else "")  # type: ignore[attr-defined]
    board = [{**row, "net_text": fmt(row["net"])} for row in leaderboard(club)]
    names = {u.pk: str(u) for u in User.objects.filter(pk__in=[r["user_id"] for r in board])}
    for row in board:
        row["name"] = names.get(row["user_id"], "?")
    return render(
        request,
        "tournaments/list.html",
        {"club": club, "membership": membership, "tournaments": listed, "board": board},
    )


def leaderboard(club: Any) -> list[dict[str, Any]]:
    """Every player's tournaments in the club, best net first (one query): finished
    tournaments entered, wins, cashes (a prize), net (prizes minus buy-ins, fees, rebuys
    and add-ons) and the best place."""
    rows = (
        TournamentEntry.objects.filter(
            tournament__club=club, tournament__status=Tournament.Status.FINISHED
        )
        .values("user_id")
        .annotate(
            played=Count("tournament", distinct=True),
            wins=Count("id", filter=Q(place=1)),
            cashes=Count("id", filter=Q(prize__gt=0)),
            won=Sum("prize"),
            paid=Sum("paid"),
            best=Min("place"),
        )
        .order_by()
    )
    out = [{**r, "net": (r["won"] or 0) - (r["paid"] or 0)} for r in rows]
    return sorted(out, key=lambda r: (-r["net"], -r["wins"], r["user_id"]))


@login_required
@require_http_methods(["GET", "POST"])
def tournament_create(request: AuthenticatedHttpRequest, slug: str) -> HttpResponse:
    club, membership = club_for_member(request, slug)
    if not membership.is_host:
        raise PermissionDenied(_("Only the owner or a host can create tournaments."))
    form = TournamentForm(
        request.POST or None,
        club=club,
        initial={
            # Translators: the name a new tournament is given, e.g. "Friday club tournament"
            "name": _("%(club)s tournament") % {"club": club.name},
            "buy_in": club.format_amount(2000),
        },
    )
    if request.method == "POST" and form.is_valid():
        values = form.settings()
        if values is not None:
            try:
                tournament = tournaments.create_tournament(request.user, club, values)
            except Refused as error:
                form.add_error(None, error.message)
            else:
                messages.success(
                    request,
                    _("%(name)s is open for registration.") % {"name": tournament.name},
                )
                return redirect("tournaments:detail", club.slug, tournament.pk)
    return render(request, "tournaments/form.html", {"club": club, "form": form})


def lobby(tournament: Tournament, user: Any, now: Any) -> dict[str, Any]:
    """What the lobby shows (one function for the page and its live part)."""
    fmt = tournament.club.format_amount
    entries = list(tournament.entries.select_related("user").order_by("pk"))
    tables = list(
        Table.objects.filter(tournament=tournament).exclude(status=Table.Status.CLOSED)
        .order_by("tournament_number")
    )  # fmt: skip
    seats = list(Seat.objects.filter(table__in=tables).exclude(user=None).select_related("table"))
    stack = {s.user_id: s.stack for s in seats}
    table_of = {s.user_id: s.table for s in seats}
    reading = tournaments.reading(tournament, now)
    schedule = tournaments.schedule_of(tournament)
    active = [e for e in entries if e.status in ("playing", "busted", "won")]
    chips = [stack.get(e.user_id, 0) for e in active]
    if tournament.in_person:  # no stacks online: every chip bought is with the players left
        bought = sum(
            tournament.starting_stack * (1 + e.rebuys) + (tournament.add_on_chips if e.add_on else 0)
            for e in entries if e.status != "registered"
        )  # fmt: skip
        chips = [bought // len(active)] * len(active) if active else []
    pool = tournaments.prize_pool(tournament, entries)
    field = max(len(entries), 1)
    shares = tournaments.shares(tournament, field) if entries else ()
    paid = rules.prizes(pool, shares) if shares else []
    standings = [
        {"entry": e, "chips": stack.get(e.user_id, 0), "table": table_of.get(e.user_id)}
        for e in sorted(active, key=lambda e: -stack.get(e.user_id, 0))
    ]
    out = [
        {"entry": e, "prize": fmt(e.prize) if e.prize else ""}
        for e in sorted((e for e in entries if e.place), key=lambda e: e.place or 0)
    ]
    mine = next((e for e in entries if e.user_id == user.pk and e.status in
                 ("registered", "playing", "busted")), None)  # fmt: skip
    level = schedule.levels[(reading.next_level if reading else 1) - 1] if schedule.levels else None
    upcoming = (
        schedule.levels[reading.next_level] if reading and reading.next_level < len(schedule.levels)
        else None
    )  # fmt: skip
    return {
        "tournament": tournament,
        "entries": entries,
        "registered": [e for e in entries if e.status == "registered"],
        "pool": fmt(pool),
        "payouts": [
            {"place": i + 1, "share": f"{s / 100:g} %", "amount": fmt(a)}
            for i, (s, a) in enumerate(zip(shares, paid, strict=True))
        ],
        "levels": [
            {"number": i + 1, "level": lv, "break_after": schedule.has_break_after(i + 1)}
            for i, lv in enumerate(schedule.levels)
        ],
        "reading": reading,
        "remaining": int(reading.remaining) if reading and reading.remaining is not None else None,
        # minutes and seconds, as a clock reads (static/js/tournament.js counts them down)
        "remaining_text": clock_text(int(reading.remaining))
        if reading and reading.remaining is not None
        else "",
        "level": level,
        "upcoming": upcoming,
        "left": len(active),
        "hand_for_hand": reading is not None and tournaments.hand_for_hand(
            tournament, len(tables), reading, [e.status for e in entries]
        ),
        "average": sum(chips) // len(chips) if chips else 0,
        "biggest": None if tournament.in_person else (max(chips) if chips else 0),
        "tables": [
            {"table": t, "players": sum(1 for s in seats if s.table_id == t.pk)} for t in tables
        ],
        "standings": standings,
        "finished": out,
        "out": sorted((e for e in entries if e.status == "out"),
                      key=lambda e: -(e.busted_order or 0)),  # fmt: skip
        "mine": mine,
        "my_table": table_of.get(user.pk),
        "my_seat": next((d for d in tournament.seat_draw if d["user"] == user.pk), None),
        "draw": [{**d, "name": next((e.user for e in entries if e.user_id == d["user"]), "?")}
                 for d in tournament.seat_draw],  # fmt: skip
        "at_the_table": [e for e in entries if e.status in ("playing", "busted")]
        if tournament.in_person and tournament.status == "running" else [],
        "level_ops": [("level_back", _("Level back")), ("level_next", _("Next level")),
                      ("level_add", _("Add a level"))],
        "buy_in": fmt(tournament.buy_in),
        "fee": fmt(tournament.fee) if tournament.fee else "",
        "can_register": tournament.status in ("registering", "running")
        and rules.registration_open(reading, tournament.late_until_level)
        and mine is None
        and sum(1 for e in entries if e.user_id == user.pk) < tournament.entries_per_player,
        "can_rebuy": bool(mine and reading and rules.may_rebuy(
            reading, stack=stack.get(user.pk, 0), starting_stack=tournament.starting_stack,
            rebuys=mine.rebuys, limit=tournament.rebuy_limit,
            until_level=tournament.rebuy_until_level) is None),
        "deal": deal_view(tournament, user, entries, now),
        "can_add_on": bool(mine and reading and rules.may_add_on(
            reading, after_level=tournament.add_on_after_level, taken=mine.add_on) is None),
    }  # fmt: skip


def _blinds(level: rules.Level | None) -> dict[str, Any] | None:
    if level is None:
        return None
    return {"small": level.small_blind, "big": level.big_blind, "ante": level.ante,
            "big_blind_ante": level.ante_by_big_blind}  # fmt: skip


def _my_finish(tournament: Tournament, lobby_part: dict[str, Any], user: Any) -> dict[str, Any]:
    """The viewer's place and prize once they are out (R27): final when the tournament is
    over, and known as they bust once nobody can enter any more."""
    fmt = tournament.club.format_amount
    entries = [e for e in lobby_part["entries"] if e.user_id == user.pk]
    done = [e for e in entries if e.place]
    if done:
        best = min(done, key=lambda e: e.place or 0)
        return {"place": best.place, "prize": fmt(best.prize) if best.prize else ""}
    out = [e for e in entries if e.status == TournamentEntry.Status.OUT]
    reading = lobby_part["reading"]
    if (not out or any(e.status in ("playing", "busted") for e in entries) or reading is None
            or rules.registration_open(reading, tournament.late_until_level)):  # fmt: skip
        return {}
    order = tournaments.finishing_order(tournament, [])
    field = len(lobby_part["entries"])
    paid = rules.prizes(tournaments.prize_pool(tournament, lobby_part["entries"]),
                        tournaments.shares(tournament, field))  # fmt: skip
    won = rules.awards(paid, order)
    mine = [(place, won.get(e, 0)) for place, group in order for e in group if e in out]
    if not mine:
        return {}
    place, prize = min(mine)
    return {"place": place, "prize": fmt(prize) if prize else ""}


def summary(tournament: Tournament, user: Any, now: Any) -> dict[str, Any]:
    """The tournament's numbers as its tables show them (``static/js/table/tournament.js``):
    the lobby's, as JSON (docs/protocol.md, "A tournament's numbers")."""
    part = lobby(tournament, user, now)
    reading = part["reading"]
    running = tournament.status == Tournament.Status.RUNNING
    schedule = tournaments.schedule_of(tournament)
    winners = [str(row["entry"].user) for row in part["finished"] if row["entry"].place == 1]
    return {
        "status": tournament.status,
        "paused": tournament.paused_at is not None,
        "hand_for_hand": part["hand_for_hand"],
        "level": reading.level if reading and running else None,
        "on_break": bool(reading and reading.on_break),
        "blinds": _blinds(part["level"]) if running else None,
        "next": _blinds(part["upcoming"]) if running and reading and not reading.on_break else None,
        "remaining": part["remaining"] if running else None,
        "break_next": bool(
            running and reading and not reading.on_break and schedule.has_break_after(reading.level)
        ),  # fmt: skip
        "break_minutes": tournament.break_minutes,
        "left": part["left"],
        "entries": len(part["entries"]),
        "average": part["average"],
        "biggest": part["biggest"],
        "pool": part["pool"],
        "paid": len(part["payouts"]),
        "winners": winners if tournament.status == Tournament.Status.FINISHED else [],
        "lobby": reverse("tournaments:detail", args=[tournament.club.slug, tournament.pk]),
        "me": _my_finish(tournament, part, user),
    }


def deal_view(
    tournament: Tournament, user: Any, entries: list[TournamentEntry], now: Any
) -> dict[str, Any] | None:
    """The lobby's deal (R29.3): the open or last offer, and what ``user`` may do."""
    deal = tournament.deal or {}
    state = deal.get("state")
    running = tournament.status == Tournament.Status.RUNNING
    if not running and state != "done":
        return None
    names = {e.user_id: e.user for e in entries}
    playing = any(e.user_id == user.pk and e.status == "playing" for e in entries)
    fmt = tournament.club.format_amount
    players = [
        {"user": names.get(p["user"]), "chips": p["chips"], "amount": fmt(p["amount"]),
         "agreed": p["agreed"], "me": p["user"] == user.pk}
        for p in deal.get("players", [])
    ]  # fmt: skip
    open_ = state in ("waiting", "offered")
    refusal = deals.why_no_deal(tournament, now) if running and playing and not open_ else None
    can_propose = running and playing and not open_ and refusal is None
    if state is None and not can_propose:
        return None
    return {
        "state": state,
        "number": deal.get("number"),
        "method": deals.METHODS.get(deal.get("method", ""), ""),
        "by": names.get(deal.get("by", 0)),
        "declined_by": names.get(deal.get("declined_by", 0)),
        "players": players,
        "can_propose": can_propose,
        "can_agree": state == "offered" and any(p["me"] and not p["agreed"] for p in players),
        "can_decline": open_ and (playing or access.is_host(user, tournament.club_id)),
    }


@login_required
def tournament_detail(request: AuthenticatedHttpRequest, slug: str, pk: int) -> HttpResponse:
    club, membership = club_for_member(request, slug)
    tournament = get_object_or_404(Tournament.objects.select_related("club"), club=club, pk=pk)
    context = {"club": club, "membership": membership,
               **lobby(tournament, request.user, timezone.now())}  # fmt: skip
    if request.GET.get("part") == "lobby":  # the live part (static/js/tournament.js)
        return render(request, "tournaments/_lobby.html", context)
    return render(request, "tournaments/detail.html", context)


@login_required
def tournament_clock(request: AuthenticatedHttpRequest, slug: str, pk: int) -> HttpResponse:
    """The clock on a screen for the room (a TV, a laptop): level, a big countdown, the
    blinds, what comes next, players left and the prizes, read from the summary."""
    club, _membership = club_for_member(request, slug)
    tournament = get_object_or_404(Tournament, club=club, pk=pk)
    return render(request, "tournaments/clock.html", {"club": club, "tournament": tournament})


@login_required
def tournament_summary(request: AuthenticatedHttpRequest, slug: str, pk: int) -> JsonResponse:
    """The tournament's numbers for its tables' pages (members of the club only)."""
    club, _membership = club_for_member(request, slug)
    tournament = get_object_or_404(Tournament.objects.select_related("club"), club=club, pk=pk)
    return JsonResponse(summary(tournament, request.user, timezone.now()))


ACTIONS = {
    "register": lambda user, pk: tournaments.register(user, pk),
    "unregister": tournaments.unregister,
    "rebuy": lambda user, pk: tournaments.rebuy(user, pk),
    "add_on": lambda user, pk: tournaments.add_on(user, pk),
    "start": lambda user, pk: tournaments.start_now(user, pk),
    "cancel": tournaments.cancel,
    "pause": lambda user, pk: tournaments.pause(user, pk),
    "resume": lambda user, pk: tournaments.resume(user, pk),
    "deal_icm": lambda user, pk: deals.propose(user, pk, "icm"),
    "deal_chop": lambda user, pk: deals.propose(user, pk, "chop"),
}
ANSWERS = {"deal_agree": deals.agree, "deal_decline": deals.decline}
AT_THE_TABLE = {  # a host keeps a real table's tournament (tables.tournaments.actions.in_person)
    "bust": lambda user, pk, player, version: in_person.bust(user, pk, player, version),
    "rebuy_for": lambda user, pk, player, version: in_person.record_rebuy(
        user, pk, player, version
    ),
    "add_on_for": lambda user, pk, player, version: in_person.record_add_on(
        user, pk, player, version
    ),
    "level_next": lambda user, pk, player, version: in_person.change_level(user, pk, 1, version),
    "level_back": lambda user, pk, player, version: in_person.change_level(user, pk, -1, version),
    "level_add": lambda user, pk, player, version: in_person.add_level(user, pk, version),
}
"""What a host writes down at a real table; each names the version the phone showed."""
"""Answers to a deal, which name the offer they answer (R29.3)."""
DEAL_PROPOSED = gettext_lazy(
    "Deal proposed: the tables stop after their hands, then everyone left answers."
)
DONE = {
    "register": gettext_lazy("You are in."),
    "unregister": gettext_lazy("Your entry is taken back."),
    "rebuy": gettext_lazy("Rebought: your chips are on your table."),
    "add_on": gettext_lazy("Add-on taken."),
    "start": gettext_lazy("The tournament has started."),
    "cancel": gettext_lazy("The tournament is cancelled."),
    "pause": gettext_lazy("Paused: the tables stop after their current hand."),
    "resume": gettext_lazy("Resumed."),
    "deal_icm": DEAL_PROPOSED,
    "deal_chop": DEAL_PROPOSED,
    "deal_agree": gettext_lazy("You agreed to the deal."),
    "deal_decline": gettext_lazy("Deal declined: play goes on."),
    "bust": gettext_lazy("Written down: out."),
    "rebuy_for": gettext_lazy("Written down: a rebuy."),
    "add_on_for": gettext_lazy("Written down: the add-on."),
    "level_next": gettext_lazy("On to the next level."),
    "level_back": gettext_lazy("Back a level."),
    "level_add": gettext_lazy("One more level at the end."),
}


@login_required
@require_POST
def tournament_action(request: AuthenticatedHttpRequest, slug: str, pk: int) -> HttpResponse:
    club, _membership = club_for_member(request, slug)
    tournament = get_object_or_404(Tournament, club=club, pk=pk)
    op = request.POST.get("op", "")
    action = ACTIONS.get(op)
    answer = ANSWERS.get(op)
    by_hand = AT_THE_TABLE.get(op)
    if action is None and answer is None and by_hand is None:
        messages.error(request, _("Unknown action."))
    else:
        try:
            if by_hand is not None:
                player, version = request.POST.get("player", ""), request.POST.get("version", "")
                by_hand(
                    request.user,
                    tournament.pk,
                    int(player) if player.isdigit() else None,
                    int(version) if version.isdigit() else None,
                )
            elif answer is not None:
                number = request.POST.get("deal", "")
                answer(request.user, tournament.pk, int(number) if number.isdigit() else None)
            elif op == "rebuy":  # how many rebuys the page showed (a second click changes none)
                seen = request.POST.get("rebuys", "")
                tournaments.rebuy(
                    request.user, tournament.pk, seen=int(seen) if seen.isdigit() else None
                )
            else:
                assert action is not None
                action(request.user, tournament.pk)
        except Refused as error:
            messages.error(request, error.message)
        else:
            messages.success(request, str(DONE[op]))
    return redirect("tournaments:detail", club.slug, tournament.pk)
