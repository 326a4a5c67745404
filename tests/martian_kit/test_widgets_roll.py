"""The dice explorer: exact odds from the roll distribution, a seeded tally, the chart."""

from __future__ import annotations

from fractions import Fraction
from math import comb

from martian_kit.dice import FACE_PROBABILITY, FACES, Face, FaceCounts
from martian_kit.explain import explain_next
from martian_kit.messages import CATALOGUE
from martian_kit.odds import face_count_distribution
from martian_kit.turn import Phase, TurnState
from martian_kit.widgets.roll import RollExplorer
from martian_kit.widgets.tiebreak import RollOff


def test_exact_odds_are_binomial():
    explorer = RollExplorer()
    for face in FACES:
        p = FACE_PROBABILITY[face]
        expected = tuple(comb(13, k) * p**k * (1 - p) ** (13 - k) for k in range(14))
        assert explorer.exact(face) == expected
    assert explorer.exact(Face.RAY)[13] == Fraction(1, 3) ** 13


def test_roll_click_shows_dice_and_tallies():
    explorer = RollExplorer(seed=3)
    assert explorer.rolls == 0 and "no roll yet" in explorer.dice.value
    explorer.roll_button.click()
    assert explorer.rolls == 1 and explorer.last.total == 13
    assert explorer.dice.value.count("kit-die") == 13
    shares = explorer.figure.data[1].y
    assert sum(s for s in shares) == 1.0
    assert shares[explorer.last.ray] == 1.0


def test_batches_converge_on_the_exact_odds():
    explorer = RollExplorer(seed=11)
    explorer.batch_buttons[-1].click()
    explorer.batch_buttons[-1].click()
    n = explorer.rolls
    assert n == 2000
    for face in FACES:
        for k, p in enumerate(explorer.exact(face)):
            se = (float(p) * (1 - float(p)) / n) ** 0.5
            assert abs(explorer.observed(face)[k] / n - float(p)) <= 5 * se + 1e-12


def test_face_picker_switches_the_chart():
    explorer = RollExplorer(seed=2)
    explorer.add_rolls(10)
    explorer.face_picker.value = Face.TANK
    assert explorer.figure.layout.title.text == "How many Tanks show among 13 dice"
    assert list(explorer.figure.data[0].y) == [
        float(p) for p in face_count_distribution(13, "tank")
    ]
    assert explorer.figure.data[1].name == "share in 10 rolls"


def test_reset_replays_the_same_dice():
    explorer = RollExplorer(seed=4)
    first = explorer.roll()
    explorer.add_rolls(100)
    explorer.reset_button.click()
    assert explorer.rolls == 0 and explorer.last is None
    assert explorer.roll() == first


def test_counts_of_one_read_in_the_singular():
    explorer = RollExplorer(seed=1)
    explorer.add_rolls(1)
    assert explorer.summary().startswith("1 roll of 13 dice so far;")
    assert CATALOGUE.plural("ui.rolls_so_far.n", 2) == "2 rolls of 13 dice so far"
    last_die = TurnState(FaceCounts(tank=1, ray=5, human=3, cow=3), None, Phase.MAY_ROLL_OR_STOP)
    assert explain_next(last_die)[0] == "Now roll the last die, or stop and score."
    tiebreaks = RollOff(players=2, seed=1)
    tiebreaks.break_ties(1)
    assert "1 tie-break played" in tiebreaks.summary()
