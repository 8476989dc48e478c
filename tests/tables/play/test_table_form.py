"""The open-a-table form (issue #14 defect 8): ready to submit as it comes, stakes presets,
the common settings first, and the browser's limits equal to the server's."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from django.utils import translation

from pokerclub.models import Club
from tables.play.forms import COMMON_FIELDS, TableForm, table_presets
from tables.play.models import Table

pytestmark = pytest.mark.django_db


def form_page(client, club_with_roles):
    client.force_login(club_with_roles["host"])
    return client.get(
        reverse("tables:create", args=[club_with_roles["club"].slug])
    ).content.decode()


def input_attrs(html: str, name: str) -> str:
    match = re.search(rf'<input[^>]*name="{name}"[^>]*>', html)
    assert match, name
    return match.group(0)


def test_a_host_opens_a_table_by_submitting_the_form_as_it_comes(client, club_with_roles):
    html = form_page(client, club_with_roles)
    assert 'value="Table 1"' in input_attrs(html, "name")
    pressed = re.findall(r'<button[^>]*aria-pressed="true"[^>]*>([^<]*)</button>', html)
    assert pressed == ["1/2 NL, 40–200"]
    # What the browser would send: every field's initial value, untouched.
    club = club_with_roles["club"]
    form = TableForm(initial={"name": "Table 1", **table_presets(club)[0]["values"]}, club=club)
    data = {name: form[name].value() for name in form.fields}
    data = {
        k: ("on" if v is True else v) for k, v in data.items() if v is not False and v is not None
    }
    response = client.post(reverse("tables:create", args=[club_with_roles["club"].slug]), data)
    assert response.status_code == 302, response.context["form"].errors
    table = Table.objects.get(club=club_with_roles["club"])
    assert response.status_code == 302 and response["Location"] == table.get_absolute_url()
    assert (table.name, table.structure, table.small_blind, table.big_blind) == (
        "Table 1",
        "no_limit",
        1,
        2,
    )
    assert (table.min_buy_in, table.max_buy_in) == (40, 200)


def test_the_browsers_minimums_are_the_servers(client, club_with_roles):
    html = form_page(client, club_with_roles)
    expected = {
        "max_seats": ('min="2"', 'max="10"'),
        "action_seconds": ('min="5"', 'max="600"'),
        "time_bank_seconds": ('min="0"', 'max="3600"'),
    }
    for name, attrs in expected.items():
        for attr in attrs:
            assert attr in input_attrs(html, name), (name, attr)
    # ... and the server refuses below them.
    form = TableForm(
        {
            **{n: 1 for n in ("small_blind", "big_blind")},
            "name": "T",
            "structure": "no_limit",
            "min_buy_in": 40,
            "max_buy_in": 200,
            "max_seats": 1,
            "action_seconds": 4,
            "time_bank_seconds": 0,
            "ante": 0,
            "rake_percent": 0,
            "rake_cap": 0,
            "new_player_policy": Table._meta.get_field("new_player_policy").default,
        },
        club=club_with_roles["club"],
    )
    assert not form.is_valid()
    assert {"max_seats", "action_seconds"} <= set(form.errors)


def test_common_settings_come_first_and_the_rest_fold_under_more_options(client, club_with_roles):
    html = form_page(client, club_with_roles)
    folded = html.index("<summary>More options</summary>")
    for name in COMMON_FIELDS:
        assert html.index(f'name="{name}"') < folded, name
    for name in ("ante", "straddle_allowed", "action_seconds", "rake_percent", "approve_seats"):
        assert html.index(f'name="{name}"') > folded, name
    assert "(R3.2)" not in html
    # A checkbox sits inside its label.
    assert re.search(r'<label class="check"><input type="checkbox" name="straddle_allowed"', html)


def test_the_rake_is_entered_in_percent_and_kept_in_basis_points(client, club_with_roles):
    """R13: hosts think of rake in percent; the table (and the engine) keep basis points."""
    page = form_page(client, club_with_roles)
    assert 'max="10"' in input_attrs(page, "rake_percent")
    club = club_with_roles["club"]
    data = {
        "name": "Raked",
        "structure": "no_limit",
        "small_blind": 1,
        "big_blind": 2,
        "ante": 0,
        "min_buy_in": 40,
        "max_buy_in": 200,
        "max_seats": 6,
        "action_seconds": 30,
        "time_bank_seconds": 60,
        "new_player_policy": "wait",
        "rake_percent": "2.5",
        "rake_cap": 0,
    }
    assert client.post(reverse("tables:create", args=[club.slug]), data).status_code == 302
    table = Table.objects.get(name="Raked")
    assert table.rake_bps == 250
    edit_url = reverse("tables:edit", args=[club.slug, table.pk])
    assert 'value="2.5' in input_attrs(client.get(edit_url).content.decode(), "rake_percent")
    assert client.post(edit_url, {**data, "rake_percent": "11"}).status_code == 200
    table.refresh_from_db()
    assert table.rake_bps == 250  # refused above 10 %, nothing changed


def _as_it_comes(client, club, language: str, **typed) -> dict:
    """The open-a-table form as the browser would send it untouched, with ``typed`` on it."""
    form = TableForm(initial={"name": "Table 1", **table_presets(club)[0]["values"]}, club=club)
    with translation.override(language):
        data = {name: form[name].value() for name in form.fields}
    data = {
        k: ("on" if v is True else v) for k, v in data.items() if v is not False and v is not None
    }
    return {**data, **typed}


@pytest.mark.parametrize(
    ("language", "typed", "expected"),
    [
        ("it", {"small_blind": "0,25", "big_blind": "0,50 €", "max_buy_in": "1.000"},
         (25, 50, 100_000)),
        ("en", {"small_blind": "0.25", "big_blind": "€0.50", "max_buy_in": "1,000"},
         (25, 50, 100_000)),
    ],
)  # fmt: skip
def test_a_euro_club_types_its_stakes_as_money_in_its_language(
    client, club_with_roles, language, typed, expected
):
    """Issue #38: the table form reads amounts with the club's one parser, as people write
    them ("0,25" is 25 cents in Italian), not as counts of cents."""
    club = club_with_roles["club"]
    Club.objects.filter(pk=club.pk).update(
        amount_format="currency", currency_symbol="€", decimal_places=2
    )
    club.refresh_from_db()
    client.force_login(club_with_roles["host"])
    page = client.get(reverse("tables:create", args=[club.slug]), HTTP_ACCEPT_LANGUAGE=language)
    shown = {"it": 'value="0,25\u00a0€"', "en": 'value="€0.25"'}[language]
    assert shown in input_attrs(page.content.decode(), "small_blind")
    data = _as_it_comes(client, club, language, **typed)
    response = client.post(
        reverse("tables:create", args=[club.slug]), data, HTTP_ACCEPT_LANGUAGE=language
    )
    assert response.status_code == 302, response.context["form"].errors
    table = Table.objects.get(club=club)
    assert (table.small_blind, table.big_blind, table.max_buy_in) == expected


def test_a_decimal_blind_in_a_chips_club_is_refused_and_no_table_opens(client, club_with_roles):
    """The "20,50" bug in the table form: a chips club has no decimals; nothing is written."""
    club = club_with_roles["club"]
    client.force_login(club_with_roles["host"])
    data = _as_it_comes(client, club, "it", big_blind="2,50")
    response = client.post(
        reverse("tables:create", args=[club.slug]), data, HTTP_ACCEPT_LANGUAGE="it"
    )
    assert response.status_code == 200
    assert "2,50" in str(response.context["form"].errors["big_blind"])
    assert not Table.objects.filter(club=club).exists()


def test_a_tables_own_blinds_per_game_are_shown_and_read_the_clubs_way_R20(client, club_with_roles):
    club = club_with_roles["club"]
    Club.objects.filter(pk=club.pk).update(
        amount_format="currency", currency_symbol="€", decimal_places=2
    )
    club.refresh_from_db()
    data = _as_it_comes(
        client, club, "it", mixed_games=["NLH", "PLO"], blinds_PLO="0,50/1", max_seats="6"
    )
    with translation.override("it"):
        form = TableForm(data, club=club)
        assert form.is_valid(), form.errors
        assert form.cleaned_data["mixed_blinds"] == {"PLO": [50, 100]}
        table = Table(club=club, mixed_blinds={"PLO": [50, 100]}, pk=1)
        edit = TableForm(instance=table, club=club)
        assert edit["blinds_PLO"].value() == "0,50\u00a0€/1,00\u00a0€"


@pytest.mark.parametrize(
    ("symbol", "language", "typed"),
    [("€", "it", "0,25 €/0,50 €"), ("S/", "en", "S/0.25/S/0.50"), ("€", "en", "€0.25 / €0.50")],
)
def test_a_games_own_blinds_are_read_at_the_slash_between_two_amounts_R20(
    club_with_roles, symbol, language, typed
):
    club = club_with_roles["club"]
    club.amount_format, club.currency_symbol, club.decimal_places = "currency", symbol, 2
    data = _as_it_comes(None, club, language, mixed_games=["NLH", "PLO"], blinds_PLO=typed)
    with translation.override(language):
        form = TableForm(data, club=club)
        assert form.is_valid(), form.errors
    assert form.cleaned_data["mixed_blinds"] == {"PLO": [25, 50]}
