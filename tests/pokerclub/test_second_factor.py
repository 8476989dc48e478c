"""A second factor and rate limits on logging in (issue #41): a member turns on an
authenticator app (TOTP, allauth.mfa) and from then on a password alone does not log them
in; failed logins and password-reset mails are limited per account and per address, in the
cache every server process shares."""

from __future__ import annotations

import base64
import hashlib
import hmac
import struct
import time
import uuid

import pytest
from allauth.mfa.models import Authenticator
from django.urls import reverse

from pokerclub.models import User

pytestmark = pytest.mark.django_db

PASSWORD = "correct-horse-battery-42"


def totp(secret: str, at: float) -> str:
    """RFC 6238's code for ``secret`` at time ``at`` (30 s steps, 6 digits, SHA-1): what an
    authenticator app shows, computed here, not by the library under test."""
    key = base64.b32decode(secret, casefold=True)
    digest = hmac.new(key, struct.pack(">Q", int(at) // 30), hashlib.sha1).digest()
    offset = digest[-1] & 0x0F
    value = struct.unpack(">I", digest[offset : offset + 4])[0] & 0x7FFFFFFF
    return f"{value % 1_000_000:06d}"


def someone() -> User:
    return User.objects.create_user(
        email=f"mfa-{uuid.uuid4().hex[:12]}@example.com", password=PASSWORD, display_name="Mia"
    )


def test_with_an_authenticator_app_a_password_alone_does_not_log_in(client, monkeypatch):
    member = someone()
    client.force_login(member)
    asked = client.get(reverse("mfa_activate_totp"))  # turning it on asks for the password
    assert asked["Location"].startswith(reverse("account_reauthenticate"))
    client.post(asked["Location"], {"password": PASSWORD})
    page = client.get(reverse("mfa_activate_totp"))
    assert page.status_code == 200, page.get("Location")
    secret = page.context["form"].secret  # what the QR code carries
    now = time.time()
    response = client.post(reverse("mfa_activate_totp"), {"code": totp(secret, now)})
    assert response.status_code == 302
    assert Authenticator.objects.filter(user=member, type=Authenticator.Type.TOTP).exists()

    phone = type(client)()
    response = phone.post(reverse("account_login"), {"login": member.email, "password": PASSWORD})
    assert response.status_code == 302 and response["Location"] == reverse("mfa_authenticate")
    assert phone.get(reverse("clubs:list"))["Location"].startswith(reverse("account_login"))
    wrong = phone.post(reverse("mfa_authenticate"), {"code": "000000"})
    assert wrong.status_code == 200 and "_auth_user_id" not in phone.session
    later = now + 30  # the next code: a code is good once
    monkeypatch.setattr(time, "time", lambda: later)
    response = phone.post(reverse("mfa_authenticate"), {"code": totp(secret, later)})
    assert response.status_code == 302
    assert phone.session["_auth_user_id"] == str(member.pk)


def test_five_failed_logins_lock_the_account_out_even_with_the_right_password(client):
    member = someone()
    address = f"10.{uuid.uuid4().int % 250}.{uuid.uuid4().int % 250}.7"  # this test's alone
    for _ in range(5):
        wrong = client.post(
            reverse("account_login"),
            {"login": member.email, "password": "not-it"},
            REMOTE_ADDR=address,
        )
        assert wrong.status_code == 200 and "_auth_user_id" not in client.session
    right = client.post(
        reverse("account_login"), {"login": member.email, "password": PASSWORD}, REMOTE_ADDR=address
    )
    assert "_auth_user_id" not in client.session
    assert "Too many failed login attempts" in right.content.decode()


def test_password_reset_mails_for_one_address_are_limited(client):
    member = someone()
    address = f"10.{uuid.uuid4().int % 250}.{uuid.uuid4().int % 250}.9"
    codes = [
        client.post(
            reverse("account_reset_password"), {"email": member.email}, REMOTE_ADDR=address
        ).status_code
        for _ in range(6)
    ]
    assert codes[:5] == [302] * 5 and codes[5] == 429
