"""Vectorised simulation against the exact distributions, seeded, with confidence intervals;
game symmetry under the round-completion rule."""

import io
import math

import numpy as np
import pytest

from martian_kit.dice import FaceCounts
from martian_kit.simulate import (
    TextProgress,
    play_turns,
    resolve_ties,
    simulate_games,
    simulate_turns,
    tournament,
)
from martian_kit.solver.distribution import score_distribution
from martian_kit.strategies import (
    cautious_policy,
    expected_score_policy,
    greedy_policy,
    random_table_policy,
)
from tests.goodness_of_fit import assert_fits

POLICIES = [expected_score_policy, cautious_policy, greedy_policy, random_table_policy]


@pytest.mark.parametrize("make", POLICIES)
def test_turn_means_within_interval_and_chi_square(make):
    policy = make()
    exact = score_distribution(policy)
    sim = simulate_turns(policy, 60_000, seed=7)
    half = 3.3 * exact.sd / math.sqrt(sim.turns)  # 99.9 % band around the exact mean
    assert abs(sim.mean - exact.mean) <= half
    # The reported 95 % interval is the right one: centred on the sample mean and 2 × 1.96
    # standard errors wide (the sample sd of 60 000 turns is within 2 % of the exact sd). It
    # misses the exact mean for 1 seed in 20 by design, so containment is checked above, at
    # the 99.9 % level, instead.
    lo, hi = sim.ci95.low, sim.ci95.high
    assert (lo + hi) / 2 == pytest.approx(sim.mean, abs=1e-12)
    assert hi - lo == pytest.approx(2 * 1.959964 * exact.sd / math.sqrt(sim.turns), rel=0.02)
    assert_fits(sim.score_counts, exact.probs)
    lost = sim.lost_to_tanks / sim.turns
    assert abs(lost - exact.p_tanks_won) <= 3.3 * math.sqrt(
        exact.p_tanks_won * (1 - exact.p_tanks_won) / sim.turns
    )
    for end, p in exact.ends.items():
        assert abs(sim.ends[end] / sim.turns - p) <= 3.3 * math.sqrt(p * (1 - p) / sim.turns) + 1e-9


def test_seeded_runs_repeat():
    a = simulate_turns(cautious_policy(), 5000, seed=3)
    b = simulate_turns(cautious_policy(), 5000, seed=3)
    assert a == b


def test_turn_bookkeeping_is_consistent():
    batch = play_turns(expected_score_policy(), 20_000, np.random.default_rng(1))
    # Dice set aside never exceed 13, scores never exceed 16, lost turns score 0.
    assert (batch.rays_taken + batch.earthlings_taken <= 13).all()
    assert (batch.score <= 16).all()
    assert (batch.score[batch.lost] == 0).all()
    assert (batch.score[batch.bonus] >= 6).all()
    assert (batch.rolled.sum(axis=1) >= 13).all()  # the first roll throws all 13 dice


def test_two_copies_win_half_the_games():
    # Score-blind policies: seat 1 moves first but seat 2 always gets the same number of turns.
    policy = cautious_policy(5)
    sim = simulate_games([policy, policy], 200_000, seed=11)
    lo, hi = sim.win_ci95[0].low, sim.win_ci95[0].high
    assert sum(sim.wins) == sim.games
    assert abs(sim.win_rate[0] - 0.5) < 3.3 * math.sqrt(0.25 / sim.games)
    # The 95 % interval of the rate is the right one (at 200 000 games the Wilson interval is
    # the textbook p ± 1.96 sqrt(p(1 − p)/n) to 4 digits); it is not expected to hold 0.5 for
    # every seed, which the 99.9 % band above checks instead.
    rate = sim.win_rate[0]
    assert (lo + hi) / 2 == pytest.approx(rate, abs=1e-5)
    assert hi - lo == pytest.approx(
        2 * 1.959964 * math.sqrt(rate * (1 - rate) / sim.games), rel=1e-3
    )


