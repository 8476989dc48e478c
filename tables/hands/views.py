"""Hand pages: hand lists, the replayer, exports, stats, and the owner's hand-log import.

Thin views: every page first checks membership (``club_for_member``: 404 for anyone else);
what a viewer may see of a hand is decided in :mod:`.replay` (their own cards and the shown
ones only).
"""

from __future__ import annotations

from datetime import datetime, time
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Exists, OuterRef, Prefetch, Q, QuerySet, Subquery
from django.http import Http404, HttpResponse, JsonResponse, QueryDict, StreamingHttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from pokerclub.access import club_for_member, club_for_owner, guest_membership
from pokerclub.errors import Refused
from pokerclub.http import AuthenticatedHttpRequest
from pokerclub.models import Club, Membership, Role, User
from tables.hands import exports, italiana, log_file, stats
from tables.hands.actions import log_import
from tables.hands.exports.common import Viewer, no_pokerstars_text
from tables.hands.exports.phh_text import phh
from tables.hands.exports.pokerstars_text import pokerstars
from tables.hands.models import Hand, HandPlayer
from tables.hands.proof import viewer_record
from tables.hands.replay import replay
from tables.hands.timeline import steps
from tables.money.models import SessionNet
from tables.play.models import GameChoice, Table, TableGuest
from tables.play.phrases import phrasebook
from tables.play.projection import table_summary
from tables.uploads import uploaded_file

PAGE_SIZE = 50


# --------------------------------------------------------------------------- hand list


def _date(value: str | None, end: bool = False) -> datetime | None:
    try:
        day = datetime.strptime(value or "", "%Y-%m-%d").date()
    except ValueError:
        return None
    return timezone.make_aware(datetime.combine(day, time.max if end else time.min))


def _int(value: str | None) -> int | None:
    try:
        return int(value) if value else None
    except ValueError:
        return None


def filtered_hands(club: Club, viewer: User, params: QueryDict) -> QuerySet[Hand]:
    """The club's finished hands matching the list's filters, newest first.

    Filters (all optional): ``table``, ``game`` (a ``GameChoice``: ``holdem``, ``omaha``,
    ``omaha5`` ... the draw games, ``stud``, ``stud8``, ``razz``: R17-R19, R30, R42-R47),
    ``player`` (a user id: hands they played), ``since`` /
    ``until`` (dates), ``result`` (``won``/``lost``: for ``player``, else for the viewer),
    ``showdown`` (``1``). Each hand carries the viewer's net (``viewer_net``, ``None`` when
    they did not play it).
    """
    hands = Hand.objects.filter(table__club=club, ended_at__isnull=False)
    table_id = _int(params.get("table"))
    if table_id is not None:
        hands = hands.filter(table_id=table_id)
    hands = hands.filter(stats.game_q(params.get("game")))
    player = _int(params.get("player"))
    if player is not None:
        hands = hands.filter(Exists(HandPlayer.objects.filter(hand=OuterRef("pk"), user_id=player)))
    since, until = _date(params.get("since")), _date(params.get("until"), end=True)
    if since:
        hands = hands.filter(ended_at__gte=since)
    if until:
        hands = hands.filter(ended_at__lte=until)
    subject = player if player is not None else viewer.pk
    result = params.get("result")
    if result in ("won", "lost"):
        condition = {"net__gt": 0} if result == "won" else {"net__lt": 0}
        hands = hands.filter(
            Exists(HandPlayer.objects.filter(hand=OuterRef("pk"), user_id=subject, **condition))
        )
    if params.get("showdown") == "1":
        hands = hands.filter(Exists(HandPlayer.objects.filter(hand=OuterRef("pk"), showdown=True)))
    mine = HandPlayer.objects.filter(hand=OuterRef("pk"), user_id=viewer.pk)
    hands = hands.annotate(viewer_net=Subquery(mine.values("net")[:1]))
    # one table's hands are numbered in the order they were created: walk its (table,
    # number) index instead of the whole club's ids
    return hands.order_by("-number") if table_id is not None else hands.order_by("-pk")


