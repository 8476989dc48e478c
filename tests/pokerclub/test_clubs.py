"""Clubs: creating, listing, settings, amount formats, roles, leaving and removing."""

from __future__ import annotations

import pytest
from django.urls import reverse

from pokerclub import actions
from pokerclub.error_codes import ClubError, ClubErrorCode
from pokerclub.models import Club, Membership, Role

pytestmark = pytest.mark.django_db


def test_creating_a_club_makes_the_creator_its_owner(client, make_user):
    user = make_user("Ann")
    client.force_login(user)
    response = client.post(
        reverse("clubs:create"),
        {
            "name": "Thursday  Night",
            "description": "Low stakes",
            "amount_format": "chips",
            "currency_symbol": "",
            "decimal_places": 2,
        },
    )
    club = Club.objects.get()
    assert response.status_code == 302 and response["Location"] == club.get_absolute_url()
    assert club.name == "Thursday Night"
    assert Membership.objects.get(club=club).role == Role.OWNER
    assert "Thursday Night" in client.get(reverse("clubs:list")).content.decode()


def test_club_form_requires_a_symbol_for_currency_and_creates_nothing(client, make_user):
    client.force_login(make_user())
    response = client.post(
        reverse("clubs:create"),
        {"name": "Cash", "amount_format": "currency", "currency_symbol": "", "decimal_places": 2},
    )
    assert response.status_code == 200
    assert "currency" in response.content.decode()
    assert not Club.objects.exists()


def test_club_form_takes_an_iso_currency_code_for_hand_histories_and_refuses_others(
    client, make_user
):
    client.force_login(make_user())
    data = {
        "name": "Cash",
        "amount_format": "currency",
        "currency_symbol": "$",
        "decimal_places": 2,
    }
    response = client.post(reverse("clubs:create"), {**data, "currency_code": "US$"})
    assert response.status_code == 200
    assert "three-letter ISO code" in response.content.decode()
    assert not Club.objects.exists()
    client.post(reverse("clubs:create"), {**data, "currency_code": "usd"})
    assert Club.objects.get().currency_code == "USD"


def test_club_form_rejects_too_many_decimal_places(client, make_user):
    client.force_login(make_user())
    response = client.post(
        reverse("clubs:create"),
        {"name": "Cash", "amount_format": "currency", "currency_symbol": "$", "decimal_places": 9},
    )
    assert response.status_code == 200
    assert not Club.objects.exists()


def test_two_clubs_with_the_same_name_get_different_addresses(make_user):
    a = actions.create_club(make_user(), name="Home Game")
    b = actions.create_club(make_user(), name="Home Game")
    assert a.slug != b.slug


@pytest.mark.parametrize(
    ("fmt", "symbol", "places", "amount", "shown"),
    [
        ("chips", "", 2, 1234567, "1,234,567"),
        ("currency", "€", 2, 1205, "€12.05"),
        ("currency", "$", 2, -5, "-$0.05"),
        ("currency", "£", 0, 40, "£40"),
        ("currency", "₿", 3, 123456, "₿123.456"),
    ],
)
def test_amounts_are_shown_in_the_clubs_format(fmt, symbol, places, amount, shown):
    club = Club(amount_format=fmt, currency_symbol=symbol, decimal_places=places)
    assert club.format_amount(amount) == shown


def test_owner_edits_settings(client, club_with_roles):
    c = club_with_roles
    client.force_login(c["owner"])
    response = client.post(
        reverse("clubs:edit", args=[c["club"].slug]),
        {
            "name": "Renamed",
            "description": "",
            "amount_format": "currency",
            "currency_symbol": "€",
            "decimal_places": 2,
        },
    )
    assert response.status_code == 302
    c["club"].refresh_from_db()
    assert (c["club"].name, c["club"].currency_symbol) == ("Renamed", "€")


def test_club_page_lists_members_with_roles(client, club_with_roles):
    c = club_with_roles
    client.force_login(c["member"])
    page = client.get(c["club"].get_absolute_url()).content.decode()
    for name in ("Olivia", "Hank", "Mia"):
        assert name in page
    assert "Otto" not in page
    assert "Create invitation link" not in page  # members don't invite


