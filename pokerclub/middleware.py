"""Each request in its reader's time zone (Django shows every aware time in the active one):
the member's own (their profile), else the one their browser says (the ``tz`` cookie that
``static/js/tz.js`` sets), else UTC. A member who never chose one gets their browser's,
kept on their profile the first time it is seen, so mails and pages agree.

And every response's Permissions-Policy (:class:`PermissionsPolicyMiddleware`), and a
guest's way around the pages that need an account (:class:`GuestMiddleware`)."""

from __future__ import annotations

from collections.abc import Callable
from zoneinfo import ZoneInfo

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils import timezone

from pokerclub.models import User, time_zones

COOKIE = "tz"


def browser_zone(request: HttpRequest) -> str:
    """The zone the browser reported, if it is one; else empty."""
    name = request.COOKIES.get(COOKIE, "")[:64]
    return name if name in time_zones() else ""


class TimeZoneMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        user = getattr(request, "user", None)
        zone = ""
        if user is not None and user.is_authenticated:
            zone = user.time_zone
            if not zone and (zone := browser_zone(request)):
                User.objects.filter(pk=user.pk, time_zone="").update(time_zone=zone)
                user.time_zone = zone
        zone = zone or browser_zone(request)
        if zone:
            timezone.activate(ZoneInfo(zone))
        else:
            timezone.deactivate()
        return self.get_response(request)


class PermissionsPolicyMiddleware:
    """Every response says which browser features no page here uses
    (``settings.PERMISSIONS_POLICY``): a script that got in could not ask for them."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        response.headers.setdefault("Permissions-Policy", settings.PERMISSIONS_POLICY)
        return response


GUEST_SAVES_FIRST = (
    "/clubs/new/",
    "/clubs/start/",
    "/accounts/email/",
    "/accounts/password/",
    "/accounts/2fa/",
)
"""What a guest (``User.is_guest``: a nickname from a table's link) does only once they have
saved an account: open a club of their own, manage an e-mail address or a password (the
save page sets both at once, ``pokerclub.views.save_account``)."""


class GuestMiddleware:
    """Sends a guest to their own page instead of a list of clubs they are not in, and to
    "Save my account" from the pages that need an account."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated and user.is_guest:
            if request.path == "/clubs/":
                return redirect("guest_home")
            if request.path.startswith(GUEST_SAVES_FIRST):
                return redirect("guest_save")
        return self.get_response(request)
