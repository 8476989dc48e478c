"""A club's game nights: the list, planning one, a night's page with the answers, answering,
cancelling, and the night's .ics. Thin: the work is in ``actions``."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from pokerclub.access import club_for_member
from pokerclub.http import AuthenticatedHttpRequest
from pokerclub.models import Club
from tables.nights import actions, calendar
from tables.nights.error_codes import NightError
from tables.nights.forms import NightForm
from tables.nights.models import Answer, GameNight


def _night(club: Club, pk: int) -> GameNight:
    night = GameNight.objects.select_related("club").filter(club=club, pk=pk).first()
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
    return render(
        request,
        "nights/list.html",
        {"club": club, "membership": membership, "upcoming": upcoming, "past": past},
    )


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
