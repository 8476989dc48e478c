"""Text people or files supply is checked one way everywhere (pokerclub/text.py; issue #41,
N1): forms, imports and sockets refuse control characters, broken characters and, in names,
characters that reorder what is shown."""

from __future__ import annotations

import pytest

from pokerclub import actions
from pokerclub.models import Club, User
from pokerclub.text import problem_in

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("text", "multiline", "name", "problem"),
    [
        ("Ann & Bob", False, True, None),
        ("Ann\nBob", True, False, None),
        ("Ann\nBob", False, False, "a control character (U+000A)"),
        ("Ann\x00", True, False, "a control character (U+0000)"),
        ("Ann\x7f", False, False, "a control character (U+007F)"),
        ("Ann\x85", False, False, "a control character (U+0085)"),
        ("Ann\ud800", False, False, "a broken character (U+D800)"),
        ("\u2067Ann", False, True, "a character that reorders the text (U+2067)"),
        ("\u2067Ann", False, False, None),  # in a chat line, an isolate is the writer's
        ("مرحبا Ann", False, True, None),  # right-to-left letters are letters
    ],
)
def test_what_text_may_hold(text, multiline, name, problem):
    assert problem_in(text, multiline=multiline, name=name) == problem


def test_a_display_name_that_reorders_the_text_is_refused_on_the_profile(client, make_user):
    ann = make_user("Ann")
    client.force_login(ann)
    response = client.post("/accounts/profile/", {"display_name": "\u202eboB"})
    assert "A name cannot hold a character that reorders the text (U+202E)." in (
        response.content.decode()
    )
    assert User.objects.get(pk=ann.pk).display_name == "Ann"


def test_a_club_name_or_description_that_is_not_text_is_refused(client, make_user):
    owner = make_user("Olivia")
    club = actions.create_club(owner, name="Friday Game")
    client.force_login(owner)
    form = {"name": "Friday\u202e Game", "description": "", "amount_format": "chips"}
    response = client.post(f"/clubs/{club.slug}/edit/", form)
    assert "A name cannot hold" in response.content.decode()
    response = client.post(
        f"/clubs/{club.slug}/edit/", {**form, "name": "Friday", "description": "a\x00b"}
    )
    assert "cannot hold" in response.content.decode()
    assert Club.objects.get(pk=club.pk).name == "Friday Game"
