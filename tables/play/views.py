"""Table pages: a club's page with its open tables, a new group's quick start (a club, its
first table and an invitation at once), opening a table, changing its settings, and the
table itself. Thin views."""

from __future__ import annotations

import json
from typing import Any

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from pokerclub.access import club_for_member
from pokerclub.forms import InvitationForm, NicknameForm, QuickStartForm
from pokerclub.http import AuthenticatedHttpRequest
from pokerclub.models import Membership, Role
from pokerclub.throttle import Limit, address_of
from tables.play import actions as services
from tables.play.actions.guests import open_link
from tables.play.error_codes import PlayError, PlayErrorCode
from tables.play.forms import TableForm, table_presets
from tables.play.guests import WATCHING, guests_of, table_access, watching_link
from tables.play.models import Table, TableLink
from tables.play.phrases import phrasebook
from tables.play.projection import load_public_state, private_cards_for_user, viewer_state


@login_required
@require_POST
def quick_start(request: AuthenticatedHttpRequest) -> HttpResponse:
    """One step for a new group: a club, its first table and an invitation link."""
    form = QuickStartForm(request.POST)
    if not form.is_valid():
        messages.error(request, " ".join(str(e) for e in form.errors["name"]))
        return redirect("clubs:list")
    club, table, _invitation = services.quick_start(request.user, name=form.cleaned_data["name"])
    messages.success(
        request,
        _(
            "%(club)s is ready, with %(table)s (%(stakes)s). "
            "Copy or share the invitation link below, then join the table."
        )
        % {"club": club.name, "table": table.name, "stakes": table.stakes},
    )
    return redirect(club)


