"""The table's choices of structure and game are the engine's, each with a label for people:
a structure or game added to the engine and not to the table (or the other way) fails here."""

from engine.betting import Structure as EngineStructure
from engine.games import Game
from tables.play.models import GameChoice, Structure

NOT_AT_THE_TABLE_YET = {Game.SEVEN_CARD_STUD, Game.STUD_HILO, Game.RAZZ}
"""Games the engine deals that the table does not offer yet: the stud games (R45–R47). The
table has still to show their five streets, the up cards, the bring-in and its completion,
their labels and exports (issue #43); each comes off this set when the table offers it."""


def test_every_structure_of_the_engine_is_a_choice_of_the_table_and_no_other():
    assert {s.value for s in Structure} == {s.value for s in EngineStructure}


def test_every_game_of_the_engine_is_a_choice_of_the_table_and_no_other():
    dealt_at_the_table = {g.value for g in Game} - {g.value for g in NOT_AT_THE_TABLE_YET}
    assert {g.value for g in GameChoice} == dealt_at_the_table
