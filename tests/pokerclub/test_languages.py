"""The reader's language (issue #38, pokerclub/language.py): the member's profile choice,
else the switcher's cookie, else the browser's Accept-Language; the same rule for a socket's
words; amounts read and shown the reader's way before they are written down."""

from __future__ import annotations

import pytest
from django.conf import settings

from pokerclub.models import Club, User

pytestmark = pytest.mark.django_db

COOKIE = settings.LANGUAGE_COOKIE_NAME


def lang_of(response) -> str:
    page = response.content.decode()
    return page.split('<html lang="', 1)[1].split('"', 1)[0]


def test_an_italian_browser_gets_italian_and_an_english_one_english(client):
    italian = client.get("/", HTTP_ACCEPT_LANGUAGE="it-IT,it;q=0.9,en;q=0.5")
    assert lang_of(italian) == "it" and italian["Content-Language"] == "it"
    assert "Accedi" in italian.content.decode()  # "Log in"
    english = client.get("/", HTTP_ACCEPT_LANGUAGE="en-GB,en;q=0.9")
    assert lang_of(english) == "en" and "Log in" in english.content.decode()
    assert lang_of(client.get("/", HTTP_ACCEPT_LANGUAGE="de-DE")) == settings.LANGUAGE_CODE


def test_the_switcher_beats_the_browser_and_the_profile_beats_both(client, make_user):
    """Logged out, the switcher's cookie decides over Accept-Language; a member's choice on
    the switcher is kept on their profile, and their profile decides wherever they log in."""
    response = client.post("/language/", {"language": "it", "next": "/help/"})
    assert response.status_code == 302 and response["Location"] == "/help/"
    assert client.cookies[COOKIE].value == "it"
    assert lang_of(client.get("/help/", HTTP_ACCEPT_LANGUAGE="en")) == "it"

    member = make_user("Mia")
    client.force_login(member)
    client.post("/language/", {"language": "en", "next": "/"})
    member.refresh_from_db()
    assert member.language == "en"
    other_browser = type(client)()  # another device: no cookie, an Italian browser
    other_browser.force_login(member)
    assert lang_of(other_browser.get("/help/", HTTP_ACCEPT_LANGUAGE="it")) == "en"


def test_the_switcher_refuses_a_language_the_site_does_not_speak(client, make_user):
    member = make_user("Mia")
    client.force_login(member)
    client.post("/language/", {"language": "xx", "next": "/"})
    member.refresh_from_db()
    assert member.language == "" and COOKIE not in client.cookies


def test_the_switcher_does_not_send_a_reader_to_another_site(client):
    response = client.post("/language/", {"language": "it", "next": "https://evil.example/"})
    assert response["Location"] == "/"


def test_the_profile_keeps_a_language_or_follows_the_browser(client, make_user):
    member = make_user("Mia")
    client.force_login(member)
    page = client.get("/accounts/profile/", HTTP_ACCEPT_LANGUAGE="it")
    assert 'name="language"' in page.content.decode()
    form = {"display_name": "Mia", "language": "it", "time_zone": ""}
    for n in (1, 2, 3):
        form |= {f"pay_label_{n}": "", f"pay_details_{n}": ""}
    assert client.post("/accounts/profile/", form).status_code == 302
    assert User.objects.get(pk=member.pk).language == "it"
    assert lang_of(client.get("/help/", HTTP_ACCEPT_LANGUAGE="en")) == "it"


@pytest.mark.parametrize(
    ("fmt", "places", "language", "typed", "expected"),
    [
        ("currency", 2, "it", "20,50", {"ok": True, "amount": 2050, "shown": "20,50\u00a0€"}),
        ("currency", 2, "en", "€1,020.5", {"ok": True, "amount": 102050, "shown": "€1,020.50"}),
        ("chips", 0, "it", "1.500", {"ok": True, "amount": 1500, "shown": "1.500"}),
    ],
)
def test_the_banker_sees_the_amount_as_the_club_will_write_it(
    club_with_roles, client, fmt, places, language, typed, expected
):
    club = club_with_roles["club"]
    Club.objects.filter(pk=club.pk).update(
        amount_format=fmt, decimal_places=places, currency_symbol="€"
    )
    client.force_login(club_with_roles["host"])
    response = client.get(
        f"/clubs/{club.slug}/amount/", {"text": typed}, HTTP_ACCEPT_LANGUAGE=language
    )
    assert response.json() == expected


def test_a_decimal_in_a_chips_club_is_refused_in_the_bankers_language(club_with_roles, client):
    """The "20,50" bug (issue #38): refused, and said in Italian to an Italian banker."""
    club = club_with_roles["club"]
    Club.objects.filter(pk=club.pk).update(amount_format="chips", decimal_places=0)
    client.force_login(club_with_roles["host"])
    answer = client.get(
        f"/clubs/{club.slug}/amount/", {"text": "20,50"}, HTTP_ACCEPT_LANGUAGE="it"
    ).json()
    assert answer["ok"] is False
    assert "20,50" in answer["message"] and "chips" not in answer["message"]


def test_only_members_may_ask_how_the_club_reads_an_amount(club_with_roles, client):
    club = club_with_roles["club"]
    client.force_login(club_with_roles["outsider"])
    assert client.get(f"/clubs/{club.slug}/amount/", {"text": "5"}).status_code == 404