def hand_page(club: Club, viewer: User, params: QueryDict) -> tuple[list[Any], bool]:
    """One page of the list (keyset pagination on the hand id: ``before``), and whether
    there are more. Two queries, whatever the number of hands: the page and its players."""
    hands = filtered_hands(club, viewer, params)
    before = _int(params.get("before"))
    if before is not None:
        hands = hands.filter(pk__lt=before)
    page: list[Any] = list(  # hands, each given its pot, winners and people for the list
        hands.select_related("table").prefetch_related(
            Prefetch(
                "participants",
                queryset=HandPlayer.objects.only("hand_id", "seat", "name", "net", "pot").order_by(
                    "seat"
                ),
            )
        )[: PAGE_SIZE + 1]
    )
    more = len(page) > PAGE_SIZE
    page = page[:PAGE_SIZE]
    for hand in page:
        people = list(hand.participants.all())
        hand.pot = people[0].pot if people else 0
        hand.winners = [p.name for p in people if p.net > 0]
        hand.people = people
    return page, more


@login_required
def hand_list(request: AuthenticatedHttpRequest, slug: str) -> HttpResponse:
    club, membership = club_for_member(request, slug)
    page, more = hand_page(club, request.user, request.GET)
    for hand in page:
        hand.no_pokerstars_text = "pokerstars" not in exports.hand_formats(hand)
        # a tournament's hands are in chips (Table.format_amount; the club is in hand here)
        fmt = hand.table.format_amount if hand.table.tournament_id else club.format_amount
        hand.pot_text = fmt(hand.pot)
        hand.net_text = None if hand.viewer_net is None else fmt(hand.viewer_net)
    params = request.GET.copy()
    params.pop("before", None)
    older = None
    if more:
        params["before"] = page[-1].pk
        older = params.urlencode()
    query = request.GET.copy()
    query.pop("before", None)
    return render(
        request,
        "hands/hand_list.html",
        {
            "club": club,
            "membership": membership,
            "hands": page,
            # R31: PokerStars text leaves out the games PokerStars never dealt
            "some_without_pokerstars_text": any(h.no_pokerstars_text for h in page),
            "older": older,
            "filters": request.GET,
            "query": query.urlencode(),
            "tables": Table.objects.filter(club=club).only("pk", "name").order_by("-created_at"),
            "games": GameChoice.choices,
            "members": Membership.objects.filter(club=club)
            .select_related("user")
            .order_by("user__display_name"),
            "fmt": club.format_amount,
        },
    )


# --------------------------------------------------------------------------- one hand


def _hand_for(
    request: AuthenticatedHttpRequest, slug: str, pk: int
) -> tuple[Club, Membership, Hand]:
    """The hand, for a member of its club, or for a guest who was dealt into it (a guest
    sees their own hands only); 404 for anyone else."""
    try:
        club, membership = club_for_member(request, slug)
    except Http404:
        club, membership = _guest_of(request, slug)
        hands = Hand.objects.filter(
            Exists(HandPlayer.objects.filter(hand=OuterRef("pk"), user=request.user))
        )
    else:
        hands = Hand.objects.all()
    hand = get_object_or_404(
        hands.select_related("table__club"), pk=pk, table__club=club, ended_at__isnull=False
    )
    return club, membership, hand


def _guest_of(request: AuthenticatedHttpRequest, slug: str) -> tuple[Club, Membership]:
    club = Club.objects.filter(slug=slug).first()
    membership = guest_membership(request.user, club) if club is not None else None
    if club is None or membership is None:
        raise Http404("No such club.")
    return club, membership


