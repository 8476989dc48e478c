"""Poker all'italiana's ranking options and rilanci massimi at a live table (R32.2, R32.4,
R32.6, R38.3): the host sets them in the table form, every player sees them in the table's
public picture, each hand is dealt with them, and a raise past the cap is refused with a
message in the player's language."""

from __future__ import annotations

import pytest
from django.utils import translation

from engine.games import Game, rules
from pokerclub.models import Club
from tables.play import actions as services
from tables.play.error_codes import PlayError
from tables.play.forms import ITALIANA_FIELDS, TableForm
from tables.play.hand_state import current_state
from tables.play.projection import load_public_state
from tests.tables.conftest import table_form_data
from tests.tables.play_helpers import (
    ITALIANA_TABLE,
    assert_chips_accounted,
    deal,
    first_opening,
    fresh,
    to_act,
    user_at,
)

pytestmark = pytest.mark.django_db

ITALIANA = {**ITALIANA_TABLE, "max_seats": 9}


def _form(**overrides) -> TableForm:
    form = TableForm(table_form_data(**{**ITALIANA, **overrides}), club=Club(amount_format="chips"))
    form.is_valid()
    return form


def test_the_form_sets_the_ranking_options_and_the_raise_cap_R32_R38_3():
    assert {"full_over_flush_on_52", "minima_beats_massima", "flush_by_suit", "max_raises"} <= set(
        ITALIANA_FIELDS
    )
    values = _form().table_values()  # the browser's defaults: R32.2 and R32.4 on, no cap
    assert values["full_over_flush_on_52"] is True and values["minima_beats_massima"] is True
    assert values["flush_by_suit"] is False and values["max_raises"] == 0
    values = _form(flush_by_suit="on", max_raises=3, minima_beats_massima="").table_values()
    assert values["flush_by_suit"] is True and values["minima_beats_massima"] is False
    assert values["max_raises"] == 3
    assert "max_raises" in _form(max_raises=11).errors  # ten at most
    assert "max_raises" in _form(max_raises=-1).errors
    with translation.override("it"):
        form = _form()
        assert form["max_raises"].label == "Poker all'italiana, Telesina: rilanci massimi"
        assert form["flush_by_suit"].label == "Poker all'italiana, Telesina: colore per seme"


@pytest.fixture
def capped_table(make_table, players):
    """Four players at a table that allows one raise after a round's first bet, colore by
    suit, and colore above full with the whole deck."""
    options = {"max_raises": 1, "flush_by_suit": "on", "full_over_flush_on_52": ""}
    table = make_table(**{**ITALIANA, **options})
    for i, p in enumerate(players[:4]):
        services.sit(p, table.pk, i + 1, 100)
    return table


def test_everyone_sees_the_options_and_each_hand_is_dealt_with_them_R32_R38_3(capped_table):
    public = load_public_state(capped_table.pk)["table"]["italiana"]
    assert public["max_raises"] == 1 and public["flush_by_suit"] is True
    assert public["full_over_flush_on_52"] is False and public["minima_beats_massima"] is True
    t = deal(capped_table)
    config = current_state(t).config
    assert (config.max_raises, config.flush_by_suit) == (1, True)
    assert (config.full_over_flush_on_52, config.minima_beats_massima) == (False, True)
    assert config.hand_rules() is rules(
        Game.ITALIANA, 4, full_over_flush_on_52=False, flush_by_suit=True
    )


def test_a_raise_past_the_tables_cap_is_refused_in_the_players_language_R38_3(
    capped_table, seeded_decks
):
    t, seat = first_opening(capped_table)
    services.act(user_at(t, seat), t.pk, "open", 2, None)
    raiser, state = to_act(t)
    legal = state["hand"]["legal"]
    services.act(user_at(t, raiser), t.pk, "raise", legal["min_to"], None)  # the one raise
    t = fresh(t)
    third, state = to_act(t)
    legal = state["hand"]["legal"]
    assert legal["min_to"] is None and legal["max_to"] is None  # call or fold only
    before = t.version
    with translation.override("en"), pytest.raises(PlayError) as refused:
        services.act(user_at(t, third), t.pk, "raise", 20, None)
    assert refused.value.code == "illegal_action"
    assert refused.value.message == (
        "no more raises this round: the table allows 1 raise after the first bet; call or fold"
    )
    with translation.override("it"), pytest.raises(PlayError) as refused:
        services.act(user_at(t, third), t.pk, "all_in", None, None)
    assert refused.value.message == (
        "niente più rilanci in questo giro di puntate: il tavolo ne consente 1 dopo la prima"
        " puntata; chiama o passa"
    )
    assert fresh(t).version == before  # nothing changed
    services.act(user_at(t, third), t.pk, "call", None, None)
    assert_chips_accounted(fresh(t))
