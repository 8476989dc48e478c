"""The table's choices of structure and game are the engine's, each with a label for people:
a structure or game added to the engine and not to the table (or the other way) fails here."""

from engine.betting import Structure as EngineStructure
from engine.games import Game
from tables.play.models import GameChoice, Structure

NOT_AT_THE_TABLE_YET = {Game.TELESINA}
"""Games the engine deals that the table does not offer yet: Telesina (R40). The table has
still to offer it in its form (the invito, the least bet, "parla per primo" as
``best_showing_first``), show each seat's face-up cards and name its four rounds
(``second_card`` ... ``fifth_card``), commit the deck by who is dealt in (as poker
all'italiana's, R31.2, without burns) and give its proofs the stud counts, its hand pages
and exports; it comes off this set when the table offers it."""


def test_every_structure_of_the_engine_is_a_choice_of_the_table_and_no_other():
    assert {s.value for s in Structure} == {s.value for s in EngineStructure}


def test_every_game_of_the_engine_is_a_choice_of_the_table_and_no_other():
    dealt_at_the_table = {g.value for g in Game} - {g.value for g in NOT_AT_THE_TABLE_YET}
    assert {g.value for g in GameChoice} == dealt_at_the_table
