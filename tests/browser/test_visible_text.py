"""The raw-value detector: it finds Python values and leaves prose and tables alone.

A plain unit test (no browser): it sits here beside the detector the browser tests use.
"""

from __future__ import annotations

import pytest

from tests.browser.visible_text import raw_values


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("<martian_kit.widgets.roll.RollApp object at 0x7f3a2c1d9e50>", "object repr"),
        ("{<Face.TANK: 'tank'>: Fraction(1, 6)}", "enum repr"),
        ("{<Face.TANK: 'tank'>: Fraction(1, 6)}", "Fraction"),
        ("Fraction(3604361042435649893, 666334875701477376)", "Fraction"),
        ("FaceCounts(tank=2, ray=1, human=0, cow=0, chicken=0)", "value repr"),
        ("Gain(dna='blue', amount=2, rare=None): 1/3", "value repr"),
        ("Rate(share=0.0, low=3.469446951953614e-18, high=0.2)", "value repr"),
        ("(('first_roll', 'must_choose'))", "tuple or list"),
        ("[('random', 0.567, 1.382, 0.795), ('greedy', 0.4, 1.1, 0.7)]", "tuple or list"),
        ("(6, ((2,), (), (1,), (0,)), (38, 27, 40), (2,))", "tuple or list"),
        ("(Fraction(26, 9), 1.699673171197595)", "long float"),
        ("mean 1.699673171197595 per turn", "long float"),
        ("[1, 2, 3]", "tuple or list"),
        ("(2,)", "one-element tuple"),
        ("held: ()", "empty container"),
        ("{'tank': 2, 'ray': 1}", "dict"),
        ("{1: 0.5, 2: 0.5}", "dict"),
        ("legal: True", "True/False/None"),
        ("winner: None", "True/False/None"),
        ("3.469446951953614e-18", "long float"),
    ],
)
def test_raw_values_are_found(text: str, kind: str) -> None:
    found = raw_values(text)
    assert any(f.startswith(kind + ":") for f in found), found


@pytest.mark.parametrize(
    "text",
    [
        "5/36 (13.9%)",
        "2 Tanks, 1 Death Ray",
        "(seat 1)",
        "Ann (seat 1) rolls 13 dice (2 Tanks, 5 Death Rays)",
        "Probability\n1/6 (16.7%)\n< 0.1%",
        "Round 1, Ann: 2 Tanks — 4 points (total 4)",
        "The expected score is 26/9, about 2.89 points.",
        "Yes, the Tanks win: a true statement, none of the Humans count.",
        "Mean 1.6997 points; 95% interval 1.65 to 1.75",
        "Face\tProbability\nTank\t1/6 (16.7%)\nDeath Ray\t1/3 (33.3%)",
        "Ann 24, Bob 19 (after round 8)",
        "the [Rules card] and (optional) notes",
        "Score: 12 — 3 Humans + 3 Cows + 3 Chickens + bonus 3",
        "priced $5, $4, $3 and $2",
        "Seed 12345 gives the same dice",
        "f(x) = x/6",
    ],
)
def test_prose_and_tables_are_not_flagged(text: str) -> None:
    assert raw_values(text) == []
