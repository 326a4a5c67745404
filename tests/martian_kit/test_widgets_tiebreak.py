"""Tie-break odds: exact Markov chain on "how many are still tied" vs hand formulas and the
engine playing roll-offs; the roll-off widget."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import product

from martian_kit.game import tiebreak_distribution
from martian_kit.odds import tiebreak_odds
from martian_kit.widgets.tiebreak import RollOff, break_tie, rolloffs_needed, still_tied

P = [p for _, p in tiebreak_distribution()]


def test_two_players_by_hand():
    same = sum(p * p for p in P)
    assert still_tied(2) == (0, 1 - same, same)
    assert tiebreak_odds(2).expected_rolloffs == 1 / (1 - same)
    assert tiebreak_odds(2).p_tie_again == same
    assert rolloffs_needed(2, 3)[1:] == (1 - same, same * (1 - same), same**2 * (1 - same))


def test_three_players_by_enumerating_every_roll_off():
    counts = [Fraction(0)] * 4
    for rays in product(range(7), repeat=3):
        p = P[rays[0]] * P[rays[1]] * P[rays[2]]
        counts[rays.count(max(rays))] += p
    assert tuple(counts) == still_tied(3)


def test_rolloffs_needed_agrees_with_the_odds_module():
    for k in range(2, 11):
        q = rolloffs_needed(k, 40)
        assert 1 - sum(q) < Fraction(1, 10**12)
        mean = sum(m * p for m, p in enumerate(q))
        assert abs(mean - tiebreak_odds(k).expected_rolloffs) < Fraction(1, 10**9)
        assert q[1] == 1 - tiebreak_odds(k).p_tie_again == still_tied(k)[1]


def test_engine_roll_offs_match_the_odds():
    rng = random.Random(5)
    n = 3000
    lengths = [len(break_tie(4, rng).rolloffs) for _ in range(n)]
    share = sum(x == 1 for x in lengths) / n
    p = float(still_tied(4)[1])
    assert abs(share - p) < 5 * (p * (1 - p) / n) ** 0.5


def test_rolloff_widget_tallies_and_draws():
    app = RollOff(players=2, seed=3)
    assert app.summary() == "2 tied players; 0 tie-breaks played"
    app.roll_button.click()
    state = app.last_game
    assert state is not None and state.winner in (0, 1)
    assert app.last.value.count("<tr>") == len(state.rolloffs)
    assert "wins after" in app.last.value
    app.more_button.click()
    assert sum(app.tally) == 101
    ys = app.figure.data[1].y
    assert abs(sum(y for y in ys) - sum(app.tally[1:9]) / 101) < 1e-12
    assert list(app.figure.data[0].y) == [float(p) for p in rolloffs_needed(2, 8)[1:]]
    app.players.value = 5
    assert sum(app.tally) == 0 and "5 players" in app.figure.layout.title.text
