"""Sign-up, log-in, log-out, password reset and the display name (django-allauth)."""

from __future__ import annotations

import re

import pytest
from django.core import mail
from django.urls import reverse

from pokerclub.models import User

pytestmark = pytest.mark.django_db


def signup(client, email="new@example.com", name="Newbie", password="correct-horse-42", **extra):
    data = {"email": email, "password1": password, "password2": password, "display_name": name}
    data.update(extra)
    return client.post(reverse("account_signup"), data)


def test_signup_creates_user_with_display_name_and_logs_in(client):
    response = signup(client)
    assert response.status_code == 302
    user = User.objects.get(email="new@example.com")
    assert user.display_name == "Newbie"
    assert client.get(reverse("clubs:list")).status_code == 200


def test_signup_rejects_mismatched_passwords_and_creates_nothing(client):
    response = signup(client, password="correct-horse-42", password2="different-horse-42")
    assert response.status_code == 200
    assert not User.objects.exists()
    assert "password" in response.content.decode().lower()


def test_signup_rejects_duplicate_email(client, make_user):
    make_user(email="taken@example.com")
    response = signup(client, email="taken@example.com")
    assert response.status_code == 200
    assert User.objects.filter(email="taken@example.com").count() == 1


def test_signup_requires_a_real_display_name(client):
    response = signup(client, name="!")
    assert response.status_code == 200
    assert not User.objects.exists()
    assert "display name" in response.content.decode().lower()


def test_login_and_logout(client, make_user):
    make_user(email="me@example.com", password="my-pass-123!")
    response = client.post(
        reverse("account_login"), {"login": "me@example.com", "password": "my-pass-123!"}
    )
    assert response.status_code == 302
    assert client.get(reverse("clubs:list")).status_code == 200
    client.post(reverse("account_logout"))
    assert client.get(reverse("clubs:list")).status_code == 302


def test_login_with_wrong_password_fails_with_message(client, make_user):
    make_user(email="me@example.com", password="my-pass-123!")
    response = client.post(
        reverse("account_login"), {"login": "me@example.com", "password": "nope"}
    )
    assert response.status_code == 200
    assert "not correct" in response.content.decode()


def test_password_reset_sends_a_link_that_sets_a_new_password(client, make_user):
    make_user(email="forgetful@example.com", password="old-pass-123!")
    response = client.post(reverse("account_reset_password"), {"email": "forgetful@example.com"})
    assert response.status_code == 302
    assert len(mail.outbox) == 1
    link = re.search(r"https?://[^/]+(/accounts/password/reset/key/\S+)", mail.outbox[0].body)
    assert link, mail.outbox[0].body
    response = client.get(link.group(1), follow=True)
    form_url = response.redirect_chain[-1][0] if response.redirect_chain else link.group(1)
    response = client.post(
        form_url, {"password1": "brand-new-pass-9", "password2": "brand-new-pass-9"}
    )
    assert response.status_code == 302
    assert User.objects.get(email="forgetful@example.com").check_password("brand-new-pass-9")


def test_profile_changes_display_name(client, make_user):
    user = make_user("Old Name")
    client.force_login(user)
    response = client.post(reverse("profile"), {"display_name": "  New   Name "})
    assert response.status_code == 302
    user.refresh_from_db()
    assert user.display_name == "New Name"


def test_profile_rejects_blank_display_name(client, make_user):
    user = make_user("Keep")
    client.force_login(user)
    response = client.post(reverse("profile"), {"display_name": ""})
    assert response.status_code == 200
    user.refresh_from_db()
    assert user.display_name == "Keep"


def test_profile_requires_login(client):
    response = client.get(reverse("profile"))
    assert response.status_code == 302
    assert reverse("account_login") in response["Location"]
