"""A club's game nights: the list, planning one, a night's page with the answers, answering,
cancelling, and the night's .ics. Thin: the work is in ``actions``."""

from __future__ import annotations

from datetime import timedelta

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, StreamingHttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from pokerclub.access import club_for_member
from pokerclub.http import AuthenticatedHttpRequest, csv_response
from pokerclub.models import Club, Membership, Role
from tables.nights import actions, calendar, standings
from tables.nights.error_codes import NightError
from tables.nights.forms import NightForm, SeasonForm
from tables.nights.models import Answer, CalendarFeed, GameNight, MailChoice, Season
from tables.tournaments.models import Tournament


def _night(club: Club, pk: int) -> GameNight:
    night = (
        GameNight.objects.select_related("club", "table", "tournament")
        .filter(club=club, pk=pk)
        .first()
    )
    if night is None:
        raise Http404(_("There is no such game night."))
    return night


@login_required
@require_GET
def night_list(request: AuthenticatedHttpRequest, slug: str) -> HttpResponse:
    club, membership = club_for_member(request, slug)
    now = timezone.now()
    nights = GameNight.objects.filter(club=club)
    mine = dict(
        Answer.objects.filter(night__club=club, user=request.user).values_list("night_id", "reply")
    )
    upcoming = list(nights.filter(starts_at__gte=now).order_by("starts_at", "pk")[:60])
    past = list(nights.filter(starts_at__lt=now).order_by("-starts_at", "-pk")[:20])
    for night in (*upcoming, *past):
        night.my_reply = mine.get(night.pk)  # type: ignore[attr-defined]
    feed = CalendarFeed.objects.filter(user=request.user).first() or actions.feed_of(request.user)
    choice = MailChoice.objects.filter(user=request.user).first() or MailChoice()
    return render(
        request,
        "nights/list.html",
        {
            "club": club,
            "membership": membership,
            "upcoming": upcoming,
            "past": past,
            "feed_url": request.build_absolute_uri(reverse("night_feed", args=[feed.token])),
            "choice": choice,
        },
    )


@login_required
@require_POST
def feed_renew(request: AuthenticatedHttpRequest, slug: str) -> HttpResponse:
    club, _membership = club_for_member(request, slug)
    actions.feed_of(request.user, renew=True)
    messages.success(request, _("A new calendar link: the old one no longer works."))
    return redirect("nights:list", club.slug)


@login_required
@require_POST
def mail_choice(request: AuthenticatedHttpRequest, slug: str) -> HttpResponse:
    club, _membership = club_for_member(request, slug)
    actions.set_mail_choice(
        request.user,
        news=request.POST.get("news") == "on",
        day_before=request.POST.get("day_before") == "on",
        hour_before=request.POST.get("hour_before") == "on",
    )
    messages.success(request, _("Your game-night mails are saved."))
    return redirect("nights:list", club.slug)


FEED_PAST = timedelta(days=60)
FEED_MOST = 500


@require_GET
def feed(request: HttpRequest, token: str) -> HttpResponse:
    """A member's calendar feed (their token is the key): the nights of every club they
    belong to, from two months back; a calendar app reads it again now and then."""
    owner = CalendarFeed.objects.filter(token=token).select_related("user").first()
    if owner is None or not owner.user.is_active:
        raise Http404(_("This calendar link no longer works."))
    clubs = Membership.objects.filter(user=owner.user).exclude(role=Role.GUEST)
    nights = (
        GameNight.objects.filter(
            club_id__in=clubs.values("club_id"), starts_at__gte=timezone.now() - FEED_PAST
        )
        .select_related("club")
        .order_by("starts_at", "pk")[:FEED_MOST]
    )
    response = HttpResponse(
        calendar.calendar(list(nights)), content_type="text/calendar; charset=utf-8"
    )
    response["Cache-Control"] = "private, max-age=300"
    return response


