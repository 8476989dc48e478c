"""The table's choices of structure and game are the engine's, each with a label for people:
a structure or game added to the engine and not to the table (or the other way) fails here."""

from engine.betting import Structure as EngineStructure
from engine.games import Game
from tables.play.models import GameChoice, Structure


def test_every_structure_of_the_engine_is_a_choice_of_the_table_and_no_other():
    assert {s.value for s in Structure} == {s.value for s in EngineStructure}


def test_every_game_of_the_engine_is_a_choice_of_the_table_and_no_other():
    assert {g.value for g in GameChoice} == {g.value for g in Game}