@login_required
def hand_detail(request: AuthenticatedHttpRequest, slug: str, pk: int) -> HttpResponse:
    club, membership, hand = _hand_for(request, slug, pk)
    replayed = replay(hand)
    me = replayed.seat_of(request.user)
    viewer = Viewer(request.user.pk)
    data = {
        "hand": hand.pk,
        "number": hand.number,
        "button": replayed.config.button,
        "seats": sorted(replayed.final.seats),
        "me": me,
        "steps": steps(replayed, me),
        # for the live table's renderer: the table as a state message has it
        "table": {
            **table_summary(hand.table),
            "max_seats": max(hand.table.max_seats, *replayed.final.seats),
            "status": "open",
        },
        "verify": viewer_record(replayed, me),
        # the deck the hand's game deals (R30.4; by the players dealt in, R31.2): the page's
        # verifier refuses another
        "deck_size": len(replayed.config.hand_rules().deck),  # (R31.4: the morto counts)
    }
    formats = exports.hand_formats(hand)
    # the hand in a tool's own text: PokerStars', or PHH for a game PokerStars never dealt
    with_text = "pokerstars" in formats
    text = pokerstars(replayed, viewer, club) if with_text else phh(replayed, viewer)
    neighbours = Hand.objects.filter(table=hand.table, ended_at__isnull=False)
    if membership.is_guest:  # a guest steps through their own hands only
        neighbours = neighbours.filter(
            Exists(HandPlayer.objects.filter(hand=OuterRef("pk"), user=request.user))
        )
    return render(
        request,
        "hands/hand_detail.html",
        {
            "club": club,
            "membership": membership,
            "hand": hand,
            "table": hand.table,
            "data": data,
            "phrases": phrasebook(),  # the log's words in the viewer's language
            "text": text,
            "text_format": formats[0],
            "italiana": italiana.page_lines(replayed),  # R33-R40: public facts
            "game_label": GameChoice(replayed.config.game).label,
            "me": me,
            "previous": neighbours.filter(number__lt=hand.number)
            .order_by("-number")
            .values_list("pk", flat=True)
            .first(),
            "next": neighbours.filter(number__gt=hand.number)
            .order_by("number")
            .values_list("pk", flat=True)
            .first(),
            "formats": formats,
        },
    )


@login_required
def hand_export(request: AuthenticatedHttpRequest, slug: str, pk: int, fmt: str) -> HttpResponse:
    """One hand in ``fmt``, as the viewer saw it. A format the hand's game has not
    (PokerStars text of poker all'italiana, R31, or Telesina, R40) is refused: 404 with the refusal's code
    and message as JSON (``no_pokerstars_text``)."""
    if fmt not in exports.FORMATS:
        raise Http404("No such format.")
    club, membership, hand = _hand_for(request, slug, pk)
    if fmt not in exports.hand_formats(hand):
        return JsonResponse(no_pokerstars_text().as_message(), status=404)
    text = exports.export_one(replay(hand), fmt, Viewer(request.user.pk))
    response = HttpResponse(text, content_type=exports.CONTENT_TYPES[fmt])
    ext = "phh" if fmt == "phh" else exports.EXTENSIONS[fmt]
    response["Content-Disposition"] = f'attachment; filename="hand-{hand.pk}.{ext}"'
    return response


@login_required
def list_export(request: AuthenticatedHttpRequest, slug: str, fmt: str) -> StreamingHttpResponse:
    """The filtered list as one download, streamed, as the viewer saw each hand (their own
    cards and the shown ones)."""
    if fmt not in exports.FORMATS:
        raise Http404("No such format.")
    club, membership = club_for_member(request, slug)
    hands = filtered_hands(club, request.user, request.GET)
    response = StreamingHttpResponse(
        exports.stream(hands, fmt, Viewer(request.user.pk)),
        content_type=exports.CONTENT_TYPES[fmt],
    )
    response["Content-Disposition"] = (
        f'attachment; filename="{club.slug}-hands.{exports.EXTENSIONS[fmt]}"'
    )
    return response


# --------------------------------------------------------------------------- stats


@login_required
def leaderboard(request: AuthenticatedHttpRequest, slug: str) -> HttpResponse:
    club, membership = club_for_member(request, slug)
    game = request.GET.get("game") or ""
    game = game if game in GameChoice.values else ""  # anything else: every game
    rows: list[Any] = stats.club_stats(club, game=game or None)
    for row in rows:  # each given its amounts as the club writes them
        row.net_text = club.format_amount(row.net)
        row.biggest_text = club.format_amount(row.biggest_pot)
    context = {"club": club, "rows": rows, "games": GameChoice.choices, "game": game}
    return render(request, "hands/leaderboard.html", context)


@login_required
def player_stats(request: AuthenticatedHttpRequest, slug: str, user_id: int) -> HttpResponse:
    club, membership = club_for_member(request, slug)
    if (
        not Membership.objects.filter(club=club, user_id=user_id).exists()
        and not HandPlayer.objects.filter(club=club, user_id=user_id).exists()
    ):
        raise Http404("No such player.")
    found = stats.club_stats(club, user_id)
    chart = stats.net_chart_svg(stats.net_series(club, user_id), club.format_amount)
    by_game = stats.stats_by_game(club, user_id)
    for _game, row in by_game:
        row.net_text = club.format_amount(row.net)  # type: ignore[attr-defined]
    return render(
        request,
        "hands/player.html",
        {
            "club": club,
            "player_stats": found[0] if found else None,
            "user_id": user_id,
            "chart": mark_safe(chart),
            "net": club.format_amount(found[0].net) if found else "",
            "biggest": club.format_amount(found[0].biggest_pot) if found else "",
            "by_game": by_game if len(by_game) > 1 else [],
        },
    )