@login_required
@require_http_methods(["GET", "POST"])
def night_create(request: AuthenticatedHttpRequest, slug: str) -> HttpResponse:
    club, membership = club_for_member(request, slug)
    if not membership.is_host:
        raise Http404(_("Only the club's owner and hosts plan game nights."))
    form = NightForm(request.POST or None, club=club)
    if request.method == "POST" and form.is_valid():
        try:
            nights = actions.plan_nights(request.user, club, form.plan())
        except NightError as error:
            form.add_error(None, f"{error.message} ({error.code})")
        else:
            messages.success(
                request,
                _("Planned: %(count)s nights.") % {"count": len(nights)}
                if len(nights) > 1
                else _("Planned. Members can answer now."),
            )
            return redirect(nights[0])
    return render(
        request,
        "nights/form.html",
        {"club": club, "form": form},
        status=400 if form.errors else 200,
    )


@login_required
@require_http_methods(["GET", "POST"])
def night_edit(request: AuthenticatedHttpRequest, slug: str, pk: int) -> HttpResponse:
    club, membership = club_for_member(request, slug)
    if not membership.is_host:
        raise Http404(_("Only the club's owner and hosts plan game nights."))
    night = _night(club, pk)
    initial = {
        name: getattr(night, name)
        for name in ("title", "place", "note", "seat_cap", "quorum", "plus_ones")
    }
    with timezone.override(club.zone):  # the form shows and reads the club's wall clock
        initial["starts_at"] = timezone.localtime(night.starts_at).replace(tzinfo=None)
        initial["answer_by"] = timezone.localtime(night.answer_by).replace(tzinfo=None)
    form = NightForm(request.POST or None, club=club, editing=True, initial=initial)
    if request.method == "POST" and form.is_valid():
        version = request.POST.get("version", "")
        try:
            actions.change_night(
                request.user, night.pk, int(version) if version.isdigit() else None, form.plan()
            )
        except NightError as error:
            form.add_error(None, f"{error.message} ({error.code})")
        else:
            messages.success(request, _("Saved; those who answered are told."))
            return redirect(night)
    return render(
        request,
        "nights/form.html",
        {"club": club, "form": form, "night": night},
        status=400 if form.errors else 200,
    )


@login_required
@require_GET
def night_detail(request: AuthenticatedHttpRequest, slug: str, pk: int) -> HttpResponse:
    club, membership = club_for_member(request, slug)
    night = _night(club, pk)
    answers = list(Answer.objects.filter(night=night).select_related("user"))
    coming = [a for a in answers if a.reply == Answer.Reply.YES and not a.waitlisted]
    context = {
        "club": club,
        "membership": membership,
        "night": night,
        "mine": next((a for a in answers if a.user_id == request.user.pk), None),
        "coming": coming,
        "seats_taken": sum(a.seats for a in coming),
        "waitlist": [a for a in answers if a.reply == Answer.Reply.YES and a.waitlisted],
        "maybe": [a for a in answers if a.reply == Answer.Reply.MAYBE],
        "no": [a for a in answers if a.reply == Answer.Reply.NO],
        "replies": Answer.Reply.choices,
        "tournaments": (
            Tournament.objects.filter(
                club=club,
                status__in=(Tournament.Status.REGISTERING, Tournament.Status.RUNNING),
            ).order_by("-pk")[:20]
            if membership.is_host and night.kind == GameNight.Kind.TOURNAMENT and night.may_open
            else []
        ),
    }
    return render(request, "nights/detail.html", context)


@login_required
@require_POST
def night_answer(request: AuthenticatedHttpRequest, slug: str, pk: int) -> HttpResponse:
    club, _membership = club_for_member(request, slug)
    night = _night(club, pk)
    try:
        mine = actions.answer(
            request.user,
            night.pk,
            request.POST.get("reply"),
            plus_one=request.POST.get("plus_one") == "on",
        )
    except NightError as error:
        messages.error(request, f"{error.message} ({error.code})")
    else:
        if mine.waitlisted:
            messages.info(request, _("The seats are taken: you are on the waitlist."))
        else:
            messages.success(request, _("Answer saved."))
    return redirect(night)


