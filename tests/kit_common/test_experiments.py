"""An experiment as data: its definition is checked, it samples from its exact law, and a
class's counts are held against the law (chi-square against closed forms)."""

from __future__ import annotations

import json
import math
import random
import re
from fractions import Fraction as F

import pytest

from kit_common.errors import InputError
from kit_common.experiments import Experiment, Trial, parse_law

THIRDS = ((0, F(1, 3)), (1, F(1, 3)), (2, F(1, 3)))


def experiment(law: object = THIRDS, name: object = "thirds") -> Experiment:
    return Experiment(name, "Thirds", "Roll a die; 1-2 is 0, 3-4 is 1, 5-6 is 2.", "points", law)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("law", "name", "field", "words"),
    [
        (THIRDS, "a b", "name", "an experiment's name is 1 to 64"),
        (THIRDS, "x" * 65, "name", "an experiment's name"),
        (((0, F(1)),), "one", "law", "at least two outcomes"),
        (((0, 0.5), (1, F(1, 2))), "float", "law[0]", "an exact Fraction above 0"),
        (((0, F(0)), (1, F(1))), "zero", "law[0]", "an exact Fraction above 0"),
        (((1, F(1, 2)), (0, F(1, 2))), "order", "law[1]", "larger than the one before it"),
        (((0, F(1, 2)), ("1", F(1, 2))), "text", "law[1]", "got '1'"),
        (((0, F(1, 2)), (1, F(1, 3))), "sum", "law", "add up to 5/6, not to 1"),
        ([(0, F(1, 2)), (1, F(1, 2))], "list", "law", "at least two outcomes"),
    ],
)
def test_a_bad_definition_is_refused_with_a_sentence(
    law: object, name: str, field: str, words: str
) -> None:
    with pytest.raises(InputError) as refused:
        experiment(law, name)
    assert refused.value.field == field and words in str(refused.value)


def test_impossible_outcomes_are_left_out_and_the_mean_is_exact() -> None:
    made = Experiment.from_probabilities("e", "E", "one trial", "points", [F(1, 4), F(0), F(3, 4)])
    assert made.outcomes == (0, 2) and made.mean == F(3, 2)
    assert made.probability(1) == 0 and made.probability(2) == F(3, 4)
    by_dict = Experiment.from_probabilities(
        "e", "E", "one trial", "points", {5: F(1, 2), 3: F(1, 2)}
    )
    assert by_dict.law == ((3, F(1, 2)), (5, F(1, 2)))


class Draws(random.Random):
    """A stand-in generator whose `randrange` gives the draws listed, in order."""

    def __init__(self, draws: list[int]) -> None:
        super().__init__(0)
        self.draws = draws

    def randrange(self, stop: int, *args: object, **kwargs: object) -> int:  # type: ignore[override]
        assert stop == 6  # the common denominator of 1/3, 1/2 and 1/6
        return self.draws.pop(0)


def test_a_trial_is_drawn_from_the_exact_law() -> None:
    law = experiment(((0, F(1, 3)), (1, F(1, 2)), (2, F(1, 6))), "sixths")
    every_draw = Draws(list(range(6)))
    assert [law.sample(every_draw) for _ in range(6)] == [0, 0, 1, 1, 1, 2]
    rng = random.Random(7)
    seen = [law.sample(rng) for _ in range(6000)]
    test = law.compare({k: seen.count(k) for k in (0, 1, 2)}).test
    assert test is not None and test.p_value > 0.001


def test_a_trial_on_screen_is_played_when_the_experiment_says_how() -> None:
    """`do` plays the experiment's own trial (with its picture), draws from the law without
    one, and refuses an outcome the law does not know (a definition's mistake) in words."""
    drawn = experiment().do(random.Random(1))
    assert drawn.outcome in (0, 1, 2) and drawn.picture == ""
    faces = {1: 0, 2: 0, 3: 1, 4: 1, 5: 2, 6: 2}
    played = Experiment.from_probabilities(
        "die-thirds",
        "Thirds",
        "Roll a die.",
        "points",
        [F(1, 3)] * 3,
        play=lambda rng: Trial(faces[face := rng.randint(1, 6)], f"<p>face {face}</p>"),
    )
    trial = played.do(random.Random(3))
    face = random.Random(3).randint(1, 6)
    assert trial == Trial(faces[face], f"<p>face {face}</p>")
    wrong = Experiment.from_probabilities(
        "wrong", "Wrong", "Roll.", "points", [F(1, 2)] * 2, play=lambda rng: Trial(5)
    )
    with pytest.raises(InputError, match=r"play: is not an outcome of the experiment \(0, 1\): 5"):
        wrong.do(random.Random(1))