@login_required
def club_detail(request: AuthenticatedHttpRequest, slug: str) -> HttpResponse:
    club, membership = club_for_member(request, slug)
    everyone = list(club.memberships.select_related("user").order_by("joined_at", "pk"))
    context = {
        "club": club,
        "membership": membership,
        "members": [m for m in everyone if not m.is_guest],
        "guests": [m for m in everyone if m.is_guest],
        "invitations": club.invitations.all()[:50] if membership.is_host else [],
        "invitation_form": InvitationForm() if membership.is_host else None,
        "Role": Role,
        "example_amount": club.format_amount(123456),
        "tables": Table.objects.open_in(club),
    }
    return render(request, "clubs/detail.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def table_create(request: AuthenticatedHttpRequest, slug: str) -> HttpResponse:
    club, membership = club_for_member(request, slug)
    if not membership.is_host:
        raise PermissionDenied(_("Only the owner or a host can open tables."))
    presets = table_presets(club)
    # Ready to open as it is: the first preset's stakes and a name ("Table 3").
    number = club.tables.count() + 1
    initial = {"name": _("Table %(number)s") % {"number": number}, **presets[0]["values"]}
    form = TableForm(request.POST or None, initial=initial, club=club)
    if request.method == "POST" and form.is_valid():
        table = services.create_table(request.user, club, form.table_values())
        messages.success(request, _("Table %(name)s is open.") % {"name": table.name})
        return redirect(table)
    for preset in presets:
        preset["values_json"] = json.dumps(preset["shown"])
        preset["pressed"] = all(str(form[k].value()) == str(v) for k, v in preset["shown"].items())
    return render(
        request,
        "play/form.html",
        {
            "form": form,
            "club": club,
            "creating": True,
            "example": club.format_amount(1250),
            "presets": presets,
        },
    )


@login_required
@require_http_methods(["GET", "POST"])
def table_edit(request: AuthenticatedHttpRequest, slug: str, pk: int) -> HttpResponse:
    club, membership = club_for_member(request, slug)
    table = get_object_or_404(Table, club=club, pk=pk)
    if not membership.is_host:
        raise PermissionDenied(_("Only the owner or a host can change a table."))
    form = TableForm(request.POST or None, instance=Table.objects.get(pk=table.pk), club=club)
    if request.method == "POST" and form.is_valid():
        try:
            applied = services.update_settings(
                request.user, table.pk, form.table_values(changed_only=True)
            )
        except PlayError as error:
            messages.error(request, error.message)
            return redirect(table)
        messages.success(
            request,
            _("Settings saved.")
            if applied
            else _("Settings saved: they apply from the next hand."),
        )
        return redirect(table)
    return render(
        request,
        "play/form.html",
        {
            "form": form,
            "club": club,
            "table": table,
            "creating": False,
            "example": club.format_amount(1250),
        },
    )


def _table_viewer(request: HttpRequest, slug: str, pk: int) -> tuple[Table, Membership | None]:
    """The table and who is looking: a member, a guest whose pass to it stands
    (``tables.play.guests``), or (None) a watcher by its live watching link; 404 for
    anyone else, so tables stay unlisted."""
    table = get_object_or_404(Table.objects.select_related("club"), club__slug=slug, pk=pk)
    found = table_access(request.user, table)
    if found is not None:
        return table, found
    if watching_link(request.session, table) is not None:
        return table, None
    raise Http404("No such table.")


def table_detail(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    if not request.user.is_authenticated and not request.session.get(WATCHING):
        return redirect_to_login(request.get_full_path())
    table, membership = _table_viewer(request, slug, pk)
    club = table.club
    if table.in_person:  # a game at a real table has its bank, not a felt
        if membership is None or membership.is_guest:
            raise Http404("No such table.")
        return redirect("history:bank", slug=club.slug, table_id=table.pk)
    is_host = membership is not None and membership.is_host
    initial = _viewer_state(request, table, is_host)
    links = _links_for(request, table, membership)
    return render(
        request,
        "play/table.html",
        {
            "table": table,
            "club": club,
            "membership": membership,
            "is_guest": membership is not None and membership.is_guest,
            "watching": membership is None,
            "must_ask": membership is not None
            and not is_host
            and (table.approve_seats or (membership.is_guest and club.guests_need_approval)),
            "links": links,
            "ws_path": f"/ws/tables/{table.pk}/",
            "initial_state": initial,
            "phrases": phrasebook(),  # the log's words in the viewer's language
        },
    )


def _links_for(
    request: HttpRequest, table: Table, membership: Membership | None
) -> dict[str, Any] | None:
    """The table's links as the viewer may share them (a host, or a member where the club
    lets members share): None for anyone else and at tables no guest comes to."""
    if membership is None or membership.is_guest or table.tournament_id is not None:
        return None
    if not membership.is_host and not table.club.members_share_links:
        return None
    live = {
        link.kind: link for link in TableLink.objects.filter(table=table, revoked_at__isnull=True)
    }
    play = live.get(TableLink.Kind.PLAY)
    watch = live.get(TableLink.Kind.WATCH)
    return {
        "play": play,
        "play_url": request.build_absolute_uri(play.get_absolute_url()) if play else None,
        "watch": watch,
        "watch_url": request.build_absolute_uri(watch.get_absolute_url()) if watch else None,
        "watching_allowed": table.club.spectator_links,
        "is_host": membership.is_host,
        "guests": play.guests.count() if play else 0,
    }


def table_state(request: HttpRequest, slug: str, pk: int) -> JsonResponse:
    """The viewer's current state as JSON (the same as the socket's ``state`` message)."""
    if not request.user.is_authenticated and not request.session.get(WATCHING):
        raise Http404("No such table.")
    table, membership = _table_viewer(request, slug, pk)
    return JsonResponse(
        _viewer_state(request, table, membership is not None and membership.is_host)
    )


def _viewer_state(request: HttpRequest, table: Table, is_host: bool) -> dict:
    public = load_public_state(table.pk)
    user_id = request.user.pk if request.user.is_authenticated else None
    seat, own = (
        private_cards_for_user(table.pk, public, user_id) if user_id is not None else (None, None)
    )
    return viewer_state(public, user_id, seat, is_host, own)


# --------------------------------------------------------------------------- links, guests

JOINS = (Limit("guest-join-by-address", 20, 600), Limit("guest-join-by-link", 60, 600))
"""Nicknames given on a table's link: per address, per link (a flood of guests is refused
before it makes a row)."""
LINK_CHANGES = Limit("table-link-by-address", 30, 600)
"""Links made, revoked or limited, per address."""


def _throttled(limits: tuple[Limit, ...], keys: tuple[str, ...]) -> bool:
    return not all(limit.allow(key) for limit, key in zip(limits, keys, strict=True))


@require_http_methods(["GET", "POST"])
def link_open(request: HttpRequest, token: str) -> HttpResponse:
    """A table's link: a nickname, then the table as a spectator with "Ask for a seat"."""
    try:
        link = open_link(token)
    except PlayError as error:
        status = 404 if error.code == PlayErrorCode.NO_SUCH_LINK else 410
        return render(request, "play/link.html", {"error": error.message}, status=status)
    table = link.table
    if request.user.is_authenticated and table_access(request.user, table) is not None:
        return redirect(table)
    form = NicknameForm(
        request.POST or None,
        initial={"nickname": str(request.user) if request.user.is_authenticated else ""},
    )
    status = 200
    if request.method == "POST" and form.is_valid():
        if _throttled(JOINS, (address_of(request), str(link.pk))):
            form.add_error(
                None,
                _("Too many nicknames from here in a short while: try again in a few minutes."),
            )
            status = 429
        else:
            try:
                user, table = services.join(token, form.cleaned_data["nickname"], request.user)
            except PlayError as error:
                form.add_error("nickname" if "nickname" in error.code else None, error.message)
                status = 410 if error.code in _GONE else 400
            else:
                if not request.user.is_authenticated:
                    login(request, user, backend="django.contrib.auth.backends.ModelBackend")
                return redirect(table)
    elif request.method == "POST":
        status = 400
    return render(
        request,
        "play/link.html",
        {"link": link, "table": table, "club": table.club, "form": form},
        status=status,
    )


_GONE = (PlayErrorCode.LINK_REVOKED, PlayErrorCode.TABLE_CLOSED, PlayErrorCode.BANNED)


@require_GET
def watch(request: HttpRequest, token: str) -> HttpResponse:
    """A table's watching link: the table as any spectator sees it, without a name."""
    try:
        link = open_link(token, TableLink.Kind.WATCH)
        if not link.table.club.spectator_links:
            raise PlayError(
                PlayErrorCode.LINK_REVOKED,
                _("This club does not let people watch its tables by link."),
            )
    except PlayError as error:
        status = 404 if error.code == PlayErrorCode.NO_SUCH_LINK else 410
        return render(request, "play/link.html", {"error": error.message}, status=status)
    watching = dict(request.session.get(WATCHING, {}))
    watching[str(link.table_id)] = link.pk
    request.session[WATCHING] = watching
    return redirect(link.table)


@login_required
@require_POST
def link_change(request: AuthenticatedHttpRequest, slug: str, pk: int) -> HttpResponse:
    """The table's links: make one (``op=make``), revoke it for a new one (``revoke``),
    or limit how many guests it admits (``limit``, ``max_guests``)."""
    table = get_object_or_404(Table, club__slug=slug, pk=pk)
    op = request.POST.get("op", "")
    kind = request.POST.get("kind", TableLink.Kind.PLAY)
    if LINK_CHANGES.allow(address_of(request)) is False:
        messages.error(request, _("Too many link changes from here: try again in a few minutes."))
        return redirect(table)
    try:
        if op == "make":
            services.table_link(request.user, table.pk, kind)
            done = _("Here is the table's link: copy it and send it to your friends.")
        elif op == "revoke":
            services.revoke_link(request.user, table.pk, kind)
            done = _("The old link no longer works: here is the new one.")
        elif op == "limit":
            raw = request.POST.get("max_guests", "")
            services.set_link_limit(request.user, table.pk, int(raw) if raw.isdigit() else raw)
            done = _("Limit saved.")
        else:
            raise PlayError(PlayErrorCode.BAD_FIELD, _("Unknown operation."))
    except PlayError as error:
        if error.code == PlayErrorCode.NOT_A_MEMBER:
            raise Http404("No such table.") from error
        messages.error(request, error.message)
    else:
        messages.success(request, done)
    return redirect(table)


@login_required
@require_GET
def table_guests(request: AuthenticatedHttpRequest, slug: str, pk: int) -> JsonResponse:
    """The table's guests, for its hosts: watching, asking for a seat or playing."""
    club, membership = club_for_member(request, slug)
    if not membership.is_host:
        raise PermissionDenied(_("Only the club's owner or a host can see this."))
    table = get_object_or_404(Table, club=club, pk=pk)
    return JsonResponse({"guests": guests_of(table)})


@login_required
def club_tables(request: AuthenticatedHttpRequest, slug: str) -> JsonResponse:
    """The club's open tables with seats taken, for the club page's live list."""
    club, _membership = club_for_member(request, slug)
    return JsonResponse(
        {
            "tables": [
                {
                    "id": t.pk,
                    "name": t.name,
                    "structure": t.get_structure_display(),
                    # "Pot-limit Omaha", "Dealer's choice: NLH, PLO · bomb pots": the format
                    "game": t.format_label,
                    "stakes": t.stakes,
                    "buy_in": t.buy_in_range,
                    "taken": t.taken,
                    "seats": t.max_seats,
                    "status": t.status,
                    "url": t.get_absolute_url(),
                }
                for t in Table.objects.open_in(club)
            ]
        }
    )
