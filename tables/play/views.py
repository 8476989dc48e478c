"""Table pages: a club's page with its open tables, a new group's quick start (a club, its
first table and an invitation at once), opening a table, changing its settings, and the
table itself. Thin views."""

from __future__ import annotations

import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from pokerclub.access import club_for_member
from pokerclub.forms import InvitationForm, QuickStartForm
from pokerclub.http import AuthenticatedHttpRequest
from pokerclub.models import Role
from tables.play import actions as services
from tables.play.error_codes import PlayError
from tables.play.forms import TableForm, table_presets
from tables.play.models import Table
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
    members = club.memberships.select_related("user").order_by("joined_at", "pk")
    context = {
        "club": club,
        "membership": membership,
        "members": members,
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


@login_required
def table_detail(request: AuthenticatedHttpRequest, slug: str, pk: int) -> HttpResponse:
    club, membership = club_for_member(request, slug)
    table = get_object_or_404(Table.objects.select_related("club"), club=club, pk=pk)
    if table.in_person:  # a game at a real table has its bank, not a felt
        return redirect("history:bank", slug=club.slug, table_id=table.pk)
    initial = _viewer_state(request, table, membership.is_host)
    return render(
        request,
        "play/table.html",
        {
            "table": table,
            "club": club,
            "membership": membership,
            "ws_path": f"/ws/tables/{table.pk}/",
            "initial_state": initial,
            "phrases": phrasebook(),  # the log's words in the viewer's language
        },
    )


@login_required
def table_state(request: AuthenticatedHttpRequest, slug: str, pk: int) -> JsonResponse:
    """The viewer's current state as JSON (the same as the socket's ``state`` message)."""
    club, membership = club_for_member(request, slug)
    table = get_object_or_404(Table, club=club, pk=pk)
    return JsonResponse(_viewer_state(request, table, membership.is_host))


def _viewer_state(request: AuthenticatedHttpRequest, table: Table, is_host: bool) -> dict:
    public = load_public_state(table.pk)
    seat, own = private_cards_for_user(table.pk, public, request.user.pk)
    return viewer_state(public, request.user.pk, seat, is_host, own)


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
                    "game": t.game_label,  # "Pot-limit Omaha"; a mixed table: the current game
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