@login_required
@require_POST
def night_open(request: AuthenticatedHttpRequest, slug: str, pk: int) -> HttpResponse:
    """A host opens the night's game: its table or bank, or the tournament it plays."""
    club, _membership = club_for_member(request, slug)
    night = _night(club, pk)
    raw = request.POST.get("tournament")
    try:
        if raw is not None:
            tournament_id = int(raw) if raw.isdigit() else None
            night = actions.link_tournament(request.user, night.pk, tournament_id)
        else:
            night = actions.open_games(request.user, night.pk)
    except NightError as error:
        messages.error(request, f"{error.message} ({error.code})")
        return redirect(night)
    messages.success(request, _("The night's game is open; those with a seat are told."))
    return redirect(night)


@login_required
@require_POST
def night_cancel(request: AuthenticatedHttpRequest, slug: str, pk: int) -> HttpResponse:
    club, _membership = club_for_member(request, slug)
    night = _night(club, pk)
    try:
        actions.cancel_night(request.user, night.pk)
    except NightError as error:
        messages.error(request, f"{error.message} ({error.code})")
    else:
        messages.success(request, _("The night is cancelled; everyone who answered is told."))
    return redirect(night)


@login_required
@require_GET
def night_ics(request: AuthenticatedHttpRequest, slug: str, pk: int) -> HttpResponse:
    club, _membership = club_for_member(request, slug)
    night = _night(club, pk)
    response = HttpResponse(calendar.calendar([night]), content_type="text/calendar; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="night-{night.pk}.ics"'
    return response


@login_required
@require_http_methods(["GET", "POST"])
def season_list(request: AuthenticatedHttpRequest, slug: str) -> HttpResponse:
    club, membership = club_for_member(request, slug)
    form = SeasonForm(request.POST or None, club=club) if membership.is_host else None
    if request.method == "POST":
        if form is None:
            raise Http404(_("Only the club's owner and hosts define seasons."))
        if form.is_valid():
            try:
                season = actions.create_season(request.user, club, form.plan())
            except NightError as error:
                form.add_error(None, f"{error.message} ({error.code})")
            else:
                messages.success(request, _("The season is set."))
                return redirect(season)
    seasons = Season.objects.filter(club=club)
    return render(
        request,
        "nights/seasons.html",
        {"club": club, "membership": membership, "seasons": seasons, "form": form},
        status=400 if form is not None and form.errors else 200,
    )


def _season(club: Club, pk: int) -> Season:
    season = Season.objects.select_related("club").filter(club=club, pk=pk).first()
    if season is None:
        raise Http404(_("There is no such season."))
    return season


@login_required
@require_GET
def season_detail(request: AuthenticatedHttpRequest, slug: str, pk: int) -> HttpResponse:
    club, membership = club_for_member(request, slug)
    season = _season(club, pk)
    found, rows = standings.standings(season)
    season.cash_unit_shown = club.format_amount(season.cash_unit)  # type: ignore[attr-defined]
    for row in rows:
        row.cells = [  # type: ignore[attr-defined]
            (row.by_event.get(e.key), e.key in row.counted) for e in found
        ]
    return render(
        request,
        "nights/season.html",
        {"club": club, "season": season, "events": found, "rows": rows, "me": request.user.pk},
    )


@login_required
@require_GET
def season_csv(request: AuthenticatedHttpRequest, slug: str, pk: int) -> StreamingHttpResponse:
    club, _membership = club_for_member(request, slug)
    season = _season(club, pk)
    found, rows = standings.standings(season)
    header = [_("Rank"), _("Player"), _("Points"), _("Events"), *[e.name for e in found]]
    lines = [header] + [
        [r.rank, r.name, r.points, r.events, *[r.by_event.get(e.key, "") for e in found]]
        for r in rows
    ]
    return csv_response(lines, f"{club.slug}-season-{season.pk}.csv")
