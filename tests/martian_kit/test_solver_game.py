"""The 2-player win-probability solver and its shipped table, checked by independent routes:
Bellman consistency of every entry, exact Markov-chain evaluation from forward-propagated
turn-score distributions, symmetry, and the minimax guarantee against every heuristic."""

import numpy as np
import pytest

from martian_kit.game import TARGET
from martian_kit.solver.distribution import score_distribution
from martian_kit.solver.game import (
    FIRST,
    SECOND,
    GameDistributions,
    compute_win_optimal_distributions,
    evaluate_game,
    evaluate_game_both,
    last_turn_payoff,
    load_table,
    mixed_distributions,
    save_table,
    turn_payoff,
    win_optimal_distributions,
    win_probability,
    win_table,
    win_turn_solution,
)
from martian_kit.solver.model import compact_model
from martian_kit.solver.turn import at_least_solution, compact_backward
from martian_kit.strategies import named_table_policies


@pytest.fixture(scope="module")
def table():
    return win_table()


def test_shipped_table_satisfies_the_bellman_equations(table):
    # Every entry equals the value of a fresh turn played for the win probabilities the table
    # itself gives to the positions after it — what a fresh solve converges to.
    payoffs, expected = [], []
    for x in range(TARGET):
        for y in range(TARGET):
            payoffs.append(turn_payoff(table, x, y, FIRST))
            expected.append(table.F[x, y])
            payoffs.append(turn_payoff(table, x, y, SECOND))
            expected.append(table.G[x, y])
    for n in range(1, 20):
        payoffs.append(last_turn_payoff(n))
        expected.append(table.L[n])
    payoffs = np.stack(payoffs, axis=1)
    fresh = compact_model().fresh
    got = np.concatenate(
        [
            compact_backward(payoffs[:, i : i + 256]).roll_values[fresh]
            for i in range(0, payoffs.shape[1], 256)
        ]
    )
    assert np.abs(got - np.array(expected)).max() < 1e-12


def test_the_shipped_win_optimal_distributions_are_computed_again(table):
    fresh, shipped = compute_win_optimal_distributions(table), win_optimal_distributions()
    for got, want in zip(
        (fresh.first, fresh.second, fresh.last), (shipped.first, shipped.second, shipped.last)
    ):
        assert got.shape == want.shape and np.abs(got - want).max() < 1e-15


def test_table_matches_exact_markov_evaluation(table):
    first, second, first_2, _ = evaluate_game_both(win_optimal_distributions())
    assert np.abs(first - table.F).max() < 1e-12
    assert np.abs(second - (1 - table.G.T)).max() < 1e-12
    assert np.abs(first + first_2 - 1).max() < 1e-12  # P(A wins) + P(B wins) = 1


def test_hand_worked_last_turn(table):
    # 16 behind: only a 16 ties (half a chance); 17 or more behind: no chance.
    assert table.L[16] == pytest.approx(at_least_solution(16).fresh_turn_value / 2, abs=1e-15)
    assert win_probability(20, 37, SECOND) == 0.0
    assert win_probability(24, 25, SECOND) == pytest.approx(
        at_least_solution(2).fresh_turn_value
        + (at_least_solution(1).fresh_turn_value - at_least_solution(2).fresh_turn_value) / 2,
        abs=0.05,
    )  # scores 2+ win, a 1 ties (the two optimisations differ slightly, hence the slack)


@pytest.mark.parametrize("name", ["optimal", "cautious", "greedy", "random"])
def test_two_copies_of_a_score_blind_policy_split_evenly(name):
    dist = np.array(score_distribution(named_table_policies()[name]).probs)
    first, _ = evaluate_game(GameDistributions.score_blind(dist))
    assert first[0, 0] == pytest.approx(0.5, abs=1e-12)


@pytest.mark.parametrize("name", ["optimal", "cautious", "cautious-4", "greedy", "random"])
def test_win_optimal_guarantees_the_game_value_against_any_heuristic(table, name):
    heuristic = GameDistributions.score_blind(
        np.array(score_distribution(named_table_policies()[name]).probs)
    )
    best = win_optimal_distributions()
    as_first, _ = evaluate_game(mixed_distributions(best, heuristic))
    as_second, _ = evaluate_game(mixed_distributions(heuristic, best))
    assert as_first[0, 0] >= table.F[0, 0] - 1e-12
    assert 1 - as_second[0, 0] >= 1 - table.F[0, 0] - 1e-12


def test_first_seat_is_slightly_behind(table):
    # The end-of-round rule favours the second seat from 0-0 under best play by both.
    assert 0.45 < table.F[0, 0] < 0.5


def test_turn_solution_for_a_position(table):
    sol = win_turn_solution(20, 22, FIRST)
    assert sol.fresh_turn_value == pytest.approx(table.F[20, 22], abs=1e-12)


def test_bad_positions_and_files_are_refused(tmp_path):
    with pytest.raises(ValueError, match="seat"):
        win_probability(3, 4, "third")
    with pytest.raises(ValueError, match="0 to 24"):
        win_probability(25, 3)
    bad = tmp_path / "bad.npz"
    bad.write_bytes(b"not a table")
    with pytest.raises(ValueError, match="solve-game"):
        load_table(bad)
    good = save_table(win_table(), tmp_path / "t.npz")
    assert np.array_equal(load_table(good).F, win_table().F)
