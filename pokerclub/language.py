"""The language each reader gets, one rule for pages, mails and sockets: the member's profile
choice, else the switcher's cookie (``settings.LANGUAGE_COOKIE_NAME``), else the browser's
``Accept-Language``, else ``settings.LANGUAGE_CODE``. A guest has no profile: the cookie
and the browser decide.

The switcher on every page posts to :func:`choose_language`, which sets the cookie and, for
a member, keeps the choice on their profile (so mails and their other devices follow it).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any
from zoneinfo import ZoneInfo

from django.conf import settings
from django.contrib.auth import get_user_model
from django.http import HttpRequest, HttpResponse
from django.middleware.locale import LocaleMiddleware
from django.utils import timezone, translation
from django.views.decorators.http import require_POST
from django.views.i18n import set_language


def supported(code: str | None) -> str:
    """``code`` if it is one of ``settings.LANGUAGES``, else empty."""
    return code if code and code in dict(settings.LANGUAGES) else ""


@contextmanager
def as_read_by(user: Any, zone: ZoneInfo) -> Iterator[str]:
    """A mail's words and times as ``user`` reads them: their profile's language (else
    ``settings.LANGUAGE_CODE``) and time zone (else ``zone``, their club's). Yields the
    language."""
    language = supported(user.language) or settings.LANGUAGE_CODE
    own = ZoneInfo(user.time_zone) if user.time_zone else zone
    with translation.override(language), timezone.override(own):
        yield language


def language_of(user: Any, request: HttpRequest) -> str:
    """The language of the reader of ``request``: their profile's, else Django's choice from
    the cookie and the browser's header."""
    if user is not None and user.is_authenticated and supported(user.language):
        return str(user.language)
    return translation.get_language_from_request(request)


def language_of_scope(scope: Mapping[str, Any]) -> str:
    """:func:`language_of` for a socket: its scope's user, cookies and headers."""
    request = HttpRequest()
    request.COOKIES = dict(scope.get("cookies") or {})
    for name, value in scope.get("headers") or ():
        if name == b"accept-language":
            request.META["HTTP_ACCEPT_LANGUAGE"] = value.decode("latin-1")
    return language_of(scope.get("user"), request)


class LanguageMiddleware(LocaleMiddleware):
    """Django's ``LocaleMiddleware`` (it sets ``Content-Language`` and ``Vary``), choosing by
    :func:`language_of`; it runs after the authentication middleware, which it needs."""

    def process_request(self, request: HttpRequest) -> None:
        translation.activate(language_of(getattr(request, "user", None), request))
        request.LANGUAGE_CODE = translation.get_language()


@require_POST
def choose_language(request: HttpRequest) -> HttpResponse:
    """The switcher: Django's ``set_language`` (the cookie, back to ``next``), and the choice
    kept on a member's profile."""
    response = set_language(request)
    code = supported(request.POST.get("language"))
    user = request.user
    if code and user.is_authenticated and user.language != code:
        get_user_model().objects.filter(pk=user.pk).update(language=code)
    return response
