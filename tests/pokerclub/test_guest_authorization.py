"""The whole site's authorization matrix for the guest role (issue #39): every page of the
site, found from its URL configuration (so a page added tomorrow is checked too), asked for
by a guest from a table's link with GET and with POST. A guest may see their table, its
state, their own hands and exports, their own page and the pages of their account; every
other page of a club answers 403, 404 or 405 and changes nothing. The sockets' matrix is in
tests/tables/play/test_guest_sockets.py."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from django.utils import timezone

from pokerclub.models import Club, Membership, Role
from tables.hands.actions.summary import record_due
from tables.hands.models import Hand
from tables.play import actions as services
from tests.tables.conftest import table_settings
from tests.tables.play_helpers import deal, fold_out

pytestmark = pytest.mark.django_db


def named_pages(patterns=None, namespace="", keys=()):
    """(name, the names of its URL's values) of every named page of the site, but Django's
    admin and allauth's own account pages (a guest's are checked below by name)."""
    for p in patterns if patterns is not None else get_resolver().url_patterns:
        here = (*keys, *p.pattern.converters)
        if isinstance(p, URLResolver):
            if p.namespace == "admin" or p.app_name == "admin":
                continue
            inner = namespace + (f"{p.namespace}:" if p.namespace else "")
            yield from named_pages(p.url_patterns, inner, here)
        elif isinstance(p, URLPattern) and p.name:
            yield namespace + p.name, here


@pytest.fixture
def world(club_with_roles, make_user):
    club = club_with_roles["club"]
    club.guests_need_approval = False
    club.save()
    host = club_with_roles["host"]
    table = services.create_table(host, club, table_settings(name="Guests' table"))
    other = services.create_table(host, club, table_settings(name="Members' table"))
    link = services.table_link(host, table.pk)
    gigi, _ = services.join(link.token, "Gigi")
    member = make_user("Ann")
    Membership.objects.create(club=club, user=member)
    services.sit(gigi, table.pk, 1, 100)
    services.sit(member, table.pk, 2, 100)
    deal(table)
    fold_out(table)
    services.sit(member, other.pk, 1, 100)
    services.sit(club_with_roles["member"], other.pk, 2, 100)
    deal(other)
    fold_out(other)
    record_due(now=timezone.now() + timedelta(days=1))
    own_hand = Hand.objects.get(table=table)
    others_hand = Hand.objects.get(table=other)
    return {
        "club": club,
        "guest": gigi,
        "table": table,
        "other": other,
        "own_hand": own_hand,
        "others_hand": others_hand,
        "link": link,
        "member": member,
    }


ALLOWED = {  # name: the status a guest gets, asking with GET for their own things
    "home": 302,  # to their own page
    "help": 200,
    "privacy": 200,
    "set_language": 405,  # a POST only
    "javascript-catalog": 200,
    "profile": 200,
    "clubs:list": 302,  # to their own page
    "tables:detail": 200,
    "tables:state": 200,
    "history:hand": 200,
    "history:hand_export": 200,
    "guest_home": 200,
    "guest_save": 200,
}
PUBLIC = {"invitation", "table_link", "table_watch", "guest_reclaim"}
"""Pages for whoever holds a link; their own tests say what each answers."""


def url_of(name, keys, w, own=True):
    kwargs = {}
    for key in keys:
        if key == "slug":
            kwargs[key] = w["club"].slug
        elif key == "fmt":
            kwargs[key] = "json"
        elif key == "token":
            kwargs[key] = "nothing-here"
        elif name.startswith("history:hand"):
            kwargs[key] = (w["own_hand"] if own else w["others_hand"]).pk
        elif key == "user_id":
            kwargs[key] = w["member"].pk
        else:  # a table's, a session's, a member's, a batch's... id
            kwargs[key] = (w["table"] if own else w["other"]).pk
    return reverse(name, kwargs=kwargs)


def test_a_guest_is_refused_every_page_of_the_club_but_their_own(client, world):
    client.force_login(world["guest"])
    checked = []
    for name, pattern in named_pages():
        if name in PUBLIC or name.startswith(("account_", "mfa_", "socialaccount_")):
            continue
        url = url_of(name, pattern, world)
        got = client.get(url).status_code
        if name in ALLOWED:
            assert got == ALLOWED[name], f"GET {url} ({name}): {got}"
            if name.startswith(("tables:", "history:")):  # not another table's or hand's
                other = url_of(name, pattern, world, own=False)
                assert client.get(other).status_code == 404, f"GET {other} ({name})"
        else:
            assert got in (302, 403, 404, 405), f"GET {url} ({name}): {got}"
            if got == 302:  # only to "Save my account" or their own page
                location = client.get(url)["Location"]
                assert location in (reverse("guest_save"), reverse("guest_home")), name
            posted = client.post(url, {"op": "make", "role": "host", "name": "x"}).status_code
            assert posted in (302, 403, 404, 405), f"POST {url} ({name}): {posted}"
            if posted == 302:
                location = client.post(url)["Location"]
                assert location in (reverse("guest_save"), reverse("guest_home")), name
        checked.append(name)
    assert len(checked) > 50
    # nothing a guest posted changed the club
    assert Club.objects.get(pk=world["club"].pk).name == "Friday Game"
    assert not Membership.objects.filter(user=world["guest"]).exclude(role=Role.GUEST).exists()
    assert Membership.objects.filter(club=world["club"], role=Role.HOST).count() == 1
    assert world["club"].tables.count() == 2


def test_a_guests_account_pages_wait_for_a_saved_account(client, world):
    client.force_login(world["guest"])
    for name in (
        "account_email",
        "account_change_password",
        "account_set_password",
        "mfa_index",
        "clubs:create",
    ):
        response = client.get(reverse(name))
        assert response.status_code == 302 and response["Location"] == reverse("guest_save"), name
    assert client.post(reverse("clubs:quick_start"), {"name": "Mine"})["Location"] == reverse(
        "guest_save"
    )
    assert Club.objects.count() == 1


def test_a_guests_own_page_shows_their_hands_and_no_one_elses(client, world):
    client.force_login(world["guest"])
    page = client.get(reverse("guest_home")).content.decode()
    own = reverse("history:hand", args=[world["club"].slug, world["own_hand"].pk])
    others = reverse("history:hand", args=[world["club"].slug, world["others_hand"].pk])
    assert own in page and others not in page
    assert "Members' table" not in page