def test_the_class_is_held_against_the_law() -> None:
    thirds = experiment()
    result = thirds.compare({0: 10, 1: 20, 2: 30})
    assert result.observed == (10, 20, 30) and result.expected == (20, 20, 20)
    assert result.trials == 60 and result.mean == pytest.approx(80 / 60)
    assert result.exact_mean == 1
    assert result.test is not None and result.test.df == 2
    # (10 - 20)²/20 + 0 + (30 - 20)²/20 = 10; with 2 degrees of freedom P(X >= x) = e^(-x/2)
    assert result.test.statistic == pytest.approx(10)
    assert result.test.p_value == pytest.approx(math.exp(-5), rel=1e-9)


def test_rare_outcomes_are_grouped_with_their_neighbours() -> None:
    law = experiment(((0, F(1, 2)), (1, F(1, 100)), (2, F(48, 100)), (3, F(1, 100))), "rare")
    # 100 trials expect 50, 1, 48, 1: the 1 joins the 48 after it, the last 1 the group before
    assert law.groups(100) == [[0], [1, 2, 3]]
    assert law.groups(1000) == [[0], [1], [2], [3]]
    assert law.groups(4) == [[0, 1, 2, 3]]
    assert law.compare({0: 2, 2: 2}).test is None  # too few trials for two groups
    labelled = law.compare({0: 50, 1: 2, 2: 47, 3: 1}).test
    assert (
        labelled is not None and labelled.labels == ("0", "1–3") and labelled.observed == (50, 50)
    )
    assert labelled.statistic == pytest.approx(0) and labelled.df == 1


def test_counts_that_are_not_the_experiments_are_refused() -> None:
    thirds = experiment()
    with pytest.raises(InputError, match=r"^counts\[3\]: is not an outcome of the experiment"):
        thirds.compare({3: 1})
    with pytest.raises(InputError, match=r"^counts\[0\]: a count is a whole number"):
        thirds.compare({0: -1})
    with pytest.raises(InputError, match=r"^counts\[0\]: a count is a whole number"):
        thirds.compare({0: 1.0})  # type: ignore[dict-item]


def test_a_law_typed_as_text_is_exact_or_refused_naming_the_line() -> None:
    assert parse_law("2: 1/4\n\n0 = 1/4\n 1 :2/4 ") == ((0, F(1, 4)), (1, F(1, 2)), (2, F(1, 4)))
    refused = [
        (
            "0: 1/2\n1: 1/3",
            "The outcomes and their probabilities: the probabilities add up"
            " to 5/6, not to 1: 1/6 is missing",
        ),
        ("0: 1/2\n1: 2/3", "add up to 7/6, 1/6 more than 1"),
        ("0: 1/2\nheads: 1/2", "Line 2: write an outcome"),
        ("0: 1/2\n1: 0.5", "Line 2: write an outcome"),
        ("0: 1/0\n1: 1", "Line 1: a fraction cannot have 0 below the line"),
        ("0: 3/2\n1: 1/2", "Line 1: a probability is above 0 and at most 1, got 3/2"),
        ("0: 1/2\n0: 1/2", "Line 2: the outcome 0 is listed twice"),
        ("0: 1", "list at least two outcomes, one a line; got 1"),
        # a text longer than the page's field takes is refused by its length, unread
        (
            "0: 1/2\n1: 1/2" + " " * 40_000,
            "The outcomes and their probabilities: must be at most 40,000 characters long,"
            " got 40,013",
        ),
    ]
    for text, words in refused:
        with pytest.raises(InputError, match=re.escape(words)):
            parse_law(text)


def test_an_experiment_is_kept_as_its_definition_and_built_again() -> None:
    die = Experiment.from_probabilities(
        "die", "One die", "Roll a die.", "face", {k: F(1, 6) for k in range(1, 7)}
    )
    definition = die.definition()
    assert definition["law"] == [[k, "1/6"] for k in range(1, 7)]
    assert Experiment.from_definition("die", json.loads(json.dumps(definition))) == die
    with pytest.raises(InputError, match=r"law\[1\]"):
        Experiment.from_definition("die", {**definition, "law": [[1, "1/2"], [2, "x"]]})
    with pytest.raises(InputError, match="add up to 2/3"):
        Experiment.from_definition("die", {**definition, "law": definition["law"][2:]})  # type: ignore[index]
