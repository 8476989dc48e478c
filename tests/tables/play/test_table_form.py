"""The open-a-table form (issue #14 defect 8): ready to submit as it comes, stakes presets,
the common settings first, and the browser's limits equal to the server's."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

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
    form = TableForm(
        initial={"name": "Table 1", **table_presets(club_with_roles["club"])[0]["values"]}
    )
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
        "small_blind": ('min="1"',),
        "big_blind": ('min="1"',),
        "min_buy_in": ('min="1"',),
        "max_buy_in": ('min="1"',),
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
        }
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
