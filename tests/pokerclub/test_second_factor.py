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


def _second_factor(user: User) -> None:
    """The member turns on an authenticator app (what the activation page does)."""
    from allauth.mfa.totp.internal.auth import TOTP, generate_totp_secret

    TOTP.activate(user, generate_totp_secret())


def test_an_owner_turns_the_requirement_on_only_with_a_second_factor_of_their_own(
    club_with_roles,
):
    from pokerclub import actions
    from pokerclub.error_codes import ClubError, ClubErrorCode

    club, owner = club_with_roles["club"], club_with_roles["owner"]
    with pytest.raises(ClubError) as refused:
        actions.update_club(owner, club, require_second_factor=True)
    assert refused.value.code == ClubErrorCode.SECOND_FACTOR_NEEDED
    club.refresh_from_db()
    assert not club.require_second_factor
    _second_factor(owner)
    actions.update_club(owner, club, require_second_factor=True)
    club.refresh_from_db()
    assert club.require_second_factor


def test_a_host_without_a_second_factor_plays_as_a_member_until_they_turn_it_on(
    club_with_roles, client
):
    """A club that requires it: a host without two-factor authentication cannot open a
    table, invite or run the bank (the check is in each service, where the role is read);
    the club's page says why; once it is on, the host's powers are back."""
    from pokerclub import actions
    from pokerclub.error_codes import ClubError, ClubErrorCode
    from tables.play import actions as services
    from tables.play.error_codes import PlayError
    from tests.tables.conftest import table_settings

    club, owner, host = club_with_roles["club"], club_with_roles["owner"], club_with_roles["host"]
    _second_factor(owner)
    actions.update_club(owner, club, require_second_factor=True)
    with pytest.raises(ClubError) as refused:
        actions.create_invitation(host, club)
    assert refused.value.code == ClubErrorCode.SECOND_FACTOR_NEEDED
    with pytest.raises(PlayError):
        services.create_table(host, club, table_settings())
    client.force_login(host)
    page = client.get(club.get_absolute_url()).content.decode()
    assert "two-factor authentication" in page and reverse("mfa_index") in page
    assert client.get(reverse("tables:create", args=[club.slug])).status_code == 403

    _second_factor(host)
    actions.create_invitation(host, club)
    assert services.create_table(host, club, table_settings()).pk
    assert client.get(reverse("tables:create", args=[club.slug])).status_code == 200


def test_a_member_is_untouched_and_an_owner_keeps_the_club_while_powers_wait(club_with_roles):
    """Only powers wait: the owner stays the owner (nobody may remove them or take the club),
    and members play as before."""
    from pokerclub import actions
    from pokerclub.access import membership_of
    from pokerclub.models import Club, Membership

    club, owner, member = (
        club_with_roles["club"],
        club_with_roles["owner"],
        club_with_roles["member"],
    )
    Club.objects.filter(pk=club.pk).update(require_second_factor=True)  # the owner's factor is gone
    mine = membership_of(owner, club)
    assert mine is not None and mine.second_factor_missing and not mine.is_owner
    assert Membership.objects.get(club=club, user=owner).role == "owner"
    from pokerclub.error_codes import ClubError

    with pytest.raises(ClubError):
        actions.leave_club(owner, club)  # a club always keeps an owner
    theirs = membership_of(member, club)
    assert theirs is not None and not theirs.second_factor_missing