def test_owner_promotes_member_to_host_and_back(client, club_with_roles):
    c = club_with_roles
    m = Membership.objects.get(club=c["club"], user=c["member"])
    client.force_login(c["owner"])
    url = reverse("clubs:member_role", args=[c["club"].slug, m.pk])
    client.post(url, {"role": "host"})
    m.refresh_from_db()
    assert m.role == Role.HOST
    client.post(url, {"role": "member"})
    m.refresh_from_db()
    assert m.role == Role.MEMBER


def test_role_change_to_unknown_role_is_refused_and_changes_nothing(club_with_roles):
    c = club_with_roles
    m = Membership.objects.get(club=c["club"], user=c["member"])
    with pytest.raises(ClubError) as err:
        actions.set_role(c["owner"], c["club"], m.pk, "owner")
    assert err.value.code == ClubErrorCode.BAD_ROLE
    m.refresh_from_db()
    assert m.role == Role.MEMBER


def test_owner_removes_a_member(client, club_with_roles):
    c = club_with_roles
    m = Membership.objects.get(club=c["club"], user=c["member"])
    client.force_login(c["owner"])
    client.post(reverse("clubs:member_remove", args=[c["club"].slug, m.pk]))
    assert not Membership.objects.filter(pk=m.pk).exists()
    client.force_login(c["member"])
    assert client.get(c["club"].get_absolute_url()).status_code == 404


def test_member_leaves_the_club(client, club_with_roles):
    c = club_with_roles
    client.force_login(c["member"])
    response = client.post(reverse("clubs:leave", args=[c["club"].slug]))
    assert response.status_code == 302
    assert not Membership.objects.filter(club=c["club"], user=c["member"]).exists()


def test_a_club_always_keeps_an_owner(client, club_with_roles):
    c = club_with_roles
    owner_m = Membership.objects.get(club=c["club"], user=c["owner"])
    with pytest.raises(ClubError) as err:
        actions.leave_club(c["owner"], c["club"])
    assert err.value.code == ClubErrorCode.OWNER_MUST_STAY
    with pytest.raises(ClubError):
        actions.remove_member(c["owner"], c["club"], owner_m.pk)
    with pytest.raises(ClubError):
        actions.set_role(c["owner"], c["club"], owner_m.pk, "member")
    client.force_login(c["owner"])
    client.post(reverse("clubs:leave", args=[c["club"].slug]))
    assert Membership.objects.get(pk=owner_m.pk).role == Role.OWNER


def test_owner_hands_over_ownership_then_may_leave(club_with_roles):
    c = club_with_roles
    host_m = Membership.objects.get(club=c["club"], user=c["host"])
    actions.transfer_ownership(c["owner"], c["club"], host_m.pk)
    roles = dict(
        Membership.objects.filter(club=c["club"]).values_list("user__display_name", "role")
    )
    assert roles == {"Olivia": "host", "Hank": "owner", "Mia": "member"}
    actions.leave_club(c["owner"], c["club"])
    assert Membership.objects.filter(club=c["club"], role=Role.OWNER).count() == 1


def test_only_the_owner_changes_roles(club_with_roles):
    c = club_with_roles
    m = Membership.objects.get(club=c["club"], user=c["member"])
    for actor in (c["host"], c["member"], c["outsider"]):
        with pytest.raises(ClubError) as err:
            actions.set_role(actor, c["club"], m.pk, "host")
        assert err.value.code == ClubErrorCode.NOT_ALLOWED
    m.refresh_from_db()
    assert m.role == Role.MEMBER


def test_database_allows_one_owner_per_club(club_with_roles):
    from django.db import IntegrityError, transaction

    c = club_with_roles
    with pytest.raises(IntegrityError), transaction.atomic():
        Membership.objects.filter(club=c["club"], user=c["host"]).update(role=Role.OWNER)
