"""The permission boundary of every club view for anonymous, non-member, member, host, owner.

Non-members get 404 so that nobody learns which clubs exist; members who ask for something
only a host or the owner may do get 403; only POST changes anything.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from pokerclub import actions
from pokerclub.models import Club, Invitation, Membership

pytestmark = pytest.mark.django_db

ROLES = ["anonymous", "outsider", "member", "host", "owner"]


def login_as(client, club_with_roles, role):
    if role != "anonymous":
        client.force_login(club_with_roles[role])


# (url name, method, expected status by role)
GET_VIEWS = {
    "clubs:detail": {"anonymous": 302, "outsider": 404, "member": 200, "host": 200, "owner": 200},
    "clubs:edit": {"anonymous": 302, "outsider": 404, "member": 403, "host": 403, "owner": 200},
}


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("view", sorted(GET_VIEWS))
def test_get_views_by_role(client, club_with_roles, view, role):
    login_as(client, club_with_roles, role)
    response = client.get(reverse(view, args=[club_with_roles["club"].slug]))
    assert response.status_code == GET_VIEWS[view][role]
    if role == "anonymous":
        assert reverse("account_login") in response["Location"]


@pytest.mark.parametrize("role", ROLES)
def test_club_list_shows_only_own_clubs(client, club_with_roles, role):
    login_as(client, club_with_roles, role)
    response = client.get(reverse("clubs:list"))
    if role == "anonymous":
        assert response.status_code == 302
        return
    shown = "Friday Game" in response.content.decode()
    assert shown == (role != "outsider")


def _post_targets(c):
    club = c["club"]
    member_m = Membership.objects.get(club=club, user=c["member"])
    inv = Invitation.objects.create(club=club, created_by=c["owner"])
    return {
        "invite": (reverse("clubs:invitation_create", args=[club.slug]), {}),
        "revoke": (reverse("clubs:invitation_revoke", args=[club.slug, inv.pk]), {}),
        "role": (reverse("clubs:member_role", args=[club.slug, member_m.pk]), {"role": "host"}),
        "remove": (reverse("clubs:member_remove", args=[club.slug, member_m.pk]), {}),
        "transfer": (reverse("clubs:member_transfer", args=[club.slug, member_m.pk]), {}),
        "edit": (
            reverse("clubs:edit", args=[club.slug]),
            {"name": "Hijacked", "amount_format": "chips", "decimal_places": 2},
        ),
    }


# Expected status of each POST by role; anything not 302 for an allowed role must change nothing.
POST_EXPECTED = {
    "invite": {"anonymous": 302, "outsider": 404, "member": 403, "host": 302, "owner": 302},
    "revoke": {"anonymous": 302, "outsider": 404, "member": 403, "host": 302, "owner": 302},
    "role": {"anonymous": 302, "outsider": 404, "member": 403, "host": 403, "owner": 302},
    "remove": {"anonymous": 302, "outsider": 404, "member": 403, "host": 403, "owner": 302},
    "transfer": {"anonymous": 302, "outsider": 404, "member": 403, "host": 403, "owner": 302},
    "edit": {"anonymous": 302, "outsider": 404, "member": 403, "host": 403, "owner": 302},
}


def _snapshot(club):
    club = Club.objects.get(pk=club.pk)
    return (
        club.name,
        sorted(Membership.objects.filter(club=club).values_list("user_id", "role")),
        sorted(Invitation.objects.filter(club=club).values_list("pk", "revoked_at")),
    )


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("action", sorted(POST_EXPECTED))
def test_post_actions_by_role(client, club_with_roles, action, role):
    url, data = _post_targets(club_with_roles)[action]
    before = _snapshot(club_with_roles["club"])
    login_as(client, club_with_roles, role)
    response = client.post(url, data)
    expected = POST_EXPECTED[action][role]
    assert response.status_code == expected
    allowed = role in ("host", "owner") if action in ("invite", "revoke") else role == "owner"
    if allowed:
        assert _snapshot(club_with_roles["club"]) != before or action == "invite"
    else:
        assert _snapshot(club_with_roles["club"]) == before
        if role == "anonymous":
            assert reverse("account_login") in response["Location"]


@pytest.mark.parametrize("name", ["clubs:leave", "clubs:invitation_create"])
def test_state_changing_views_refuse_get(client, club_with_roles, name):
    client.force_login(club_with_roles["owner"])
    response = client.get(reverse(name, args=[club_with_roles["club"].slug]))
    assert response.status_code == 405


def test_post_without_csrf_token_is_refused(club_with_roles):
    from django.test import Client

    client = Client(enforce_csrf_checks=True)
    client.force_login(club_with_roles["member"])
    response = client.post(reverse("clubs:leave", args=[club_with_roles["club"].slug]))
    assert response.status_code == 403
    assert Membership.objects.filter(user=club_with_roles["member"]).exists()


def test_outsider_cannot_learn_a_club_exists(client, club_with_roles):
    client.force_login(club_with_roles["outsider"])
    real = client.get(reverse("clubs:detail", args=[club_with_roles["club"].slug]))
    fake = client.get(reverse("clubs:detail", args=["no-such-club"]))
    assert real.status_code == fake.status_code == 404


def test_invite_count_is_unchanged_by_a_refused_invite(client, club_with_roles):
    client.force_login(club_with_roles["member"])
    client.post(reverse("clubs:invitation_create", args=[club_with_roles["club"].slug]))
    assert not Invitation.objects.exists()
    actions.create_invitation(club_with_roles["host"], club_with_roles["club"])
    assert Invitation.objects.count() == 1