@login_required
def player_chart(request: AuthenticatedHttpRequest, slug: str, user_id: int) -> HttpResponse:
    club, membership = club_for_member(request, slug)
    svg = stats.net_chart_svg(stats.net_series(club, user_id), club.format_amount)
    return HttpResponse(svg, content_type="image/svg+xml")


# --------------------------------------------------------------------------- hand logs


@login_required
@require_POST
def import_hand_log(request: AuthenticatedHttpRequest, slug: str, table_id: int) -> HttpResponse:
    """The owner adds an imported game's hand log to its session."""
    club = club_for_owner(request, slug)
    back = redirect("history:session", slug=club.slug, table_id=table_id)
    upload = uploaded_file(request, log_file.KIND, log_file.MAX_BYTES)
    if upload is None:
        return back
    content, name = upload
    try:
        outcome = log_import.start(
            request.user,
            club,
            table_id,
            content,
            name,
            whole_units=request.POST.get("units") == "whole",
            owner=str(request.POST.get("owner", ""))[:60],
        )
    except Refused as error:
        # Translators: %(reason)s says why: a whole sentence, or where in the file and what.
        messages.error(request, _("Nothing was imported: %(reason)s") % {"reason": error})
        return back
    batch = outcome.batch
    if not outcome.created:
        messages.info(request, _("This hand log was imported already: nothing changed."))
    else:
        left = len(batch.skipped)
        brought = {"count": batch.hands, "left": left}
        if left:
            # Translators: %(count)s hands of a log were brought in, %(left)s were not.
            text = ngettext(
                "%(count)s hand brought in; %(left)s left out (listed below).",
                "%(count)s hands brought in; %(left)s left out (listed below).",
                batch.hands,
            )
        else:
            text = ngettext(
                "%(count)s hand brought in.", "%(count)s hands brought in.", batch.hands
            )
        messages.success(request, text % brought)
    return back


# --------------------------------------------------------------------------- a guest's own


@login_required
def guest_home(request: AuthenticatedHttpRequest) -> HttpResponse:
    """What a guest from a table's link has here: the tables they may go back to, their
    hands and their nets (each club's, as a guest). Nothing else of those clubs."""
    user = request.user
    memberships = list(
        Membership.objects.filter(user=user, role=Role.GUEST, banned_at__isnull=True)
        .select_related("club")
        .order_by("club__name")
    )
    clubs = []
    for m in memberships:
        club = m.club
        passes = (
            TableGuest.objects.filter(club_pass_q(user, club))
            .exclude(table__status=Table.Status.CLOSED)
            .select_related("table__club")
        )
        hands = list(
            Hand.objects.filter(table__club=club, ended_at__isnull=False)
            .filter(Exists(HandPlayer.objects.filter(hand=OuterRef("pk"), user=user)))
            .annotate(
                viewer_net=Subquery(
                    HandPlayer.objects.filter(hand=OuterRef("pk"), user=user).values("net")[:1]
                )
            )
            .select_related("table")
            .order_by("-pk")[:PAGE_SIZE]
        )
        nets = list(
            SessionNet.objects.filter(club=club, user=user, table__isnull=False)
            .select_related("table")
            .order_by("-ended_at")
        )
        clubs.append(
            {
                "club": club,
                "tables": [p.table for p in passes],
                "hands": [(hand, club.format_amount(hand.viewer_net or 0)) for hand in hands],
                "nets": [(net, club.format_amount(net.net)) for net in nets],
                "total": club.format_amount(sum(n.net for n in nets)),
            }
        )
    return render(request, "hands/guest_home.html", {"clubs": clubs, "is_guest": user.is_guest})


def club_pass_q(user: User, club: Club) -> Q:
    """A guest's standing passes to the tables of ``club``."""
    return Q(user=user, table__club=club, left_at__isnull=True)
