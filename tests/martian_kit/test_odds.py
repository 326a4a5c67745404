"""Exact odds against hand-worked values and seeded simulations of the engine."""

import random
from fractions import Fraction
from math import comb, sqrt

import numpy as np
import pytest

from martian_kit.dice import Face, FaceCounts, roll, roll_distribution
from martian_kit.odds import (
    face_count_distribution,
    p_faces,
    p_no_choice,
    p_tanks_beat_rays,
    roll_array,
    tiebreak_odds,
)
from martian_kit.solver.reference import p_turn_saved
from martian_kit.turn import legal_takes


def within_ci(p: float, hits: int, n: int, z: float = 3.3) -> bool:
    """Is an exact chance p inside the (generous, ~99.9 %) interval of hits/n?"""
    return abs(hits / n - p) <= z * sqrt(p * (1 - p) / n) + 1e-12


@pytest.mark.parametrize("n", [0, 1, 2, 6, 13])
def test_roll_array_is_roll_distribution_as_floats(n):
    counts, probs = roll_array(n)
    dist = roll_distribution(n)
    assert [tuple(c) for c in counts] == [tuple(c) for c, _ in dist]
    assert probs.tolist() == [float(p) for _, p in dist]
    assert probs.sum() == pytest.approx(1.0, abs=1e-14)


@pytest.mark.parametrize("face,p", [(Face.TANK, Fraction(1, 6)), (Face.RAY, Fraction(1, 3))])
def test_face_counts_are_binomial(face, p):
    for n in (1, 5, 13):
        for k in range(n + 1):
            assert p_faces(n, face, k) == comb(n, k) * p**k * (1 - p) ** (n - k)
    assert sum(face_count_distribution(13, face)) == 1
    assert p_faces(3, face, 4) == 0


def test_tanks_beat_rays_hand_worked():
    assert p_tanks_beat_rays(1) == Fraction(1, 6)
    # Two dice: both Tanks (1/36), or one Tank and one earthling (2 * 1/6 * 3/6).
    assert p_tanks_beat_rays(2) == Fraction(1, 36) + Fraction(6, 36)


def test_tanks_beat_rays_vs_simulation():
    rng = random.Random(11)
    n = 20000
    hits = sum(1 for _ in range(n) if (lambda c: c.tank > c.ray)(roll(13, rng)))
    assert within_ci(float(p_tanks_beat_rays(13)), hits, n)


def test_no_choice_hand_worked():
    assert p_no_choice() == Fraction(1, 6**13)  # only all-Tanks leaves nothing to take
    all_kinds = FaceCounts(tank=1, ray=2, human=3, cow=3, chicken=2)  # 2 dice left
    assert p_no_choice(all_kinds) == Fraction(4, 6) ** 2  # no Death Ray among 2 dice


def test_no_choice_vs_simulation():
    state = FaceCounts(ray=3, human=2, cow=1)  # 7 dice left, Humans and Cows taken
    rng = random.Random(5)
    n = 20000
    hits = 0
    for _ in range(n):
        c = roll(7, rng)
        hits += not legal_takes(state.add(Face.TANK, c.tank), c._replace(tank=0))
    assert within_ci(float(p_no_choice(state)), hits, n)


def test_turn_saved_hand_worked():
    # One die left, Tanks one ahead: only a Death Ray (2 sides of 6) saves the turn.
    assert p_turn_saved(FaceCounts(tank=4, ray=3, human=5)) == Fraction(1, 3)
    assert p_turn_saved(FaceCounts(tank=3, ray=3, human=6)) == 1
    # Two behind with one die: hopeless.
    assert p_turn_saved(FaceCounts(tank=5, ray=3, human=4)) == 0
    # Two dice, one Tank ahead, every earthling kind taken (earthlings are dead dice): two
    # Death Rays (4/36) or a Death Ray and an earthling (12/36) save it; a Death Ray with a
    # Tank leaves 5 Tanks against 4, anything else leaves no Death Ray.
    assert p_turn_saved(FaceCounts(tank=4, ray=3, human=2, cow=1, chicken=1)) == Fraction(16, 36)


@pytest.mark.parametrize("players", range(2, 11))
def test_tiebreak_is_fair_and_consistent(players):
    odds = tiebreak_odds(players)
    assert odds.p_win == Fraction(1, players)
    assert 0 < odds.p_win_first < Fraction(1, players)
    assert odds.p_win_first * players + odds.p_tie_again == 1


def test_tiebreak_two_players_hand_worked():
    rays = face_count_distribution(6, Face.RAY)
    tie = sum(p * p for p in rays)
    odds = tiebreak_odds(2)
    assert odds.p_tie_again == tie
    assert odds.expected_rolloffs == 1 / (1 - tie)


def test_tiebreak_vs_simulation():
    rng = np.random.default_rng(3)
    n = 40000
    rays = rng.binomial(6, 1 / 3, size=(n, 3))  # only a cross-check of the exact numbers
    top = rays.max(axis=1)
    alone = (rays == top[:, None]).sum(axis=1) == 1
    assert within_ci(float(1 - tiebreak_odds(3).p_tie_again), int(alone.sum()), n)
