"""Pages for clubs, memberships, invitations and the profile. Thin: the work is in actions."""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.contrib.auth import login, update_session_auth_hash
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db.models import Count, Q
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from pokerclub import actions
from pokerclub.access import club_for_member, membership_of
from pokerclub.error_codes import ClubError, ClubErrorCode
from pokerclub.forms import ClubForm, InvitationForm, ProfileForm, SaveAccountForm
from pokerclub.http import AuthenticatedHttpRequest
from pokerclub.models import Club, Invitation, Membership, Role


def home(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect("guest_home" if request.user.is_guest else "clubs:list")
    return render(request, "home.html")


def help_page(request: HttpRequest) -> HttpResponse:
    return render(request, "help.html")


def privacy_page(request: HttpRequest) -> HttpResponse:
    """What the site keeps about a person, why, for how long, and how to get it or erase it."""
    return render(request, "privacy.html")


@login_required
def club_list(request: AuthenticatedHttpRequest) -> HttpResponse:
    memberships = (
        Membership.objects.filter(user=request.user)
        .exclude(role=Role.GUEST)
        .select_related("club")
        .annotate(
            member_count=Count("club__memberships", filter=~Q(club__memberships__role=Role.GUEST))
        )
        .order_by("club__name")
    )
    guest_tables = Membership.objects.filter(
        user=request.user, role=Role.GUEST, banned_at__isnull=True
    ).count()
    return render(
        request, "clubs/list.html", {"memberships": memberships, "guest_tables": guest_tables}
    )


@login_required
@require_GET
def amount_preview(request: AuthenticatedHttpRequest, slug: str) -> JsonResponse:
    """How the club reads an amount a member is typing, before it is written down: the one
    parser (``Club.parse_amount``) in the reader's language, as the amount will be shown
    (``{"ok": true, "amount": 2050, "shown": "20,50 €"}``), or why it is refused
    (``{"ok": false, "message": ...}``). Reads nothing but the club's format."""
    club, _membership = club_for_member(request, slug)
    text = str(request.GET.get("text", ""))
    try:
        amount = club.parse_amount(text)
    except ValueError as error:
        return JsonResponse({"ok": False, "message": str(error)})
    return JsonResponse({"ok": True, "amount": amount, "shown": club.format_amount(amount)})


@login_required
@require_http_methods(["GET", "POST"])
def club_create(request: AuthenticatedHttpRequest) -> HttpResponse:
    form = ClubForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        club = actions.create_club(request.user, **form.cleaned_data)
        messages.success(
            request, _("%(club)s is ready. Invite your friends.") % {"club": club.name}
        )
        return redirect(club)
    return render(request, "clubs/form.html", {"form": form, "creating": True})


@login_required
@require_http_methods(["GET", "POST"])
def club_edit(request: AuthenticatedHttpRequest, slug: str) -> HttpResponse:
    club, membership = club_for_member(request, slug)
    if not membership.is_owner:
        raise PermissionDenied(_("Only the club's owner can change its settings."))
    form = ClubForm(request.POST or None, instance=Club.objects.get(pk=club.pk))
    if request.method == "POST" and form.is_valid():
        try:
            actions.update_club(
                request.user, club, **{name: form.cleaned_data[name] for name in form.changed_data}
            )
        except ClubError as error:
            form.add_error(None, error.message)
        else:
            messages.success(request, _("Club settings saved."))
            return redirect(club)
    return render(request, "clubs/form.html", {"form": form, "club": club, "creating": False})


def _run(
    request: AuthenticatedHttpRequest,
    club: Club,
    func: Callable[..., object],
    *args: object,
    success: str,
) -> HttpResponse:
    try:
        func(*args)
    except ClubError as error:
        if error.code == ClubErrorCode.NOT_ALLOWED:
            raise PermissionDenied(error.message) from error
        messages.error(request, error.message)
    else:
        messages.success(request, success)
    return redirect(club)


@login_required
@require_POST
def invitation_create(request: AuthenticatedHttpRequest, slug: str) -> HttpResponse:
    club, membership = club_for_member(request, slug)
    if not membership.is_host:
        raise PermissionDenied(_("Only the owner or a host can invite people."))
    form = InvitationForm(request.POST)
    if not form.is_valid():
        for field_errors in form.errors.values():
            for error in field_errors:
                messages.error(request, error)  # type: ignore[arg-type]  # the stubs: ValidationError | str; an ErrorList yields its messages as str
        return redirect(club)
    return _run(
        request,
        club,
        lambda: actions.create_invitation(
            request.user,
            club,
            expires_at=form.expires_at(),
            max_uses=form.cleaned_data.get("max_uses"),
        ),
        success=_("Invitation link created: copy it and send it to your friends."),
    )


@login_required
@require_POST
def invitation_revoke(request: AuthenticatedHttpRequest, slug: str, pk: int) -> HttpResponse:
    club, membership = club_for_member(request, slug)
    invitation = get_object_or_404(Invitation, club=club, pk=pk)
    return _run(
        request,
        club,
        actions.revoke_invitation,
        request.user,
        invitation,
        success=_("Invitation revoked: the link no longer works."),
    )


@login_required
@require_POST
def member_role(request: AuthenticatedHttpRequest, slug: str, pk: int) -> HttpResponse:
    club, _membership = club_for_member(request, slug)
    role = request.POST.get("role", "")
    return _run(
        request,
        club,
        actions.set_role,
        request.user,
        club,
        pk,
        role,
        success=_("Role updated."),
    )


@login_required
@require_POST
def member_transfer(request: AuthenticatedHttpRequest, slug: str, pk: int) -> HttpResponse:
    club, _membership = club_for_member(request, slug)
    return _run(
        request,
        club,
        actions.transfer_ownership,
        request.user,
        club,
        pk,
        success=_("Ownership handed over. You are now a host."),
    )


@login_required
@require_POST
def member_remove(request: AuthenticatedHttpRequest, slug: str, pk: int) -> HttpResponse:
    club, _membership = club_for_member(request, slug)
    return _run(
        request,
        club,
        actions.remove_member,
        request.user,
        club,
        pk,
        success=_("Member removed."),
    )


@login_required
@require_POST
def club_leave(request: AuthenticatedHttpRequest, slug: str) -> HttpResponse:
    club, _membership = club_for_member(request, slug)
    try:
        actions.leave_club(request.user, club)
    except ClubError as error:
        messages.error(request, error.message)
        return redirect(club)
    messages.success(request, _("You left %(club)s.") % {"club": club.name})
    return redirect("clubs:list")


@require_http_methods(["GET", "POST"])
def invitation(request: HttpRequest, token: str) -> HttpResponse:
    """The page an invitation link opens. Anyone holding the link may see which club it is for."""
    invite = Invitation.objects.select_related("club").filter(token=token).first()
    if invite is None:
        return render(
            request,
            "clubs/invitation.html",
            {"error": _("This invitation link is not valid. Check that you copied all of it.")},
            status=404,
        )
    club = invite.club
    member = request.user.is_authenticated and membership_of(request.user, club) is not None
    if request.method == "POST":
        if not request.user.is_authenticated:
            return redirect(f"{reverse('account_login')}?next={invite.get_absolute_url()}")
        try:
            actions.accept_invitation(request.user, token)
        except ClubError as error:
            if error.code == ClubErrorCode.ALREADY_MEMBER:
                return redirect(club)
            return render(
                request, "clubs/invitation.html", {"club": club, "error": error.message}, status=410
            )
        messages.success(request, _("Welcome to %(club)s!") % {"club": club.name})
        return redirect(club)
    if member:
        messages.info(request, _("You are already a member of %(club)s.") % {"club": club.name})
        return redirect(club)
    refusal = None
    try:
        actions.check_invitation(invite)
    except ClubError as exc:
        refusal = exc.message
    return render(
        request,
        "clubs/invitation.html",
        {"club": club, "invitation": invite, "error": refusal},
        status=410 if refusal else 200,
    )


@login_required
@require_http_methods(["GET", "POST"])
def profile(request: AuthenticatedHttpRequest) -> HttpResponse:
    form = ProfileForm(request.POST or None, instance=request.user)
    if request.method == "POST" and form.is_valid():
        form.save()
        messages.success(request, _("Profile saved."))
        return redirect("profile")
    return render(request, "profile.html", {"form": form})


@login_required
@require_POST
def member_make(request: AuthenticatedHttpRequest, slug: str, pk: int) -> HttpResponse:
    """A host turns a guest into a member."""
    club, _membership = club_for_member(request, slug)
    return _run(
        request,
        club,
        actions.make_member,
        request.user,
        club,
        pk,
        success=_("They are a member now: they see the whole club."),
    )


@login_required
@require_POST
def member_unban(request: AuthenticatedHttpRequest, slug: str, pk: int) -> HttpResponse:
    club, _membership = club_for_member(request, slug)
    return _run(
        request,
        club,
        actions.lift_ban,
        request.user,
        club,
        pk,
        success=_("Ban lifted: the club's links let them in again."),
    )


@login_required
@require_POST
def member_reclaim(request: AuthenticatedHttpRequest, slug: str, pk: int) -> HttpResponse:
    """A host makes a one-time link for a guest who lost their browser's session."""
    club, _membership = club_for_member(request, slug)
    try:
        reclaim = actions.create_reclaim(request.user, club, pk)
    except ClubError as error:
        if error.code == ClubErrorCode.NOT_ALLOWED:
            raise PermissionDenied(error.message) from error
        messages.error(request, error.message)
        return redirect(club)
    url = request.build_absolute_uri(reclaim.get_absolute_url())
    messages.success(
        request,
        _(
            "Send this link to %(name)s: it works once, for %(hours)s hours, and brings their "
            "seat, hands and nets back to the browser that opens it: %(url)s"
        )
        % {"name": reclaim.user, "hours": reclaim.LIFETIME_HOURS, "url": url},
    )
    return redirect(club)


@require_http_methods(["GET", "POST"])
def guest_reclaim(request: HttpRequest, token: str) -> HttpResponse:
    """A reclaim link: GET says what it does, POST signs this browser in as the guest."""
    if request.method == "POST":
        try:
            user = actions.use_reclaim(token)
        except ClubError as error:
            return render(request, "clubs/reclaim.html", {"error": error.message}, status=410)
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        messages.success(request, _("Welcome back, %(name)s.") % {"name": user})
        return redirect("guest_home")
    return render(request, "clubs/reclaim.html", {"token": token})


@login_required
@require_http_methods(["GET", "POST"])
def save_account(request: AuthenticatedHttpRequest) -> HttpResponse:
    """A guest keeps everything with an e-mail address and a password."""
    if not request.user.is_guest:
        messages.info(request, _("Your account is already saved."))
        return redirect("profile")
    form = SaveAccountForm(request.POST or None, user=request.user)
    if request.method == "POST" and form.is_valid():
        try:
            user = actions.save_account(
                request.user, form.cleaned_data["email"], form.cleaned_data["password1"]
            )
        except ClubError as error:
            form.add_error(None, error.message)
        else:
            from allauth.account.models import EmailAddress

            address = EmailAddress.objects.add_email(request, user, user.email, confirm=True)
            address.set_as_primary()
            update_session_auth_hash(request, user)
            messages.success(
                request,
                _(
                    "Account saved: log in with %(email)s from any device. Your hands and "
                    "nets are still yours."
                )
                % {"email": user.email},
            )
            return redirect("guest_home")
    return render(request, "clubs/save_account.html", {"form": form})
