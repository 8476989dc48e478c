"""Every page says what a browser may run and load (issue #41): a Content-Security-Policy with
no inline script, no plugins, no <base>, no framing and forms posted here only; a
Permissions-Policy; a Cross-Origin-Opener-Policy. And no page holds an inline script or an
inline event handler, so the policy costs nothing (the browser tests run with it on)."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tests.tables.history_helpers import PlayedClub

pytestmark = pytest.mark.django_db

INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)(?![^>]*type=\"application/json\")[^>]*>")
INLINE_HANDLER = re.compile(r"<[^>]+\son[a-z]+\s*=", re.IGNORECASE)


def directives(header: str) -> dict[str, str]:
    return dict(part.strip().split(" ", 1) for part in header.split(";") if part.strip())


@pytest.fixture
def pages(client):
    played = PlayedClub(hands=2, seed=5, muck=False)
    client.force_login(played.owner)
    slug, table = played.club.slug, played.table
    hand = table.hands.order_by("number").last()
    return [
        reverse("help"),
        reverse("profile"),
        reverse("clubs:list"),
        played.club.get_absolute_url(),
        reverse("clubs:edit", args=[slug]),
        reverse("tables:create", args=[slug]),
        reverse("tables:detail", args=[slug, table.pk]),
        reverse("history:list", args=[slug]),
        reverse("history:hand", args=[slug, hand.pk]),
        reverse("history:sessions", args=[slug]),
        reverse("history:money", args=[slug]),
        reverse("tournaments:list", args=[slug]),
        reverse("tournaments:create", args=[slug]),
    ]


def test_every_page_carries_the_policy_and_no_inline_script(client, pages):
    for path in pages:
        response = client.get(path)
        assert response.status_code == 200, path
        policy = directives(response["Content-Security-Policy"])
        assert policy["script-src"] == "'self'" and "unsafe" not in str(policy), path
        assert policy["object-src"] == "'none'" and policy["base-uri"] == "'none'", path
        assert policy["frame-ancestors"] == "'none'" and policy["form-action"] == "'self'", path
        assert "camera=()" in response["Permissions-Policy"], path
        assert response["Cross-Origin-Opener-Policy"] == "same-origin", path
        html = response.content.decode()
        assert not INLINE_SCRIPT.search(html), (path, INLINE_SCRIPT.search(html))
        assert not INLINE_HANDLER.search(html), (path, INLINE_HANDLER.search(html))


def test_logged_out_pages_carry_the_policy_too(client):
    for path in (reverse("home"), reverse("account_login"), reverse("account_signup")):
        response = client.get(path)
        assert "script-src 'self'" in response["Content-Security-Policy"], path
        assert not INLINE_SCRIPT.search(response.content.decode()), path


def test_report_only_mode_sends_the_same_policy_without_enforcing_it(client, settings):
    settings.CONTENT_SECURITY_POLICY_REPORT_ONLY = settings.CONTENT_SECURITY_POLICY
    settings.CONTENT_SECURITY_POLICY = None
    response = client.get(reverse("home"))
    assert "Content-Security-Policy" not in response
    assert "script-src 'self'" in response["Content-Security-Policy-Report-Only"]
