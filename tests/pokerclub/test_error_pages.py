"""The project's own error pages (issue #14): with DEBUG off (as in tests) a wrong address,
a forbidden page and a server error show Pokerclub's pages, never Django's technical ones."""

from __future__ import annotations

import pytest
from django.test import RequestFactory
from django.views.defaults import server_error

pytestmark = pytest.mark.django_db


def test_an_unknown_address_shows_the_sites_404_page(client):
    response = client.get("/no-such-page/")
    assert response.status_code == 404
    text = response.content.decode()
    assert "Page not found" in text and 'href="/"' in text
    assert "URLconf" not in text and "urlpatterns" not in text  # not the technical page


def test_a_forbidden_page_says_why_on_the_sites_403_page(client, club_with_roles):
    client.force_login(club_with_roles["member"])
    response = client.get(f"/clubs/{club_with_roles['club'].slug}/tables/new/")
    assert response.status_code == 403
    text = response.content.decode()
    assert "Not allowed" in text
    assert "Only the owner or a host can open tables." in text


def test_a_server_error_shows_the_sites_500_page():
    response = server_error(RequestFactory().get("/"))
    assert response.status_code == 500
    text = response.content.decode()
    assert "Something went wrong" in text and "Traceback" not in text


def test_log_in_and_sign_up_pages_use_one_word_for_each(client):
    login = client.get("/accounts/login/").content.decode()
    signup = client.get("/accounts/signup/").content.decode()
    for text in (login, signup):
        assert "Sign In" not in text and "sign in" not in text.lower()
    assert "<h1>Log in</h1>" in login and "<h1>Sign up</h1>" in signup
    assert "printed in the server's console" in signup  # what happens to the mail in development