def test_ties_are_broken_fairly():
    totals = np.tile(np.array([[25, 25, 10]]), (30_000, 1))
    winners, needed = resolve_ties(totals, np.random.default_rng(4))
    assert needed.all()
    assert set(np.unique(winners)) == {0, 1}
    assert abs((winners == 0).mean() - 0.5) < 3.3 * math.sqrt(0.25 / 30_000)


def test_tournament_rotates_seats_and_counts():
    result = tournament([expected_score_policy(), greedy_policy()], 2000, seed=5)
    assert sum(result.wins) == 2000
    assert result.win_rate[0] > result.win_rate[1]
    st = result.stats[0]
    assert st["points"] / st["turns"] == pytest.approx(3.11, abs=0.15)
    assert result.stats[1]["bonuses"] <= result.stats[1]["turns"]


def test_fast_games_agree_with_detailed_tournament():
    a = simulate_games([expected_score_policy(), cautious_policy(4)], 40_000, seed=1)
    b = tournament([expected_score_policy(), cautious_policy(4)], 40_000, seed=2)
    # Same players; the tournament rotates seats, so compare the first player's overall rate
    # with the fixed-seat rate averaged over both seatings.
    c = simulate_games([cautious_policy(4), expected_score_policy()], 40_000, seed=3)
    fixed = (a.win_rate[0] + c.win_rate[1]) / 2
    assert abs(fixed - b.win_rate[0]) < 3.3 * math.sqrt(0.25 / 40_000) * 1.5


def test_progress_printer():
    out = io.StringIO()
    bar = TextProgress("turns", stream=out, interval=0)
    simulate_turns(greedy_policy(), 1000, seed=1, progress=bar, chunk=250)
    text = out.getvalue()
    assert "turns: 100% (1000/1000)\n" in text
    assert text.count("\r") == 4


@pytest.mark.parametrize("make", [expected_score_policy, cautious_policy, greedy_policy])
def test_lean_turn_scores_match_the_exact_distribution(make):
    from martian_kit.simulate import turn_scores

    policy = make()
    exact = np.array(score_distribution(policy).probs)
    scores = turn_scores(policy, 60_000, np.random.default_rng(21))
    assert_fits(np.bincount(scores, minlength=17), exact)
    sd = math.sqrt((exact * (np.arange(17) - exact @ np.arange(17)) ** 2).sum())
    assert abs(scores.mean() - exact @ np.arange(17)) <= 3.3 * sd / math.sqrt(len(scores))


def test_alias_sampling_matches_outcome_probabilities():
    from martian_kit.simulate import sample_outcomes, sim_tables
    from martian_kit.solver.model import compact_model, compress, turn_model

    t = sim_tables()
    fresh = turn_model().fresh
    # The slot sampled from is a fresh turn's (13 dice left, nothing set aside), and the
    # solvers' compact numbering maps their fresh turn back to that same slot.
    assert fresh == compress(FaceCounts()).slot
    assert compact_model().slot_of_id[compact_model().fresh] == fresh
    pairs = sample_outcomes(t, np.full(200_000, fresh), np.random.default_rng(8))
    level = turn_model().levels[13]
    counts = np.bincount(pairs - t.pair_base[fresh], minlength=len(level.prob))
    assert_fits(counts, level.prob)


def test_tournament_with_game_aware_policies():
    from martian_kit.policies import policy_by_name

    result = tournament([policy_by_name("win"), expected_score_policy()], 40_000, seed=9)
    # Exact: win-optimal vs expected-score optimal, averaged over both seats, is about 0.521.
    lo, hi = result.win_ci95[0].low, result.win_ci95[0].high
    assert lo < 0.521 + 0.004 and hi > 0.521 - 0.004
    assert not result.detailed
    assert result.stats[0]["turns"] > 0 and set(result.stats[0]) == {"turns", "points"}
