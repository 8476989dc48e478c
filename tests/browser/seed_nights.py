"""The world of the game-night browser test (test_game_night.py), on the live server's
database: ``python -m tests.browser.seed_nights`` makes a club with a host and three
members and prints the club's slug and their session cookies as JSON."""

from __future__ import annotations

import json
import os


def setup() -> None:
    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "pokerclub.settings")
    os.environ["EMAIL_BACKEND"] = "django.core.mail.backends.locmem.EmailBackend"
    django.setup()
    from django.test import Client

    from pokerclub import actions
    from pokerclub.models import Membership, Role, User

    def person(name: str) -> User:
        return User.objects.create_user(
            email=f"{name.lower()}.nights@example.com", password="x", display_name=name
        )

    host = person("Hosta")
    club = actions.create_club(host, name="Night owls")
    members = [person(name) for name in ("Ada", "Bruno", "Carla")]
    for m in members:
        Membership.objects.create(club=club, user=m, role=Role.MEMBER)
    cookies = {}
    for user in (host, *members):
        client = Client()
        client.force_login(user)
        cookies[user.display_name] = {
            "name": "sessionid",
            "value": client.cookies["sessionid"].value,
        }
    print(json.dumps({"slug": club.slug, "cookies": cookies}))


if __name__ == "__main__":
    setup()
