"""Exact odds of Martian Dice, all derived from `martian_kit.dice.roll_distribution`.

Two forms of the one distribution: exact `Fraction`s for teaching (`roll_distribution`) and
a float64 array for speed (`roll_array`), converted from those Fractions, never recomputed
from face probabilities of its own. Every query below returns an exact `Fraction`. The
tie-break odds build on `martian_kit.game.tiebreak_distribution` (itself summed from
`roll_distribution(6)`).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from math import comb

import numpy as np

from martian_kit.dice import NUM_DICE, Face, FaceCounts, roll_distribution
from martian_kit.game import MAX_PLAYERS, MIN_PLAYERS, tiebreak_distribution
from martian_kit.messages import message
from martian_kit.turn import legal_takes


@cache
def roll_array(n: int) -> tuple[np.ndarray, np.ndarray]:
    """The outcomes of rolling `n` dice as an (m, 5) int array of face counts (tank, ray,
    human, cow, chicken) and the float64 array of their probabilities — the same outcomes,
    in the same order, as `roll_distribution(n)`. Read-only."""
    dist = roll_distribution(n)
    counts = np.array([tuple(c) for c, _ in dist], dtype=np.int64).reshape(len(dist), 5)
    probs = np.array([float(p) for _, p in dist], dtype=np.float64)
    counts.flags.writeable = False
    probs.flags.writeable = False
    return counts, probs


@cache
def face_count_distribution(n: int, face: Face) -> tuple[Fraction, ...]:
    """P(exactly k dice show `face`) for k = 0..n when rolling `n` dice."""
    face = Face(face)
    out = [Fraction(0)] * (n + 1)
    for c, p in roll_distribution(n):
        out[c[face]] += p
    return tuple(out)


def p_faces(n: int, face: Face, k: int) -> Fraction:
    """P(exactly `k` of `n` rolled dice show `face`), e.g. P(2 Tanks with 13 dice)."""
    dist = face_count_distribution(n, face)
    return dist[k] if 0 <= k <= n else Fraction(0)


def p_tanks_beat_rays(n: int = NUM_DICE) -> Fraction:
    """P(a single roll of `n` dice shows more Tanks than Death Rays)."""
    return sum((p for c, p in roll_distribution(n) if c.tank > c.ray), Fraction(0))


def p_no_choice(set_aside: FaceCounts | None = None) -> Fraction:
    """P(the next roll of the dice left leaves no legal set-aside, ending the turn), given
    what was set aside this turn."""
    set_aside = FaceCounts(*set_aside) if set_aside is not None else FaceCounts()
    total = Fraction(0)
    for c, p in roll_distribution(NUM_DICE - set_aside.total):
        if not legal_takes(set_aside.add(Face.TANK, c.tank), c._replace(tank=0)):
            total += p
    return total


@dataclass(frozen=True)
class TiebreakOdds:
    """Odds of a tie-break roll-off of `players` tied players, each rolling 6 dice.

    `p_win_first` is one player's chance to win the first roll-off outright, `p_tie_again`
    the chance the first roll-off leaves two or more still tied, `p_win` one player's chance
    to win the tie-break in the end (1/players by symmetry, computed, not assumed), and
    `expected_rolloffs` the mean number of roll-offs.
    """

    players: int
    p_win_first: Fraction
    p_tie_again: Fraction
    p_win: Fraction
    expected_rolloffs: Fraction


@cache
def still_tied(k: int) -> tuple[Fraction, ...]:
    """p[j]: the probability that after one roll-off among `k` tied players exactly j of them
    share the most Death Rays (j = 1..k; p[0] is 0). p[1] is the chance the roll-off decides."""
    dist = [p for _, p in tiebreak_distribution()]
    below = [sum(dist[:r], Fraction(0)) for r in range(len(dist))]  # P(fewer than r rays)
    p = [Fraction(0)] * (k + 1)
    for j in range(1, k + 1):
        p[j] = sum(
            (comb(k, j) * dist[r] ** j * below[r] ** (k - j) for r in range(len(dist))),
            Fraction(0),
        )
    return tuple(p)


def rolloffs_needed(k: int, up_to: int) -> tuple[Fraction, ...]:
    """q[m]: the probability that a tie-break among `k` players takes exactly m roll-offs,
    for m = 1..up_to (q[0] is 0; the rest of the probability is beyond `up_to`): a Markov
    chain on how many players are still tied, stepped by `still_tied`."""
    tied = {k: Fraction(1)}  # how many are still tied, with probability
    q = [Fraction(0)] * (up_to + 1)
    for m in range(1, up_to + 1):
        after: dict[int, Fraction] = {}
        for n, pn in tied.items():
            for j, pj in enumerate(still_tied(n)):
                if pj:
                    after[j] = after.get(j, Fraction(0)) + pn * pj
        q[m] = after.pop(1, Fraction(0))
        tied = after
    return tuple(q)


@cache
def tiebreak_odds(players: int) -> TiebreakOdds:
    """Exact roll-off odds for 2 to 10 tied players (6 dice each, most Death Rays wins,
    those still tied roll again)."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(
            message("error.tiebreak_players", low=MIN_PLAYERS, high=MAX_PLAYERS, n=players)
        )
    top = still_tied(players)
    alone = top[1] / players  # one given player alone on top: 1/players of "someone", by symmetry
    # p_win: win now, or be among j >= 2 tied on top and win their tie-break.
    # P(given player among j on top) = top[j] * j / players.
    win = alone
    rolloffs = Fraction(1)
    stay = top[players]  # everybody tied again: the same roll-off starts over
    for j in range(2, players):
        win += top[j] * Fraction(j, players) * tiebreak_odds(j).p_win
        rolloffs += top[j] * tiebreak_odds(j).expected_rolloffs
    # x = win_now + stay * x  ->  x = win_now / (1 - stay); likewise for the roll-off count.
    p_win = win / (1 - stay)
    expected = rolloffs / (1 - stay)
    return TiebreakOdds(players, alone, 1 - top[1], p_win, expected)
