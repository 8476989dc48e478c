"""Invitation links: valid, expired, revoked, used up (also by two people at once), forged,
already a member, and the round trip of a visitor who signs up or logs in first."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from django.db import close_old_connections, connection
from django.urls import reverse
from django.utils import timezone

from pokerclub import actions
from pokerclub.error_codes import ClubError, ClubErrorCode
from pokerclub.models import Invitation, Membership, User
from tests.conftest import BUSY_BOX_SECONDS, require_service

pytestmark = pytest.mark.django_db


@pytest.fixture
def invitation(club_with_roles):
    return actions.create_invitation(club_with_roles["host"], club_with_roles["club"])


def test_host_creates_invitation_link_from_club_page(client, club_with_roles):
    c = club_with_roles
    client.force_login(c["host"])
    response = client.post(
        reverse("clubs:invitation_create", args=[c["club"].slug]),
        {"expires_in_days": "7", "max_uses": "3"},
    )
    assert response.status_code == 302
    inv = Invitation.objects.get()
    assert inv.max_uses == 3 and inv.created_by == c["host"]
    assert timedelta(days=6, hours=23) < inv.expires_at - timezone.now() <= timedelta(days=7)
    assert len(inv.token) >= 32
    page = client.get(c["club"].get_absolute_url()).content.decode()
    assert inv.get_absolute_url() in page


def test_invitation_form_rejects_bad_values_and_creates_nothing(client, club_with_roles):
    c = club_with_roles
    client.force_login(c["owner"])
    for data in ({"max_uses": "0"}, {"max_uses": "abc"}, {"expires_in_days": "5"}):
        client.post(reverse("clubs:invitation_create", args=[c["club"].slug]), data)
    assert not Invitation.objects.exists()


def test_member_cannot_create_invitations(client, club_with_roles):
    c = club_with_roles
    client.force_login(c["member"])
    response = client.post(reverse("clubs:invitation_create", args=[c["club"].slug]), {})
    assert response.status_code == 403
    assert not Invitation.objects.exists()


def test_logged_in_user_joins_through_a_valid_invitation(client, invitation, make_user):
    newcomer = make_user("Nina")
    client.force_login(newcomer)
    page = client.get(invitation.get_absolute_url())
    assert page.status_code == 200 and "Friday Game" in page.content.decode()
    assert not Membership.objects.filter(user=newcomer).exists()  # GET changes nothing
    response = client.post(invitation.get_absolute_url())
    assert response.status_code == 302
    assert Membership.objects.get(user=newcomer).role == "member"
    invitation.refresh_from_db()
    assert invitation.uses == 1


def test_visitor_signs_up_and_lands_back_on_the_invitation(client, invitation):
    page = client.get(invitation.get_absolute_url()).content.decode()
    signup_url = f"{reverse('account_signup')}?next={invitation.get_absolute_url()}"
    assert signup_url in page
    response = client.post(
        signup_url,
        {
            "email": "fresh@example.com",
            "password1": "pa55-word-ok",
            "password2": "pa55-word-ok",
            "display_name": "Fresh",
            "next": invitation.get_absolute_url(),
        },
    )
    assert response.status_code == 302
    assert response["Location"] == invitation.get_absolute_url()
    client.post(invitation.get_absolute_url())
    assert Membership.objects.filter(user__email="fresh@example.com", club=invitation.club).exists()


def test_visitor_logs_in_and_lands_back_on_the_invitation(client, invitation, make_user):
    make_user(email="known@example.com", password="known-pass-1")
    login_url = f"{reverse('account_login')}?next={invitation.get_absolute_url()}"
    response = client.post(
        login_url,
        {
            "login": "known@example.com",
            "password": "known-pass-1",
            "next": invitation.get_absolute_url(),
        },
    )
    assert response["Location"] == invitation.get_absolute_url()


def test_anonymous_post_to_invitation_redirects_to_login_and_joins_nobody(client, invitation):
    response = client.post(invitation.get_absolute_url())
    assert response.status_code == 302 and reverse("account_login") in response["Location"]
    assert Membership.objects.count() == 3


def test_expired_invitation_shows_a_clear_page(client, club_with_roles, make_user):
    inv = Invitation.objects.create(
        club=club_with_roles["club"], expires_at=timezone.now() - timedelta(minutes=1)
    )
    client.force_login(make_user())
    response = client.get(inv.get_absolute_url())
    assert response.status_code == 410
    assert "expired" in response.content.decode()
    response = client.post(inv.get_absolute_url())
    assert response.status_code == 410
    assert Membership.objects.count() == 3


def test_revoked_invitation_no_longer_works(client, invitation, club_with_roles, make_user):
    client.force_login(club_with_roles["host"])
    client.post(reverse("clubs:invitation_revoke", args=[invitation.club.slug, invitation.pk]))
    invitation.refresh_from_db()
    assert invitation.revoked_at is not None
    client.force_login(make_user())
    response = client.post(invitation.get_absolute_url())
    assert response.status_code == 410
    assert "withdrawn" in response.content.decode()
    assert Membership.objects.count() == 3


def test_used_up_invitation_refuses_the_next_person(club_with_roles, make_user):
    inv = actions.create_invitation(club_with_roles["owner"], club_with_roles["club"], max_uses=2)
    actions.accept_invitation(make_user(), inv.token)
    actions.accept_invitation(make_user(), inv.token)
    with pytest.raises(ClubError) as err:
        actions.accept_invitation(make_user(), inv.token)
    assert err.value.code == ClubErrorCode.INVITATION_USED_UP
    inv.refresh_from_db()
    assert inv.uses == 2
    assert Membership.objects.filter(club=inv.club).count() == 5


def test_forged_token_shows_not_found_page_never_a_500(client, make_user):
    client.force_login(make_user())
    for method in (client.get, client.post):
        response = method("/invite/not-a-real-token/")
        assert response.status_code == 404
        assert "not valid" in response.content.decode()


def test_existing_member_opening_invitation_goes_to_club_without_using_it(
    client, invitation, club_with_roles
):
    client.force_login(club_with_roles["member"])
    response = client.get(invitation.get_absolute_url())
    assert (
        response.status_code == 302 and response["Location"] == invitation.club.get_absolute_url()
    )
    with pytest.raises(ClubError) as err:
        actions.accept_invitation(club_with_roles["member"], invitation.token)
    assert err.value.code == ClubErrorCode.ALREADY_MEMBER
    invitation.refresh_from_db()
    assert invitation.uses == 0


def test_member_cannot_revoke_invitations(client, invitation, club_with_roles):
    client.force_login(club_with_roles["member"])
    response = client.post(
        reverse("clubs:invitation_revoke", args=[invitation.club.slug, invitation.pk])
    )
    assert response.status_code == 403
    invitation.refresh_from_db()
    assert invitation.revoked_at is None


def test_invitation_of_another_club_cannot_be_revoked_through_this_club(
    client, invitation, make_user
):
    other_owner = make_user()
    other = actions.create_club(other_owner, name="Other")
    client.force_login(other_owner)
    response = client.post(reverse("clubs:invitation_revoke", args=[other.slug, invitation.pk]))
    assert response.status_code == 404
    invitation.refresh_from_db()
    assert invitation.revoked_at is None
    assert User.objects.filter(pk=other_owner.pk).exists()


@pytest.mark.django_db(transaction=True)
def test_last_use_of_an_invitation_goes_to_exactly_one_of_two_racing_people():
    """Two people accept the last use at the same moment, each in a thread with its own
    connection: PostgreSQL's row lock lets exactly one of them in."""
    if connection.vendor != "postgresql":
        require_service("PostgreSQL", "row locks need PostgreSQL")
    owner = User.objects.create_user(email="o@example.com", display_name="Owner")
    club = actions.create_club(owner, name="Race")
    inv = actions.create_invitation(owner, club, max_uses=1)
    racers = [
        User.objects.create_user(email=f"r{i}@example.com", display_name=f"R{i}") for i in range(2)
    ]
    barrier = threading.Barrier(2)
    outcomes: list[str] = []

    def accept(user):
        barrier.wait()
        try:
            actions.accept_invitation(user, inv.token)
            outcomes.append("joined")
        except ClubError as error:
            outcomes.append(error.code)
        finally:
            close_old_connections()

    threads = [threading.Thread(target=accept, args=(u,)) for u in racers]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=BUSY_BOX_SECONDS)
    assert sorted(outcomes) == ["invitation_used_up", "joined"]
    inv.refresh_from_db()
    assert inv.uses == 1
    assert Membership.objects.filter(club=club).count() == 2
