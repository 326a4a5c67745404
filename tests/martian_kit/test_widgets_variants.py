"""Page 9, "How the rules shape the game": its app, and every number it shows checked against
an independent route: the plain-Python turn solver (fewer dice), the forward score
distribution of the optimal table policy (13 dice), and games simulated by plainly written
rules (target, end rule, last turn, roll-off) with an interval for the first player's chance."""

from __future__ import annotations

import numpy as np
import pytest

from martian_kit.solver.distribution import score_distribution
from martian_kit.solver.game import (
    FIRST,
    SECOND,
    last_turn_payoff,
    optimal_score_distributions,
    variant_table,
)
from martian_kit.solver.reference import exact_turn_value
from martian_kit.solver.variant_summary import stop_map, stop_map_state, summarise, turn_numbers
from martian_kit.strategies import expected_score_policy
from martian_kit.variants import OFFICIAL, Variant
from martian_kit.widgets.variants import RulesExplorer, edge_holder, seat_table


@pytest.mark.parametrize("dice", [6, 7, 8])
def test_turn_numbers_with_fewer_dice_match_the_plain_solver(dice):
    value, probs = turn_numbers(dice)
    exact = float(exact_turn_value(dice=dice))
    assert value == pytest.approx(exact, abs=1e-12)
    assert sum(probs) == pytest.approx(1.0, abs=1e-12)
    assert np.dot(probs, np.arange(len(probs))) == pytest.approx(exact, abs=1e-12)


def test_turn_numbers_with_13_dice_match_the_optimal_policys_distribution():
    value, probs = turn_numbers(13)
    other = score_distribution(expected_score_policy())
    assert value == pytest.approx(other.mean, abs=1e-12)
    assert np.abs(np.array(probs) - np.array(other.probs, dtype=float)).max() < 1e-12


def simulate_first_wins(variant: Variant, games: int, seed: int) -> float:
    """The first player's share of `games` simulated games between two win-optimal players.

    Each turn's score is drawn from the exact score distribution of the win-optimal turn at
    that position; the rest is the rules written out here: the target, the end rule (the round
    completed: the second player's last turn, a tie settled by a fair roll-off; or the first
    there wins at once)."""
    rng = np.random.default_rng(seed)
    table = variant_table(variant)
    target, at_once = variant.target, variant.end == "immediate"
    cells = [(x, y) for x in range(target) for y in range(target)]
    payoffs = [table.payoff(x, y, FIRST) for x, y in cells]
    payoffs += [table.payoff(y, x, SECOND) for x, y in cells]
    if not at_once:
        payoffs += [last_turn_payoff(n) for n in range(len(table.L))]
    payoffs = np.stack(payoffs, axis=1)
    dists = np.concatenate(
        [
            optimal_score_distributions(payoffs[:, i : i + 256], variant.dice)
            for i in range(0, payoffs.shape[1], 256)
        ]
    )
    cdf = np.cumsum(dists, axis=1)
    n = target * target

    def draw(rows: np.ndarray) -> np.ndarray:
        u = rng.random(len(rows))
        return (cdf[rows] < u[:, None]).sum(axis=1)

    first = np.zeros(games, dtype=np.int64)
    second = np.zeros(games, dtype=np.int64)
    winner = np.full(games, -1)
    while (winner < 0).any():
        live = np.nonzero(winner < 0)[0]
        first[live] += draw(first[live] * target + second[live])
        there = live[first[live] >= target]
        if at_once:
            winner[there] = 0
        elif len(there):
            lead = first[there] - second[there]
            last = second[there] + draw(2 * n + lead)
            coin = rng.random(len(there)) < 0.5
            winner[there] = np.where(last > first[there], 1, np.where(last < first[there], 0, coin))
        live = np.nonzero(winner < 0)[0]
        # the second player's turn: row G[y, x] sits at n + x * target + y in `cells` order
        second[live] += draw(n + first[live] * target + second[live])
        winner[live[second[live] >= target]] = 1
    return float((winner == 0).mean())


@pytest.mark.slow
@pytest.mark.parametrize(
    "variant", [OFFICIAL, Variant(end="immediate"), Variant(15, "immediate"), Variant(15, dice=8)]
)
def test_the_first_players_chance_matches_simulated_games(variant):
    games = 60_000
    p = summarise(variant).p_first_wins
    simulated = simulate_first_wins(variant, games, seed=variant.target + variant.dice)
    sd = (p * (1 - p) / games) ** 0.5
    assert abs(simulated - p) < 4 * sd  # 4 standard errors: fails by chance once in 15,000


def test_the_app_opens_on_the_official_rules_and_follows_its_controls():
    app = RulesExplorer()
    assert app.variant == OFFICIAL
    assert "48.4%" in app.summary() and "55.7%" in app.summary()
    assert "3.11 points" in app.text.value and "second player has the edge" in app.text.value
    app.end.value = "immediate"
    assert "first player has the edge" in app.text.value
    app.dice.value = 8
    assert "2.01 points" in app.text.value
    assert len(app.map.data[0].x) == 7  # dice left 1..7 with 8 dice
    assert RulesExplorer().variant == OFFICIAL  # a new app starts afresh


def test_seat_table_and_edges():
    summary = summarise(OFFICIAL)
    html = seat_table(summary)._repr_html_()
    assert "The second player, by 3.2 percentage points" in html
    assert "The first player, by 11.4 percentage points" in html
    assert edge_holder(0.5) == "neither player"


def test_stop_map_cells_are_the_turn_solvers_gains():
    z = stop_map(8, kinds=2, tanks=1)
    assert len(z) == 8 and len(z[0]) == 7
    assert all(v is None for v in z[0])  # two kinds need two earthlings
    state = stop_map_state(8, 3, 2, 2, 1)
    assert state is not None and state.total == 5 and state.tank == 1
    from martian_kit.solver.turn import expected_score_solution

    sol = expected_score_solution(8)
    assert z[2][2] == pytest.approx(sol.roll_value(state) - sol.stop_value(state), abs=1e-15)


def test_a_variant_chosen_in_the_page_is_solved_in_the_background_and_stop_puts_it_back():
    """Issue 30 item 1: a variant not yet solved is solved in the kernel's background; Stop
    ends the solving within a second, and the controls go back to the variant shown."""
    import time

    from kit_common.widgets.stoppable import Outcome
    from martian_kit.solver.variant_summary import is_summarised

    app = RulesExplorer()
    far = Variant(60, "round", 13)
    assert not is_summarised(far)  # (a few seconds of solving: the test stops it)
    update = {"method": "update", "state": {"value": 60}, "buffer_paths": []}
    app.target._handle_msg({"content": {"data": update}, "buffers": []})  # the slider moved
    assert app.work.running and app.target.disabled and app.dice.disabled
    update = {"method": "update", "state": {"value": 8}, "buffer_paths": []}
    app.dice._handle_msg({"content": {"data": update}, "buffers": []})  # a message that raced
    assert app.dice.value == 8 and app.work.running  # not solved: put back at the end
    while app.work._told[0] < 1 and app.work.running:
        time.sleep(0.01)
    clicked = time.monotonic()
    click = {"method": "custom", "content": {"event": "click"}}
    app.work.stop_button._handle_msg({"content": {"data": click}, "buffers": []})
    ended = app.work.wait(10)
    assert ended is not None and time.monotonic() - clicked < 1.0
    assert ended.outcome is Outcome.STOPPED and not is_summarised(far)
    assert app.variant == OFFICIAL == app.summary_now.variant and not app.target.disabled
    assert "still those of" in app.work.status.value and "48.4%" in app.summary()
