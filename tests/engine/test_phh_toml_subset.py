"""engine.phh.toml_subset: the fast reader of PHH's TOML reads what tomllib reads, or defers."""

from __future__ import annotations

import tomllib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.phh import toml_subset
from engine.phh.document import PhhHand, dumps, dumps_all

PLURIBUS_STYLE = """variant = 'NT'
ante_trimming_status = true
antes = [0, 0, 0, 0, 0, 0]
blinds_or_straddles = [50, 100, 0, 0, 0, 0]
min_bet = 100
starting_stacks = [10000, 10000, 10000, 10000, 10000, 10000]
actions = ['d dh p1 6s8h', 'd dh p2 Ah8s', 'p3 f', 'p1 cc', 'd db JcQh3s', 'p1 sm 6s8h']
hand = 63
players = ['Bill', 'MrBlue', 'Pluribus', 'MrWhite', 'Budd', 'MrOrange']
finishing_stacks = [9900, 10100, 10000, 10000, 10000, 10000]
"""


def _subset_reads(text: str) -> bool:
    try:
        toml_subset._loads_subset(text)
    except toml_subset._NotSubset:
        return False
    return True


def _same_as_tomllib(text: str) -> None:
    try:
        expected = tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        with pytest.raises(tomllib.TOMLDecodeError):
            toml_subset.loads(text)
        return
    # repr: the same values and types (True is not 1), and a nan equal to nan
    assert repr(toml_subset.loads(text)) == repr(expected)


def test_a_public_dataset_style_hand_is_read_by_the_fast_path_as_tomllib_reads_it() -> None:
    assert _subset_reads(PLURIBUS_STYLE)
    assert toml_subset.loads(PLURIBUS_STYLE) == tomllib.loads(PLURIBUS_STYLE)


def test_our_own_exports_are_read_by_the_fast_path_one_hand_and_many() -> None:
    hand = PhhHand(
        variant="PT",
        antes=(0, 0, 0),
        blinds_or_straddles=(1, 2, 0),
        starting_stacks=(200, 150, 300),
        actions=("d dh p1 AcKd", "d dh p2 ????", "p3 cbr 6", "p1 f", "p2 cc", "d db 2c3d4h"),
        min_bet=2,
        optional={"hand": 7, "players": ["ann", "bé", "it's"], "seats": [1, 4, 6]},
        user_defined={"_seed": "ab" * 16, "_show_all": True, "_run_twice_answers": ["p1 yes"]},
    )
    for text in (dumps(hand), dumps_all([hand, hand])):
        assert _subset_reads(text)
        _same_as_tomllib(text)


@pytest.mark.parametrize(
    "text",
    [
        'a = "tab\\tescape"\n',  # an escape: tomllib decodes it
        "a = 1.5\n",
        "a = 1_000\n",
        "a = 0x1f\n",
        "a = 1979-05-27\n",
        "a = 07:32:00\n",
        "a = 1 # a comment after a value\n",
        "a = [1, [2]]\n",
        "a = {b = 1}\n",
        "a.b = 1\n",
        '"quoted key" = 1\n',
        "a = [\n  1, # a comment inside\n  2,\n]\n",
        "a = inf\n",
        "[1]\n[1.2]\nb = 1\n",
        "[[hands]]\nb = 1\n",
        "\ufeffa = 1\n",
    ],
)
def test_toml_beyond_the_subset_is_read_by_tomllib(text: str) -> None:
    assert not _subset_reads(text)
    _same_as_tomllib(text)


@pytest.mark.parametrize(
    "text",
    [
        "a = 1\na = 2\n",  # a repeated key
        "[1]\nb = 1\n[1]\nc = 2\n",  # a repeated table
        "a = 1\n[a]\n",
        "a = 01\n",
        "a = 'unclosed\n",
        "a = [1, 2\n",  # an array never closed
        "a = [1,,2]\n",
        "a = [,]\n",
        "a =\n",
        "= 1\n",
        "a = 1 2\n",
        "a = tru\n",
        "a = truex\n",
        "a = 'x\ry'\n",
        "a = 'x'\rb = 1\n",
        "[ ]\n",
    ],
)
def test_a_document_tomllib_refuses_is_refused_with_tomllibs_error(text: str) -> None:
    with pytest.raises(tomllib.TOMLDecodeError):
        tomllib.loads(text)
    with pytest.raises(tomllib.TOMLDecodeError):
        toml_subset.loads(text)


_KEYS = st.sampled_from(["a", "b", "actions", "_seed", "x-y", "1", "a.b", '"q"', "é"])
_SCALARS = st.one_of(
    st.integers(-(10**20), 10**20).map(str),
    st.sampled_from(["true", "false", "0", "-0", "+7", "01", "1_0", "1.0", "nan", "tru"]),
    st.text(st.characters(codec="utf-8"), max_size=6).map(lambda s: "'" + s + "'"),
    st.text(st.characters(codec="utf-8"), max_size=6).map(lambda s: '"' + s + '"'),
)
_SPACE = st.sampled_from(["", " ", "  ", "\t", "\n", " \n  "])


@st.composite
def _arrays(draw: st.DrawFn) -> str:
    items = draw(st.lists(_SCALARS, max_size=4))
    parts = ["["]
    for item in items:
        parts += [draw(_SPACE), item, draw(_SPACE), draw(st.sampled_from([",", ",", "", ",,"]))]
    parts += [draw(_SPACE), "]"]
    return "".join(parts)


@st.composite
def _documents(draw: st.DrawFn) -> str:
    lines = []
    for _ in range(draw(st.integers(0, 6))):
        kind = draw(st.sampled_from(["scalar", "array", "header", "comment", "blank"]))
        if kind == "header":
            lines.append(f"[{draw(_KEYS)}]")
        elif kind == "comment":
            lines.append("# " + draw(st.text(max_size=5)))
        elif kind == "blank":
            lines.append(draw(st.sampled_from(["", " ", "\t"])))
        else:
            value = draw(_SCALARS) if kind == "scalar" else draw(_arrays())
            trail = draw(st.sampled_from(["", "", " ", " # c", "\r"]))
            lines.append(f"{draw(_KEYS)}{draw(_SPACE)}={draw(_SPACE)}{value}{trail}")
    return "\n".join(lines) + draw(st.sampled_from(["", "\n"]))


@settings(max_examples=3000, deadline=None)
@given(_documents())
def test_every_generated_document_reads_as_tomllib_reads_it(text: str) -> None:
    _same_as_tomllib(text)
